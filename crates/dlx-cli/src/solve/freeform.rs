//! `dlx solve --shape NAME|FILE`: puzzles on a shape of any houses (Samurai and the other Gattai
//! layouts, or a shape file), read and answered in the grid layout, one after the other.

use std::io::{self, Write};
use std::path::Path;
use std::time::Instant;

use anyhow::{Context, Result};
use dlx_core::quote::escape;
use dlx_puzzles::sudoku::freeform::{read_grids, write_grid, FreeSolver};
use dlx_puzzles::sudoku::shape::file;
use dlx_puzzles::sudoku::FreeShape;

use super::{answer_puzzle, SolveArgs};
use crate::input::{self, read_with};
use crate::outcome::Outcome;

/// The shape `spec` names: a built-in layout, else a shape file.
fn shape(spec: &str) -> Result<FreeShape> {
    match FreeShape::gattai(spec) {
        Some(shape) => Ok(shape),
        None if !Path::new(spec).exists() => anyhow::bail!(
            "{} is neither a built-in shape ({}) nor a shape file",
            escape(spec),
            FreeShape::GATTAI.join(", ")
        ),
        None => read_with(Path::new(spec), file::read),
    }
}

/// Solves, checks or counts every puzzle of the inputs on the shape `spec`.
pub(super) fn run(args: &SolveArgs, spec: &str) -> Result<Outcome> {
    let shape = shape(spec)?;
    let mut solver = FreeSolver::new(shape.clone());
    let stop = args.stop()?;
    let limit = match (args.count, args.limit) {
        (true, limit) => limit.unwrap_or(u64::MAX),
        (false, _) => 2,
    };
    let files = &*input::files_or_stdin(&args.files);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut outcome = Outcome::Solved;
    let mut puzzles = 0;
    for path in files {
        let input = input::read(Some(path))?;
        let name = &input.name;
        let grids = match read_grids(&input.text, &shape) {
            Ok(grids) if grids.is_empty() => {
                eprintln!("dlx: {name}: no puzzle in the input");
                outcome = outcome.max(Outcome::BadInput);
                continue;
            }
            Ok(grids) => grids,
            Err(e) => {
                eprintln!("dlx: {name}:{}:{}: {}", e.line, e.column, e.message);
                outcome = outcome.max(Outcome::BadInput);
                continue;
            }
        };
        for (line, givens) in grids {
            puzzles += 1;
            let started = Instant::now();
            let run = match solver.run(&givens, limit, args.engine.into(), &stop) {
                Ok(run) => run,
                Err(e) => {
                    eprintln!("dlx: {name}:{line}:1: {e}");
                    writeln!(out, "invalid puzzle")?;
                    outcome = outcome.max(Outcome::BadInput);
                    continue;
                }
            };
            if args.stats {
                eprintln!(
                    "puzzle={puzzles} nodes={} seconds={:.6} engine={}",
                    run.nodes,
                    started.elapsed().as_secs_f64(),
                    run.engine
                );
            }
            let first = run
                .first
                .as_ref()
                .map(|solution| write_grid(&shape, solution));
            let place = format!("{name}:{line}");
            let (text, result) = answer_puzzle(args, &place, run.found, run.stopped, first);
            out.write_all(text.as_bytes())?;
            outcome = outcome.max(result);
        }
    }
    out.flush().context("cannot write the answers")?;
    Ok(outcome)
}
