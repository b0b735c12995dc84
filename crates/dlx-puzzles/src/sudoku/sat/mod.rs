//! Sudoku by the SAT engine ([`dlx_core::sat`], CaDiCaL): for puzzles where a backtracking
//! search re-proves the same dead end in every branch (minimal 25x25 puzzles, jigsaw layouts
//! that admit no grid). Behind the `sat` feature.
//!
//! The clauses are those of the *residual* grid, not of the whole one: the fast path's
//! propagation (naked and hidden singles, locked candidates; [`SolverN::candidates`]) runs first,
//! and only the candidates it leaves become variables, with an exactly-one constraint per open
//! cell and per house and value still open. On a minimal 25x25 puzzle that is a fraction of the
//! 15,625 variables and 750k clauses of the plain encoding. Uniqueness is one more solve, after
//! a clause that excludes the solution found (the solver keeps what it learned).
//!
//! [`check_candidates`] starts from any candidates (where a search stood when it handed over);
//! [`check`] and [`solve`] start from givens. On a grid without givens, values are
//! interchangeable, so the first row is fixed to `1..=n` before solving; and whenever two values
//! appear in no given, one solution implies another (the two swapped), so a solution found means
//! `multiple` without a second solve.
//!
//! Every grid found is checked with [`validate`] (and against the candidates it came from)
//! before it is returned.

mod residual;

use dlx_core::sat::{self, Search};
use dlx_core::{Status, Stop};
use thiserror::Error;

use super::fastn::{SolverN, MAX_SIDE};
use super::givens::GivensError;
use super::puzzle::Verdict;
use super::shape::{Cell, Shape};
use super::validate::{validate, Invalid};
use residual::residual;

/// How far to go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The first solution.
    Solve,
    /// Whether there are none, one or more solutions (stops at the second).
    Check,
}

/// What the SAT path found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The verdict, when it is known: always for a finished [`Goal::Check`]; for
    /// [`Goal::Solve`] `none`, or `multiple` when the givens tell that one solution implies
    /// two, else not known (`None`). `None` also when a stop came first.
    pub verdict: Option<Verdict>,
    /// The first solution found: `n²` values, row by row.
    pub solution: Option<Vec<u16>>,
    /// Why the run ended before its answer, if a [`Stop`] ended it.
    pub stopped: Option<dlx_core::StopReason>,
    /// The SAT engine's work (zero when propagation alone answered).
    pub stats: sat::Stats,
}

