//! `dlx merge`: add up the results of work units, and list the units still to run.

use std::fs::File;
use std::io::{self, BufReader, Write};
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::Args;
use dlx_core::units::{self as json, Merge, MergeError};

use crate::outcome::Outcome;
use crate::units;

// Arguments of `dlx merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Result files of `dlx run`, one JSON line per unit.
    #[arg(required = true)]
    results: Vec<PathBuf>,
    /// Write the units still to run here, one JSON line each (for `dlx run --units`).
    #[arg(long, value_name = "FILE")]
    remaining: Option<PathBuf>,
}

/// Runs `dlx merge`: one JSON line of totals on stdout.
pub fn run(args: &MergeArgs) -> Result<Outcome> {
    let mut merge = Merge::new();
    // Where each result merged was read, in the order merged.
    let mut places: Vec<String> = Vec::new();
    for path in &args.results {
        let name = path.display().to_string();
        let file = File::open(path).with_context(|| format!("cannot read {name}"))?;
        for (line, result) in units::read_lines::<units::Outcome>(&name, BufReader::new(file))? {
            let place = format!("{name}:{line}");
            match merge.add(result) {
                Ok(()) => places.push(place),
                Err(MergeError::OtherProblem { got, first }) => bail!(
                    "{place}:1: the result is for problem {got}, but {} is for {first}",
                    places[0]
                ),
                Err(MergeError::AlreadyCounted { prefix, earlier }) => bail!(
                    "{place}:1: the unit {prefix:?} was already counted at {}",
                    places[earlier]
                ),
                Err(e) => bail!("{place}:1: {e}"),
            }
        }
    }
    if merge.problem().is_none() {
        bail!("no results to merge (expected the JSON lines that dlx run writes)");
    }
    let left = merge.remaining();
    if let Some(path) = &args.remaining {
        let name = path.display().to_string();
        let file = File::create(path).with_context(|| format!("cannot write {name}"))?;
        let mut out = io::BufWriter::new(file);
        for unit in &left {
            writeln!(out, "{}", json::to_json(unit))?;
        }
        out.flush()
            .with_context(|| format!("cannot write {name}"))?;
    }
    let totals = merge.summary(left.len());
    writeln!(io::stdout().lock(), "{}", json::to_json(&totals))?;
    Ok(Outcome::Solved)
}
