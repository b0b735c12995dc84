//! Many puzzles on many threads, answered in input order: what `dlx solve` does, as a library
//! call for any surface.
//!
//! Puzzles come in as [`Job`]s from a [`Feed`] (an input read as it is needed, e.g.
//! [`Puzzles`] over a [`Reader`]); each is answered on one of the threads
//! with that thread's [`Solvers`], and its [`Answered`] goes to a [`Sink`] in input order, as soon
//! as it and every answer before it are ready: the sink is where output is written and progress
//! shown. Memory stays bounded however long the input (see [`ordered`]); a [`Stop`] bounds every
//! search (a budget per puzzle, a deadline and a cancel flag for the run), and every puzzle still
//! gets one answer, `unfinished` once the run is stopped.
//!
//! ```
//! use dlx_puzzles::sudoku::batch::{self, Batch, Mode};
//!
//! let text = "\
//! 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
//! .................................................................................
//! ";
//! let answers = batch::answer_all(text, &Batch::new(Mode::Check).threads(2));
//! assert_eq!(answers, ["unique\n", "multiple\n"]);
//! ```

use std::borrow::Cow;
use std::io::{self, BufReader, Read};
use std::time::Instant;

use dlx_core::{Stop, StopReason};

use super::format::{self, FormatError, ReadOptions, Reader};
use super::givens::{Clash, GivensError};
use super::overrides::{OverrideError, Overrides};
use super::puzzle::{Answer, Layout, Puzzle, Verdict};
use super::solver::{EngineChoice, SolveStats, Solver};
use super::solvers::Solvers;
use crate::ordered;
pub use crate::ordered::{Feed, Sink};

/// What to answer for each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Its first solution.
    Solve,
    /// Its number of solutions, stopping at the limit when given.
    Count(Option<u64>),
    /// `unique`, `multiple` or `none` (stops at the second solution).
    Check,
}

/// What is printed in place of a malformed puzzle's answer.
pub const INVALID: &str = "invalid puzzle\n";

/// What is printed in place of the answer of a puzzle that the [`Stop`] stopped.
pub const UNFINISHED: &str = "unfinished\n";

/// One record of an input, as a [`Feed`] gives it.
#[derive(Debug)]
pub enum Job {
    /// A puzzle, or the reader's error in its place, from the input numbered `input` (its place
    /// among the inputs). A number rather than a shared name: a shared count of references,
    /// changed for every puzzle by every thread, is a line of memory the cores pass around.
    Record {
        /// The input's number.
        input: usize,
        /// The puzzle read, or why it could not be.
        record: Result<Puzzle, FormatError>,
    },
    /// The input numbered `input` cannot be read at all (it gets no record).
    Unreadable {
        /// The input's number.
        input: usize,
        /// Why.
        error: io::Error,
    },
}

/// Why a puzzle got no answer but `invalid puzzle`.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Invalid {
    /// The text is not a puzzle (where, and what was expected).
    #[error(transparent)]
    Format(FormatError),
    /// Its shape cannot be built with the options given.
    #[error(transparent)]
    Shape(OverrideError),
    /// Its givens do not fit its shape (a wrong length or value).
    #[error(transparent)]
    Givens(GivensError),
}

/// The answer to one job.
#[derive(Debug)]
pub enum Reply {
    /// The input could not be read; this is not a record and prints nothing.
    InputFailed(io::Error),
    /// The record is not a valid puzzle: printed [`INVALID`].
    Invalid(Invalid),
    /// The [`Stop`] stopped the search before the answer was known, or the run was stopped
    /// before the puzzle was reached: printed [`UNFINISHED`].
    Unfinished(StopReason),
    /// The answer, written in the puzzle's layout.
    Answer {
        /// The text printed.
        text: Cow<'static, str>,
        /// The puzzle's layout (answers of one layout are separated as their puzzles were).
        layout: Layout,
        /// Whether the puzzle has no solution (`no solution`, `none` or `0`).
        unsolved: bool,
        /// Givens that clash directly, the reason the puzzle has no solution.
        clash: Option<Clash>,
    },
}

/// A job answered, as it goes to the [`Sink`].
#[derive(Debug)]
pub struct Answered {
    /// The input the job came from.
    pub input: usize,
    /// The line where the puzzle starts (0 for an input that could not be read).
    pub line: usize,
    /// The answer.
    pub reply: Reply,
    /// The work of the search and its time in seconds (0 unless [timed](Batch::timed)), when
    /// the puzzle was searched.
    pub searched: Option<(SolveStats, f64)>,
}

