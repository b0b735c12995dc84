//! `dlx`: exact cover, Sudoku and judge problems from the command line.
//!
//! Each subcommand lives in its own module and returns an [`Outcome`]; this file only parses the
//! arguments and turns outcomes and errors into exit codes.

mod cover;
mod input;
mod outcome;
mod solve;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use outcome::Outcome;

/// Exact cover by Dancing Links, and the puzzles built on it.
#[derive(Parser, Debug)]
#[command(name = "dlx", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve an exact-cover problem in Knuth's format.
    Cover(cover::CoverArgs),
    /// Solve, count or check Sudoku puzzles of any shape.
    Solve(solve::SolveArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Cover(args) => cover::run(&args),
        Command::Solve(args) => solve::run(&args),
    };
    match result {
        Ok(outcome) => outcome.exit_code(),
        Err(error) => {
            eprintln!("dlx: {error:#}");
            Outcome::BadInput.exit_code()
        }
    }
}
