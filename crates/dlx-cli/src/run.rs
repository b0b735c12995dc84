//! Running a search for a command: every solution, or only their number; a limit; statistics.
//!
//! Shared by `dlx cover` and the puzzle commands, which differ only in how they print a solution.

use std::io::{self, IsTerminal, Write};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Result};
use clap::Args;
use dlx_core::parallel::{Pool, DEFAULT_SLICE};
use dlx_core::{
    preferred_engine, sat, Budget, Engine, EngineKind, Problem, Search, SplitError, Status,
    StopReason,
};

use dlx_core::quote::escape;

use crate::engine::EngineChoice;
use crate::outcome::Outcome;
use crate::progress::{self, SearchLine};
use crate::stop;

/// The exit codes of `dlx cover` and the puzzle commands, for their `--help`.
pub const EXIT_CODES: &str = "Exit codes: 0 solutions found, 1 none, 2 bad usage or input, \
3 stopped by --budget or --timeout (what was printed is correct, but there may be more), \
130 interrupted by Ctrl-C (the count and statistics so far are printed on stderr).";

/// Nodes dancing links searches for a first solution before `--engine auto` gives the SAT
/// engine a turn; each later turn of either engine is twice as long as its last.
const AUTO_NODES: u64 = 100_000;

/// Conflicts of the SAT engine's first turn under `--engine auto`.
const AUTO_CONFLICTS: u64 = 1_000;

// The options that control a search and what it prints.
#[derive(Args, Debug)]
pub struct SearchArgs {
    /// The search engine: auto (a count, and a search on --threads N, take dancing cells where
    /// they apply and dancing links on problems with multiplicities; otherwise dancing links,
    /// and when it finds no solution soon, turns of dancing links and SAT, each twice as long as
    /// the last, until one answers and goes on alone; --ordered takes dancing links), Knuth's
    /// dancing links (node counts as his dlx1), dancing cells (sparse sets, forced moves without
    /// branching), or SAT (the problem as clauses, solved by CaDiCaL; one
    /// thread; finds solutions one at a time and proves there are none, on hard problems with
    /// few solutions far sooner than a search; it does not count: --count only says 0 when there
    /// are none).
    #[arg(long, value_enum, default_value_t = EngineChoice::Auto)]
    pub(crate) engine: EngineChoice,
    /// Print only the number of solutions.
    #[arg(long)]
    pub(crate) count: bool,
    /// Stop after this many solutions.
    #[arg(long, value_name = "N")]
    pub(crate) limit: Option<u64>,
    /// Stop after entering this many search nodes (conflicts with --engine sat; runs on one
    /// thread). If the search is not
    /// finished by then, what was found is printed (a count as `N+`), stderr says the search is
    /// unfinished, and the exit code is 3.
    #[arg(long, value_name = "NODES")]
    pub(crate) budget: Option<u64>,
    /// Stop searching after this many seconds (fractions allowed), on every thread. What was
    /// found is printed (a count as `N+`), stderr says the search is unfinished, and the exit
    /// code is 3. (Ctrl-C stops a search the same way, prints the statistics so far on stderr
    /// and exits with code 130.)
    #[arg(long, value_name = "SECONDS", value_parser = stop::parse_seconds)]
    pub(crate) timeout: Option<Duration>,
    /// After the run, print `solutions=… nodes=… updates=… seconds=… engine=…` on stderr: the
    /// figures of the engine that ran, the same on any number of threads.
    #[arg(long)]
    pub(crate) stats: bool,
    /// Threads to search with. --count uses all cores by default and splits the search tree
    /// among them; printing solutions uses one thread unless this is given, and then prints them
    /// as found, in no fixed order (see --ordered). --limit always runs on one thread.
    #[arg(long, value_name = "N", value_parser = crate::values::parse_threads)]
    pub(crate) threads: Option<NonZeroUsize>,
    /// Print solutions in the order of the one-thread search (runs on one thread).
    #[arg(long, conflicts_with = "count")]
    ordered: bool,
    /// Updates a thread runs between checks for idle threads (for tests: small slices split the
    /// tree often).
    #[arg(long, hide = true, default_value_t = DEFAULT_SLICE)]
    slice: u64,
}

