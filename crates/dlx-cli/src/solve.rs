//! `dlx solve`: solve, count or check Sudoku puzzles of any shape, streaming them from files or
//! standard input and answering in input order.

use std::borrow::Cow;
use std::io::{self, IsTerminal, Write};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use dlx_core::{Budget, Stop, StopReason};
use dlx_puzzles::sudoku::format::{self, ReadOptions};
use dlx_puzzles::sudoku::shape::MAX_SIZE;
use dlx_puzzles::sudoku::{
    Alphabet, Answer, GivensError, Layout, Puzzle, Shape, SolveStats, Solver, Solvers, Verdict,
};

use crate::input;
use crate::memory;
use crate::ordered::{self, Sink};
use crate::outcome::Outcome;
use crate::progress::Progress;
use crate::records::{input_name, Job, Records};
use crate::stop;

/// Arguments of `dlx solve`.
#[derive(Args, Debug)]
#[command(
    after_help = "Every puzzle gets exactly one answer record, in input order: its \
answer, `no solution`, `invalid puzzle` (the reason on stderr) or `unfinished` (stopped by \
--budget, --timeout or Ctrl-C). Exit codes: 0 all solved, 1 some puzzle has no solution, 3 some \
puzzle is unfinished, 2 bad usage or bad input, 130 Ctrl-C (the run still ends in order, with \
the totals so far on stderr); when several apply, 130 wins, then 2 over 3, and 3 over 1. \
Answers are written before `dlx solve` waits for more input, so a program may write a puzzle and \
wait for its answer: a JSON line as it is, a puzzle on one line followed by a blank line (the \
line after a puzzle may be its region layout)."
)]
pub struct SolveArgs {
    /// Files of puzzles; standard input when none are given, or for `-`.
    files: Vec<PathBuf>,
    /// Print each puzzle's number of solutions instead of a solution.
    #[arg(long, conflicts_with = "check")]
    count: bool,
    /// With --count, stop counting at N solutions (printed as `N+`).
    #[arg(long, value_name = "N", requires = "count")]
    limit: Option<u64>,
    /// Print `unique`, `multiple` or `none` for each puzzle (stops at the second solution).
    #[arg(long)]
    check: bool,
    /// Print `puzzle=K nodes=… updates=… seconds=…` per puzzle and a total on stderr (with the
    /// peak memory, `peak-kib=…`, where the system tells it).
    #[arg(long)]
    stats: bool,
    /// Give up on a puzzle after this many search nodes (guesses on the 9x9 path): it prints
    /// `unfinished` in its place, stderr names it, and the exit code is 3 (2 if some input was
    /// bad).
    #[arg(long, value_name = "NODES")]
    budget: Option<u64>,
    /// Stop the whole run after this many seconds (fractions allowed): every puzzle not
    /// answered by then, and every one after it, prints `unfinished` in its place, so each
    /// input still has one answer, in order; exit code 3 (2 if some input was bad).
    #[arg(long, value_name = "SECONDS", value_parser = stop::parse_seconds)]
    timeout: Option<Duration>,
    /// The side of the grid, when it cannot be told from the input (at most 100).
    #[arg(long, value_name = "N", value_parser = parse_size)]
    size: Option<usize>,
    /// Boxes of R rows by C columns (e.g. `2x3` for 6x6).
    #[arg(long, value_name = "RxC", value_parser = parse_boxes, conflicts_with = "regions")]
    boxes: Option<(usize, usize)>,
    /// A jigsaw layout: one symbol per cell, row by row, equal symbols for one region.
    #[arg(long, value_name = "FILE")]
    regions: Option<PathBuf>,
    /// Extra regions that need every value once: `x` (the two main diagonals), `windoku` (the
    /// Windoku windows), or a FILE laid out like --regions with `.` for cells outside them.
    /// May be repeated.
    #[arg(long, value_name = "x|windoku|FILE")]
    extra: Vec<String>,
    /// The symbols for values, when the input does not make them clear.
    #[arg(long, value_enum)]
    alphabet: Option<AlphabetArg>,
    /// Threads that solve puzzles (default: all cores); answers keep the input order.
    #[arg(long, value_name = "N")]
    threads: Option<NonZeroUsize>,
    /// No progress bar (it is shown only on a terminal, for runs longer than a second).
    #[arg(long, short)]
    quiet: bool,
}

