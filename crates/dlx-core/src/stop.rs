//! Run control: when a search must stop before its end.
//!
//! A [`Stop`] bounds a run three ways: a [`Budget`] of work, a deadline, and a [`Cancel`] flag that
//! any thread may raise. Every engine checks it where it already compares its statistics with a
//! cap, once per node, as Knuth's programs check their memory limit; the clock and the flag are
//! looked at only when a cap is reached, every [`LOOK_EVERY`] nodes, so a watched search costs no
//! more than an unwatched one and stops within a few milliseconds of the deadline.

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Nodes a search runs between two looks at the clock and the cancel flag: a few thousand nodes
/// take well under a millisecond, and a look is not free.
pub const LOOK_EVERY: u64 = 4096;

/// Updates between two looks, for a budget counted in updates (about a millisecond).
const LOOK_EVERY_UPDATES: u64 = 1 << 20;

/// A limit on the work of a run, counted on the search's statistics since it was created.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Budget {
    /// No limit.
    #[default]
    Unlimited,
    /// Stop before entering a node once this many nodes have been entered.
    Nodes(u64),
    /// Stop before entering a node once this many updates have been made.
    Updates(u64),
}

impl Budget {
    /// Whether a search that has done this work has used the budget up.
    fn is_spent(self, nodes: u64, updates: u64) -> bool {
        match self {
            Budget::Unlimited => false,
            Budget::Nodes(n) => nodes >= n,
            Budget::Updates(n) => updates >= n,
        }
    }
}

/// A flag that stops every search watching it once it is raised, from any thread (Ctrl-C, a
/// Cancel button, a sink that has seen enough). Clones share the flag.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag not raised yet.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Raises the flag: every search watching it stops at its next look.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag has been raised.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Lowers the flag again, for the next run.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
}

/// The work of a run so far, summed over every search watching its [`Stop`] (as of their last
/// looks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Nodes entered, by the engines' own counts.
    pub nodes: u64,
    /// Solutions found.
    pub solutions: u64,
}

/// A listener to a run's progress: every search watching a [`Stop`] with it adds its work at
/// each look at the stop (every [`LOOK_EVERY`] nodes), and the listener is called with the
/// total, on that search's thread. It is called often (about a thousand times a second per
/// thread) and must be quick: a progress line draws at its own pace and returns at once
/// otherwise. Clones share the totals and the listener.
#[derive(Clone)]
pub struct Progress(Arc<Listener>);

struct Listener {
    nodes: AtomicU64,
    solutions: AtomicU64,
    report: Box<dyn Fn(Tally) + Send + Sync>,
}

impl Progress {
    /// A listener calling `report` with the run's totals.
    pub fn new(report: impl Fn(Tally) + Send + Sync + 'static) -> Progress {
        Progress(Arc::new(Listener {
            nodes: AtomicU64::new(0),
            solutions: AtomicU64::new(0),
            report: Box::new(report),
        }))
    }

    /// The totals so far.
    pub fn tally(&self) -> Tally {
        Tally {
            nodes: self.0.nodes.load(Ordering::Relaxed),
            solutions: self.0.solutions.load(Ordering::Relaxed),
        }
    }

    /// Adds a search's work since its last look, and reports the totals.
    fn add(&self, nodes: u64, solutions: u64) {
        let tally = Tally {
            nodes: self.0.nodes.fetch_add(nodes, Ordering::Relaxed) + nodes,
            solutions: self.0.solutions.fetch_add(solutions, Ordering::Relaxed) + solutions,
        };
        (self.0.report)(tally);
    }
}

impl fmt::Debug for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Progress").field(&self.tally()).finish()
    }
}

/// Why a search stopped before its end. A stopped search can be resumed: raise its budget,
/// move its deadline or lower the flag, and step again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// The budget of work ran out.
    Budget,
    /// The deadline passed.
    Deadline,
    /// The cancel flag was raised.
    Cancelled,
}

