//! Work units as JSON lines: a problem's content hash and a prefix of option ids, the results of
//! running them, and their totals. What `dlx split`, `dlx run` and `dlx merge` write and read,
//! and what a binding hands to a cluster, so that a unit made by one runs in the other.
//!
//! ```text
//! {"problem":"9ab1c0d2e3f40516","prefix":[3],"branch":true,"above":{"nodes":1,"updates":96}}
//! {"problem":"9ab1c0d2e3f40516","prefix":[3,17],"branch":true}
//! {"problem":"9ab1c0d2e3f40516","prefix":[3,17],"solutions":12,"nodes":480,"updates":9120,
//!  "complete":false,"remainder":[{"problem":"9ab1c0d2e3f40516","prefix":[3,17,40],
//!  "branch":true}]}
//! ```
//!
//! The results of the units of a [`split`], and of the remainders they leave, add up to a single
//! search's solutions, nodes and updates exactly.
//!
//! ```
//! use dlx_core::{knuth, units};
//!
//! let problem = knuth::parse("A B C\nA B\nC\nA\nB C\nB\n").unwrap().problem;
//! let mut merge = units::Merge::new();
//! let mut pending = units::split(&problem, 2, dlx_core::EngineKind::Cells).unwrap();
//! while let Some(unit) = pending.pop() {
//!     let line = units::to_json(&unit);
//!     let result = units::run(&problem, &units::from_json(&line).unwrap(), Some(1)).unwrap();
//!     pending.extend(result.remainder.iter().cloned());
//!     merge.add(result).unwrap();
//! }
//! assert_eq!(merge.totals().solutions, 3);
//! ```
//!
//! Behind the `json` feature (serde and serde_json).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::parallel::{self, ParallelError};
use crate::{
    knuth, Budget, EngineKind, ForceError, Problem, SplitError, Splittable, Stats, Status, Stop,
};

/// A sub-problem: the options forced, in order, on the problem with this hash.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unit {
    /// [`hash`] of the problem, 16 hex digits.
    pub problem: String,
    /// Option ids (0-based, in the order of the problem's options) to force.
    pub prefix: Vec<usize>,
    /// Whether the last option is a branch the search had not tried, whose updates are the
    /// unit's own work (see [`crate::Unit`]); absent for the path to a node.
    #[serde(default, skip_serializing_if = "is_false")]
    pub branch: bool,
    /// The work of the nodes that were split to make the units, carried by the first unit of
    /// a split and added to its result, so that merged totals equal a single search's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub above: Option<Work>,
    /// The engine whose tree the unit is a part of (`"cells"`; absent for dancing links): each
    /// engine splits its own tree and counts its own nodes.
    #[serde(default, skip_serializing_if = "is_links")]
    pub engine: EngineKind,
}

/// Nodes and updates of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Work {
    /// Nodes entered.
    pub nodes: u64,
    /// Updates made.
    pub updates: u64,
}

impl Unit {
    /// The unit of the problem with hash `problem` for a sub-problem of `engine`'s search.
    pub fn new(problem: &str, unit: crate::Unit, engine: EngineKind) -> Unit {
        Unit {
            problem: problem.to_string(),
            prefix: unit.prefix,
            branch: unit.branch,
            above: None,
            engine,
        }
    }

    /// The engine's sub-problem.
    pub fn sub_problem(&self) -> crate::Unit {
        crate::Unit {
            prefix: self.prefix.clone(),
            branch: self.branch,
        }
    }
}

/// For serde: leaves out a flag that is not set.
fn is_false(flag: &bool) -> bool {
    !flag
}

/// For serde: leaves out the default engine.
fn is_links(engine: &EngineKind) -> bool {
    *engine == EngineKind::Links
}

/// What running a unit gave.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// [`hash`] of the problem.
    pub problem: String,
    /// The unit's prefix.
    pub prefix: Vec<usize>,
    /// Solutions found in the unit (all of them when `complete`).
    pub solutions: u64,
    /// Nodes entered below the prefix (and the split nodes the unit carried, if any).
    pub nodes: u64,
    /// Updates made below the prefix, and by its last option when that is a branch (forcing
    /// the path to it not included; the split nodes the unit carried included).
    pub updates: u64,
    /// Whether the unit was searched to the end.
    pub complete: bool,
    /// When the budget ran out: the units still to run, which with this result partition the
    /// unit exactly.
    #[serde(default)]
    pub remainder: Vec<Unit>,
    /// The engine that ran the unit (`"cells"`; absent for dancing links).
    #[serde(default, skip_serializing_if = "is_links")]
    pub engine: EngineKind,
}

