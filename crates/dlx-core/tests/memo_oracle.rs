//! The memoised count against dancing links on small random problems, colors included: the same
//! number of solutions; the ZDD built with it holds exactly the solutions dancing links finds,
//! and reads back from its text as it was.

use dlx_core::memo::{Memo, Zdd};
use dlx_core::{Entry, Problem, ProblemBuilder, Search};
use proptest::prelude::*;

mod common;

/// The number of solutions dancing links finds.
fn searched(p: &Problem) -> u64 {
    let mut search = Search::new(p);
    search.count();
    search.stats().solutions
}

/// Every solution dancing links finds, each as its options in increasing order, sorted.
fn enumerated(p: &Problem) -> Vec<Vec<usize>> {
    let mut search = Search::new(p);
    let mut all = Vec::new();
    while search.step() == dlx_core::Status::Solution {
        let mut options = search.solution();
        options.sort_unstable();
        all.push(options);
    }
    all.sort();
    all
}

/// A ZDD's solutions, each as its options in increasing order, sorted.
fn listed(zdd: &Zdd) -> Vec<Vec<usize>> {
    let mut all: Vec<Vec<usize>> = zdd
        .solutions()
        .map(|mut options| {
            options.sort_unstable();
            options
        })
        .collect();
    all.sort();
    all
}

/// Problems across a word of item bits: 60–70 primary items and 0–4 secondary ones, 0–2 colors,
/// options of two or three items; among them a partition of the primary items into runs, so
/// that solutions exist.
fn wide() -> impl Strategy<Value = Problem> {
    (60..=70usize, 0..=4usize, 0..=2u32).prop_flat_map(|(primary, secondary, colors)| {
        let entry = (0..primary + secondary, 0..=colors);
        let option = proptest::collection::vec(entry, 2..=3);
        let runs = proptest::collection::vec(1..=3usize, primary);
        (proptest::collection::vec(option, 20..80), runs).prop_map(move |(options, runs)| {
            let mut b = ProblemBuilder::new();
            for i in 0..primary {
                b.primary(format!("p{i}")).unwrap();
            }
            for i in 0..secondary {
                b.secondary(format!("s{i}")).unwrap();
            }
            for c in 1..=colors {
                b.color(&format!("c{c}")).unwrap();
            }
            let mut start = 0;
            for size in runs {
                let end = (start + size).min(primary);
                if start < end {
                    b.option((start..end).map(Entry::plain)).unwrap();
                }
                start = end;
            }
            for option in options {
                let mut entries: Vec<Entry> = Vec::new();
                for (item, color) in option {
                    if entries.iter().all(|e| e.item != item) {
                        let color = if item < primary { 0 } else { color };
                        entries.push(Entry { item, color });
                    }
                }
                b.option(entries).unwrap();
            }
            b.build().unwrap()
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn memo_counts_multiplicities_as_algorithm_m_does(spec in common::bounded_spec(6, 2, 14)) {
        let p = spec.build();
        let counted = Memo::new(&p).count().unwrap();
        prop_assert_eq!(counted.count.to_u64(), Some(searched(&p)));
    }

    #[test]
    fn memo_counts_as_dancing_links_does(spec in common::spec(8, 3, 20)) {
        let p = spec.build();
        let counted = Memo::new(&p).count().unwrap();
        prop_assert_eq!(counted.count.to_u64(), Some(searched(&p)));
        prop_assert!(counted.stats.entries <= counted.stats.nodes);
    }

    #[test]
    fn the_zdd_holds_the_solutions_and_reads_back(spec in common::spec(8, 3, 20)) {
        let p = spec.build();
        let (zdd, counted) = Memo::new(&p).zdd().unwrap();
        let solutions = enumerated(&p);
        prop_assert_eq!(counted.count.to_u64(), Some(solutions.len() as u64));
        prop_assert_eq!(zdd.count(), counted.count.clone());
        prop_assert_eq!(listed(&zdd), solutions);
        prop_assert_eq!(counted.stats.zdd_nodes, Some(zdd.len() as u64));
        let mut text = Vec::new();
        zdd.write_knuth(&mut text).unwrap();
        let read = Zdd::read_knuth(std::str::from_utf8(&text).unwrap()).unwrap();
        prop_assert_eq!(read.count(), counted.count);
        prop_assert_eq!(&read, &zdd);
    }

    #[test]
    fn memo_counts_across_words_as_dancing_links_does(p in wide()) {
        let counted = Memo::new(&p).count().unwrap();
        let expected = searched(&p);
        prop_assert!(expected > 0);
        prop_assert_eq!(counted.count.to_u64(), Some(expected));
    }
}
