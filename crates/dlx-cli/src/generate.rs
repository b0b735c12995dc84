//! `dlx generate`: new Sudoku puzzles with exactly one solution, one per line, in `dlx solve`'s
//! formats, made on all cores and printed in order.

use std::io::{self, IsTerminal, Write};
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use dlx_core::StopReason;
use dlx_puzzles::sudoku::batch::Sink;
use dlx_puzzles::sudoku::format::write_puzzle;
use dlx_puzzles::sudoku::generate::{GenerateError, Generated, Generator, Symmetry, ATTEMPTS};
use dlx_puzzles::sudoku::{Alphabet, Layout, Overrides, Puzzle};

use crate::outcome::Outcome;
use crate::progress::Progress;
use crate::shape_args::{extras, ShapeArgs};
use crate::stop;

/// The largest side written in the line format with one character a cell.
const LINE_SIDE: usize = 35;

// Arguments of `dlx generate`.
#[derive(Args, Debug)]
#[command(
    after_help = "Each puzzle has exactly one solution, proved by the fastest solver for \
its shape. Without --minimal, givens are taken out one symmetric set at a time in random order \
until none can go (with --symmetry none every puzzle is then minimal); --minimal also checks \
each given of a symmetric set alone. Puzzles are printed one per line (a jigsaw puzzle with its \
layout after a blank) as `dlx solve` reads them; the line format does not carry --boxes or \
--extra, so give them to `dlx solve` again, or use --format json. The same --seed gives the \
same puzzles on any number of threads. Exit codes: 0 all made, 1 the shape has no solution, \
3 a puzzle not made within --attempts or --timeout, 2 bad usage, 130 Ctrl-C.",
    mut_arg("size", |arg| arg.help("The side of the grid (default 9, or the side of --boxes or --regions)")),
    mut_arg("regions", |arg| arg.help(
        "A jigsaw layout for every puzzle: one symbol per cell, row by row, equal symbols for one region"
    ))
)]
pub struct GenerateArgs {
    /// How many puzzles to make.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 1)]
    count: u64,
    /// The seed of the random numbers (default: from the clock); puzzle K of a seed is always
    /// the same.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// The shape options.
    #[command(flatten)]
    shape: ShapeArgs,
    /// A random jigsaw layout for each puzzle (printed with it).
    #[arg(long, conflicts_with_all = ["regions", "boxes"])]
    jigsaw: bool,
    /// The pattern of the givens: none, rot180, rot90, mirror (left to right) or diagonal.
    #[arg(long, value_name = "NAME", default_value = "none")]
    symmetry: Symmetry,
    /// Every given needed: removing any one leaves several solutions.
    #[arg(long)]
    minimal: bool,
    /// Exactly K givens (grids that cannot get there are dropped and others tried).
    #[arg(long, value_name = "K")]
    givens: Option<usize>,
    /// Only puzzles whose rating on Sudoku Explainer's scale (ER, as `dlx rate` prints it) is
    /// from A to B, e.g. `7.0-8.5` (others are dropped and new ones made; --attempts bounds how
    /// many a puzzle may take).
    #[arg(long, value_name = "A-B", value_parser = parse_rating)]
    rating: Option<(f64, f64)>,
    /// How the puzzles are written: `line` (as `dlx solve` reads them) or `json` (one object a
    /// line, with the shape: boxes, layout, extra regions).
    #[arg(long, value_enum, default_value = "line")]
    format: FormatArg,
    /// Full grids tried per puzzle before giving up on it.
    #[arg(long, value_name = "N", default_value_t = ATTEMPTS)]
    attempts: u64,
    /// Give up a uniqueness check after this many guesses (its given then stays; with
    /// --minimal the grid is dropped instead). Default: 1000000 up to 16x16, 10 above (where
    /// checks that run long nearly all end with the given kept).
    #[arg(long, value_name = "NODES")]
    budget: Option<u64>,
    /// Stop the whole run after this many seconds (fractions allowed): puzzles made by then are
    /// printed, the exit code is 3.
    #[arg(long, value_name = "SECONDS", value_parser = stop::parse_seconds)]
    timeout: Option<Duration>,
    /// Threads that make puzzles (default: all cores); the output is the same for any number.
    #[arg(long, value_name = "N", value_parser = crate::values::parse_threads)]
    threads: Option<NonZeroUsize>,
    /// Print `total puzzles=… attempts=… checks=… seconds=… seed=…` on stderr at the end.
    #[arg(long)]
    stats: bool,
    /// No progress bar (it is shown only on a terminal, for runs longer than a second).
    #[arg(long, short)]
    quiet: bool,
}