/// The run control of a search: a budget, a deadline and a cancel flag, each optional.
///
/// ```
/// use std::time::Duration;
/// use dlx_core::{knuth, Cancel, Search, Status, Stop, StopReason};
///
/// let problem = knuth::parse("A B\nA\nB\nA B\n").unwrap().problem;
/// let cancel = Cancel::new();
/// let mut search = Search::new(&problem);
/// search.set_stop(Stop::new().with_timeout(Duration::from_secs(60)).with_cancel(cancel.clone()));
/// cancel.cancel();
/// assert_eq!(search.count(), Status::Stopped(StopReason::Cancelled));
/// cancel.reset();
/// assert_eq!(search.count(), Status::Exhausted);
/// assert_eq!(search.stats().solutions, 2);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Stop {
    budget: Budget,
    deadline: Option<Instant>,
    cancel: Option<Cancel>,
    progress: Option<Progress>,
}

impl Stop {
    /// No limit at all.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// The same, with this budget of work.
    pub fn with_budget(mut self, budget: Budget) -> Stop {
        self.budget = budget;
        self
    }

    /// The same, stopping once `deadline` has passed.
    pub fn with_deadline(mut self, deadline: Instant) -> Stop {
        self.deadline = Some(deadline);
        self
    }

    /// The same, stopping once `limit` has passed from now (no deadline for a limit too far ahead
    /// to be an instant).
    pub fn with_timeout(mut self, limit: Duration) -> Stop {
        self.deadline = Instant::now().checked_add(limit);
        self
    }

    /// The same, stopping once `cancel` is raised.
    pub fn with_cancel(mut self, cancel: Cancel) -> Stop {
        self.cancel = Some(cancel);
        self
    }

    /// The same, reporting the run's work to `progress` at every look.
    pub fn with_progress(mut self, progress: Progress) -> Stop {
        self.progress = Some(progress);
        self
    }

    /// The listener to the run's progress, if there is one.
    pub fn progress(&self) -> Option<&Progress> {
        self.progress.as_ref()
    }

    /// The budget of work.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Replaces the budget of work, keeping the deadline and the flag.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// The deadline, if there is one.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The cancel flag, if there is one.
    pub fn cancel(&self) -> Option<&Cancel> {
        self.cancel.as_ref()
    }

    /// Whether there is no limit at all.
    pub fn is_unlimited(&self) -> bool {
        self.budget == Budget::Unlimited && !self.watches()
    }

    /// Whether the clock or a flag must be looked at now and then.
    fn watches(&self) -> bool {
        self.deadline.is_some() || self.cancel.is_some() || self.progress.is_some()
    }

    /// Why no more searching is allowed at all, whatever the work done: the flag is raised or
    /// the deadline has passed.
    pub fn halted(&self) -> Option<StopReason> {
        if self.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            return Some(StopReason::Cancelled);
        }
        if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            return Some(StopReason::Deadline);
        }
        None
    }

    /// Why a search that has entered `nodes` nodes and made `updates` updates must stop now, if
    /// it must. The flag and the deadline come first: a caller that slices a search with
    /// budgets still learns of them at the end of every slice.
    pub fn reached(&self, nodes: u64, updates: u64) -> Option<StopReason> {
        self.halted().or_else(|| {
            self.budget
                .is_spent(nodes, updates)
                .then_some(StopReason::Budget)
        })
    }

    /// The caps of a search that has entered `nodes` nodes and made `updates` updates: it need
    /// not look at this `Stop` again until it has entered at least the first many nodes and made
    /// at least the second many updates. Until the node cap is reached (never, with no limit, as
    /// `u64::MAX` nodes cannot be entered) the search makes a single comparison per node.
    fn caps(&self, nodes: u64, updates: u64) -> Caps {
        let watched = self.watches();
        match self.budget {
            Budget::Unlimited if watched => Caps(nodes.saturating_add(LOOK_EVERY), 0),
            Budget::Unlimited => Caps(u64::MAX, 0),
            Budget::Nodes(n) if watched => Caps(n.min(nodes.saturating_add(LOOK_EVERY)), 0),
            Budget::Nodes(n) => Caps(n, 0),
            Budget::Updates(n) if watched => {
                Caps(0, n.min(updates.saturating_add(LOOK_EVERY_UPDATES)))
            }
            Budget::Updates(n) => Caps(0, n),
        }
    }
}

