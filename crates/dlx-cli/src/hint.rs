//! `dlx hint`: the next logical step of each puzzle, one line per puzzle.

use anyhow::Result;
use clap::Args;
use dlx_puzzles::sudoku::logic;

use crate::explain::{step_json, stuck};
use crate::logical::{self, Done, PuzzleArgs, Ready};
use crate::outcome::Outcome;

// Arguments of `dlx hint`.
#[derive(Args, Debug)]
#[command(
    after_help = "One line per puzzle, in input order: the easiest step that applies \
(`solved` for a solved grid). With --json, the step as `dlx explain --json` writes it. Exit \
codes: 0 every puzzle got a hint, 1 some puzzle has no solution or more than one, 3 no \
technique applies to some puzzle, 2 bad usage or input."
)]
pub struct HintArgs {
    #[command(flatten)]
    puzzles: PuzzleArgs,
    /// The step as a JSON object.
    #[arg(long)]
    json: bool,
}

/// Runs `dlx hint`.
pub fn run(args: &HintArgs) -> Result<Outcome> {
    let json = args.json;
    logical::run(
        &args.puzzles,
        |ready: Ready<'_>| {
            if ready.grid.is_solved() {
                return Done {
                    out: "solved\n".to_string(),
                    message: None,
                    outcome: Outcome::Solved,
                };
            }
            match logic::next_step(&ready.grid, logic::EXPLAIN) {
                Some(step) if json => Done {
                    out: step_json(ready.number, &step, None),
                    message: None,
                    outcome: Outcome::Solved,
                },
                Some(step) => Done {
                    out: format!("{}\n", step.text),
                    message: None,
                    outcome: Outcome::Solved,
                },
                None => Done {
                    out: "no hint\n".to_string(),
                    message: Some(format!("{}: {}", ready.puzzle.line, stuck(&ready.grid))),
                    outcome: Outcome::Unfinished,
                },
            }
        },
        |_, why| format!("{why}\n"),
    )
}
