//! Running library calls from Python: the GIL released, and Ctrl-C seen within a slice.
//!
//! A search that can be resumed runs in budgeted slices of its own [`Stop`]: between two slices
//! the GIL is taken back to run Python's signal handlers, and a `KeyboardInterrupt` they raise
//! ends the call. A library call that runs its own threads to the end (the parallel pool, the
//! Sudoku batch) runs on a helper thread, watching a [`Cancel`] in its [`Stop`] that is raised
//! when the handlers raise.

use std::sync::mpsc;
use std::time::Duration;

use dlx_core::{Budget, Cancel, Engine, Status, Stop, StopReason};
use pyo3::prelude::*;

/// Updates a search runs between two looks at Python's signals: some 10 ms, so an interrupt is
/// seen at once while taking the GIL back costs nothing to speak of.
pub const SLICE_UPDATES: u64 = 1 << 23;

/// Nodes a work unit runs between two looks at Python's signals (the budget of a unit counts
/// nodes).
pub const SLICE_NODES: u64 = 1 << 15;

/// How long a call on a helper thread is waited for between two looks at Python's signals.
const LOOK: Duration = Duration::from_millis(20);

/// Steps `engine` (to its next solution, or to the end when `count`), the GIL released, until
/// it stops for another reason than a slice: the end, the limit, a solution, the deadline or
/// the flag of `stop`.
pub fn step(
    py: Python<'_>,
    engine: &mut (dyn Engine + Send),
    stop: &Stop,
    count: bool,
) -> PyResult<Status> {
    loop {
        let allowed = engine.stats().updates.saturating_add(SLICE_UPDATES);
        engine.set_stop(stop.clone().with_budget(Budget::Updates(allowed)));
        let status = py.detach(|| if count { engine.count() } else { engine.step() });
        match status {
            Status::Stopped(StopReason::Budget) => py.check_signals()?,
            other => return Ok(other),
        }
    }
}

/// Runs `work` on a helper thread with the GIL released; if Python's signal handlers raise
/// meanwhile, raises `cancel` (which `work`'s searches watch), waits for `work` to stop, and
/// returns their exception.
pub fn on_helper<T: Send>(
    py: Python<'_>,
    cancel: &Cancel,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            // The receiver waits for this as long as the thread runs.
            let _ = sender.send(work());
        });
        let mut receiver = receiver;
        loop {
            let (back, got) = py.detach(move || {
                let got = receiver.recv_timeout(LOOK);
                (receiver, got)
            });
            receiver = back;
            match got {
                Ok(value) => return Ok(value),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(interrupt) = py.check_signals() {
                        cancel.cancel();
                        py.detach(move || drop(receiver.recv()));
                        return Err(interrupt);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(pyo3::exceptions::PyRuntimeError::new_err(
                        "the search thread ended without an answer",
                    ))
                }
            }
        }
    })
}
