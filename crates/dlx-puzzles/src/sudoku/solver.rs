//! Solving puzzles of one shape, one after another, on one model and one reusable search.

use std::cell::OnceCell;
use std::sync::Arc;

use dlx_core::{Budget, Search, Status, Stop, StopReason, Watch};

use super::encode::Model;
use super::fast9::Solver9;
use super::fastn::SolverN;
use super::givens::GivensError;
use super::puzzle::Verdict;
#[cfg(feature = "sat")]
use super::sat;
use super::shape::Shape;

/// The guesses the specialised path makes before [`EngineChoice::Auto`] hands a puzzle over to
/// the SAT engine.
pub const AUTO_GUESSES: u64 = 4096;

/// The stop [`EngineChoice::Auto`] gives a first engine before it hands a puzzle over to the
/// SAT engine: `stop` with a budget of `budget` nodes (the specialised path's guesses,
/// [`AUTO_GUESSES`]; the variant solver's values tried). `None` when it does not hand over:
/// without the `sat` feature, or when `stop`'s own budget of nodes is no larger.
pub(super) fn auto_handover(stop: &Stop, budget: u64) -> Option<Stop> {
    let hands_over = cfg!(feature = "sat")
        && match stop.budget() {
            Budget::Nodes(n) => n > budget,
            Budget::Unlimited | Budget::Updates(_) => true,
        };
    hands_over.then(|| stop.clone().with_budget(Budget::Nodes(budget)))
}

/// Which engine answers a [`Solver`]'s calls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EngineChoice {
    /// The specialised path with a budget of [`AUTO_GUESSES`] guesses, then (with the `sat`
    /// feature) the SAT engine from the candidates the path's propagation leaves: easy puzzles
    /// are answered by the fast path at its own speed, hard ones (minimal 25x25 puzzles, jigsaw
    /// layouts without a grid) by clause learning. Counting stays with the specialised path,
    /// except that a puzzle the SAT engine proves to have no solution counts 0 at once. Above
    /// 64x64, dancing links. Without the `sat` feature, the same as [`EngineChoice::Fast`].
    #[default]
    Auto,
    /// The specialised path alone (fast9 for the classic 9x9, fastn up to 64x64), dancing links
    /// above.
    Fast,
    /// Dancing links on the exact-cover model, for every shape (as [`Solver::general`]).
    Dlx,
    /// The SAT engine from the start, on the candidates the propagation leaves (up to 64x64;
    /// dancing links above). It counts only to 0: a puzzle with solutions is counted by the
    /// specialised path.
    #[cfg(feature = "sat")]
    Sat,
}

impl EngineChoice {
    /// The engine's name, as `--engine` spells it.
    pub fn name(self) -> &'static str {
        match self {
            EngineChoice::Auto => "auto",
            EngineChoice::Fast => "fast",
            EngineChoice::Dlx => "dlx",
            #[cfg(feature = "sat")]
            EngineChoice::Sat => "sat",
        }
    }
}

/// The work of one call of a [`Solver`]. A specialised path counts its guesses, the general
/// path Knuth's nodes and updates; each leaves the other's figures at 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Solutions found.
    pub solutions: u64,
    /// On a specialised path, the alternatives tried at branches (each but the last at a
    /// branch, which follows without a copy).
    pub guesses: u64,
    /// On the general path, the search-tree nodes entered, as Knuth counts them.
    pub nodes: u64,
    /// On the general path, the updates made, as Knuth counts them.
    pub updates: u64,
    /// The SAT engine's conflicts, when it was called.
    pub conflicts: u64,
    /// Calls whose answer came from the SAT engine: 0 or 1 for one call, summed over many.
    pub sat: u64,
}

impl SolveStats {
    /// The engine that gave the answer: `sat`, `dlx` (the general path, which always enters
    /// a node) or `fast` (a specialised path).
    pub fn engine(&self) -> &'static str {
        if self.sat > 0 {
            "sat"
        } else if self.nodes > 0 {
            "dlx"
        } else {
            "fast"
        }
    }
}

