//! Run control: when a search must stop before its end.
//!
//! A [`Stop`] bounds a run three ways: a [`Budget`] of work, a deadline, and a [`Cancel`] flag that
//! any thread may raise. Every engine checks it where it already compares its statistics with a
//! cap, once per node, as Knuth's programs check their memory limit; the clock and the flag are
//! looked at only when a cap is reached, every [`LOOK_EVERY`] nodes, so a watched search costs no
//! more than an unwatched one and stops within a few milliseconds of the deadline.

use std::sync::atomic::{AtomicBool, Ordering};
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
        self.deadline.is_some() || self.cancel.is_some()
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
}

impl Watch {
    /// A watch on `stop` for a search that has done no work yet.
    pub fn new(stop: Stop) -> Watch {
        let mut watch = Watch {
            stop,
            caps: Caps::default(),
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
        self.restart(nodes, updates);
    }

    /// Replaces the budget of the stop, keeping its deadline and flag.
    pub fn set_budget(&mut self, budget: Budget, nodes: u64, updates: u64) {
        self.stop.set_budget(budget);
        self.restart(nodes, updates);
    }

    /// Starts watching again from this work: a watched search looks at once, at its next node,
    /// so that a flag raised before it started stops it even if it would end within a slice.
    pub fn restart(&mut self, nodes: u64, updates: u64) {
        self.caps = if self.stop.watches() {
            Caps(nodes, updates)
        } else {
            self.stop.caps(nodes, updates)
        };
    }

    /// Why a search with this work must stop now, if it must.
    #[inline]
    pub fn check(&mut self, nodes: u64, updates: u64) -> Option<StopReason> {
        if nodes >= self.caps.0 && updates >= self.caps.1 {
            self.look(nodes, updates)
        } else {
            None
        }
    }

    /// At a cap: why the search must stop, or (moving the caps on) nothing.
    #[cold]
    #[inline(never)]
    fn look(&mut self, nodes: u64, updates: u64) -> Option<StopReason> {
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
}
