//! Assignments and transversals, for `dlx gen assignment` and `dlx gen transversal`.

use anyhow::Result;
use clap::Args;
use dlx_puzzles::assignment::Assignment;

use crate::model::ModelArgs;

// What defines an assignment problem.
#[derive(Args, Debug)]
pub struct AssignmentModel {
    /// The number of workers (and of jobs).
    #[arg(value_name = "N")]
    order: usize,
}

impl ModelArgs for AssignmentModel {
    type Model = Assignment;

    fn build(&self) -> Result<Assignment> {
        Ok(Assignment::workers(self.order)?)
    }

    fn describe(&self) -> String {
        format!("assignment {}", self.order)
    }
}

// What defines a transversal problem.
#[derive(Args, Debug)]
pub struct TransversalModel {
    /// The order of the cyclic Latin square (transversals exist for odd N only).
    #[arg(value_name = "N")]
    order: usize,
}

impl ModelArgs for TransversalModel {
    type Model = Assignment;

    fn build(&self) -> Result<Assignment> {
        Ok(Assignment::transversal(self.order)?)
    }

    fn describe(&self) -> String {
        format!("transversal {}", self.order)
    }
}
