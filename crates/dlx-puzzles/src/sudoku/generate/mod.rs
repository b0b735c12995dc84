//! Making puzzles: a random full grid, then givens taken out while the puzzle keeps exactly one
//! solution, for every shape the solver takes.
//!
//! - [`rng`]: the seeded random numbers, one stream per puzzle, so that the same seed gives the
//!   same puzzles on any number of threads;
//! - [`symmetry`]: the patterns of givens (`rot180`, `rot90`, `mirror`, `diagonal`);
//! - `grid`: random full grids (from the solver, or for plain boxes above 36x36 from `pattern`,
//!   a pattern grid changed by moves that keep houses whole); `jigsaw`: random jigsaw layouts;
//!   `dig`: taking givens out.
//!
//! Uniqueness is proved by [`Solver`](super::Solver) on the fastest path for the shape (the
//! bit-parallel 9x9 path, `fastn` for other shapes up to 64, dancing links above): after each
//! removal, a search for a solution that differs from the grid where givens were taken out
//! ([`Solver::count_without`](super::Solver::count_without)), which finds none exactly when the
//! puzzle is still unique. A [`Generator`] holds what the puzzles must be; [`Generator::run`]
//! makes many on many threads, handed over in order.
//!
//! ```
//! use dlx_puzzles::sudoku::generate::{Generator, Symmetry, Workspace};
//! use dlx_puzzles::sudoku::{Shape, Solver, Verdict};
//!
//! let shape = Shape::standard(9).unwrap();
//! let generator = Generator::new(shape.clone()).symmetry(Symmetry::Rot180).minimal(true);
//! let mut work = Workspace::new(&generator);
//! let puzzle = generator.generate(42, 0, &mut work).unwrap();
//! assert!(Symmetry::Rot180.holds(9, &puzzle.givens));
//! assert_eq!(Solver::new(shape).verdict(&puzzle.givens).unwrap(), Verdict::Unique);
//! // The same seed and number give the same puzzle.
//! assert_eq!(generator.generate(42, 0, &mut work).unwrap().givens, puzzle.givens);
//! ```

mod dig;
mod grid;
mod jigsaw;
mod pattern;
pub use dlx_core::rng;
pub mod symmetry;

use std::io;
use std::sync::Arc;

use dlx_core::{Budget, Stop, StopReason};
use thiserror::Error;

use super::overrides::{Extra, OverrideError};
use super::puzzle::{Layout, Puzzle};
use super::rate::rate_givens;
use super::shape::{Shape, ShapeError, MAX_SIZE};
use super::solvers::Solvers;
use crate::ordered::{self, Feed, Sink};
use dig::Plan;
use grid::Houses;

pub use jigsaw::random_layout;
pub use rng::Rng;
pub use symmetry::{Symmetry, SYMMETRY_NAMES};

/// A test a generated puzzle must pass besides being unique (a difficulty range, say): its shape
/// and givens.
pub type Filter = dyn Fn(&Shape, &[u16]) -> bool + Send + Sync;

/// The default budget of a uniqueness check up to 16x16, in guesses: far above what a 9x9,
/// 16x16 or jigsaw check takes, so it only ends searches that would not end.
pub const CHECK_BUDGET: u64 = 1_000_000;

/// The default budget of a uniqueness check above 16x16, in guesses. On a 25x25 grid the checks
/// are easy down to about 320 givens; below, nearly every check runs past any budget (past a
/// million guesses as past ten), and such a given stays. So a small budget makes the same
/// puzzles, with as many givens (272-281 over seeds, against 274-280 with a million), in a
/// fraction of the time.
pub const LARGE_CHECK_BUDGET: u64 = 10;

/// The default budget of a uniqueness check on grids of side `size`.
pub fn check_budget_for(size: usize) -> u64 {
    if size > 16 {
        LARGE_CHECK_BUDGET
    } else {
        CHECK_BUDGET
    }
}

/// The default number of attempts (full grids) per puzzle before giving up on it.
pub const ATTEMPTS: u64 = 10_000;