impl std::ops::AddAssign for SolveStats {
    fn add_assign(&mut self, other: SolveStats) {
        self.solutions += other.solutions;
        self.guesses += other.guesses;
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.conflicts += other.conflicts;
        self.sat += other.sat;
    }
}

/// The number of solutions of a puzzle, from [`Solver::count`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found.
    pub solutions: u64,
    /// Whether the count reached the limit (there may be more): on every path alike, even when
    /// the search could have told that there are no more.
    pub capped: bool,
    /// The work done.
    pub stats: SolveStats,
}

/// Whether a puzzle has none, one or more solutions, from [`Solver::check`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// The verdict.
    pub verdict: Verdict,
    /// The first solution found, if any: `n²` values, row by row.
    pub solution: Option<Vec<u16>>,
    /// The work done.
    pub stats: SolveStats,
}

/// Solves puzzles of one shape. The exact-cover model is built once (and may be shared between
/// solvers); the search's memory is reused from puzzle to puzzle, so a solver is cheap to keep
/// and call many times.
///
/// Givens are `n²` values row by row, `0` for an empty cell. Every method fails with the
/// [`GivensError`] of [`Shape::check_givens`] when the givens do not fit the shape or clash
/// directly.
///
/// Unless the solver was made with [`Solver::general`], it takes a specialised path that solves
/// the same exact cover with bit masks: the classic 9x9 shape (3x3 boxes, no extra regions) the
/// bit-parallel path of [`fast9`](super::fast9), every other shape of side at most 64 (any
/// boxes, jigsaw regions, extra regions) the path of [`fastn`](super::fastn). Larger sides take
/// the general exact-cover search. All paths give the same answers (the same verdicts and
/// counts; for a puzzle with several solutions, possibly another first solution); their work is
/// counted in [`SolveStats`].
///
/// [`Solver::set_stop`] bounds the work of each call (a budget counts guesses on a specialised
/// path and nodes on the general one); [`Solver::stopped`] tells whether the last call stopped
/// at it.
///
/// The exact-cover model is built when it is first needed: only for the general path (building
/// it costs more than solving a puzzle on a specialised path, which matters when each puzzle has
/// a shape of its own, as jigsaw judge inputs have).
#[derive(Clone, Debug)]
pub struct Solver {
    shape: Shape,
    general: OnceCell<General>,
    stats: SolveStats,
    fast: Option<Fast>,
    stop: Stop,
    stopped: Option<StopReason>,
    engine: EngineChoice,
    /// Whether the specialised path's budget is the auto one (smaller than the stop's own), so
    /// that running out of it hands the puzzle over instead of stopping.
    hands_over: bool,
    /// The SAT engine's side: a propagation for the classic 9x9 (whose path has none to give),
    /// and the first solution of the last call it answered.
    #[cfg(feature = "sat")]
    sat: SatSide,
}

/// What the SAT engine's calls keep.
#[cfg(feature = "sat")]
#[derive(Clone, Debug, Default)]
struct SatSide {
    /// The any-shape path of the classic 9x9, for its propagation (built when first needed).
    propagation: Option<Box<SolverN>>,
    /// The first solution of the last call the SAT engine answered.
    first: Option<Vec<u16>>,
}

/// The general path: the model and a search on it, reused from puzzle to puzzle.
#[derive(Clone, Debug)]
struct General {
    model: Arc<Model>,
    search: Search,
    /// The options of the first solution of the last run.
    options: Vec<usize>,
}

impl General {
    /// The general path for `shape`, with its model built.
    fn build(shape: &Shape) -> General {
        General::new(Arc::new(Model::new(shape.clone())))
    }

    fn new(model: Arc<Model>) -> General {
        General {
            search: Search::new(model.problem()),
            model,
            options: Vec::new(),
        }
    }
}

/// What a specialised run keeps besides its board: the limit, the solutions and the guesses so
/// far, and its watch on the [`Stop`] (whose budget counts guesses).
#[derive(Clone, Debug, Default)]
pub struct Tally {
    limit: u64,
    found: u64,
    guesses: u64,
    watch: Watch,
    stopped: Option<StopReason>,
}

