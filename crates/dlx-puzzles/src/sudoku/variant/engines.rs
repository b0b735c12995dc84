//! Which engine answers a variant puzzle: the propagation solver, an engine of `dlx_core` on
//! the exact-cover model ([`cover`](super::cover)), or, by default, the propagation solver
//! handing a puzzle it has not answered within [`AUTO_VALUES`] values tried over to the SAT
//! engine.
//!
//! Clause learning pays where the propagation search proves the same dead end again in many
//! branches (a heavy-tailed search); on the puzzles setters share, the propagation solver
//! answers within a few thousand values, far sooner than the SAT engine's start (a killer's
//! model takes it 0.4–0.9 s).

use dlx_core::{Stop, StopReason};

use super::cover::{Cover, CoverEngine, CoverError};
use super::{Run, Variant};
use crate::sudoku::solver::auto_handover;
use crate::sudoku::EngineChoice;

/// Values the propagation solver tries before [`EngineChoice::Auto`] hands a solve or a check
/// over to the SAT engine: about the time the SAT engine takes on a hard killer's model.
pub const AUTO_VALUES: u64 = 1 << 16;

/// Searches `puzzle` for up to `limit` solutions with `engine`, calling `each` with every
/// solution found (once each) until it returns `false`:
/// - [`EngineChoice::Fast`]: the propagation solver;
/// - [`EngineChoice::Dlx`] (and `Sat`): dancing links (the SAT engine) on the exact-cover model;
///   an error when the puzzle has none;
/// - [`EngineChoice::Auto`]: the propagation solver; for a solve or a check (`limit` at most 2)
///   with the `sat` feature, after [`AUTO_VALUES`] values tried (unless `stop`'s own budget is
///   smaller) the SAT engine on the model, when the puzzle has one, else the propagation solver
///   again without that budget.
///
/// [`Run::engine`] names the engine that answered.
pub fn run(
    puzzle: &Variant,
    engine: EngineChoice,
    limit: u64,
    stop: &Stop,
    mut each: impl FnMut(&[u8]) -> bool,
) -> Result<Run, CoverError> {
    let on_model = |engine: CoverEngine, each: &mut dyn FnMut(&[u8]) -> bool| {
        Cover::new(puzzle).map(|cover| cover.run(engine, limit, stop, each))
    };
    match engine {
        EngineChoice::Fast => Ok(super::solve::run(puzzle, limit, stop, each)),
        EngineChoice::Dlx => on_model(CoverEngine::Links, &mut each),
        #[cfg(feature = "sat")]
        EngineChoice::Sat => on_model(CoverEngine::Sat, &mut each),
        EngineChoice::Auto => Ok(auto(puzzle, limit, stop, AUTO_VALUES, each)),
    }
}

/// [`EngineChoice::Auto`]'s run (see [`run`]), handing over after `values` values tried.
fn auto(
    puzzle: &Variant,
    limit: u64,
    stop: &Stop,
    values: u64,
    mut each: impl FnMut(&[u8]) -> bool,
) -> Run {
    let Some(bounded) = auto_handover(stop, values).filter(|_| limit <= 2) else {
        return super::solve::run(puzzle, limit, stop, each);
    };
    let mut seen: Vec<Vec<u8>> = Vec::new();
    let mut more = true;
    let first = super::solve::run(puzzle, limit, &bounded, |grid| {
        seen.push(grid.to_vec());
        more = each(grid);
        more
    });
    if first.stopped != Some(StopReason::Budget) || !more {
        return first;
    }
    // The second engine starts afresh: the solutions the first one reported are neither
    // reported nor counted again.
    let mut found = seen.len() as u64;
    let mut fresh = |grid: &[u8]| {
        if seen.iter().any(|s| s == grid) {
            return true;
        }
        found += 1;
        each(grid) && found < limit
    };
    let mut second = match Cover::new(puzzle) {
        #[cfg(feature = "sat")]
        Ok(cover) => cover.run(CoverEngine::Sat, limit, stop, &mut fresh),
        _ => super::solve::run(puzzle, limit, stop, &mut fresh),
    };
    second.found = found;
    second.first = first.first.or(second.first);
    second.effort.guesses += first.effort.guesses;
    second
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::variant::Constraint;
    use crate::sudoku::Shape;

    /// A 4x4 puzzle with many solutions: one thermometer.
    fn open() -> Variant {
        let thermo = Constraint::Thermo {
            cells: vec![0, 5, 10],
        };
        Variant::new(Shape::standard(4).unwrap(), vec![0; 16], vec![thermo])
    }

    #[test]
    fn a_hand_over_reports_each_solution_once() {
        let puzzle = open();
        for budget in [1, 2, 3, 5] {
            let mut grids: Vec<Vec<u8>> = Vec::new();
            let run = auto(&puzzle, 2, &Stop::new(), budget, |grid| {
                grids.push(grid.to_vec());
                true
            });
            assert_eq!(run.found, 2);
            assert_eq!(run.stopped, None);
            assert_eq!(grids.len(), 2);
            assert_ne!(grids[0], grids[1]);
            for grid in &grids {
                assert_eq!(puzzle.check_solution(grid), Ok(()));
            }
            #[cfg(feature = "sat")]
            assert_eq!(run.engine, "sat");
        }
    }

    #[test]
    fn every_engine_finds_the_same_solutions() {
        let puzzle = open();
        let mut counts = Vec::new();
        for engine in [EngineChoice::Auto, EngineChoice::Fast, EngineChoice::Dlx] {
            let run = run(&puzzle, engine, u64::MAX, &Stop::new(), |grid| {
                puzzle.check_solution(grid).is_ok()
            });
            counts.push(run.unwrap().found);
        }
        assert!(counts[0] > 2);
        assert!(counts.iter().all(|&c| c == counts[0]), "{counts:?}");
    }
}
