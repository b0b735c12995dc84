//! `dlx gen`: print a puzzle's exact-cover problem in Knuth's format, for `dlx cover` or other
//! solvers.

use std::io::{self, Write};

use anyhow::Result;
use clap::{Args, Subcommand};
use dlx_core::knuth;

use dlx_puzzles::assignment::random_prices;

use crate::assignment::{AssignmentModel, TransversalModel};
use crate::domino::DominoModel;
use crate::langford::LangfordModel;
use crate::matrices::MatricesModel;
use crate::model::ModelArgs;
use crate::outcome::Outcome;
use crate::polyomino::PolyominoModel;
use crate::queens::QueensModel;
use crate::run;

// Arguments of `dlx gen`.
#[derive(Args, Debug)]
pub struct GenArgs {
    #[command(subcommand)]
    model: Model,
    /// Give every option a random price from 0 to MAX (Knuth's `|n` cost entries), for
    /// `dlx cover --best K`.
    #[arg(long, value_name = "MAX", global = true)]
    prices: Option<u64>,
    /// The seed of --prices: the same seed prices the same problem alike on every machine.
    #[arg(
        long,
        value_name = "S",
        default_value_t = 1,
        global = true,
        requires = "prices"
    )]
    seed: u64,
}

// The puzzles `dlx gen` knows.
#[derive(Subcommand, Debug)]
enum Model {
    /// N queens on an N×N board.
    Queens(QueensModel),
    /// Pieces to fit into a board.
    Polyomino(PolyominoModel),
    /// Langford pairs.
    Langford(LangfordModel),
    /// Domino tilings of an N×N board (or N×M): one item a cell, one option a domino's place.
    Domino(DominoModel),
    /// N workers assigned to N jobs: one option a worker's job (with --prices, the assignment
    /// problem).
    Assignment(AssignmentModel),
    /// Transversals of the cyclic Latin square of order N: one cell in every row and column,
    /// every symbol once.
    Transversal(TransversalModel),
    /// N×N 0/1 matrices with K ones in every row and column: rows and columns covered K times
    /// (multiplicities), one option a cell.
    Matrices(MatricesModel),
}

/// Runs `dlx gen`: a comment line naming the puzzle, then the problem.
pub fn run(args: &GenArgs) -> Result<Outcome> {
    match &args.model {
        Model::Queens(model) => print(model, args),
        Model::Polyomino(model) => print(model, args),
        Model::Langford(model) => print(model, args),
        Model::Domino(model) => print(model, args),
        Model::Assignment(model) => print(model, args),
        Model::Transversal(model) => print(model, args),
        Model::Matrices(model) => print(model, args),
    }
}

/// Prints the problem of `model`, priced as `args` ask, after a comment naming it.
fn print(model: &impl ModelArgs, args: &GenArgs) -> Result<Outcome> {
    let (mut description, model) = (model.describe(), model.build()?);
    let mut problem = dlx_puzzles::Model::problem(&model);
    let priced;
    if let Some(max) = args.prices {
        priced = random_prices(problem, args.seed, max)?;
        problem = &priced;
        description += &format!(" --prices {max} --seed {}", args.seed);
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let written = writeln!(out, "| dlx gen {description}")
        .and_then(|()| out.write_all(knuth::write(problem).as_bytes()))
        .and_then(|()| out.flush());
    match written.map_err(anyhow::Error::from) {
        Err(e) if !run::is_broken_pipe(&e) => Err(e),
        _ => Ok(Outcome::Solved),
    }
}
