//! Solving puzzles of one shape, one after another, on one model and one reusable search.

use std::cell::OnceCell;
use std::sync::Arc;

use dlx_core::{Budget, Search, Stats, Status};

use super::encode::{Clash, GivensError, Model};
use super::fast9::{self, Solver9};
use super::fastn::{self, SolverN};
use super::limits::Limits;
use super::puzzle::Verdict;
use super::shape::{Cell, House, Shape};

/// The number of solutions of a puzzle, from [`Solver::count`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found.
    pub solutions: u64,
    /// Whether the count reached the limit (there may be more): on every path alike, even when
    /// the search could have told that there are no more.
    pub capped: bool,
    /// The work done.
    pub stats: Stats,
}

/// Whether a puzzle has none, one or more solutions, from [`Solver::check`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// The verdict.
    pub verdict: Verdict,
    /// The first solution found, if any: `n²` values, row by row.
    pub solution: Option<Vec<u16>>,
    /// The work done.
    pub stats: Stats,
}

/// Solves puzzles of one shape. The exact-cover model is built once (and may be shared between
/// solvers); the search's memory is reused from puzzle to puzzle, so a solver is cheap to keep
/// and call many times.
///
/// Givens are `n²` values row by row, `0` for an empty cell. Every method fails with
/// [`GivensError`] when the givens do not fit the shape or clash directly.
///
/// Unless the solver was made with [`Solver::general`], it takes a specialised path that solves
/// the same exact cover with bit masks: the classic 9x9 shape (3x3 boxes, no extra regions) the
/// bit-parallel path of [`fast9`], every other shape of side at most 64 (any boxes, jigsaw
/// regions, extra regions) the path of [`fastn`]. Larger sides take the general exact-cover
/// search. All paths give the same answers (the same verdicts and counts; for a puzzle with
/// several solutions, possibly another first solution). On a specialised path [`Stats::nodes`]
/// counts the guesses (each alternative tried at a branch but the last) and [`Stats::updates`]
/// is 0.
///
/// [`Solver::set_limits`] bounds the work of each call; every path honours the limits, and
/// [`Solver::unfinished`] tells whether the last call stopped at one.
///
/// The exact-cover model is built when it is first needed: always for the general path, and on
/// a specialised path only to say what is wrong with givens it refuses (building it costs more
/// than solving a puzzle on those paths, which matters when each puzzle has a shape of its own,
/// as jigsaw judge inputs have).
#[derive(Clone, Debug)]
pub struct Solver {
    shape: Shape,
    general: OnceCell<General>,
    stats: Stats,
    fast: Option<Fast>,
    limits: Limits,
    unfinished: bool,
}

/// The general path: the model and a search on it, reused from puzzle to puzzle.
#[derive(Clone, Debug)]
struct General {
    model: Arc<Model>,
    search: Search,
    /// The options of the last solution.
    options: Vec<usize>,
}

