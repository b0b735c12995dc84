//! Puzzles on a [`FreeShape`] (any houses, holes in the grid: Samurai and the other Gattai
//! layouts): the exact-cover model, a solver that runs it on any engine, an independent check of
//! a solution, and the grid text layout (`grid`).
//!
//! Givens and solutions hold one value per cell of the shape, in cell order (0 for empty).
//!
//! ## The model
//! Item `cell c` (primary) for every cell; items `house h, value v` for every house and value,
//! primary where the house needs every value (it has as many cells as values), secondary where
//! it is shorter and needs each value at most once (the full houses' items first). Option `c * n + v - 1` puts `v` in cell `c`
//! and covers the cell and the value in each of the cell's houses.

mod grid;

use dlx_core::{Engine, Entry, Problem, ProblemBuilder, Search, Status, Stop, StopReason};

pub use grid::{read_grids, write_grid};

use super::fastn::SolverN;
use super::shape::House;
use super::solver::{auto_handover, AUTO_GUESSES};
use super::{Clash, EngineChoice, FastPath, FreeShape, GivensError, Invalid};

/// The exact-cover model of a [`FreeShape`] and the solvers that run it: dancing links always,
/// the any-shape fast path when every house needs every value, the SAT engine with the `sat`
/// feature. Reuse one for many puzzles of its shape.
#[derive(Debug)]
pub struct FreeSolver {
    shape: FreeShape,
    problem: Problem,
    /// The houses of every cell, in house order.
    houses_of: Vec<Vec<usize>>,
    dlx: Search,
    fast: Option<SolverN>,
}

/// The answer of one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FreeRun {
    /// Solutions found (at most the limit).
    pub found: u64,
    /// The first solution found, one value per cell.
    pub first: Option<Vec<u16>>,
    /// Why the run stopped before its limit or the end of the search, if it did.
    pub stopped: Option<StopReason>,
    /// The engine that answered: `fast`, `dlx` or `sat`.
    pub engine: &'static str,
    /// Its work: guesses on the fast path, nodes of dancing links, conflicts of SAT.
    pub nodes: u64,
}

