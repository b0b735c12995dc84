//! Splitting a search into sub-problems: prefixes of options that partition its tree.
//!
//! A sub-problem is a *prefix*: a list of option numbers to [`force`](Search::force), in order, on
//! a fresh search. Forcing a prefix gives the same link state as the search reaching it, so the
//! subtree below a forced prefix is exactly the search's subtree there, and solution counts of
//! sub-problems add up exactly.
//!
//! Statistics add up too: node counts of the sub-problems plus the nodes entered before the split
//! equal the whole search's. Updates add up when each sub-problem counts only its own work: not
//! the committing of the path above it, and for a branch handed over untried, the committing of
//! its option after the item branched on, which the whole search covers once for all that
//! item's options. A [`Unit`] says which kind its last option is, and [`Search::enter`] counts
//! accordingly (the parallel pool, `dlx run` and the tests all count this way).
//!
//! Problems with multiplicities (Algorithm M) do not partition this way: an option tried at a
//! level is tweaked out of the columns that deeper levels see, so a prefix alone does not say
//! which options its subtree may still use. Splitting them is refused with
//! [`SplitError::Multiplicities`].

use thiserror::Error;

use super::{ForceError, Search, State, Stats};

/// A sub-problem: a prefix of options, and whether its last option is a branch not yet tried.
///
/// The flag only matters for statistics: a branch's updates (committing its option, less
/// covering the item branched on) are the sub-problem's own work, while the path to a node was
/// counted by the search it came from. [`Search::enter`] counts each the right way, so the
/// figures of all sub-problems add up to a single search's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// The options to force, in order.
    pub prefix: Vec<usize>,
    /// Whether the last option is a branch at its level that the search had not tried.
    pub branch: bool,
}

impl Unit {
    /// The path to a node: every option on it was tried, and counted, by the search.
    pub fn path(prefix: Vec<usize>) -> Unit {
        Unit {
            prefix,
            branch: false,
        }
    }

    /// An untried branch: `prefix` ends with an option of the item the search branches on
    /// after the options before it.
    pub fn branch(prefix: Vec<usize>) -> Unit {
        Unit {
            prefix,
            branch: true,
        }
    }
}

/// Why a search cannot be split.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SplitError {
    /// The problem has multiplicities, whose search trees do not split into prefixes.
    #[error("a problem with multiplicities cannot be split into sub-problems")]
    Multiplicities,
    /// The root's branches are only known before the search starts.
    #[error("the search has already started")]
    AlreadyStarted,
}

impl Stats {
    /// The work done since `earlier` (statistics of the same search taken before), field by field.
    ///
    /// Used to leave out the updates of forcing a prefix from a sub-problem's figures.
    pub fn since(self, earlier: Stats) -> Stats {
        Stats {
            solutions: self.solutions.saturating_sub(earlier.solutions),
            nodes: self.nodes.saturating_sub(earlier.nodes),
            updates: self.updates.saturating_sub(earlier.updates),
        }
    }
}

impl Search {
    /// The rest of the search, as prefixes of options in the order the search would reach them.
    ///
    /// Each prefix starts with the [forced](Search::forced) options. Together with what the
    /// search has done so far, their subtrees make up the whole tree exactly once:
    /// - before the search starts (or after a zero budget), the one prefix of the forced options;
    /// - after a budget ran out before entering a node at level `L`: the options tried at levels
    ///   `0..L` (the subtree not yet entered), then for each level from `L - 1` up to `0` each
    ///   option not yet tried there;
    /// - after a solution (or at a limit): for each level from the solution's up to `0` each
    ///   option not yet tried there;
    /// - when the search is over: nothing.
    pub fn frontier(&self) -> Result<Vec<Vec<usize>>, SplitError> {
        Ok(self
            .frontier_units()?
            .into_iter()
            .map(|unit| unit.prefix)
            .collect())
    }

