//! `dlx cover --count --memo`, `--zdd`, `--zdd-out FILE`, `--sample N`: counting by memoised
//! search ([`dlx_core::memo`]), the ZDD of the solutions written and sampled; and `--count`'s
//! own choice of it, a trial of the memo beside the count of a searching engine.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use dlx_core::memo::{Memo, MemoError, MemoStats, Natural, Sampler};
use dlx_core::quote::escape;
use dlx_core::rng::Rng;
use dlx_core::{Budget, Cancel, Problem, Stop};

use crate::engine::EngineChoice;
use crate::memory;
use crate::outcome::Outcome;
use crate::run::{self, SearchArgs};

// The options of counting by memo.
#[derive(Args, Debug)]
pub struct MemoArgs {
    /// With --count: count by memoised search (sub-problems met again, the same items left and
    /// the same colors set, answered from a cache), exactly however large the count; far beyond
    /// any enumeration where sub-problems repeat, as in tilings. One thread; no multiplicities.
    /// (--count tries it by itself and keeps it where it pays.)
    #[arg(long, requires = "count")]
    memo: bool,
    /// Count by memoised search and build the ZDD of the solutions, as Knuth's dlx6 does; prints
    /// the count (implied by --zdd-out and --sample).
    #[arg(long)]
    zdd: bool,
    /// Write the ZDD of the solutions to FILE, in the text format of Knuth's ZDDREAD programs
    /// (one node a line, `ID: (~OPTION?LO:HI)`; docs/cover.md).
    #[arg(long, value_name = "FILE")]
    zdd_out: Option<PathBuf>,
    /// Print N solutions drawn from the ZDD, each of them equally likely (independent draws),
    /// as the solutions of `dlx cover` are printed, instead of the count.
    #[arg(long, value_name = "N", conflicts_with = "count")]
    sample: Option<u64>,
    /// The seed of --sample: the same seed, the same solutions.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// The most memory the memo's cache and ZDD may take, in bytes, with an optional K, M or G
    /// suffix (powers of 1024); past it the count stops with exit code 3.
    #[arg(long, value_name = "SIZE", default_value = "2G", value_parser = crate::cover::parse_size)]
    max_memory: u64,
}

/// Sub-problems a memo trial searches between two looks at the engine it runs beside: options
/// tested, some 60 microseconds of work.
const TURN_CHECKS: u64 = 8192;

/// The work of a memo trial before it is given up: options tested, about a millisecond.
const TRIAL_CHECKS: u64 = 1 << 17;

/// How long a count runs alone before a memo trial starts beside it: counts this short are
/// left alone.
const TRIAL_DELAY: Duration = Duration::from_millis(10);

/// How often a count raced with a memo looks at Ctrl-C and the time limit once the trial is
/// over, to stop the engine with them.
const LOOK: Duration = Duration::from_millis(10);

/// A memo trial pays when the solutions it has counted are this many times the sub-problems it
/// searched. A search enumerating them makes a node per solution at least; on the domino boards
/// the ratio passes 4 within the trial and then grows without bound, on the instances of
/// counting by search it stays below 0.3.
const PAYS: u64 = 4;

impl MemoArgs {
    /// The bound of `--max-memory`, in bytes.
    pub fn max_memory(&self) -> u64 {
        self.max_memory
    }

    /// Whether a memoised count is asked for.
    pub fn asked(&self) -> bool {
        self.memo || self.builds_zdd()
    }

    /// Whether the ZDD is built.
    fn builds_zdd(&self) -> bool {
        self.zdd || self.zdd_out.is_some() || self.sample.is_some()
    }

    /// The option that asked for the memo, for messages.
    fn flag(&self) -> &'static str {
        match () {
            () if self.sample.is_some() => "--sample",
            () if self.zdd_out.is_some() => "--zdd-out",
            () if self.zdd => "--zdd",
            () => "--memo",
        }
    }
}

