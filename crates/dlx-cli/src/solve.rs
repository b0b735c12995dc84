//! `dlx solve`: solve, count or check Sudoku puzzles of any shape, streaming them from files or
//! standard input and answering in input order.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use dlx_core::quote::escape;
use dlx_core::{Budget, Stop, StopReason};
use dlx_puzzles::sudoku::batch::{Answered, Batch, Invalid, Mode, Picture, Reply, Sink};
use dlx_puzzles::sudoku::format::{self};
use dlx_puzzles::sudoku::picture::Style;
use dlx_puzzles::sudoku::{Layout, SolveStats};

use crate::engine::SudokuEngine;
use crate::input;
use crate::looks;
use crate::memory;
use crate::outcome::Outcome;
use crate::progress::Progress;
use crate::records::{input_name, Records};
use crate::shape_args::{ReadArgs, RunArgs};
use crate::stop;

mod freeform;
mod variant;

// Arguments of `dlx solve`.
#[derive(Args, Debug)]
#[command(
    after_help = "Every puzzle gets exactly one answer record, in input order: its \
answer, `no solution`, `invalid puzzle` (the reason on stderr) or `unfinished` (stopped by \
--budget, --timeout or Ctrl-C). Exit codes: 0 all solved, 1 some puzzle has no solution, 3 some \
puzzle is unfinished, 2 bad usage or bad input, 130 Ctrl-C (the run still ends in order, with \
the totals so far on stderr); when several apply, 130 wins, then 2 over 3, and 3 over 1. \
Answers are written before `dlx solve` waits for more input, so a program may write a puzzle and \
wait for its answer: a JSON line as it is, a puzzle on one line followed by a blank line (the \
line after a puzzle may be its region layout). A puzzle with more than one solution gets its \
first (the search goes on to a second to tell), and a line on stderr names it: `dlx: FILE:LINE: \
more than one solution, printed the first` (--quiet leaves it out, --strict makes it exit code \
1). Input that looks like a layout another option reads (a Samurai grid, a jigsaw region \
layout read as a puzzle) is named on stderr with that option.",
    mut_arg("quiet", |arg| arg.help(
        "No progress bar (it is shown only on a terminal, for runs longer than a second), and no \
         line for a puzzle with more than one solution, or one whose limit ran out before a \
         second solution was ruled out (--strict still names them)"
    ))
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
    /// The shape options and --alphabet.
    #[command(flatten)]
    read: ReadArgs,
    /// --threads and --quiet.
    #[command(flatten)]
    run: RunArgs,
    /// Keep the pencil marks of candidate grids (`| 5 3 124 | 26 7 2468 | ...`, as Sudoku
    /// Explainer and HoDoKu print them) as constraints: a cell takes only the values it lists.
    /// Without it only the cells with one candidate count, as givens.
    #[arg(long)]
    marks: bool,
    /// Print each solution in a box drawn around every region (boxes, jigsaw regions), in
    /// Unicode box drawing, givens in bold on a terminal; with --marks, the candidates of every
    /// cell after the search's propagation instead.
    #[arg(long, conflicts_with_all = ["count", "check"])]
    pretty: bool,
    /// With --pretty, plain ASCII lines (`+`, `-`, `|`).
    #[arg(long, requires = "pretty")]
    ascii: bool,
    /// Write an SVG image of each puzzle and its solution to FILE, `{n}` in its name standing
    /// for the puzzle's number (1, 2, ...; needed for more than one puzzle).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["count", "check"])]
    svg: Option<String>,
    /// Exit with code 1 when a puzzle has more than one solution (stderr names each such
    /// puzzle either way; the first solution is printed).
    #[arg(long, conflicts_with_all = ["count", "check"])]
    strict: bool,
    /// The engine: auto (the specialised solver, and for a puzzle it has not answered within
    /// a few thousand guesses, SAT on the candidates its propagation leaves), fast (the
    /// specialised solver alone), dlx (dancing links) or sat. On variant puzzles, fast is the
    /// propagation solver, dlx and sat search the puzzle's exact-cover model, and auto hands a
    /// solve or check over to sat after 65,536 values tried. --stats names the one that
    /// answered each puzzle.
    #[arg(long, value_enum, default_value_t = SudokuEngine::Auto)]
    engine: SudokuEngine,
    /// A shape of any houses: samurai, twodoku, butterfly, flower, sohei (overlapping 9x9
    /// grids) or a shape FILE; puzzles are read and answered in the grid layout (a line `ROWS
    /// COLUMNS`, then the rows, blank-separated, `-` for empty cells and holes).
    #[arg(long, value_name = "NAME|FILE", conflicts_with_all = ["size", "boxes", "regions", "extra", "alphabet", "marks", "pretty", "svg"])]
    shape: Option<String>,
    /// Print each puzzle in this format instead of solving it: `iss`, ISS's constraint string
    /// (`.Cage~15~R1C1~R1C2.Thermo~R2C1~R2C2…`), for variant puzzles in any form `dlx solve`
    /// reads (f-puzzles and SudokuPad JSON and links, ISS's strings, the killer forms; a line of
    /// givens reads as one too).
    #[arg(long, value_enum, value_name = "FORMAT", conflicts_with_all = ["count", "check", "stats", "pretty", "svg", "strict", "shape", "marks", "budget", "timeout"])]
    format: Option<SolveFormat>,
}

