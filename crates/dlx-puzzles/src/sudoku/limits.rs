//! Limits on the work a [`Solver`](super::Solver) may spend on one puzzle.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// How often, in nodes (guesses on the 9x9 path), a search looks at the clock: reading it is
/// not free, and a few thousand nodes take well under a millisecond.
pub(crate) const CHECK_EVERY: u64 = 4096;

/// Limits on one call of a [`Solver`](super::Solver): a budget of search nodes, a deadline and a
/// flag raised from outside (Ctrl-C). A call that reaches one stops early and says so
/// ([`Solver::unfinished`](super::Solver::unfinished)); its answer is then incomplete.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Stop once this many search nodes have been entered for the puzzle (on the specialised
    /// 9x9 path, once more guesses than this would be made).
    pub nodes: Option<u64>,
    /// Stop once this instant has passed (looked at every few thousand nodes).
    pub deadline: Option<Instant>,
    /// Stop once this flag is raised (looked at with the deadline).
    pub cancel: Option<&'static AtomicBool>,
}

impl Limits {
    /// Whether there is no limit at all.
    pub fn is_unlimited(&self) -> bool {
        self.nodes.is_none() && self.deadline.is_none() && self.cancel.is_none()
    }

    /// Whether the deadline has passed.
    pub fn past_deadline(&self) -> bool {
        self.deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
    }

    /// Whether the flag has been raised.
    pub fn cancelled(&self) -> bool {
        self.cancel.is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// Whether no more searching is allowed: the deadline has passed or the flag is raised.
    pub fn expired(&self) -> bool {
        self.past_deadline() || self.cancelled()
    }

    /// Whether a search that has entered `nodes` nodes must stop now.
    pub(crate) fn reached(&self, nodes: u64) -> bool {
        self.nodes.is_some_and(|budget| nodes >= budget) || self.expired()
    }

    /// The node count at which a search that has entered `nodes` looks at the limits next.
    pub(crate) fn next_look(&self, nodes: u64) -> u64 {
        let look = nodes.saturating_add(CHECK_EVERY);
        self.nodes.map_or(look, |budget| look.min(budget))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn looks_come_every_few_thousand_nodes_and_at_the_budget() {
        let none = Limits::default();
        assert!(none.is_unlimited());
        assert!(!none.reached(u64::MAX));
        assert_eq!(none.next_look(10), 10 + CHECK_EVERY);
        let budget = Limits {
            nodes: Some(100),
            ..Limits::default()
        };
        assert_eq!(budget.next_look(10), 100);
        assert!(!budget.reached(99));
        assert!(budget.reached(100));
        let past = Limits {
            deadline: Some(Instant::now()),
            ..Limits::default()
        };
        assert!(past.reached(0));
        assert!(past.past_deadline() && !budget.past_deadline());
        static FLAG: AtomicBool = AtomicBool::new(false);
        let flagged = Limits {
            cancel: Some(&FLAG),
            ..Limits::default()
        };
        assert!(!flagged.is_unlimited() && !flagged.reached(0));
        FLAG.store(true, Ordering::Relaxed);
        assert!(flagged.reached(0) && flagged.expired() && !flagged.past_deadline());
    }
}
