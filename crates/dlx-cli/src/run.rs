//! Running a search for a command: every solution, or only their number; a limit; statistics.
//!
//! Shared by `dlx cover` and the puzzle commands, which differ only in how they print a solution
//! (and `dlx cover` may choose the engine).

use std::io::{self, Write};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::sync::Mutex;
use std::time::Instant;

use anyhow::{bail, Result};
use clap::Args;
use dlx_core::parallel::{Pool, DEFAULT_SLICE};
use dlx_core::{cells, Budget, Problem, Search, SplitError, Stats, Status};

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
    /// Stop after entering this many search nodes (runs on one thread). If the search is not
    /// finished by then, what was found is printed (a count as `N+`), stderr says the search is
    /// unfinished, and the exit code is 3.
    #[arg(long, value_name = "NODES")]
    budget: Option<u64>,
    /// After the run, print `solutions=… nodes=… updates=… seconds=…` on stderr. With more than
    /// one thread, nodes are exact and updates leave out each sub-problem's forced prefix.
    #[arg(long)]
    stats: bool,
    /// Threads to search with. --count uses all cores by default and splits the search tree
    /// among them; printing solutions uses one thread unless this is given, and then prints them
    /// as found, in no fixed order (see --ordered). --limit always runs on one thread.
    #[arg(long, value_name = "N")]
    threads: Option<NonZeroUsize>,
    /// Print solutions in the order of the one-thread search (runs on one thread).
    #[arg(long, conflicts_with = "count")]
    ordered: bool,
    /// Updates a thread runs between checks for idle threads (for tests: small slices split the
    /// tree often).
    #[arg(long, hide = true, default_value_t = DEFAULT_SLICE)]
    slice: u64,
}

impl SearchArgs {
    /// How many threads this run uses on `problem`: one unless the search may be split.
    fn threads(&self, problem: &Problem) -> Result<usize> {
        let asked = self.threads.map(NonZeroUsize::get);
        if asked.is_some_and(|n| n > 1) && problem.has_multiplicities() {
            bail!(
                "{}: search it on one thread (--threads 1)",
                SplitError::Multiplicities
            );
        }
        let default = if self.count {
            std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
        } else {
            1
        };
        let one = self.limit.is_some()
            || self.budget.is_some()
            || self.ordered
            || problem.has_multiplicities();
        Ok(if one { 1 } else { asked.unwrap_or(default) })
    }
}