/// The formats `dlx solve --format` writes puzzles in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum SolveFormat {
    /// ISS's constraint string, one puzzle a line.
    Iss,
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
    /// The inputs' names, by number, for messages.
    names: Vec<String>,
    /// The budget and the time limit of the run, for messages.
    budget: Option<u64>,
    timeout: Option<Duration>,
    /// Lines for stderr about the answer being written (kept to reuse their memory).
    messages: Vec<String>,
    /// Whether a puzzle with more than one solution makes the exit code 1.
    strict: bool,
    /// Whether a puzzle that may have more than one solution is named on stderr
    /// ([`SolveArgs::names_several`]).
    names_several: bool,
    /// The records read from each input, and whether it could not be read.
    records: Vec<u64>,
    failed: Vec<bool>,
    /// Where `--svg` writes each puzzle's image (`{n}` for its number).
    svg: Option<String>,
}

impl<W: Write> Run<W> {
    fn note(&mut self, outcome: Outcome) {
        self.outcome = self.outcome.max(outcome);
    }

    /// Says on stderr what is wrong with `answered`, if anything, and notes its outcome.
    fn diagnose(&mut self, answered: &Answered) {
        let name = &self.names[answered.input];
        let line = answered.line;
        let mut hint = None;
        let (outcome, message) = match &answered.reply {
            Reply::InputFailed(error) if error.kind() == io::ErrorKind::InvalidData => (
                Outcome::BadInput,
                Some(format!("dlx: {name}: {error}; passed over")),
            ),
            Reply::InputFailed(error) => (
                Outcome::BadInput,
                Some(format!("dlx: cannot read {name}: {error}")),
            ),
            Reply::Invalid(Invalid::Format(e)) => {
                hint = looks::hint(e).map(|hint| format!("dlx: {name}:{}: {hint}", e.line));
                (
                    Outcome::BadInput,
                    Some(format!(
                        "dlx: {name}:{}:{}: {}",
                        e.line,
                        e.column,
                        looks::message(e)
                    )),
                )
            }
            // The shape or the givens: the puzzle's first line.
            Reply::Invalid(e) => (
                Outcome::BadInput,
                Some(format!("dlx: {name}:{line}:1: {e}")),
            ),
            Reply::Unfinished { reason, .. } => {
                match stop::spent_limit(*reason, self.budget, self.timeout) {
                    Some(why) => (
                        Outcome::Unfinished,
                        Some(format!(
                        "dlx: {name}:{line}: unfinished: {why} ran out before the answer was known"
                    )),
                    ),
                    None => (
                        Outcome::Interrupted,
                        Some(format!(
                        "dlx: {name}:{line}: unfinished: interrupted before the answer was known"
                    )),
                    ),
                }
            }
            Reply::Answer {
                unproven: Some(reason),
                ..
            } => match stop::spent_limit(*reason, self.budget, self.timeout) {
                Some(why) => (
                    if self.strict {
                        Outcome::Unfinished
                    } else {
                        Outcome::Solved
                    },
                    self.names_several.then(|| {
                        format!(
                            "dlx: {name}:{line}: {why} ran out before a second solution was \
                             ruled out, printed the first"
                        )
                    }),
                ),
                None => (
                    Outcome::Interrupted,
                    Some(format!(
                        "dlx: {name}:{line}: interrupted before a second solution was ruled out, \
                         printed the first"
                    )),
                ),
            },
            Reply::Answer { multiple: true, .. } => (
                if self.strict {
                    Outcome::NoSolution
                } else {
                    Outcome::Solved
                },
                self.names_several.then(|| {
                    format!("dlx: {name}:{line}: more than one solution, printed the first")
                }),
            ),
            Reply::Answer {
                unsolved,
                clash,
                looks_like,
                ..
            } => (
                if *unsolved {
                    Outcome::NoSolution
                } else {
                    Outcome::Solved
                },
                clash.as_ref().map(|clash| match looks_like {
                    Some(guess) => format!("dlx: {name}:{line}:1: {}", looks::advice(guess)),
                    None => format!("dlx: {name}:{line}:1: {clash}"),
                }),
            ),
        };
        match &answered.reply {
            Reply::InputFailed(_) => self.failed[answered.input] = true,
            _ => self.records[answered.input] += 1,
        }
        self.note(outcome);
        self.messages.extend(message);
        self.messages.extend(hint);
        if let Reply::Answer {
            image: Some(image), ..
        } = &answered.reply
        {
            self.write_image(image);
        }
    }
}

