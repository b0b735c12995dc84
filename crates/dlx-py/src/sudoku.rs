//! `dlx.sudoku`: puzzles as text in any format the library reads, answers in the layout they
//! came in (through `sudoku::text` for one puzzle, `sudoku::batch` for many).

use std::borrow::Cow;
use std::io;
use std::num::NonZeroUsize;

use dlx_core::{Budget, Cancel, Stop, StopReason};
use dlx_puzzles::sudoku::batch::{Answered, Batch, Mode, Puzzles, Sink};
use dlx_puzzles::sudoku::format::{self, ReadOptions};
use dlx_puzzles::sudoku::text::{self, Question, TextError};
use dlx_puzzles::sudoku::{Answer, Overrides, Puzzle, Verdict};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use crate::errors::{self, PuzzleError};
use crate::run;

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

/// The answer to `question` about the puzzle in `text`, the GIL released: first within a few
/// guesses, then, if it needs more, on a helper thread that Ctrl-C stops.
fn answer(py: Python<'_>, text: &str, question: Question) -> PyResult<(Puzzle, Answer)> {
    let overrides = Overrides::default();
    let quick = Stop::new().with_budget(Budget::Nodes(QUICK_GUESSES));
    match py.detach(|| text::answer(text, question, &overrides, &quick)) {
        Err(TextError::Stopped(StopReason::Budget)) => {}
        done => return done.map_err(|e| puzzle_error(&e)),
    }
    let cancel = Cancel::new();
    let stop = Stop::new().with_cancel(cancel.clone());
    run::on_helper(py, &cancel, || {
        text::answer(text, question, &overrides, &stop)
    })?
    .map_err(|e| puzzle_error(&e))
}

/// The answer as text, without the line end that closes it.
fn written(puzzle: &Puzzle, answer: &Answer) -> String {
    let text = format::write_answer(puzzle, answer);
    text.strip_suffix('\n').unwrap_or(&text).to_string()
}

/// The first solution of the puzzle, in the layout it came in; ``None`` when it has none.
#[pyfunction]
pub fn sudoku_solve(py: Python<'_>, text: &str) -> PyResult<Option<String>> {
    let (puzzle, answer) = answer(py, text, Question::Solve)?;
    Ok(match answer {
        Answer::NoSolution => None,
        answer => Some(written(&puzzle, &answer)),
    })
}

/// ``"unique"``, ``"multiple"`` or ``"none"``.
#[pyfunction]
pub fn sudoku_check(py: Python<'_>, text: &str) -> PyResult<&'static str> {
    match answer(py, text, Question::Check)?.1 {
        Answer::Verdict(verdict) => Ok(verdict.as_str()),
        _ => Ok(Verdict::None.as_str()),
    }
}

/// The number of solutions, counting no further than ``limit``.
#[pyfunction]
#[pyo3(signature = (text, limit = None))]
pub fn sudoku_count(py: Python<'_>, text: &str, limit: Option<u64>) -> PyResult<u64> {
    match answer(py, text, Question::Count(limit))?.1 {
        Answer::Count { count, .. } => Ok(count),
        _ => Ok(0),
    }
}

/// What the batch printed for each puzzle, with the line it starts on, without the line end
/// that closes it.
struct Printed(Vec<(usize, Cow<'static, str>)>);

impl Sink<Answered> for Printed {
    fn emit(&mut self, answered: Answered) -> io::Result<()> {
        if answered.is_record() {
            let line = answered.line;
            let text = match answered.into_printed() {
                Cow::Borrowed(text) => Cow::Borrowed(text.strip_suffix('\n').unwrap_or(text)),
                Cow::Owned(mut text) => {
                    if text.ends_with('\n') {
                        text.pop();
                    }
                    Cow::Owned(text)
                }
            };
            self.0.push((line, text));
        }
        Ok(())
    }

    fn idle(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The puzzles' texts as one, each apart from the next by a blank line (read as `dlx solve`
/// reads a file), and the line each starts on.
fn joined(puzzles: &Bound<'_, PyAny>) -> PyResult<(String, Vec<usize>)> {
    if puzzles.is_instance_of::<PyString>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "solve_many takes an iterable of puzzles, one text each, not one text",
        ));
    }
    let mut all = String::new();
    let mut starts = Vec::new();
    let mut line = 1;
    for puzzle in puzzles.try_iter()? {
        let puzzle = puzzle?;
        let puzzle = puzzle.cast::<PyString>()?.to_str()?;
        starts.push(line);
        all.push_str(puzzle);
        // `split` finds line ends a word at a time.
        line += puzzle.split('\n').count() - 1;
        if !puzzle.ends_with('\n') {
            all.push('\n');
            line += 1;
        }
        all.push('\n');
        line += 1;
    }
    Ok((all, starts))
}

/// The answers to many puzzles, one text each, in input order, as ``dlx solve`` prints them
/// (a solution in its puzzle's layout, ``no solution`` or ``invalid puzzle``), on ``threads``
/// threads (default: every core).
#[pyfunction]
#[pyo3(signature = (puzzles, threads = None))]
pub fn sudoku_solve_many<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    if threads == Some(0) {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "threads must be at least 1",
        ));
    }
    let (all, starts) = joined(puzzles)?;
    let threads = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, NonZeroUsize::get));
    let cancel = Cancel::new();
    let batch = Batch::new(Mode::Solve)
        .threads(threads)
        .stop(Stop::new().with_cancel(cancel.clone()));
    let printed = run::on_helper(py, &cancel, || {
        let mut printed = Printed(Vec::with_capacity(starts.len()));
        // Collecting into memory cannot fail.
        let _ = batch.run(Puzzles::of_text(&all, ReadOptions::default()), &mut printed);
        printed.0
    })?;
    // Each answer goes back to the puzzle whose lines it starts in.
    let mut answers: Vec<Option<Cow<'static, str>>> = vec![None; starts.len()];
    for (line, text) in printed {
        let index = starts
            .partition_point(|&start| start <= line)
            .saturating_sub(1);
        if answers[index].is_some() {
            let within = line - starts[index] + 1;
            return Err(errors::at(
                PuzzleError::new_err(format!(
                    "puzzle {index}: a second puzzle at line {within}; give one puzzle a text"
                )),
                Some(within),
                Some(1),
            ));
        }
        answers[index] = Some(text);
    }
    let list = PyList::empty(py);
    for (index, answer) in answers.iter().enumerate() {
        let Some(answer) = answer else {
            return Err(errors::at(
                PuzzleError::new_err(format!("puzzle {index}: no puzzle in the text")),
                None,
                None,
            ));
        };
        list.append(PyString::new(py, answer))?;
    }
    Ok(list)
}
