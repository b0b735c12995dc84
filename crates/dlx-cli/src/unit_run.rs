//! `dlx run`: run work units of a problem, each to the end or to a budget of nodes.

use std::fs::File;
use std::io::{self, BufReader, Write};
use std::path::PathBuf;

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;

use crate::cover;
use crate::outcome::Outcome;
use crate::units::{self, Unit};

// Arguments of `dlx run`.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// The problem in Knuth's format (the one the units were split from).
    file: PathBuf,
    /// The units, one JSON line each (as `dlx split` or `dlx merge --remaining` write them).
    #[arg(long, value_name = "FILE")]
    units: PathBuf,
    /// Run only the unit on this line of the units (counting units from 0, blank lines skipped).
    #[arg(long, value_name = "I")]
    index: Option<usize>,
    /// Stop each unit after this many nodes; what is left is printed as new units.
    #[arg(long, value_name = "NODES")]
    budget: Option<u64>,
}

/// Runs `dlx run`: one JSON result line per unit, written as soon as the unit is done.
pub fn run(args: &RunArgs) -> Result<Outcome> {
    let problem = cover::read_problem(Some(&args.file))?;
    let hash = units::hash(&problem);
    let name = args.units.display().to_string();
    let file = File::open(&args.units).with_context(|| format!("cannot read {name}"))?;
    let mut list: Vec<(usize, Unit)> = units::read_lines(&name, BufReader::new(file))?;
    if let Some(index) = args.index {
        if index >= list.len() {
            bail!(
                "--index {index} is past the units of {name} (expected an index below {})",
                list.len()
            );
        }
        list = vec![list.swap_remove(index)];
    }
    for (line, unit) in &list {
        units::check_hash(&name, *line, &unit.problem, &hash)?;
    }
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for (line, unit) in list {
        let result = dlx_core::units::run(&problem, &unit, args.budget)
            .map_err(|e| anyhow!("{name}:{line}:1: {e}"))?;
        writeln!(out, "{}", dlx_core::units::to_json(&result))?;
        out.flush()?;
    }
    Ok(Outcome::Solved)
}
