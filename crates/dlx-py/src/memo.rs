//! Counting by memo for `Problem.zdd_count` and `Problem.sample`: [`dlx_core::memo`] on a
//! helper thread (Ctrl-C stops it), its errors as Python's.

use dlx_core::memo::{Memo, MemoError, Natural, Sampler};
use dlx_core::rng::Rng;
use dlx_core::{Cancel, Problem, Stop};
use pyo3::exceptions::{PyMemoryError, PyRuntimeError};
use pyo3::prelude::*;

use crate::errors;
use crate::run;

/// The count as a Python `int`, exact however large.
pub fn count(py: Python<'_>, problem: &Problem, max_bytes: u64) -> PyResult<Py<PyAny>> {
    let cancel = Cancel::new();
    let memo = Memo::new(problem)
        .max_bytes(max_bytes)
        .with_stop(Stop::new().with_cancel(cancel.clone()));
    let counted = run::on_helper(py, &cancel, || memo.count())?.map_err(error)?;
    to_int(py, &counted.count)
}

/// `n` solutions drawn uniformly from the ZDD (each its options' numbers, in the order a search
/// chose them); none when there is no solution.
pub fn sample(
    py: Python<'_>,
    problem: &Problem,
    n: u64,
    seed: u64,
    max_bytes: u64,
) -> PyResult<Vec<Vec<usize>>> {
    let cancel = Cancel::new();
    let memo = Memo::new(problem)
        .max_bytes(max_bytes)
        .with_stop(Stop::new().with_cancel(cancel.clone()));
    let drawn = run::on_helper(py, &cancel, || -> Result<Vec<Vec<usize>>, MemoError> {
        let (zdd, _) = memo.zdd()?;
        let sampler = Sampler::new(&zdd, max_bytes)?;
        let mut rng = Rng::new(seed, 0);
        Ok((0..n).map_while(|_| sampler.sample(&mut rng)).collect())
    })?;
    drawn.map_err(error)
}

/// A memo's error as Python's: `ProblemError` for multiplicities, `MemoryError` past the bound,
/// `RuntimeError` when stopped.
fn error(e: MemoError) -> PyErr {
    match e {
        MemoError::Memory { limit, .. } => {
            PyMemoryError::new_err(format!("the memo needs more than max_memory={limit} bytes"))
        }
        MemoError::Stopped { reason, .. } => {
            PyRuntimeError::new_err(format!("the count was stopped ({reason:?})"))
        }
        e => errors::problem(e),
    }
}

/// `n` as a Python `int`, through its decimal digits.
fn to_int(py: Python<'_>, n: &Natural) -> PyResult<Py<PyAny>> {
    let int = py.import("builtins")?.getattr("int")?;
    Ok(int.call1((n.to_string(),))?.unbind())
}