impl Tally {
    /// Starts a run that stops at `limit` solutions.
    pub(crate) fn start(&mut self, limit: u64) {
        self.limit = limit;
        self.found = 0;
        self.guesses = 0;
        self.stopped = None;
        self.watch.restart(0, 0);
    }

    /// Counts a guess at a new branch, unless the `Stop` says to stop first (false then): one
    /// comparison a guess, the stop being looked at only now and then. Its budget allows that
    /// many guesses: the next one would be one too many.
    #[inline]
    pub(crate) fn guess(&mut self) -> bool {
        if let Some(reason) = self.watch.check(self.guesses, 0) {
            self.stopped = Some(reason);
            return false;
        }
        self.guesses += 1;
        true
    }

    /// Counts a guess at a branch already made (its next alternative).
    #[inline]
    pub(crate) fn guess_again(&mut self) {
        self.guesses += 1;
    }

    /// Counts a solution; true when the limit is reached.
    #[inline]
    pub(crate) fn solved(&mut self) -> bool {
        self.found += 1;
        self.found >= self.limit
    }

    /// Whether the run looks for any solution at all.
    pub(crate) fn wants_any(&self) -> bool {
        self.limit > 0
    }

    /// Solutions found by the run.
    pub fn found(&self) -> u64 {
        self.found
    }

    /// The number of branches the run took (each alternative tried at a branch counts one,
    /// except the last, which follows without a copy): a measure of difficulty.
    pub fn guesses(&self) -> u64 {
        self.guesses
    }

    /// Why the run stopped before the end of its search, if it did.
    pub fn stopped(&self) -> Option<StopReason> {
        self.stopped
    }
}

/// A specialised path: [`Solver9`] and [`SolverN`] answer the same calls, which [`Solver`] makes
/// of whichever its shape takes.
pub trait FastPath {
    /// Searches the puzzle until `limit` solutions are found or the tree is done, and returns
    /// how many were found (a limit of 0 searches nothing); `None` when the givens do not fit the
    /// shape ([`Shape::check_givens`] says why). `givens` holds the `n²` cells row by row: 0 for
    /// empty, `1..=n` for a given.
    fn run(&mut self, givens: &[u16], limit: u64) -> Option<u64>;

    /// Like [`run`](Self::run), with `value` taken out of the candidates of `cell` first: counts
    /// the solutions where that cell holds another value. `None` when the givens do not fit the
    /// shape, or `cell` or `value` is out of range.
    ///
    /// When the givens with `cell` set to `value` have one solution, the givens without it have
    /// one too exactly when this finds none: the uniqueness check of a generator taking givens
    /// out, which stops at the first other solution rather than the second solution.
    fn run_without(&mut self, givens: &[u16], cell: usize, value: u16, limit: u64) -> Option<u64>;

    /// Writes the first solution the last run found, if any, into `out` (`n²` values, cleared
    /// first); false if there is none.
    fn first_into(&self, out: &mut Vec<u16>) -> bool;

    /// The last run's tally: solutions, guesses, why it stopped.
    fn tally(&self) -> &Tally;

    /// The tally, to change.
    fn tally_mut(&mut self) -> &mut Tally;

    /// The number of branches the last run took: see [`Tally::guesses`].
    fn guesses(&self) -> u64 {
        self.tally().guesses()
    }

    /// Bounds every later run: a budget of guesses, a deadline and a cancel flag. A run stopped
    /// by one reports the solutions found so far, and [`stopped`](Self::stopped) tells.
    fn set_stop(&mut self, stop: Stop) {
        self.tally_mut().watch = Watch::new(stop);
    }

    /// Why the last run stopped before the end of its search, if it did.
    fn stopped(&self) -> Option<StopReason> {
        self.tally().stopped()
    }
}

/// A specialised path.
#[derive(Clone, Debug)]
enum Fast {
    /// The classic 9x9.
    Classic(Box<Solver9>),
    /// Any other shape of side at most 64.
    Any(Box<SolverN>),
}

impl Fast {
    fn path(&mut self) -> &mut dyn FastPath {
        match self {
            Fast::Classic(solver) => &mut **solver,
            Fast::Any(solver) => &mut **solver,
        }
    }