impl SearchArgs {
    /// The engine and the number of threads of a search of `problem` by dancing links or cells.
    pub fn plan(&self, problem: &Problem) -> Result<(EngineKind, usize)> {
        let engine = match self.engine {
            EngineChoice::Cells => EngineKind::Cells,
            // The one-thread order of the portfolio, which starts with dancing links.
            EngineChoice::Auto if self.ordered => EngineKind::Links,
            EngineChoice::Auto => preferred_engine(problem),
            EngineChoice::Dlx | EngineChoice::Sat => EngineKind::Links,
        };
        Ok((engine, self.threads(problem, engine)?))
    }

    /// How many threads this run of `engine` uses on `problem`: one unless the search may be
    /// split (dancing links do not split multiplicities).
    fn threads(&self, problem: &Problem, engine: EngineKind) -> Result<usize> {
        let asked = self.threads.map(NonZeroUsize::get);
        let unsplit = engine == EngineKind::Links && problem.has_multiplicities();
        if asked.is_some_and(|n| n > 1) && unsplit {
            bail!(
                "{} by dancing links: search it on one thread (--threads 1) or by dancing cells \
                 (--engine cells)",
                SplitError::Multiplicities
            );
        }
        let default = if self.count {
            std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
        } else {
            1
        };
        let one = self.limit.is_some() || self.budget.is_some() || self.ordered || unsplit;
        Ok(if one { 1 } else { asked.unwrap_or(default) })
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
    let outcome = search_any(problem, name, args, render)?;
    // A count says 0; a search that printed nothing says why.
    if outcome == Outcome::NoSolution && !args.count {
        say_no_solution(name);
    }
    Ok(outcome)
}

/// [`search`] on the engine and threads asked for.
fn search_any(
    problem: &Problem,
    name: &str,
    args: &SearchArgs,
    render: impl Fn(&mut dyn Write, &[usize]) -> Result<()> + Sync,
) -> Result<Outcome> {
    let portfolio = !(args.count || args.ordered || args.asks_for_threads());
    if args.engine == EngineChoice::Auto && portfolio {
        return search_auto(problem, name, args, render);
    }
    if args.engine == EngineChoice::Sat {
        if args.asks_for_threads() {
            bail!("the sat engine runs on one thread (leave out --threads)");
        }
        let mut search = sat::Search::new(problem).map_err(|e| anyhow!("{name}: {e}"))?;
        if args.count {
            return count_sat(&mut search, args);
        }
        return search_with(&mut search, args, render);
    }
    let (engine, threads) = args.plan(problem)?;
    if args.count {
        let started = Instant::now();
        let counted = count_engine(problem, args, engine, threads, args.stop()?)?;
        return print_count(&counted, args, started);
    }
    if threads > 1 {
        return search_parallel(
            problem,
            args,
            NonZeroUsize::MIN.saturating_add(threads - 1),
            engine,
            render,
        );
    }
    let mut search = engine.search(problem);
    search_with(search.as_mut(), args, render)
}

/// A count by an engine that searches (dancing links or cells, on one thread or in the pool),
/// not yet printed: [`print_count`] prints it.
pub struct EngineCount {
    /// The solutions counted (all of them unless `cut`).
    pub solutions: u64,
    /// The engine's figures, for `--stats`.
    figures: String,
    /// The engine's name.
    engine: &'static str,
    /// Why the count stopped before its end, if it did.
    pub cut: Option<StopReason>,
    /// The units of a parallel count.
    units: u64,
}

impl EngineCount {
    /// Adds `note` to the figures `--stats` prints.
    pub fn note(&mut self, note: &str) {
        self.figures.push_str(note);
    }
}

/// Counts `problem`'s solutions with `engine` on `threads` threads under `stop`, showing the
/// progress line on a terminal; nothing is printed on stdout.
pub fn count_engine(
    problem: &Problem,
    args: &SearchArgs,
    engine: EngineKind,
    threads: usize,
    stop: dlx_core::Stop,
) -> Result<EngineCount> {
    let line = args.count_line(problem, engine);
    let stop = match &line {
        Some(line) => stop.with_progress(line.listener()),
        None => stop,
    };
    let counted = match NonZeroUsize::new(threads).filter(|n| n.get() > 1) {
        Some(threads) => {
            let report = Pool::new(problem, threads)
                .with_engine(engine)
                .with_slice(args.slice)
                .with_stop(stop)
                .count(&[])?;
            EngineCount {
                solutions: report.stats.solutions,
                figures: report.stats.to_string(),
                engine: engine.name(),
                cut: report.stopped,
                units: report.units,
            }
        }
        None => {
            let mut search = engine.search(problem);
            search.set_limit(args.limit);
            search.set_stop(stop);
            let last = search.count();
            EngineCount {
                solutions: search.stats().solutions,
                figures: search.stats_line(),
                engine: search.name(),
                cut: match last {
                    Status::Stopped(reason) => Some(reason),
                    _ => None,
                },
                units: 1,
            }
        }
    };
    if let Some(line) = &line {
        line.finish();
    }
    Ok(counted)
}

/// Prints a count (`N+` when cut short) and, as asked, its statistics, and says why it was cut.
pub fn print_count(counted: &EngineCount, args: &SearchArgs, started: Instant) -> Result<Outcome> {
    let more = if counted.cut.is_some() { "+" } else { "" };
    let written = writeln!(io::stdout().lock(), "{}{more}", counted.solutions).map_err(Into::into);
    let seconds = started.elapsed().as_secs_f64();
    let stats = stats_line(&counted.figures, seconds, counted.engine);
    if args.stats && counted.cut != Some(StopReason::Cancelled) {
        eprintln!("{stats}");
        // On a line of its own, so that the first keeps its format.
        if counted.units > 1 {
            eprintln!("units={}", counted.units);
        }
    }
    let outcome = finish(counted.solutions, written)?;
    Ok(match counted.cut {
        None => outcome,
        Some(cut) => report_cut(cut, args, false, counted.solutions, &stats),
    })
}

/// Like [`search`], printing solutions on one thread with any engine.
fn search_with(
    search: &mut dyn Engine,
    args: &SearchArgs,
    render: impl Fn(&mut dyn Write, &[usize]) -> Result<()>,
) -> Result<Outcome> {
    search.set_limit(args.limit);
    search.set_stop(args.stop()?);
    let started = Instant::now();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let (written, last) = print_solutions(search, &mut out, &render, false);
    let flushed = written.and_then(|()| out.flush().map_err(Into::into));
    conclude(search, args, started, last, flushed, "")
}

/// `--engine auto` on one thread: dancing links, and while it has found no solution, turns of
/// dancing links and SAT, each turn twice as long as the same engine's last (so neither spends
/// more than about twice what the other needs). The first engine to find a solution, or to
/// prove there is none, answers: it goes on alone under the run's own stop. `--budget` bounds
/// each engine's own work (nodes, conflicts).
fn search_auto(
    problem: &Problem,
    name: &str,
    args: &SearchArgs,
    render: impl Fn(&mut dyn Write, &[usize]) -> Result<()>,
) -> Result<Outcome> {
    let stop = args.stop()?;
    let allowed = args.budget.unwrap_or(u64::MAX);
    let started = Instant::now();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut dlx = Search::new(problem);
    dlx.set_limit(args.limit);
    let mut sat: Option<sat::Search<'_>> = None;
    let (mut nodes, mut conflicts) = (AUTO_NODES, AUTO_CONFLICTS);
    // Runs `engine` for one turn, to `cap` of its work; what it found, unless the turn ended
    // first (then the engine is left bounded by the run's stop alone).
    let answered = |engine: &mut dyn Engine, cap: u64| -> Option<Status> {
        engine.set_stop(stop.clone().with_budget(Budget::Nodes(cap)));
        match engine.step() {
            Status::Stopped(StopReason::Budget) if cap < allowed => None,
            status => {
                engine.set_stop(stop.clone());
                Some(status)
            }
        }
    };
    // Whether the SAT engine answered, and its answer.
    let (by_sat, status) = loop {
        let cap = dlx.stats().nodes.saturating_add(nodes).min(allowed);
        if let Some(status) = answered(&mut dlx, cap) {
            break (false, status);
        }
        let search = match &mut sat {
            Some(search) => search,
            None => {
                let mut search = sat::Search::new(problem).map_err(|e| anyhow!("{name}: {e}"))?;
                search.set_limit(args.limit);
                sat.insert(search)
            }
        };
        let cap = search
            .sat_stats()
            .conflicts
            .saturating_add(conflicts)
            .min(allowed);
        if let Some(status) = answered(search, cap) {
            break (true, status);
        }
        nodes = nodes.saturating_mul(2);
        conflicts = conflicts.saturating_mul(2);
    };
    // The other engine's work, when it had turns.
    let note = match &sat {
        Some(_) if by_sat => format!(" dlx-nodes={}", dlx.stats().nodes),
        Some(sat) => format!(" sat-conflicts={}", sat.sat_stats().conflicts),
        None => String::new(),
    };
    let engine: &mut dyn Engine = match &mut sat {
        Some(sat) if by_sat => sat,
        _ => &mut dlx,
    };
    let (written, last) = if status == Status::Solution {
        print_solutions(engine, &mut out, &render, true)
    } else {
        (Ok(()), status)
    };
    let flushed = written.and_then(|()| out.flush().map_err(Into::into));
    conclude(engine, args, started, last, flushed, &note)
}

/// Says on stderr that `name` (a file or a model) has no solution.
pub fn say_no_solution(name: &str) {
    eprintln!("dlx: {}: no solution", escape(name));
}

/// The outcome of a run that its stop ended for `reason` before `what` (a clause: "the count
/// was complete"), said on stderr with its statistics `line`: a budget or a time limit spent
/// (unfinished, the line with `--stats`), or Ctrl-C (interrupted, the line always).
pub fn stopped(reason: StopReason, args: &SearchArgs, line: &str, what: &str) -> Outcome {
    match stop::spent_limit(reason, args.budget, args.timeout) {
        Some(why) => {
            if args.stats {
                eprintln!("{line}");
            }
            eprintln!("dlx: unfinished: {why} ran out before {what}");
            Outcome::Unfinished
        }
        None => {
            eprintln!("dlx: interrupted: {line}");
            Outcome::Interrupted
        }
    }
}

/// The end of a one-thread run that stopped at `last` after `written` was written: the
/// statistics on stderr as asked (`note` after the engine's own), why it stopped, and the
/// outcome.
fn conclude(
    search: &dyn Engine,
    args: &SearchArgs,
    started: Instant,
    last: Status,
    written: Result<()>,
    note: &str,
) -> Result<Outcome> {
    let stats = stats_line(
        &format!("{}{note}", search.stats_line()),
        started.elapsed().as_secs_f64(),
        search.name(),
    );
    let cut = match last {
        Status::Stopped(reason) => Some(reason),
        _ => None,
    };
    if args.stats && cut != Some(StopReason::Cancelled) {
        eprintln!("{stats}");
    }
    let solutions = search.stats().solutions;
    let outcome = finish(solutions, written)?;
    Ok(match cut {
        None => outcome,
        Some(cut) => report_cut(cut, args, search.name() == "sat", solutions, &stats),
    })
}

/// `--count` with the SAT engine: one solve. No solution gives the count, 0; a solution means
/// the count is not this engine's to give: counting many solutions one solve each is the other
/// engines' job.
fn count_sat(search: &mut sat::Search<'_>, args: &SearchArgs) -> Result<Outcome> {
    search.set_stop(args.stop()?);
    let started = Instant::now();
    let status = search.try_step()?;
    if status == Status::Solution {
        bail!(
            "--count: counting stays with the dlx and cells engines (this problem has \
             solutions; the sat engine finds them one at a time, up to --limit N, and proves \
             when there are none)"
        );
    }
    let more = if matches!(status, Status::Stopped(_)) {
        "+"
    } else {
        ""
    };
    let written = writeln!(io::stdout().lock(), "0{more}").map_err(Into::into);
    conclude(search, args, started, status, written, "")
}

/// Says on stderr why the search stopped after `solutions` (with the statistics `stats` after
/// an interrupt), and gives the outcome. The SAT engine's (`by_sat`) budget counts conflicts.
pub(crate) fn report_cut(
    cut: StopReason,
    args: &SearchArgs,
    by_sat: bool,
    solutions: u64,
    stats: &str,
) -> Outcome {
    let Some(mut why) = stop::spent_limit(cut, args.budget, args.timeout) else {
        eprintln!("dlx: interrupted: {stats}");
        eprintln!("dlx: interrupted after {solutions} solutions; there may be more");
        return Outcome::Interrupted;
    };
    if cut == StopReason::Budget && by_sat {
        // The SAT engine's nodes are its conflicts.
        why = why.replace(" nodes", " conflicts");
    }
    eprintln!("dlx: unfinished: {why} ran out after {solutions} solutions; there may be more");
    Outcome::Unfinished
}

impl SearchArgs {
    /// The run control of a one-thread search: `--budget` (nodes), `--timeout` and Ctrl-C.
    pub(crate) fn stop(&self) -> Result<dlx_core::Stop> {
        let budget = self.budget.map_or(Budget::Unlimited, Budget::Nodes);
        Ok(stop::control(self.timeout)?.with_budget(budget))
    }

