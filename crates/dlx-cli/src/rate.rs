//! `dlx rate`: each puzzle's difficulty on Sudoku Explainer's scale, `ER/EP/ED` and the
//! hardest technique, one line per puzzle.

use std::time::Duration;

use anyhow::Result;
use clap::Args;
use dlx_core::StopReason;
use dlx_puzzles::sudoku::rate;

use crate::logical::{self, Done, PuzzleArgs, Ready};
use crate::outcome::Outcome;
use crate::stop;

// Arguments of `dlx rate`.
#[derive(Args, Debug)]
#[command(
    after_help = "One line per puzzle, in input order: `ER/EP/ED`, a tab, the hardest \
technique (e.g. `7.2/2.0/2.0\tForcing Chain`): ER the hardest step of the logical solution, EP \
the hardest up to the first value placed, ED the first step, each on Sudoku Explainer's scale \
(20.0 `Beyond solver` when the techniques stop short). A puzzle without exactly one solution \
prints `no solution`, `multiple solutions` or `invalid puzzle`; one not rated by --timeout \
prints `timeout` (after Ctrl-C, `interrupted`). Exit codes: 0 all rated, 1 some puzzle has no \
solution or more than one, 2 bad usage or input, 3 some puzzle not rated within --timeout, 130 \
Ctrl-C."
)]
pub struct RateArgs {
    #[command(flatten)]
    puzzles: PuzzleArgs,
    /// Stop the whole run after this many seconds (fractions allowed): puzzles rated by then
    /// are printed, the others print `timeout`, the exit code is 3.
    #[arg(long, value_name = "SECONDS", value_parser = stop::parse_seconds)]
    timeout: Option<Duration>,
}

/// Runs `dlx rate`.
pub fn run(args: &RateArgs) -> Result<Outcome> {
    let stop = stop::control(args.timeout)?;
    logical::run(
        &args.puzzles,
        |ready: Ready<'_>| match rate::rate_until(&ready.grid, &stop) {
            Ok(rating) => Done {
                out: format!("{rating}\n"),
                message: None,
                outcome: Outcome::Solved,
            },
            Err(StopReason::Cancelled) => Done {
                out: "interrupted\n".to_string(),
                message: None,
                outcome: Outcome::Interrupted,
            },
            Err(reason) => Done {
                out: "timeout\n".to_string(),
                message: stop::spent_limit(reason, None, args.timeout)
                    .map(|limit| format!("not rated within {limit}")),
                outcome: Outcome::Unfinished,
            },
        },
        |_, why| format!("{why}\n"),
    )
}
