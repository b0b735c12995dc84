//! What `dlx explain`, `dlx hint` and `dlx rate` share: the puzzles of files or standard input
//! with `dlx solve`'s shape options, each checked for one solution, then worked on all cores
//! and written in input order.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Result;
use clap::Args;
use dlx_core::Stop;
use dlx_puzzles::ordered::{self, Sink};
use dlx_puzzles::sudoku::batch::Job;
use dlx_puzzles::sudoku::logic::{Board, Grid};
use dlx_puzzles::sudoku::{Overrides, Puzzle, Solvers, Verdict};

use crate::input;
use crate::looks;
use crate::outcome::Outcome;
use crate::progress::Progress;
use crate::records::{input_name, Records};
use crate::shape_args::{ReadArgs, RunArgs};

// The puzzles and their shape, as `dlx solve` reads them.
#[derive(Args, Debug)]
#[command(
    mut_arg("extra", |arg| arg.help(
        "Extra regions: `x`, `windoku`, or a FILE laid out like --regions (`.` outside them)"
    )),
    mut_arg("threads", |arg| arg.help("Threads (default: all cores); output keeps the input order")),
    mut_arg("quiet", |arg| arg.help("No progress bar (it is shown only on a terminal)"))
)]
pub struct PuzzleArgs {
    /// Files of puzzles; standard input when none are given, or for `-`.
    files: Vec<PathBuf>,
    /// The shape options and --alphabet.
    #[command(flatten)]
    read: ReadArgs,
    /// --threads and --quiet.
    #[command(flatten)]
    run: RunArgs,
}

/// A puzzle ready for the logic solver: its number (from 1), its grid and its solution.
pub struct Ready<'a> {
    /// The puzzle's place in the input, from 1.
    pub number: u64,
    /// The puzzle as read.
    pub puzzle: &'a Puzzle,
    /// Its candidate grid.
    pub grid: Grid,
    /// Its one solution.
    pub solution: Vec<u16>,
}

/// What a puzzle's work gives: text for stdout, a message for stderr, and the outcome.
pub struct Done {
    /// Printed on standard output.
    pub out: String,
    /// Printed on standard error (with the input's name and line in front).
    pub message: Option<String>,
    /// How the puzzle ended.
    pub outcome: Outcome,
}

struct Answer {
    input: usize,
    record: bool,
    done: Done,
}

/// The jobs of a feed with the number of each record (from 1), given as they are read, so in
/// input order whatever thread works on them.
struct Numbered<F> {
    feed: F,
    records: u64,
}

impl<F: Iterator<Item = Job>> Iterator for Numbered<F> {
    type Item = (u64, Job);

    fn next(&mut self) -> Option<(u64, Job)> {
        let job = self.feed.next()?;
        if matches!(job, Job::Record { .. }) {
            self.records += 1;
        }
        Some((self.records, job))
    }
}

impl<F: ordered::Feed<Item = Job>> ordered::Feed for Numbered<F> {
    fn at_hand(&self) -> bool {
        self.feed.at_hand()
    }

    fn recycle(&mut self, job: (u64, Job)) {
        self.feed.recycle(job.1);
    }
}

/// A thread's state: its solvers and the geometry of the last shape.
struct State {
    solvers: Solvers,
    board: Option<Arc<Board>>,
}