/// The general path in `cell`, built for `shape` if it is not there yet.
fn general_path<'a>(cell: &'a mut OnceCell<General>, shape: &Shape) -> &'a mut General {
    cell.get_or_init(|| General::build(shape));
    cell.get_mut().expect("the general path was just built")
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

    /// The current solution's values.
    fn solution(&mut self) -> Vec<u16> {
        self.search.solution_into(&mut self.options);
        self.model.decode(&self.options)
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

impl Solver {
    /// A solver for `shape`.
    pub fn new(shape: Shape) -> Solver {
        let fast =
            if shape.size() == 9 && shape.box_size() == Some((3, 3)) && shape.extra().is_empty() {
                Some(Fast::Classic(Box::default()))
            } else {
                SolverN::new(&shape).map(|s| Fast::Any(Box::new(s)))
            };
        Solver {
            fast,
            ..Solver::general_lazily(shape)
        }
    }

    /// A solver on a model built before (and possibly shared with other solvers).
    pub fn with_model(model: Arc<Model>) -> Solver {
        let solver = Solver::new(model.shape().clone());
        // Just made: the cell is empty.
        let _ = solver.general.set(General::new(model));
        solver
    }

    /// A solver for `shape` that always uses the general exact-cover search, even where a
    /// specialised path exists (to compare the two, or for Knuth's statistics).
    pub fn general(shape: Shape) -> Solver {
        Solver::general_lazily(shape)
    }

    fn general_lazily(shape: Shape) -> Solver {
        Solver {
            shape,
            general: OnceCell::new(),
            stats: Stats::default(),
            fast: None,
            limits: Limits::default(),
            unfinished: false,
        }
    }

    /// The general path, built on first use.
    fn general_path(&mut self) -> &mut General {
        general_path(&mut self.general, &self.shape)
    }

    /// Bounds the work of every later call: a budget of nodes per puzzle (guesses on a
    /// specialised path) and a deadline.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Whether the last call stopped at a limit before its end. Its answer is then incomplete
    /// and must not be taken as one: a solve finds no solution, a count gives those found so
    /// far, a check gives at most what it had seen.
    pub fn unfinished(&self) -> bool {
        self.unfinished
    }

    /// Whether this solver uses a specialised path ([`fast9`] or [`fastn`]) rather than the
    /// general exact-cover search.
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
    pub fn stats(&self) -> Stats {
        self.stats
    }

    fn start(&mut self, givens: &[u16], limit: Option<u64>) -> Result<(), GivensError> {
        self.stats = Stats::default();
        self.unfinished = false;
        let limits = self.limits;
        let general = self.general_path();
        general.model.start(&mut general.search, givens)?;
        general.search.set_limit(limit);
        if !limits.is_unlimited() {
            general
                .search
                .set_budget(Budget::Nodes(limits.next_look(0)));
        }
        Ok(())
    }

    /// Steps the general search; with limits, it pauses every few thousand nodes to look at
    /// them, and stops (as [`Status::BudgetExhausted`]) when one is reached.
    fn step(&mut self) -> Status {
        let limits = self.limits;
        let search = &mut self.general_path().search;
        let status = loop {
            let status = search.step();
            if status != Status::BudgetExhausted {
                break status;
            }
            let nodes = search.stats().nodes;
            if limits.reached(nodes) {
                break status;
            }
            search.set_budget(Budget::Nodes(limits.next_look(nodes)));
        };
        self.unfinished = status == Status::BudgetExhausted;
        status
    }

    /// The general search's statistics.
    fn general_stats(&mut self) -> Stats {
        self.general_path().search.stats()
    }

    /// Runs the specialised path, if this solver has one, until `limit` solutions, and returns
    /// how many it found ([`Solver::fast_first`] copies the first); records its statistics (all
    /// but the solutions, which the caller knows how to count).
    fn fast(&mut self, givens: &[u16], limit: u64) -> Option<Result<u64, GivensError>> {
        let fast = self.fast.as_mut()?;
        self.stats = Stats::default();
        self.unfinished = false;
        let result = match fast {
            Fast::Classic(solver) => classic_cells(givens).and_then(|cells| {
                solver.set_limits(self.limits);
                let solutions = solver.count(&cells, limit).map_err(classic_error)?;
                self.stats.nodes = solver.guesses();
                self.unfinished = solver.stopped();
                Ok(solutions)
            }),
            Fast::Any(solver) => {
                solver.set_limits(self.limits);
                match solver.run(givens, limit) {
                    Ok(solutions) => {
                        self.stats.nodes = solver.guesses();
                        self.unfinished = solver.stopped();
                        Ok(solutions)
                    }
                    // The model knows what is wrong and where: the same error as the general
                    // path.
                    Err(fastn::Rejected) => {
                        let general = general_path(&mut self.general, &self.shape);
                        match general.model.start(&mut general.search, givens) {
                            Err(e) => Err(e),
                            Ok(()) => {
                                debug_assert!(false, "givens refused by the fast path only");
                                Ok(0)
                            }
                        }
                    }
                }
            }
        };
        Some(result)
    }

    /// A copy of the first solution the last run of the specialised path found, if any.
    fn fast_first(&self) -> Option<Vec<u16>> {
        match self.fast.as_ref()? {
            Fast::Classic(solver) => solver.first().map(|cells| cells.map(u16::from).to_vec()),
            Fast::Any(solver) => solver.first().map(<[u16]>::to_vec),
        }
    }

    /// The first solution, or `None` when there is none.
    pub fn solve(&mut self, givens: &[u16]) -> Result<Option<Vec<u16>>, GivensError> {
        if let Some(result) = self.fast(givens, 1) {
            self.stats.solutions = result?;
            return Ok(self.fast_first());
        }
        self.start(givens, Some(1))?;
        let found = self.step() == Status::Solution;
        let solution = found.then(|| self.general_path().solution());
        self.stats = self.general_stats();
        Ok(solution)
    }

    /// The number of solutions, stopping at `limit` when given.
    pub fn count(&mut self, givens: &[u16], limit: Option<u64>) -> Result<Count, GivensError> {
        let cap = limit.unwrap_or(u64::MAX);
        if let Some(result) = self.fast(givens, cap) {
            self.stats.solutions = result?;
            return Ok(Count {
                solutions: self.stats.solutions,
                capped: limit.is_some_and(|limit| self.stats.solutions >= limit),
                stats: self.stats,
            });
        }
        self.start(givens, limit)?;
        while self.step() == Status::Solution {}
        self.stats = self.general_stats();
        Ok(Count {
            solutions: self.stats.solutions,
            // As on the specialised paths, which stop as soon as the limit is reached.
            capped: limit.is_some_and(|limit| self.stats.solutions >= limit),
            stats: self.stats,
        })
    }

    /// Whether there are no solutions, one, or more; stops at the second.
    pub fn check(&mut self, givens: &[u16]) -> Result<Check, GivensError> {
        self.check_keeping(givens, true)
    }

    /// The verdict of [`Solver::check`] alone, with its statistics in [`Solver::stats`]: no copy
    /// of the solution is made, for callers that print only the verdict.
    pub fn verdict(&mut self, givens: &[u16]) -> Result<Verdict, GivensError> {
        Ok(self.check_keeping(givens, false)?.verdict)
    }

    /// [`Solver::check`], with a copy of the first solution when `keep` says so.
    fn check_keeping(&mut self, givens: &[u16], keep: bool) -> Result<Check, GivensError> {
        if let Some(result) = self.fast(givens, 2) {
            self.stats.solutions = result?;
            let verdict = match self.stats.solutions {
                0 => Verdict::None,
                1 => Verdict::Unique,
                _ => Verdict::Multiple,
            };
            return Ok(Check {
                verdict,
                solution: if keep { self.fast_first() } else { None },
                stats: self.stats,
            });
        }
        self.start(givens, Some(2))?;
        let mut solution = None;
        let verdict = if self.step() != Status::Solution {
            Verdict::None
        } else {
            solution = keep.then(|| self.general_path().solution());
            if self.step() == Status::Solution {
                Verdict::Multiple
            } else {
                Verdict::Unique
            }
        };
        self.stats = self.general_stats();
        Ok(Check {
            verdict,
            solution,
            stats: self.stats,
        })
    }
}

/// The givens of a 9x9 puzzle as the specialised path takes them, with the same errors the
/// general path gives for a wrong length or value.
fn classic_cells(givens: &[u16]) -> Result<[u8; 81], GivensError> {
    let Ok(givens) = <&[u16; 81]>::try_from(givens) else {
        return Err(GivensError::Length {
            expected: 81,
            found: givens.len(),
        });
    };
    // Check all the values first, then narrow them: both loops are branch-free and vectorise;
    // the loop that finds which value is wrong runs only on an error.
    if givens.iter().any(|&value| value > 9) {
        let k = givens.iter().position(|&value| value > 9).unwrap_or(0);
        return Err(GivensError::Value {
            cell: Cell {
                row: k / 9,
                column: k % 9,
            },
            value: givens[k],
            size: 9,
        });
    }
    Ok(givens.map(|value| value as u8))
}

/// The specialised path's error in the model's terms.
fn classic_error(clash: fast9::Clash) -> GivensError {
    let cell = |k: usize| Cell {
        row: k / 9,
        column: k % 9,
    };
    match clash {
        fast9::Clash::Duplicate {
            value,
            first,
            second,
            house,
        } => GivensError::Clash(Clash {
            value: u16::from(value),
            first: cell(first),
            second: cell(second),
            house: match house {
                fast9::House::Row(k) => House::Row(usize::from(k)),
                fast9::House::Column(k) => House::Column(usize::from(k)),
                fast9::House::Box(k) => House::Box(usize::from(k)),
            },
        }),
        fast9::Clash::BadValue { cell: k, value } => GivensError::Value {
            cell: cell(k),
            value: u16::from(value),
            size: 9,
        },
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
        assert!(all.stats.nodes >= 287);
        let general = Solver::general(Shape::standard(4).unwrap()).count(&[0; 16], None);
        assert!(general.unwrap().stats.nodes > 288);
        let some = s.count(&[0; 16], Some(10)).unwrap();
        assert_eq!((some.solutions, some.capped), (10, true));
        assert_eq!(s.stats(), some.stats);
    }

    #[test]
    fn limits_stop_every_path_and_say_so() {
        let budget = Limits {
            nodes: Some(3),
            ..Limits::default()
        };
        // Every path, each on a grid with many solutions.
        let general = Solver::general(Shape::standard(4).unwrap());
        for mut s in [solver(4), solver(9), general] {
            let n = s.shape().size();
            let empty = vec![0; n * n];
            s.set_limits(budget);
            let count = s.count(&empty, None).unwrap();
            assert!(s.unfinished());
            assert!(count.stats.nodes <= 4, "{n}: {:?}", count.stats);
            assert!(count.solutions < 288);
            s.set_limits(Limits::default());
            assert!(s.solve(&empty).unwrap().is_some());
            assert!(!s.unfinished());
        }
        // A deadline is looked at every few thousand nodes: on grids with more solutions.
        for mut s in [solver(16), solver(9)] {
            let n = s.shape().size();
            s.set_limits(Limits {
                deadline: Some(std::time::Instant::now()),
                ..Limits::default()
            });
            s.count(&vec![0; n * n], None).unwrap();
            assert!(s.unfinished(), "{n}");
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

    #[test]
    fn a_solver_is_reused_across_puzzles() {
        let mut s = solver(4);
        let mut givens = [0; 16];
        givens[0] = 4;
        givens[1] = 4;
        assert!(matches!(s.solve(&givens), Err(GivensError::Clash(_))));
        assert_eq!(s.stats(), Stats::default());
        givens[1] = 3;
        let solution = s.solve(&givens).unwrap().unwrap();
        validate(s.shape(), &givens, &solution).unwrap();
        assert_eq!(s.stats().solutions, 1);
    }
}