/// The `--format` choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum FormatArg {
    /// One puzzle a line, its jigsaw layout after it on the line.
    Line,
    /// One JSON object a line.
    Json,
}

/// The generator the arguments describe.
fn generator(args: &GenerateArgs) -> Result<Generator> {
    let extra = extras(&args.shape.extra)?;
    let generator = if args.jigsaw {
        // Worded once: the error's own text already holds its source's.
        Generator::jigsaw(args.shape.size.unwrap_or(9), extra)
            .map_err(|e| anyhow::anyhow!("{e}"))?
    } else {
        let regions = args.shape.regions()?;
        let implied = match (&regions, args.shape.boxes) {
            (Some((layout, _)), _) => Some(exact_side(layout.len())),
            (None, Some((r, c))) => Some(r * c),
            (None, None) => None,
        };
        let size = match (args.shape.size, implied) {
            (Some(size), Some(implied)) if size != implied => bail!(
                "--size {size} does not fit the {} (a {implied}x{implied} grid)",
                if regions.is_some() {
                    "region layout"
                } else {
                    "boxes"
                }
            ),
            (size, implied) => size.or(implied).unwrap_or(9),
        };
        let overrides = Overrides {
            boxes: args.shape.boxes,
            regions,
            extra,
        };
        let empty = Puzzle::empty(size);
        Generator::new(
            overrides
                .shape_of(&empty)
                .map_err(|e| anyhow::anyhow!("{e}"))?,
        )
    };
    let generator = generator
        .symmetry(args.symmetry)
        .minimal(args.minimal)
        .givens(args.givens)
        .attempts(args.attempts);
    // Without --budget, the generator's own for the side.
    let generator = match args.budget {
        Some(guesses) => generator.check_budget(guesses),
        None => generator,
    };
    Ok(match args.rating {
        Some((low, high)) => generator.rating(low, high),
        None => generator,
    })
}

/// Parses `--rating A-B`: two ratings, the first at most the second.
fn parse_rating(text: &str) -> Result<(f64, f64), String> {
    let parsed = text
        .split_once('-')
        .and_then(|(a, b)| Some((a.trim().parse::<f64>().ok()?, b.trim().parse::<f64>().ok()?)));
    match parsed {
        Some((low, high)) if low.is_finite() && high.is_finite() && 0.0 <= low && low <= high => {
            Ok((low, high))
        }
        _ => Err(format!(
            "{} is not a range of ratings A-B (e.g. 1.0-2.5 or 7.0-8.5)",
            dlx_core::quote::quote(text)
        )),
    }
}

/// The side of a grid of `cells` cells (rounded down; the shape then says what is wrong).
fn exact_side(cells: usize) -> usize {
    (1..=cells)
        .take_while(|n| n * n <= cells)
        .last()
        .unwrap_or(0)
}

/// The writing side of a run: puzzles in order, errors, totals.
struct Output<W: Write> {
    out: W,
    flush_each: bool,
    layout: Layout,
    outcome: Outcome,
    /// Results handed over, made or not.
    seen: u64,
    made: u64,
    attempts: u64,
    checks: u64,
    progress: Progress,
    /// Puzzles done, the counter that moves the bar.
    done: Arc<AtomicU64>,
    /// Why the run stopped, if it did.
    stopped: Option<StopReason>,
}