/// Reads every puzzle of `args`, checks it has one solution, and gives it to `work`; prints
/// what comes back in input order. `failed` is what a puzzle that cannot be worked on prints
/// on standard output, given the word for why (`invalid puzzle`, `no solution`, `multiple
/// solutions`), or nothing.
pub fn run(
    args: &PuzzleArgs,
    work: impl Fn(Ready<'_>) -> Done + Sync,
    failed: impl Fn(u64, &str) -> String + Sync,
) -> Result<Outcome> {
    let overrides = args.read.shape.overrides()?;
    let threads = crate::values::threads(args.run.threads);
    let files = &*input::files_or_stdin(&args.files);
    let options = args.read.options();
    let show = !args.run.quiet && io::stderr().is_terminal();
    let total = input::total_size(files);
    let progress = Progress::new(show, total);
    let names: Vec<String> = files.iter().map(|p| input_name(p)).collect();
    let mut sink = Writer {
        out: io::BufWriter::new(io::stdout()),
        flush_each: io::stdout().is_terminal(),
        names: &names,
        outcome: Outcome::Solved,
        progress,
    };
    let records = Numbered {
        feed: Records::new(files, &options, sink.progress.bytes()),
        records: 0,
    };
    let written = ordered::run(
        threads,
        records,
        || State {
            solvers: Solvers::new(Stop::new()),
            board: None,
        },
        |state, (number, job)| {
            let number = *number;
            let (input, record) = match job {
                Job::Unreadable { input, error } => {
                    return Answer {
                        input: *input,
                        record: false,
                        done: Done {
                            out: String::new(),
                            message: Some(format!("cannot read: {error}")),
                            outcome: Outcome::BadInput,
                        },
                    }
                }
                Job::Record { input, record } => (*input, record),
            };
            let done = match record {
                Err(e) => Done {
                    out: failed(number, "invalid puzzle"),
                    message: Some(match looks::hint(e) {
                        Some(hint) => format!("{}:{}: {}; {hint}", e.line, e.column, e.message),
                        None => format!("{}:{}: {}", e.line, e.column, looks::message(e)),
                    }),
                    outcome: Outcome::BadInput,
                },
                Ok(puzzle) => one(state, &overrides, number, puzzle, &work, &failed),
            };
            Answer {
                input,
                record: true,
                done,
            }
        },
        &mut sink,
    );
    let flushed = sink.out.flush();
    sink.progress.finish();
    sink.outcome.after_writing(written.and(flushed), "output")
}

fn one(
    state: &mut State,
    overrides: &Overrides,
    number: u64,
    puzzle: &Puzzle,
    work: &impl Fn(Ready<'_>) -> Done,
    failed: &impl Fn(u64, &str) -> String,
) -> Done {
    let bad = |why: &str, message: String, outcome| Done {
        out: failed(number, why),
        message: Some(message),
        outcome,
    };
    let invalid = |e: &dyn std::fmt::Display| {
        bad(
            "invalid puzzle",
            format!("{}:1: {e}", puzzle.line),
            Outcome::BadInput,
        )
    };
    let solver = match state.solvers.for_puzzle(puzzle, |p| overrides.shape_of(p)) {
        Ok(solver) => solver,
        Err(e) => return invalid(&e),
    };
    let check = match solver.check(&puzzle.cells) {
        Ok(check) => check,
        Err(e) => return invalid(&e),
    };
    let solution = match (check.verdict, check.solution) {
        (Verdict::Unique, Some(solution)) => solution,
        (Verdict::Multiple, _) => {
            return bad(
                "multiple solutions",
                format!("{}: the puzzle has more than one solution", puzzle.line),
                Outcome::NoSolution,
            )
        }
        _ => {
            return bad(
                "no solution",
                format!("{}: the puzzle has no solution", puzzle.line),
                Outcome::NoSolution,
            )
        }
    };
    let shape = solver.shape();
    let board = match &state.board {
        Some(board) if board.shape() == shape => Arc::clone(board),
        _ => {
            let board = Arc::new(Board::new(shape));
            state.board = Some(Arc::clone(&board));
            board
        }
    };
    let grid = Grid::new(board, &puzzle.cells);
    work(Ready {
        number,
        puzzle,
        grid,
        solution,
    })
}

struct Writer<'a, W: Write> {
    out: W,
    flush_each: bool,
    names: &'a [String],
    outcome: Outcome,
    progress: Progress,
}

impl<W: Write> Sink<Answer> for Writer<'_, W> {
    fn emit(&mut self, answer: Answer) -> io::Result<()> {
        if answer.record {
            self.progress.item_done();
        }
        self.outcome = self.outcome.max(answer.done.outcome);
        if let Some(message) = &answer.done.message {
            let name = &self.names[answer.input];
            let line = if answer.record {
                format!("dlx: {name}:{message}")
            } else {
                format!("dlx: {name}: {message}")
            };
            self.progress.suspend(|| eprintln!("{line}"));
        }
        self.out.write_all(answer.done.out.as_bytes())?;
        if self.flush_each {
            self.out.flush()?;
        }
        Ok(())
    }

    fn idle(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
