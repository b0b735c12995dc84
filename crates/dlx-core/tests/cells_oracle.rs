//! The cells engine against the default engine on small random problems: the same solutions,
//! each once, however the search is run (iterated, counted, limited).

use std::collections::BTreeSet;

use dlx_core::{cells, Budget, Search, Status};
use proptest::prelude::*;

mod common;

/// 1–7 primary items, 0–4 secondary items, 0–3 colors, up to 16 options.
fn spec() -> impl Strategy<Value = common::Spec> {
    common::spec(7, 3, 16)
}

fn sorted_set(solutions: &[Vec<usize>]) -> BTreeSet<Vec<usize>> {
    solutions
        .iter()
        .map(|s| {
            let mut s = s.clone();
            s.sort_unstable();
            s
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// The sparse sets keep their invariant after every step, pauses included.
    #[test]
    fn the_sets_keep_their_invariant_after_every_step(spec in spec(), step in 1..6u64) {
        let p = spec.build();
        let mut search = cells::Search::new(&p).unwrap();
        let found = common::stepped_with_checks(&mut search, step, cells::Search::check_invariants);
        let found = found.map_err(TestCaseError::fail)?;
        let expected: Vec<Vec<usize>> = cells::Search::new(&p).unwrap().solutions().collect();
        prop_assert_eq!(found, expected);
    }

    #[test]
    fn cells_finds_the_default_engines_solutions(spec in spec()) {
        let p = spec.build();
        let expected: Vec<Vec<usize>> = Search::new(&p).solutions().collect();
        let expected = sorted_set(&expected);

        let mut search = cells::Search::new(&p).unwrap();
        let found: Vec<Vec<usize>> = search.solutions().collect();
        let set = sorted_set(&found);
        prop_assert_eq!(found.len(), set.len(), "a solution was found twice");
        prop_assert_eq!(&set, &expected);
        prop_assert_eq!(search.stats().solutions, expected.len() as u64);
        prop_assert!(search.stats().nodes >= search.stats().solutions);

        let mut counting = cells::Search::new(&p).unwrap();
        prop_assert_eq!(counting.count(), Status::Exhausted);
        prop_assert_eq!(counting.stats(), search.stats());
        prop_assert_eq!(counting.count(), Status::Exhausted);
        prop_assert_eq!(counting.stats(), search.stats());
    }

    #[test]
    fn budgeted_runs_add_up_to_one_run(spec in spec(), step in 1..6u64, by_updates: bool) {
        let p = spec.build();
        let mut whole = cells::Search::new(&p).unwrap();
        let all: Vec<Vec<usize>> = whole.solutions().collect();
        // Resumed after every pause with a budget a little larger: the same solutions in the
        // same order, and the same statistics.
        let mut search = cells::Search::new(&p).unwrap();
        let mut found = Vec::new();
        let mut pauses = 0u64;
        let mut allowed = 0;
        loop {
            allowed += step;
            search.set_budget(if by_updates { Budget::Updates(allowed) } else { Budget::Nodes(allowed) });
            match search.step() {
                Status::Solution => found.push(search.solution()),
                Status::Stopped(dlx_core::StopReason::Budget) => {
                    pauses += 1;
                    let spent = if by_updates { search.stats().updates } else { search.stats().nodes };
                    prop_assert!(spent >= allowed);
                }
                _ => break,
            }
        }
        prop_assert_eq!(found, all);
        prop_assert_eq!(search.stats(), whole.stats());
        if !by_updates {
            // A pause comes before a branch node, at most once per budget step of nodes.
            prop_assert!(pauses <= whole.stats().nodes / step + 1);
        }
    }

    #[test]
    fn a_limit_stops_after_exactly_that_many(spec in spec(), limit in 0..8u64) {
        let p = spec.build();
        let all: Vec<Vec<usize>> = cells::Search::new(&p).unwrap().solutions().collect();
        let total = all.len() as u64;

        let mut search = cells::Search::new(&p).unwrap();
        search.set_limit(Some(limit));
        let first: Vec<Vec<usize>> = search.solutions().collect();
        prop_assert_eq!(&first[..], &all[..limit.min(total) as usize]);
        let expected = if limit <= total { Status::LimitReached } else { Status::Exhausted };
        prop_assert_eq!(search.count(), expected);

        search.set_limit(None);
        let rest: Vec<Vec<usize>> = search.solutions().collect();
        prop_assert_eq!(&rest[..], &all[limit.min(total) as usize..]);
        prop_assert_eq!(search.stats().solutions, total);
    }
}
