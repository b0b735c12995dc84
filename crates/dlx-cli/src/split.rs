//! `dlx split`: cut a problem's search tree into work units.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Result;
use clap::{Args, ValueEnum};
use dlx_core::units;
use dlx_core::EngineKind;

use crate::cover;
use crate::outcome::Outcome;

/// Arguments of `dlx split`.
#[derive(Args, Debug)]
pub struct SplitArgs {
    /// The problem in Knuth's format; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// About how many units to make (more when a level of the tree has more options).
    #[arg(long, value_name = "K", default_value_t = 64)]
    units: usize,
    /// The engine whose tree is split; `dlx run` runs each unit on it, and `dlx merge` adds up
    /// that engine's nodes.
    #[arg(long, value_enum, default_value_t = SplitEngine::Dlx)]
    engine: SplitEngine,
}

/// The engines whose trees split into units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SplitEngine {
    /// Dancing links (node counts as Knuth's dlx1/dlx2).
    Dlx,
    /// Dancing cells (no multiplicities).
    Cells,
}

/// Runs `dlx split`: prints one unit per line, in the order one thread would search them.
pub fn run(args: &SplitArgs) -> Result<Outcome> {
    let problem = cover::read_problem(args.file.as_deref())?;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let engine = match args.engine {
        SplitEngine::Dlx => EngineKind::Links,
        SplitEngine::Cells => EngineKind::Cells,
    };
    for unit in units::split(&problem, args.units, engine)? {
        writeln!(out, "{}", units::to_json(&unit))?;
    }
    out.flush()?;
    Ok(Outcome::Solved)
}