impl Outcome {
    /// The statistics of this result.
    pub fn stats(&self) -> Stats {
        Stats {
            solutions: self.solutions,
            nodes: self.nodes,
            updates: self.updates,
        }
    }
}

/// The problem's content hash: 64-bit FNV-1a over its text in Knuth's format (as
/// [`knuth::write`] prints it, so comments and spacing of the file do not matter), as 16 hex
/// digits.
pub fn hash(problem: &Problem) -> String {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let hash = knuth::write(problem)
        .bytes()
        .fold(OFFSET, |h, b| (h ^ u64::from(b)).wrapping_mul(PRIME));
    format!("{hash:016x}")
}

/// About `units` units that partition the whole search of `problem` by `engine` (see
/// [`parallel::split`]), in the order one thread would search them; the first carries the
/// work of the nodes split to make them.
pub fn split(
    problem: &Problem,
    units: usize,
    engine: EngineKind,
) -> Result<Vec<Unit>, ParallelError> {
    let hash = hash(problem);
    let split = parallel::split(problem, &[], units, engine)?;
    let mut above = Some(Work {
        nodes: split.above.nodes,
        updates: split.above.updates,
    });
    Ok(split
        .units
        .into_iter()
        .map(|unit| Unit {
            above: above.take(),
            ..Unit::new(&hash, unit, engine)
        })
        .collect())
}

/// Why a unit could not be run.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RunError {
    /// The unit's prefix cannot be forced on the problem.
    #[error(transparent)]
    Force(#[from] ForceError),
    /// The problem cannot be split (what is left of the unit cannot be given as units).
    #[error(transparent)]
    Split(#[from] SplitError),
}

/// Runs `unit` of `problem` on the unit's engine to its end or to `budget` nodes; what is left
/// is the result's
/// [remainder](Outcome::remainder). (The unit's hash is not checked against the problem: see
/// [`check_hash`].)
pub fn run(problem: &Problem, unit: &Unit, budget: Option<u64>) -> Result<Outcome, RunError> {
    let mut run = UnitRun::new(problem, unit)?;
    run.run(budget, &Stop::new());
    run.outcome()
}

/// A unit being run, resumably: a binding runs it in slices, to look for an interrupt between
/// them.
pub struct UnitRun<'u> {
    unit: &'u Unit,
    search: Box<dyn Splittable>,
    /// The statistics the unit's own work is counted from.
    start: Stats,
    /// The nodes entered once the unit was forced, from which its budget counts.
    entered: u64,
    /// Whether the search has reached its end.
    complete: bool,
}

