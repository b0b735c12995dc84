//! The 0/1 matrices with K ones in every row and column, for `dlx gen matrices`.

use anyhow::Result;
use clap::Args;
use dlx_puzzles::matrices::Matrices;

use crate::model::ModelArgs;

// What defines a matrices problem.
#[derive(Args, Debug)]
pub struct MatricesModel {
    /// The side of the matrices.
    #[arg(value_name = "N")]
    side: usize,
    /// The ones in every row and every column.
    #[arg(value_name = "K", default_value_t = 2)]
    ones: usize,
}

impl ModelArgs for MatricesModel {
    type Model = Matrices;

    fn build(&self) -> Result<Matrices> {
        Ok(Matrices::new(self.side, self.ones)?)
    }

    fn describe(&self) -> String {
        format!("matrices {} {}", self.side, self.ones)
    }
}
