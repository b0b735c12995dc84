//! Answering a judge input: each case is read, solved with the Sudoku [`Solver`] (one per
//! shape, kept and reused) and its reply written, before the next case is read.

use std::collections::HashMap;
use std::io::{self, BufRead, Write};

use crate::sudoku::format::FormatError;
use crate::sudoku::{GivensError, Limits, Shape, Solver, Verdict};

use super::case::{Case, Question, Reply};
use super::Problem;

/// Solvers are kept per shape; this many at most (every HDU 4069 case may have its own).
const MAX_SOLVERS: usize = 64;

/// Why a judge run stopped early.
#[derive(Debug, thiserror::Error)]
pub enum JudgeError {
    /// The input does not follow the problem's format (or could not be read): where, and what
    /// was expected there. The cases before it were answered.
    #[error(transparent)]
    Input(#[from] FormatError),
    /// The replies could not be written.
    #[error("cannot write the answers: {0}")]
    Write(#[from] io::Error),
    /// A limit (node budget or deadline) stopped the search of a case before its reply was
    /// known. A judge's output has no place for such a case, so the run ends there; the cases
    /// before it were answered.
    #[error("case {case} (line {line}) is unfinished: a limit ran out before its reply was known")]
    Unfinished {
        /// The case's number, from 1.
        case: usize,
        /// The line where it starts.
        line: usize,
    },
}

/// What a run answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Cases answered.
    pub cases: usize,
    /// Cases without solution in a problem that defines no reply for them (they were answered
    /// `no solution`).
    pub unsolved: usize,
}

/// Solves judge cases with the same [`Solver`] as `dlx solve`: one per shape, reused from case
/// to case.
#[derive(Debug, Default)]
pub struct Judge {
    solvers: HashMap<Shape, Solver>,
    limits: Limits,
}

impl Judge {
    /// A judge with no solver built yet.
    pub fn new() -> Judge {
        Judge::default()
    }

    /// A judge whose every case is searched within `limits`; see [`Judge::unfinished`].
    pub fn with_limits(limits: Limits) -> Judge {
        Judge {
            solvers: HashMap::new(),
            limits,
        }
    }

    /// Whether the last reply was cut short by a limit: it is then not to be printed.
    pub fn unfinished(&self) -> bool {
        self.solvers.values().any(Solver::unfinished)
    }

    /// The reply to `case`: for [`Question::Solve`] the first solution found, for
    /// [`Question::Verdict`] the solution only when it is unique. Givens that clash directly
    /// have no solution. Fails only when the cells do not fit the case's shape.
    pub fn reply(&mut self, question: Question, case: &Case) -> Result<Reply, GivensError> {
        let solver = self.solver(&case.shape);
        let reply = match question {
            Question::Solve => solver
                .solve(&case.cells)
                .map(|found| found.map_or(Reply::NoSolution, Reply::Solution)),
            Question::Verdict => {
                solver
                    .check(&case.cells)
                    .map(|check| match (check.verdict, check.solution) {
                        (Verdict::Unique, Some(solution)) => Reply::Solution(solution),
                        (Verdict::Multiple, _) => Reply::Multiple,
                        _ => Reply::NoSolution,
                    })
            }
        };
        match reply {
            Err(GivensError::Clash(_)) => Ok(Reply::NoSolution),
            other => other,
        }
    }

    /// The solver of `shape`, built on first use.
    fn solver(&mut self, shape: &Shape) -> &mut Solver {
        if self.solvers.len() >= MAX_SOLVERS && !self.solvers.contains_key(shape) {
            self.solvers.clear();
        }
        let limits = self.limits;
        let solver = self
            .solvers
            .entry(shape.clone())
            .or_insert_with_key(|shape| Solver::new(shape.clone()));
        solver.set_limits(limits);
        solver
    }
}

/// Answers every case of `input` for `problem` on `out`, each reply written before the next
/// case is read. Stops at the first malformed case, with the replies to the cases before it
/// written.
pub fn run<R: BufRead, W: Write + ?Sized>(
    problem: Problem,
    input: R,
    out: &mut W,
) -> Result<Summary, JudgeError> {
    run_within(problem, input, out, Limits::default())
}

/// Like [`run`], with every case searched within `limits` (a node budget per case, a deadline
/// for the run). The first case a limit stops ends the run with [`JudgeError::Unfinished`],
/// after the replies to the cases before it; past the deadline no case is searched.
pub fn run_within<R: BufRead, W: Write + ?Sized>(
    problem: Problem,
    input: R,
    out: &mut W,
    limits: Limits,
) -> Result<Summary, JudgeError> {
    let mut judge = Judge::with_limits(limits);
    let mut summary = Summary::default();
    for case in problem.cases(input) {
        let case = case?;
        let unfinished = JudgeError::Unfinished {
            case: case.number,
            line: case.line,
        };
        if limits.expired() {
            return Err(unfinished);
        }
        let reply = judge
            .reply(problem.question(), &case)
            .map_err(|e| FormatError::new(case.line, 1, format!("case {}: {e}", case.number)))?;
        if judge.unfinished() {
            return Err(unfinished);
        }
        if reply == Reply::NoSolution && !problem.replies_no_solution() {
            summary.unsolved += 1;
        }
        problem.write_reply(out, case.number, &reply)?;
        summary.cases += 1;
    }
    Ok(summary)
}
