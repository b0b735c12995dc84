//! `dlx estimate`: how big a problem's search tree is, and how long counting it would take,
//! without searching it (Knuth's random probes, `dlx_core::estimate`).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Result};
use clap::Args;
use dlx_core::estimate::{self, Estimate, Figure};
use dlx_core::{EngineKind, Problem, Status};
use serde_json::json;

use crate::cover;
use crate::engine::TreeEngine;
use crate::outcome::Outcome;
use crate::stop;

/// How long the search runs to measure its speed.
const MEASURE: Duration = Duration::from_millis(200);

// Arguments of `dlx estimate`.
#[derive(Args, Debug)]
#[command(
    after_help = "Each probe walks from the root of the tree `dlx cover --count` searches \
(with the engine of --engine) to a leaf, taking one option at random where the search would \
branch; the product of the degrees on the way estimates the nodes at each level and the \
solutions at its end. The \
mean over the probes is an unbiased estimate, and the standard error (±) says how far it can be \
off; a median far below the mean says the tree is lopsided and more probes are worth taking. \
The time is the nodes at the speed of a short run of the search, on one thread. Exit codes: 0 \
estimated, 2 bad usage or input (or a problem with multiplicities on dancing links, which do not estimate it)."
)]
pub struct EstimateArgs {
    /// The problem in Knuth's format; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Random probes to take (more narrow the spread).
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    probes: u64,
    /// The seed of the probes: the same seed gives the same estimate.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// The engine whose tree is estimated, and whose speed gives the time (auto: the one a
    /// count takes, dancing cells without multiplicities).
    #[arg(long, value_enum, default_value_t = TreeEngine::Auto)]
    engine: TreeEngine,
    /// One JSON object: {"engine", "probes", "seed", "depth", "nodes", "solutions" (each
    /// {"mean", "std_error", "min", "median", "max"}), "nodes_per_second", "seconds", "exact"}.
    #[arg(long)]
    json: bool,
}

/// What a short run of the search says: its speed, or the exact figures when it ended.
struct Speed {
    nodes_per_second: f64,
    /// The whole count (solutions, nodes), when the search ended within the run.
    exact: Option<(u64, u64)>,
}

/// Runs the search of `engine` for [`MEASURE`] (or to its end), under Ctrl-C.
fn measure(problem: &Problem, engine: EngineKind) -> Result<Speed> {
    let mut search = engine.search(problem);
    search.set_stop(stop::control(Some(MEASURE))?);
    let started = Instant::now();
    let status = search.count();
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    let stats = search.stats();
    Ok(Speed {
        nodes_per_second: stats.nodes as f64 / seconds,
        exact: (status == Status::Exhausted).then_some((stats.solutions, stats.nodes)),
    })
}

/// Runs `dlx estimate`.
pub fn run(args: &EstimateArgs) -> Result<Outcome> {
    let problem = cover::read_problem(args.file.as_deref())?;
    let name = args
        .file
        .as_deref()
        .map_or_else(|| "<stdin>".to_string(), |p| p.display().to_string());
    let engine = args.engine.kind(&problem);
    let estimate = estimate::of(&problem, engine, args.probes, args.seed)
        .map_err(|e| anyhow!("{name}: {e}"))?;
    let speed = measure(&problem, engine)?;
    if stop::control(None)?.halted().is_some() {
        return Ok(Outcome::Interrupted);
    }
    let report = Report {
        args,
        engine,
        estimate,
        speed,
    };
    if args.json {
        println!("{}", report.to_json());
    } else {
        print!("{}", report.to_text());
    }
    Ok(Outcome::Solved)
}

/// What `dlx estimate` prints: the estimate of `engine`'s tree, its speed, and the time that
/// makes.
struct Report<'a> {
    args: &'a EstimateArgs,
    engine: EngineKind,
    estimate: Estimate,
    speed: Speed,
}

impl Report<'_> {
    /// The estimated time of a count on one thread: the estimated nodes at the measured speed.
    fn seconds(&self) -> f64 {
        self.estimate.nodes.mean / self.speed.nodes_per_second.max(1.0)
    }

    fn to_json(&self) -> String {
        let figure = |f: &Figure| {
            json!({"mean": f.mean, "std_error": f.std_error, "min": f.min, "median": f.median,
               "max": f.max})
        };
        let exact = self
            .speed
            .exact
            .map(|(solutions, nodes)| json!({"solutions": solutions, "nodes": nodes}));
        json!({
            "engine": self.engine.name(),
            "probes": self.args.probes,
            "seed": self.args.seed,
            "depth": self.estimate.depth,
            "nodes": figure(&self.estimate.nodes),
            "solutions": figure(&self.estimate.solutions),
            "nodes_per_second": self.speed.nodes_per_second,
            "seconds": self.seconds(),
            "exact": exact,
        })
        .to_string()
    }

    fn to_text(&self) -> String {
        let line = |what: &str, f: &Figure| {
            format!(
                "{what:<9} {} ± {} (probes from {} to {}, median {})\n",
                number(f.mean),
                number(f.std_error),
                number(f.min),
                number(f.max),
                number(f.median)
            )
        };
        let mut text =
            line("nodes", &self.estimate.nodes) + &line("solutions", &self.estimate.solutions);
        text += &format!(
            "time      {} on one thread, at {} nodes/s\n",
            duration(self.seconds()),
            number(self.speed.nodes_per_second)
        );
        text += &format!(
            "probes={} seed={} depth={} engine={}\n",
            self.args.probes,
            self.args.seed,
            self.estimate.depth,
            self.engine.name()
        );
        if let Some((solutions, nodes)) = self.speed.exact {
            text += &format!(
                "(the search ended while its speed was measured: exactly {solutions} solutions, \
             {nodes} nodes)\n"
            );
        }
        text
    }
}

/// A figure in a few significant digits: whole below a million, in powers of ten above.
pub fn number(x: f64) -> String {
    if x.abs() < 1e6 {
        format!("{x:.0}")
    } else {
        format!("{x:.3e}")
    }
}

/// A time in the largest unit that keeps it readable.
pub fn duration(seconds: f64) -> String {
    const UNITS: [(f64, &str); 4] = [
        (365.25 * 86_400.0, "years"),
        (86_400.0, "days"),
        (3_600.0, "hours"),
        (60.0, "minutes"),
    ];
    for (size, unit) in UNITS {
        if seconds >= 2.0 * size {
            return format!("{} {unit}", number(seconds / size));
        }
    }
    format!("{seconds:.1} s")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_and_times_read_well() {
        assert_eq!(number(92.4), "92");
        assert_eq!(number(2_831_065.0), "2.831e6");
        assert_eq!(duration(0.25), "0.2 s");
        assert_eq!(duration(90.0), "90.0 s");
        assert_eq!(duration(7_200.0), "2 hours");
        assert_eq!(duration(1e12), "31688 years");
        assert_eq!(duration(1e15), "3.169e7 years");
    }
}