/// The `--alphabet` choices.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum AlphabetArg {
    /// `1`-`9`, then `A`, `B`, … for 10, 11, …
    OneBased,
    /// `0`-`9`, then `A`, `B`, … with `0` a value (empty cells are `.`).
    ZeroBased,
    /// `A`, `B`, … for 1, 2, …
    Letters,
    /// Numbers separated by blanks.
    Numbers,
}

impl From<AlphabetArg> for Alphabet {
    fn from(arg: AlphabetArg) -> Alphabet {
        match arg {
            AlphabetArg::OneBased => Alphabet::OneBased,
            AlphabetArg::ZeroBased => Alphabet::ZeroBased,
            AlphabetArg::Letters => Alphabet::Letters,
            AlphabetArg::Numbers => Alphabet::Numbers,
        }
    }
}

/// Parses `--size`: a side from 1 to the largest grid solved.
fn parse_size(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n @ 1..=MAX_SIZE) => Ok(n),
        Ok(n) if n > MAX_SIZE => Err(format!(
            "a {n}x{n} grid is too large (at most {MAX_SIZE}x{MAX_SIZE})"
        )),
        _ => Err(format!("`{text}` is not a grid side (1 to {MAX_SIZE})")),
    }
}

fn parse_boxes(text: &str) -> Result<(usize, usize), String> {
    let parsed = text
        .split_once(['x', 'X'])
        .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)));
    match parsed {
        Some((r, c)) if r > 0 && c > 0 => Ok((r, c)),
        _ => Err(format!("`{text}` is not RxC (e.g. 3x3 or 2x4)")),
    }
}

/// What to print for each puzzle.
#[derive(Clone, Copy, Debug)]
enum Mode {
    Solve,
    Count(Option<u64>),
    Check,
}

/// An extra region asked for on the command line.
#[derive(Clone, Debug)]
enum Extra {
    Diagonals,
    Windows,
    /// The cell sets of a file, and the file's name.
    Cells(Vec<Vec<usize>>, String),
}

/// The shape options of the command line, applied to every puzzle's own shape hint.
#[derive(Debug, Default)]
struct ShapeOptions {
    boxes: Option<(usize, usize)>,
    /// The layout of `--regions FILE`, and the file's name.
    regions: Option<(Vec<u16>, String)>,
    extra: Vec<Extra>,
}

impl ShapeOptions {
    fn from_args(args: &SolveArgs) -> Result<ShapeOptions> {
        let regions = match &args.regions {
            Some(path) => Some((
                read_with(path, format::read_layout)?,
                path.display().to_string(),
            )),
            None => None,
        };
        let mut extra = Vec::new();
        for spec in &args.extra {
            extra.push(match spec.to_ascii_lowercase().as_str() {
                "x" => Extra::Diagonals,
                "windoku" => Extra::Windows,
                _ => Extra::Cells(
                    read_with(Path::new(spec), format::read_cell_sets)?,
                    spec.clone(),
                ),
            });
        }
        Ok(ShapeOptions {
            boxes: args.boxes,
            regions,
            extra,
        })
    }

    /// The shape of `puzzle`: its own hint, overridden and extended by the options. An error
    /// that comes of a file of the options names it.
    fn shape_of(&self, puzzle: &Puzzle) -> Result<Shape> {
        let mut hint = puzzle.shape.clone();
        if let Some(boxes) = self.boxes {
            hint.boxes = Some(boxes);
            hint.regions = None;
        }
        if let Some((regions, _)) = &self.regions {
            hint.regions = Some(regions.clone());
            hint.boxes = None;
        }
        let shape = Shape::from_hint(puzzle.size, &hint);
        let mut shape = match &self.regions {
            Some((_, file)) => shape.with_context(|| format!("--regions {file}"))?,
            None => shape?,
        };
        for extra in &self.extra {
            shape = match extra {
                Extra::Diagonals => shape.with_diagonals(),
                Extra::Windows => shape.with_windows()?,
                Extra::Cells(regions, file) => regions
                    .iter()
                    .try_fold(shape, |shape, cells| shape.with_extra(cells))
                    .with_context(|| format!("--extra {file}"))?,
            };
        }
        Ok(shape)
    }
}

