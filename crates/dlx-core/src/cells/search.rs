//! The resumable dancing-cells search: an explicit stack of branch points over [`Sets`].

use std::fmt;

use super::sets::{Checkpoint, Sets, NO_OPTION};
use crate::problem::Problem;
use crate::{Budget, Engine, Status, Stop, Watch};

/// Statistics of a cells search.
///
/// They count the work of this engine's tree, which is smaller than Knuth's dlx1 tree on the same
/// problem (forced moves make no node), so they are not comparable to [`crate::Stats`].
///
/// Moves count only when they lead to a node: the updates and forced moves made from a branch
/// (or from the root) until the next branch node or solution are added when the search gets
/// there, and dropped when a primary item runs out of options on the way. What a move costs
/// until it runs into a contradiction depends on the order of the sets, which the same state
/// reached another way (a sub-problem forced on a fresh search) does not share; what it costs
/// when it succeeds does not. So the figures of the sub-problems of a split add up to the whole
/// search's exactly, and a second run of the same search repeats them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Solutions found.
    pub solutions: u64,
    /// Branch nodes (states where the search chose an item with two or more options and tried
    /// them one after the other), plus one per solution. Forced moves and contradictions found
    /// while propagating them make no node.
    pub nodes: u64,
    /// Items covered or purified, plus option entries removed from other items' sets (one per
    /// option entry but the one on the item being covered or purified), on the moves that led
    /// to a node. Removals undone by restoring lengths from the trail cost nothing and are not
    /// counted.
    pub updates: u64,
    /// Forced moves (options taken because an item had only that one left) that led to a node.
    pub forced: u64,
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "solutions={} nodes={} updates={} forced={}",
            self.solutions, self.nodes, self.updates, self.forced
        )
    }
}

impl From<Stats> for crate::Stats {
    fn from(stats: Stats) -> crate::Stats {
        crate::Stats {
            solutions: stats.solutions,
            nodes: stats.nodes,
            updates: stats.updates,
        }
    }
}

/// The moves made since the last node, counted in [`Stats`] once they lead to the next.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Pending {
    pub(super) updates: u64,
    pub(super) forced: u64,
}

impl Pending {
    /// Adds the moves to `stats`: they led to a node.
    pub(super) fn commit(&mut self, stats: &mut Stats) {
        stats.updates += self.updates;
        stats.forced += self.forced;
        *self = Pending::default();
    }
}

/// One branch point: the options of the item branched on, and how far they have been tried.
#[derive(Clone, Debug)]
pub(super) struct Level {
    /// Where the item's options, as they were when the branch was made, start in
    /// [`Search::tries`].
    pub(super) first: usize,
    /// How many of them have been tried, the one being tried included.
    pub(super) tried: usize,
    /// The sets before any option was tried.
    snapshot: Checkpoint,
    /// The length of `chosen` before any option was tried.
    pub(super) chosen: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum State {
    /// Nothing done yet.
    Start,
    /// A solution was just reported; going on means trying the next option.
    Recover,
    /// The [`Stop`] stopped the search before a branch node; going on means making it.
    Paused,
    /// The whole tree has been searched.
    Done,
}

/// One run of the cells engine over a [`Problem`]: iterate over the solutions, or count them, up to
/// an optional limit; stop at any solution and go on later.
#[derive(Clone, Debug)]
pub struct Search {
    pub(super) sets: Sets,
    pub(super) levels: Vec<Level>,
    /// The options of every branch item, level after level: a set's order changes when its item
    /// is covered, so the options to try are copied when the branch is made.
    pub(super) tries: Vec<u32>,
    /// The node of every option in the current partial solution (forced before the start,
    /// branches and forced moves).
    pub(super) chosen: Vec<u32>,
    pub(super) state: State,
    pub(super) stats: Stats,
    pub(super) pending: Pending,
    /// Whether the last option forced before the start is a branch of a split search, whose
    /// moves are this search's own work (see [`Search::enter`]).
    pub(super) entered_branch: bool,
    /// Whether an option forced before the start left a primary item without options: the
    /// search has nothing to find.
    pub(super) dead: bool,
    limit: Option<u64>,
    pub(super) watch: Watch,
}

impl Search {
    /// A search over `problem`.
    pub fn new(problem: &Problem) -> Search {
        Search {
            sets: Sets::new(problem),
            levels: Vec::new(),
            tries: Vec::new(),
            chosen: Vec::new(),
            state: State::Start,
            stats: Stats::default(),
            pending: Pending::default(),
            entered_branch: false,
            dead: false,
            limit: None,
            watch: Watch::default(),
        }
    }

