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
use std::sync::Arc;
use std::time::Instant;

use dlx_core::{Stop, StopReason};

use super::encode::Model;
use super::fastn::SolverN;
use super::format::guess::{self, Guess};
use super::format::{self, FormatError, ReadOptions, Reader};
use super::givens::{Clash, GivensError};
use super::overrides::{OverrideError, Overrides};
use super::picture::{self, Style};
use super::puzzle::{Alphabet, Answer, Frame, Layout, Puzzle, Verdict};
use super::shape::Shape;
use super::solver::{EngineChoice, SolveStats, Solver};
use super::solvers::Solvers;
use super::validate::validate;
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
    /// before the puzzle was reached: printed [`UNFINISHED`], or, for a count it stopped, the
    /// count so far as `N+`.
    Unfinished {
        /// Why.
        reason: StopReason,
        /// What is printed in place of [`UNFINISHED`]: the count so far, `N+` (at least `N`).
        partial: Option<Cow<'static, str>>,
    },
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
        /// With a clash, what the puzzle looks like when it looks like a region layout (meant
        /// for the puzzle before it).
        looks_like: Option<Guess>,
        /// In [`Mode::Solve`], whether the puzzle has more than one solution (the first is
        /// printed).
        multiple: bool,
        /// In [`Mode::Solve`], why the search stopped after the first solution, before it could
        /// tell whether there is a second (the first is printed all the same).
        unproven: Option<StopReason>,
        /// With [`Batch::svg`], the SVG image of the puzzle and its solution.
        image: Option<String>,
    },
}

