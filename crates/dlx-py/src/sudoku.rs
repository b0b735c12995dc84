//! `dlx.sudoku`: puzzles as text in any format the library reads, answers in the layout they
//! came in (through `sudoku::text` for one puzzle, `sudoku::batch` for many).

use std::io::{self, BufReader};
use std::num::NonZeroUsize;

use dlx_core::{Budget, Cancel, Stop, StopReason};
use dlx_puzzles::sudoku::batch::{Answered, Batch, Mode, Puzzles, Sink};
use dlx_puzzles::sudoku::format::{self, ReadOptions, Reader};
use dlx_puzzles::sudoku::text::{self, Question, TextError};
use dlx_puzzles::sudoku::{Answer, Overrides, Puzzle, Verdict};
use pyo3::prelude::*;

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

/// What the batch printed for each puzzle, with the line it starts on.
struct Printed(Vec<(usize, String)>);

impl Sink<Answered> for Printed {
    fn emit(&mut self, answered: Answered) -> io::Result<()> {
        if answered.is_record() {
            let text = answered.printed();
            let text = text.strip_suffix('\n').unwrap_or(text);
            self.0.push((answered.line, text.to_string()));
        }
        Ok(())
    }

    fn idle(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The answers to many puzzles, one text each, in input order, as ``dlx solve`` prints them
/// (a solution in its puzzle's layout, ``no solution`` or ``invalid puzzle``), on ``threads``
/// threads (default: every core).
#[pyfunction]
#[pyo3(signature = (puzzles, threads = None))]
pub fn sudoku_solve_many(
    py: Python<'_>,
    puzzles: Vec<String>,
    threads: Option<usize>,
) -> PyResult<Vec<String>> {
    if threads == Some(0) {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "threads must be at least 1",
        ));
    }
    // One text, the puzzles apart by a blank line, read as `dlx solve` reads a file; each
    // answer goes back to the puzzle whose lines it starts in.
    let mut all = String::with_capacity(puzzles.iter().map(|p| p.len() + 2).sum());
    let mut starts = Vec::with_capacity(puzzles.len());
    let mut line = 1;
    for puzzle in &puzzles {
        starts.push(line);
        all.push_str(puzzle);
        if !puzzle.ends_with('\n') {
            all.push('\n');
        }
        all.push('\n');
        line += puzzle.matches('\n').count() + 1 + usize::from(!puzzle.ends_with('\n'));
    }
    let threads = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, NonZeroUsize::get));
    let cancel = Cancel::new();
    let batch = Batch::new(Mode::Solve)
        .threads(threads)
        .stop(Stop::new().with_cancel(cancel.clone()));
    let printed = run::on_helper(py, &cancel, || {
        let mut printed = Printed(Vec::with_capacity(starts.len()));
        let reader = Reader::new(BufReader::new(all.as_bytes()), ReadOptions::default());
        // Collecting into memory cannot fail.
        let _ = batch.run(Puzzles::new(reader), &mut printed);
        printed.0
    })?;
    let mut answers: Vec<Option<String>> = vec![None; puzzles.len()];
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
    answers
        .into_iter()
        .enumerate()
        .map(|(index, answer)| {
            answer.ok_or_else(|| {
                errors::at(
                    PuzzleError::new_err(format!("puzzle {index}: no puzzle in the text")),
                    None,
                    None,
                )
            })
        })
        .collect()
}
