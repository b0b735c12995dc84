//! The variant solver against brute force: random killer puzzles on 4x4 and 6x6 grids,
//! counted by the solver and by trying every Sudoku grid of the shape; every grid the solver
//! returns passes the independent checker.

mod common;

use common::variants::{all_grids, killer};
use dlx_puzzles::sudoku::Shape;
use proptest::prelude::*;

fn check(
    shape: &Shape,
    grids: &[Vec<u8>],
    pick: usize,
    joins: &[u8],
    sumless: &[bool],
    givens: &[bool],
) {
    let puzzle = killer(shape, &grids[pick % grids.len()], joins, sumless, givens);
    let truth = grids
        .iter()
        .filter(|g| puzzle.check_solution(g).is_ok())
        .count() as u64;
    let (count, first) = puzzle.count(u64::MAX);
    assert_eq!(count, truth, "{puzzle:?}");
    let first = first.expect("at least the grid the puzzle was cut from");
    assert_eq!(puzzle.check_solution(&first), Ok(()));
    // A limit stops the count there.
    assert_eq!(puzzle.count(1).0, 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn killers_on_4x4_count_as_brute_force_does(
        pick in 0usize..288,
        joins in prop::collection::vec(0u8..3, 16),
        sumless in prop::collection::vec(prop::bool::weighted(0.2), 16),
        givens in prop::collection::vec(prop::bool::weighted(0.1), 16),
    ) {
        let shape = Shape::standard(4).unwrap();
        let grids = all_grids(&shape, &[]);
        assert_eq!(grids.len(), 288);
        check(&shape, &grids, pick, &joins, &sumless, &givens);
    }
}

/// Every 6x6 grid is too many to list (28,200,960): the 6x6 puzzles give their top two rows,
/// and brute force lists the grids with that top.
#[test]
fn killers_on_6x6_count_as_brute_force_does() {
    let shape = Shape::standard(6).unwrap();
    let all = all_grids(&shape, &[1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3]);
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..40 {
        let pick = next() as usize;
        let joins: Vec<u8> = (0..36).map(|_| (next() % 3) as u8).collect();
        let sumless: Vec<bool> = (0..36).map(|_| next() % 5 == 0).collect();
        // The top two rows are given, so brute force over the grids with that top is the truth.
        let givens: Vec<bool> = (0..36).map(|c| c < 12 || next() % 12 == 0).collect();
        check(&shape, &all, pick, &joins, &sumless, &givens);
    }
}

#[test]
fn a_cage_sum_beyond_its_digits_has_no_solution() {
    // An even sum whose half is no value: the two cells' pair rule must not shift past a mask.
    for text in [
        ".Cage~74~R1C2~R2C1",
        ".Cage~66~R1C1~R1C2",
        ".Sum~70~R1C1~R5C5",
    ] {
        let puzzle = dlx_puzzles::sudoku::variant::read(text).unwrap();
        assert_eq!(puzzle.count(2).0, 0, "{text}");
    }
}
