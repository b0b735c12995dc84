//! What every engine answers: the [`Engine`] trait, the [`Status`] of a step and the common
//! [`Stats`].

use std::fmt;

use crate::problem::Problem;
use crate::stop::{Stop, StopReason};

/// Search statistics with the definitions of Knuth's programs (for [`Search`](crate::Search);
/// other engines count their own trees, see their `stats`).
///
/// Displayed as `dlx` prints it: `solutions=92 nodes=1049 updates=16680`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Solutions found.
    pub solutions: u64,
    /// Search-tree nodes entered (the root included), plus one per solution.
    pub nodes: u64,
    /// Items covered plus option nodes removed from columns.
    pub updates: u64,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.solutions += other.solutions;
        self.nodes += other.nodes;
        self.updates += other.updates;
    }
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "solutions={} nodes={} updates={}",
            self.solutions, self.nodes, self.updates
        )
    }
}

/// Where a call to [`Engine::step`] or [`Engine::count`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// A solution was found ([`Engine::solution_into`] gives it); stepping again goes on.
    Solution,
    /// The whole tree has been searched.
    Exhausted,
    /// The solution limit was reached; raise it to go on.
    LimitReached,
    /// The [`Stop`] stopped the search before its end; lift it to go on.
    Stopped(StopReason),
}

/// A search engine over a [`Problem`](crate::Problem): the calls every engine answers, so that a
/// surface (the command line, a binding) runs any of them the same way.
///
/// Engines: [`Search`](crate::Search) (dancing links, node-exact against Knuth's programs) and
/// [`cells::Search`](crate::cells::Search) (dancing cells).
pub trait Engine {
    /// Runs until the next solution, the end, the limit or the [`Stop`].
    fn step(&mut self) -> Status;

    /// Writes the solution just found (valid right after [`Status::Solution`]) into `options`,
    /// as option numbers; cleared first.
    fn solution_into(&self, options: &mut Vec<usize>);

    /// The solution just found, as option numbers.
    fn solution(&self) -> Vec<usize> {
        let mut options = Vec::new();
        self.solution_into(&mut options);
        options
    }

    /// The work so far: solutions, nodes and updates, each by the engine's own definitions.
    fn stats(&self) -> Stats;

    /// The statistics as `dlx` prints them: `solutions=… nodes=… updates=…` and any figures of
    /// the engine's own.
    fn stats_line(&self) -> String {
        self.stats().to_string()
    }

    /// Stops the search once this many solutions (in all) have been found; `None` for no limit.
    fn set_limit(&mut self, limit: Option<u64>);

    /// Bounds the rest of the search: a budget counted on the engine's statistics since it was
    /// created, a deadline and a cancel flag.
    fn set_stop(&mut self, stop: Stop);

    /// The engine's name, as `--engine` takes it.
    fn name(&self) -> &'static str;

    /// Steps past every solution (the statistics count them) until the end, the limit or the
    /// [`Stop`].
    fn count(&mut self) -> Status {
        loop {
            match self.step() {
                Status::Solution => continue,
                other => return other,
            }
        }
    }
}

/// The solutions of an engine, one `Vec` of option numbers each.
///
/// Ends at the end of the search, at the limit or at the [`Stop`]; [`Solutions::status`] tells
/// which, and iterating again after lifting the limit or the stop goes on.
#[derive(Debug)]
pub struct Solutions<'a, E: Engine + ?Sized = crate::Search> {
    search: &'a mut E,
    status: Option<Status>,
}

impl<'a, E: Engine + ?Sized> Solutions<'a, E> {
    /// The solutions `search` finds from where it stands.
    pub fn new(search: &'a mut E) -> Self {
        Solutions {
            search,
            status: None,
        }
    }

    /// Why the iteration ended, once it has.
    pub fn status(&self) -> Option<Status> {
        self.status
    }
}

impl<E: Engine + ?Sized> Iterator for Solutions<'_, E> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        match self.search.step() {
            Status::Solution => Some(self.search.solution()),
            other => {
                self.status = Some(other);
                None
            }
        }
    }
}

/// The engines that count and enumerate a problem (SAT, behind its feature, finds solutions but
/// is no counter, and is never chosen for one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
pub enum EngineKind {
    /// Dancing links ([`Search`](crate::Search)): every problem.
    #[default]
    #[cfg_attr(feature = "json", serde(rename = "dlx"))]
    Links,
    /// Dancing cells ([`cells::Search`](crate::cells::Search)): every problem.
    #[cfg_attr(feature = "json", serde(rename = "cells"))]
    Cells,
}

impl EngineKind {
    /// A fresh search of `problem` by this engine.
    pub fn search(self, problem: &Problem) -> Box<dyn Engine + Send> {
        match self {
            EngineKind::Links => Box::new(crate::Search::new(problem)),
            EngineKind::Cells => Box::new(crate::cells::Search::new(problem)),
        }
    }

    /// The engine's name, as [`Engine::name`] gives it and `--engine` takes it.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Links => "dlx",
            EngineKind::Cells => "cells",
        }
    }
}

/// The engine to search `problem` with when none is asked for, on any number of threads:
/// dancing cells on problems without multiplicities, which search a smaller tree with fewer
/// memory writes and split for a [`Pool`](crate::parallel::Pool) as well as dancing links do (a
/// pool of two threads counts pento6x10 and langford12 about 1.8 times as fast as one); dancing
/// links on problems with multiplicities. There the cells tree is still the smaller (5.6 million
/// nodes against 8.9 million on the 7x7 0/1 matrices with two ones per row and column), but a
/// node of Algorithm M on sparse sets costs more (its branches rule out the options tried before
/// them, and a snapshot keeps the items' bounds too): counting those matrices on one thread,
/// dancing links took 0.81 of the processor time of dancing cells (0.31 s against 0.38 s,
/// whole processes), and on the 6x6 ones with three ones per line 0.97. Dancing cells split
/// such problems on threads, which dancing links do not: asked for (`--engine cells`), they
/// count them on a pool.
pub fn preferred_engine(problem: &Problem) -> EngineKind {
    if !problem.has_multiplicities() {
        EngineKind::Cells
    } else {
        EngineKind::Links
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knuth;

    #[test]
    fn cells_without_multiplicities_links_with_them() {
        use EngineKind::{Cells, Links};
        let plain = "A B C\nA B\nC\nA\nB C\n";
        let cases = [
            (plain, Cells),
            ("A B | x\nA x:red\nB x:red\n", Cells),
            ("2:3|A B\nA\nA B\n", Links),
            // A secondary item without colors is no obstacle.
            ("A B | x\nA x\nB x\nA B\n", Cells),
        ];
        for (text, expected) in cases {
            let problem = knuth::parse(text).unwrap().problem;
            assert_eq!(preferred_engine(&problem), expected, "{text:?}");
        }
        let problem = knuth::parse(plain).unwrap().problem;
        let cells = crate::cells::Search::new(&problem);
        assert_eq!(Cells.name(), cells.name());
        assert_eq!(Links.name(), crate::Search::new(&problem).name());
    }
}