/// Reads a file with one of the format module's readers, reporting errors as
/// `FILE:LINE:COLUMN: message`.
fn read_with<T>(path: &Path, reader: fn(&str) -> Result<T, format::FormatError>) -> Result<T> {
    let input = input::read(Some(path))?;
    reader(&input.text)
        .map_err(|e| anyhow::anyhow!("{}:{}:{}: {}", input.name, e.line, e.column, e.message))
}

/// What is printed in place of a malformed puzzle's answer.
const INVALID: &str = "invalid puzzle\n";

/// What is printed in place of the answer of a puzzle that a limit stopped.
const UNFINISHED: &str = "unfinished\n";

/// What a thread found for one job, to be written in input order.
struct Done {
    /// Lines for stderr, in order.
    messages: Vec<String>,
    outcome: Outcome,
    /// Whether the job was a record of the input (they are numbered).
    record: bool,
    /// The answer to print, if any.
    answer: Option<Printed>,
    /// The puzzle's statistics and time (zero unless timed), when it was searched.
    searched: Option<(SolveStats, f64)>,
}

/// An answer to print.
enum Printed {
    /// The record could not be read.
    Invalid,
    /// A limit stopped the search before the answer was known.
    Unfinished,
    /// An answer, written in the puzzle's layout.
    Answer {
        layout: Layout,
        text: Cow<'static, str>,
    },
}

/// What every thread needs to answer puzzles.
struct Answering {
    mode: Mode,
    shapes: ShapeOptions,
    /// The budget per puzzle, the deadline of the run and Ctrl-C.
    stop: Stop,
    /// The budget and the time limit of the run, for messages.
    budget: Option<u64>,
    timeout: Option<Duration>,
    /// The inputs' names, by number, for messages.
    names: Vec<String>,
    /// Whether each puzzle's search is timed (for `--stats`): reading the clock twice a puzzle
    /// costs about 1.5 % of checking a 17-clue puzzle.
    timed: bool,
}

impl Answering {
    /// Answers one job with this thread's `solvers` (one per shape).
    fn answer(&self, solvers: &mut Solvers, job: &mut Job) -> Done {
        let mut done = Done {
            messages: Vec::new(),
            outcome: Outcome::Solved,
            record: true,
            answer: None,
            searched: None,
        };
        let (name, puzzle) = match job {
            Job::Unreadable { input, error } => {
                done.messages
                    .push(format!("dlx: cannot read {}: {error}", self.names[*input]));
                done.outcome = Outcome::BadInput;
                done.record = false;
                return done;
            }
            Job::Record { input, record } => match record {
                Ok(puzzle) => (&self.names[*input], &*puzzle),
                Err(e) => {
                    done.messages.push(format!(
                        "dlx: {}:{}:{}: {}",
                        self.names[*input], e.line, e.column, e.message
                    ));
                    done.outcome = Outcome::BadInput;
                    // One record per puzzle, even a malformed one, so outputs line up with inputs.
                    done.answer = Some(Printed::Invalid);
                    return done;
                }
            },
        };
        let solver = match solvers.for_puzzle(puzzle, |puzzle| self.shapes.shape_of(puzzle)) {
            Ok(solver) => solver,
            Err(e) => {
                done.messages
                    .push(format!("dlx: {name}:{}:1: {e:#}", puzzle.line));
                done.outcome = Outcome::BadInput;
                done.answer = Some(Printed::Invalid);
                return done;
            }
        };
        // Past the deadline nothing more is searched, but every puzzle still gets its record.
        if let Some(reason) = self.stop.halted() {
            return self.unfinished(done, name, puzzle, reason);
        }
        let started = self.timed.then(Instant::now);
        let answer = match answer(solver, self.mode, &puzzle.cells) {
            Ok(answer) => answer,
            Err(GivensError::Clash(clash)) => {
                done.messages
                    .push(format!("dlx: {name}:{}:1: {clash}", puzzle.line));
                match self.mode {
                    Mode::Solve => Answer::NoSolution,
                    Mode::Count(_) => Answer::Count {
                        count: 0,
                        capped: false,
                    },
                    Mode::Check => Answer::Verdict(Verdict::None),
                }
            }
            Err(e) => {
                done.messages
                    .push(format!("dlx: {name}:{}:1: {e}", puzzle.line));
                done.outcome = Outcome::BadInput;
                done.answer = Some(Printed::Invalid);
                return done;
            }
        };
        let seconds = started.map_or(0.0, |started| started.elapsed().as_secs_f64());
        done.searched = Some((solver.stats(), seconds));
        if let Some(reason) = solver.stopped() {
            return self.unfinished(done, name, puzzle, reason);
        }
        let unsolved = matches!(
            answer,
            Answer::NoSolution | Answer::Count { count: 0, .. } | Answer::Verdict(Verdict::None)
        );
        if unsolved {
            done.outcome = Outcome::NoSolution;
        }
        done.answer = Some(Printed::Answer {
            text: format::write_answer(puzzle, &answer),
            layout: puzzle.layout.clone(),
        });
        done
    }
}

