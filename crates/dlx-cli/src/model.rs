//! The classic model commands (`queens`, `polyomino`, `langford`): each builds its model from its
//! arguments, then searches it as `dlx cover` does, printing each solution as the model draws it;
//! `dlx gen` prints the same model in Knuth's format.

use anyhow::Result;
use clap::Args;
use dlx_puzzles::Model;

use crate::outcome::Outcome;
use crate::run::{self, SearchArgs};

/// The arguments that define a model, and how to build it from them.
pub trait ModelArgs {
    /// The model they build.
    type Model: Model + Sync;

    /// Builds the model.
    fn build(&self) -> Result<Self::Model>;

    /// The command line that builds this model, for a comment in generated files.
    fn describe(&self) -> String;
}

// The arguments of a model command: the model's, then the search's.
#[derive(Args, Debug)]
#[command(after_help = crate::run::EXIT_CODES)]
pub struct ModelCommand<M: Args> {
    #[command(flatten)]
    model: M,
    #[command(flatten)]
    search: SearchArgs,
}

/// Runs a model command: prints each solution as the model's picture.
pub fn run<M: Args + ModelArgs>(args: &ModelCommand<M>) -> Result<Outcome> {
    let model = args.model.build()?;
    let name = args.model.describe();
    run::search(model.problem(), &name, &args.search, |out, options| {
        out.write_all(model.picture(options)?.as_bytes())?;
        Ok(())
    })
}