/// `--count --memo`, `--zdd`, `--zdd-out`, `--sample`: the count by memoised search, its cache
/// and ZDD bounded by `--max-memory`. A count cut short prints the solutions counted so far as
/// `N+` (a ZDD or a sample, nothing), says why on stderr, and exits 3 (130 after Ctrl-C).
pub fn run(problem: &Problem, name: &str, args: &SearchArgs, memo: &MemoArgs) -> Result<Outcome> {
    let flag = memo.flag();
    if args.engine != EngineChoice::Auto {
        bail!("{flag} counts by memo, an engine of its own (leave out --engine)");
    }
    if args.asks_for_threads() {
        bail!("{flag} counts on one thread (leave out --threads)");
    }
    if args.limit.is_some() {
        bail!("{flag} counts every solution (leave out --limit)");
    }
    let started = Instant::now();
    let engine = Memo::new(problem).max_bytes(memo.max_memory);
    let mut counting = engine
        .counting(memo.builds_zdd())
        .map_err(|e| anyhow!("{name}: {e}"))?;
    let count = match counting.resume(args.stop()?) {
        Ok(count) => count,
        Err(e) => {
            let shown = !memo.builds_zdd();
            return report_memo_cut(e, counting.found(), args, shown, started, name);
        }
    };
    let stats = counting.stats();
    let Some(zdd) = counting.into_zdd() else {
        print_memo_stats(args, &count.to_string(), &stats, started);
        return print_memo_count(&count);
    };
    if let Some(path) = &memo.zdd_out {
        let file = File::create(path).with_context(|| {
            format!(
                "cannot write the ZDD to {}",
                escape(&path.display().to_string())
            )
        })?;
        let mut out = BufWriter::new(file);
        zdd.write_knuth(&mut out)
            .and_then(|()| out.flush())
            .with_context(|| {
                format!(
                    "cannot write the ZDD to {}",
                    escape(&path.display().to_string())
                )
            })?;
    }
    print_memo_stats(args, &count.to_string(), &stats, started);
    let Some(n) = memo.sample else {
        return print_memo_count(&count);
    };
    let sampler = match Sampler::new(&zdd, memo.max_memory) {
        Ok(sampler) => sampler,
        Err(e) => return report_memo_cut(e, Natural::ZERO, args, false, started, name),
    };
    let mut rng = Rng::new(memo.seed, 0);
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut written = Ok(());
    for k in 0..n {
        let Some(options) = sampler.sample(&mut rng) else {
            break;
        };
        written = (|| -> io::Result<()> {
            if k > 0 {
                writeln!(out)?;
            }
            for option in options {
                writeln!(out, "{}", problem.format_option(option))?;
            }
            Ok(())
        })();
        if written.is_err() {
            break;
        }
    }
    let written = written.and_then(|()| out.flush());
    if count.is_zero() {
        run::say_no_solution(name);
        return Ok(Outcome::NoSolution);
    }
    Outcome::Solved.after_writing(written, "sample")
}

/// Prints the count and gives the outcome.
fn print_memo_count(count: &Natural) -> Result<Outcome> {
    let written = writeln!(io::stdout().lock(), "{count}");
    let outcome = if count.is_zero() {
        Outcome::NoSolution
    } else {
        Outcome::Solved
    };
    outcome.after_writing(written, "count")
}

/// The `--stats` line of a memoised count, if asked.
fn print_memo_stats(args: &SearchArgs, count: &str, stats: &MemoStats, started: Instant) {
    if args.stats {
        eprintln!("{}", memo_stats_line(count, stats, started));
    }
}

/// `solutions=… nodes=… … peak-kib=… seconds=… engine=memo`.
fn memo_stats_line(count: &str, stats: &MemoStats, started: Instant) -> String {
    let figures = format!("solutions={count} {stats}{}", memory::peak_field());
    run::stats_line(&figures, started.elapsed().as_secs_f64(), "memo")
}

/// Reports a memoised count stopped by `error` after counting `found` solutions (printed as
/// `N+` when `shown`).
fn report_memo_cut(
    error: MemoError,
    found: Natural,
    args: &SearchArgs,
    shown: bool,
    started: Instant,
    name: &str,
) -> Result<Outcome> {
    let so_far = format!("{found}+");
    let line = |stats: &MemoStats| memo_stats_line(&so_far, stats, started);
    if shown && !matches!(error, MemoError::Multiplicities) {
        if let Err(e) = writeln!(io::stdout().lock(), "{so_far}") {
            if e.kind() != io::ErrorKind::BrokenPipe {
                return Err(e.into());
            }
        }
    }
    match error {
        MemoError::Memory { limit, stats } => {
            if args.stats {
                eprintln!("{}", line(&stats));
            }
            eprintln!(
                "dlx: unfinished: --max-memory {limit} ran out after {} sub-problems; the memo \
                 needs more (raise --max-memory)",
                stats.entries
            );
            Ok(Outcome::Unfinished)
        }
        MemoError::Stopped { reason, stats } => Ok(run::stopped(
            reason,
            args,
            &line(&stats),
            "the count was complete",
        )),
        e => Err(anyhow!("{name}: {e}")),
    }
}

