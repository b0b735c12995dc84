//! Taking givens out of a full grid while the puzzle keeps exactly one solution.
//!
//! The givens are taken out an orbit of the symmetry at a time, in random order, each removal
//! kept only if the solver still proves the puzzle unique (by a search for a solution that
//! differs from the grid in the orbit, which is quicker than a count to two). One pass over the
//! orbits leaves a puzzle from which no orbit can be taken: an orbit that could not go when it
//! was tried cannot go later either, since later puzzles have fewer givens and so at least the
//! solutions that puzzle had. With a symmetry, a single given of a larger orbit may still be
//! removable; `--minimal` asks for every given to be needed, so each is tried alone at the end.

use dlx_core::StopReason;

use super::rng::Rng;
use crate::sudoku::solver::Solver;

/// What the givens must be.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// No given can be taken out (each one removed gives several solutions).
    pub minimal: bool,
    /// Exactly this many givens.
    pub givens: Option<usize>,
}

/// The outcome of one uniqueness check.
enum Check {
    /// Still one solution without the givens.
    Unique,
    /// Several solutions.
    Not,
    /// The budget ran out before the answer was known.
    Unknown,
}

/// Counts checks made, for statistics.
#[derive(Clone, Copy, Debug, Default)]
pub struct Work {
    /// Uniqueness checks made.
    pub checks: u64,
}

/// Whether the orbit's givens can be taken out of `givens` (which hold `grid` as their one
/// solution, and the orbit's cells given): the puzzle without them is unique exactly when no
/// solution differs from `grid` in the orbit. Such a solution differs first at some cell of the
/// orbit, so each cell in turn is searched for another value, with the cells before it given
/// back: one search for a single solution each, which a contradiction usually ends at once,
/// rather than a count to two. Leaves the orbit taken out when it can be, given otherwise.
fn removable(
    solver: &mut Solver,
    givens: &mut [u16],
    grid: &[u16],
    orbit: &[usize],
    work: &mut Work,
) -> Result<Check, StopReason> {
    for &cell in orbit {
        givens[cell] = 0;
    }
    let mut outcome = Check::Unique;
    for &cell in orbit {
        work.checks += 1;
        // The givens are a subset of a full grid: they cannot clash.
        let other = solver
            .count_without(givens, cell, grid[cell], Some(1))
            .map_err(|_| StopReason::Cancelled)?;
        match solver.stopped() {
            Some(StopReason::Budget) => outcome = Check::Unknown,
            Some(reason) => return Err(reason),
            None if other.solutions > 0 => outcome = Check::Not,
            None => {}
        }
        if !matches!(outcome, Check::Unique) {
            break;
        }
        givens[cell] = grid[cell];
    }
    let taken = matches!(outcome, Check::Unique);
    for &cell in orbit {
        givens[cell] = if taken { 0 } else { grid[cell] };
    }
    Ok(outcome)
}

/// The puzzle dug out of `grid` (a full grid of the solver's shape) by `plan`, with its givens
/// in the pattern of `orbits`; `None` when this grid cannot give one (the count of givens was
/// missed, or a given could not be proved needed). `Err` when the run was stopped.
pub fn dig(
    solver: &mut Solver,
    grid: &[u16],
    orbits: &[Vec<usize>],
    plan: Plan,
    rng: &mut Rng,
    work: &mut Work,
) -> Result<Option<Vec<u16>>, StopReason> {
    let mut givens = grid.to_vec();
    let mut left = givens.len();
    let mut order: Vec<usize> = (0..orbits.len()).collect();
    rng.shuffle(&mut order);
    // Orbits that stay, and whether some check gave up (then minimality is not proved).
    let mut kept = Vec::new();
    let mut unknown = false;
    for &o in &order {
        let orbit = &orbits[o];
        let stop_at = if plan.minimal { None } else { plan.givens };
        if stop_at.is_some_and(|k| left - orbit.len() < k) {
            kept.push(o);
            continue;
        }
        match removable(solver, &mut givens, grid, orbit, work)? {
            Check::Unique => left -= orbit.len(),
            outcome => {
                unknown |= matches!(outcome, Check::Unknown);
                kept.push(o);
            }
        }
        if stop_at == Some(left) {
            break;
        }
    }
    if plan.givens.is_some_and(|k| k != left) {
        return Ok(None);
    }
    if plan.minimal {
        if unknown {
            return Ok(None);
        }
        // Orbits of one cell were tried alone already.
        for &o in &kept {
            if orbits[o].len() < 2 {
                continue;
            }
            for &cell in &orbits[o] {
                let needed = matches!(
                    removable(solver, &mut givens, grid, &[cell], work)?,
                    Check::Not
                );
                givens[cell] = grid[cell];
                if !needed {
                    return Ok(None);
                }
            }
        }
    }
    Ok(Some(givens))
}