    fn path_ref(&self) -> &dyn FastPath {
        match self {
            Fast::Classic(solver) => &**solver,
            Fast::Any(solver) => &**solver,
        }
    }
}

impl Solver {
    /// A solver for `shape`, on the default engine ([`EngineChoice::Auto`]).
    pub fn new(shape: Shape) -> Solver {
        Solver::with_engine(shape, EngineChoice::default())
    }

    /// A solver for `shape` whose calls `engine` answers.
    pub fn with_engine(shape: Shape, engine: EngineChoice) -> Solver {
        let fast = if engine == EngineChoice::Dlx {
            None
        } else if shape.size() == 9 && shape.box_size() == Some((3, 3)) && shape.extra().is_empty()
        {
            Some(Fast::Classic(Box::default()))
        } else {
            SolverN::new(&shape).map(|s| Fast::Any(Box::new(s)))
        };
        let mut solver = Solver {
            fast,
            engine,
            ..Solver::general(shape)
        };
        solver.set_stop(Stop::new());
        solver
    }

    /// A solver on a model built before (and possibly shared with other solvers).
    pub fn with_model(model: Arc<Model>) -> Solver {
        let solver = Solver::new(model.shape().clone());
        // Just made: the cell is empty.
        let _ = solver.general.set(General::new(model));
        solver
    }

    /// A solver that always searches `model` on the general exact-cover path: for a model no
    /// specialised path solves, such as one with pencil marks ([`Model::with_candidates`]).
    pub fn general_on(model: Arc<Model>) -> Solver {
        let solver = Solver::general(model.shape().clone());
        // Just made: the cell is empty.
        let _ = solver.general.set(General::new(model));
        solver
    }

    /// A solver for `shape` that always uses the general exact-cover search, even where a
    /// specialised path exists (to compare the two, or for Knuth's statistics).
    pub fn general(shape: Shape) -> Solver {
        Solver {
            shape,
            general: OnceCell::new(),
            stats: SolveStats::default(),
            fast: None,
            stop: Stop::new(),
            stopped: None,
            engine: EngineChoice::Dlx,
            hands_over: false,
            #[cfg(feature = "sat")]
            sat: SatSide::default(),
        }
    }

    /// The engine that answers this solver's calls.
    pub fn engine(&self) -> EngineChoice {
        self.engine
    }

    /// The general path, built on first use.
    fn general_path(&mut self) -> &mut General {
        let stop = &self.stop;
        self.general.get_or_init(|| {
            let mut general = General::build(&self.shape);
            general.search.set_stop(stop.clone());
            general
        });
        self.general
            .get_mut()
            .expect("the general path was just built")
    }

    /// The general path, its search started on `givens` and stopping at `limit` solutions.
    fn start_general(
        &mut self,
        givens: &[u16],
        limit: Option<u64>,
    ) -> Result<&mut General, GivensError> {
        let general = self.general_path();
        general.model.start(&mut general.search, givens)?;
        general.search.set_limit(limit);
        general.options.clear();
        Ok(general)
    }

    /// Bounds the work of every later call: a budget per puzzle (guesses on a specialised path,
    /// nodes on the general one), a deadline and a cancel flag. Set it once for many puzzles:
    /// each call starts its budget afresh, and the flag is not copied from call to call (a count
    /// of references that threads change for every puzzle is memory the cores pass around).
    pub fn set_stop(&mut self, stop: Stop) {
        if let Some(fast) = &mut self.fast {
            let handover = match self.engine {
                EngineChoice::Auto => auto_handover(&stop, AUTO_GUESSES),
                _ => None,
            };
            self.hands_over = handover.is_some();
            fast.path()
                .set_stop(handover.unwrap_or_else(|| stop.clone()));
        }
        if let Some(general) = self.general.get_mut() {
            general.search.set_stop(stop.clone());
        }
        self.stop = stop;
    }

    /// Why the last call stopped before its end, if it did. Its answer is then incomplete and
    /// must not be taken as one: a solve finds no solution, a count gives those found so far, a
    /// check gives at most what it had seen.
    pub fn stopped(&self) -> Option<StopReason> {
        self.stopped
    }