/// Why the SAT path could not answer.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    /// The givens do not fit the shape or clash directly.
    #[error(transparent)]
    Givens(#[from] GivensError),
    /// Candidates that do not have one mask per cell.
    #[error("{found} candidate masks, but the grid has {expected} cells")]
    Length {
        /// `n²`.
        expected: usize,
        /// Masks given.
        found: usize,
    },
    /// The side is above the largest the candidate masks hold.
    #[error("the SAT path solves grids up to {MAX_SIDE}x{MAX_SIDE}, not {size}x{size}")]
    TooLarge {
        /// The side.
        size: usize,
    },
    /// The SAT engine failed.
    #[error(transparent)]
    Sat(#[from] sat::Error),
    /// A grid found is not a solution (a failure of the engine, never of the puzzle).
    #[error("the SAT path found a grid that is not a solution: {0}")]
    Invalid(Invalid),
    /// A grid found puts in a cell a value that was not among its candidates (a failure of the
    /// engine, never of the puzzle).
    #[error("the SAT path put {value} at {cell}, which was not among its candidates")]
    NotACandidate {
        /// The cell.
        cell: Cell,
        /// The value found there.
        value: u16,
    },
}

/// The first solution of the puzzle `givens` (`n²` values row by row, 0 for empty) on `shape`.
pub fn solve(shape: &Shape, givens: &[u16], stop: Stop) -> Result<Outcome, Error> {
    run(shape, givens, Goal::Solve, stop)
}

/// Whether the puzzle `givens` on `shape` has none, one or more solutions, with the first.
pub fn check(shape: &Shape, givens: &[u16], stop: Stop) -> Result<Outcome, Error> {
    run(shape, givens, Goal::Check, stop)
}

/// [`solve`] or [`check`], as `goal` says.
pub fn run(shape: &Shape, givens: &[u16], goal: Goal, stop: Stop) -> Result<Outcome, Error> {
    let mut fast = SolverN::new(shape).ok_or(Error::TooLarge { size: shape.size() })?;
    run_on(&mut fast, shape, givens, goal, stop)
}

/// Like [`run`], with the propagation of `fast`, a solver made for `shape` (its board is
/// overwritten): a caller that keeps one need not build its tables again.
pub fn run_on(
    fast: &mut SolverN,
    shape: &Shape,
    givens: &[u16],
    goal: Goal,
    stop: Stop,
) -> Result<Outcome, Error> {
    let n = shape.size();
    shape.check_givens(givens)?;
    let empty = givens.iter().all(|&v| v == 0);
    // Values are interchangeable on an empty grid: every solution is a relabelling of one whose
    // first row reads 1..=n.
    let mut start = givens.to_vec();
    if empty && givens.len() == n * n {
        for (cell, value) in start.iter_mut().zip(1..) {
            if value as usize > n {
                break;
            }
            *cell = value;
        }
    }
    let mut candidates = Vec::new();
    // The givens were checked, and a first row of distinct values fits an empty grid.
    if fast.candidates(&start, &mut candidates) != Some(true) {
        return Ok(none());
    }
    // Two values that no given holds can be swapped in any solution: one solution is two.
    let twofold = unused_values(n, givens) >= 2;
    let goal = if twofold { Goal::Solve } else { goal };
    let mut outcome = check_candidates(shape, &candidates, goal, stop)?;
    if let Some(solution) = &outcome.solution {
        validate(shape, givens, solution).map_err(Error::Invalid)?;
        if twofold {
            outcome.verdict = Some(Verdict::Multiple);
        }
    }
    Ok(outcome)
}

/// What the SAT engine says of the grid whose cells may still take `candidates` (one mask per
/// cell, row by row: bit `v - 1` for value `v`; a single bit for a given or placed cell), on
/// `shape`: where a search stood when it handed over.
pub fn check_candidates(
    shape: &Shape,
    candidates: &[u64],
    goal: Goal,
    stop: Stop,
) -> Result<Outcome, Error> {
    let n = shape.size();
    if n > MAX_SIDE {
        return Err(Error::TooLarge { size: n });
    }
    if candidates.len() != n * n {
        return Err(Error::Length {
            expected: n * n,
            found: candidates.len(),
        });
    }
    let Some(residual) = residual(shape, candidates) else {
        return Ok(none());
    };
    let found = |grid: Vec<u16>| -> Result<Vec<u16>, Error> {
        validate(shape, &vec![0; n * n], &grid).map_err(Error::Invalid)?;
        match (0..n * n).find(|&k| candidates[k] >> (grid[k] - 1) & 1 == 0) {
            Some(cell) => Err(Error::NotACandidate {
                cell: Cell::from_index(cell, n),
                value: grid[cell],
            }),
            None => Ok(grid),
        }
    };
    let Some(problem) = &residual.problem else {
        // Every cell is settled: the one grid, if it is one.
        let grid = found(residual.grid(&[]))?;
        return Ok(Outcome {
            verdict: Some(Verdict::Unique),
            solution: Some(grid),
            stopped: None,
            stats: sat::Stats::default(),
        });
    };
    let mut search = Search::new(problem)?;
    search.set_stop(stop);
    let mut outcome = Outcome {
        verdict: None,
        solution: None,
        stopped: None,
        stats: sat::Stats::default(),
    };
    let first = search.try_step()?;
    if first == Status::Solution {
        outcome.solution = Some(found(residual.grid(search.solution()))?);
    }
    let second = match (first, goal) {
        (Status::Solution, Goal::Check) => search.try_step()?,
        _ => first,
    };
    outcome.verdict = match (first, second) {
        (Status::Exhausted, _) => Some(Verdict::None),
        (Status::Solution, Status::Exhausted) => Some(Verdict::Unique),
        (Status::Solution, Status::Solution) => Some(Verdict::Multiple),
        _ => None,
    };
    if let Status::Stopped(reason) = second {
        outcome.stopped = Some(reason);
    }
    outcome.stats = search.sat_stats();
    Ok(outcome)
}

/// The outcome of a grid without solution.
fn none() -> Outcome {
    Outcome {
        verdict: Some(Verdict::None),
        solution: None,
        stopped: None,
        stats: sat::Stats::default(),
    }
}

/// How many of the values `1..=n` no given holds.
fn unused_values(n: usize, givens: &[u16]) -> usize {
    let mut used = vec![false; n + 1];
    for &v in givens {
        if let Some(seen) = used.get_mut(usize::from(v)) {
            *seen = true;
        }
    }
    used[1..].iter().filter(|&&u| !u).count()
}
