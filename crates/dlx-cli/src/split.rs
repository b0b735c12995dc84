//! `dlx split`: cut a problem's search tree into work units.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use dlx_core::parallel;

use crate::cover;
use crate::outcome::Outcome;
use crate::units::{self, Unit, Work};

/// Arguments of `dlx split`.
#[derive(Args, Debug)]
pub struct SplitArgs {
    /// The problem in Knuth's format; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// About how many units to make (more when a level of the tree has more options).
    #[arg(long, value_name = "K", default_value_t = 64)]
    units: usize,
}

/// Runs `dlx split`: prints one unit per line, in the order one thread would search them.
pub fn run(args: &SplitArgs) -> Result<Outcome> {
    let problem = cover::read_problem(args.file.as_deref())?;
    let hash = units::hash(&problem);
    let split = parallel::split(&problem, &[], args.units)?;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut above = Some(Work {
        nodes: split.above.nodes,
        updates: split.above.updates,
    });
    for unit in split.units {
        let unit = Unit {
            above: above.take(),
            ..Unit::new(&hash, unit)
        };
        serde_json::to_writer(&mut out, &unit)?;
        writeln!(out)?;
    }
    out.flush()?;
    Ok(Outcome::Solved)
}
