//! `dlx langford`: Langford pairs, two copies of 1…n with k numbers between the two k's.

use anyhow::Result;
use clap::Args;
use dlx_puzzles::langford::Langford;

use crate::outcome::Outcome;
use crate::run::{self, SearchArgs};

/// What defines a Langford problem.
#[derive(Args, Debug)]
pub struct LangfordModel {
    /// The number of pairs.
    #[arg(value_name = "N")]
    n: usize,
}

impl LangfordModel {
    /// Builds the model.
    pub fn build(&self) -> Result<Langford> {
        Ok(Langford::new(self.n)?)
    }

    /// The command line that builds this model, for a comment in generated files.
    pub fn describe(&self) -> String {
        format!("langford {}", self.n)
    }
}

/// Arguments of `dlx langford`.
#[derive(Args, Debug)]
#[command(after_help = crate::run::EXIT_CODES)]
pub struct LangfordArgs {
    #[command(flatten)]
    model: LangfordModel,
    #[command(flatten)]
    search: SearchArgs,
}

/// Runs `dlx langford`: prints each solution as its sequence on one line.
pub fn run(args: &LangfordArgs) -> Result<Outcome> {
    let langford = args.model.build()?;
    let name = args.model.describe();
    run::search(langford.problem(), &name, &args.search, |out, options| {
        writeln!(out, "{}", langford.decode(options)?)?;
        Ok(())
    })
}
