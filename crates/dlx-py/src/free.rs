//! `dlx.sudoku` on shapes of any houses (`shape="samurai"` or a shape file's text): the grids of
//! `sudoku::freeform`, answered by its `FreeSolver` on a helper thread that Ctrl-C stops, as
//! `dlx solve --shape` answers them.

use dlx_core::{Cancel, Stop};
use dlx_puzzles::sudoku::format::FormatError;
use dlx_puzzles::sudoku::freeform::{read_grids, write_grid, FreeError, FreeRun, FreeSolver};
use dlx_puzzles::sudoku::shape::file;
use dlx_puzzles::sudoku::{EngineChoice, FreeShape, GivensError};
use pyo3::prelude::*;

use crate::errors::{self, PuzzleError};
use crate::run;

/// An error about a place in a text, with what the text is.
fn format_error(what: &str, error: &FormatError) -> PyErr {
    errors::at(
        PuzzleError::new_err(format!("{what}: {error}")),
        Some(error.line),
        Some(error.column),
    )
}

/// The shape `spec` names: a built-in layout, else the text of a shape file.
fn shape_of(spec: &str) -> PyResult<FreeShape> {
    if let Some(shape) = FreeShape::gattai(spec.trim()) {
        return Ok(shape);
    }
    // A shape file has a line for its values and one for each grid or house at least.
    if !spec.trim().contains('\n') {
        return Err(errors::at(
            PuzzleError::new_err(format!(
                "shape {spec:?} is neither a built-in shape ({}) nor a shape file's text",
                FreeShape::GATTAI.join(", ")
            )),
            None,
            None,
        ));
    }
    file::read(spec).map_err(|e| format_error("shape", &e))
}

/// The puzzle in `text` (the grid layout: `ROWS COLUMNS`, then the rows) on the shape `spec`,
/// searched for up to `limit` solutions; the shape and the run.
pub fn answer(
    py: Python<'_>,
    text: &str,
    spec: &str,
    limit: u64,
) -> PyResult<(FreeShape, FreeRun)> {
    let shape = shape_of(spec)?;
    let mut grids = read_grids(text, &shape).map_err(|e| format_error("puzzle", &e))?;
    if grids.len() > 1 {
        let line = grids[1].0;
        return Err(errors::at(
            PuzzleError::new_err(format!(
                "line {line}: a second puzzle; give one puzzle at a time"
            )),
            Some(line),
            Some(1),
        ));
    }
    let Some((line, givens)) = grids.pop() else {
        return Err(errors::at(
            PuzzleError::new_err("no puzzle in the text"),
            None,
            None,
        ));
    };
    let cancel = Cancel::new();
    let stop = Stop::new().with_cancel(cancel.clone());
    let mut solver = FreeSolver::new(shape.clone());
    let run = match run::on_helper(py, &cancel, || {
        solver.run(&givens, limit, EngineChoice::Auto, &stop)
    })? {
        Ok(run) => run,
        // Givens that clash directly: no solution, as on every path.
        Err(FreeError::Givens(GivensError::Clash(_))) => FreeRun {
            found: 0,
            first: None,
            stopped: None,
            engine: "none",
            nodes: 0,
        },
        Err(e) => {
            return Err(errors::at(
                PuzzleError::new_err(format!("line {line}: {e}")),
                Some(line),
                Some(1),
            ))
        }
    };
    if run.stopped.is_some() {
        return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err(
            "interrupted",
        ));
    }
    Ok((shape, run))
}

/// The first solution of `run` in the grid layout, without the line end that closes it.
pub fn written(shape: &FreeShape, run: &FreeRun) -> Option<String> {
    run.first.as_ref().map(|solution| {
        let mut text = write_grid(shape, solution);
        if text.ends_with('\n') {
            text.pop();
        }
        text
    })
}
