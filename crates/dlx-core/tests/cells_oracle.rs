//! The cells engine against the default engine on small random problems: the same solutions,
//! each once, however the search is run (iterated, counted, limited).

use dlx_core::{cells, Budget, Search, Status};
use proptest::prelude::*;

mod common;

/// 1–7 primary items, 0–4 secondary items, 0–3 colors, up to 16 options.
fn spec() -> impl Strategy<Value = common::Spec> {
    common::spec(7, 3, 16)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// The sparse sets keep their invariant after every step, pauses included.
    #[test]
    fn the_sets_keep_their_invariant_after_every_step(spec in spec(), step in 1..6u64) {
        let p = spec.build();
        let mut search = cells::Search::new(&p);
        let found = common::stepped_with_checks(&mut search, step, cells::Search::check_invariants);
        let found = found.map_err(TestCaseError::fail)?;
        let expected: Vec<Vec<usize>> = cells::Search::new(&p).solutions().collect();
        prop_assert_eq!(found, expected);
    }

    #[test]
    fn cells_finds_the_default_engines_solutions(spec in spec()) {
        let p = spec.build();
        let expected: Vec<Vec<usize>> = Search::new(&p).solutions().collect();
        let expected = common::sorted_set(&expected);

        let mut search = cells::Search::new(&p);
        let found: Vec<Vec<usize>> = search.solutions().collect();
        let set = common::sorted_set(&found);
        prop_assert_eq!(found.len(), set.len(), "a solution was found twice");
        prop_assert_eq!(&set, &expected);
        prop_assert_eq!(search.stats().solutions, expected.len() as u64);
        prop_assert!(search.stats().nodes >= search.stats().solutions);

        let mut counting = cells::Search::new(&p);
        prop_assert_eq!(counting.count(), Status::Exhausted);
        prop_assert_eq!(counting.stats(), search.stats());
        prop_assert_eq!(counting.count(), Status::Exhausted);
        prop_assert_eq!(counting.stats(), search.stats());
    }

    #[test]
    fn budgeted_runs_add_up_to_one_run(spec in spec(), step in 1..6u64, by_updates: bool) {
        let p = spec.build();
        let mut whole = cells::Search::new(&p);
        let all: Vec<Vec<usize>> = whole.solutions().collect();
        // Resumed after every pause with a budget a little larger: the same solutions in the
        // same order, and the same statistics.
        let mut search = cells::Search::new(&p);
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
        let all: Vec<Vec<usize>> = cells::Search::new(&p).solutions().collect();
        let total = all.len() as u64;

        let mut search = cells::Search::new(&p);
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn a_cells_frontier_and_the_work_done_partition_the_tree(
        spec in spec(),
        budgets in proptest::collection::vec(0..12u64, 1..4),
        by_updates: bool,
    ) {
        common::check_cells_frontiers(&spec.build(), &budgets, by_updates)?;
    }

    #[test]
    fn a_cells_frontier_after_a_solution_partitions_the_rest(spec in spec(), solutions in 1..4usize) {
        let p = spec.build();
        let mut search = cells::Search::new(&p);
        let found: Vec<Vec<usize>> = search.solutions().take(solutions).collect();
        let units = search.frontier_units();
        common::check_cells_partition(&p, common::sorted_set(&found).into_iter().collect(), search.stats().into(), &units)?;
    }

    #[test]
    fn cells_split_units_partition_the_tree(spec in spec(), units in 0..40usize) {
        common::check_cells_split(&spec.build(), units)?;
    }

    #[test]
    fn the_cells_pool_counts_as_one_thread(spec in spec(), threads in 1..4usize, slice in 1..20u64) {
        common::check_cells_pool(&spec.build(), threads, slice)?;
    }

    #[test]
    fn forcing_on_cells_clashes_as_on_dancing_links(spec in spec(), first in 0..16usize, second in 0..16usize) {
        let p = spec.build();
        let mut links = Search::new(&p);
        let mut cells = cells::Search::new(&p);
        prop_assert_eq!(links.force(first).is_ok(), cells.force(first).is_ok());
        if links.forced().len() == 1 {
            // Once an option leaves nothing to find, cells checks no more options (its sets
            // are half changed): it finds no clash, and no solution either.
            let clash = links.force(second).is_err();
            let cells_clash = cells.force(second).is_err();
            prop_assert!(!cells_clash || clash);
            let found: Vec<Vec<usize>> = cells.solutions().collect();
            if clash && !cells_clash {
                prop_assert!(found.is_empty());
            } else if !clash {
                let expected: Vec<Vec<usize>> = links.solutions().collect();
                prop_assert_eq!(common::sorted_set(&found), common::sorted_set(&expected));
            }
        }
    }
}