/// Whether `dlx cover --count` tries the memo: a count by the default engine of every solution,
/// without a node budget (which counts a searching engine's nodes).
pub fn tried_by_count(args: &SearchArgs) -> bool {
    args.count && args.engine == EngineChoice::Auto && args.limit.is_none() && args.budget.is_none()
}

/// How a count raced with a memo trial ended.
enum Race {
    /// The engine counted first, or the trial did not pay.
    Engine,
    /// The trial paid (or finished): the memo counts on alone.
    Memo,
}

/// `dlx cover --count` where [`tried_by_count`]: the count of the engine `auto` takes, on the
/// threads asked for, and beside it, once it has run for [`TRIAL_DELAY`], a memo trial of up to
/// [`TRIAL_CHECKS`] options tested on one more thread. The memo answers when the trial finishes
/// the count, or when it has counted [`PAYS`] times more solutions than it searched
/// sub-problems (then the engine is stopped and the memo counts on alone); otherwise the trial
/// is dropped with its cache and the engine answers. A memo that then outgrows `max_memory`
/// hands the count back to the engine, from the start. `--stats` says which answered.
pub fn count_auto(
    problem: &Problem,
    name: &str,
    args: &SearchArgs,
    max_memory: u64,
) -> Result<Outcome> {
    let started = Instant::now();
    let (engine, threads) = args.plan(problem)?;
    let run_stop = args.stop()?;
    // The engine's own flag, raised on Ctrl-C (forwarded below) or when the memo takes over.
    let halt = Cancel::new();
    let mut engine_stop = Stop::new().with_cancel(halt.clone());
    if let Some(deadline) = run_stop.deadline() {
        engine_stop = engine_stop.with_deadline(deadline);
    }
    let memo = Memo::new(problem).max_bytes(max_memory);
    let mut counting = memo.counting(false).map_err(|e| anyhow!("{name}: {e}"))?;
    let (race, counted, tried) = std::thread::scope(|scope| {
        // Says when the engine is done: waiting on it costs no time after the count.
        let (done, finished) = mpsc::channel();
        let searching = scope.spawn(move || {
            let counted = run::count_engine(problem, args, engine, threads, engine_stop);
            // The receiver is gone when the memo has answered.
            let _ = done.send(());
            counted
        });
        let mut trial = true;
        let mut tried = 0;
        let race = loop {
            let wait = match trial {
                true => TRIAL_DELAY.saturating_sub(started.elapsed()),
                false => LOOK,
            };
            match finished.recv_timeout(wait) {
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                _ => break Race::Engine,
            }
            if run_stop.halted().is_some() {
                halt.cancel();
            }
            if !trial {
                continue;
            }
            let cap = counting.stats().checks + TURN_CHECKS;
            match counting.resume(Stop::new().with_budget(Budget::Updates(cap))) {
                Ok(_) => break Race::Memo,
                Err(MemoError::Stopped { stats, .. }) => {
                    let pays = Natural::from(stats.nodes.saturating_mul(PAYS));
                    if counting.found() >= pays {
                        break Race::Memo;
                    }
                    trial = stats.checks < TRIAL_CHECKS;
                }
                Err(_) => trial = false,
            }
            if !trial {
                // Its cache is dropped with it.
                tried = counting.stats().checks;
                counting = memo.counting(false).expect("checked above");
            }
        };
        if let Race::Memo = race {
            halt.cancel();
        }
        let counted = searching
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (race, counted, tried)
    });
    if let Race::Engine = race {
        let mut counted = counted?;
        counted.note(&format!(
            " memo-checks={}",
            tried.max(counting.stats().checks)
        ));
        return run::print_count(&counted, args, started);
    }
    match counting.resume(run_stop.clone()) {
        Ok(count) => {
            print_memo_stats(args, &count.to_string(), &counting.stats(), started);
            print_memo_count(&count)
        }
        Err(MemoError::Memory { stats, .. }) => {
            eprintln!(
                "dlx: the memo outgrew --max-memory after {} sub-problems; counting by search",
                stats.entries
            );
            drop(counting);
            let counted = run::count_engine(problem, args, engine, threads, run_stop)?;
            run::print_count(&counted, args, started)
        }
        Err(e) => report_memo_cut(e, counting.found(), args, true, started, name),
    }
}
