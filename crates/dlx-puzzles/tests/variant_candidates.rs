//! True candidates against brute force: on random killer puzzles of 4x4 and 6x6 grids, each
//! cell's candidates are the values of the solutions found by trying every grid of the shape
//! (and by enumerating with `Variant::solutions`), each counted as often as those solutions hold
//! it, up to the limit; a stopped run says nothing false and leaves open what it did not settle.

mod common;

use common::variants::{all_grids, killer};
use dlx_core::{Budget, Stop};
use dlx_puzzles::sudoku::variant::{self, candidates, Candidates, Variant};
use dlx_puzzles::sudoku::Shape;
use proptest::prelude::*;

/// For each cell, how many of `solutions` hold each value (index `value - 1`).
fn counts(size: usize, solutions: &[Vec<u8>]) -> Vec<Vec<u64>> {
    let cells = solutions.first().map_or(0, Vec::len);
    let mut counts = vec![vec![0u64; size]; cells];
    for solution in solutions {
        for (cell, &v) in solution.iter().enumerate() {
            counts[cell][usize::from(v) - 1] += 1;
        }
    }
    counts
}

/// What the candidates should be, from every solution's counts, capped at `limit`.
fn expected(counts: &[Vec<u64>], cells: usize, limit: u64) -> Vec<Vec<(u8, u64)>> {
    (0..cells)
        .map(|cell| match counts.get(cell) {
            None => Vec::new(),
            Some(row) => (1..=row.len() as u8)
                .map(|v| (v, row[usize::from(v) - 1].min(limit)))
                .filter(|&(_, count)| count > 0)
                .collect(),
        })
        .collect()
}

/// Checks the candidates of `puzzle` at several limits against `truth`, its every solution.
fn check(puzzle: &Variant, truth: &[Vec<u8>]) {
    let size = puzzle.shape().size();
    let cells = puzzle.shape().cell_count();
    let mut listed = Vec::new();
    let run = puzzle.solutions(u64::MAX, &Stop::new(), |s| {
        listed.push(s.to_vec());
        true
    });
    assert!(run.stopped.is_none());
    listed.sort();
    let mut sorted = truth.to_vec();
    sorted.sort();
    assert_eq!(listed, sorted, "{puzzle:?}");
    let counts = counts(size, truth);
    for limit in [1, 2, 3, 7] {
        // As `Variant::candidates` runs, and with a first search that lists no more than it
        // must, so that candidates are settled by their own searches.
        let first = candidates::FIRST_SOLUTIONS;
        for (found, first) in [
            (puzzle.candidates(limit, &Stop::new()), first),
            (candidates::find(puzzle, limit, 0, &Stop::new()), 0),
        ] {
            assert!(found.is_finished());
            assert_eq!(
                found.per_cell,
                expected(&counts, cells, limit),
                "{puzzle:?}"
            );
            assert!(found.unsettled.iter().all(|&m| m == 0));
            assert_eq!(found.limit, limit);
            let listed = (truth.len() as u64) < (limit + 1).max(first);
            assert_eq!(found.every_solution, listed);
            // A count may stand for more when it does, or it is the limit and not every
            // solution was seen.
            for (cell, list) in found.per_cell.iter().enumerate() {
                for &(v, count) in list {
                    let truth = counts[cell][usize::from(v) - 1];
                    let more = truth > limit || (count == limit && !listed);
                    assert_eq!(found.at_least(cell, v), more, "cell {cell} value {v}");
                }
            }
        }
    }
    if truth.len() == 1 {
        let found = puzzle.candidates(1, &Stop::new());
        assert_eq!(found.searches, 1, "a unique puzzle needs one search");
    }
}

