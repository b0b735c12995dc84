//! Solution counts known from the literature, for every model.
//!
//! The larger searches are slow without optimizations: they run under `cargo test --release`.
//! The full counts of the bigger pentomino rectangles are checked with Knuth's figures in
//! `shipped.rs`.

use std::ops::RangeInclusive;

use dlx_core::{Problem, Search, Status};
use dlx_puzzles::langford::Langford;
use dlx_puzzles::polyomino::{pentominoes, Board, Polyomino, PolyominoError};
use dlx_puzzles::queens::{Order, Queens};

fn count(problem: &Problem) -> u64 {
    let mut search = Search::new(problem);
    assert_eq!(search.count(), Status::Exhausted);
    search.stats().solutions
}

fn pento(board: Board, restrict: Option<char>) -> u64 {
    count(
        Polyomino::new(board, pentominoes(), restrict)
            .unwrap()
            .problem(),
    )
}

fn rectangle(rows: usize, cols: usize) -> Board {
    Board::rectangle(rows, cols).unwrap()
}

fn scott() -> Board {
    Board::parse("########\n########\n########\n###..###\n###..###\n########\n########\n########\n")
        .unwrap()
}

const QUEENS: [u64; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];

/// Counts the solutions of `n` queens, in both item orders, for each `n` of `sizes`.
fn check_queens(sizes: RangeInclusive<usize>) {
    for n in sizes {
        for order in [Order::OrganPipe, Order::Plain] {
            let queens = Queens::new(n, order).unwrap();
            assert_eq!(count(queens.problem()), QUEENS[n - 1], "n={n}, {order:?}");
        }
    }
}

#[test]
fn queens_up_to_10() {
    check_queens(1..=10);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow without optimizations: use --release")]
fn queens_11_and_12() {
    check_queens(11..=12);
}

#[test]
fn langford_small() {
    for (n, solutions) in [
        (1, 0),
        (2, 0),
        (3, 2),
        (4, 2),
        (5, 0),
        (6, 0),
        (7, 52),
        (8, 300),
    ] {
        assert_eq!(
            count(Langford::new(n).unwrap().problem()),
            solutions,
            "n={n}"
        );
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow without optimizations: use --release")]
fn langford_11() {
    assert_eq!(count(Langford::new(11).unwrap().problem()), 35_584);
}

#[test]
fn pentominoes_3x20() {
    assert_eq!(pento(rectangle(3, 20), None), 8);
    assert_eq!(pento(rectangle(3, 20), Some('F')), 2);
    assert_eq!(pento(rectangle(20, 3), Some('Y')), 2);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow without optimizations: use --release")]
fn pentomino_rectangles_up_to_symmetry() {
    for (rows, cols, piece, solutions) in
        [(4, 15, 'F', 368), (5, 12, 'F', 1_010), (6, 10, 'X', 2_339)]
    {
        assert_eq!(
            pento(rectangle(rows, cols), Some(piece)),
            solutions,
            "{rows}x{cols}, {piece} restricted"
        );
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow without optimizations: use --release")]
fn scott_up_to_symmetry() {
    // X cannot be restricted here: centred on a diagonal (row 2, column 2 and its images), it
    // is symmetric under the reflection in that diagonal. F has no symmetry at all.
    assert_eq!(pento(scott(), Some('F')), 65);
}

#[test]
fn restrictions_that_would_count_twice_are_refused() {
    for (board, piece) in [
        (rectangle(3, 20), 'X'),
        (rectangle(4, 15), 'X'),
        (rectangle(5, 12), 'X'),
        (scott(), 'X'),
        (scott(), 'W'),
        (rectangle(8, 8), 'X'),
        (rectangle(8, 8), 'V'),
    ] {
        let error = Polyomino::new(board, pentominoes(), Some(piece)).err();
        assert!(
            matches!(error, Some(PolyominoError::RestrictionNotExact { piece: p, .. }) if p == piece),
            "{piece}: {error:?}"
        );
    }
}