/// A [`Stop`] as a search watches it: the stop, and the work at which the search next looks at
/// it (the caps). A search calls [`Watch::check`] where it compares its work with a cap, once per
/// node: one comparison, until a cap is reached and the stop is looked at, out of line.
#[derive(Clone, Debug, Default)]
pub struct Watch {
    stop: Stop,
    caps: Caps,
    /// The nodes and solutions already added to the stop's [`Progress`].
    reported: (u64, u64),
}

impl Watch {
    /// A watch on `stop` for a search that has done no work yet.
    pub fn new(stop: Stop) -> Watch {
        let mut watch = Watch {
            stop,
            caps: Caps::default(),
            reported: (0, 0),
        };
        watch.restart(0, 0);
        watch
    }

    /// The stop watched.
    pub fn stop(&self) -> &Stop {
        &self.stop
    }

    /// Watches `stop` from now on, for a search that has entered `nodes` nodes and made
    /// `updates` updates.
    pub fn set(&mut self, stop: Stop, nodes: u64, updates: u64) {
        self.stop = stop;
        self.recap(nodes, updates);
    }

    /// Replaces the budget of the stop, keeping its deadline and flag.
    pub fn set_budget(&mut self, budget: Budget, nodes: u64, updates: u64) {
        self.stop.set_budget(budget);
        self.recap(nodes, updates);
    }

    /// Starts watching again for a search started over from this work (and no solution): a
    /// watched search looks at once, at its next node, so that a flag raised before it started
    /// stops it even if it would end within a slice.
    pub fn restart(&mut self, nodes: u64, updates: u64) {
        self.reported = (nodes, 0);
        self.recap(nodes, updates);
    }

    /// Adds the work since the last look to the stop's [`Progress`], if it has one: at each
    /// look, and where a search ends (exhausted, at its limit of solutions, or started over),
    /// so that the listener's totals are exact once the searches are done.
    pub fn settle(&mut self, nodes: u64, solutions: u64) {
        if let Some(progress) = &self.stop.progress {
            let (old_nodes, old_solutions) = self.reported;
            progress.add(
                nodes.saturating_sub(old_nodes),
                solutions.saturating_sub(old_solutions),
            );
            self.reported = (nodes, solutions);
        }
    }

    /// Looks at the stop at the next node, the search going on from this work.
    fn recap(&mut self, nodes: u64, updates: u64) {
        self.caps = if self.stop.watches() {
            Caps(nodes, updates)
        } else {
            self.stop.caps(nodes, updates)
        };
    }

    /// Why a search with this work must stop now, if it must (for a search that reports no
    /// solutions to a [`Progress`]).
    #[inline]
    pub fn check(&mut self, nodes: u64, updates: u64) -> Option<StopReason> {
        self.check_with(nodes, updates, 0)
    }

    /// Why a search with this work, which has found `solutions`, must stop now, if it must.
    #[inline]
    pub fn check_with(&mut self, nodes: u64, updates: u64, solutions: u64) -> Option<StopReason> {
        if nodes >= self.caps.0 && updates >= self.caps.1 {
            self.look(nodes, updates, solutions)
        } else {
            None
        }
    }

    /// At a cap: the work since the last look reported, then why the search must stop, or
    /// (moving the caps on) nothing.
    #[cold]
    #[inline(never)]
    fn look(&mut self, nodes: u64, updates: u64, solutions: u64) -> Option<StopReason> {
        self.settle(nodes, solutions);
        let reason = self.stop.reached(nodes, updates);
        if reason.is_none() {
            self.caps = self.stop.caps(nodes, updates);
        }
        reason
    }
}