    /// Stops the search once this many solutions (in all, counted by [`Stats::solutions`]) have
    /// been found; `None` for no limit.
    pub fn set_limit(&mut self, limit: Option<u64>) {
        self.limit = limit;
    }

    /// Bounds the rest of the search: its budget, counted on this engine's [`Stats`] (it stops
    /// before a branch node once the budget is spent), a deadline and a cancel flag. A search
    /// stopped by one can be resumed.
    pub fn set_stop(&mut self, stop: Stop) {
        self.watch.set(stop, self.stats.nodes, self.stats.updates);
    }

    /// Replaces the budget of the [`Stop`], keeping its deadline and flag.
    pub fn set_budget(&mut self, budget: Budget) {
        let (nodes, updates) = (self.stats.nodes, self.stats.updates);
        self.watch.set_budget(budget, nodes, updates);
    }

    /// The statistics so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The current solution, valid right after a step that returned [`Status::Solution`]: option
    /// numbers in the order they were taken.
    pub fn solution(&self) -> Vec<usize> {
        let mut options = Vec::with_capacity(self.chosen.len());
        self.solution_into(&mut options);
        options
    }

    /// Like [`solution`](Self::solution), but writes into `options` (cleared first).
    pub fn solution_into(&self, options: &mut Vec<usize>) {
        options.clear();
        if self.state == State::Recover {
            let taken = self.chosen.iter().filter(|&&x| x != NO_OPTION);
            options.extend(taken.map(|&x| self.sets.option_of(x)));
        }
    }

    /// Runs until the next solution, the end, the limit or the [`Stop`].
    pub fn step(&mut self) -> Status {
        if self.sets.bounded() {
            self.step_in::<true>()
        } else {
            self.step_in::<false>()
        }
    }

