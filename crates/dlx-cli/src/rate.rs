//! `dlx rate`: each puzzle's difficulty on Sudoku Explainer's scale, `ER/EP/ED` and the
//! hardest technique, one line per puzzle.

use anyhow::Result;
use clap::Args;
use dlx_puzzles::sudoku::rate;

use crate::logical::{self, Done, PuzzleArgs, Ready};
use crate::outcome::Outcome;

/// Arguments of `dlx rate`.
#[derive(Args, Debug)]
#[command(
    after_help = "One line per puzzle, in input order: `ER/EP/ED`, a tab, the hardest \
technique (e.g. `7.2/2.0/2.0\tForcing Chain`): ER the hardest step of the logical solution, EP \
the hardest up to the first value placed, ED the first step, each on Sudoku Explainer's scale \
(20.0 `Beyond solver` when the techniques stop short). A puzzle without exactly one solution \
prints `no solution`, `multiple solutions` or `invalid puzzle`. Exit codes: 0 all rated, 1 some \
puzzle has no solution or more than one, 2 bad usage or input."
)]
pub struct RateArgs {
    #[command(flatten)]
    puzzles: PuzzleArgs,
}

/// Runs `dlx rate`.
pub fn run(args: &RateArgs) -> Result<Outcome> {
    logical::run(
        &args.puzzles,
        |ready: Ready<'_>| Done {
            out: format!("{}\n", rate::rate(&ready.grid)),
            message: None,
            outcome: Outcome::Solved,
        },
        |_, why| format!("{why}\n"),
    )
}
