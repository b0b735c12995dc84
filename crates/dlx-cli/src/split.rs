//! `dlx split`: cut a problem's search tree into work units.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::{bail, Result};
use clap::Args;
use dlx_core::units;

use crate::cover;
use crate::engine::TreeEngine;
use crate::outcome::Outcome;

// Arguments of `dlx split`.
#[derive(Args, Debug)]
pub struct SplitArgs {
    /// The problem in Knuth's format; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// About how many units to make (more when a level of the tree has more options).
    #[arg(long, value_name = "K", default_value_t = 64)]
    units: usize,
    /// The engine whose tree is split (auto: as a count takes it, dancing cells where they
    /// apply); `dlx run` runs each unit on it, and `dlx merge` adds up that engine's nodes.
    #[arg(long, value_enum, default_value_t = TreeEngine::Auto)]
    engine: TreeEngine,
    /// Refused: a memoised count (--memo, --zdd) is one machine's job, as its cache serves the
    /// whole search.
    #[arg(long, visible_alias = "memo")]
    zdd: bool,
}

/// Runs `dlx split`: prints one unit per line, in the order one thread would search them.
pub fn run(args: &SplitArgs) -> Result<Outcome> {
    if args.zdd {
        bail!(
            "a memoised count (--memo, --zdd) is one machine's job: its cache answers every \
             sub-problem met again anywhere in the search, so it is not cut into units (run \
             `dlx cover --count --memo` or `dlx cover --zdd` on one machine)"
        );
    }
    let problem = cover::read_problem(args.file.as_deref())?;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for unit in units::split(&problem, args.units, args.engine.kind(&problem))? {
        writeln!(out, "{}", units::to_json(&unit))?;
    }
    out.flush()?;
    Ok(Outcome::Solved)
}
