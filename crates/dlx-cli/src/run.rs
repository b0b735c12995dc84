//! Running a search for a command: every solution, or only their number; a limit; statistics.
//!
//! Shared by `dlx cover` and the puzzle commands, which differ only in how they print a solution.

use std::io::{self, Write};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Result};
use clap::{Args, ValueEnum};
use dlx_core::parallel::{Pool, DEFAULT_SLICE};
use dlx_core::{cells, Budget, Problem, Search, SplitError, Stats, Status};

use crate::outcome::Outcome;
use crate::stop::{self, Reason};

/// Nodes a one-thread search runs between two looks at the stop flag and the budget: a look
/// costs a return from the search loop and a resume, so it is not made at every node.
const SLICE_NODES: u64 = 4096;

/// The exit codes of `dlx cover` and the puzzle commands, for their `--help`.
pub const EXIT_CODES: &str = "Exit codes: 0 solutions found, 1 none, 2 bad usage or input, \
3 stopped by --budget or --timeout (what was printed is correct, but there may be more), \
130 interrupted by Ctrl-C (the count and statistics so far are printed on stderr).";

/// The engines a search can run on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineChoice {
    /// Dancing links (the default).
    Dlx,
    /// Dancing cells.
    Cells,
}

/// The options that control a search and what it prints.
#[derive(Args, Debug)]
pub struct SearchArgs {
    /// The search engine: Knuth's dancing links (node counts as his dlx1), or dancing cells (sparse
    /// sets, forced moves without branching; one thread; no colors or multiplicities).
    #[arg(long, value_enum, default_value_t = EngineChoice::Dlx)]
    engine: EngineChoice,
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
    /// Stop searching after this many seconds (fractions allowed), on every thread. What was
    /// found is printed (a count as `N+`), stderr says the search is unfinished, and the exit
    /// code is 3. (Ctrl-C stops a search the same way, prints the statistics so far on stderr
    /// and exits with code 130.)
    #[arg(long, value_name = "SECONDS", value_parser = stop::parse_seconds)]
    timeout: Option<Duration>,
    /// After the run, print `solutions=… nodes=… updates=… seconds=…` on stderr (the same figures
    /// on any number of threads).
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
    /// Stops before entering a node once this many nodes have been entered (the search then
    /// pauses, and resumes at the next step).
    fn set_node_budget(&mut self, nodes: u64);
    /// Nodes entered so far.
    fn nodes(&self) -> u64;
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
    fn set_node_budget(&mut self, nodes: u64) {
        self.set_budget(Budget::Nodes(nodes));
    }
    fn nodes(&self) -> u64 {
        self.stats().nodes
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
    fn set_node_budget(&mut self, nodes: u64) {
        self.set_budget(Budget::Nodes(nodes));
    }
    fn nodes(&self) -> u64 {
        self.stats().nodes
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

/// Searches `problem` (called `name` in messages) as `args` ask, printing each solution as
/// `render` writes it (lines, each ending with a newline), with an empty line between solutions;
/// or, with `--count`, only their number.
pub fn search(
    problem: &Problem,
    name: &str,
    args: &SearchArgs,
    render: impl Fn(&mut dyn Write, &[usize]) -> Result<()> + Sync,
) -> Result<Outcome> {
    if args.engine == EngineChoice::Cells {
        if args.asks_for_threads() {
            bail!("the cells engine runs on one thread (leave out --threads)");
        }
        let mut search = cells::Search::new(problem).map_err(|e| anyhow!("{name}: {e}"))?;
        return search_with(&mut search, args, render);
    }
    let threads = args.threads(problem)?;
    if let Some(threads) = NonZeroUsize::new(threads).filter(|n| n.get() > 1) {
        return search_parallel(problem, args, threads, render);
    }
    search_with(&mut Search::new(problem), args, render)
}

/// Why a search stopped before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cut {
    /// `--budget` ran out.
    Budget,
    /// `--timeout` passed.
    Timeout,
    /// Ctrl-C.
    Interrupt,
}

impl Cut {
    /// The cut that the stop flag stands for, if it was raised.
    fn from_flag() -> Option<Cut> {
        stop::reason().map(|reason| match reason {
            Reason::Timeout => Cut::Timeout,
            Reason::Interrupt => Cut::Interrupt,
        })
    }
}

/// Where one stretch of a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// A solution was found.
    Solution,
    /// The search is over: the whole tree, or the solution limit.
    Done,
    /// The search was stopped before its end.
    Cut(Cut),
}

/// Runs a one-thread search to its next solution or its end, in slices of [`SLICE_NODES`],
/// looking at the node budget and the stop flag between two slices.
struct Stepper<'a> {
    search: &'a mut dyn Engine,
    budget: Option<u64>,
}

