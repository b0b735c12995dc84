//! The domino tilings of a board, for `dlx gen domino`.

use anyhow::Result;
use clap::Args;
use dlx_puzzles::domino::Domino;

use crate::model::ModelArgs;

// What defines a domino tiling problem.
#[derive(Args, Debug)]
pub struct DominoModel {
    /// The rows of the board (and its columns, unless M is given).
    #[arg(value_name = "N")]
    rows: usize,
    /// The columns of the board.
    #[arg(value_name = "M")]
    columns: Option<usize>,
}

impl ModelArgs for DominoModel {
    type Model = Domino;

    fn build(&self) -> Result<Domino> {
        Ok(Domino::new(self.rows, self.columns.unwrap_or(self.rows))?)
    }

    fn describe(&self) -> String {
        match self.columns {
            Some(columns) => format!("domino {} {columns}", self.rows),
            None => format!("domino {}", self.rows),
        }
    }
}