    /// Whether this solver uses a specialised path ([`fast9`](super::fast9) or
    /// [`fastn`](super::fastn)) rather than the general exact-cover search.
    pub fn is_specialised(&self) -> bool {
        self.fast.is_some()
    }

    /// The model (built now if it was not yet).
    pub fn model(&self) -> &Arc<Model> {
        &self
            .general
            .get_or_init(|| General::build(&self.shape))
            .model
    }

    /// The shape solved.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The work done by the last call (zero before any, or when it failed before searching).
    pub fn stats(&self) -> SolveStats {
        self.stats
    }

    /// Runs the puzzle until `limit` solutions (`None` for no limit) on the path this solver
    /// takes, recording the work and whether the `Stop` cut it short.
    fn run(&mut self, givens: &[u16], limit: Option<u64>) -> Result<u64, GivensError> {
        self.stats = SolveStats::default();
        self.stopped = None;
        #[cfg(feature = "sat")]
        if self.engine == EngineChoice::Sat && self.fast.is_some() {
            return self.run_sat(givens, limit);
        }
        if let Some(fast) = &mut self.fast {
            let path = fast.path();
            if let Some(solutions) = path.run(givens, limit.unwrap_or(u64::MAX)) {
                self.stats.solutions = solutions;
                self.stats.guesses = path.guesses();
                self.stopped = path.stopped();
                #[cfg(feature = "sat")]
                if self.hands_over && self.stopped == Some(StopReason::Budget) {
                    return self.run_sat(givens, limit);
                }
                return Ok(solutions);
            }
            // Refused: the one check says why. It accepts only what the path accepts too.
            self.shape.check_givens(givens)?;
            debug_assert!(false, "givens refused by the specialised path only");
        }
        let general = self.start_general(givens, limit)?;
        let status = loop {
            match general.search.step() {
                Status::Solution if general.search.stats().solutions == 1 => {
                    general.search.solution_into(&mut general.options);
                }
                Status::Solution => {}
                other => break other,
            }
        };
        let stats = general.search.stats();
        self.stats = SolveStats {
            solutions: stats.solutions,
            nodes: stats.nodes,
            updates: stats.updates,
            ..SolveStats::default()
        };
        if let Status::Stopped(reason) = status {
            self.stopped = Some(reason);
        }
        Ok(stats.solutions)
    }

    /// The call's answer by the SAT engine, from the candidates the propagation leaves (after
    /// the specialised path's guesses, if it ran, which stay in the statistics). A solve or a
    /// check is the SAT engine's; a count only when it proves there is no solution, else the
    /// specialised path counts under the solver's own stop.
    #[cfg(feature = "sat")]
    fn run_sat(&mut self, givens: &[u16], limit: Option<u64>) -> Result<u64, GivensError> {
        if limit == Some(0) {
            self.shape.check_givens(givens)?;
            return Ok(0);
        }
        let goal = match limit {
            Some(2) => sat::Goal::Check,
            _ => sat::Goal::Solve,
        };
        let propagation = match &mut self.fast {
            Some(Fast::Any(path)) => &mut **path,
            _ => self.sat.propagation.get_or_insert_with(|| {
                Box::new(SolverN::new(&self.shape).expect("a shape with a specialised path fits"))
            }),
        };
        let outcome = match sat::run_on(propagation, &self.shape, givens, goal, self.stop.clone()) {
            Ok(outcome) => outcome,
            Err(sat::Error::Givens(e)) => return Err(e),
            // Never a property of the puzzle: the engine itself failed.
            Err(e) => panic!("{e}"),
        };
        self.stats.conflicts = outcome.stats.conflicts;
        self.stats.sat = 1;
        self.stopped = outcome.stopped;
        let found = match outcome.verdict {
            Some(Verdict::None) => 0,
            Some(Verdict::Multiple) if goal == sat::Goal::Check => 2,
            _ => u64::from(outcome.solution.is_some()),
        };
        self.sat.first = outcome.solution;
        let counted = !limit.is_some_and(|limit| limit <= 2);
        if !counted || found == 0 || self.stopped.is_some() {
            self.stats.solutions = found;
            return Ok(found);
        }
        // A count of a puzzle with solutions: the specialised path's, under the solver's stop.
        self.stats.sat = 0;
        let stop = self.stop.clone();
        let Some(fast) = &mut self.fast else {
            unreachable!("the SAT engine answers only shapes with a specialised path")
        };
        let path = fast.path();
        let before = path.tally().watch.stop().clone();
        path.set_stop(stop);
        let solutions = path
            .run(givens, limit.unwrap_or(u64::MAX))
            .expect("givens the SAT path accepted");
        self.stats.solutions = solutions;
        self.stats.guesses += path.guesses();
        self.stopped = path.stopped();
        path.set_stop(before);
        Ok(solutions)
    }

