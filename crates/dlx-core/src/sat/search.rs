//! One run of the SAT engine: solve, check the model, exclude it, solve again.

use std::borrow::Cow;

use rustsat::types::Lit;
use thiserror::Error;

use super::check::{check, Invalid};
use super::encode::{encode, option_lit, variables, Encoding, Size};
use super::solver::{Answer, Solver};
use crate::problem::Problem;
use crate::{Budget, Engine, Status, Stop, StopReason};

/// Statistics of a SAT run: the solver's own counters and the size of the formula.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Solutions found (models checked and reported).
    pub solutions: u64,
    /// Conflicts the solver met (each one a clause learned).
    pub conflicts: u64,
    /// Decisions: variables the solver set by choice rather than by propagation.
    pub decisions: u64,
    /// Propagations: literals set by unit propagation.
    pub propagations: u64,
    /// Clauses given to the solver: the encoding, forced options and blocking clauses.
    pub clauses: u64,
    /// Variables of the formula: options, colors and the encodings' auxiliary variables.
    pub variables: u64,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.solutions += other.solutions;
        self.conflicts += other.conflicts;
        self.decisions += other.decisions;
        self.propagations += other.propagations;
        self.clauses += other.clauses;
        self.variables += other.variables;
    }
}

/// How the solver is set up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Settings {
    /// Tuned for exact-cover formulas (measured; see the source of `tune`).
    #[default]
    Tuned,
    /// CaDiCaL's own defaults, as a comparison takes it.
    Defaults,
}

/// What can go wrong in a SAT run. None of it comes of the problem: each is a failure of the
/// solver or of this engine, reported instead of a wrong answer.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    /// The solver failed (out of memory, or a call it refused).
    #[error("the SAT solver failed: {0}")]
    Solver(String),
    /// The solver returned a model that is not a solution of the problem.
    #[error("the SAT solver returned a model that is not a solution: {0}")]
    InvalidModel(Invalid),
}

/// One SAT run over a [`Problem`]: each [`step`](Self::step) finds a solution no step found
/// before, or proves there is none left ([`Status::Exhausted`]), or stops at the limit or at its
/// [`Stop`] ([`Status::LimitReached`], [`Status::Stopped`]). Solutions come in no particular
/// order.
///
/// As an [`Engine`], its nodes are the solver's conflicts and its updates its propagations: a
/// [`Budget::Nodes`] is a conflict limit inside the solver; a [`Budget::Updates`] is looked at
/// only between two solves. The deadline and the cancel flag are read by the solver itself,
/// every few conflicts, so a long solve stops within milliseconds.
pub struct Search<'a> {
    /// Borrowed, or owned by a search that must outlive its caller's borrow (a binding's).
    problem: Cow<'a, Problem>,
    solver: Solver,
    /// The options of the last solution, in increasing order.
    solution: Vec<usize>,
    /// Whether `solution` still has to be excluded before the next solve.
    unblocked: bool,
    done: bool,
    stats: Stats,
    limit: Option<u64>,
    stop: Stop,
    forced: Vec<usize>,
}

impl std::fmt::Debug for Search<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("sat::Search")
            .field("stats", &self.stats)
            .field("limit", &self.limit)
            .field("stop", &self.stop)
            .finish_non_exhaustive()
    }
}

impl Search<'static> {
    /// A search that owns its problem, with the default [`Encoding`]: one that can be kept
    /// beyond the life of any borrow (between two calls from Python, say).
    pub fn owned(problem: Problem) -> Result<Search<'static>, Error> {
        Search::encoded(
            Cow::Owned(problem),
            Encoding::default(),
            Settings::default(),
        )
    }
}

