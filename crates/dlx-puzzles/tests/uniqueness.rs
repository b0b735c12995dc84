//! Solutions are never lost and `check` never says `unique` wrongly: puzzles made by emptying
//! cells of a valid grid keep that grid among their solutions, and on small shapes every
//! verdict and count agrees with a brute-force search written here, apart from the engine.

mod common;

use common::grids::{self, Solved};
use dlx_core::Search;
use dlx_puzzles::sudoku::{validate, Count, GivensError, Shape, Solver, Verdict};
use proptest::prelude::*;

/// The solutions of `givens` counted up to `cap` by plain backtracking: the first empty cell
/// takes, in turn, every value that none of its houses holds yet. Givens that repeat a value
/// in a house have none.
fn brute_force(shape: &Shape, givens: &[u16], cap: u64) -> u64 {
    let houses: Vec<Vec<usize>> = shape.houses().map(|h| shape.cells(h)).collect();
    let mut houses_of = vec![Vec::new(); givens.len()];
    for (h, cells) in houses.iter().enumerate() {
        for &cell in cells {
            houses_of[cell].push(h);
        }
    }
    let n = shape.size();
    // used[h][v]: house h holds value v.
    let mut used = vec![vec![false; n + 1]; houses.len()];
    for (cell, &v) in givens.iter().enumerate().filter(|(_, &v)| v != 0) {
        for &h in &houses_of[cell] {
            if std::mem::replace(&mut used[h][usize::from(v)], true) {
                return 0;
            }
        }
    }
    let empty: Vec<usize> = (0..givens.len()).filter(|&k| givens[k] == 0).collect();
    fn fill(
        empty: &[usize],
        houses_of: &[Vec<usize>],
        used: &mut [Vec<bool>],
        n: usize,
        cap: u64,
    ) -> u64 {
        let Some((&cell, rest)) = empty.split_first() else {
            return 1;
        };
        let mut found = 0;
        for v in 1..=n {
            if houses_of[cell].iter().any(|&h| used[h][v]) {
                continue;
            }
            for &h in &houses_of[cell] {
                used[h][v] = true;
            }
            found += fill(rest, houses_of, used, n, cap - found);
            for &h in &houses_of[cell] {
                used[h][v] = false;
            }
            if found >= cap {
                break;
            }
        }
        found
    }
    fill(&empty, &houses_of, &mut used, n, cap)
}

/// The verdict for a number of solutions.
fn verdict(solutions: u64) -> Verdict {
    match solutions {
        0 => Verdict::None,
        1 => Verdict::Unique,
        _ => Verdict::Multiple,
    }
}

/// Checks every answer of `solver` on `givens` against the brute-force count.
fn agrees_with_brute_force(solver: &mut Solver, givens: &[u16]) -> Result<(), TestCaseError> {
    let shape = solver.shape().clone();
    let truth = brute_force(&shape, givens, 3);
    let check = match solver.check(givens) {
        Err(GivensError::Clash(clash)) => {
            // A direct clash: the brute force finds it too.
            prop_assert_eq!(truth, 0, "{}", clash);
            return Ok(());
        }
        other => other.unwrap(),
    };
    prop_assert_eq!(check.verdict, verdict(truth));
    prop_assert_eq!(check.solution.is_some(), truth > 0);
    if let Some(solution) = &check.solution {
        prop_assert_eq!(validate(&shape, givens, solution), Ok(()));
    }
    let solved = solver.solve(givens).unwrap();
    prop_assert_eq!(solved.is_some(), truth > 0);
    if let Some(solution) = &solved {
        prop_assert_eq!(validate(&shape, givens, solution), Ok(()));
    }
    for limit in 1..=3 {
        count_agrees(solver.count(givens, Some(limit)).unwrap(), truth, limit)?;
    }
    Ok(())
}