/// What [`Mode::Solve`] prints in place of the solution in the puzzle's layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picture {
    /// The solution in a box drawn around every region ([`picture::pretty`]).
    Pretty(Style),
    /// The candidates of every cell after the propagation of the search (singles and locked
    /// candidates, within the puzzle's pencil marks when they are kept), as a pencil-mark grid
    /// ([`picture::pretty_marks`]).
    Marks(Style),
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
            Reply::Unfinished { partial, .. } => partial.as_deref().unwrap_or(UNFINISHED),
            Reply::Answer { text, .. } => text,
        }
    }

    /// What `dlx solve` prints for this job, taken out of it (the answer's text is not copied).
    pub fn into_printed(self) -> Cow<'static, str> {
        match self.reply {
            Reply::InputFailed(_) => Cow::Borrowed(""),
            Reply::Invalid(_) => Cow::Borrowed(INVALID),
            Reply::Unfinished { partial, .. } => partial.unwrap_or(Cow::Borrowed(UNFINISHED)),
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
    marks: bool,
    picture: Option<Picture>,
    svg: bool,
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
            marks: false,
            picture: None,
            svg: false,
            engine: EngineChoice::default(),
        }
    }

    /// The same, answered by `engine` (the default: [`EngineChoice::Auto`]).
    pub fn engine(mut self, engine: EngineChoice) -> Batch {
        self.engine = engine;
        self
    }

    /// The same, printing solutions as `picture` draws them (in [`Mode::Solve`]).
    pub fn picture(mut self, picture: Option<Picture>) -> Batch {
        self.picture = picture;
        self
    }

    /// The same, making an SVG image of each puzzle and its solution (in [`Mode::Solve`]):
    /// [`Reply::Answer`]'s `image`.
    pub fn svg(mut self, svg: bool) -> Batch {
        self.svg = svg;
        self
    }

    /// The same, keeping the pencil marks of candidate grids as constraints: a cell takes only
    /// the values its marks list (else only the cells with one candidate count, as givens).
    /// Such a puzzle is searched on the general exact-cover path, on a model of its own
    /// ([`Model::with_candidates`]), and its solution is checked against the marks.
    pub fn marks(mut self, marks: bool) -> Batch {
        self.marks = marks;
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
            reply: Reply::Unfinished {
                reason: StopReason::Cancelled,
                partial: None,
            },
            searched: None,
        };
        let solver = match solvers.for_puzzle(puzzle, |p| self.overrides.shape_of(p)) {
            Ok(solver) => solver,
            Err(e) => {
                answered.reply = Reply::Invalid(Invalid::Shape(e));
                return answered;
            }
        };
        let mut marked;
        let marks = puzzle.candidates.as_deref().filter(|_| self.marks);
        let solver = match marks {
            Some(candidates) => {
                let model = Model::with_candidates(solver.shape().clone(), candidates);
                marked = Solver::general_on(Arc::new(model));
                marked.set_stop(self.stop.clone());
                &mut marked
            }
            None => solver,
        };
        // Past the deadline nothing more is searched, but every puzzle still gets its record.
        if let Some(reason) = self.stop.halted() {
            answered.reply = Reply::Unfinished {
                reason,
                partial: None,
            };
            return answered;
        }
        let started = self.timed.then(Instant::now);
        let (answer, multiple, clash) = match answer(solver, self.mode, &puzzle.cells) {
            Ok((answer, multiple)) => (answer, multiple, None),
            Err(GivensError::Clash(clash)) => (unsolved(self.mode), false, Some(clash)),
            Err(e) => {
                answered.reply = Reply::Invalid(Invalid::Givens(e));
                return answered;
            }
        };
        if let (Answer::Solution(solution), Some(candidates)) = (&answer, marks) {
            check_marked(solver.shape(), &puzzle.cells, candidates, solution);
        }
        let seconds = started.map_or(0.0, |started| started.elapsed().as_secs_f64());
        answered.searched = Some((solver.stats(), seconds));
        // A solve stopped while it looked for a second solution still has its first.
        let first_found = self.mode == Mode::Solve && matches!(answer, Answer::Solution(_));
        answered.reply = match solver.stopped().filter(|_| !first_found) {
            Some(reason) => Reply::Unfinished {
                reason,
                partial: match answer {
                    Answer::Count { count, .. } => self.partial(puzzle, count),
                    _ => None,
                },
            },
            None => {
                let solved = match &answer {
                    Answer::Solution(solution) if self.mode == Mode::Solve => Some(&solution[..]),
                    _ => None,
                };
                let shape = solver.shape();
                let (text, layout) = match (self.picture, self.mode) {
                    (Some(picture), Mode::Solve) => (
                        Cow::Owned(self.draw(picture, shape, puzzle, marks, solved)),
                        // Pictures are blocks: a blank line between two.
                        Layout::Block {
                            alphabet: Alphabet::OneBased,
                            decorated: true,
                            frame: Frame::Rules,
                        },
                    ),
                    _ => (format::write_answer(puzzle, &answer), puzzle.layout.clone()),
                };
                let image = (self.svg && self.mode == Mode::Solve).then(|| {
                    picture::svg(shape, &puzzle.cells, solved.unwrap_or(&puzzle.cells[..]))
                });
                Reply::Answer {
                    unsolved: matches!(
                        answer,
                        Answer::NoSolution
                            | Answer::Count { count: 0, .. }
                            | Answer::Verdict(Verdict::None)
                    ),
                    text,
                    layout,
                    looks_like: clash
                        .as_ref()
                        .and_then(|_| guess::looks_like_regions(puzzle.size, &puzzle.cells)),
                    clash,
                    multiple,
                    unproven: solver.stopped(),
                    image,
                }
            }
        };
        answered
    }

    /// The picture of a puzzle and its solution (`None` when it has none).
    fn draw(
        &self,
        picture: Picture,
        shape: &Shape,
        puzzle: &Puzzle,
        marks: Option<&[u64]>,
        solved: Option<&[u16]>,
    ) -> String {
        match picture {
            Picture::Pretty(style) => match solved {
                Some(solution) => picture::pretty(shape, &puzzle.cells, solution, style),
                None => format!("{}\n", format::NO_SOLUTION),
            },
            Picture::Marks(style) => {
                let mut candidates = Vec::new();
                let propagated = SolverN::new(shape)
                    .and_then(|mut s| s.candidates(&puzzle.cells, &mut candidates));
                if propagated != Some(true) {
                    return format!("{}\n", format::NO_SOLUTION);
                }
                if let Some(marks) = marks {
                    for (cell, mark) in candidates.iter_mut().zip(marks) {
                        *cell &= mark;
                    }
                }
                picture::pretty_marks(shape, &candidates, style)
            }
        }
    }

    /// What a puzzle whose search was given up after `found` solutions prints: in
    /// [`Mode::Count`], the count so far (`N+`, as a count that reached its limit).
    fn partial(&self, puzzle: &Puzzle, found: u64) -> Option<Cow<'static, str>> {
        let capped = Answer::Count {
            count: found,
            capped: true,
        };
        matches!(self.mode, Mode::Count(_)).then(|| format::write_answer(puzzle, &capped))
    }
}

