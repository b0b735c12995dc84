//! `dlx gen`: print a puzzle's exact-cover problem in Knuth's format, for `dlx cover` or other
//! solvers.

use std::io::{self, Write};

use anyhow::Result;
use clap::{Args, Subcommand};
use dlx_core::knuth;

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
    /// N×N 0/1 matrices with K ones in every row and column: rows and columns covered K times
    /// (multiplicities), one option a cell.
    Matrices(MatricesModel),
}

/// Runs `dlx gen`: a comment line naming the puzzle, then the problem.
pub fn run(args: &GenArgs) -> Result<Outcome> {
    match &args.model {
        Model::Queens(model) => print(model),
        Model::Polyomino(model) => print(model),
        Model::Langford(model) => print(model),
        Model::Domino(model) => print(model),
        Model::Matrices(model) => print(model),
    }
}

/// Prints the problem of `model`, after a comment naming it.
fn print(model: &impl ModelArgs) -> Result<Outcome> {
    let (description, model) = (model.describe(), model.build()?);
    let problem = dlx_puzzles::Model::problem(&model);
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