/// Checks that a run of `puzzle` (listing up to `first` solutions first) stopped by `budget` says
/// nothing false: what it found is in
/// the truth with no higher count, and every true candidate it missed is left open.
fn check_stopped(puzzle: &Variant, truth: &[Vec<u8>], budget: u64, limit: u64, first: u64) {
    let size = puzzle.shape().size();
    let counts = counts(size, truth);
    let stop = Stop::new().with_budget(Budget::Nodes(budget));
    let found: Candidates = candidates::find(puzzle, limit, first, &stop);
    assert!(found.effort.guesses <= budget);
    for (cell, list) in found.per_cell.iter().enumerate() {
        for &(v, count) in list {
            let truth = counts[cell][usize::from(v) - 1].min(limit);
            assert!(count <= truth, "cell {cell} value {v}: {count} > {truth}");
            if count < truth {
                assert!(found.at_least(cell, v));
            }
        }
        for v in 1..=size as u8 {
            let truth = counts.get(cell).map_or(0, |row| row[usize::from(v) - 1]);
            let seen = found.masks()[cell] >> (v - 1) & 1 == 1;
            let open = found.unsettled[cell] >> (v - 1) & 1 == 1;
            if truth > 0 && !seen {
                assert!(open, "cell {cell} value {v} is lost");
            }
        }
    }
    if found.is_finished() {
        assert!(found.unsettled.iter().all(|&m| m == 0));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn candidates_of_4x4_killers_are_those_of_every_solution(
        pick in 0usize..288,
        joins in prop::collection::vec(0u8..3, 16),
        sumless in prop::collection::vec(prop::bool::weighted(0.4), 16),
        givens in prop::collection::vec(prop::bool::weighted(0.1), 16),
        budget in 0u64..40,
    ) {
        let shape = Shape::standard(4).unwrap();
        let grids = all_grids(&shape, &[]);
        let puzzle = killer(&shape, &grids[pick % grids.len()], &joins, &sumless, &givens);
        let truth: Vec<Vec<u8>> =
            grids.iter().filter(|g| puzzle.check_solution(g).is_ok()).cloned().collect();
        check(&puzzle, &truth);
        check_stopped(&puzzle, &truth, budget, 2, 0);
        check_stopped(&puzzle, &truth, budget, 2, 8);
    }
}

/// 6x6 puzzles with the top two rows given, so that brute force over the grids with that top
/// is the truth; few sums, so that many have several solutions.
#[test]
fn candidates_of_6x6_killers_are_those_of_every_solution() {
    let shape = Shape::standard(6).unwrap();
    let all = all_grids(&shape, &[1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3]);
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut several = 0;
    for _ in 0..12 {
        let pick = next() as usize;
        let joins: Vec<u8> = (0..36).map(|_| (next() % 3) as u8).collect();
        let sumless: Vec<bool> = (0..36).map(|_| next() % 3 != 0).collect();
        let givens: Vec<bool> = (0..36).map(|c| c < 12 || next() % 15 == 0).collect();
        let puzzle = killer(&shape, &all[pick % all.len()], &joins, &sumless, &givens);
        let truth: Vec<Vec<u8>> = all
            .iter()
            .filter(|g| puzzle.check_solution(g).is_ok())
            .cloned()
            .collect();
        several += usize::from(truth.len() > 1);
        check(&puzzle, &truth);
        check_stopped(&puzzle, &truth, next() % 30, 3, 0);
    }
    assert!(several > 0, "some puzzles should be open");
}

/// A puzzle in ISS's string form, with two given rows of a 4x4 and a cage: its candidates are
/// those of its solutions, and a puzzle with none has none.
#[test]
fn candidates_of_iss_strings() {
    let puzzle = variant::read("12343412........\n\n.Cage~5~R3C1~R3C2").unwrap();
    let shape = Shape::standard(4).unwrap();
    let truth: Vec<Vec<u8>> = all_grids(&shape, &[1, 2, 3, 4, 3, 4, 1, 2])
        .into_iter()
        .filter(|g| puzzle.check_solution(g).is_ok())
        .collect();
    assert!(!truth.is_empty());
    check(&puzzle, &truth);
    let none = variant::read("12343412........\n\n.Cage~4~R3C1~R3C2").unwrap();
    let found = none.candidates(1, &Stop::new());
    assert!(found.is_finished() && found.is_empty());
}