    /// The [frontier](Search::frontier), each prefix with whether its last option is a branch
    /// not yet tried at its level (rather than the path to a node not yet entered).
    pub fn frontier_units(&self) -> Result<Vec<Unit>, SplitError> {
        if self.links.has_bounds() {
            return Err(SplitError::Multiplicities);
        }
        let mut units = Vec::new();
        let tried = |depth: usize| {
            let mut prefix = self.forced.clone();
            prefix.extend(
                self.choice[..depth]
                    .iter()
                    .map(|&x| self.links.option_of(x)),
            );
            prefix
        };
        let depth = match self.state {
            State::Done => return Ok(units),
            State::Start => {
                units.push(Unit::path(self.forced.clone()));
                return Ok(units);
            }
            State::Forward => {
                units.push(Unit::path(tried(self.level)));
                self.level
            }
            State::Recover => self.level + 1,
        };
        for level in (0..depth).rev() {
            // The item branched on at `level` keeps its column intact below that level, so the
            // options still to try are the nodes after the current choice.
            let current = self.choice[level];
            let item = self.links.item_of(current);
            let mut x = self.links.down(current);
            if x == item {
                continue;
            }
            let base = tried(level);
            while x != item {
                let mut prefix = base.clone();
                prefix.push(self.links.option_of(x));
                units.push(Unit::branch(prefix));
                x = self.links.down(x);
            }
        }
        Ok(units)
    }

    /// Forces `unit` on a search that has not started, and returns the statistics its own
    /// work is to be counted from ([`Stats::since`]): those after its path, so that a branch's
    /// updates count and the path's do not.
    pub fn enter(&mut self, unit: &Unit) -> Result<Stats, ForceError> {
        let (path, branch) = match unit.prefix.split_last() {
            Some((&last, path)) if unit.branch => (path, Some(last)),
            _ => (&unit.prefix[..], None),
        };
        for &option in path {
            self.force(option)?;
        }
        let start = self.stats;
        if let Some(option) = branch {
            self.force_branch(option)?;
        }
        Ok(start)
    }

    /// Forces `option` as the search tries it as a branch here, counting what the search counts
    /// for that branch: the item the search would branch on is covered first, uncounted (the
    /// search that handed the branch over covered it once for all its options), then the rest
    /// of the option is committed from that item on, in the search's order (the order changes
    /// the count when colors purify). Forcing the same options gives the same link state, so
    /// the same choice of item. An option without that item is not such a branch, and is
    /// forced plainly.
    fn force_branch(&mut self, option: usize) -> Result<(), ForceError> {
        let first = self.forcible(option)?;
        let on_best = self.links.choose_item().and_then(|best| {
            (first..)
                .take_while(|&x| self.links.item_of(x) != 0)
                .find(|&x| self.links.item_of(x) == best)
                .map(|x| (best, x))
        });
        let Some((best, x)) = on_best else {
            return self.force(option);
        };
        self.links.cover(best, &mut 0);
        self.links.commit_others(x, &mut self.stats.updates);
        self.forced.push(option);
        Ok(())
    }

    /// The branches of the node `unit` leads to, forced on this search (started over on
    /// `problem`), and the work of entering the unit and that node, which none of the branches
    /// counts; `None` for a prefix that solves the problem (a leaf, not to be split). A prefix
    /// whose node has no branch (an item without options) gives an empty list.
    pub(crate) fn node_branches(
        &mut self,
        problem: &crate::Problem,
        unit: &Unit,
    ) -> Result<Option<(Vec<Unit>, Stats)>, crate::parallel::ParallelError> {
        self.reset(problem);
        let start = self.enter(unit)?;
        let branches = self.root_branches()?;
        if branches.first().map(Vec::len) == Some(unit.prefix.len()) {
            return Ok(None);
        }
        let mut node = self.stats().since(start);
        node.nodes += 1;
        node.updates += self.choice_covering();
        Ok(Some((
            branches.into_iter().map(Unit::branch).collect(),
            node,
        )))
    }

    /// The updates of covering the item the search would branch on next (none if every
    /// primary item is covered).
    fn choice_covering(&mut self) -> u64 {
        let mut covering = 0;
        if let Some(best) = self.links.choose_item() {
            self.links.cover(best, &mut covering);
            self.links.uncover(best);
        }
        covering
    }