/// Why no puzzle could be made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The shape cannot be built (a jigsaw side out of range, windows on a side that is not a
    /// square, ...).
    #[error(transparent)]
    Shape(#[from] OverrideError),
    /// The shape has no full grid at all, so no puzzle.
    #[error("no Sudoku fits this shape: the empty grid has no solution")]
    NoSolution,
    /// More givens asked for than the grid has cells.
    #[error("{givens} givens asked for, but a {size}x{size} grid has {} cells", size * size)]
    TooManyGivens {
        /// Givens asked for.
        givens: usize,
        /// The side.
        size: usize,
    },
    /// No attempt gave a puzzle that met every condition.
    #[error("no puzzle met the conditions in {attempts} attempts ({conditions})")]
    GaveUp {
        /// Attempts made.
        attempts: u64,
        /// The conditions, in words.
        conditions: String,
    },
    /// The run was stopped (a deadline, a cancel flag) before the puzzle was made.
    #[error("stopped before the puzzle was made")]
    Stopped(StopReason),
}

/// Where each puzzle's shape comes from.
#[derive(Clone, Debug)]
enum Source {
    /// One shape for every puzzle, and its houses.
    Fixed(Shape, Houses),
    /// A random jigsaw layout of this side for each puzzle, with these extra regions.
    Jigsaw { size: usize, extra: Vec<Extra> },
}

/// What the puzzles must be, and how hard to try: the shape (or random jigsaw layouts), the
/// symmetry, minimality, the number of givens, a filter, budgets and the run's [`Stop`].
#[derive(Clone)]
pub struct Generator {
    source: Source,
    symmetry: Symmetry,
    orbits: Vec<Vec<usize>>,
    plan: Plan,
    check_budget: u64,
    attempts: u64,
    stop: Stop,
    filter: Option<Arc<Filter>>,
}

impl std::fmt::Debug for Generator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Generator")
            .field("source", &self.source)
            .field("symmetry", &self.symmetry)
            .field("plan", &self.plan)
            .field("filter", &self.filter.is_some())
            .finish_non_exhaustive()
    }
}

/// One puzzle made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// Its number in the run, from 0.
    pub index: u64,
    /// Its shape.
    pub shape: Shape,
    /// The givens, `n²` values row by row, 0 for empty.
    pub givens: Vec<u16>,
    /// Its one solution.
    pub solution: Vec<u16>,
    /// Full grids tried to make it (1 when the first one gave it).
    pub attempts: u64,
    /// Uniqueness checks made, over all attempts.
    pub checks: u64,
}

impl Generated {
    /// The puzzle as the text formats take it, with its shape as a hint (a jigsaw layout, boxes
    /// other than the usual ones, extra regions), to be written in `layout`.
    pub fn puzzle(&self, layout: Layout) -> Puzzle {
        Puzzle {
            size: self.shape.size(),
            cells: self.givens.clone(),
            shape: self.shape.hint(),
            layout,
            line: 0,
            candidates: None,
        }
    }

    /// The number of givens.
    pub fn given_count(&self) -> usize {
        self.givens.iter().filter(|&&v| v != 0).count()
    }
}

/// A thread's working state: its solvers, one per shape.
#[derive(Debug)]
pub struct Workspace {
    solvers: Solvers,
}

impl Workspace {
    /// The working state of one thread for `generator`.
    pub fn new(generator: &Generator) -> Workspace {
        Workspace {
            solvers: Solvers::new(generator.stop.clone()),
        }
    }
}

impl Generator {
    /// Puzzles of `shape`, with no symmetry, not necessarily minimal, any number of givens.
    pub fn new(shape: Shape) -> Generator {
        let houses = Houses::new(&shape);
        Generator::with_source(Source::Fixed(shape, houses))
    }

    /// Puzzles of side `size`, each on a random jigsaw layout of its own, with `extra` regions.
    pub fn jigsaw(size: usize, extra: Vec<Extra>) -> Result<Generator, GenerateError> {
        if size == 0 || size > MAX_SIZE {
            let error = if size == 0 {
                ShapeError::Empty
            } else {
                ShapeError::TooLarge { size }
            };
            return Err(OverrideError {
                origin: None,
                error,
            }
            .into());
        }
        // The extra regions are checked once, on rows as regions (always a valid layout).
        let rows: Vec<u16> = (0..size * size).map(|cell| (cell / size) as u16).collect();
        let rows = Shape::jigsaw(size, &rows).map_err(|error| OverrideError {
            origin: None,
            error,
        })?;
        Extra::apply_all(&extra, rows)?;
        Ok(Generator::with_source(Source::Jigsaw { size, extra }))
    }

    fn with_source(source: Source) -> Generator {
        let mut generator = Generator {
            source,
            symmetry: Symmetry::None,
            orbits: Vec::new(),
            plan: Plan {
                minimal: false,
                givens: None,
            },
            check_budget: CHECK_BUDGET,
            attempts: ATTEMPTS,
            stop: Stop::new(),
            filter: None,
        };
        generator.orbits = generator.symmetry.orbits(generator.size());
        generator.check_budget = check_budget_for(generator.size());
        generator
    }

