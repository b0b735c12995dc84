//! `dlx solve` on variant puzzles (ISS's constraint strings, the compact killer forms,
//! f-puzzles' and SudokuPad's JSON and links): one puzzle per line (a JSON object may span
//! lines), answered in input order, a solution as one line of values; with `--format iss`, each
//! puzzle written as ISS's constraint string instead.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result};
use dlx_puzzles::ordered;
use dlx_puzzles::sudoku::{variant, EngineChoice};

use super::{answer_puzzle, SolveArgs};
use crate::input;
use crate::outcome::Outcome;
use crate::variants::{self, puzzle_lines};

/// The named files, read, when they are variant puzzles: each first puzzle line looks like one
/// (`None` otherwise, or when a file cannot be read: the classic path reports that).
pub(super) fn read_if_variant(files: &[PathBuf]) -> Option<Vec<input::Input>> {
    if files.is_empty() || files.iter().any(|path| path.as_os_str() == "-") {
        return None;
    }
    let mut inputs = Vec::with_capacity(files.len());
    for path in files {
        let input = input::read(Some(path)).ok()?;
        let first = puzzle_lines(&input.text).next();
        if !first.is_some_and(|(_, line)| variant::looks_like(line)) {
            return None;
        }
        inputs.push(input);
    }
    Some(inputs)
}

/// A puzzle line to answer: where it is (for messages) and its text.
struct Job {
    /// `FILE:LINE`, escaped for the terminal.
    place: String,
    /// The file's name, escaped, and the line's number, for errors inside the line.
    file: String,
    line: usize,
    text: String,
}

/// A puzzle's answer: the reader's error, the engine's refusal, the puzzle written out
/// (`--format`), or the search's outcome.
enum Answer {
    Invalid(String),
    /// The engine asked for needs the exact-cover model, which the puzzle has not.
    NoModel(String),
    Written(String),
    Done {
        run: variant::Run,
        size: usize,
        seconds: f64,
    },
}

/// The puzzle lines of every input, read before the search (they are files).
struct Jobs(std::vec::IntoIter<Job>);

impl Iterator for Jobs {
    type Item = Job;
    fn next(&mut self) -> Option<Job> {
        self.0.next()
    }
}

impl ordered::Feed for Jobs {
    fn at_hand(&self) -> bool {
        true
    }
}

/// Prints the answers in input order and keeps the run's outcome.
struct Printer<'a> {
    args: &'a SolveArgs,
    out: io::BufWriter<io::Stdout>,
    outcome: Outcome,
    puzzles: u64,
    place: Vec<String>,
}

impl ordered::Sink<Answer> for Printer<'_> {
    fn emit(&mut self, answer: Answer) -> io::Result<()> {
        let args = self.args;
        let place = self
            .place
            .get(self.puzzles as usize)
            .cloned()
            .unwrap_or_default();
        self.puzzles += 1;
        let (run, size, seconds) = match answer {
            Answer::Invalid(message) => {
                eprintln!("dlx: {message}");
                self.outcome = self.outcome.max(Outcome::BadInput);
                return writeln!(self.out, "invalid puzzle");
            }
            Answer::Written(text) => return writeln!(self.out, "{text}"),
            Answer::NoModel(why) => {
                eprintln!(
                    "dlx: {place}: --engine {} needs the exact-cover model, which this puzzle \
                     has not: {why} (--engine auto or fast answers it)",
                    EngineChoice::from(args.engine).name()
                );
                self.outcome = self.outcome.max(Outcome::BadInput);
                return writeln!(self.out, "unanswered");
            }
            Answer::Done { run, size, seconds } => (run, size, seconds),
        };
        if args.stats {
            let conflicts = match run.engine {
                "sat" => format!(" conflicts={}", run.effort.conflicts),
                _ => String::new(),
            };
            eprintln!(
                "puzzle={} nodes={} seconds={seconds:.6} engine={}{conflicts}",
                self.puzzles, run.effort.guesses, run.engine,
            );
        }
        let first = run
            .first
            .as_ref()
            .map(|values| format!("{}\n", variant::write_values(size, values)));
        let (text, result) = answer_puzzle(args, &place, run.found, run.stopped, first);
        self.out.write_all(text.as_bytes())?;
        self.outcome = self.outcome.max(result);
        Ok(())
    }

    fn idle(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Solves, checks or counts every puzzle of `inputs` (read whole), on `--threads` threads,
/// answers in input order.
pub(super) fn run(args: &SolveArgs, inputs: Vec<input::Input>) -> Result<Outcome> {
    let stop = args.stop()?;
    let limit = match (args.count, args.limit) {
        (true, limit) => limit.unwrap_or(u64::MAX),
        (false, _) => 2,
    };
    let mut jobs = Vec::new();
    for input in &inputs {
        // Named as input::read names it, escaped for the terminal.
        let file = input.name.clone();
        for (line, text) in puzzle_lines(&input.text) {
            jobs.push(Job {
                place: format!("{file}:{line}"),
                file: file.clone(),
                line,
                text: text.to_string(),
            });
        }
    }
    let mut printer = Printer {
        args,
        out: io::BufWriter::new(io::stdout()),
        outcome: Outcome::Solved,
        puzzles: 0,
        place: jobs.iter().map(|job| job.place.clone()).collect(),
    };
    let threads = crate::values::threads(args.run.threads);
    let written = ordered::run(
        threads,
        Jobs(jobs.into_iter()),
        || (),
        |_, job: &mut Job| match variants::read(&job.file, job.line, &job.text) {
            Err(message) => Answer::Invalid(message),
            Ok(puzzle) if args.format.is_some() => Answer::Written(variant::iss::write(&puzzle)),
            Ok(puzzle) => {
                let started = Instant::now();
                match puzzle.run_with(args.engine.into(), limit, &stop, |_| true) {
                    Ok(run) => Answer::Done {
                        run,
                        size: puzzle.shape().size(),
                        seconds: started.elapsed().as_secs_f64(),
                    },
                    Err(why) => Answer::NoModel(why.to_string()),
                }
            }
        },
        &mut printer,
    );
    written
        .and_then(|()| printer.out.flush())
        .context("cannot write the answers")?;
    Ok(printer.outcome)
}
