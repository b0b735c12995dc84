//! The cells engine against the default engine on small random problems: the same solutions,
//! each once, however the search is run (iterated, counted, limited).

use std::collections::BTreeSet;

use dlx_core::{cells, Search, Status};
use proptest::prelude::*;

mod common;

/// 1–7 primary items, 0–4 secondary items, no colors (the cells engine has none), up to 16
/// options.
fn spec() -> impl Strategy<Value = common::Spec> {
    common::spec(7, 0, 16)
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
