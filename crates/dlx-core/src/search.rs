//! The resumable search: Knuth's Algorithm X / C as an explicit-stack state machine.
//!
//! A [`Search`] owns its own copy of the links, so it can stop after any solution, after a budget
//! of nodes or updates, or at a solution limit, and go on later from exactly where it stopped.

use thiserror::Error;

pub mod estimate;
pub(crate) mod multiplicity;
mod split;

pub use split::{SplitError, Unit};

use crate::engine::{Engine, Solutions, Stats, Status};
use crate::links::Links;
use crate::problem::Problem;
use crate::stop::{Budget, Stop, Watch};

/// Why an option cannot be forced.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ForceError {
    /// There is no option with this number.
    #[error("there is no option #{0}")]
    NoSuchOption(usize),
    /// The search has already started; options can only be forced before.
    #[error("options can only be forced before the search starts")]
    AlreadyStarted,
    /// The option needs an item that a forced option has already covered, or a color that
    /// disagrees with one already chosen.
    #[error("option #{option} conflicts with an option forced earlier on item #{item}")]
    Conflict {
        /// The option that could not be forced.
        option: usize,
        /// The item (problem numbering) on which it clashes.
        item: usize,
    },
    /// A unit of a problem with multiplicities names, where the search branches on an item, an
    /// option that is not one of that branch's choices.
    #[error("option #{option} is not a choice of the branch on item #{item}")]
    NotABranch {
        /// The option that could not be forced (one past the last for the choice of none).
        option: usize,
        /// The item the search branches on there.
        item: usize,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Nothing done yet.
    Start,
    /// About to enter a new node at `level`.
    Forward,
    /// A solution was just reported; undo its last option and try the next.
    Recover,
    /// Done: nothing more to find.
    Done,
}

/// One run of the search over a [`Problem`].
#[derive(Clone, Debug)]
pub struct Search {
    links: Links,
    forced: Vec<usize>,
    /// `choice[l]` is the node of the option tried at level `l`.
    choice: Vec<u32>,
    /// Algorithm M only: the item branched on at each level, and the first option tweaked out
    /// of its column there.
    branch: Vec<u32>,
    first_tweak: Vec<u32>,
    level: usize,
    state: State,
    stats: Stats,
    limit: Option<u64>,
    watch: Watch,
}

impl Search {
    /// A search over `problem`, with every option available.
    pub fn new(problem: &Problem) -> Search {
        Search {
            links: problem.links.clone(),
            forced: Vec::new(),
            choice: Vec::new(),
            branch: Vec::new(),
            first_tweak: Vec::new(),
            level: 0,
            state: State::Start,
            stats: Stats::default(),
            limit: None,
            watch: Watch::default(),
        }
    }

    /// Starts over on `problem` (which may differ from the last one), reusing this search's
    /// memory: nothing forced, statistics zero, no limit; the [`Stop`] stays, its budget counted
    /// afresh (the work so far is first added to its [`Progress`](crate::Progress), if any).
    pub fn reset(&mut self, problem: &Problem) {
        self.watch.settle(self.stats.nodes, self.stats.solutions);
        self.links.clone_from(&problem.links);
        self.forced.clear();
        self.choice.clear();
        self.branch.clear();
        self.first_tweak.clear();
        self.level = 0;
        self.state = State::Start;
        self.stats = Stats::default();
        self.limit = None;
        self.watch.restart(0, 0);
    }

    /// Puts `option` into every solution, before the search starts.
    ///
    /// Fails, changing nothing, if the option clashes with one forced before.
    pub fn force(&mut self, option: usize) -> Result<(), ForceError> {
        if self.state != State::Start {
            return Err(ForceError::AlreadyStarted);
        }
        let first = self.forcible(option)?;
        self.links.commit_option(first, &mut self.stats.updates);
        self.forced.push(option);
        Ok(())
    }