    /// [`step`](Self::step), for a problem with multiplicities (`BOUNDED`) or without: then a
    /// forced move may be to take an item that needs no more options out of the problem, a
    /// branch may be to choose no further option for its item, and each branch but the first
    /// rules out the option tried before it (see [`Sets::choices`]).
    #[inline(always)]
    fn step_in<const BOUNDED: bool>(&mut self) -> Status {
        // `ok`: the current partial solution has no contradiction yet; otherwise back up.
        let mut ok = match self.state {
            State::Done => {
                self.watch.settle(self.stats.nodes, self.stats.solutions);
                return Status::Exhausted;
            }
            _ if self.limit.is_some_and(|l| self.stats.solutions >= l) => {
                self.watch.settle(self.stats.nodes, self.stats.solutions);
                return Status::LimitReached;
            }
            State::Start => !self.dead && self.sets.feasible(),
            State::Paused => true,
            State::Recover => false,
        };
        let sets = &mut self.sets;
        let stats = &mut self.stats;
        let pending = &mut self.pending;
        loop {
            if ok {
                if sets.remaining() == 0 {
                    pending.commit(stats);
                    stats.nodes += 1;
                    stats.solutions += 1;
                    self.state = State::Recover;
                    return Status::Solution;
                }
                let (item, count) = sets.choose();
                debug_assert!(count != 0);
                if count == 1 {
                    if BOUNDED && sets.may_stop(item) {
                        sets.retire(item);
                        continue;
                    }
                    let y = sets.members(item)[0];
                    self.chosen.push(y);
                    pending.forced += 1;
                    ok = sets.select(y, &mut pending.updates);
                    continue;
                }
                pending.commit(stats);
                if let Some(reason) =
                    self.watch
                        .check_with(stats.nodes, stats.updates, stats.solutions)
                {
                    self.state = State::Paused;
                    return Status::Stopped(reason);
                }
                stats.nodes += 1;
                let first = self.tries.len();
                if BOUNDED {
                    sets.choices(item, &mut self.tries);
                } else {
                    self.tries.extend_from_slice(sets.members(item));
                }
                self.levels.push(Level {
                    first,
                    tried: 1,
                    snapshot: sets.checkpoint(),
                    chosen: self.chosen.len(),
                });
                let y = self.tries[first];
                self.chosen.push(y);
                ok = sets.select(y, &mut pending.updates);
                continue;
            }
            // A contradiction: the moves since the last node led nowhere.
            *pending = Pending::default();
            // Back up to the deepest branch with an option left, and try it.
            loop {
                let Some(level) = self.levels.last_mut() else {
                    self.state = State::Done;
                    self.watch.settle(stats.nodes, stats.solutions);
                    return Status::Exhausted;
                };
                sets.restore(&level.snapshot);
                self.chosen.truncate(level.chosen);
                let next = level.first + level.tried;
                // With multiplicities, the option tried last is ruled out for good at this
                // level, unless that leaves too few options: then no branch is left.
                let open = next < self.tries.len()
                    && (!BOUNDED || {
                        let excluded = sets.exclude(self.tries[next - 1], &mut pending.updates);
                        if excluded {
                            sets.resave(&level.snapshot);
                        } else {
                            *pending = Pending::default();
                        }
                        excluded
                    });
                if open {
                    let y = self.tries[next];
                    level.tried += 1;
                    self.chosen.push(y);
                    ok = (BOUNDED && y == NO_OPTION) || sets.select(y, &mut pending.updates);
                    break;
                }
                self.tries.truncate(level.first);
                if let Some(level) = self.levels.pop() {
                    sets.release(level.snapshot);
                }
            }
        }
    }

    /// Checks the invariant of the sparse sets: every node of an active item's set stands where
    /// it says, and every option open to an active primary item is in the sets of all of its
    /// items, which are all active. Holds between any two steps until the search is over (a
    /// contradiction among the forced moves at the root leaves the sets half changed, as nothing
    /// will read them again); the property tests check it after every step. Costs a walk over
    /// every set.
    pub fn check_invariants(&self) -> Result<(), String> {
        // An item with fewer options than its minimum ends the search before it starts.
        if self.state == State::Done || self.state == State::Start && !self.sets.feasible() {
            return Ok(());
        }
        self.sets.check_invariants()
    }

    /// An iterator over the remaining solutions.
    pub fn solutions(&mut self) -> Solutions<'_> {
        Solutions::new(self)
    }

    /// Counts solutions without storing them, until the end, the limit or the [`Stop`].
    pub fn count(&mut self) -> Status {
        Engine::count(self)
    }
}

/// The solutions of a cells [`Search`], one `Vec` of option numbers each (see
/// [`Search::solutions`]); it ends at the end of the search or at the limit.
pub type Solutions<'a> = crate::Solutions<'a, Search>;

impl Engine for Search {
    fn step(&mut self) -> Status {
        Search::step(self)
    }

    fn solution_into(&self, options: &mut Vec<usize>) {
        Search::solution_into(self, options);
    }

    fn stats(&self) -> crate::Stats {
        self.stats.into()
    }

    fn stats_line(&self) -> String {
        self.stats.to_string()
    }

    fn set_limit(&mut self, limit: Option<u64>) {
        Search::set_limit(self, limit);
    }

    fn set_stop(&mut self, stop: Stop) {
        Search::set_stop(self, stop);
    }

    fn name(&self) -> &'static str {
        "cells"
    }
}
