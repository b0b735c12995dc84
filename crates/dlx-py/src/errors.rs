//! The package's exceptions: `ValueError`s that say where in the text (line and column, from 1)
//! the input is wrong, when it is about a text.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    dlx,
    Error,
    PyValueError,
    "Bad input to dlx: `line` and `column` (from 1) say where, when the input is a text."
);
create_exception!(
    dlx,
    ParseError,
    Error,
    "A problem in Knuth's format that cannot be read."
);
create_exception!(
    dlx,
    ProblemError,
    Error,
    "Items and options that do not make a problem."
);
create_exception!(
    dlx,
    PuzzleError,
    Error,
    "A Sudoku that cannot be read or answered."
);
create_exception!(
    dlx,
    UnitError,
    Error,
    "A work unit (or result) that is not JSON of dlx, or not of this problem."
);

/// The error `error` with its `line` and `column` set (`None` when not about a place in a text).
pub fn at(error: PyErr, line: Option<usize>, column: Option<usize>) -> PyErr {
    Python::attach(|py| {
        let value = error.value(py);
        // Setting attributes on a fresh exception object cannot fail.
        let _ = value.setattr("line", line);
        let _ = value.setattr("column", column);
    });
    error
}

/// A [`ProblemError`] about no place in a text.
pub fn problem(message: impl std::fmt::Display) -> PyErr {
    at(ProblemError::new_err(message.to_string()), None, None)
}