/// What running a search needs of an engine: the default one or the cells one.
pub trait Engine {
    /// Stops after this many solutions.
    fn set_limit(&mut self, limit: Option<u64>);
    /// Stops before entering a node once this many nodes have been entered.
    fn set_node_budget(&mut self, nodes: u64) -> Result<()>;
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
    fn set_node_budget(&mut self, nodes: u64) -> Result<()> {
        self.set_budget(Budget::Nodes(nodes));
        Ok(())
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
    fn set_node_budget(&mut self, _nodes: u64) -> Result<()> {
        bail!("the cells engine has no budget yet (leave out --budget, or use --engine dlx)")
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

/// Searches `problem` as `args` ask, printing each solution as `render` writes it (lines, each
/// ending with a newline), with an empty line between solutions; or, with `--count`, only their
/// number.
pub fn search(
    problem: &Problem,
    args: &SearchArgs,
    render: impl Fn(&mut dyn Write, &[usize]) -> Result<()> + Sync,
) -> Result<Outcome> {
    let threads = args.threads(problem)?;
    if let Some(threads) = NonZeroUsize::new(threads).filter(|n| n.get() > 1) {
        return search_parallel(problem, args, threads, render);
    }
    search_with(&mut Search::new(problem), args, render)
}

/// Like [`search`], on one thread with any engine (the cells engine runs on one thread only).
pub fn search_with(
    search: &mut dyn Engine,
    args: &SearchArgs,
    render: impl Fn(&mut dyn Write, &[usize]) -> Result<()>,
) -> Result<Outcome> {
    search.set_limit(args.limit);
    if let Some(nodes) = args.budget {
        search.set_node_budget(nodes)?;
    }
    let started = Instant::now();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let (written, status) = if args.count {
        let status = loop {
            let status = search.step();
            if status != Status::Solution {
                break status;
            }
        };
        let more = if status == Status::BudgetExhausted {
            "+"
        } else {
            ""
        };
        let solutions = search.solutions();
        (
            writeln!(out, "{solutions}{more}").map_err(Into::into),
            status,
        )
    } else {
        print_solutions(search, &mut out, &render)
    };
    let flushed = written.and_then(|()| out.flush().map_err(Into::into));
    if args.stats {
        eprintln!(
            "{} seconds={:.4}",
            search.stats_line(),
            started.elapsed().as_secs_f64()
        );
    }
    let outcome = finish(search.solutions(), flushed)?;
    if status != Status::BudgetExhausted {
        return Ok(outcome);
    }
    eprintln!(
        "dlx: unfinished: the budget of {} nodes ran out after {} solutions; there may be more",
        args.budget.unwrap_or_default(),
        search.solutions()
    );
    Ok(Outcome::Unfinished)
}

impl SearchArgs {
    /// Whether more than one thread was asked for explicitly.
    pub fn asks_for_threads(&self) -> bool {
        self.threads.is_some_and(|n| n.get() > 1)
    }
}

/// The outcome of a search that found `solutions` (a closed pipe is not an error).
fn finish(solutions: u64, written: Result<()>) -> Result<Outcome> {
    if let Err(e) = written {
        if !is_broken_pipe(&e) {
            return Err(e);
        }
    }
    Ok(if solutions > 0 {
        Outcome::Solved
    } else {
        Outcome::NoSolution
    })
}

/// Where the threads of a parallel enumeration write: solutions whole, one at a time.
struct Shared<W> {
    out: W,
    first: bool,
    error: Option<anyhow::Error>,
}

/// [`search`] on `threads` threads: the count, or the solutions in the order they are found.
fn search_parallel(
    problem: &Problem,
    args: &SearchArgs,
    threads: NonZeroUsize,
    render: impl Fn(&mut dyn Write, &[usize]) -> Result<()> + Sync,
) -> Result<Outcome> {
    let started = Instant::now();
    let pool = Pool::new(problem, threads).with_slice(args.slice);
    let shared = Mutex::new(Shared {
        out: io::BufWriter::new(io::stdout()),
        first: true,
        error: None,
    });
    let report = if args.count {
        pool.count(&[])?
    } else {
        pool.each_solution(&[], &|options: &[usize]| {
            let mut block = Vec::new();
            let rendered = render(&mut block, options);
            let mut shared = shared.lock().unwrap_or_else(|e| e.into_inner());
            let separator = if shared.first { &b""[..] } else { b"\n" };
            shared.first = false;
            let written = rendered.and_then(|()| {
                shared.out.write_all(separator)?;
                shared.out.write_all(&block).map_err(Into::into)
            });
            match written {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    shared.error.get_or_insert(e);
                    ControlFlow::Break(())
                }
            }
        })?
    };
    let mut shared = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    let written = match shared.error.take() {
        Some(e) => Err(e),
        None if args.count => {
            writeln!(shared.out, "{}", report.stats.solutions).map_err(Into::into)
        }
        None => Ok(()),
    };
    let flushed = written.and_then(|()| shared.out.flush().map_err(Into::into));
    if args.stats {
        print_stats(report.stats, report.units, started.elapsed().as_secs_f64());
    }
    finish(report.stats.solutions, flushed)
}

/// Prints every solution; returns why the search stopped.
fn print_solutions(
    search: &mut dyn Engine,
    out: &mut dyn Write,
    render: &impl Fn(&mut dyn Write, &[usize]) -> Result<()>,
) -> (Result<()>, Status) {
    let mut options = Vec::new();
    let mut first = true;
    loop {
        let status = search.step();
        if status != Status::Solution {
            return (Ok(()), status);
        }
        if !first {
            if let Err(e) = writeln!(out) {
                return (Err(e.into()), status);
            }
        }
        first = false;
        search.solution_into(&mut options);
        if let Err(e) = render(out, &options) {
            return (Err(e), status);
        }
    }
}

/// The statistics line; a run split into more than one sub-problem says how many it ran, on a
/// line of its own so the first keeps its format.
fn print_stats(stats: Stats, units: u64, seconds: f64) {
    eprintln!(
        "solutions={} nodes={} updates={} seconds={seconds:.4}",
        stats.solutions, stats.nodes, stats.updates
    );
    if let Some(units) = Some(units).filter(|&n| n > 1) {
        eprintln!("units={units}");
    }
}

/// Whether `error` is a closed pipe (`dlx … | head`): the reader's choice, not an error.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
