//! The peer for exact cover: the crates.io `dlx` crate (0.8.5), Algorithm X from its `x` module.
//!
//! `dlx::x` takes the items as `np` primary ones followed by `ns` secondary ones, and each option
//! as a list of 0-based item numbers; with options linked in input order (`OptOrder::Seq`) and the
//! "fewest options, leftmost on a tie" chooser it walks the same search tree as our engine, so the
//! comparison is of the code, not of the tree. It has no color support in `x` (that is `dlx::c`),
//! and our instances have no colors.

use std::time::Instant;

use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
use dlx::{OptOrder, Solver, Uint};
use dlx_core::Problem;

use crate::case::Run;

/// A problem in the form `dlx::x::make_problem` takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeerMatrix {
    primary: Uint,
    secondary: Uint,
    options: Vec<Vec<Uint>>,
}

/// Why a problem cannot be given to the peer as it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsupported {
    /// Some option gives a color to a secondary item.
    Colors,
}

impl PeerMatrix {
    /// Translates `problem` item for item and option for option (our item numbers already put
    /// the primary items first, as the peer wants).
    pub fn from_problem(problem: &Problem) -> Result<PeerMatrix, Unsupported> {
        let options = (0..problem.option_count())
            .map(|o| {
                problem
                    .option(o)
                    .iter()
                    .map(|entry| {
                        if entry.color == 0 {
                            Ok(entry.item as Uint)
                        } else {
                            Err(Unsupported::Colors)
                        }
                    })
                    .collect()
            })
            .collect::<Result<_, _>>()?;
        Ok(PeerMatrix {
            primary: problem.primary_count() as Uint,
            secondary: (problem.item_count() - problem.primary_count()) as Uint,
            options,
        })
    }

    /// The number of secondary items.
    pub fn secondary_count(&self) -> usize {
        self.secondary as usize
    }

    /// Counts all solutions with the peer. Only the search is timed: the peer's links are built
    /// before the clock starts.
    ///
    /// Nodes are the peer's per-level profile plus one per solution, which is Knuth's definition;
    /// the peer's update count is not reported because it skips covering an item that has no
    /// options left, which Knuth's programs (and ours) count.
    pub fn count(&self) -> Run {
        let mut problem =
            dlx::x::make_problem(self.primary, self.secondary, &self.options, OptOrder::Seq);
        let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
        let start = Instant::now();
        let mut solver = Solver::new(&mut problem);
        let mut solutions = 0u64;
        while solver.next_solution(&mut chooser) {
            solutions += 1;
        }
        let elapsed = start.elapsed();
        let entered: usize = solver.get_profile().iter().sum();
        Run {
            elapsed,
            solutions,
            nodes: Some(entered as u64 + solutions),
            updates: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_core::{knuth, Search, Status};

    fn both(text: &str) -> (Run, dlx_core::Stats) {
        let problem = knuth::parse(text).unwrap().problem;
        let peer = PeerMatrix::from_problem(&problem).unwrap().count();
        let mut search = Search::new(&problem);
        assert_eq!(search.count(), Status::Exhausted);
        (peer, search.stats())
    }

    #[test]
    fn agrees_with_ours_on_knuths_toy() {
        let (peer, ours) = both("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n");
        assert_eq!(peer.solutions, 1);
        assert_eq!(peer.nodes, Some(ours.nodes));
    }

    #[test]
    fn counts_every_solution() {
        let (peer, ours) = both("A B\nA\nB\nA B\n");
        assert_eq!(peer.solutions, 2);
        assert_eq!(ours.solutions, 2);
    }

    #[test]
    fn rejects_colors() {
        let problem = knuth::parse("A | X\nA X:red\n").unwrap().problem;
        assert_eq!(PeerMatrix::from_problem(&problem), Err(Unsupported::Colors));
    }
}