impl<W: Write> Run<W> {
    /// Writes the `--svg` image of the puzzle being answered (its number is `self.puzzles`).
    fn write_image(&mut self, image: &str) {
        let Some(pattern) = &self.svg else { return };
        let numbered = pattern.contains("{n}");
        if !numbered && self.puzzles > 1 {
            if self.puzzles == 2 {
                self.messages.push(format!(
                    "dlx: --svg {}: one file holds one image; put {{n}} in the name for one a \
                     puzzle (only the first was written)",
                    escape(pattern)
                ));
                self.note(Outcome::BadInput);
            }
            return;
        }
        let path = pattern.replace("{n}", &self.puzzles.to_string());
        if let Err(e) = std::fs::write(&path, image) {
            self.messages
                .push(format!("dlx: cannot write {}: {e}", escape(&path)));
            self.note(Outcome::BadInput);
        }
    }

    /// Says which readable inputs held no puzzle at all (an empty input is an error: it is
    /// more likely a wrong file than a question).
    fn no_puzzles(&mut self) {
        for (input, name) in self.names.iter().enumerate() {
            if self.records[input] == 0 && !self.failed[input] {
                eprintln!("dlx: {name}: no puzzle in the input");
                self.outcome = self.outcome.max(Outcome::BadInput);
            }
        }
    }
}