impl Answered {
    /// What `dlx solve` prints for this job (nothing for an input that could not be read).
    pub fn printed(&self) -> &str {
        match &self.reply {
            Reply::InputFailed(_) => "",
            Reply::Invalid(_) => INVALID,
            Reply::Unfinished(_) => UNFINISHED,
            Reply::Answer { text, .. } => text,
        }
    }

    /// Whether the job was a record of its input (every record gets one answer, in order).
    pub fn is_record(&self) -> bool {
        !matches!(self.reply, Reply::InputFailed(_))
    }
}

/// How to answer a batch of puzzles: the mode, the shape options, the run control and the
/// threads.
#[derive(Clone, Debug)]
pub struct Batch {
    mode: Mode,
    overrides: Overrides,
    stop: Stop,
    threads: usize,
    timed: bool,
    engine: EngineChoice,
}

impl Batch {
    /// Answers in `mode`, on one thread, with no limit.
    pub fn new(mode: Mode) -> Batch {
        Batch {
            mode,
            overrides: Overrides::default(),
            stop: Stop::new(),
            threads: 1,
            timed: false,
            engine: EngineChoice::default(),
        }
    }

    /// The same, answered by `engine` (the default: [`EngineChoice::Auto`]).
    pub fn engine(mut self, engine: EngineChoice) -> Batch {
        self.engine = engine;
        self
    }

    /// The same, with the shape options applied to every puzzle.
    pub fn overrides(mut self, overrides: Overrides) -> Batch {
        self.overrides = overrides;
        self
    }

    /// The same, bounded by `stop`: its budget is per puzzle (guesses on a specialised path),
    /// its deadline and flag for the whole run.
    pub fn stop(mut self, stop: Stop) -> Batch {
        self.stop = stop;
        self
    }

    /// The same, on `threads` threads (the calling one among them); at least one.
    pub fn threads(mut self, threads: usize) -> Batch {
        self.threads = threads.max(1);
        self
    }

    /// The same, timing each puzzle's search (reading the clock twice a puzzle costs about
    /// 1.5 % of checking a 17-clue puzzle, so it is off unless asked for).
    pub fn timed(mut self, timed: bool) -> Batch {
        self.timed = timed;
        self
    }

    /// Answers every job of `jobs`, giving the answers to `sink` in input order. Stops at the
    /// first error of the sink, and returns it.
    pub fn run(
        &self,
        jobs: impl Feed<Item = Job> + Send,
        sink: &mut (impl Sink<Answered> + Send),
    ) -> io::Result<()> {
        ordered::run(
            self.threads,
            jobs,
            || Solvers::new(self.stop.clone()).with_engine(self.engine),
            |solvers, job| self.answer(solvers, job),
            sink,
        )
    }

    /// Answers one job with this thread's `solvers`.
    fn answer(&self, solvers: &mut Solvers, job: &mut Job) -> Answered {
        let (input, puzzle) = match job {
            Job::Unreadable { input, error } => {
                return Answered {
                    input: *input,
                    line: 0,
                    reply: Reply::InputFailed(std::mem::replace(error, io::Error::other(""))),
                    searched: None,
                }
            }
            Job::Record { input, record } => match record {
                Ok(puzzle) => (*input, &*puzzle),
                Err(e) => {
                    return Answered {
                        input: *input,
                        line: e.line,
                        reply: Reply::Invalid(Invalid::Format(e.clone())),
                        searched: None,
                    };
                }
            },
        };
        let mut answered = Answered {
            input,
            line: puzzle.line,
            reply: Reply::Unfinished(StopReason::Cancelled),
            searched: None,
        };
        let solver = match solvers.for_puzzle(puzzle, |p| self.overrides.shape_of(p)) {
            Ok(solver) => solver,
            Err(e) => {
                answered.reply = Reply::Invalid(Invalid::Shape(e));
                return answered;
            }
        };
        // Past the deadline nothing more is searched, but every puzzle still gets its record.
        if let Some(reason) = self.stop.halted() {
            answered.reply = Reply::Unfinished(reason);
            return answered;
        }
        let started = self.timed.then(Instant::now);
        let (answer, clash) = match answer(solver, self.mode, &puzzle.cells) {
            Ok(answer) => (answer, None),
            Err(GivensError::Clash(clash)) => (unsolved(self.mode), Some(clash)),
            Err(e) => {
                answered.reply = Reply::Invalid(Invalid::Givens(e));
                return answered;
            }
        };
        let seconds = started.map_or(0.0, |started| started.elapsed().as_secs_f64());
        answered.searched = Some((solver.stats(), seconds));
        answered.reply = match solver.stopped() {
            Some(reason) => Reply::Unfinished(reason),
            None => Reply::Answer {
                unsolved: matches!(
                    answer,
                    Answer::NoSolution
                        | Answer::Count { count: 0, .. }
                        | Answer::Verdict(Verdict::None)
                ),
                text: format::write_answer(puzzle, &answer),
                layout: puzzle.layout.clone(),
                clash,
            },
        };
        answered
    }
}

