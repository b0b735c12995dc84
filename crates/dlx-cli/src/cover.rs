//! `dlx cover`: solve an exact-cover problem given in Knuth's format.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{anyhow, Result};
use clap::Args;
use dlx_core::{knuth, Search, Stats, Status};

use crate::input;
use crate::outcome::Outcome;

/// Arguments of `dlx cover`.
#[derive(Args, Debug)]
pub struct CoverArgs {
    /// The problem in Knuth's format; standard input when absent or `-`.
    file: Option<PathBuf>,
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

/// Runs `dlx cover`.
pub fn run(args: &CoverArgs) -> Result<Outcome> {
    let input = input::read(args.file.as_deref())?;
    let parsed = knuth::parse(&input.text)
        .map_err(|e| anyhow!("{}:{}:{}: {}", input.name, e.line, e.column, e.kind))?;
    for warning in &parsed.warnings {
        eprintln!(
            "dlx: {}:{}: warning: {}",
            input.name, warning.line, warning.kind
        );
    }
    let problem = parsed.problem;
    let mut search = Search::new(&problem);
    search.set_limit(args.limit);
    let started = Instant::now();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let written = if args.count {
        search.count();
        writeln!(out, "{}", search.stats().solutions)
    } else {
        print_solutions(&mut search, &problem, &mut out)
    };
    let flushed = written.and_then(|()| out.flush());
    let stats = search.stats();
    if args.stats {
        print_stats(stats, started.elapsed().as_secs_f64());
    }
    match flushed {
        // A closed pipe (`dlx cover … | head`) is the reader's choice, not an error.
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => return Err(e.into()),
        _ => {}
    }
    Ok(if stats.solutions > 0 {
        Outcome::Solved
    } else {
        Outcome::NoSolution
    })
}

/// Prints each solution as its options, one per line, with an empty line between solutions.
fn print_solutions(
    search: &mut Search,
    problem: &dlx_core::Problem,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut options = Vec::new();
    let mut first = true;
    while search.step() == Status::Solution {
        if !first {
            writeln!(out)?;
        }
        first = false;
        search.solution_into(&mut options);
        for &option in &options {
            writeln!(out, "{}", problem.format_option(option))?;
        }
    }
    Ok(())
}

fn print_stats(stats: Stats, seconds: f64) {
    eprintln!(
        "solutions={} nodes={} updates={} seconds={seconds:.4}",
        stats.solutions, stats.nodes, stats.updates
    );
}