impl<'u> UnitRun<'u> {
    /// The run of `unit` on `problem`, its prefix forced, not started.
    pub fn new(problem: &Problem, unit: &'u Unit) -> Result<UnitRun<'u>, RunError> {
        let mut search = unit.engine.splittable(problem)?;
        let start = search.enter(&unit.sub_problem())?;
        let entered = search.stats().nodes;
        Ok(UnitRun {
            unit,
            search,
            start,
            entered,
            complete: false,
        })
    }

    /// The nodes entered in the unit so far (as its budget counts them).
    pub fn nodes(&self) -> u64 {
        self.search.stats().nodes - self.entered
    }

    /// Runs on until the end, until `budget` nodes have been entered in the unit in all (no
    /// limit for `None`), or until the deadline or the flag of `stop` (whose own budget is
    /// replaced); returns whether the unit is searched to its end.
    pub fn run(&mut self, budget: Option<u64>, stop: &Stop) -> bool {
        let budget = budget.map_or(Budget::Unlimited, |nodes| {
            Budget::Nodes(self.entered.saturating_add(nodes))
        });
        self.search.set_stop(stop.clone().with_budget(budget));
        self.complete = self.search.count() == Status::Exhausted;
        self.complete
    }

    /// What the run gave so far: its figures, and the units left when it is not complete
    /// (which a problem with multiplicities cannot give).
    pub fn outcome(&self) -> Result<Outcome, RunError> {
        let complete = self.complete;
        let remainder: Vec<Unit> = if complete {
            Vec::new()
        } else {
            self.search
                .frontier_units()
                .into_iter()
                .map(|sub| Unit::new(&self.unit.problem, sub, self.unit.engine))
                .collect()
        };
        let mut stats = self.search.stats().since(self.start);
        if let Some(above) = self.unit.above {
            stats.nodes += above.nodes;
            stats.updates += above.updates;
        }
        Ok(Outcome {
            problem: self.unit.problem.clone(),
            prefix: self.unit.prefix.clone(),
            solutions: stats.solutions,
            nodes: stats.nodes,
            updates: stats.updates,
            complete,
            remainder,
            engine: self.unit.engine,
        })
    }
}

/// Why a unit does not belong to a problem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("the unit is for problem {got} (expected {expected}, the hash of the problem given)")]
pub struct HashMismatch {
    /// The unit's hash.
    pub got: String,
    /// The problem's.
    pub expected: String,
}

/// Checks that a unit (or result) with hash `got` belongs to the problem with hash `expected`.
pub fn check_hash(got: &str, expected: &str) -> Result<(), HashMismatch> {
    if got == expected {
        Ok(())
    } else {
        Err(HashMismatch {
            got: got.to_string(),
            expected: expected.to_string(),
        })
    }
}

/// The totals of merged results, as `dlx merge` prints them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Totals {
    /// [`hash`] of the problem.
    pub problem: String,
    /// Solutions of all results.
    pub solutions: u64,
    /// Nodes of all results.
    pub nodes: u64,
    /// Updates of all results.
    pub updates: u64,
    /// Results added up.
    pub units: u64,
    /// Units of remainders that have no result yet.
    pub remaining: usize,
    /// Whether nothing is left to run: `solutions` is then the count of the units split.
    pub complete: bool,
    /// The engine whose nodes and updates these are (`"cells"`; absent for dancing links).
    #[serde(default, skip_serializing_if = "is_links")]
    pub engine: EngineKind,
}

/// Why a result cannot be merged with the ones before it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MergeError {
    /// The result is for another problem than the first result.
    #[error("the result is for problem {got}, but the first result is for {first}")]
    OtherProblem {
        /// The result's hash.
        got: String,
        /// The first result's.
        first: String,
    },
    /// The result is of another engine's tree than the first result.
    #[error("the result is of the {got} engine's search, but the first result is of {first}'s")]
    OtherEngine {
        /// The result's engine.
        got: &'static str,
        /// The first result's.
        first: &'static str,
    },
    /// A result for the same unit was merged before.
    #[error("the unit {prefix:?} was already counted (result {earlier})")]
    AlreadyCounted {
        /// The unit's prefix.
        prefix: Vec<usize>,
        /// The number of the earlier result (from 0, in the order they were added).
        earlier: usize,
    },
}

/// Results being added up: their totals and the units of their remainders still to run.
#[derive(Clone, Debug, Default)]
pub struct Merge {
    problem: Option<String>,
    engine: Option<EngineKind>,
    total: Stats,
    done: BTreeMap<Vec<usize>, usize>,
    remainder: Vec<Unit>,
}

impl Merge {
    /// No results yet.
    pub fn new() -> Merge {
        Merge::default()
    }

    /// Adds a result; on error nothing is added.
    pub fn add(&mut self, result: Outcome) -> Result<(), MergeError> {
        if let Some(first) = self
            .problem
            .as_ref()
            .filter(|&first| *first != result.problem)
        {
            return Err(MergeError::OtherProblem {
                got: result.problem,
                first: first.clone(),
            });
        }
        if let Some(first) = self.engine.filter(|&first| first != result.engine) {
            return Err(MergeError::OtherEngine {
                got: result.engine.name(),
                first: first.name(),
            });
        }
        if let Some(&earlier) = self.done.get(&result.prefix) {
            return Err(MergeError::AlreadyCounted {
                prefix: result.prefix,
                earlier,
            });
        }
        self.problem.get_or_insert_with(|| result.problem.clone());
        self.engine.get_or_insert(result.engine);
        self.done.insert(result.prefix.clone(), self.done.len());
        self.total += result.stats();
        self.remainder.extend(result.remainder);
        Ok(())
    }

