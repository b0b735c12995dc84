//! The cells engine against the default engine on small random problems: the same solutions,
//! each once, however the search is run (iterated, counted, limited).

use std::collections::BTreeSet;

use dlx_core::{cells, Entry, Problem, ProblemBuilder, Search, Status};
use proptest::prelude::*;

/// A random problem without colors: item numbers per option.
#[derive(Clone, Debug)]
struct Spec {
    primary: usize,
    secondary: usize,
    options: Vec<Vec<usize>>,
}

impl Spec {
    fn build(&self) -> Problem {
        let mut b = ProblemBuilder::new();
        for i in 0..self.primary {
            b.primary(format!("p{i}")).unwrap();
        }
        for i in 0..self.secondary {
            b.secondary(format!("s{i}")).unwrap();
        }
        for option in &self.options {
            b.option(option.iter().map(|&i| Entry::plain(i))).unwrap();
        }
        b.build().unwrap()
    }
}

/// 1–7 primary items, 0–4 secondary items, up to 16 options; each item is in an option with
/// probability 1/3, and options list their items in any rotation.
fn spec() -> impl Strategy<Value = Spec> {
    (1..=7usize, 0..=4usize).prop_flat_map(|(primary, secondary)| {
        let items = primary + secondary;
        let option =
            (proptest::collection::vec(0..3u8, items), 0..items).prop_map(|(cells, rotation)| {
                let mut entries: Vec<usize> = cells
                    .into_iter()
                    .enumerate()
                    .filter(|&(_, present)| present == 0)
                    .map(|(item, _)| item)
                    .collect();
                if !entries.is_empty() {
                    let len = entries.len();
                    entries.rotate_left(rotation % len);
                }
                entries
            });
        proptest::collection::vec(option, 0..=16).prop_map(move |options| Spec {
            primary,
            secondary,
            options,
        })
    })
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