    /// The first node of `option`, if it can be forced now: it exists and clashes with no
    /// option forced before.
    pub(crate) fn forcible(&self, option: usize) -> Result<u32, ForceError> {
        if option >= self.links.option_count() {
            return Err(ForceError::NoSuchOption(option));
        }
        let first = self.links.first_node(option);
        let mut x = first;
        while self.links.item_of(x) != 0 {
            let item = self.links.item_of(x);
            let (wanted, purified) = self.links.colors_at(x);
            // Once an item is purified to a color, only entries of that color may join it; an
            // entry without a color would cover an item that another option already colors.
            let clash = !self.links.is_listed(item)
                || (purified != 0 && wanted != purified && wanted != u32::MAX);
            if clash {
                return Err(ForceError::Conflict {
                    option,
                    item: item as usize - 1,
                });
            }
            x += 1;
        }
        Ok(first)
    }

    /// Stops the search once this many solutions (in all, counted by [`Stats::solutions`]) have
    /// been found; `None` for no limit.
    pub fn set_limit(&mut self, limit: Option<u64>) {
        self.limit = limit;
    }

    /// Bounds the rest of the search: its budget (counted on its [`Stats`] since it was
    /// created), a deadline and a cancel flag. A search stopped by one can be resumed.
    pub fn set_stop(&mut self, stop: Stop) {
        self.watch.set(stop, self.stats.nodes, self.stats.updates);
    }

    /// Replaces the budget of the [`Stop`], keeping its deadline and flag; the search can be
    /// resumed with a larger one.
    pub fn set_budget(&mut self, budget: Budget) {
        let (nodes, updates) = (self.stats.nodes, self.stats.updates);
        self.watch.set_budget(budget, nodes, updates);
    }

    /// The statistics so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The options forced so far.
    pub fn forced(&self) -> &[usize] {
        &self.forced
    }

    /// The current solution, valid right after a step that returned [`Status::Solution`]: the forced
    /// options, then the chosen ones from the root down.
    pub fn solution(&self) -> Vec<usize> {
        let mut options = Vec::with_capacity(self.forced.len() + self.choice.len());
        self.solution_into(&mut options);
        options
    }

    /// Like [`solution`](Self::solution), but writes into `options` (cleared first).
    pub fn solution_into(&self, options: &mut Vec<usize>) {
        options.clear();
        options.extend_from_slice(&self.forced);
        if self.state == State::Recover {
            let depth = self.level + 1;
            // Under Algorithm M a level may have chosen "no more options for this item", which
            // leaves the item's header as its choice.
            options.extend(
                self.choice[..depth]
                    .iter()
                    .filter(|&&x| self.links.is_option_node(x))
                    .map(|&x| self.links.option_of(x)),
            );
        }
    }

    fn at_limit(&self) -> bool {
        self.limit
            .is_some_and(|limit| self.stats.solutions >= limit)
    }

    /// Stops before entering a node at `level` because the [`Stop`] says so. A search that has
    /// not entered its root yet stays unstarted, so options can still be forced.
    fn pause(&mut self, level: usize) {
        self.level = level;
        if self.stats.nodes > 0 {
            self.state = State::Forward;
        }
    }

    /// Where a step begins: whether it goes on after the solution reported last (rather than
    /// entering a node), or, when there is nothing to search, the status it ends with at once.
    #[inline]
    fn begin(&mut self) -> Result<bool, Status> {
        match self.state {
            State::Done => {
                self.watch.settle(self.stats.nodes, self.stats.solutions);
                Err(Status::Exhausted)
            }
            _ if self.at_limit() => {
                self.watch.settle(self.stats.nodes, self.stats.solutions);
                Err(Status::LimitReached)
            }
            State::Start if self.links.all_covered() => {
                // Forced options (or an empty problem) leave nothing to choose: one solution.
                self.stats.nodes += 1;
                self.stats.solutions += 1;
                self.state = State::Done;
                Err(Status::Solution)
            }
            State::Start | State::Forward => Ok(false),
            State::Recover => Ok(true),
        }
    }