/// Why a run gave no answer.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FreeError {
    /// The givens do not fit the shape.
    #[error(transparent)]
    Givens(#[from] GivensError),
    /// The SAT engine failed.
    #[cfg(feature = "sat")]
    #[error(transparent)]
    Sat(#[from] dlx_core::sat::Error),
}

impl FreeSolver {
    /// The model of `shape`, with its solvers.
    pub fn new(shape: FreeShape) -> FreeSolver {
        let n = shape.values();
        let mut houses_of = vec![Vec::new(); shape.cell_count()];
        for (h, house) in shape.houses().iter().enumerate() {
            for &cell in house {
                houses_of[cell].push(h);
            }
        }
        let mut builder = ProblemBuilder::new();
        for cell in 0..shape.cell_count() {
            let at = shape.cell_position(cell);
            let name = format!("p{}.{}", at.row + 1, at.column + 1);
            builder.primary(name).expect("cell names are distinct");
        }
        // Primary items come before secondary ones: the full houses' first, each house's
        // values in a run from its first item.
        let mut first_item = vec![0; shape.houses().len()];
        let (full, short): (Vec<usize>, Vec<usize>) =
            (0..shape.houses().len()).partition(|&h| shape.needs_all(h));
        for (h, primary) in full
            .iter()
            .map(|&h| (h, true))
            .chain(short.iter().map(|&h| (h, false)))
        {
            first_item[h] = builder.item_count();
            for v in 1..=n {
                let name = format!("h{}.{v}", h + 1);
                let item = if primary {
                    builder.primary(name)
                } else {
                    builder.secondary(name)
                };
                item.expect("house names are distinct");
            }
        }
        for (cell, houses) in houses_of.iter().enumerate() {
            for v in 0..n {
                let items = houses.iter().map(|&h| first_item[h] + v);
                let entries = std::iter::once(cell).chain(items).map(Entry::plain);
                let option = builder.option(entries).expect("items are declared");
                debug_assert_eq!(option, Some(cell * n + v));
            }
        }
        let problem = builder
            .build()
            .expect("a shape within range fits the engine");
        FreeSolver {
            dlx: Search::new(&problem),
            fast: SolverN::for_free(&shape),
            shape,
            problem,
            houses_of,
        }
    }

    /// The shape solved.
    pub fn shape(&self) -> &FreeShape {
        &self.shape
    }

    /// The exact-cover problem of the shape.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// Whether the any-shape fast path takes this shape (every house needs every value, and the
    /// values and cells fit its masks).
    pub fn has_fast_path(&self) -> bool {
        self.fast.is_some()
    }

    /// Checks that `givens` has one value `0..=n` per cell and no value twice in a house; the
    /// first problem in cell order, a clash at the later of its cells.
    pub fn check_givens(&self, givens: &[u16]) -> Result<(), GivensError> {
        let (n, cells) = (self.shape.values(), self.shape.cell_count());
        if givens.len() != cells {
            return Err(GivensError::Length {
                expected: cells,
                found: givens.len(),
            });
        }
        // Where each value was first given in each house: 1 + the cell, or 0.
        let mut seen = vec![0usize; self.shape.houses().len() * n];
        for (cell, &value) in givens.iter().enumerate() {
            let at = self.shape.cell_position(cell);
            if usize::from(value) > n {
                return Err(GivensError::Value {
                    cell: at,
                    value,
                    size: n,
                });
            }
            if value == 0 {
                continue;
            }
            for &h in &self.houses_of[cell] {
                let first = &mut seen[h * n + usize::from(value) - 1];
                if *first != 0 {
                    return Err(Clash {
                        value,
                        first: self.shape.cell_position(*first - 1),
                        second: at,
                        house: House::Free(h),
                    }
                    .into());
                }
                *first = cell + 1;
            }
        }
        Ok(())
    }

    /// Searches `givens` for up to `limit` solutions with `engine` (`Auto` and `Fast` take the
    /// fast path where the shape allows it, dancing links otherwise), under `stop`. Every
    /// solution returned has passed [`validate_free`].
    pub fn run(
        &mut self,
        givens: &[u16],
        limit: u64,
        engine: EngineChoice,
        stop: &Stop,
    ) -> Result<FreeRun, FreeError> {
        self.check_givens(givens)?;
        let run = match (engine, &mut self.fast) {
            (EngineChoice::Auto | EngineChoice::Fast, Some(fast)) => {
                let handover = match engine {
                    EngineChoice::Auto => auto_handover(stop, AUTO_GUESSES),
                    _ => None,
                };
                let run = fast_run(fast, givens, limit, handover.as_ref().unwrap_or(stop));
                // Past its guesses, clause learning: a solve or a check by the SAT engine; a
                // count stays with the fast path, unless the SAT engine finds no solution.
                #[cfg(feature = "sat")]
                let run = if handover.is_some() && run.stopped == Some(StopReason::Budget) {
                    let sat = sat_run(
                        &self.problem,
                        self.shape.values(),
                        givens,
                        limit.min(2),
                        stop,
                    )?;
                    if limit <= 2 || sat.found == 0 || sat.stopped.is_some() {
                        sat
                    } else {
                        fast_run(fast, givens, limit, stop)
                    }
                } else {
                    run
                };
                run
            }
            #[cfg(feature = "sat")]
            (EngineChoice::Sat, _) => {
                sat_run(&self.problem, self.shape.values(), givens, limit, stop)?
            }
            _ => {
                self.dlx.reset(&self.problem);
                for option in given_options(givens, self.shape.values()) {
                    self.dlx
                        .force(option)
                        .expect("givens the check accepts can be forced");
                }
                self.dlx.set_stop(stop.clone());
                let mut run = collect(&mut self.dlx, limit, self.shape.values(), "dlx");
                run.nodes = self.dlx.stats().nodes;
                run
            }
        };
        if let Some(solution) = &run.first {
            if let Err(invalid) = validate_free(&self.shape, givens, solution) {
                panic!(
                    "the {} engine returned a wrong solution: {invalid}",
                    run.engine
                );
            }
        }
        Ok(run)
    }
}

/// Up to `limit` solutions of `givens` by the fast path, under `stop`.
fn fast_run(fast: &mut SolverN, givens: &[u16], limit: u64, stop: &Stop) -> FreeRun {
    fast.set_stop(stop.clone());
    let found = fast
        .run(givens, limit)
        .expect("givens the check accepts fit the fast path");
    let mut first = Vec::new();
    FreeRun {
        found,
        first: fast.first_into(&mut first).then_some(first),
        stopped: fast.stopped(),
        engine: "fast",
        nodes: fast.guesses(),
    }
}

/// Up to `limit` solutions of `givens` by the SAT engine on the whole `problem` (values `1..=n`),
/// under `stop`.
#[cfg(feature = "sat")]
fn sat_run(
    problem: &Problem,
    n: usize,
    givens: &[u16],
    limit: u64,
    stop: &Stop,
) -> Result<FreeRun, FreeError> {
    let mut sat = dlx_core::sat::Search::new(problem)?;
    for option in given_options(givens, n) {
        sat.force(option)?;
    }
    sat.set_stop(stop.clone());
    let mut run = collect(&mut sat, limit, n, "sat");
    run.nodes = sat.sat_stats().conflicts;
    Ok(run)
}

/// The options that place the givens.
fn given_options(givens: &[u16], n: usize) -> impl Iterator<Item = usize> + '_ {
    givens
        .iter()
        .enumerate()
        .filter(|(_, &v)| v != 0)
        .map(move |(cell, &v)| cell * n + usize::from(v) - 1)
}

/// Steps `engine` to `limit` solutions, the end of its search or its stop; the first solution as
/// a value per cell.
fn collect<E: Engine>(engine: &mut E, limit: u64, n: usize, name: &'static str) -> FreeRun {
    engine.set_limit(Some(limit));
    let mut run = FreeRun {
        found: 0,
        first: None,
        stopped: None,
        engine: name,
        nodes: 0,
    };
    if limit == 0 {
        return run;
    }
    loop {
        match engine.step() {
            Status::Solution => {
                run.found += 1;
                if run.first.is_none() {
                    let mut values = Vec::new();
                    for option in engine.solution() {
                        let (cell, v) = (option / n, option % n + 1);
                        if values.len() <= cell {
                            values.resize(cell + 1, 0);
                        }
                        // Values are at most MAX_SIZE.
                        values[cell] = v as u16;
                    }
                    run.first = Some(values);
                }
            }
            Status::Stopped(reason) => {
                run.stopped = Some(reason);
                return run;
            }
            _ => return run,
        }
    }
}

/// Checks `solution` against `shape` and `givens`, from the definition alone: one value `1..=n`
/// per cell, every given kept, no value twice in a house (a house of `n` cells then holds every
/// value).
pub fn validate_free(shape: &FreeShape, givens: &[u16], solution: &[u16]) -> Result<(), Invalid> {
    let size = (shape.values(), shape.cell_count());
    let houses = shape.houses().iter().enumerate();
    let houses = houses.map(|(h, cells)| (House::Free(h), cells.clone()));
    let position = |cell| shape.cell_position(cell);
    super::validate::check(size, position, houses, givens, solution)
}