    /// The number of solutions in which `cell` does not hold `value`, stopping at `limit` when
    /// given (see [`FastPath::run_without`]). Fails as the other calls do on wrong givens, and
    /// with [`GivensError::Value`] for a value out of range (a cell out of range is
    /// [`GivensError::Length`]).
    ///
    /// On a specialised path the value is struck from the cell before the search; on the
    /// general path the solutions are enumerated and those with `value` in `cell` passed over
    /// (as many as the givens with that value have: one, for a generator's check).
    pub fn count_without(
        &mut self,
        givens: &[u16],
        cell: usize,
        value: u16,
        limit: Option<u64>,
    ) -> Result<Count, GivensError> {
        let n = self.shape.size();
        if cell >= givens.len() {
            return Err(GivensError::Length {
                expected: n * n,
                found: givens.len(),
            });
        }
        if value == 0 || usize::from(value) > n {
            return Err(GivensError::Value {
                cell: super::shape::Cell::from_index(cell, n),
                value,
                size: n,
            });
        }
        let limit_or_all = limit.unwrap_or(u64::MAX);
        self.stats = SolveStats::default();
        self.stopped = None;
        if let Some(fast) = &mut self.fast {
            let path = fast.path();
            if let Some(solutions) = path.run_without(givens, cell, value, limit_or_all) {
                self.stats.solutions = solutions;
                self.stats.guesses = path.guesses();
                self.stopped = path.stopped();
                return Ok(Count {
                    solutions,
                    capped: solutions >= limit_or_all,
                    stats: self.stats,
                });
            }
            self.shape.check_givens(givens)?;
            debug_assert!(false, "givens refused by the specialised path only");
        }
        let general = self.start_general(givens, None)?;
        let mut options = Vec::new();
        let mut found = 0;
        let status = loop {
            match general.search.step() {
                Status::Solution => {
                    general.search.solution_into(&mut options);
                    if general.model.decode(&options)[cell] != value {
                        if found == 0 {
                            general.options.clone_from(&options);
                        }
                        found += 1;
                        if found >= limit_or_all {
                            break Status::LimitReached;
                        }
                    }
                }
                other => break other,
            }
        };
        let stats = general.search.stats();
        self.stats = SolveStats {
            solutions: found,
            guesses: 0,
            nodes: stats.nodes,
            updates: stats.updates,
            ..SolveStats::default()
        };
        if let Status::Stopped(reason) = status {
            self.stopped = Some(reason);
        }
        Ok(Count {
            solutions: found,
            capped: found >= limit_or_all,
            stats: self.stats,
        })
    }

    /// The first solution of the last run, if it found one.
    fn first(&self) -> Option<Vec<u16>> {
        if self.stats.solutions == 0 {
            return None;
        }
        #[cfg(feature = "sat")]
        if self.stats.sat > 0 {
            return self.sat.first.clone();
        }
        match (&self.fast, self.general.get()) {
            (Some(fast), _) => {
                let mut out = Vec::new();
                fast.path_ref().first_into(&mut out).then_some(out)
            }
            (None, Some(general)) => Some(general.model.decode(&general.options)),
            (None, None) => None,
        }
    }

    /// The first solution, or `None` when there is none.
    pub fn solve(&mut self, givens: &[u16]) -> Result<Option<Vec<u16>>, GivensError> {
        self.run(givens, Some(1))?;
        Ok(self.first())
    }

