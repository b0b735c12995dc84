//! `dlx.sudoku.rate`, `hint` and `explain`: the rating of `sudoku::rate` and the steps of
//! `sudoku::logic` on one puzzle with exactly one solution, as `dlx rate`, `dlx hint` and
//! `dlx explain` give them; searched on a helper thread that Ctrl-C stops.

use std::sync::Arc;
use std::time::Duration;

use dlx_core::{Cancel, Stop, StopReason};
use dlx_puzzles::sudoku::logic::{self, Board, Grid};
use dlx_puzzles::sudoku::rate;
use dlx_puzzles::sudoku::text::Question;
use dlx_puzzles::sudoku::{Answer, Overrides, Verdict};
use pyo3::exceptions::{PyKeyboardInterrupt, PyTimeoutError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::errors::{self, PuzzleError};
use crate::{run, sudoku};

/// One step of a logical solution.
#[pyclass(module = "dlx.sudoku", frozen, get_all)]
pub struct Step {
    /// The technique, e.g. ``"Hidden Single"``, ``"X-Wing"``.
    technique: String,
    /// The values placed, as ``(cell, value)``: cells from 0 row by row, values from 1.
    placements: Vec<(usize, u16)>,
    /// The candidates removed, as ``(cell, value)``.
    eliminations: Vec<(usize, u16)>,
    /// The step in words, as ``dlx explain`` writes it.
    text: String,
    /// Its difficulty on Sudoku Explainer's scale (e.g. 1.2, 3.2, 7.5).
    difficulty: f64,
    /// The candidate grid before the step (``explain(..., marks=True)``), else ``None``.
    marks: Option<String>,
}

impl Step {
    fn new(step: logic::Step, marks: Option<String>) -> Step {
        Step {
            technique: step.technique.name().to_string(),
            placements: step.placements,
            eliminations: step.eliminations,
            text: step.text,
            difficulty: f64::from(step.difficulty) / 10.0,
            marks,
        }
    }
}

#[pymethods]
impl Step {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Step(technique={}, placements={:?}, eliminations={:?}, text={})",
            repr(py, &self.technique)?,
            self.placements,
            self.eliminations,
            repr(py, &self.text)?
        ))
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }
}

/// `text` as Python writes a `str` in a `repr`.
fn repr(py: Python<'_>, text: &str) -> PyResult<String> {
    Ok(PyString::new(py, text).repr()?.to_string())
}

/// A puzzle's difficulty on Sudoku Explainer's scale.
#[pyclass(module = "dlx.sudoku", frozen, get_all)]
pub struct Rating {
    /// The hardest step of the logical solution (20.0 when the techniques stop short).
    er: f64,
    /// The hardest step up to and including the first that places a value.
    ep: f64,
    /// The first step.
    ed: f64,
    /// The technique of the hardest step (``"Beyond solver"`` when the techniques stop short).
    hardest: String,
    /// Steps taken.
    steps: usize,
    /// The line ``dlx rate`` prints.
    line: String,
}

#[pymethods]
impl Rating {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Rating(er={:.1}, ep={:.1}, ed={:.1}, hardest={}, steps={})",
            self.er,
            self.ep,
            self.ed,
            repr(py, &self.hardest)?,
            self.steps
        ))
    }

    /// ``ER/EP/ED``, a tab, the hardest technique: the line ``dlx rate`` prints.
    fn __str__(&self) -> String {
        self.line.clone()
    }
}

/// The candidate grid of the puzzle in `text`, which must have exactly one solution.
fn unique_grid(py: Python<'_>, text: &str) -> PyResult<Grid> {
    let (puzzle, answer) = sudoku::answer(py, text, Question::Check)?;
    let why = match answer {
        Answer::Verdict(Verdict::Unique) => None,
        Answer::Verdict(Verdict::Multiple) => Some("more than one solution"),
        _ => Some("no solution"),
    };
    if let Some(why) = why {
        return Err(errors::at(
            PuzzleError::new_err(format!("line {}: the puzzle has {why}", puzzle.line)),
            Some(puzzle.line),
            Some(1),
        ));
    }
    // The shape was built once already for the check.
    let shape = Overrides::default()
        .shape_of(&puzzle)
        .map_err(|e| PuzzleError::new_err(e.to_string()))?;
    Ok(Grid::new(Arc::new(Board::new(&shape)), &puzzle.cells))
}

