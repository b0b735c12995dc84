//! Running a search for a command: every solution, or only their number; a limit; statistics.
//!
//! Shared by `dlx cover` and the puzzle commands, which differ only in how they print a solution
//! (and `dlx cover` may choose the engine).

use std::io::{self, Write};
use std::time::Instant;

use anyhow::Result;
use clap::Args;
use dlx_core::{cells, Problem, Search, Status};

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

/// What running a search needs of an engine: the default one or the cells one.
pub trait Engine {
    /// Stops after this many solutions.
    fn set_limit(&mut self, limit: Option<u64>);
    /// Runs to the next solution, the end or the limit.
    fn step(&mut self) -> Status;
    /// The solution just found, as option numbers.
    fn solution_into(&self, options: &mut Vec<usize>);
    /// Solutions found so far.
    fn solutions(&self) -> u64;
    /// The statistics as `name=value` pairs separated by spaces.
    fn stats_line(&self) -> String;
}

impl Engine for Search {
    fn set_limit(&mut self, limit: Option<u64>) {
        Search::set_limit(self, limit);
    }
    fn step(&mut self) -> Status {
        Search::step(self)
    }
    fn solution_into(&self, options: &mut Vec<usize>) {
        Search::solution_into(self, options);
    }
    fn solutions(&self) -> u64 {
        self.stats().solutions
    }
    fn stats_line(&self) -> String {
        let s = self.stats();
        format!(
            "solutions={} nodes={} updates={}",
            s.solutions, s.nodes, s.updates
        )
    }
}

impl Engine for cells::Search {
    fn set_limit(&mut self, limit: Option<u64>) {
        cells::Search::set_limit(self, limit);
    }
    fn step(&mut self) -> Status {
        cells::Search::step(self)
    }
    fn solution_into(&self, options: &mut Vec<usize>) {
        cells::Search::solution_into(self, options);
    }
    fn solutions(&self) -> u64 {
        self.stats().solutions
    }
    fn stats_line(&self) -> String {
        let s = self.stats();
        format!(
            "solutions={} nodes={} updates={} forced={}",
            s.solutions, s.nodes, s.updates, s.forced
        )
    }
}

/// Searches `problem` with the default engine as `args` ask, printing each solution as `render`
/// writes it (lines, each ending with a newline), with an empty line between solutions; or, with
/// `--count`, only their number.
pub fn search(
    problem: &Problem,
    args: &SearchArgs,
    render: impl FnMut(&mut dyn Write, &[usize]) -> Result<()>,
) -> Result<Outcome> {
    search_with(&mut Search::new(problem), args, render)
}

/// Like [`search`], with any engine.
pub fn search_with(
    search: &mut dyn Engine,
    args: &SearchArgs,
    mut render: impl FnMut(&mut dyn Write, &[usize]) -> Result<()>,
) -> Result<Outcome> {
    search.set_limit(args.limit);
    let started = Instant::now();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let written = if args.count {
        while search.step() == Status::Solution {}
        writeln!(out, "{}", search.solutions()).map_err(Into::into)
    } else {
        print_solutions(search, &mut out, &mut render)
    };
    let flushed = written.and_then(|()| out.flush().map_err(Into::into));
    if args.stats {
        eprintln!(
            "{} seconds={:.4}",
            search.stats_line(),
            started.elapsed().as_secs_f64()
        );
    }
    if let Err(e) = flushed {
        if !is_broken_pipe(&e) {
            return Err(e);
        }
    }
    Ok(if search.solutions() > 0 {
        Outcome::Solved
    } else {
        Outcome::NoSolution
    })
}

fn print_solutions(
    search: &mut dyn Engine,
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

/// Whether `error` is a closed pipe (`dlx … | head`): the reader's choice, not an error.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