impl Answering {
    /// Marks `done` as stopped by a limit, saying which on stderr.
    fn unfinished(&self, mut done: Done, name: &str, puzzle: &Puzzle, reason: StopReason) -> Done {
        let Some(why) = stop::spent_limit(reason, self.budget, self.timeout) else {
            done.messages.push(format!(
                "dlx: {name}:{}: unfinished: interrupted before the answer was known",
                puzzle.line
            ));
            done.outcome = Outcome::Interrupted;
            done.answer = Some(Printed::Unfinished);
            return done;
        };
        done.messages.push(format!(
            "dlx: {name}:{}: unfinished: {why} ran out before the answer was known",
            puzzle.line
        ));
        done.outcome = Outcome::Unfinished;
        done.answer = Some(Printed::Unfinished);
        done
    }
}

/// The writing side of one `dlx solve` run: answers in input order, diagnostics, totals.
struct Run<W: Write> {
    stats: bool,
    out: W,
    flush_each: bool,
    /// Diagnostics and `--stats` lines, buffered unless stderr is a terminal (where they show at
    /// once): a write a line cost `--stats` on 17-clue puzzles as much as the answers.
    err: io::BufWriter<io::Stderr>,
    flush_err_each: bool,
    outcome: Outcome,
    puzzles: u64,
    total: SolveStats,
    /// The layout of the last answer written, to separate blocks as the input does.
    previous: Option<Layout>,
    progress: Progress,
}

impl<W: Write> Run<W> {
    fn note(&mut self, outcome: Outcome) {
        self.outcome = self.outcome.max(outcome);
    }
}

impl<W: Write> Sink<Done> for Run<W> {
    /// Writes what was found for one job.
    fn emit(&mut self, done: Done) -> io::Result<()> {
        if done.record {
            self.puzzles += 1;
            self.progress.item_done();
        }
        self.note(done.outcome);
        let puzzles = self.puzzles;
        let stats_line = match done.searched {
            Some((stats, seconds)) => {
                self.total += stats;
                self.stats.then(|| {
                    format!(
                        "puzzle={puzzles} nodes={} updates={} seconds={seconds:.6}",
                        nodes(stats),
                        stats.updates
                    )
                })
            }
            None => None,
        };
        if !done.messages.is_empty() || stats_line.is_some() {
            let (err, flush) = (&mut self.err, self.flush_err_each);
            // A failed write to stderr loses diagnostics only: the answers go on.
            self.progress.suspend(|| {
                for message in done.messages.iter().chain(&stats_line) {
                    let _ = writeln!(err, "{message}");
                }
                if flush {
                    let _ = err.flush();
                }
            });
        }
        match done.answer {
            None => return Ok(()),
            Some(Printed::Invalid) => self.out.write_all(INVALID.as_bytes())?,
            Some(Printed::Unfinished) => self.out.write_all(UNFINISHED.as_bytes())?,
            Some(Printed::Answer { layout, text }) => {
                if let Some(previous) = &self.previous {
                    self.out
                        .write_all(format::separator(previous, &layout).as_bytes())?;
                }
                self.out.write_all(text.as_bytes())?;
                if self.previous.as_ref() != Some(&layout) {
                    self.previous = Some(layout);
                }
            }
        }
        if self.flush_each {
            self.out.flush()?;
        }
        Ok(())
    }

