//! `dlx`: exact cover, Sudoku and judge problems from the command line.
//!
//! Each subcommand lives in its own module and returns an [`Outcome`]; this file only parses the
//! arguments and turns outcomes and errors into exit codes.

#![forbid(unsafe_code)]

mod assignment;
mod candidates;
mod cheapest;
mod cover;
mod domino;
mod engine;
mod estimate;
mod explain;
mod gen;
mod generate;
mod hint;
mod input;
mod judge;
mod langford;
mod logical;
mod looks;
mod matrices;
mod memo;
mod memory;
mod merge;
mod model;
mod outcome;
mod polyomino;
mod progress;
mod queens;
mod rate;
mod records;
mod run;
mod serve;
mod shape_args;
mod solve;
mod split;
mod stop;
mod unit_run;
mod units;
mod values;
mod variants;

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

// Each subcommand's arguments are built only when that subcommand is run: building all of them
// took as long as the rest of starting `dlx solve`. So the `Args` types have plain comments, not
// doc comments: clap would make a type's doc, once built, the about of the subcommand that holds
// it, in place of the one given here.
#[derive(Subcommand, Debug)]
#[command(defer = true)]
enum Command {
    /// Solve an exact-cover problem in Knuth's format.
    Cover(cover::CoverArgs),
    /// Solve, count or check Sudoku puzzles of any shape.
    Solve(solve::SolveArgs),
    /// Print a puzzle's exact-cover problem in Knuth's format.
    Gen(gen::GenArgs),
    /// Make Sudoku puzzles with exactly one solution, of any shape.
    Generate(generate::GenerateArgs),
    /// Place N queens on an N×N board, no two attacking each other.
    Queens(model::ModelCommand<queens::QueensModel>),
    /// Cover a board with pieces (pentominoes by default), each used once.
    Polyomino(model::ModelCommand<polyomino::PolyominoModel>),
    /// Langford pairs: two of each 1…n, with k numbers between the two k's.
    Langford(model::ModelCommand<langford::LangfordModel>),
    /// Estimate a problem's search tree (nodes, solutions, time) by random probes, without
    /// searching it.
    Estimate(estimate::EstimateArgs),
    /// Cut a problem's search tree into work units (JSON lines) for other processes or machines.
    Split(split::SplitArgs),
    /// Run work units of a problem, each to the end or to a budget; one JSON result line each.
    Run(unit_run::RunArgs),
    /// Add up results of work units, and list the units still to run.
    Merge(merge::MergeArgs),
    /// Answer a classic online-judge Sudoku problem byte for byte (see --list).
    Judge(judge::JudgeArgs),
    /// Serve the web page (every solver in the browser) on 127.0.0.1.
    Serve(serve::ServeArgs),
    /// Explain every step of a logical solution of Sudoku puzzles.
    Explain(explain::ExplainArgs),
    /// Give the next logical step of each Sudoku puzzle.
    Hint(hint::HintArgs),
    /// Rate Sudoku puzzles on Sudoku Explainer's scale (ER/EP/ED).
    Rate(rate::RateArgs),
    /// The true candidates of variant and classic Sudoku puzzles: each cell's values found in
    /// some solution, with --counts how many solutions hold each.
    Candidates(candidates::CandidatesArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // A forced instruction set the CPU lacks is refused before any work, not quietly replaced.
    if let Err(error) = dlx_puzzles::sudoku::fast9::Isa::chosen() {
        eprintln!("dlx: {error}");
        return Outcome::BadInput.exit_code();
    }
    let result = match cli.command {
        Command::Cover(args) => cover::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Gen(args) => gen::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Queens(args) => model::run(&args),
        Command::Polyomino(args) => model::run(&args),
        Command::Langford(args) => model::run(&args),
        Command::Estimate(args) => estimate::run(&args),
        Command::Split(args) => split::run(&args),
        Command::Run(args) => unit_run::run(&args),
        Command::Merge(args) => merge::run(&args),
        Command::Judge(args) => judge::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Hint(args) => hint::run(&args),
        Command::Rate(args) => rate::run(&args),
        Command::Candidates(args) => candidates::run(&args),
    };
    match result {
        Ok(outcome) => outcome.exit_code(),
        Err(error) => {
            eprintln!("dlx: {error:#}");
            Outcome::BadInput.exit_code()
        }
    }
}