/// `work` on a helper thread under a stop with Ctrl-C's flag (and a time limit).
fn stoppable<T: Send>(
    py: Python<'_>,
    limit: Option<Duration>,
    work: impl FnOnce(&Stop) -> Result<T, StopReason> + Send,
) -> PyResult<Result<T, StopReason>> {
    let cancel = Cancel::new();
    let mut stop = Stop::new().with_cancel(cancel.clone());
    if let Some(limit) = limit {
        stop = stop.with_timeout(limit);
    }
    run::on_helper(py, &cancel, || work(&stop))
}

/// A stop that ends a call without its own limit: Ctrl-C.
fn interrupted(_: StopReason) -> PyErr {
    PyKeyboardInterrupt::new_err("interrupted")
}

/// Seconds as a time limit: positive and finite.
pub fn seconds(timeout: Option<f64>) -> PyResult<Option<Duration>> {
    timeout
        .map(|seconds| {
            Duration::try_from_secs_f64(seconds)
                .ok()
                .filter(|limit| !limit.is_zero())
                .ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "timeout must be a positive number of seconds, not {seconds}"
                    ))
                })
        })
        .transpose()
}

/// The rating of the puzzle (which must have one solution) on Sudoku Explainer's scale.
#[pyfunction]
#[pyo3(signature = (text, timeout = None))]
pub fn sudoku_rate(py: Python<'_>, text: &str, timeout: Option<f64>) -> PyResult<Rating> {
    let limit = seconds(timeout)?;
    let grid = unique_grid(py, text)?;
    let rating = stoppable(py, limit, |stop| rate::rate_until(&grid, stop))?.map_err(|reason| {
        match (reason, timeout) {
            (StopReason::Cancelled, _) | (_, None) => interrupted(reason),
            (_, Some(seconds)) => {
                PyTimeoutError::new_err(format!("not rated within {seconds} seconds"))
            }
        }
    })?;
    Ok(Rating {
        line: rating.to_string(),
        er: rating.er,
        ep: rating.ep,
        ed: rating.ed,
        hardest: rating.hardest,
        steps: rating.steps,
    })
}

/// The easiest step that applies to the puzzle (which must have one solution); ``None`` when it
/// is solved or no technique applies.
#[pyfunction]
pub fn sudoku_hint(py: Python<'_>, text: &str) -> PyResult<Option<Step>> {
    let grid = unique_grid(py, text)?;
    if grid.is_solved() {
        return Ok(None);
    }
    let step = stoppable(py, None, |stop| {
        logic::next_step_until(&grid, logic::EXPLAIN, stop)
    })?
    .map_err(interrupted)?;
    Ok(step.map(|step| Step::new(step, None)))
}

/// Every step of the logical solution of the puzzle (which must have one solution), to the
/// solution or to where no technique applies; with the candidate grid before each when `marks`.
#[pyfunction]
#[pyo3(signature = (text, marks = false))]
pub fn sudoku_explain(py: Python<'_>, text: &str, marks: bool) -> PyResult<Vec<Step>> {
    let mut grid = unique_grid(py, text)?;
    let steps = stoppable(py, None, |stop| {
        let mut steps = Vec::new();
        while let Some(step) = logic::next_step_until(&grid, logic::EXPLAIN, stop)? {
            let shown = marks.then(|| grid.marks());
            step.apply(&mut grid);
            steps.push(Step::new(step, shown));
        }
        Ok(steps)
    })?
    .map_err(interrupted)?;
    Ok(steps)
}

/// Adds the classes and functions of this module to the module `m`.
pub fn add_to(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Step>()?;
    m.add_class::<Rating>()?;
    m.add_function(wrap_pyfunction!(sudoku_rate, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_hint, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_explain, m)?)
}