    fn idle(&mut self) -> io::Result<()> {
        let _ = self.err.flush();
        self.out.flush()
    }
}

/// The nodes printed for a puzzle's search: Knuth's nodes on the general path, guesses on a
/// specialised one (as the README says); each path leaves the other figure at 0.
fn nodes(stats: SolveStats) -> u64 {
    stats.nodes + stats.guesses
}

/// What is printed for `givens` in `mode`.
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

/// The total size of the inputs, when all are files.
fn total_size(files: &[PathBuf]) -> Option<u64> {
    files
        .iter()
        .map(|path| {
            (path != Path::new("-"))
                .then(|| std::fs::metadata(path).ok().map(|m| m.len()))
                .flatten()
        })
        .sum()
}

/// Runs `dlx solve`.
pub fn run(args: &SolveArgs) -> Result<Outcome> {
    let shapes = ShapeOptions::from_args(args)?;
    // Ctrl-C and the deadline stop the searches at their next look; the run then ends in order.
    let stop = stop::control(args.timeout)?
        .with_budget(args.budget.map_or(Budget::Unlimited, Budget::Nodes));
    let mode = if args.count {
        Mode::Count(args.limit)
    } else if args.check {
        Mode::Check
    } else {
        Mode::Solve
    };
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
        NonZeroUsize::get,
    );
    let stdout = io::stdout();
    let flush_each = stdout.is_terminal();
    let stdin_only = [PathBuf::from("-")];
    let files = if args.files.is_empty() {
        &stdin_only[..]
    } else {
        &args.files[..]
    };
    let stderr_is_terminal = io::stderr().is_terminal();
    let show_progress = !args.quiet && stderr_is_terminal;
    let mut run = Run {
        stats: args.stats,
        // Not locked for the run: the threads take turns writing, and a lock stays on its thread.
        out: io::BufWriter::new(stdout),
        flush_each,
        err: io::BufWriter::new(io::stderr()),
        flush_err_each: stderr_is_terminal,
        outcome: Outcome::Solved,
        puzzles: 0,
        total: SolveStats::default(),
        previous: None,
        progress: Progress::new(show_progress, total_size(files)),
    };
    let started = Instant::now();
    let answering = Answering {
        mode,
        shapes,
        stop: stop.clone(),
        budget: args.budget,
        timeout: args.timeout,
        names: files.iter().map(|path| input_name(path)).collect(),
        timed: args.stats,
    };
    let options = ReadOptions {
        size: args.size,
        alphabet: args.alphabet.map(Alphabet::from),
    };
    let written = ordered::run(
        threads,
        Records::new(files, &options, run.progress.bytes()),
        || Solvers::new(stop.clone()),
        |solvers, job| answering.answer(solvers, job),
        &mut run,
    );
    // Flushes the diagnostics even after a failed write, before the total line below.
    let flushed = run.idle();
    let written = written.and(flushed);
    run.progress.finish();
    let interrupted = run.outcome == Outcome::Interrupted;
    if args.stats || interrupted {
        eprintln!(
            "{}total puzzles={} nodes={} updates={} seconds={:.6}{}",
            if interrupted {
                "dlx: interrupted: "
            } else {
                ""
            },
            run.puzzles,
            nodes(run.total),
            run.total.updates,
            started.elapsed().as_secs_f64(),
            memory::peak_field()
        );
    }
    match written {
        // A closed pipe (`dlx solve … | head`) is the reader's choice, not an error.
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            Err(e).context("cannot write the answers")
        }
        _ => Ok(run.outcome),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_are_rows_by_columns() {
        assert_eq!(parse_boxes("2x3"), Ok((2, 3)));
        assert_eq!(parse_boxes("3X4"), Ok((3, 4)));
        assert!(parse_boxes("3").is_err());
        assert!(parse_boxes("0x3").is_err());
        assert!(parse_boxes("axb").is_err());
    }

    #[test]
    fn sizes_stop_at_the_largest_grid() {
        assert_eq!(parse_size("9"), Ok(9));
        assert_eq!(parse_size("100"), Ok(100));
        assert_eq!(
            parse_size("1000"),
            Err("a 1000x1000 grid is too large (at most 100x100)".to_string())
        );
        assert!(parse_size("0").is_err());
        assert!(parse_size("x").is_err());
    }
}
