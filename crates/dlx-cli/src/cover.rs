//! `dlx cover`: solve an exact-cover problem given in Knuth's format.

use std::path::PathBuf;

use anyhow::{anyhow, Result};
use clap::{Args, ValueEnum};
use dlx_core::{cells, knuth};

use crate::input;
use crate::outcome::Outcome;
use crate::run::{self, SearchArgs};

/// Arguments of `dlx cover`.
#[derive(Args, Debug)]
pub struct CoverArgs {
    /// The problem in Knuth's format; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// The search engine: Knuth's dancing links (node counts as his dlx1), or dancing cells (sparse
    /// sets, forced moves without branching; no colors or multiplicities).
    #[arg(long, value_enum, default_value_t = Engine::Dlx)]
    engine: Engine,
    #[command(flatten)]
    search: SearchArgs,
}

/// The engines `dlx cover` can search with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Engine {
    /// Dancing links (the default).
    Dlx,
    /// Dancing cells.
    Cells,
}

/// Runs `dlx cover`.
pub fn run(args: &CoverArgs) -> Result<Outcome> {
    let input = input::read(args.file.as_deref())?;
    let parsed = knuth::parse(&input.text)
        .map_err(|e| anyhow!("{}:{}:{}: {}", input.name, e.line, e.column, e.kind))?;
    for warning in &parsed.warnings {
        eprintln!(
            "dlx: {}:{}: warning: {}",
            input.name, warning.line, warning.kind
        );
    }
    let problem = parsed.problem;
    // Each solution as its options, one per line.
    let render = |out: &mut dyn std::io::Write, options: &[usize]| {
        for &option in options {
            writeln!(out, "{}", problem.format_option(option))?;
        }
        Ok(())
    };
    match args.engine {
        Engine::Dlx => run::search(&problem, &args.search, render),
        Engine::Cells => {
            let mut search =
                cells::Search::new(&problem).map_err(|e| anyhow!("{}: {e}", input.name))?;
            run::search_with(&mut search, &args.search, render)
        }
    }
}