/// Where a search next looks at its [`Stop`]: once it has entered `.0` nodes and made `.1`
/// updates (see [`Stop::caps`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Caps(u64, u64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_come_every_few_thousand_nodes_when_watched_and_at_the_budget() {
        let none = Stop::new();
        assert!(none.is_unlimited());
        assert_eq!(none.caps(10, 0), Caps(u64::MAX, 0));
        assert_eq!(none.reached(u64::MAX, u64::MAX), None);
        let budget = Stop::new().with_budget(Budget::Nodes(100));
        assert_eq!(budget.caps(10, 0), Caps(100, 0));
        assert_eq!(budget.reached(99, 0), None);
        assert_eq!(budget.reached(100, 0), Some(StopReason::Budget));
        let cancel = Cancel::new();
        let watched = budget.clone().with_cancel(cancel.clone());
        assert_eq!(watched.caps(10, 0), Caps(100, 0));
        assert_eq!(watched.caps(0, 0), Caps(100, 0));
        let far = Stop::new()
            .with_budget(Budget::Nodes(1 << 40))
            .with_cancel(cancel.clone());
        assert_eq!(far.caps(10, 0), Caps(10 + LOOK_EVERY, 0));
        let updates = Stop::new().with_budget(Budget::Updates(50));
        assert_eq!(updates.caps(7, 3), Caps(0, 50));
        assert!(!watched.is_unlimited());
        cancel.cancel();
        assert_eq!(watched.reached(0, 0), Some(StopReason::Cancelled));
        assert_eq!(watched.reached(100, 0), Some(StopReason::Cancelled));
        let past = Stop::new().with_deadline(Instant::now());
        assert_eq!(past.reached(0, 0), Some(StopReason::Deadline));
        assert_eq!(past.halted(), Some(StopReason::Deadline));
        assert_eq!(Stop::new().with_timeout(Duration::MAX).deadline(), None);
    }

    #[test]
    fn a_watch_looks_at_once_then_every_few_thousand_nodes() {
        let cancel = Cancel::new();
        let stop = Stop::new()
            .with_budget(Budget::Nodes(10_000))
            .with_cancel(cancel.clone());
        let mut watch = Watch::new(stop);
        assert_eq!(watch.caps, Caps(0, 0));
        assert_eq!(watch.check(0, 0), None);
        assert_eq!(watch.caps, Caps(LOOK_EVERY, 0));
        cancel.cancel();
        assert_eq!(watch.check(LOOK_EVERY - 1, 5), None);
        assert_eq!(watch.check(LOOK_EVERY, 0), Some(StopReason::Cancelled));
        cancel.reset();
        assert_eq!(watch.check(LOOK_EVERY, 0), None);
        assert_eq!(watch.caps, Caps(2 * LOOK_EVERY, 0));
        assert_eq!(watch.check(10_000, 0), Some(StopReason::Budget));
        let mut plain = Watch::new(Stop::new().with_budget(Budget::Nodes(7)));
        assert_eq!(plain.caps, Caps(7, 0));
        assert_eq!(plain.check(7, 0), Some(StopReason::Budget));
    }

    #[test]
    fn looks_add_the_work_since_the_last_to_the_progress() {
        let seen = Arc::new(AtomicU64::new(0));
        let last = Arc::clone(&seen);
        let progress = Progress::new(move |tally| last.store(tally.nodes, Ordering::Relaxed));
        let stop = Stop::new().with_progress(progress.clone());
        assert!(!stop.is_unlimited());
        let (mut one, mut two) = (Watch::new(stop.clone()), Watch::new(stop));
        assert_eq!(one.check_with(0, 0, 0), None);
        assert_eq!(one.check_with(LOOK_EVERY, 9, 2), None);
        assert_eq!(two.check_with(0, 0, 0), None);
        assert_eq!(two.check_with(LOOK_EVERY + 5, 9, 1), None);
        let both = Tally {
            nodes: 2 * LOOK_EVERY + 5,
            solutions: 3,
        };
        assert_eq!(progress.tally(), both);
        assert_eq!(seen.load(Ordering::Relaxed), both.nodes);
        // A new budget goes on counting; a search started over counts from nothing.
        one.set_budget(Budget::Unlimited, LOOK_EVERY, 9);
        assert_eq!(one.check_with(LOOK_EVERY + 1, 9, 2), None);
        one.restart(0, 0);
        assert_eq!(one.check_with(3, 0, 1), None);
        assert_eq!(progress.tally().nodes, both.nodes + 4);
        assert_eq!(progress.tally().solutions, 4);
    }

    #[test]
    fn a_plain_budget_is_looked_at_only_at_its_end() {
        let mut plain = Watch::new(Stop::new().with_budget(Budget::Nodes(7)));
        assert_eq!(plain.caps, Caps(7, 0));
        assert_eq!(plain.check(7, 0), Some(StopReason::Budget));
    }
}