/// What is answered for `givens` in `mode`.
fn answer(solver: &mut Solver, mode: Mode, givens: &[u16]) -> Result<Answer, GivensError> {
    Ok(match mode {
        Mode::Solve => match solver.solve(givens)? {
            Some(solution) => Answer::Solution(solution),
            None => Answer::NoSolution,
        },
        Mode::Count(limit) => {
            let count = solver.count(givens, limit)?;
            Answer::Count {
                count: count.solutions,
                capped: count.capped,
            }
        }
        Mode::Check => Answer::Verdict(solver.verdict(givens)?),
    })
}

/// The answer in `mode` of a puzzle without solution.
fn unsolved(mode: Mode) -> Answer {
    match mode {
        Mode::Solve => Answer::NoSolution,
        Mode::Count(_) => Answer::Count {
            count: 0,
            capped: false,
        },
        Mode::Check => Answer::Verdict(Verdict::None),
    }
}

/// The puzzles of one reader as jobs of input 0, each at hand as soon as the reader says so; the
/// puzzles answered go back to the reader, whose next puzzles reuse their cells.
pub struct Puzzles<R: Read> {
    reader: Reader<BufReader<R>>,
}

impl<R: Read> Puzzles<R> {
    /// The puzzles `reader` reads.
    pub fn new(reader: Reader<BufReader<R>>) -> Puzzles<R> {
        Puzzles { reader }
    }
}

impl<R: Read> Iterator for Puzzles<R> {
    type Item = Job;

    fn next(&mut self) -> Option<Job> {
        let record = self.reader.next()?;
        Some(Job::Record { input: 0, record })
    }
}

impl<R: Read> Feed for Puzzles<R> {
    fn at_hand(&self) -> bool {
        self.reader.at_hand()
    }

    fn recycle(&mut self, job: Job) {
        if let Job::Record {
            record: Ok(puzzle), ..
        } = job
        {
            self.reader.recycle(puzzle);
        }
    }
}

/// Collects what each answer prints, in order.
struct Printed(Vec<String>);

impl Sink<Answered> for Printed {
    fn emit(&mut self, answered: Answered) -> io::Result<()> {
        if answered.is_record() {
            self.0.push(answered.printed().to_string());
        }
        Ok(())
    }

    fn idle(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// What `dlx solve` prints for each puzzle of `text` (any format it reads), in input order, one
/// string per puzzle (without the separators between blocks).
pub fn answer_all(text: &str, batch: &Batch) -> Vec<String> {
    let mut printed = Printed(Vec::new());
    let reader = Reader::new(BufReader::new(text.as_bytes()), ReadOptions::default());
    // Collecting into memory cannot fail.
    let _ = batch.run(Puzzles::new(reader), &mut printed);
    printed.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_core::{Budget, Cancel};

    /// A unique puzzle, givens that clash, an empty grid, and a line that is no puzzle.
    const PUZZLES: &str = "\
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
11...............................................................................
.................................................................................
not a puzzle at all
";

    #[test]
    fn every_record_gets_one_answer_in_order() {
        for threads in [1, 2, 3] {
            let batch = Batch::new(Mode::Check).threads(threads);
            let answers = answer_all(PUZZLES, &batch);
            assert_eq!(
                answers,
                ["unique\n", "none\n", "multiple\n", INVALID],
                "{threads}"
            );
        }
        let solved = answer_all(PUZZLES, &Batch::new(Mode::Solve));
        assert!(solved[0].starts_with("417369825632158947958724316"));
        assert_eq!(solved[1], "no solution\n");
        let counted = answer_all(PUZZLES, &Batch::new(Mode::Count(Some(5))));
        assert_eq!(&counted[..3], ["1\n", "0\n", "5+\n"]);
    }

    #[test]
    fn a_stop_leaves_every_puzzle_an_answer() {
        let cancel = Cancel::new();
        cancel.cancel();
        let stopped = Batch::new(Mode::Solve).stop(Stop::new().with_cancel(cancel));
        let answers = answer_all(PUZZLES, &stopped);
        assert_eq!(answers, [UNFINISHED, UNFINISHED, UNFINISHED, INVALID]);
        let budget = Batch::new(Mode::Count(None)).stop(Stop::new().with_budget(Budget::Nodes(0)));
        assert_eq!(answer_all(&".".repeat(81), &budget), [UNFINISHED]);
    }
}
