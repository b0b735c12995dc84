//! `dlx langford`: Langford pairs, two copies of 1…n with k numbers between the two k's.

use anyhow::Result;
use clap::Args;
use dlx_puzzles::langford::Langford;

use crate::model::ModelArgs;

// What defines a Langford problem.
#[derive(Args, Debug)]
pub struct LangfordModel {
    /// The number of pairs.
    #[arg(value_name = "N")]
    n: usize,
}

impl ModelArgs for LangfordModel {
    type Model = Langford;

    fn build(&self) -> Result<Langford> {
        Ok(Langford::new(self.n)?)
    }

    fn describe(&self) -> String {
        format!("langford {}", self.n)
    }
}