    /// The budget of each uniqueness check, in guesses (set by
    /// [`check_budget`](Self::check_budget), else [`check_budget_for`] the side).
    pub fn budget_per_check(&self) -> u64 {
        self.check_budget
    }

    /// The side of the grids.
    pub fn size(&self) -> usize {
        match &self.source {
            Source::Fixed(shape, _) => shape.size(),
            Source::Jigsaw { size, .. } => *size,
        }
    }

    /// The same, with givens in the pattern of `symmetry`.
    pub fn symmetry(mut self, symmetry: Symmetry) -> Generator {
        self.symmetry = symmetry;
        self.orbits = symmetry.orbits(self.size());
        self
    }

    /// The same, with every given needed: removing any one gives several solutions.
    pub fn minimal(mut self, minimal: bool) -> Generator {
        self.plan.minimal = minimal;
        self
    }

    /// The same, with exactly `givens` givens (any number for `None`).
    pub fn givens(mut self, givens: Option<usize>) -> Generator {
        self.plan.givens = givens;
        self
    }

    /// The same, keeping only puzzles that `filter` accepts (others are dropped and new ones
    /// made).
    pub fn filter(mut self, filter: Arc<Filter>) -> Generator {
        self.filter = Some(filter);
        self
    }

    /// Only puzzles whose ER (Sudoku Explainer's rating, [`rate_givens`]) lies in `low..=high`:
    /// a [`filter`](Self::filter).
    pub fn rating(self, low: f64, high: f64) -> Generator {
        self.filter(Arc::new(move |shape: &Shape, givens: &[u16]| {
            rate_givens(shape, givens).is_ok_and(|rating| (low..=high).contains(&rating.er))
        }))
    }

    /// The same, with each uniqueness check bounded by `guesses` (a removal whose check runs out
    /// is not made; under [`minimal`](Self::minimal) the grid is dropped instead). The default
    /// is [`check_budget_for`] the side.
    pub fn check_budget(mut self, guesses: u64) -> Generator {
        self.check_budget = guesses;
        self
    }

    /// The same, giving up on a puzzle after `attempts` full grids.
    pub fn attempts(mut self, attempts: u64) -> Generator {
        self.attempts = attempts.max(1);
        self
    }

    /// The same, bounded by `stop`: its deadline and cancel flag end the run (its budget is
    /// replaced by the generator's own).
    pub fn stop(mut self, stop: Stop) -> Generator {
        self.stop = stop;
        self
    }

    /// The conditions in words, for messages.
    fn conditions(&self) -> String {
        let mut words = vec!["unique".to_string()];
        if self.symmetry != Symmetry::None {
            words.push(format!("symmetry {}", self.symmetry));
        }
        if self.plan.minimal {
            words.push("minimal".to_string());
        }
        if let Some(k) = self.plan.givens {
            words.push(format!("{k} givens"));
        }
        if self.filter.is_some() {
            words.push("the filter".to_string());
        }
        words.join(", ")
    }

    /// Checks what can be checked before any puzzle is made: the number of givens fits the
    /// grid, and a fixed shape has a full grid at all (which may take a long search for a
    /// layout file that fits no Sudoku: the run's stop bounds it).
    pub fn prepare(&self) -> Result<(), GenerateError> {
        let n = self.size();
        if let Some(givens) = self.plan.givens.filter(|&k| k > n * n) {
            return Err(GenerateError::TooManyGivens { givens, size: n });
        }
        if let Source::Fixed(shape, _) = &self.source {
            let mut work = Workspace::new(self);
            let solver = work.solvers.for_shape(shape);
            let solution = solver.solve(&vec![0; n * n]);
            if let Some(reason) = solver.stopped() {
                return Err(GenerateError::Stopped(reason));
            }
            if !matches!(solution, Ok(Some(_))) {
                return Err(GenerateError::NoSolution);
            }
        }
        Ok(())
    }

