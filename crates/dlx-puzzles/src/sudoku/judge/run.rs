//! Answering a judge input: each case is read, solved with the Sudoku [`Solver`] (one per
//! shape, kept and reused) and its reply written, before the next case is read.

use std::io::{self, BufRead, Write};

use dlx_core::{Stop, StopReason};

use crate::sudoku::format::FormatError;
use crate::sudoku::{GivensError, Solver, Solvers, Verdict};

use super::case::{Case, Question, Reply};
use super::Problem;

/// Why a judge run stopped early.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum JudgeError {
    /// The input does not follow the problem's format (or could not be read): where, and what
    /// was expected there. The cases before it were answered.
    #[error(transparent)]
    Input(#[from] FormatError),
    /// The replies could not be written.
    #[error("cannot write the answers: {0}")]
    Write(#[from] io::Error),
    /// The [`Stop`] (a node budget, a deadline, a cancel flag) stopped the search of a case
    /// before its reply was known. A judge's output has no place for such a case, so the run ends
    /// there; the cases before it were answered.
    #[error("case {case} (line {line}) is unfinished: a limit ran out before its reply was known")]
    Unfinished {
        /// The case's number, from 1.
        case: usize,
        /// The line where it starts.
        line: usize,
        /// What stopped it.
        reason: StopReason,
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
    solvers: Solvers,
    /// Why the last reply was cut short, if it was.
    stopped: Option<StopReason>,
}

impl Judge {
    /// A judge with no solver built yet.
    pub fn new() -> Judge {
        Judge::default()
    }

    /// A judge whose every case is searched within `stop`; see [`Judge::stopped`].
    pub fn with_stop(stop: Stop) -> Judge {
        Judge {
            solvers: Solvers::new(stop),
            stopped: None,
        }
    }

    /// Why the last reply was cut short by the [`Stop`], if it was: it is then not to be printed.
    pub fn stopped(&self) -> Option<StopReason> {
        self.stopped
    }

    /// The reply to `case`: for [`Question::Solve`] the first solution found, for
    /// [`Question::Verdict`] the solution only when it is unique. Givens that clash directly
    /// have no solution. Fails only when the cells do not fit the case's shape.
    pub fn reply(&mut self, question: Question, case: &Case) -> Result<Reply, GivensError> {
        self.reply_with(question, case, false)
            .map(|(reply, _)| reply)
    }

    /// The reply to `case`, and whether it has more than one solution (looked for in
    /// [`Question::Solve`] only with `second`).
    fn reply_with(
        &mut self,
        question: Question,
        case: &Case,
        second: bool,
    ) -> Result<(Reply, bool), GivensError> {
        let solver: &mut Solver = self.solvers.for_shape(&case.shape);
        let noted = match question {
            Question::Solve if second => solve_noting(solver, &case.cells),
            Question::Solve => solver.solve(&case.cells).map(|found| {
                Noted::single(found.map_or(Reply::NoSolution, Reply::Solution), solver)
            }),
            Question::Verdict => solver.check(&case.cells).map(|check| {
                let reply = match (check.verdict, check.solution) {
                    (Verdict::Unique, Some(solution)) => Reply::Solution(solution),
                    (Verdict::Multiple, _) => Reply::Multiple,
                    _ => Reply::NoSolution,
                };
                Noted::single(reply, solver)
            }),
        };
        self.stopped = match &noted {
            Ok(noted) => noted.stopped,
            Err(_) => solver.stopped(),
        };
        match noted {
            Ok(Noted {
                reply, multiple, ..
            }) => Ok((reply, multiple)),
            Err(GivensError::Clash(_)) => Ok((Reply::NoSolution, false)),
            Err(e) => Err(e),
        }
    }
}

/// A reply, whether its case has more than one solution, and what stopped its search.
struct Noted {
    /// The reply printed.
    reply: Reply,
    /// Whether the case has more than one solution.
    multiple: bool,
    /// What stopped the search before the reply was known, if anything did.
    stopped: Option<StopReason>,
}

impl Noted {
    /// `reply`, found without looking for a second solution, as `solver`'s last search left it.
    fn single(reply: Reply, solver: &Solver) -> Noted {
        Noted {
            reply,
            multiple: false,
            stopped: solver.stopped(),
        }
    }
}

/// The reply [`Solver::solve`] gives to `givens`, and whether they have more than one
/// solution, from one search that goes on to a second solution. Its first solution is the
/// solve's own where the same search found it; where the SAT engine answered a puzzle with
/// several, or the stop cut the search short before the first, the solve runs again, so that
/// what is printed never depends on the note.
fn solve_noting(solver: &mut Solver, givens: &[u16]) -> Result<Noted, GivensError> {
    let check = solver.check(givens)?;
    let stopped = solver.stopped();
    let by_sat = check.stats.sat > 0;
    match check.solution {
        Some(solution) if !by_sat || (check.verdict == Verdict::Unique && stopped.is_none()) => {
            // A stop after the first solution only leaves the second unknown.
            Ok(Noted {
                reply: Reply::Solution(solution),
                multiple: check.verdict == Verdict::Multiple && stopped.is_none(),
                stopped: None,
            })
        }
        None if stopped.is_none() => Ok(Noted {
            reply: Reply::NoSolution,
            multiple: false,
            stopped: None,
        }),
        _ => {
            let solution = solver.solve(givens)?;
            Ok(Noted::single(
                solution.map_or(Reply::NoSolution, Reply::Solution),
                solver,
            ))
        }
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
    run_within(problem, input, out, Stop::new())
}

/// Like [`run`], with every case searched within `stop` (a node budget per case, a deadline
/// for the run, a cancel flag). The first case it stops ends the run with
/// [`JudgeError::Unfinished`], after the replies to the cases before it; past the deadline no
/// case is searched.
pub fn run_within<R: BufRead, W: Write + ?Sized>(
    problem: Problem,
    input: R,
    out: &mut W,
    stop: Stop,
) -> Result<Summary, JudgeError> {
    run_with(problem, input, out, Solvers::new(stop))
}

/// Like [`run_within`], with the cases answered by `solvers` (bounded by their stop, on their
/// engine).
pub fn run_with<R: BufRead, W: Write + ?Sized>(
    problem: Problem,
    input: R,
    out: &mut W,
    solvers: Solvers,
) -> Result<Summary, JudgeError> {
    run_cases(problem, input, out, solvers, None)
}

/// Like [`run_with`], calling `multiple` with each case that has more than one solution where
/// the problem's reply has no room to say so ([`Question::Solve`]), right after its reply is
/// written. To know it, each search goes on to a second solution after the first; the replies
/// are the same as [`run_with`]'s, byte for byte.
pub fn run_noting<R: BufRead, W: Write + ?Sized>(
    problem: Problem,
    input: R,
    out: &mut W,
    solvers: Solvers,
    multiple: &mut dyn FnMut(&Case),
) -> Result<Summary, JudgeError> {
    run_cases(problem, input, out, solvers, Some(multiple))
}

/// Answers the cases, calling `multiple` (when given) with each case of several solutions that
/// the reply does not tell.
fn run_cases<R: BufRead, W: Write + ?Sized>(
    problem: Problem,
    input: R,
    out: &mut W,
    solvers: Solvers,
    mut multiple: Option<&mut dyn FnMut(&Case)>,
) -> Result<Summary, JudgeError> {
    let mut judge = Judge {
        solvers,
        stopped: None,
    };
    let mut summary = Summary::default();
    for case in problem.cases(input) {
        let case = case?;
        let unfinished = |reason| JudgeError::Unfinished {
            case: case.number,
            line: case.line,
            reason,
        };
        if let Some(reason) = judge.solvers.stop().halted() {
            return Err(unfinished(reason));
        }
        let (reply, several) = judge
            .reply_with(problem.question(), &case, multiple.is_some())
            .map_err(|e| FormatError::new(case.line, 1, format!("case {}: {e}", case.number)))?;
        if let Some(reason) = judge.stopped() {
            return Err(unfinished(reason));
        }
        if reply == Reply::NoSolution && !problem.replies_no_solution() {
            summary.unsolved += 1;
        }
        problem.write_reply(out, case.number, &reply)?;
        summary.cases += 1;
        if let (true, Some(note)) = (several, multiple.as_mut()) {
            note(&case);
        }
    }
    Ok(summary)
}