    /// The progress line of a count on a terminal, with the time left from an estimate of the
    /// tree of `engine`.
    fn count_line(&self, problem: &Problem, engine: EngineKind) -> Option<SearchLine> {
        let enabled = self.count && io::stderr().is_terminal();
        let prober = enabled.then(|| progress::prober(problem, engine)).flatten();
        SearchLine::new(enabled, prober)
    }

    /// Whether more than one thread was asked for explicitly.
    pub(crate) fn asks_for_threads(&self) -> bool {
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

/// [`search`] on `threads` threads of `engine`: the solutions in the order they are found.
fn search_parallel(
    problem: &Problem,
    args: &SearchArgs,
    threads: NonZeroUsize,
    engine: EngineKind,
    render: impl Fn(&mut dyn Write, &[usize]) -> Result<()> + Sync,
) -> Result<Outcome> {
    let started = Instant::now();
    let pool = Pool::new(problem, threads)
        .with_engine(engine)
        .with_slice(args.slice)
        .with_stop(stop::control(args.timeout)?);
    let shared = Mutex::new(Shared {
        out: io::BufWriter::new(io::stdout()),
        first: true,
        error: None,
    });
    let report = pool.each_solution(&[], &|options: &[usize]| {
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
    })?;
    // The pool also stops when writing failed; only the `Stop` makes the run unfinished.
    let cut = report.stopped;
    let mut shared = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    let written = match shared.error.take() {
        Some(e) => Err(e),
        None => Ok(()),
    };
    let flushed = written.and_then(|()| shared.out.flush().map_err(Into::into));
    let seconds = started.elapsed().as_secs_f64();
    let stats = stats_line(&report.stats.to_string(), seconds, engine.name());
    if args.stats && cut != Some(StopReason::Cancelled) {
        eprintln!("{stats}");
        // On a line of its own, so that the first keeps its format.
        if report.units > 1 {
            eprintln!("units={}", report.units);
        }
    }
    let outcome = finish(report.stats.solutions, flushed)?;
    Ok(match cut {
        None => outcome,
        Some(cut) => report_cut(cut, args, false, report.stats.solutions, &stats),
    })
}

/// Prints every solution, from the one the search holds when `pending`; returns why the search
/// stopped.
fn print_solutions(
    search: &mut dyn Engine,
    out: &mut dyn Write,
    render: &impl Fn(&mut dyn Write, &[usize]) -> Result<()>,
    mut pending: bool,
) -> (Result<()>, Status) {
    let mut options = Vec::new();
    let mut first = true;
    loop {
        let step = if std::mem::take(&mut pending) {
            Status::Solution
        } else {
            search.step()
        };
        if step != Status::Solution {
            return (Ok(()), step);
        }
        if !first {
            if let Err(e) = writeln!(out) {
                return (Err(e.into()), step);
            }
        }
        first = false;
        search.solution_into(&mut options);
        if let Err(e) = render(out, &options) {
            return (Err(e), step);
        }
    }
}

/// The statistics line of `--stats`: the engine's figures, the time and which engine ran.
pub(crate) fn stats_line(figures: &str, seconds: f64, engine: &str) -> String {
    format!("{figures} seconds={seconds:.4} engine={engine}")
}

/// Whether `error` is a closed pipe (`dlx … | head`): the reader's choice, not an error.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