    /// The hash of the problem of the results, once one was added.
    pub fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }

    /// The units of the remainders that have no result yet, each once, in the order they came.
    pub fn remaining(&self) -> Vec<Unit> {
        let mut seen = BTreeSet::new();
        self.remainder
            .iter()
            .filter(|unit| !self.done.contains_key(&unit.prefix) && seen.insert(&unit.prefix))
            .cloned()
            .collect()
    }

    /// The statistics of the results added.
    pub fn totals(&self) -> Stats {
        self.total
    }

    /// The totals line, with `remaining` units left (see [`Merge::remaining`]).
    pub fn summary(&self, remaining: usize) -> Totals {
        Totals {
            problem: self.problem.clone().unwrap_or_default(),
            solutions: self.total.solutions,
            nodes: self.total.nodes,
            updates: self.total.updates,
            units: self.done.len() as u64,
            remaining,
            complete: remaining == 0,
            engine: self.engine.unwrap_or_default(),
        }
    }
}

/// Why a line is not the JSON expected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("column {column}: {message}")]
pub struct JsonError {
    /// The 1-based column where reading failed.
    pub column: usize,
    /// What is wrong (without a position).
    pub message: String,
}

/// Reads one line of JSON: a [`Unit`], an [`Outcome`] or [`Totals`].
pub fn from_json<T: for<'de> Deserialize<'de>>(line: &str) -> Result<T, JsonError> {
    serde_json::from_str(line).map_err(|e| {
        // The message without serde's own position, which counts lines from this one.
        let message = e.to_string();
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        let message = message.strip_suffix(&suffix).unwrap_or(&message);
        JsonError {
            column: e.column(),
            message: message.to_string(),
        }
    })
}

/// Writes a [`Unit`], an [`Outcome`] or [`Totals`] as one line of JSON (without line end).
pub fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("units and results are always JSON")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_fnv1a_of_the_written_problem() {
        let problem = knuth::parse("A B\nA\nB\n").unwrap().problem;
        let same = knuth::parse("| a comment\nA  B\n\nA\nB\n").unwrap().problem;
        let other = knuth::parse("A B\nA B\n").unwrap().problem;
        assert_eq!(hash(&problem), hash(&same));
        assert_ne!(hash(&problem), hash(&other));
        assert_eq!(hash(&problem).len(), 16);
    }

    #[test]
    fn bad_json_names_its_column() {
        let error = from_json::<Unit>("{\"problem\":1}").unwrap_err();
        assert_eq!(error.column, 12);
        assert_eq!(
            error.message,
            "invalid type: integer `1`, expected a string"
        );
        let unit: Unit = from_json("{\"problem\":\"00\",\"prefix\":[1]}").unwrap();
        assert_eq!(to_json(&unit), "{\"problem\":\"00\",\"prefix\":[1]}");
    }

    #[test]
    fn units_run_in_slices_add_up_to_one_search() {
        let text = "A B C D\nA B\nC D\nA C\nB D\nA\nB\nC\nD\nA D\nB C\n";
        let problem = knuth::parse(text).unwrap().problem;
        let mut whole = crate::Search::new(&problem);
        whole.count();
        let mut merge = Merge::new();
        let mut pending = split(&problem, 3, EngineKind::Links).unwrap();
        let first = pending[0].clone();
        while let Some(unit) = pending.pop() {
            let result = run(&problem, &unit, Some(2)).unwrap();
            assert_eq!(result.complete, result.remainder.is_empty());
            pending.extend(result.remainder.iter().cloned());
            merge.add(result).unwrap();
        }
        assert_eq!(merge.totals(), whole.stats());
        assert!(merge.remaining().is_empty());
        let again = run(&problem, &first, None).unwrap();
        assert!(matches!(
            merge.add(again),
            Err(MergeError::AlreadyCounted { .. })
        ));
    }
}