    /// The number of solutions, stopping at `limit` when given.
    pub fn count(&mut self, givens: &[u16], limit: Option<u64>) -> Result<Count, GivensError> {
        let solutions = self.run(givens, limit)?;
        Ok(Count {
            solutions,
            // On every path alike: the specialised paths stop as soon as the limit is reached.
            capped: limit.is_some_and(|limit| solutions >= limit),
            stats: self.stats,
        })
    }

    /// Whether there are no solutions, one, or more; stops at the second.
    pub fn check(&mut self, givens: &[u16]) -> Result<Check, GivensError> {
        let verdict = self.verdict(givens)?;
        Ok(Check {
            verdict,
            solution: self.first(),
            stats: self.stats,
        })
    }

    /// The verdict of [`Solver::check`] alone, with its statistics in [`Solver::stats`]: no copy
    /// of the solution is made, for callers that print only the verdict.
    pub fn verdict(&mut self, givens: &[u16]) -> Result<Verdict, GivensError> {
        Ok(match self.run(givens, Some(2))? {
            0 => Verdict::None,
            1 => Verdict::Unique,
            _ => Verdict::Multiple,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::validate::validate;

    fn solver(n: usize) -> Solver {
        Solver::new(Shape::standard(n).unwrap())
    }

    #[test]
    fn counts_and_limits() {
        let mut s = solver(4);
        let all = s.count(&[0; 16], None).unwrap();
        assert_eq!((all.solutions, all.capped), (288, false));
        // Every grid is a leaf of the search tree, so it takes at least 287 guesses.
        assert!(all.stats.guesses >= 287);
        assert_eq!((all.stats.nodes, all.stats.updates), (0, 0));
        let general = Solver::general(Shape::standard(4).unwrap()).count(&[0; 16], None);
        let general = general.unwrap().stats;
        assert!(general.nodes > 288 && general.updates > 0 && general.guesses == 0);
        let some = s.count(&[0; 16], Some(10)).unwrap();
        assert_eq!((some.solutions, some.capped), (10, true));
        assert_eq!(s.stats(), some.stats);
    }

    #[test]
    fn a_stop_stops_every_path_and_says_why() {
        let budget = Stop::new().with_budget(dlx_core::Budget::Nodes(3));
        // Every path, each on a grid with many solutions.
        let general = Solver::general(Shape::standard(4).unwrap());
        for mut s in [solver(4), solver(9), general] {
            let n = s.shape().size();
            let empty = vec![0; n * n];
            s.set_stop(budget.clone());
            let count = s.count(&empty, None).unwrap();
            assert_eq!(s.stopped(), Some(StopReason::Budget));
            let work = count.stats.nodes + count.stats.guesses;
            assert!(work <= 4, "{n}: {:?}", count.stats);
            assert!(count.solutions < 288);
            s.set_stop(Stop::new());
            assert!(s.solve(&empty).unwrap().is_some());
            assert_eq!(s.stopped(), None);
        }
        // A deadline is looked at every few thousand nodes: on grids with more solutions.
        let general = Solver::general(Shape::standard(6).unwrap());
        for mut s in [solver(16), solver(9), general] {
            let n = s.shape().size();
            s.set_stop(Stop::new().with_deadline(std::time::Instant::now()));
            s.count(&vec![0; n * n], None).unwrap();
            assert_eq!(s.stopped(), Some(StopReason::Deadline), "{n}");
        }
    }

    #[test]
    fn the_trivial_sizes_solve() {
        assert_eq!(solver(1).solve(&[0]).unwrap(), Some(vec![1]));
        assert_eq!(solver(1).count(&[1], None).unwrap().solutions, 1);
        // 1x2 boxes are the rows: a 2x2 Latin square.
        assert_eq!(solver(2).count(&[0; 4], None).unwrap().solutions, 2);
    }

    #[test]
    fn verdicts_none_unique_multiple() {
        let mut s = solver(4);
        let unique = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0];
        let check = s.check(&unique).unwrap();
        assert_eq!(check.verdict, Verdict::Unique);
        let solution = check.solution.unwrap();
        assert_eq!(solution[15], 1);
        validate(s.shape(), &unique, &solution).unwrap();

        // No direct clash, but the last cell can take nothing.
        let none = [1, 2, 3, 0, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4];
        let check = s.check(&none).unwrap();
        assert_eq!((check.verdict, check.solution), (Verdict::None, None));
        assert_eq!(s.solve(&none).unwrap(), None);

        let check = s.check(&[0; 16]).unwrap();
        assert_eq!(check.verdict, Verdict::Multiple);
        validate(s.shape(), &[0; 16], &check.solution.unwrap()).unwrap();
        assert_eq!(check.stats.solutions, 2);
    }

    /// `verdict` says what `check` says, on the specialised paths and the general one, and
    /// leaves the same statistics.
    #[test]
    fn the_verdict_alone_agrees_with_the_check() {
        let unique = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0];
        let none = [1, 2, 3, 0, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4];
        let classic: Vec<u16> =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .bytes()
                .map(|b| if b == b'.' { 0 } else { u16::from(b - b'0') })
                .collect();
        let mut cases = Vec::new();
        for mut s in [solver(4), Solver::general(Shape::standard(4).unwrap())] {
            for givens in [&unique[..], &none[..], &[0; 16][..]] {
                cases.push((
                    s.check(givens).unwrap(),
                    s.verdict(givens).unwrap(),
                    s.stats(),
                ));
            }
        }
        for mut s in [solver(9), Solver::general(Shape::standard(9).unwrap())] {
            cases.push((
                s.check(&classic).unwrap(),
                s.verdict(&classic).unwrap(),
                s.stats(),
            ));
        }
        for (check, verdict, stats) in cases {
            assert_eq!((check.verdict, check.stats), (verdict, stats));
        }
    }

    /// Counting the solutions with a value struck from a cell agrees on every path, and with
    /// the count of all solutions less those that hold the value there.
    #[test]
    fn counts_without_a_value_agree_on_every_path() {
        let classic: Vec<u16> =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .bytes()
                .map(|b| if b == b'.' { 0 } else { u16::from(b - b'0') })
                .collect();
        // Half the cells of its solution: few solutions once a given more is taken out.
        let full = solver(9).solve(&classic).unwrap().unwrap();
        let half: Vec<u16> = (0..81)
            .map(|c| if c % 2 == 0 { full[c] } else { 0 })
            .collect();
        let unique = vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0];
        for givens in [half, unique] {
            let n = if givens.len() == 81 { 9 } else { 4 };
            let shape = Shape::standard(n).unwrap();
            let fast_n = Solver {
                fast: SolverN::new(&shape).map(|s| Fast::Any(Box::new(s))),
                ..Solver::general(shape.clone())
            };
            let mut paths = [Solver::new(shape.clone()), fast_n, Solver::general(shape)];
            let total = paths[2].count(&givens, None).unwrap().solutions;
            for cell in (0..n * n).filter(|&c| givens[c] != 0).take(6) {
                let (value, mut fewer) = (givens[cell], givens.clone());
                fewer[cell] = 0;
                let all = paths[2].count(&fewer, None).unwrap().solutions;
                for path in &mut paths {
                    let without = path.count_without(&fewer, cell, value, None);
                    assert_eq!(without.unwrap().solutions, all - total, "{n} {cell}");
                    let other = value % n as u16 + 1;
                    let with = path.count_without(&givens, cell, other, None).unwrap();
                    assert_eq!(with.solutions, total, "{n} {cell}");
                    let none = path.count_without(&givens, cell, value, None);
                    assert_eq!(none.unwrap().solutions, 0);
                    assert!(path.count_without(&givens, n * n, 1, None).is_err());
                    assert!(path.count_without(&givens, cell, 0, None).is_err());
                }
            }
        }
    }

    #[test]
    fn a_solver_is_reused_across_puzzles() {
        let mut s = solver(4);
        let mut givens = [0; 16];
        givens[0] = 4;
        givens[1] = 4;
        assert!(matches!(s.solve(&givens), Err(GivensError::Clash(_))));
        assert_eq!(s.stats(), SolveStats::default());
        givens[1] = 3;
        let solution = s.solve(&givens).unwrap().unwrap();
        validate(s.shape(), &givens, &solution).unwrap();
        assert_eq!(s.stats().solutions, 1);
    }
}
