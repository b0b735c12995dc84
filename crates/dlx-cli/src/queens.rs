//! `dlx queens`: place N queens on an N×N board, no two attacking each other.

use anyhow::Result;
use clap::{Args, ValueEnum};
use dlx_puzzles::queens::{Order, Queens};

use crate::model::ModelArgs;

/// The order of the items, as the user names it.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum OrderArg {
    /// Rows, then columns, then every diagonal.
    Plain,
    /// Middle rows and columns first, alternating (Knuth's order; a much smaller search).
    OrganPipe,
}

// What defines a queens problem.
#[derive(Args, Debug)]
pub struct QueensModel {
    /// The size of the board, and the number of queens.
    #[arg(value_name = "N")]
    n: usize,
    /// The order of the items, which decides where the search branches.
    #[arg(long, value_enum, default_value_t = OrderArg::OrganPipe)]
    order: OrderArg,
}

impl ModelArgs for QueensModel {
    type Model = Queens;

    fn build(&self) -> Result<Queens> {
        let order = match self.order {
            OrderArg::Plain => Order::Plain,
            OrderArg::OrganPipe => Order::OrganPipe,
        };
        Ok(Queens::new(self.n, order)?)
    }

    fn describe(&self) -> String {
        let order = self
            .order
            .to_possible_value()
            .map_or_else(String::new, |v| format!(" --order {}", v.get_name()));
        format!("queens {}{order}", self.n)
    }
}
