//! `dlx.sudoku.generate`: new puzzles with exactly one solution from `sudoku::generate`, with
//! the options of `dlx generate` and the same puzzles for the same seed, made on a helper
//! thread (and its workers) that Ctrl-C stops.

use std::io;
use std::num::NonZeroUsize;
use std::time::{SystemTime, UNIX_EPOCH};

use dlx_core::{Cancel, Stop, StopReason};
use dlx_puzzles::sudoku::batch::Sink;
use dlx_puzzles::sudoku::format::{self, FormatError};
use dlx_puzzles::sudoku::generate::{GenerateError, Generated, Generator, Symmetry};
use dlx_puzzles::sudoku::{Alphabet, Extra, Layout, Overrides, Puzzle, Shape};
use pyo3::exceptions::{PyKeyboardInterrupt, PyTimeoutError, PyValueError};
use pyo3::prelude::*;

use crate::errors::{self, PuzzleError};
use crate::logic::seconds;
use crate::run;

/// The largest side written in the line format with one character a cell (as `dlx generate`).
const LINE_SIDE: usize = 35;

/// An error in the text of an option (`regions`, `extra`), where it is.
fn option_error(option: &str, error: &FormatError) -> PyErr {
    errors::at(
        PuzzleError::new_err(format!("{option}: {error}")),
        Some(error.line),
        Some(error.column),
    )
}

/// The extra regions named or drawn: `x`, `windoku`, or a text of cell sets.
fn extras(specs: &[String]) -> PyResult<Vec<Extra>> {
    specs
        .iter()
        .map(
            |spec| match Extra::named(&spec.trim().to_ascii_lowercase()) {
                Some(named) => Ok(named),
                None => Ok(Extra::Cells {
                    regions: format::read_cell_sets(spec).map_err(|e| option_error("extra", &e))?,
                    origin: "extra".to_string(),
                }),
            },
        )
        .collect()
}

/// The one shape of every puzzle: of side `size` (else the side the boxes or layout imply,
/// else 9).
fn fixed_shape(
    size: Option<usize>,
    boxes: Option<(usize, usize)>,
    regions: Option<&str>,
    extra: Vec<Extra>,
) -> PyResult<Shape> {
    let layout = regions
        .map(|text| format::read_layout(text).map_err(|e| option_error("regions", &e)))
        .transpose()?;
    let implied = match (&layout, boxes) {
        // Rounded down: the shape then says what is wrong.
        (Some(layout), _) => Some(layout.len().isqrt()),
        (None, Some((rows, columns))) => Some(rows * columns),
        (None, None) => None,
    };
    if let (Some(size), Some(implied)) = (size, implied) {
        if size != implied {
            return Err(PyValueError::new_err(format!(
                "size {size} does not fit the boxes or layout (a {implied}x{implied} grid)"
            )));
        }
    }
    let overrides = Overrides {
        boxes,
        regions: layout.map(|layout| (layout, "regions".to_string())),
        extra,
    };
    let empty = Puzzle::empty(size.or(implied).unwrap_or(9));
    overrides
        .shape_of(&empty)
        .map_err(|e| PuzzleError::new_err(e.to_string()))
}

/// The puzzles made, in order, as text; the first that could not be made stops the run.
struct Made {
    layout: Layout,
    puzzles: Vec<String>,
    failed: Option<(usize, GenerateError)>,
}

impl Sink<Result<Generated, GenerateError>> for Made {
    fn emit(&mut self, made: Result<Generated, GenerateError>) -> io::Result<()> {
        match made {
            Ok(generated) => {
                let mut text = format::write_puzzle(&generated.puzzle(self.layout.clone()));
                if text.ends_with('\n') {
                    text.pop();
                }
                self.puzzles.push(text);
                Ok(())
            }
            Err(error) => {
                self.failed = Some((self.puzzles.len(), error));
                Err(io::Error::other("a puzzle not made"))
            }
        }
    }

    fn idle(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Why no puzzle, or not every puzzle, was made, as a Python exception.
fn generate_error(error: GenerateError, made: usize, count: u64) -> PyErr {
    match error {
        GenerateError::Stopped(StopReason::Cancelled) => {
            PyKeyboardInterrupt::new_err(format!("interrupted: {made} of {count} puzzles made"))
        }
        GenerateError::Stopped(_) => PyTimeoutError::new_err(format!(
            "the timeout ran out: {made} of {count} puzzles made"
        )),
        error => PuzzleError::new_err(format!("puzzle {made}: {error}")),
    }
}

/// A seed from the clock, when none is given.
fn clock_seed() -> u64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos() as u64);
    now ^ u64::from(std::process::id()).rotate_left(32)
}