    /// Makes puzzle number `index` of the run with `seed`: the same pair gives the same puzzle,
    /// whatever thread makes it.
    pub fn generate(
        &self,
        seed: u64,
        index: u64,
        work: &mut Workspace,
    ) -> Result<Generated, GenerateError> {
        let mut rng = Rng::new(seed, index);
        let n = self.size();
        let fill_stop = self.stop.clone().with_budget(grid::fill_budget(n));
        let check_stop = self
            .stop
            .clone()
            .with_budget(Budget::Nodes(self.check_budget));
        let mut counts = dig::Work::default();
        for attempt in 1..=self.attempts {
            if let Some(reason) = self.stop.halted() {
                return Err(GenerateError::Stopped(reason));
            }
            let jigsaw;
            let (shape, houses) = match &self.source {
                Source::Fixed(shape, houses) => (shape, houses),
                Source::Jigsaw { size, extra } => {
                    let layout = random_layout(*size, &mut rng);
                    let made = Shape::jigsaw(*size, &layout);
                    debug_assert!(made.is_ok(), "random layouts are valid");
                    let Ok(shape) = made else { continue };
                    let shape = Extra::apply_all(extra, shape)?;
                    let houses = Houses::new(&shape);
                    jigsaw = (shape, houses);
                    (&jigsaw.0, &jigsaw.1)
                }
            };
            let solver = work.solvers.for_shape(shape);
            solver.set_stop(fill_stop.clone());
            let grid =
                grid::random_grid(solver, houses, &mut rng).map_err(GenerateError::Stopped)?;
            let Some(grid) = grid else { continue };
            solver.set_stop(check_stop.clone());
            let dug = dig::dig(
                solver,
                &grid,
                &self.orbits,
                self.plan,
                &mut rng,
                &mut counts,
            )
            .map_err(GenerateError::Stopped)?;
            let Some(givens) = dug else { continue };
            if self
                .filter
                .as_ref()
                .is_some_and(|keep| !keep(shape, &givens))
            {
                continue;
            }
            return Ok(Generated {
                index,
                shape: shape.clone(),
                givens,
                solution: grid,
                attempts: attempt,
                checks: counts.checks,
            });
        }
        Err(GenerateError::GaveUp {
            attempts: self.attempts,
            conditions: self.conditions(),
        })
    }

    /// Makes puzzles `0..count` of the run with `seed` on `threads` threads, handing each (or
    /// why it could not be made) to `sink` in order. Call [`prepare`](Self::prepare) first.
    /// Stops at the first error of the sink, and returns it.
    pub fn run(
        &self,
        seed: u64,
        count: u64,
        threads: usize,
        sink: &mut (impl Sink<Result<Generated, GenerateError>> + Send),
    ) -> io::Result<()> {
        ordered::run(
            threads,
            Numbers(0..count),
            || Workspace::new(self),
            |work, &mut index| self.generate(seed, index, work),
            sink,
        )
    }
}

/// The numbers of the puzzles to make, as jobs: all at hand.
struct Numbers(std::ops::Range<u64>);

impl Iterator for Numbers {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        self.0.next()
    }
}

impl Feed for Numbers {
    fn at_hand(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::{Solver, Verdict};

    #[test]
    fn a_grid_that_cannot_meet_the_count_is_given_up() {
        let generator = Generator::new(Shape::standard(4).unwrap())
            .givens(Some(1))
            .attempts(3);
        let mut work = Workspace::new(&generator);
        let error = generator.generate(1, 0, &mut work).unwrap_err();
        assert_eq!(
            error.to_string(),
            "no puzzle met the conditions in 3 attempts (unique, 1 givens)"
        );
        let too_many = Generator::new(Shape::standard(4).unwrap()).givens(Some(17));
        assert!(matches!(
            too_many.prepare(),
            Err(GenerateError::TooManyGivens { givens: 17, .. })
        ));
    }

    #[test]
    fn a_filter_chooses_among_puzzles() {
        let shape = Shape::standard(4).unwrap();
        let generator = Generator::new(shape.clone())
            .filter(Arc::new(|_: &Shape, givens: &[u16]| givens[0] != 0));
        let mut work = Workspace::new(&generator);
        for index in 0..20 {
            let puzzle = generator.generate(5, index, &mut work).unwrap();
            assert_ne!(puzzle.givens[0], 0);
            let verdict = Solver::general(shape.clone()).verdict(&puzzle.givens);
            assert_eq!(verdict.unwrap(), Verdict::Unique);
        }
    }

    #[test]
    fn a_shape_without_grids_is_refused() {
        // Two regions of a 2x2 grid that are its columns plus a diagonal leave no Latin square.
        let shape = Shape::standard(2).unwrap().with_diagonals();
        assert_eq!(
            Generator::new(shape).prepare(),
            Err(GenerateError::NoSolution)
        );
    }
}
