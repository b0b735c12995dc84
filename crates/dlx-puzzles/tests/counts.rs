//! Solution counts known from the literature, for every model.
//!
//! The larger searches are slow without optimizations: they run under `cargo test --release`.
//! The full counts of the bigger pentomino rectangles are checked with Knuth's figures in
//! `shipped.rs`.

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

#[test]
fn queens_up_to_10() {
    for (n, &solutions) in (1..=10).zip(&QUEENS) {
        for order in [Order::OrganPipe, Order::Plain] {
            let queens = Queens::new(n, order).unwrap();
            assert_eq!(count(queens.problem()), solutions, "n={n}, {order:?}");
        }
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow without optimizations: use --release")]
fn queens_11_and_12() {
    for (n, &solutions) in (11..=12).zip(&QUEENS[10..]) {
        for order in [Order::OrganPipe, Order::Plain] {
            let queens = Queens::new(n, order).unwrap();
            assert_eq!(count(queens.problem()), solutions, "n={n}, {order:?}");
        }
    }
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
fn pentominoes_4x15_up_to_symmetry() {
    assert_eq!(pento(rectangle(4, 15), Some('F')), 368);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow without optimizations: use --release")]
fn pentominoes_5x12_up_to_symmetry() {
    assert_eq!(pento(rectangle(5, 12), Some('F')), 1_010);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow without optimizations: use --release")]
fn pentominoes_6x10_up_to_symmetry() {
    assert_eq!(pento(rectangle(6, 10), Some('X')), 2_339);
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
