//! Running a search for a command: every solution, or only their number; a limit; statistics.
//!
//! Shared by `dlx cover` and the puzzle commands, which differ only in how they print a solution.

use std::io::{self, Write};
use std::time::Instant;

use anyhow::Result;
use clap::Args;
use dlx_core::{Problem, Search, Stats, Status};

use crate::outcome::Outcome;

/// The options that control a search and what it prints.
#[derive(Args, Debug)]
pub struct SearchArgs {
    /// Print only the number of solutions.
    #[arg(long)]
    count: bool,
    /// Stop after this many solutions.
    #[arg(long, value_name = "N")]
    limit: Option<u64>,
    /// After the run, print `solutions=… nodes=… updates=… seconds=…` on stderr.
    #[arg(long)]
    stats: bool,
}

/// Searches `problem` as `args` ask, printing each solution as `render` writes it (lines, each
/// ending with a newline), with an empty line between solutions; or, with `--count`, only their
/// number.
pub fn search(
    problem: &Problem,
    args: &SearchArgs,
    mut render: impl FnMut(&mut dyn Write, &[usize]) -> Result<()>,
) -> Result<Outcome> {
    let mut search = Search::new(problem);
    search.set_limit(args.limit);
    let started = Instant::now();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let written = if args.count {
        search.count();
        writeln!(out, "{}", search.stats().solutions).map_err(Into::into)
    } else {
        print_solutions(&mut search, &mut out, &mut render)
    };
    let flushed = written.and_then(|()| out.flush().map_err(Into::into));
    let stats = search.stats();
    if args.stats {
        print_stats(stats, started.elapsed().as_secs_f64());
    }
    if let Err(e) = flushed {
        if !is_broken_pipe(&e) {
            return Err(e);
        }
    }
    Ok(if stats.solutions > 0 {
        Outcome::Solved
    } else {
        Outcome::NoSolution
    })
}

fn print_solutions(
    search: &mut Search,
    out: &mut dyn Write,
    render: &mut impl FnMut(&mut dyn Write, &[usize]) -> Result<()>,
) -> Result<()> {
    let mut options = Vec::new();
    let mut first = true;
    while search.step() == Status::Solution {
        if !first {
            writeln!(out)?;
        }
        first = false;
        search.solution_into(&mut options);
        render(out, &options)?;
    }
    Ok(())
}

fn print_stats(stats: Stats, seconds: f64) {
    eprintln!(
        "solutions={} nodes={} updates={} seconds={seconds:.4}",
        stats.solutions, stats.nodes, stats.updates
    );
}

/// Whether `error` is a closed pipe (`dlx … | head`): the reader's choice, not an error.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