impl<'a> Stepper<'a> {
    /// A stepper for `search` as `args` ask.
    fn new(search: &'a mut dyn Engine, args: &'a SearchArgs) -> Stepper<'a> {
        let stepper = Stepper {
            search,
            budget: args.budget,
        };
        let pause = stepper.next_pause();
        stepper.search.set_node_budget(pause);
        stepper
    }

    /// Where the search should pause next: the end of the next slice or the budget.
    fn next_pause(&self) -> u64 {
        let slice = self.search.nodes().saturating_add(SLICE_NODES);
        self.budget.map_or(slice, |budget| slice.min(budget))
    }

    /// Runs to the next solution, the end, or a stop. Called once per solution, so the pauses
    /// are handled out of line.
    #[inline]
    fn step(&mut self) -> Step {
        match self.search.step() {
            Status::Solution => Step::Solution,
            Status::Exhausted | Status::LimitReached => Step::Done,
            Status::BudgetExhausted => self.resume(),
        }
    }

    /// At a pause: stops if the budget is spent or the flag raised, else goes on.
    #[cold]
    #[inline(never)]
    fn resume(&mut self) -> Step {
        loop {
            if self.budget.is_some_and(|b| self.search.nodes() >= b) {
                return Step::Cut(Cut::Budget);
            }
            if let Some(cut) = Cut::from_flag() {
                return Step::Cut(cut);
            }
            let pause = self.next_pause();
            self.search.set_node_budget(pause);
            match self.search.step() {
                Status::Solution => return Step::Solution,
                Status::Exhausted | Status::LimitReached => return Step::Done,
                Status::BudgetExhausted => {}
            }
        }
    }
}

/// Like [`search`], on one thread with any engine (the cells engine runs on one thread only).
fn search_with(
    search: &mut dyn Engine,
    args: &SearchArgs,
    render: impl Fn(&mut dyn Write, &[usize]) -> Result<()>,
) -> Result<Outcome> {
    search.set_limit(args.limit);
    watch_for_stops(args)?;
    let mut stepper = Stepper::new(search, args);
    let started = Instant::now();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let (written, last) = if args.count {
        let last = loop {
            let step = stepper.step();
            if step != Step::Solution {
                break step;
            }
        };
        let more = if matches!(last, Step::Cut(_)) {
            "+"
        } else {
            ""
        };
        let solutions = stepper.search.solutions();
        (writeln!(out, "{solutions}{more}").map_err(Into::into), last)
    } else {
        print_solutions(&mut stepper, &mut out, &render)
    };
    let flushed = written.and_then(|()| out.flush().map_err(Into::into));
    let search = stepper.search;
    let stats = format!(
        "{} seconds={:.4}",
        search.stats_line(),
        started.elapsed().as_secs_f64()
    );
    let cut = match last {
        Step::Cut(cut) => Some(cut),
        _ => None,
    };
    if args.stats && cut != Some(Cut::Interrupt) {
        eprintln!("{stats}");
    }
    let outcome = finish(search.solutions(), flushed)?;
    Ok(match cut {
        None => outcome,
        Some(cut) => report_cut(cut, args, search.solutions(), &stats),
    })
}

/// Raises the stop flag on Ctrl-C and, with `--timeout`, when the time is up.
fn watch_for_stops(args: &SearchArgs) -> Result<()> {
    stop::catch_interrupt()?;
    if let Some(limit) = args.timeout {
        stop::arm_timeout(limit);
    }
    Ok(())
}

/// Says on stderr why the search stopped after `solutions` (with the statistics `stats` after
/// an interrupt), and gives the outcome.
fn report_cut(cut: Cut, args: &SearchArgs, solutions: u64, stats: &str) -> Outcome {
    let why = match cut {
        Cut::Budget => format!("the budget of {} nodes", args.budget.unwrap_or_default()),
        Cut::Timeout => format!(
            "the time limit of {}",
            stop::describe(args.timeout.unwrap_or_default())
        ),
        Cut::Interrupt => {
            eprintln!("dlx: interrupted: {stats}");
            eprintln!("dlx: interrupted after {solutions} solutions; there may be more");
            return Outcome::Interrupted;
        }
    };
    eprintln!("dlx: unfinished: {why} ran out after {solutions} solutions; there may be more");
    Outcome::Unfinished
}

impl SearchArgs {
    /// Whether more than one thread was asked for explicitly.
    fn asks_for_threads(&self) -> bool {
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
    watch_for_stops(args)?;
    let started = Instant::now();
    let pool = Pool::new(problem, threads)
        .with_slice(args.slice)
        .with_cancel(&stop::FLAG);
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
    // The pool also stops when writing failed; only the flag makes the run unfinished.
    let cut = report.stopped.then(Cut::from_flag).flatten();
    let mut shared = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    let more = if cut.is_some() { "+" } else { "" };
    let written = match shared.error.take() {
        Some(e) => Err(e),
        None if args.count => {
            writeln!(shared.out, "{}{more}", report.stats.solutions).map_err(Into::into)
        }
        None => Ok(()),
    };
    let flushed = written.and_then(|()| shared.out.flush().map_err(Into::into));
    let seconds = started.elapsed().as_secs_f64();
    if args.stats && cut != Some(Cut::Interrupt) {
        print_stats(report.stats, report.units, seconds);
    }
    let outcome = finish(report.stats.solutions, flushed)?;
    Ok(match cut {
        None => outcome,
        Some(cut) => {
            let stats = format!(
                "solutions={} nodes={} updates={} seconds={seconds:.4}",
                report.stats.solutions, report.stats.nodes, report.stats.updates
            );
            report_cut(cut, args, report.stats.solutions, &stats)
        }
    })
}

/// Prints every solution; returns why the search stopped.
fn print_solutions(
    stepper: &mut Stepper<'_>,
    out: &mut dyn Write,
    render: &impl Fn(&mut dyn Write, &[usize]) -> Result<()>,
) -> (Result<()>, Step) {
    let mut options = Vec::new();
    let mut first = true;
    loop {
        let step = stepper.step();
        if step != Step::Solution {
            return (Ok(()), step);
        }
        if !first {
            if let Err(e) = writeln!(out) {
                return (Err(e.into()), step);
            }
        }
        first = false;
        stepper.search.solution_into(&mut options);
        if let Err(e) = render(out, &options) {
            return (Err(e), step);
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
