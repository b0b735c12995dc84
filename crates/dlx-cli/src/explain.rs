//! `dlx explain`: every step of a logical solution, in words or as JSON lines.

use std::fmt::Write as _;

use anyhow::Result;
use clap::Args;
use dlx_puzzles::sudoku::logic::{self, Grid, Step};

use crate::logical::{self, Done, PuzzleArgs, Ready};
use crate::outcome::Outcome;

// Arguments of `dlx explain`.
#[derive(Args, Debug)]
#[command(
    after_help = "Each step is sound: a value placed is the solution's, a candidate \
removed is not. With --json, one object per step: {\"puzzle\": K, \"technique\": \"...\", \
\"placements\": [[cell, value], ...], \"eliminations\": [[cell, value], ...], \"text\": \"...\"} \
(cells numbered from 0 row by row, values from 1, puzzles from 1 in input order). Exit codes: 0 \
all explained to the solution, 1 some puzzle has no solution or more than one, 3 the techniques \
stopped short of the solution, 2 bad usage or input."
)]
pub struct ExplainArgs {
    #[command(flatten)]
    puzzles: PuzzleArgs,
    /// One JSON object per step.
    #[arg(long)]
    json: bool,
    /// Show the candidate grid before each step (a `marks` field with --json).
    #[arg(long)]
    marks: bool,
}

/// One step as a JSON object, its fields in the documented order.
pub fn step_json(number: u64, step: &Step, marks: Option<&str>) -> String {
    let pairs = |list: &[(usize, u16)]| {
        let items: Vec<String> = list.iter().map(|(c, v)| format!("[{c},{v}]")).collect();
        format!("[{}]", items.join(","))
    };
    let mut line = format!(
        "{{\"puzzle\":{number},\"technique\":{},\"placements\":{},\"eliminations\":{},\"text\":{}",
        serde_json::Value::from(step.technique.name()),
        pairs(&step.placements),
        pairs(&step.eliminations),
        serde_json::Value::from(step.text.as_str())
    );
    if let Some(marks) = marks {
        let _ = write!(line, ",\"marks\":{}", serde_json::Value::from(marks));
    }
    line.push_str("}\n");
    line
}

/// What a puzzle that stops short leaves: the message for stderr.
pub fn stuck(grid: &Grid) -> String {
    let left = grid.values().iter().filter(|&&v| v == 0).count();
    format!("no technique applies with {left} cells still empty")
}

/// Runs `dlx explain`.
pub fn run(args: &ExplainArgs) -> Result<Outcome> {
    let json = args.json;
    let marks = args.marks;
    logical::run(
        &args.puzzles,
        |ready: Ready<'_>| {
            let mut grid = ready.grid;
            let mut out = String::new();
            if !json {
                let _ = writeln!(out, "Puzzle {}", ready.number);
            }
            let mut count = 0;
            while let Some(step) = logic::next_step(&grid, logic::EXPLAIN) {
                count += 1;
                let shown = marks.then(|| grid.marks());
                if json {
                    out.push_str(&step_json(ready.number, &step, shown.as_deref()));
                } else {
                    if let Some(shown) = &shown {
                        out.push_str(shown);
                    }
                    let _ = writeln!(out, "{count:4}. {}", step.text);
                }
                step.apply(&mut grid);
            }
            let solved = grid.values() == ready.solution.as_slice();
            if !json {
                if solved {
                    let _ = writeln!(out, "Solved in {count} steps.");
                } else {
                    let _ = writeln!(out, "Stopped after {count} steps.");
                }
                out.push('\n');
            }
            Done {
                out,
                message: (!solved).then(|| format!("{}: {}", ready.puzzle.line, stuck(&grid))),
                outcome: if solved {
                    Outcome::Solved
                } else {
                    Outcome::Unfinished
                },
            }
        },
        move |number, why| {
            if json {
                String::new()
            } else {
                format!("Puzzle {number}\n{why}\n\n")
            }
        },
    )
}
