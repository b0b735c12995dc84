//! `dlx judge`: answers a classic online-judge Sudoku problem byte for byte, streaming the
//! replies as the cases are read.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, LineWriter, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::Args;
use dlx_core::{Budget, Stop};
use dlx_puzzles::sudoku::judge::{self, Case, JudgeError, Problem, Summary};
use dlx_puzzles::sudoku::Solvers;

use crate::engine::SudokuEngine;
use crate::outcome::Outcome;
use crate::stop;

// Arguments of `dlx judge`.
#[derive(Args, Debug)]
#[command(
    after_help = "Exit codes: 0 every case answered as its problem defines, 1 some case \
had no solution where the problem defines no reply for it, 2 bad usage or bad input (the run \
stops there), 3 a case stopped by --budget or --timeout (the run stops there: a judge's \
output has no way to mark a case unfinished, so nothing is printed for it or after it). \
Where the judge's reply cannot tell that a case has more than one solution (all problems but \
hdu4069), stderr names each such case: `dlx: FILE:LINE: case K: more than one solution, \
printed the first`; stdout stays as the judge wants it."
)]
pub struct JudgeArgs {
    /// The problem: poj2676, poj3074, poj3076, la2659, acwing169, hdu4069, hdu3111,
    /// spoj-sudoku (see --list).
    #[arg(required_unless_present = "list")]
    problem: Option<Problem>,
    /// The judge's input; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// List the problems, with a one-line description of each.
    #[arg(long, exclusive = true)]
    list: bool,
    /// Give up on a case after this many search nodes (guesses on the 9x9 path). A judge's
    /// output has no place for an unfinished case, so the run stops there: the replies before
    /// it are printed, stderr names the case, and the exit code is 3.
    #[arg(long, value_name = "NODES")]
    budget: Option<u64>,
    /// Stop the run after this many seconds (fractions allowed), at the case being searched
    /// then, as --budget does.
    #[arg(long, value_name = "SECONDS", value_parser = stop::parse_seconds)]
    timeout: Option<Duration>,
    /// The engine: auto (the specialised solver, then SAT for a case it has not answered within
    /// a few thousand guesses), fast, dlx or sat.
    #[arg(long, value_enum, default_value_t = SudokuEngine::Auto)]
    engine: SudokuEngine,
    /// No line on stderr for a case with more than one solution, and no search for a second
    /// solution to tell (the same replies, sooner).
    #[arg(long, short)]
    quiet: bool,
}

/// Runs `dlx judge`.
pub fn run(args: &JudgeArgs) -> Result<Outcome> {
    if args.list {
        return list();
    }
    let Some(problem) = args.problem else {
        bail!("name a problem (see dlx judge --list)");
    };
    let stdout = io::stdout();
    let mut out: Box<dyn Write> = if stdout.is_terminal() {
        Box::new(LineWriter::new(stdout.lock()))
    } else {
        Box::new(BufWriter::new(stdout.lock()))
    };
    let path = args.file.as_deref().filter(|p| *p != Path::new("-"));
    let name = path.map_or_else(|| "<stdin>".to_string(), |p| p.display().to_string());
    let mut stop = Stop::new().with_budget(args.budget.map_or(Budget::Unlimited, Budget::Nodes));
    // A limit too far ahead to be an instant is no limit.
    if let Some(deadline) = args
        .timeout
        .and_then(|limit| Instant::now().checked_add(limit))
    {
        stop = stop.with_deadline(deadline);
    }
    let solvers = Solvers::new(stop).with_engine(args.engine.into());
    let mut note = |case: &Case| {
        eprintln!(
            "dlx: {name}:{}: case {}: more than one solution, printed the first",
            case.line, case.number
        );
    };
    let notes = (!args.quiet).then_some(&mut note as &mut dyn FnMut(&Case));
    let result = answer(problem, path, &mut out, solvers, notes);
    // The replies before an error are part of the output: write them before the message.
    let flushed = out.flush();
    match result {
        Ok(summary) => if summary.unsolved > 0 {
            Outcome::NoSolution
        } else {
            Outcome::Solved
        }
        .after_writing(flushed, "answers"),
        Err(Failure::Open(e)) => Err(e).with_context(|| format!("cannot read {name}")),
        Err(Failure::Judge(JudgeError::Input(e))) => {
            bail!("{name}:{}:{}: {}", e.line, e.column, e.message)
        }
        Err(Failure::Judge(JudgeError::Unfinished { case, line, reason })) => {
            let why = stop::spent_limit(reason, args.budget, args.timeout)
                .unwrap_or_else(|| "an interrupt".to_string());
            eprintln!(
                "dlx: {name}:{line}: unfinished: case {case}: {why} ran out before its reply \
                 was known; the run stops here"
            );
            Outcome::Unfinished.after_writing(flushed, "answers")
        }
        // A closed pipe (`dlx judge … | head`) is the reader's choice, not an error.
        Err(Failure::Judge(JudgeError::Write(e))) if e.kind() == io::ErrorKind::BrokenPipe => {
            Ok(Outcome::Solved)
        }
        Err(Failure::Judge(e)) => Err(e.into()),
    }
}

/// Why answering stopped.
enum Failure {
    /// The file could not be opened.
    Open(io::Error),
    /// The judge run failed.
    Judge(JudgeError),
}

/// Answers the cases of `path` (standard input for `None`) on `out`, calling `notes` (when
/// given) with each case of several solutions that the reply does not tell.
fn answer(
    problem: Problem,
    path: Option<&Path>,
    out: &mut dyn Write,
    solvers: Solvers,
    notes: Option<&mut dyn FnMut(&Case)>,
) -> Result<Summary, Failure> {
    let input: Box<dyn BufRead> = match path {
        None => Box::new(io::stdin().lock()),
        Some(path) => Box::new(BufReader::new(File::open(path).map_err(Failure::Open)?)),
    };
    match notes {
        Some(notes) => judge::run_noting(problem, input, out, solvers, notes),
        None => judge::run_with(problem, input, out, solvers),
    }
    .map_err(Failure::Judge)
}

/// Prints every problem's name and description.
fn list() -> Result<Outcome> {
    let width = Problem::ALL
        .iter()
        .map(|p| p.name().len())
        .max()
        .unwrap_or(0);
    let mut text = String::new();
    for problem in Problem::ALL {
        text.push_str(&format!(
            "{:width$}  {}\n",
            problem.name(),
            problem.summary()
        ));
    }
    let mut out = io::stdout().lock();
    Outcome::Solved.after_writing(
        out.write_all(text.as_bytes()).and_then(|()| out.flush()),
        "list",
    )
}