impl<'a> Search<'a> {
    /// A search over `problem` with the default [`Encoding`].
    pub fn new(problem: &'a Problem) -> Result<Search<'a>, Error> {
        Search::with_encoding(problem, Encoding::default())
    }

    /// A search over `problem`, its at-most-one constraints written as `encoding` says.
    pub fn with_encoding(problem: &'a Problem, encoding: Encoding) -> Result<Search<'a>, Error> {
        Search::with_settings(problem, encoding, Settings::default())
    }

    /// A search over `problem`, its at-most-one constraints written as `encoding` says, the
    /// solver set up as `settings` say.
    pub fn with_settings(
        problem: &'a Problem,
        encoding: Encoding,
        settings: Settings,
    ) -> Result<Search<'a>, Error> {
        Search::encoded(Cow::Borrowed(problem), encoding, settings)
    }

    fn encoded(
        problem: Cow<'a, Problem>,
        encoding: Encoding,
        settings: Settings,
    ) -> Result<Search<'a>, Error> {
        let mut solver = Solver::new(settings)?;
        let mut vars = variables(&problem);
        let Size { variables, clauses } = encode(&problem, encoding, &mut solver, &mut vars)
            .map_err(|error| Error::Solver(error.to_string()))?;
        Ok(Search {
            problem,
            solver,
            solution: Vec::new(),
            unblocked: false,
            done: false,
            stats: Stats {
                clauses,
                variables,
                ..Stats::default()
            },
            limit: None,
            stop: Stop::new(),
            forced: Vec::new(),
        })
    }

    /// Puts `option` into every solution (a unit clause). Options that cannot be together make
    /// the problem have no solution; nothing is checked here.
    pub fn force(&mut self, option: usize) -> Result<(), Error> {
        if option >= self.problem.option_count() {
            return Err(Error::Solver(format!("there is no option #{option}")));
        }
        self.add([option_lit(option)]);
        self.forced.push(option);
        Ok(())
    }

    /// Stops the search once this many solutions have been found; `None` for no limit.
    pub fn set_limit(&mut self, limit: Option<u64>) {
        self.limit = limit;
    }

    /// When to stop a solve before its answer (a budget of conflicts, a deadline, a cancel
    /// flag); the search can go on later with another.
    pub fn set_stop(&mut self, stop: Stop) {
        self.solver.watch(&stop);
        self.stop = stop;
    }

    /// The statistics so far, with the solver's own figures ([`Engine::stats`] gives the
    /// common ones).
    pub fn sat_stats(&self) -> Stats {
        let mut stats = self.stats;
        stats.conflicts = self.solver.conflicts();
        stats.decisions = self.solver.decisions();
        stats.propagations = self.solver.propagations();
        stats
    }

    /// The solution found by the last step that returned [`Status::Solution`], as option
    /// numbers in increasing order (forced options included).
    pub fn solution(&self) -> &[usize] {
        &self.solution
    }

    /// Like [`solution`](Self::solution), but writes into `options` (cleared first).
    pub fn solution_into(&self, options: &mut Vec<usize>) {
        options.clear();
        options.extend_from_slice(&self.solution);
    }

    /// Runs until the next solution, the proof that there is none left, the limit or the stop.
    ///
    /// # Panics
    ///
    /// If the solver fails or returns a model that is not a solution (see
    /// [`try_step`](Self::try_step), which reports these as errors).
    pub fn step(&mut self) -> Status {
        self.try_step()
            .unwrap_or_else(|error| panic!("the SAT engine failed: {error}"))
    }

    /// Like [`step`](Self::step), with the solver's failures (never a property of the problem)
    /// as errors.
    pub fn try_step(&mut self) -> Result<Status, Error> {
        if self.done {
            return Ok(Status::Exhausted);
        }
        if self
            .limit
            .is_some_and(|limit| self.stats.solutions >= limit)
        {
            return Ok(Status::LimitReached);
        }
        if self.unblocked {
            self.exclude_solution();
        }
        self.solution.clear();
        let conflicts = self.solver.conflicts();
        if let Some(reason) = self.stop.reached(conflicts, self.solver.propagations()) {
            return Ok(Status::Stopped(reason));
        }
        let limit = match self.stop.budget() {
            Budget::Nodes(budget) => Some(budget - conflicts),
            _ => None,
        };
        match self.solver.solve(limit) {
            Answer::Sat => {
                self.read_model();
                check(&self.problem, &self.solution).map_err(Error::InvalidModel)?;
                self.stats.solutions += 1;
                self.unblocked = true;
                Ok(Status::Solution)
            }
            Answer::Unsat => {
                self.done = true;
                Ok(Status::Exhausted)
            }
            Answer::Interrupted => Ok(Status::Stopped(
                self.stop.halted().unwrap_or(StopReason::Budget),
            )),
        }
    }

    /// Reads the chosen options off the solver's model.
    fn read_model(&mut self) {
        self.solution.clear();
        for option in 0..self.problem.option_count() {
            if self.solver.is_true(option_lit(option)) {
                self.solution.push(option);
            }
        }
    }

