//! Counting without enumerating: a search whose sub-problems met again are answered from a cache
//! (after Knuth's dlx6 and Nishino, Yasuda, Minato and Nagata, "Dancing with decision diagrams",
//! AAAI 2017).
//!
//! A sub-problem is known by its *signature*: the items the options chosen so far have taken,
//! and the color each colored secondary item has been given. Which options are still possible
//! depends on the signature alone, and so does the item this search branches on (the uncovered
//! primary item with the fewest such options, the lowest-numbered among equals), so the number
//! of solutions of a sub-problem is a function of its signature:
//! `count(s) = Σ count(s + o)` over the options `o` of the chosen item that fit `s`. Each
//! signature's count is cached, and where sub-problems repeat (tilings, most counting problems
//! on boards) the search is orders of magnitude smaller than an enumeration of the solutions.
//!
//! The count is exact, of any size ([`Natural`]). [`Memo::zdd`] also builds the ZDD of the
//! solutions ([`Zdd`]: a node per sub-problem and fruitful option, as dlx6 builds it), which is
//! written in Knuth's ZDDREAD format ([`Zdd::write_knuth`]) and from which solutions are drawn
//! uniformly at random ([`Sampler`]). The cache and the ZDD only grow; [`Memo::max_bytes`]
//! bounds them, and the search stops with [`MemoError::Memory`] instead of growing past it. The
//! search is iterative: its own stack holds one frame per option chosen, at most one per
//! primary item; [`Memo::counting`] gives it as a resumable [`Counting`]. Problems with
//! multiplicities (which dlx6 refuses) are counted by a search of their own, `bounded`, whose
//! signatures hold how often each item is covered and the item being filled; no ZDD is built for
//! them ([`MemoError::Multiplicities`]).
//!
//! Modules: `signature` (sub-problems as keys, the branching rule), `counting` (the search),
//! `bounded` (the search with multiplicities),
//! `zdd` (the diagram, its count and solutions), `format` (its text), `sample` (uniform draws),
//! `natural` (exact counts).
//!
//! ```
//! use dlx_core::{knuth, memo::Memo};
//!
//! // The 2x3 board's cells, and the dominoes on it: 3 tilings.
//! let text = "a b c d e f\na b\nb c\nd e\ne f\na d\nb e\nc f\n";
//! let problem = knuth::parse(text).unwrap().problem;
//! let counted = Memo::new(&problem).count().unwrap();
//! assert_eq!(counted.count.to_u64(), Some(3));
//! ```

mod bounded;
mod counting;
mod format;
mod natural;
mod sample;
mod signature;
mod zdd;

use std::fmt;

use thiserror::Error;

use crate::{Problem, Stop, StopReason};

pub use counting::Counting;
pub use format::{ZddParseError, ZddParseErrorKind};
pub use natural::Natural;
pub use sample::Sampler;
pub use zdd::{Node, Solutions, Zdd};

use signature::Signatures;

/// What a memoised count did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemoStats {
    /// Sub-problems searched: each signature met for the first time, the whole problem included.
    pub nodes: u64,
    /// Signatures whose count is cached.
    pub entries: u64,
    /// Sub-problems answered from the cache.
    pub hits: u64,
    /// Options tested against a signature: the search's work, which a budget of updates
    /// bounds.
    pub checks: u64,
    /// The most bytes the cache and the ZDD held (an estimate: the cache's table, keys and large
    /// counts, and the ZDD's nodes).
    pub peak_bytes: u64,
    /// The ZDD's nodes (its terminals and root line aside), when one is built.
    pub zdd_nodes: Option<u64>,
}

impl fmt::Display for MemoStats {
    /// `nodes=… entries=… hits=… checks=… cache-bytes=…`, then `zdd-nodes=…` when a ZDD is
    /// built.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "nodes={} entries={} hits={} checks={} cache-bytes={}",
            self.nodes, self.entries, self.hits, self.checks, self.peak_bytes
        )?;
        match self.zdd_nodes {
            Some(nodes) => write!(f, " zdd-nodes={nodes}"),
            None => Ok(()),
        }
    }
}

/// The result of a memoised count: the number of solutions and what it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The number of solutions, exactly.
    pub count: Natural,
    /// The search's figures.
    pub stats: MemoStats,
}

/// Why a memoised count gave no answer.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MemoError {
    /// The problem has items with multiplicities, for which no ZDD is built (they are counted).
    #[error(
        "the ZDD of the solutions does not take multiplicities (items covered other than \
         exactly once); a count by memo does"
    )]
    Multiplicities,
    /// The cache (and the ZDD) would have grown past its bound.
    #[error("the memo cache needs more than {limit} bytes")]
    Memory {
        /// The bound, in bytes.
        limit: u64,
        /// The figures when the search stopped.
        stats: MemoStats,
    },
    /// The run's [`Stop`] stopped the search (a budget of nodes, a deadline or the cancel flag).
    #[error("the count stopped: {reason:?}")]
    Stopped {
        /// Why.
        reason: StopReason,
        /// The figures when the search stopped.
        stats: MemoStats,
    },
}

