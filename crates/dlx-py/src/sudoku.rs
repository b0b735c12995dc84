//! `dlx.sudoku`: puzzles as text in any format the library reads, answers in the layout they
//! came in (through `sudoku::text` for one puzzle, which reads variant puzzles too; many go
//! through `sudoku::batch`, in `many`).

use dlx_core::{Budget, Cancel, Stop, StopReason};
use dlx_puzzles::sudoku::format;
use dlx_puzzles::sudoku::text::{self, Question, TextError};
use dlx_puzzles::sudoku::{Answer, Overrides, Puzzle, Verdict};
use pyo3::prelude::*;

use crate::errors::{self, PuzzleError};
use crate::{free, run};

/// Guesses a puzzle may take on the calling thread before it is searched where Ctrl-C can stop
/// it: nearly every puzzle is answered within them, with no thread started.
const QUICK_GUESSES: u64 = 1 << 12;

/// A puzzle error at its line and column, when the error is about one.
fn puzzle_error(error: &TextError) -> PyErr {
    errors::at(
        PuzzleError::new_err(error.to_string()),
        error.line(),
        error.column(),
    )
}

/// What `work` gives under a stop, the GIL released: first within a few guesses, then, if it
/// needs more, on a helper thread that Ctrl-C stops.
fn bounded<T: Send>(
    py: Python<'_>,
    work: impl Fn(&Stop) -> Result<T, TextError> + Send + Sync,
    quick_enough: impl Fn(&T) -> bool,
) -> PyResult<T> {
    let quick = Stop::new().with_budget(Budget::Nodes(QUICK_GUESSES));
    match py.detach(|| work(&quick)) {
        Err(TextError::Stopped(StopReason::Budget)) => {}
        Ok(done) if !quick_enough(&done) => {}
        done => return done.map_err(|e| puzzle_error(&e)),
    }
    let cancel = Cancel::new();
    let stop = Stop::new().with_cancel(cancel.clone());
    run::on_helper(py, &cancel, || work(&stop))?.map_err(|e| puzzle_error(&e))
}

/// The answer to `question` about the puzzle in `text`, the GIL released (see [`bounded`]).
pub fn answer(py: Python<'_>, text: &str, question: Question) -> PyResult<(Puzzle, Answer)> {
    let overrides = Overrides::default();
    bounded(
        py,
        |stop| text::answer(text, question, &overrides, stop),
        |_| true,
    )
}

/// The answer to `question` about the variant puzzle in `text`, with its grid's side, the GIL
/// released (see [`bounded`]).
fn variant_answer(py: Python<'_>, text: &str, question: Question) -> PyResult<(usize, Answer)> {
    bounded(
        py,
        |stop| text::variant_answer(text, question, stop),
        |_| true,
    )
}

/// The answer as text, without the line end that closes it.
fn written(puzzle: &Puzzle, answer: &Answer) -> String {
    let text = format::write_answer(puzzle, answer);
    text.strip_suffix('\n').unwrap_or(&text).to_string()
}

/// The first solution of the puzzle, in the layout it came in; ``None`` when it has none.
#[pyfunction]
#[pyo3(signature = (text, shape = None))]
pub fn sudoku_solve(py: Python<'_>, text: &str, shape: Option<&str>) -> PyResult<Option<String>> {
    if let Some(spec) = shape {
        let (shape, run) = free::answer(py, text, spec, 1)?;
        return Ok(free::written(&shape, &run));
    }
    if text::is_variant(text) {
        let (size, answer) = variant_answer(py, text, Question::Solve)?;
        return Ok(text::write_variant(size, &answer).map(|line| line.trim_end().to_string()));
    }
    let (puzzle, answer) = answer(py, text, Question::Solve)?;
    Ok(match answer {
        Answer::NoSolution => None,
        answer => Some(written(&puzzle, &answer)),
    })
}

/// ``"unique"``, ``"multiple"`` or ``"none"``.
#[pyfunction]
#[pyo3(signature = (text, shape = None))]
pub fn sudoku_check(py: Python<'_>, text: &str, shape: Option<&str>) -> PyResult<&'static str> {
    if let Some(spec) = shape {
        let found = free::answer(py, text, spec, 2)?.1.found;
        return Ok(
            [Verdict::None, Verdict::Unique, Verdict::Multiple][found.min(2) as usize].as_str(),
        );
    }
    let answer = if text::is_variant(text) {
        variant_answer(py, text, Question::Check)?.1
    } else {
        answer(py, text, Question::Check)?.1
    };
    match answer {
        Answer::Verdict(verdict) => Ok(verdict.as_str()),
        _ => Ok(Verdict::None.as_str()),
    }
}

/// The number of solutions, counting no further than ``limit``.
#[pyfunction]
#[pyo3(signature = (text, limit = None, shape = None))]
pub fn sudoku_count(
    py: Python<'_>,
    text: &str,
    limit: Option<u64>,
    shape: Option<&str>,
) -> PyResult<u64> {
    if let Some(spec) = shape {
        return Ok(free::answer(py, text, spec, limit.unwrap_or(u64::MAX))?
            .1
            .found);
    }
    let question = Question::Count(limit);
    let answer = if text::is_variant(text) {
        variant_answer(py, text, question)?.1
    } else {
        answer(py, text, question)?.1
    };
    match answer {
        Answer::Count { count, .. } => Ok(count),
        _ => Ok(0),
    }
}

/// The true candidates of the puzzle (a variant or a classic one): for each cell, row by row,
/// each value some solution holds, with the number of solutions holding it, up to ``limit``.
#[pyfunction]
#[pyo3(signature = (text, limit = 1))]
pub fn sudoku_candidates(py: Python<'_>, text: &str, limit: u64) -> PyResult<Vec<Vec<(u8, u64)>>> {
    let found = bounded(
        py,
        |stop| text::candidates(text, limit, stop).map(|(_, found)| found),
        |found| found.stopped.is_none(),
    )?;
    Ok(found.per_cell)
}
