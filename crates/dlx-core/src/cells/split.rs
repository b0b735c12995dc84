//! Splitting a cells search into sub-problems, as [`crate::Search`] splits: a [`Unit`] is a
//! prefix of options, selected in order on a fresh search, which then searches exactly the
//! subtree the whole search would search below that prefix.
//!
//! The prefix of a unit holds every option of the partial solution (forced moves included), so
//! that selecting it gives the same sets (up to the order of each set, which changes neither
//! the tree nor the moves that lead to a node). Statistics add up as this engine counts them:
//! the moves made from a branch until the next node belong to the branch, so a unit whose last
//! option is an untried branch counts them, and a unit that is the path to a node does not.

use super::search::State;
use super::sets::NO_OPTION;
use super::Search;
use super::Stats;
use crate::parallel::ParallelError;
use crate::problem::Problem;
use crate::{Budget, ForceError, Status, Unit};

impl Search {
    /// Starts over on `problem` (which may differ from the last one): nothing forced,
    /// statistics zero, no limit; the [`Stop`](crate::Stop) stays, its budget counted afresh
    /// (the work so far is first added to its [`Progress`](crate::Progress), if any).
    pub fn reset(&mut self, problem: &Problem) {
        self.watch.settle(self.stats.nodes, self.stats.solutions);
        let mut watch = std::mem::take(&mut self.watch);
        *self = Search::new(problem);
        watch.restart(0, 0);
        self.watch = watch;
    }

    /// Puts `option` into every solution, before the search starts, and makes the moves it
    /// forces once the search starts. An option whose moves leave a primary item without
    /// options leaves nothing to find (the search then ends at once, with no solution).
    ///
    /// Fails, changing nothing, if the option needs an item that an option forced before has
    /// covered, or a color that disagrees with one it gave. Once an option has left nothing to
    /// find, the options forced after it are not checked.
    pub fn force(&mut self, option: usize) -> Result<(), ForceError> {
        self.select_forced(option, false)
    }

    /// Forces `option`, its moves counted as the search's own work when `own` (a branch handed
    /// over by a split search).
    fn select_forced(&mut self, option: usize, own: bool) -> Result<(), ForceError> {
        if self.state != State::Start {
            return Err(ForceError::AlreadyStarted);
        }
        let first = self
            .sets
            .first_node(option)
            .ok_or(ForceError::NoSuchOption(option))?;
        if self.dead {
            // The sets are half changed: there is nothing to clash with.
            return Ok(());
        }
        if let Some(item) = self.sets.closed_item(first) {
            return Err(ForceError::Conflict { option, item });
        }
        let mut uncounted = 0;
        let updates = if own {
            &mut self.pending.updates
        } else {
            &mut uncounted
        };
        self.chosen.push(first);
        self.dead = !self.sets.select(first, updates);
        Ok(())
    }

    /// The next move of the path of a unit of a problem with multiplicities: `option` as a
    /// forced move, or as a choice of the branch the search makes here (after the moves forced
    /// on items that need no more options, which the path does not list), with the choices
    /// before it ruled out. Only the last of these, and the option's own moves, count as the
    /// search's work when `own`, as the search counts the branch.
    fn replay(&mut self, option: usize, own: bool) -> Result<(), ForceError> {
        if self.state != State::Start {
            return Err(ForceError::AlreadyStarted);
        }
        let none = self.sets.option_of(NO_OPTION);
        if option > none {
            return Err(ForceError::NoSuchOption(option));
        }
        if self.dead || !self.sets.feasible() {
            self.dead = true;
            return Ok(());
        }
        let (item, count) = loop {
            if self.sets.remaining() == 0 {
                return Err(match self.sets.first_node(option) {
                    Some(first) => ForceError::Conflict {
                        option,
                        item: self.sets.closed_item(first).unwrap_or_default(),
                    },
                    None => ForceError::NoSuchOption(option),
                });
            }
            let (item, count) = self.sets.choose();
            if count == 1 && self.sets.may_stop(item) {
                self.sets.retire(item);
                continue;
            }
            break (item, count);
        };
        let mut uncounted = 0;
        if count == 1 {
            if option == none {
                return Err(ForceError::NotABranch {
                    option,
                    item: item as usize,
                });
            }
            return self.select_forced(option, own);
        }
        let mut choices = Vec::new();
        self.sets.choices(item, &mut choices);
        let Some(at) = choices
            .iter()
            .position(|&y| self.sets.option_of(y) == option)
        else {
            return Err(ForceError::NotABranch {
                option,
                item: item as usize,
            });
        };
        for (k, &y) in choices[..at].iter().enumerate() {
            let updates = if own && k + 1 == at {
                &mut self.pending.updates
            } else {
                &mut uncounted
            };
            if !self.sets.exclude(y, updates) {
                self.dead = true;
                return Ok(());
            }
        }
        let node = choices[at];
        self.chosen.push(node);
        if node != NO_OPTION {
            let updates = if own {
                &mut self.pending.updates
            } else {
                &mut uncounted
            };
            self.dead = !self.sets.select(node, updates);
        }
        Ok(())
    }

