//! Work units as the command line writes them: `dlx split`, `dlx run` and `dlx merge` from
//! Python, one JSON line each, so that a unit made here runs in `dlx run` and back.

use dlx_core::units::{self, Merge, Outcome, Unit, UnitRun};
use dlx_core::Stop;
use pyo3::prelude::*;

use crate::errors::{self, UnitError};
use crate::problem::{EngineChoice, Problem};
use crate::run;

/// A unit error at `column` of a line of JSON.
fn unit_error(message: impl std::fmt::Display, column: Option<usize>) -> PyErr {
    errors::at(
        UnitError::new_err(message.to_string()),
        column.map(|_| 1),
        column,
    )
}

/// Reads one JSON line of a unit or a result.
fn read<T: for<'de> serde::Deserialize<'de>>(line: &str) -> PyResult<T> {
    units::from_json(line.trim_end()).map_err(|e| unit_error(&e, Some(e.column)))
}

/// About ``units`` work units that partition the search of ``problem``, as JSON lines (what
/// ``dlx split`` prints), in the order one thread would search them. The first carries the
/// work of the nodes split to make them, so that the results add up to one search's figures.
/// ``engine`` is ``"auto"`` (the default: the engine a count takes, dancing cells where they
/// apply), ``"dlx"`` or ``"cells"``; the units of cells say so, and run on that engine.
#[pyfunction]
#[pyo3(signature = (problem, units = 64, engine = None))]
pub fn split(problem: &Problem, units: usize, engine: Option<&str>) -> PyResult<Vec<String>> {
    let engine = EngineChoice::parse(engine)?.tree(&problem.problem)?;
    let list = units::split(&problem.problem, units, engine).map_err(errors::problem)?;
    Ok(list.iter().map(units::to_json).collect())
}

/// Runs one work unit (a JSON line of ``split``, ``dlx split`` or a result's remainder) of
/// ``problem``, to its end or to ``budget`` nodes, and returns its result as a JSON line (what
/// ``dlx run`` prints): ``solutions``, ``nodes``, ``updates``, ``complete``, and the
/// ``remainder`` units still to run when the budget ran out. The GIL is released.
#[pyfunction]
#[pyo3(signature = (problem, unit, budget = None))]
pub fn run_unit(
    py: Python<'_>,
    problem: &Problem,
    unit: &str,
    budget: Option<u64>,
) -> PyResult<String> {
    let unit: Unit = read(unit)?;
    units::check_hash(&unit.problem, problem.hash()).map_err(|e| unit_error(e, Some(1)))?;
    let mut run = UnitRun::new(&problem.problem, &unit).map_err(|e| unit_error(e, None))?;
    let stop = Stop::new();
    loop {
        let slice = run.nodes().saturating_add(run::SLICE_NODES);
        let target = budget.map_or(slice, |budget| budget.min(slice));
        let complete = py.detach(|| run.run(Some(target), &stop));
        if complete || budget.is_some_and(|budget| run.nodes() >= budget) {
            break;
        }
        py.check_signals()?;
    }
    let outcome = run.outcome().map_err(|e| unit_error(e, None))?;
    Ok(units::to_json(&outcome))
}

/// Adds up results (JSON lines of ``run_unit`` or ``dlx run``): returns the totals line
/// ``dlx merge`` prints and the units still to run (remainders with no result yet).
#[pyfunction]
pub fn merge(results: Vec<String>) -> PyResult<(String, Vec<String>)> {
    let mut merge = Merge::new();
    for (number, line) in results.iter().enumerate() {
        let result: Outcome = read(line).inspect_err(|e| {
            Python::attach(|py| {
                let _ = e.value(py).setattr("line", number + 1);
            });
        })?;
        merge.add(result).map_err(|e| {
            errors::at(UnitError::new_err(e.to_string()), Some(number + 1), Some(1))
        })?;
    }
    if merge.problem().is_none() {
        return Err(unit_error("no results to merge", None));
    }
    let left = merge.remaining();
    let totals = units::to_json(&merge.summary(left.len()));
    Ok((totals, left.iter().map(units::to_json).collect()))
}
