//! `dlx candidates`: the true candidates of each puzzle (the values each cell holds in some
//! solution), drawn as a grid of pencil marks, or with `--counts` with how many solutions hold
//! each.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Result;
use clap::Args;
use dlx_core::{Budget, Stop};
use dlx_puzzles::sudoku::picture::{self, Style};

use crate::input;
use crate::outcome::Outcome;
use crate::stop;
use crate::variants::{self, puzzle_lines};

// Arguments of `dlx candidates`.
#[derive(Args, Debug)]
#[command(
    after_help = "Each puzzle is one line: a variant puzzle (ISS's puzzle strings, the compact \
killer forms) or a classic one (n*n givens on one line, `.` or `0` for an empty cell). Its answer \
is a grid, its regions boxed: each cell lists the values it holds in at least one solution, so a \
puzzle with one solution shows it, and an open one shows where it breaks. With --counts each \
value is followed by the number of solutions holding it, up to --limit (`5:2+ 7:1` with --limit \
2: `+` when the count may stand for more). Open puzzles are not listed whole: each value not yet \
seen in a solution gets a search with its cell fixed to it. Grids are separated by a blank line; \
a puzzle with no solution prints `no solution`, a bad one `invalid puzzle` (the reason on \
stderr). A puzzle stopped by --budget or --timeout prints what is known: the values found in a \
solution and those not yet ruled out (with --counts as `v:N+`), and stderr says it is unfinished. \
Exit codes: 0 all answered, 1 some puzzle has no solution, 2 bad usage or input, 3 some puzzle \
unfinished, 130 Ctrl-C."
)]
pub struct CandidatesArgs {
    /// Files of puzzles, one a line; standard input when none are given, or for `-`.
    files: Vec<PathBuf>,
    /// Count the solutions holding each value up to N (a unique puzzle: every count 1).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 1,
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    limit: u64,
    /// Print each value with its count of solutions (`1:3 5:2+`) instead of the values alone.
    #[arg(long)]
    counts: bool,
    /// Give up on a puzzle after this many values tried, over all its searches: it prints what
    /// is known, and the exit code is 3.
    #[arg(long, value_name = "NODES")]
    budget: Option<u64>,
    /// Stop the whole run after this many seconds (fractions allowed): the puzzle being worked
    /// on and those after it print what is known, and the exit code is 3.
    #[arg(long, value_name = "SECONDS", value_parser = stop::parse_seconds)]
    timeout: Option<Duration>,
    /// Plain ASCII lines (`+`, `-`, `|`) instead of Unicode box drawing.
    #[arg(long)]
    ascii: bool,
}

/// Runs `dlx candidates`.
pub fn run(args: &CandidatesArgs) -> Result<Outcome> {
    let stop: Stop = stop::control(args.timeout)?
        .with_budget(args.budget.map_or(Budget::Unlimited, Budget::Nodes));
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut outcome = Outcome::Solved;
    let mut written = Ok(());
    let mut puzzles = 0;
    'inputs: for path in &*input::files_or_stdin(&args.files) {
        let input = input::read(Some(path))?;
        let name = &input.name;
        let mut here = 0;
        for (line, text) in puzzle_lines(&input.text) {
            let separator = if puzzles > 0 { "\n" } else { "" };
            puzzles += 1;
            here += 1;
            let (answer, result) = answer(args, &stop, name, line, text);
            outcome = outcome.max(result);
            written = out
                .write_all(separator.as_bytes())
                .and_then(|()| out.write_all(answer.as_bytes()));
            if written.is_err() {
                break 'inputs;
            }
        }
        if here == 0 {
            eprintln!("dlx: {name}: no puzzle in the input");
            outcome = outcome.max(Outcome::BadInput);
        }
    }
    let written = written.and_then(|()| out.flush());
    outcome.after_writing(written, "candidates")
}

/// The answer to the puzzle `text` at `line` of the input `name`, and its outcome; what is
/// wrong or unfinished is said on stderr.
fn answer(
    args: &CandidatesArgs,
    stop: &Stop,
    name: &str,
    line: usize,
    text: &str,
) -> (String, Outcome) {
    let puzzle = match variants::read(name, line, text) {
        Ok(puzzle) => puzzle,
        Err(message) => {
            eprintln!("dlx: {message}");
            return ("invalid puzzle\n".into(), Outcome::BadInput);
        }
    };
    let found = puzzle.candidates(args.limit, stop);
    let place = format!("{name}:{line}");
    let outcome = match found.stopped {
        Some(reason) => {
            let open: u32 = found.unsettled.iter().map(|m| m.count_ones()).sum();
            let what = format!("{open} candidates not settled");
            match stop::spent_limit(reason, args.budget, args.timeout) {
                Some(why) => {
                    eprintln!("dlx: {place}: unfinished: {why} ran out, {what}");
                    Outcome::Unfinished
                }
                None => {
                    eprintln!("dlx: {place}: unfinished: interrupted, {what}");
                    Outcome::Interrupted
                }
            }
        }
        None if found.is_empty() => return ("no solution\n".into(), Outcome::NoSolution),
        None => Outcome::Solved,
    };
    let style = Style {
        ascii: args.ascii,
        bold: false,
    };
    let grid = if args.counts {
        picture::pretty_texts(puzzle.shape(), &found.count_texts(), style)
    } else {
        picture::pretty_marks(puzzle.shape(), &found.possible(), style)
    };
    (grid, outcome)
}