    /// Runs until the next solution, the end, the limit or the [`Stop`].
    pub fn step(&mut self) -> Status {
        if self.links.has_bounds() {
            return self.step_with_bounds();
        }
        let mut resume = match self.begin() {
            Ok(resume) => resume,
            Err(status) => return status,
        };
        let links = &mut self.links;
        let stats = &mut self.stats;
        let mut level = self.level;
        // Knuth's steps as two nested loops rather than a `match` on a program counter: the
        // jump table of such a `match` costs a mispredicted indirect jump at nearly every step.
        'enter: loop {
            // `best` is the item branched on at `level`, `x` the node of the option to try.
            let (mut best, mut x);
            if resume {
                // Go on after the solution reported last: undo its last option, try the next.
                resume = false;
                x = self.choice[level];
                best = links.item_of(x);
                links.uncommit_others(x);
                x = links.down(x);
                self.choice[level] = x;
            } else {
                if let Some(reason) =
                    self.watch
                        .check_with(stats.nodes, stats.updates, stats.solutions)
                {
                    self.pause(level);
                    return Status::Stopped(reason);
                }
                stats.nodes += 1;
                best = links
                    .choose_item()
                    .expect("the search enters a node only while a primary item is uncovered");
                links.cover(best, &mut stats.updates);
                x = links.down(best);
                if level == self.choice.len() {
                    self.choice.push(x);
                } else {
                    self.choice[level] = x;
                }
            }
            loop {
                if x != best {
                    links.commit_others(x, &mut stats.updates);
                    if links.all_covered() {
                        stats.nodes += 1;
                        stats.solutions += 1;
                        self.level = level;
                        self.state = State::Recover;
                        return Status::Solution;
                    }
                    level += 1;
                    continue 'enter;
                }
                // Every option of `best` has been tried: back up a level.
                links.uncover(best);
                if level == 0 {
                    self.level = 0;
                    self.state = State::Done;
                    self.watch.settle(stats.nodes, stats.solutions);
                    return Status::Exhausted;
                }
                level -= 1;
                x = self.choice[level];
                best = links.item_of(x);
                links.uncommit_others(x);
                x = links.down(x);
                self.choice[level] = x;
            }
        }
    }

    /// Checks the invariant of the links (as Knuth's `sanity` does): every active item's column
    /// is a ring whose links agree, whose nodes name it and whose length is its count, and
    /// every option is bracketed by spacers that point at its ends. Holds between any two
    /// steps; the property tests check it after every one. Costs a walk over the whole problem.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.links.check_invariants()
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

impl Engine for Search {
    fn step(&mut self) -> Status {
        Search::step(self)
    }

    fn solution_into(&self, options: &mut Vec<usize>) {
        Search::solution_into(self, options);
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn set_limit(&mut self, limit: Option<u64>) {
        Search::set_limit(self, limit);
    }

    fn set_stop(&mut self, stop: Stop) {
        Search::set_stop(self, stop);
    }

    fn name(&self) -> &'static str {
        "dlx"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ProblemBuilder, StopReason};

    /// `A B | X` with options `A X:red` and `B X`: they cannot be in one solution.
    fn colored_then_plain() -> Problem {
        let mut b = ProblemBuilder::new();
        b.primary("A").unwrap();
        b.primary("B").unwrap();
        b.secondary("X").unwrap();
        b.color("red").unwrap();
        b.option_by_names(["A", "X:red"]).unwrap();
        b.option_by_names(["B", "X"]).unwrap();
        b.build().unwrap()
    }

    #[test]
    fn a_zero_budget_leaves_the_search_unstarted() {
        let problem = colored_then_plain();
        let mut search = Search::new(&problem);
        search.set_budget(Budget::Nodes(0));
        assert_eq!(search.count(), Status::Stopped(StopReason::Budget));
        assert_eq!(search.force(0), Ok(()));
        search.set_budget(Budget::Unlimited);
        assert_eq!(search.count(), Status::Exhausted);
    }

    #[test]
    fn forcing_a_plain_entry_on_a_colored_item_is_a_conflict() {
        let problem = colored_then_plain();
        let mut search = Search::new(&problem);
        assert_eq!(search.force(0), Ok(()));
        assert_eq!(
            search.force(1),
            Err(ForceError::Conflict { option: 1, item: 2 })
        );
        assert_eq!(search.forced(), [0]);
        assert_eq!(search.count(), Status::Exhausted);
        assert_eq!(search.stats().solutions, 0);
    }

    #[test]
    fn forcing_a_colored_entry_on_a_covered_item_is_a_conflict() {
        let problem = colored_then_plain();
        let mut search = Search::new(&problem);
        assert_eq!(search.force(1), Ok(()));
        assert_eq!(
            search.force(0),
            Err(ForceError::Conflict { option: 0, item: 2 })
        );
    }
}
