//! The native module `dlx._dlx` of the Python package `dlx`: exact-cover problems, their
//! searches and work units (dlx-core), and Sudoku (dlx-puzzles), with the GIL released while
//! they run and Ctrl-C raising `KeyboardInterrupt` within a slice.
//!
//! The Python package (`python/dlx`) re-exports it, adds `dlx.sudoku` and the pure-Python
//! `dlx.distributed`, and carries the type stubs.

#![warn(missing_docs)]

use pyo3::prelude::*;

mod errors;
mod estimate;
mod free;
mod generate;
mod logic;
mod many;
mod memo;
mod problem;
mod run;
mod sudoku;
mod units;

/// The module `dlx._dlx`.
#[pymodule]
fn _dlx(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    let error = py.get_type::<errors::Error>();
    // Raised errors set their own; these are for an error made by hand.
    error.setattr("line", py.None())?;
    error.setattr("column", py.None())?;
    m.add("Error", error)?;
    m.add("ParseError", py.get_type::<errors::ParseError>())?;
    m.add("ProblemError", py.get_type::<errors::ProblemError>())?;
    m.add("PuzzleError", py.get_type::<errors::PuzzleError>())?;
    m.add("UnitError", py.get_type::<errors::UnitError>())?;
    m.add_class::<problem::Problem>()?;
    m.add_class::<problem::Solutions>()?;
    m.add_class::<problem::Stats>()?;
    m.add_class::<estimate::Estimate>()?;
    m.add_class::<estimate::Figure>()?;
    m.add_function(wrap_pyfunction!(problem::problem_from_knuth, m)?)?;
    m.add_function(wrap_pyfunction!(units::split, m)?)?;
    m.add_function(wrap_pyfunction!(units::run_unit, m)?)?;
    m.add_function(wrap_pyfunction!(units::merge, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_solve, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_check, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_count, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_candidates, m)?)?;
    m.add_function(wrap_pyfunction!(many::sudoku_solve_many, m)?)?;
    logic::add_to(m)?;
    m.add_function(wrap_pyfunction!(generate::sudoku_generate, m)?)?;
    Ok(())
}
