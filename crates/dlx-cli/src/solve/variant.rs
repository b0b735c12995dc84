//! `dlx solve` on variant puzzles (ISS's constraint strings, the compact killer forms): one
//! puzzle per line, answered in input order, a solution as one line of values.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result};
use dlx_core::quote::escape;
use dlx_puzzles::sudoku::variant;

use super::{answer_text, stopped, SolveArgs};
use crate::input;
use crate::outcome::Outcome;
use crate::variants::{self, puzzle_lines};

/// Whether the inputs are variant puzzles: named files (standard input is streamed, and read
/// as classic puzzles) whose first puzzle line looks like one.
pub(super) fn is_variant(files: &[PathBuf]) -> bool {
    !files.is_empty()
        && files.iter().all(|path| {
            path.as_os_str() != "-"
                && input::read(Some(path)).is_ok_and(|input| {
                    puzzle_lines(&input.text)
                        .next()
                        .is_some_and(|(_, line)| variant::looks_like(line))
                })
        })
}

/// Solves, checks or counts every puzzle of the inputs.
pub(super) fn run(args: &SolveArgs) -> Result<Outcome> {
    let stop = args.stop()?;
    let limit = match (args.count, args.limit) {
        (true, limit) => limit.unwrap_or(u64::MAX),
        (false, _) => 2,
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut outcome = Outcome::Solved;
    let mut puzzles = 0;
    for path in &args.files {
        let input = input::read(Some(path))?;
        let name = &input.name;
        for (line, text) in puzzle_lines(&input.text) {
            puzzles += 1;
            let puzzle = match variants::read(name, line, text) {
                Ok(puzzle) => puzzle,
                Err(message) => {
                    eprintln!("{message}");
                    writeln!(out, "invalid puzzle")?;
                    outcome = outcome.max(Outcome::BadInput);
                    continue;
                }
            };
            let started = Instant::now();
            let run = puzzle.run(limit, &stop);
            if args.stats {
                eprintln!(
                    "puzzle={puzzles} nodes={} seconds={:.6} engine=propagation",
                    run.effort.guesses,
                    started.elapsed().as_secs_f64(),
                );
            }
            let size = puzzle.shape().size();
            let first = run
                .first
                .as_ref()
                .map(|values| format!("{}\n", variant::write_values(size, values)));
            let (answer, result) = answer_text(args, run.found, run.stopped.is_some(), first);
            out.write_all(answer.as_bytes())?;
            let printed_first = run.first.is_some() && !args.count && !args.check;
            let place = format!("{}:{line}", escape(name));
            let result = match run.stopped {
                Some(reason) => stopped(args, reason, &place, printed_first),
                None if result == Outcome::Solved && run.found > 1 && printed_first => {
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
            outcome = outcome.max(result);
        }
    }
    out.flush().context("cannot write the answers")?;
    Ok(outcome)
}