/// A memoised count of a problem's solutions, set up once: [`Memo::new`], then the bounds, then
/// [`Memo::count`] (or [`Memo::zdd`], or [`Memo::counting`]).
#[derive(Debug)]
pub struct Memo<'p> {
    problem: &'p Problem,
    signatures: Signatures,
    max_bytes: u64,
    stop: Stop,
}

impl<'p> Memo<'p> {
    /// A count of `problem`'s solutions, with no bound on memory and no stop.
    pub fn new(problem: &'p Problem) -> Memo<'p> {
        Memo {
            problem,
            signatures: Signatures::new(problem),
            max_bytes: u64::MAX,
            stop: Stop::new(),
        }
    }

    /// Bounds the cache (and the ZDD) to about `bytes`: the count stops with
    /// [`MemoError::Memory`] before they hold more.
    pub fn max_bytes(mut self, bytes: u64) -> Memo<'p> {
        self.max_bytes = bytes;
        self
    }

    /// Watches `stop` while counting: a budget counts the search's nodes.
    pub fn with_stop(mut self, stop: Stop) -> Memo<'p> {
        self.stop = stop;
        self
    }

    /// Counts the solutions, of a problem with multiplicities too (see `bounded`).
    pub fn count(&self) -> Result<Counted, MemoError> {
        let mut counting = self.counting(false)?;
        let count = counting.resume(self.stop.clone())?;
        Ok(Counted {
            count,
            stats: counting.stats(),
        })
    }

    /// Counts the solutions and builds their ZDD.
    pub fn zdd(&self) -> Result<(Zdd, Counted), MemoError> {
        let mut counting = self.counting(true)?;
        let count = counting.resume(self.stop.clone())?;
        let counted = Counted {
            count,
            stats: counting.stats(),
        };
        let zdd = counting
            .into_zdd()
            .expect("a finished count with a ZDD gives it");
        Ok((zdd, counted))
    }

    /// The search, not started, building a ZDD when `zdd`: run it in turns with
    /// [`Counting::resume`], each under a stop of its own (this memo's stop is not used).
    pub fn counting(&self, zdd: bool) -> Result<Counting<'_, 'p>, MemoError> {
        if zdd && self.problem.has_multiplicities() {
            return Err(MemoError::Multiplicities);
        }
        Ok(Counting::new(self, zdd))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knuth;

    fn problem(text: &str) -> Problem {
        knuth::parse(text).unwrap().problem
    }

    #[test]
    fn colors_agree_or_exclude() {
        // Both options that give X red fit together; X plain takes it alone.
        let p = problem("A B | X\nA X:red\nB X:red\nA B X\nB X:blue\n");
        let counted = Memo::new(&p).count().unwrap();
        assert_eq!(counted.count.to_u64(), Some(2));
    }

    #[test]
    fn no_options_no_solutions() {
        let p = problem("A B\nA\n");
        assert_eq!(Memo::new(&p).count().unwrap().count, Natural::ZERO);
    }

    #[test]
    fn multiplicities_are_counted_but_not_drawn() {
        // Options 0 A, 1 A B, 2 A, 3 A, with A two or three times and B once: option 1, and
        // one or two of the other three, 3 + 3 = 6 ways.
        let p = problem("2:3|A B\nA\nA B\nA\nA\n");
        assert_eq!(Memo::new(&p).count().unwrap().count.to_u64(), Some(6));
        assert!(matches!(
            Memo::new(&p).zdd(),
            Err(MemoError::Multiplicities)
        ));
    }

    #[test]
    fn the_cache_stays_within_its_bound() {
        let p = problem("a b c d e f\na b\nb c\nd e\ne f\na d\nb e\nc f\n");
        match Memo::new(&p).max_bytes(64).count() {
            Err(MemoError::Memory { limit: 64, stats }) => assert!(stats.peak_bytes > 64),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_budget_stops_the_count() {
        let p = problem("a b c d e f\na b\nb c\nd e\ne f\na d\nb e\nc f\n");
        let stop = Stop::new().with_budget(crate::Budget::Nodes(1));
        match Memo::new(&p).with_stop(stop).count() {
            Err(MemoError::Stopped { reason, .. }) => assert_eq!(reason, StopReason::Budget),
            other => panic!("{other:?}"),
        }
    }
}
