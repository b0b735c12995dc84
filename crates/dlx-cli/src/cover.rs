//! `dlx cover`: solve an exact-cover problem given in Knuth's format.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, Result};
use clap::Args;
use dlx_core::{knuth, Problem};

use crate::input;
use crate::outcome::Outcome;
use crate::run::{self, SearchArgs};

/// Arguments of `dlx cover`.
#[derive(Args, Debug)]
pub struct CoverArgs {
    /// The problem in Knuth's format; standard input when absent or `-`.
    file: Option<PathBuf>,
    #[command(flatten)]
    search: SearchArgs,
}

/// Runs `dlx cover`.
pub fn run(args: &CoverArgs) -> Result<Outcome> {
    let problem = read_problem(args.file.as_deref())?;
    // Each solution as its options, one per line.
    run::search(&problem, &args.search, |out, options| {
        for &option in options {
            writeln!(out, "{}", problem.format_option(option))?;
        }
        Ok(())
    })
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
