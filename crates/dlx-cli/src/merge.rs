//! `dlx merge`: add up the results of work units, and list the units still to run.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::io::{self, BufReader, Write};
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::Args;
use dlx_core::Stats;
use serde::Serialize;

use crate::outcome::Outcome;
use crate::units::{self, Unit};

/// Arguments of `dlx merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Result files of `dlx run`, one JSON line per unit.
    #[arg(required = true)]
    results: Vec<PathBuf>,
    /// Write the units still to run here, one JSON line each (for `dlx run --units`).
    #[arg(long, value_name = "FILE")]
    remaining: Option<PathBuf>,
}

/// The line `dlx merge` prints.
#[derive(Serialize)]
struct Totals {
    problem: String,
    solutions: u64,
    nodes: u64,
    updates: u64,
    /// Results added up.
    units: u64,
    /// Units of remainders that have no result yet.
    remaining: usize,
    /// Whether nothing is left to run: `solutions` is then the count of the units split.
    complete: bool,
}

/// Runs `dlx merge`: one JSON line of totals on stdout.
pub fn run(args: &MergeArgs) -> Result<Outcome> {
    let mut problem: Option<(String, String)> = None;
    let mut total = Stats::default();
    let mut done: BTreeMap<Vec<usize>, String> = BTreeMap::new();
    let mut remainder: Vec<Unit> = Vec::new();
    for path in &args.results {
        let name = path.display().to_string();
        let file = File::open(path).with_context(|| format!("cannot read {name}"))?;
        for (line, result) in units::read_lines::<units::Outcome>(&name, BufReader::new(file))? {
            let place = format!("{name}:{line}");
            match &problem {
                None => problem = Some((result.problem.clone(), place.clone())),
                Some((hash, first)) if *hash != result.problem => bail!(
                    "{place}:1: the result is for problem {}, but {first} is for {hash}",
                    result.problem
                ),
                Some(_) => {}
            }
            if let Some(earlier) = done.insert(result.prefix.clone(), place.clone()) {
                bail!(
                    "{place}:1: the unit {:?} was already counted at {earlier}",
                    result.prefix
                );
            }
            total += result.stats();
            remainder.extend(result.remainder);
        }
    }
    let Some((hash, _)) = problem else {
        bail!("no results to merge (expected the JSON lines that dlx run writes)");
    };
    // A remainder that was run later is done, not left.
    let mut seen = BTreeSet::new();
    let left: Vec<Unit> = remainder
        .into_iter()
        .filter(|unit| !done.contains_key(&unit.prefix) && seen.insert(unit.prefix.clone()))
        .collect();
    if let Some(path) = &args.remaining {
        let name = path.display().to_string();
        let file = File::create(path).with_context(|| format!("cannot write {name}"))?;
        let mut out = io::BufWriter::new(file);
        for unit in &left {
            serde_json::to_writer(&mut out, unit)?;
            writeln!(out)?;
        }
        out.flush()
            .with_context(|| format!("cannot write {name}"))?;
    }
    let totals = Totals {
        problem: hash,
        solutions: total.solutions,
        nodes: total.nodes,
        updates: total.updates,
        units: done.len() as u64,
        remaining: left.len(),
        complete: left.is_empty(),
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    serde_json::to_writer(&mut out, &totals)?;
    writeln!(out)?;
    Ok(Outcome::Solved)
}