    /// The prefixes one level down from the root: the forced options plus each option of the item
    /// the root would branch on, in the order the search would try them. With nothing left to
    /// choose (the forced options already solve the problem), the one prefix of the forced
    /// options. Only before the search starts.
    ///
    /// An option whose subtree is empty is still listed: the prefixes partition the tree, nodes
    /// with no solution included.
    pub fn root_branches(&self) -> Result<Vec<Vec<usize>>, SplitError> {
        if self.links.has_bounds() {
            return Err(SplitError::Multiplicities);
        }
        if self.state != State::Start {
            return Err(SplitError::AlreadyStarted);
        }
        let Some(item) = self.links.choose_item() else {
            return Ok(vec![self.forced.clone()]);
        };
        let mut units = Vec::new();
        let mut x = self.links.down(item);
        while x != item {
            let mut prefix = self.forced.clone();
            prefix.push(self.links.option_of(x));
            units.push(prefix);
            x = self.links.down(x);
        }
        Ok(units)
    }
}

#[cfg(test)]
mod tests {
    use crate::{knuth, Budget, Search, SplitError, Status};

    const TOY: &str = "A B C D\nA B\nC D\nA C\nB D\nA D\nB C\nA\nB\nC\nD\n";

    fn count_prefix(problem: &crate::Problem, prefix: &[usize]) -> u64 {
        let mut search = Search::new(problem);
        for &o in prefix {
            search.force(o).unwrap();
        }
        assert_eq!(search.count(), Status::Exhausted);
        search.stats().solutions
    }

    /// The solutions below the frontier of `search`.
    fn count_frontier(problem: &crate::Problem, search: &Search) -> u64 {
        let frontier = search.frontier().unwrap();
        frontier.iter().map(|p| count_prefix(problem, p)).sum()
    }

    #[test]
    fn an_unstarted_search_is_one_unit() {
        let problem = knuth::parse(TOY).unwrap().problem;
        let mut search = Search::new(&problem);
        assert_eq!(search.frontier(), Ok(vec![vec![]]));
        search.force(0).unwrap();
        assert_eq!(search.frontier(), Ok(vec![vec![0]]));
    }

    #[test]
    fn root_branches_are_the_options_of_the_first_shortest_item() {
        let problem = knuth::parse(TOY).unwrap().problem;
        let search = Search::new(&problem);
        // Every item has four options; the leftmost, A, is chosen: options 0, 2, 4, 6.
        let branches = search.root_branches().unwrap();
        assert_eq!(branches, [vec![0], vec![2], vec![4], vec![6]]);
        let total: u64 = branches.iter().map(|p| count_prefix(&problem, p)).sum();
        assert_eq!(total, count_prefix(&problem, &[]));
    }

    #[test]
    fn a_finished_search_has_an_empty_frontier() {
        let problem = knuth::parse(TOY).unwrap().problem;
        let mut search = Search::new(&problem);
        search.count();
        assert_eq!(search.frontier(), Ok(vec![]));
        assert_eq!(search.root_branches(), Err(SplitError::AlreadyStarted));
    }

    #[test]
    fn every_budget_leaves_a_frontier_that_adds_up() {
        let problem = knuth::parse(TOY).unwrap().problem;
        let whole = count_prefix(&problem, &[]);
        for budget in 0..40 {
            let mut search = Search::new(&problem);
            search.set_budget(Budget::Nodes(budget));
            let status = search.count();
            let rest = count_frontier(&problem, &search);
            assert_eq!(search.stats().solutions + rest, whole, "budget {budget}");
            if status == Status::Exhausted {
                assert_eq!(search.frontier(), Ok(vec![]));
            }
        }
    }

    #[test]
    fn after_a_solution_the_untried_options_remain() {
        let problem = knuth::parse(TOY).unwrap().problem;
        let whole = count_prefix(&problem, &[]);
        let mut search = Search::new(&problem);
        assert_eq!(search.step(), Status::Solution);
        assert_eq!(1 + count_frontier(&problem, &search), whole);
    }

    #[test]
    fn multiplicities_are_refused() {
        let problem = knuth::parse("2:3|A B\nA B\nA\nB\n").unwrap().problem;
        let search = Search::new(&problem);
        assert_eq!(search.frontier(), Err(SplitError::Multiplicities));
        assert_eq!(search.root_branches(), Err(SplitError::Multiplicities));
    }
}