/// ``count`` new puzzles, each with exactly one solution, as ``dlx generate`` makes them.
#[pyfunction]
#[pyo3(signature = (
    count = 1, *, size = None, boxes = None, regions = None, extra = None, jigsaw = false,
    symmetry = "none", minimal = false, givens = None, rating = None, seed = None,
    attempts = dlx_puzzles::sudoku::generate::ATTEMPTS,
    budget = None, timeout = None, threads = None,
    format = "line"
))]
#[allow(clippy::too_many_arguments)]
pub fn sudoku_generate(
    py: Python<'_>,
    count: u64,
    size: Option<usize>,
    boxes: Option<(usize, usize)>,
    regions: Option<&str>,
    extra: Option<Vec<String>>,
    jigsaw: bool,
    symmetry: &str,
    minimal: bool,
    givens: Option<usize>,
    rating: Option<(f64, f64)>,
    seed: Option<u64>,
    attempts: u64,
    budget: Option<u64>,
    timeout: Option<f64>,
    threads: Option<usize>,
    format: &str,
) -> PyResult<Vec<String>> {
    let symmetry: Symmetry = symmetry.parse().map_err(PyValueError::new_err)?;
    if threads == Some(0) {
        return Err(PyValueError::new_err("threads must be at least 1"));
    }
    let limit = seconds(timeout)?;
    let extra = extras(&extra.unwrap_or_default())?;
    let generator = if jigsaw {
        if boxes.is_some() || regions.is_some() {
            return Err(PyValueError::new_err(
                "jigsaw makes its own regions: give no boxes or regions with it",
            ));
        }
        Generator::jigsaw(size.unwrap_or(9), extra)
            .map_err(|e| PuzzleError::new_err(e.to_string()))?
    } else {
        Generator::new(fixed_shape(size, boxes, regions, extra)?)
    };
    let generator = generator
        .symmetry(symmetry)
        .minimal(minimal)
        .givens(givens)
        .attempts(attempts);
    // Without a budget, the generator's own for the side (as `dlx generate`).
    let generator = match budget {
        Some(guesses) => generator.check_budget(guesses),
        None => generator,
    };
    let generator = match rating {
        Some((low, high)) if low.is_finite() && high.is_finite() && 0.0 <= low && low <= high => {
            generator.rating(low, high)
        }
        Some((low, high)) => {
            return Err(PyValueError::new_err(format!(
                "rating ({low}, {high}) is not a range of ratings (low, high), e.g. (7.0, 8.5)"
            )))
        }
        None => generator,
    };
    let alphabet = if generator.size() <= LINE_SIDE {
        Alphabet::OneBased
    } else {
        Alphabet::Numbers
    };
    let layout = match format {
        "line" => Layout::Line { alphabet },
        "json" => Layout::Json,
        other => {
            return Err(PyValueError::new_err(format!(
                "format must be \"line\" or \"json\", not {other:?}"
            )))
        }
    };
    let seed = seed.unwrap_or_else(clock_seed);
    let threads = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, NonZeroUsize::get));
    let cancel = Cancel::new();
    let mut stop = Stop::new().with_cancel(cancel.clone());
    if let Some(limit) = limit {
        stop = stop.with_timeout(limit);
    }
    let generator = generator.stop(stop);
    let made = run::on_helper(py, &cancel, || -> Result<Made, GenerateError> {
        let mut made = Made {
            layout,
            puzzles: Vec::new(),
            failed: None,
        };
        generator.prepare()?;
        // The sink fails only at a puzzle not made, kept in `failed`.
        let _ = generator.run(seed, count, threads, &mut made);
        Ok(made)
    })?;
    match made {
        Err(GenerateError::Stopped(reason)) => {
            Err(generate_error(GenerateError::Stopped(reason), 0, count))
        }
        Err(error) => Err(PuzzleError::new_err(error.to_string())),
        Ok(Made {
            failed: Some((at, error)),
            ..
        }) => Err(generate_error(error, at, count)),
        Ok(made) => Ok(made.puzzles),
    }
}
