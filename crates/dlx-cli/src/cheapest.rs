//! `dlx cover --best K`: the K cheapest solutions of a problem whose options carry costs
//! ([`dlx_core::cost`]), cheapest first, each after a comment line `| cost N`.

use std::io::{self, Write};
use std::time::Instant;

use anyhow::{anyhow, bail, Result};
use dlx_core::cost::{Best, Cheapest};
use dlx_core::Problem;

use crate::engine::EngineChoice;
use crate::memory;
use crate::outcome::Outcome;
use crate::run::{self, SearchArgs};

/// Searches `problem` (read from `name`) for its `k` cheapest solutions and prints them. A run
/// its stop ends prints the cheapest found so far, and says so on stderr.
pub fn run(problem: &Problem, name: &str, args: &SearchArgs, k: usize) -> Result<Outcome> {
    if args.engine != EngineChoice::Auto {
        bail!("--best is an engine of its own (leave out --engine)");
    }
    if args.asks_for_threads() {
        bail!("--best searches on one thread (leave out --threads)");
    }
    let started = Instant::now();
    let best = Cheapest::new(problem)
        .keep(k)
        .with_stop(args.stop()?)
        .search()
        .map_err(|e| anyhow!("{name}: {e}"))?;
    let written = write_best(&mut io::stdout().lock(), problem, &best);
    let line = || {
        let figures = format!("{}{}", best.stats, memory::peak_field());
        run::stats_line(&figures, started.elapsed().as_secs_f64(), "cost")
    };
    let outcome = match best.stopped {
        Some(reason) => run::stopped(reason, args, &line(), "the search was complete"),
        None => {
            if args.stats {
                eprintln!("{}", line());
            }
            if best.solutions.is_empty() {
                run::say_no_solution(name);
                Outcome::NoSolution
            } else {
                Outcome::Solved
            }
        }
    };
    outcome.after_writing(written, "solutions")
}

/// Writes each solution of `best` as `| cost N` and its options one per line, with a blank line
/// between solutions.
fn write_best(out: &mut dyn Write, problem: &Problem, best: &Best) -> io::Result<()> {
    for (k, solution) in best.solutions.iter().enumerate() {
        if k > 0 {
            writeln!(out)?;
        }
        writeln!(out, "| cost {}", solution.cost)?;
        for &option in &solution.options {
            writeln!(out, "{}", problem.format_option(option))?;
        }
    }
    out.flush()
}
