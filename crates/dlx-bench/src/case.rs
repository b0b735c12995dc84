//! What a side-by-side benchmark is made of: groups of cases, each solved by our engine (and, in
//! some groups, by our alternative engine) and by a peer, with the figures each run reports.
//!
//! A group is one kind of comparison (one peer, one way of timing); a case is one instance in it.
//! New comparisons (Sudoku against another crate, say) are new groups: the runner and the table
//! do not change.

use std::time::{Duration, Instant};

/// What one timed run of a solver reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// Wall time of the timed part of the run.
    pub elapsed: Duration,
    /// Solutions found.
    pub solutions: u64,
    /// Search-tree nodes in Knuth's sense, if the solver reports them.
    pub nodes: Option<u64>,
    /// Updates in Knuth's sense, if the solver reports them.
    pub updates: Option<u64>,
}

impl Run {
    /// The run of a solver that failed: no solutions, which the comparison of counts flags.
    pub fn failed() -> Run {
        Run {
            elapsed: Duration::ZERO,
            solutions: 0,
            nodes: None,
            updates: None,
        }
    }

    /// Times `work`, which returns the solutions it found (or the puzzles it made); it reports
    /// no nodes or updates.
    pub fn timed(work: impl FnOnce() -> u64) -> Run {
        let start = Instant::now();
        let solutions = work();
        Run {
            elapsed: start.elapsed(),
            solutions,
            nodes: None,
            updates: None,
        }
    }
}

/// Figures that a correct run of our engine must reproduce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expected {
    /// Number of solutions.
    pub solutions: u64,
    /// Search-tree nodes, where known.
    pub nodes: Option<u64>,
    /// Updates, where known.
    pub updates: Option<u64>,
}

/// One instance, solved once per run by our engine and once by the peer.
///
/// Everything that is not to be timed (building matrices, copying state) happens inside the run
/// methods but outside the part they time.
pub trait Case {
    /// The instance's name, as shown in the table and matched by `--only`.
    fn name(&self) -> &str;

    /// Solves the instance once with our engine.
    fn run_ours(&mut self) -> Run;

    /// Solves the instance once with the peer.
    fn run_peer(&mut self) -> Run;

    /// Solves the instance once with our alternative engine, if the group has one (the cells
    /// engine for exact cover). Its solution count must agree; its other figures are its own.
    fn run_alt(&mut self) -> Option<Run> {
        None
    }

    /// What our engine must report, if known.
    fn expected(&self) -> Option<Expected> {
        None
    }

    /// Remarks about this case worth printing under the table (how the input was given to the
    /// peer, for instance).
    fn notes(&self) -> Vec<String> {
        Vec::new()
    }

    /// How many puzzles one solve handles, when a case is a batch of them: the table then also
    /// gives puzzles per second.
    fn items(&self) -> Option<u64> {
        None
    }
}

/// Cases compared against one peer in one way.
pub struct Group {
    /// A heading: what is compared with what.
    pub title: String,
    /// The column heading of the alternative engine, if the group's cases have one.
    pub alt: Option<String>,
    /// How the runs are timed, printed above the table.
    pub timing: String,
    /// The instances.
    pub cases: Vec<Box<dyn Case>>,
}