/// Checks a count stopped at `limit` against the number of solutions, `truth` (or at least
/// `limit` of them): a count below the limit is the total, and the count says there may be more
/// exactly when it reached the limit, on every path.
fn count_agrees(count: Count, truth: u64, limit: u64) -> Result<(), TestCaseError> {
    prop_assert_eq!(count.solutions, truth.min(limit), "limit {}", limit);
    prop_assert_eq!(count.capped, truth >= limit, "limit {}", limit);
    Ok(())
}

/// Enough solutions to list every one of the puzzles below, nearly always.
const LIMIT: u64 = 2_000;

/// Every solution of `givens` up to `LIMIT`, from the exact-cover model searched directly.
fn all_solutions(shape: &Shape, givens: &[u16]) -> Vec<Vec<u16>> {
    let solver = Solver::general(shape.clone());
    let model = solver.model();
    let mut search = Search::new(model.problem());
    model.start(&mut search, givens).unwrap();
    search.set_limit(Some(LIMIT));
    search
        .solutions()
        .map(|options| model.decode(&options))
        .collect()
}

/// Per size, how many cells to keep: enough that the solutions are few.
fn enough_givens(size: usize) -> std::ops::RangeInclusive<u8> {
    match size {
        0..=9 => 40..=100,
        10..=12 => 65..=100,
        _ => 85..=100,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 96 } else { 800 }))]

    /// Emptying cells of a valid grid keeps it among the solutions; the verdicts and counts of
    /// both solvers say as much.
    #[test]
    fn removing_givens_keeps_the_solution((solved, keep) in grids::puzzle(grids::ALL, enough_givens)) {
        let Solved { grid, .. } = &solved;
        let shape = solved.shape();
        let givens = solved.puzzle(&keep);
        let solutions = all_solutions(&shape, &givens);
        let listed = (solutions.len() as u64) < LIMIT;
        prop_assume!(listed || solutions.contains(grid));
        prop_assert!(solutions.contains(grid));
        for solution in &solutions {
            prop_assert_eq!(validate(&shape, &givens, solution), Ok(()));
        }
        let mut distinct = solutions.clone();
        distinct.sort();
        distinct.dedup();
        prop_assert_eq!(distinct.len(), solutions.len());
        for mut solver in [Solver::new(shape.clone()), Solver::general(shape.clone())] {
            let check = solver.check(&givens).unwrap();
            prop_assert_eq!(check.verdict, verdict(solutions.len() as u64));
            if check.verdict == Verdict::Unique {
                prop_assert_eq!(check.solution.as_ref(), Some(grid));
            }
            let count = solver.count(&givens, Some(LIMIT)).unwrap();
            count_agrees(count, solutions.len() as u64, LIMIT)?;
        }
    }

    /// On small shapes, `check`, `solve` and `count` agree with the brute force: on puzzles cut
    /// from valid grids, and on the same with one cell changed (often no solution at all).
    #[test]
    fn verdicts_agree_with_brute_force(
        (solved, keep) in grids::puzzle(grids::SMALL, |_| 0..=100),
        change in proptest::option::of((any::<prop::sample::Index>(), 1u16..=6)),
    ) {
        let mut givens = solved.puzzle(&keep);
        if let Some((cell, value)) = change {
            let cell = cell.index(givens.len());
            givens[cell] = value.min(solved.size as u16);
        }
        let shape = solved.shape();
        agrees_with_brute_force(&mut Solver::new(shape.clone()), &givens)?;
        agrees_with_brute_force(&mut Solver::general(shape), &givens)?;
    }
}

#[test]
fn the_brute_force_counts_known_totals() {
    let shape = Shape::standard(4).unwrap();
    assert_eq!(brute_force(&shape, &[0; 16], 1000), 288);
    assert_eq!(
        brute_force(&shape.clone().with_diagonals(), &[0; 16], 1000),
        48
    );
    let mut clash = [0; 16];
    (clash[0], clash[5]) = (1, 1);
    assert_eq!(brute_force(&shape, &clash, 1000), 0);
}
