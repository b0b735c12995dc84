//! `dlx cover`: solve an exact-cover problem given in Knuth's format.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Result};
use clap::{Args, ValueEnum};
use dlx_core::{cells, knuth, Problem};

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
    let problem = read_problem(args.file.as_deref())?;
    let name = args
        .file
        .as_deref()
        .map_or_else(|| "<stdin>".to_string(), |p| p.display().to_string());
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
            if args.search.asks_for_threads() {
                bail!("the cells engine runs on one thread (leave out --threads)");
            }
            let mut search = cells::Search::new(&problem).map_err(|e| anyhow!("{}: {e}", name))?;
            run::search_with(&mut search, &args.search, render)
        }
    }
}

/// Reads a problem in Knuth's format from `file` (standard input for `None` or `-`), printing
/// its warnings on stderr; errors name the file, line and column.
pub fn read_problem(file: Option<&Path>) -> Result<Problem> {
    let input = input::read(file)?;
    let parsed = knuth::parse(&input.text)
        .map_err(|e| anyhow!("{}:{}:{}: {}", input.name, e.line, e.column, e.kind))?;
    for warning in &parsed.warnings {
        eprintln!(
            "dlx: {}:{}: warning: {}",
            input.name, warning.line, warning.kind
        );
    }
    Ok(parsed.problem)
}