/// What is answered for `givens` in `mode`, and whether the puzzle has more than one solution
/// (in [`Mode::Solve`], which looks for a second one so that it can say so).
fn answer(solver: &mut Solver, mode: Mode, givens: &[u16]) -> Result<(Answer, bool), GivensError> {
    Ok(match mode {
        Mode::Solve => {
            let check = solver.check(givens)?;
            match check.solution {
                Some(solution) => (
                    Answer::Solution(solution),
                    check.verdict == Verdict::Multiple,
                ),
                None => (Answer::NoSolution, false),
            }
        }
        Mode::Count(limit) => {
            let count = solver.count(givens, limit)?;
            let answer = Answer::Count {
                count: count.solutions,
                capped: count.capped,
            };
            (answer, false)
        }
        Mode::Check => (Answer::Verdict(solver.verdict(givens)?), false),
    })
}

/// Checks a solution found on a model with pencil marks against the puzzle itself: a grid of
/// the shape that keeps the givens, with every value among its cell's candidates. The model is
/// built per puzzle, so it is checked per puzzle.
fn check_marked(shape: &Shape, givens: &[u16], candidates: &[u64], solution: &[u16]) {
    if let Err(e) = validate(shape, givens, solution) {
        panic!("a solution on pencil marks is not one: {e}");
    }
    let outside = solution
        .iter()
        .zip(candidates)
        .position(|(&v, &mask)| v == 0 || mask >> (v - 1) & 1 == 0);
    assert_eq!(outside, None, "a solution takes a value its marks rule out");
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
    /// Whether reading may wait for input (else every puzzle is at hand, and the reader is not
    /// asked: asking looks through the lines buffered, a few percent of a 17-clue solve).
    waits: bool,
}

impl<R: Read> Puzzles<R> {
    /// The puzzles `reader` reads.
    pub fn new(reader: Reader<BufReader<R>>) -> Puzzles<R> {
        Puzzles {
            reader,
            waits: true,
        }
    }

    /// The puzzles `reader` reads from an input that never keeps it waiting (text in memory,
    /// or made as it is asked for): every one is at hand.
    pub fn ready(reader: Reader<BufReader<R>>) -> Puzzles<R> {
        Puzzles {
            reader,
            waits: false,
        }
    }
}

impl<'a> Puzzles<&'a [u8]> {
    /// The puzzles of `text`, in memory: every one at hand.
    pub fn of_text(text: &'a str, options: ReadOptions) -> Puzzles<&'a [u8]> {
        Puzzles::ready(Reader::new(BufReader::new(text.as_bytes()), options))
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
        !self.waits || self.reader.at_hand()
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
            self.0.push(answered.into_printed().into_owned());
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
    // Collecting into memory cannot fail.
    let _ = batch.run(Puzzles::of_text(text, ReadOptions::default()), &mut printed);
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
        // A count given up says how far it got.
        let counted = answer_all(&".".repeat(81), &budget);
        assert_eq!(counted.len(), 1);
        assert!(counted[0].ends_with("+\n"), "{counted:?}");
        let reached: u64 = counted[0].trim_end_matches("+\n").parse().unwrap();
        assert!(reached <= 1, "{counted:?}");
    }
}
