//! The exact-cover group: our `Search::count` and the cells engine's `count` against the crates.io
//! `dlx` crate on Knuth `.dlx` files.

use std::path::Path;
use std::time::Instant;

use anyhow::{bail, Result};
use dlx_core::{cells, Engine, Problem, Search, Status};

use crate::case::{Case, Expected, Group, Run};
use crate::golden;
use crate::instances;
use crate::peer_dlx::{PeerMatrix, Unsupported};

/// The peer's version, as pinned in this crate's manifest.
pub const PEER_VERSION: &str = "0.8.5";

/// One `.dlx` instance, ready for both solvers.
pub struct ExactCoverCase {
    name: String,
    problem: Problem,
    peer: PeerMatrix,
}

impl ExactCoverCase {
    /// Prepares `problem` for both solvers.
    pub fn new(name: &str, problem: Problem) -> Result<ExactCoverCase> {
        let peer = match PeerMatrix::from_problem(&problem) {
            Ok(peer) => peer,
            Err(Unsupported::Colors) => {
                bail!("{name}: colored items are not compared (the peer's `x` module has none)")
            }
        };
        Ok(ExactCoverCase {
            name: name.to_string(),
            problem,
            peer,
        })
    }
}

impl Case for ExactCoverCase {
    fn name(&self) -> &str {
        &self.name
    }

    fn run_ours(&mut self) -> Run {
        // Copying the links into a fresh search is our counterpart of building the peer's
        // matrix: done before the clock starts.
        timed_count(&mut Search::new(&self.problem), &self.name)
    }

    fn run_alt(&mut self) -> Option<Run> {
        // Building the cells engine's sets is, like copying the links, not timed.
        let mut search = cells::Search::new(&self.problem);
        Some(timed_count(&mut search, &self.name))
    }

    fn run_peer(&mut self) -> Run {
        self.peer.count()
    }

    fn expected(&self) -> Option<Expected> {
        golden::lookup(&self.name)
    }

    fn notes(&self) -> Vec<String> {
        let secondary = self.peer.secondary_count();
        if secondary == 0 {
            Vec::new()
        } else {
            vec![format!(
                "{}: {secondary} secondary items, given to the peer as secondary items \
                 (`dlx::x` supports them natively)",
                self.name
            )]
        }
    }
}

/// The exact-cover group over the named instances, read from `dir`.
pub fn group(dir: &Path, names: &[String]) -> Result<Group> {
    let mut cases: Vec<Box<dyn Case>> = Vec::new();
    for name in names {
        let problem = instances::load_exact_cover(dir, name)?;
        cases.push(Box::new(ExactCoverCase::new(name, problem)?));
    }
    Ok(Group {
        title: format!(
            "Exact cover: dlx-core `Search::count` and `cells::Search::count` vs crates.io `dlx` {} \
             (`dlx::x`, default features)",
            PEER_VERSION
        ),
        alt: Some("cells".to_string()),
        timing: "Counting all solutions, one thread, wall time of the search only: \
                 matrix construction and parsing are excluded for both. Both branch on the \
                 leftmost item with the fewest options and try options in input order, so they \
                 walk the same tree (checked: equal node counts). The cells engine (sparse \
                 sets, forced moves without branch nodes) walks a smaller tree of its own."
            .to_string(),
        cases,
    })
}

/// Counts every solution with `engine`, timing the search alone.
fn timed_count(engine: &mut impl Engine, name: &str) -> Run {
    let start = Instant::now();
    let status = engine.count();
    let elapsed = start.elapsed();
    assert_eq!(
        status,
        Status::Exhausted,
        "{name}: the {} search stopped early",
        engine.name()
    );
    let stats = engine.stats();
    Run {
        elapsed,
        solutions: stats.solutions,
        nodes: Some(stats.nodes),
        updates: Some(stats.updates),
    }
}