impl<W: Write> Sink<Result<Generated, GenerateError>> for Output<W> {
    fn emit(&mut self, result: Result<Generated, GenerateError>) -> io::Result<()> {
        self.seen += 1;
        self.progress.item_done();
        self.done.fetch_add(1, Ordering::Relaxed);
        match result {
            Ok(generated) => {
                self.made += 1;
                self.attempts += generated.attempts;
                self.checks += generated.checks;
                self.out
                    .write_all(write_puzzle(&generated.puzzle(self.layout.clone())).as_bytes())?;
                if self.flush_each {
                    self.out.flush()?;
                }
            }
            Err(GenerateError::Stopped(reason)) => {
                // Reported once, at the end: every puzzle after the first stopped one is too.
                let outcome = match reason {
                    StopReason::Cancelled => Outcome::Interrupted,
                    _ => Outcome::Unfinished,
                };
                self.outcome = self.outcome.max(outcome);
                self.stopped.get_or_insert(reason);
            }
            Err(error) => {
                self.outcome = self.outcome.max(Outcome::Unfinished);
                self.progress
                    .suspend(|| eprintln!("dlx: puzzle {}: {error}", self.seen));
            }
        }
        Ok(())
    }

    fn idle(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// A seed from the clock, when none is given.
fn clock_seed() -> u64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    now ^ u64::from(std::process::id()).rotate_left(32)
}

/// Runs `dlx generate`.
pub fn run(args: &GenerateArgs) -> Result<Outcome> {
    let stop = stop::control(args.timeout)?;
    let generator = generator(args)?.stop(stop);
    match generator.prepare() {
        Ok(()) => {}
        Err(GenerateError::NoSolution) => {
            eprintln!("dlx: {}", GenerateError::NoSolution);
            return Ok(Outcome::NoSolution);
        }
        Err(GenerateError::Stopped(reason)) => {
            eprintln!("dlx: stopped while checking that the shape has a solution");
            return Ok(match reason {
                StopReason::Cancelled => Outcome::Interrupted,
                _ => Outcome::Unfinished,
            });
        }
        Err(error) => return Err(error).context("cannot generate"),
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    let threads = crate::values::threads(args.threads);
    let stdout = io::stdout();
    let alphabet = if generator.size() <= LINE_SIDE {
        Alphabet::OneBased
    } else {
        Alphabet::Numbers
    };
    // A puzzle takes far longer to make than the bar to update: it moves with every one.
    let progress =
        Progress::new(!args.quiet && io::stderr().is_terminal(), Some(args.count)).every(1);
    let mut output = Output {
        flush_each: stdout.is_terminal(),
        out: io::BufWriter::new(stdout),
        layout: match args.format {
            FormatArg::Line => Layout::Line { alphabet },
            FormatArg::Json => Layout::Json,
        },
        outcome: Outcome::Solved,
        seen: 0,
        made: 0,
        attempts: 0,
        checks: 0,
        done: progress.bytes(),
        progress,
        stopped: None,
    };
    let started = Instant::now();
    let written = generator.run(seed, args.count, threads, &mut output);
    let written = written.and(output.idle());
    output.progress.finish();
    match output.stopped {
        Some(StopReason::Cancelled) => eprintln!(
            "dlx: interrupted: {} of {} puzzles made",
            output.made, args.count
        ),
        Some(reason) => eprintln!(
            "dlx: {} ran out: {} of {} puzzles made",
            stop::spent_limit(reason, Some(generator.budget_per_check()), args.timeout)
                .unwrap_or_else(|| "a limit".to_string()),
            output.made,
            args.count
        ),
        None => {}
    }
    if args.stats {
        eprintln!(
            "total puzzles={} attempts={} checks={} seconds={:.6} seed={seed}",
            output.made,
            output.attempts,
            output.checks,
            started.elapsed().as_secs_f64()
        );
    }
    output.outcome.after_writing(written, "puzzles")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_of_layouts() {
        // A layout of a square number of cells, one short of it, none.
        for (cells, side) in [(81, 9), (80, 8), (0, 0)] {
            assert_eq!(exact_side(cells), side, "{cells} cells");
        }
    }
}