impl<W: Write> Sink<Answered> for Run<W> {
    /// Writes what was found for one job.
    fn emit(&mut self, answered: Answered) -> io::Result<()> {
        if answered.is_record() {
            self.puzzles += 1;
            self.progress.item_done();
        }
        self.diagnose(&answered);
        let puzzles = self.puzzles;
        if let Some((stats, seconds)) = answered.searched {
            self.total += stats;
            if self.stats {
                self.messages.push(format!(
                    "puzzle={puzzles} nodes={} updates={} seconds={seconds:.6} engine={}{}",
                    nodes(stats),
                    stats.updates,
                    stats.engine(),
                    conflicts(stats)
                ));
            }
        }
        if !self.messages.is_empty() {
            let (err, flush, messages) = (&mut self.err, self.flush_err_each, &mut self.messages);
            // A failed write to stderr loses diagnostics only: the answers go on.
            self.progress.suspend(|| {
                for message in messages.drain(..) {
                    let _ = writeln!(err, "{message}");
                }
                if flush {
                    let _ = err.flush();
                }
            });
        }
        if !answered.is_record() {
            return Ok(());
        }
        if let Reply::Answer { layout, .. } = &answered.reply {
            if let Some(previous) = &self.previous {
                self.out
                    .write_all(format::separator(previous, layout).as_bytes())?;
            }
        }
        self.out.write_all(answered.printed().as_bytes())?;
        if let Reply::Answer { layout, .. } = answered.reply {
            if self.previous.as_ref() != Some(&layout) {
                self.previous = Some(layout);
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
/// specialised one (as `docs/solve.md` says); each path leaves the other figure at 0.
fn nodes(stats: SolveStats) -> u64 {
    stats.nodes + stats.guesses
}

/// ` conflicts=N` when the SAT engine worked, else nothing.
fn conflicts(stats: SolveStats) -> String {
    if stats.conflicts > 0 || stats.sat > 0 {
        format!(" conflicts={}", stats.conflicts)
    } else {
        String::new()
    }
}

impl SolveArgs {
    /// Whether a puzzle with more than one solution is named on stderr: unless `--quiet`, and
    /// always with `--strict` (where it makes the exit code).
    fn names_several(&self) -> bool {
        !self.run.quiet || self.strict
    }

    /// The run's control: Ctrl-C, `--timeout` for the whole run, `--budget` for each puzzle.
    fn stop(&self) -> Result<Stop> {
        Ok(stop::control(self.timeout)?
            .with_budget(self.budget.map_or(Budget::Unlimited, Budget::Nodes)))
    }
}

/// Runs `dlx solve`.
pub fn run(args: &SolveArgs) -> Result<Outcome> {
    if let Some(spec) = &args.shape {
        return freeform::run(args, spec);
    }
    if args.format.is_some() {
        // Every input read as variant puzzles, to be written out.
        let inputs = input::files_or_stdin(&args.files)
            .iter()
            .map(|path| input::read(Some(path)))
            .collect::<Result<Vec<_>>>()?;
        return variant::run(args, inputs);
    }
    if let Some(inputs) = variant::read_if_variant(&args.files) {
        return variant::run(args, inputs);
    }
    // Standard input from a pipe: its first puzzle line tells a variant file from classic
    // puzzles (a terminal's typed lines go to the classic reader, answered one by one).
    let mut stdin_source = None;
    let only_stdin = args.files.iter().all(|p| p.as_os_str() == "-") && args.files.len() <= 1;
    if only_stdin && !io::stdin().is_terminal() {
        let (first, source) = input::peek_stdin().context("cannot read standard input")?;
        if dlx_puzzles::sudoku::variant::looks_like(&first) {
            let input = input::read_source("<stdin>", source, input::DEFAULT_MAX_BYTES, "")?;
            return variant::run(args, vec![input]);
        }
        stdin_source = Some(source);
    }
    let overrides = args.read.shape.overrides()?;
    // Ctrl-C and the deadline stop the searches at their next look; the run then ends in order.
    let stop = args.stop()?;
    let mode = if args.count {
        Mode::Count(args.limit)
    } else if args.check {
        Mode::Check
    } else {
        Mode::Solve
    };
    let threads = crate::values::threads(args.run.threads);
    let stdout = io::stdout();
    let flush_each = stdout.is_terminal();
    let files = &*input::files_or_stdin(&args.files);
    let stderr_is_terminal = io::stderr().is_terminal();
    let show_progress = !args.run.quiet && stderr_is_terminal;
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
        progress: Progress::new(show_progress, input::total_size(files)),
        names: files.iter().map(|path| input_name(path)).collect(),
        budget: args.budget,
        timeout: args.timeout,
        messages: Vec::new(),
        strict: args.strict,
        names_several: args.names_several(),
        records: vec![0; files.len()],
        failed: vec![false; files.len()],
        svg: args.svg.clone(),
    };
    let started = Instant::now();
    let batch = Batch::new(mode)
        .overrides(overrides)
        .stop(stop)
        .threads(threads)
        .engine(args.engine.into())
        .timed(args.stats)
        .marks(args.marks)
        .picture(args.pretty.then(|| {
            let style = Style {
                ascii: args.ascii,
                bold: flush_each,
            };
            if args.marks {
                Picture::Marks(style)
            } else {
                Picture::Pretty(style)
            }
        }))
        .svg(args.svg.is_some());
    let options = args.read.options();
    let written = batch.run(
        Records::new(files, &options, run.progress.bytes())
            .line_layouts(args.read.shape.line_layouts())
            .stdin_source(stdin_source),
        &mut run,
    );
    // Flushes the diagnostics even after a failed write, before the total line below.
    let flushed = run.idle();
    let written = written.and(flushed);
    run.progress.finish();
    let interrupted = run.outcome == Outcome::Interrupted;
    if written.is_ok() && !interrupted {
        run.no_puzzles();
    }
    if args.stats || interrupted {
        eprintln!(
            "{}total puzzles={} nodes={} updates={} seconds={:.6}{}{}",
            if interrupted {
                "dlx: interrupted: "
            } else {
                ""
            },
            run.puzzles,
            nodes(run.total),
            run.total.updates,
            started.elapsed().as_secs_f64(),
            memory::peak_field(),
            match run.total.sat {
                0 => String::new(),
                sat => format!(" sat-answers={sat}{}", conflicts(run.total)),
            }
        );
    }
    run.outcome.after_writing(written, "answers")
}

/// What is printed for a puzzle of a path outside the batch (shapes of any houses, variants)
/// at `place` (`FILE:LINE`) that found `found` solutions, was stopped early for `stop` or not,
/// and whose first solution is written `first`; and its outcome. A stop is named on stderr (see
/// [`stopped`]), and so is a puzzle with more than one solution whose first was printed (exit
/// code 1 under `--strict`).
fn answer_puzzle(
    args: &SolveArgs,
    place: &str,
    found: u64,
    stop: Option<StopReason>,
    first: Option<String>,
) -> (String, Outcome) {
    let printed_first = first.is_some() && !args.count && !args.check;
    let (text, result) = answer_text(args, found, stop.is_some(), first);
    let result = match stop {
        Some(reason) => stopped(args, reason, place, printed_first),
        None if result == Outcome::Solved && found > 1 && printed_first => {
            if args.names_several() {
                eprintln!("dlx: {place}: more than one solution, printed the first");
            }
            if args.strict {
                Outcome::NoSolution
            } else {
                Outcome::Solved
            }
        }
        None => result,
    };
    (text, result)
}

/// The text [`answer_puzzle`] prints, and its outcome before any stop is taken into account.
fn answer_text(
    args: &SolveArgs,
    found: u64,
    stopped: bool,
    first: Option<String>,
) -> (String, Outcome) {
    let solved = if found == 0 {
        Outcome::NoSolution
    } else {
        Outcome::Solved
    };
    if stopped && (args.check || first.is_none()) {
        return ("unfinished\n".into(), Outcome::Solved);
    }
    if args.count {
        let capped = args.limit.is_some_and(|limit| found >= limit);
        let plus = if capped || stopped { "+" } else { "" };
        return (format!("{found}{plus}\n"), solved);
    }
    if args.check {
        let verdict = ["none", "unique", "multiple"][found.min(2) as usize];
        return (format!("{verdict}\n"), solved);
    }
    match first {
        Some(text) => (text, Outcome::Solved),
        None => ("no solution\n".into(), Outcome::NoSolution),
    }
}

/// Says on stderr that the puzzle at `place` was stopped (after its first solution was printed,
/// or before the answer was known), and the outcome that makes.
fn stopped(args: &SolveArgs, reason: StopReason, place: &str, printed_first: bool) -> Outcome {
    let why = stop::spent_limit(reason, args.budget, args.timeout);
    let what = if printed_first {
        "before a second solution was ruled out, printed the first"
    } else {
        "before the answer was known"
    };
    match why {
        Some(why) if printed_first && !args.strict => {
            if args.names_several() {
                eprintln!("dlx: {place}: {why} ran out {what}");
            }
            Outcome::Solved
        }
        Some(why) => {
            eprintln!("dlx: {place}: unfinished: {why} ran out {what}");
            Outcome::Unfinished
        }
        None => {
            eprintln!("dlx: {place}: unfinished: interrupted {what}");
            Outcome::Interrupted
        }
    }
}