    /// Adds the clause that no later solution is the last one.
    ///
    /// Without multiplicities, no solution holds another one: the options of the larger would
    /// cover a primary item of the smaller twice, as every option has a primary item. So "not
    /// all of these options" is enough. With multiplicities a solution may be a subset of
    /// another, and the clause also allows any option outside the last solution.
    fn exclude_solution(&mut self) {
        self.unblocked = false;
        let mut clause: Vec<Lit> = self.solution.iter().map(|&o| !option_lit(o)).collect();
        if self.problem.has_multiplicities() {
            let mut inside = self.solution.iter().peekable();
            for option in 0..self.problem.option_count() {
                if inside.next_if_eq(&&option).is_none() {
                    clause.push(option_lit(option));
                }
            }
        }
        self.add(clause);
    }

    fn add(&mut self, clause: impl IntoIterator<Item = Lit>) {
        self.stats.clauses += 1;
        self.solver.add(clause);
    }
}

impl Engine for Search<'_> {
    fn step(&mut self) -> Status {
        Search::step(self)
    }

    fn solution_into(&self, options: &mut Vec<usize>) {
        Search::solution_into(self, options);
    }

    /// Solutions, conflicts as nodes and propagations as updates.
    fn stats(&self) -> crate::Stats {
        let stats = self.sat_stats();
        crate::Stats {
            solutions: stats.solutions,
            nodes: stats.conflicts,
            updates: stats.propagations,
        }
    }

    fn stats_line(&self) -> String {
        let s = self.sat_stats();
        format!(
            "engine=sat solutions={} conflicts={} decisions={} propagations={} clauses={} \
             variables={}",
            s.solutions, s.conflicts, s.decisions, s.propagations, s.clauses, s.variables
        )
    }

    fn set_limit(&mut self, limit: Option<u64>) {
        Search::set_limit(self, limit);
    }

    fn set_stop(&mut self, stop: Stop) {
        Search::set_stop(self, stop);
    }

    fn name(&self) -> &'static str {
        "sat"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knuth;

    fn parse(text: &str) -> Problem {
        knuth::parse(text).unwrap().problem
    }

    #[test]
    fn finds_every_solution_then_proves_there_are_no_more() {
        let problem = parse("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n");
        let mut search = Search::new(&problem).unwrap();
        assert_eq!(search.step(), Status::Solution);
        assert_eq!(search.solution(), [0, 3, 4]);
        assert_eq!(search.step(), Status::Exhausted);
        assert_eq!(search.step(), Status::Exhausted);
        let stats = search.sat_stats();
        assert_eq!(stats.solutions, 1);
        assert_eq!(stats.variables, 6);
    }

    #[test]
    fn limits_and_stops() {
        let problem = parse("A B\nA\nB\nA B\n");
        let mut search = Search::new(&problem).unwrap();
        search.set_limit(Some(1));
        assert_eq!(search.step(), Status::Solution);
        assert_eq!(search.step(), Status::LimitReached);
        search.set_limit(None);
        let cancel = crate::Cancel::new();
        cancel.cancel();
        search.set_stop(Stop::new().with_cancel(cancel.clone()));
        assert_eq!(search.step(), Status::Stopped(StopReason::Cancelled));
        cancel.reset();
        assert_eq!(search.step(), Status::Solution);
        assert_eq!(search.step(), Status::Exhausted);
        assert_eq!(search.sat_stats().solutions, 2);
    }

    #[test]
    fn forced_options_are_in_every_solution() {
        let problem = parse("A B\nA\nB\nA B\n");
        let mut search = Search::new(&problem).unwrap();
        search.force(2).unwrap();
        assert_eq!(search.count(), Status::Exhausted);
        assert_eq!(search.sat_stats().solutions, 1);
        let mut clash = Search::new(&problem).unwrap();
        clash.force(0).unwrap();
        clash.force(2).unwrap();
        clash.force(1).unwrap();
        assert_eq!(clash.step(), Status::Exhausted);
        assert!(clash.force(3).is_err());
    }

    #[test]
    fn multiplicities_and_subsets_of_solutions() {
        // A once or twice: {0}, {1}, {0, 1}; B is covered by option 2, needed once.
        let problem = parse("2:2|A 1:2|B\nA B\nA\nB\n");
        let mut search = Search::new(&problem).unwrap();
        assert_eq!(search.count(), Status::Exhausted);
        let expected = crate::Search::new(&problem).solutions().count() as u64;
        assert_eq!(search.sat_stats().solutions, expected);
    }
}