    /// The options of `nodes`.
    fn options(&self, nodes: &[u32]) -> Vec<usize> {
        nodes.iter().map(|&x| self.sets.option_of(x)).collect()
    }

    /// Forces `unit` on a search that has not started, and returns the statistics its own work
    /// is to be counted from: zero, as selecting the path is not counted, and the moves of a
    /// branch are counted once they lead to a node.
    ///
    /// With multiplicities, a unit is the path the search takes, replayed: where the search
    /// would branch, the options of the branch tried before the unit's are ruled out as the
    /// search rules them out, and one past the last option stands for the choice of none.
    pub fn enter(&mut self, unit: &Unit) -> Result<Stats, ForceError> {
        let last = unit.prefix.len().saturating_sub(1);
        for (k, &option) in unit.prefix.iter().enumerate() {
            let own = unit.branch && k == last;
            if self.sets.bounded() {
                self.replay(option, own)?;
            } else {
                self.select_forced(option, own)?;
            }
        }
        self.entered_branch = unit.branch && !unit.prefix.is_empty();
        Ok(self.stats)
    }

    /// The rest of the search, as units in the order the search would reach them; with what the
    /// search has done so far, their subtrees make up its whole tree exactly once:
    /// - before the search starts, the unit it was entered with;
    /// - when the [`Stop`](crate::Stop) stopped it before a branch node: the path to that node,
    ///   then for each level from the deepest up each option not yet tried there;
    /// - after a solution (or at the limit): each option not yet tried, level by level;
    /// - when the search is over: nothing.
    pub fn frontier_units(&self) -> Vec<Unit> {
        let mut units = Vec::new();
        match self.state {
            State::Done => return units,
            State::Start => {
                units.push(Unit {
                    prefix: self.options(&self.chosen),
                    branch: self.entered_branch,
                });
                return units;
            }
            State::Paused => units.push(Unit::path(self.options(&self.chosen))),
            State::Recover => {}
        }
        for (depth, level) in self.levels.iter().enumerate().rev() {
            let end = self
                .levels
                .get(depth + 1)
                .map_or(self.tries.len(), |next| next.first);
            let path = self.options(&self.chosen[..level.chosen]);
            for &y in &self.tries[level.first + level.tried..end] {
                let mut prefix = path.clone();
                prefix.push(self.sets.option_of(y));
                units.push(Unit::branch(prefix));
            }
        }
        units
    }

    /// The branches of the first node below `unit`, forced on this search (started over on
    /// `problem`), and the work of getting there and of the node itself, which none of the
    /// branches counts; `None` when the search below `unit` ends in a solution before any node,
    /// and an empty list (no work) when it ends in a contradiction among its forced moves.
    pub(crate) fn node_branches(
        &mut self,
        problem: &Problem,
        unit: &Unit,
    ) -> Result<Option<(Vec<Unit>, Stats)>, ParallelError> {
        self.reset(problem);
        self.enter(unit)?;
        self.set_budget(Budget::Nodes(0));
        match self.step() {
            Status::Stopped(_) => {}
            Status::Exhausted => return Ok(Some((Vec::new(), Stats::default()))),
            _ => return Ok(None),
        }
        let (item, _) = self.sets.choose();
        let path = self.options(&self.chosen);
        let mut choices = Vec::new();
        self.sets.choices(item, &mut choices);
        let branches = choices
            .iter()
            .map(|&y| {
                let mut prefix = path.clone();
                prefix.push(self.sets.option_of(y));
                Unit::branch(prefix)
            })
            .collect();
        let mut node = self.stats;
        node.nodes += 1;
        Ok(Some((branches, node)))
    }
}
