//! Algorithm M against brute force: on small random problems whose primary items carry
//! multiplicities, the search finds exactly the subsets of options a brute-force enumeration finds.

use std::collections::BTreeSet;

use dlx_core::{Entry, Problem, ProblemBuilder, Search, Status};
use proptest::prelude::*;

/// A random problem: per primary item its bounds, the number of secondary items and colors, and
/// the options as (item, color) lists.
#[derive(Clone, Debug)]
struct Spec {
    bounds: Vec<(u32, u32)>,
    secondary: usize,
    options: Vec<Vec<(usize, u32)>>,
}

fn spec() -> impl Strategy<Value = Spec> {
    (1usize..=4, 0usize..=2, 0u32..=2)
        .prop_flat_map(|(primary, secondary, colors)| {
            let bounds = prop::collection::vec((0u32..=2, 0u32..=2), primary).prop_map(|b| {
                b.into_iter()
                    .map(|(lo, extra)| (lo, (lo + extra).max(1)))
                    .collect::<Vec<_>>()
            });
            let items = primary + secondary;
            let option =
                prop::collection::btree_set(0..items, 1..=items.min(4)).prop_flat_map(move |set| {
                    let set: Vec<usize> = set.into_iter().collect();
                    let n = set.len();
                    (Just(set), prop::collection::vec(0..=colors, n))
                });
            let options = prop::collection::vec(option, 0..=9);
            (bounds, Just(secondary), options)
        })
        .prop_map(|(bounds, secondary, options)| {
            let primary = bounds.len();
            let options = options
                .into_iter()
                .map(|(items, colors)| {
                    items
                        .into_iter()
                        .zip(colors)
                        .map(|(item, color)| (item, if item < primary { 0 } else { color }))
                        .collect()
                })
                .collect();
            Spec {
                bounds,
                secondary,
                options,
            }
        })
}

fn build(spec: &Spec) -> (Problem, Vec<usize>) {
    let mut b = ProblemBuilder::new();
    for (k, &(lo, hi)) in spec.bounds.iter().enumerate() {
        b.primary_with_bounds(format!("p{k}"), lo, hi).unwrap();
    }
    for k in 0..spec.secondary {
        b.secondary(format!("s{k}")).unwrap();
    }
    for c in 1..=2 {
        b.color(&format!("c{c}")).unwrap();
    }
    // Which input option each kept option is (options without a primary item are dropped).
    let mut kept = Vec::new();
    for (k, option) in spec.options.iter().enumerate() {
        let entries = option.iter().map(|&(item, color)| Entry { item, color });
        if b.option(entries).unwrap().is_some() {
            kept.push(k);
        }
    }
    (b.build().unwrap(), kept)
}

fn is_solution(spec: &Spec, chosen: &[usize]) -> bool {
    let primary = spec.bounds.len();
    let items = primary + spec.secondary;
    let mut times = vec![0u32; items];
    let mut colors: Vec<BTreeSet<u32>> = vec![BTreeSet::new(); items];
    for &o in chosen {
        for &(item, color) in &spec.options[o] {
            times[item] += 1;
            colors[item].insert(color);
        }
    }
    let primary_ok = (0..primary).all(|i| {
        let (lo, hi) = spec.bounds[i];
        (lo..=hi).contains(&times[i])
    });
    let secondary_ok = (primary..items)
        .all(|i| times[i] <= 1 || (colors[i].len() == 1 && !colors[i].contains(&0)));
    primary_ok && secondary_ok
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn algorithm_m_finds_exactly_the_brute_force_solutions(spec in spec()) {
        let (problem, kept) = build(&spec);
        let mut search = Search::new(&problem);
        let mut found = BTreeSet::new();
        for solution in search.solutions() {
            let mut inputs: Vec<usize> = solution.iter().map(|&o| kept[o]).collect();
            inputs.sort_unstable();
            prop_assert!(found.insert(inputs.clone()), "found twice: {:?}", inputs);
        }
        prop_assert_eq!(search.step(), Status::Exhausted);
        let mut expected = BTreeSet::new();
        for mask in 0u32..(1 << kept.len()) {
            let chosen: Vec<usize> =
                (0..kept.len()).filter(|b| mask >> b & 1 == 1).map(|b| kept[b]).collect();
            if is_solution(&spec, &chosen) {
                expected.insert(chosen);
            }
        }
        prop_assert_eq!(found, expected);
    }

    /// Tweaks and bounds keep the links' invariant after every step, pauses included.
    #[test]
    fn the_links_keep_their_invariant_under_algorithm_m(spec in spec(), step in 1..6u64) {
        let (problem, _) = build(&spec);
        let mut search = Search::new(&problem);
        search.check_invariants().map_err(TestCaseError::fail)?;
        let mut allowed = 0;
        loop {
            allowed += step;
            search.set_budget(dlx_core::Budget::Nodes(allowed));
            let status = search.step();
            prop_assert_eq!(search.check_invariants(), Ok(()), "after {:?}", status);
            if !matches!(status, Status::Solution | Status::Stopped(_)) {
                break;
            }
        }
    }

    /// The SAT engine (cardinality constraints for the bounds) finds the same solutions, each
    /// accepted by its validator.
    #[cfg(feature = "sat")]
    #[test]
    fn the_sat_engine_finds_the_same_solutions(spec in spec()) {
        let (problem, kept) = build(&spec);
        let mut expected = BTreeSet::new();
        for solution in Search::new(&problem).solutions() {
            let mut solution = solution;
            solution.sort_unstable();
            expected.insert(solution);
        }
        let mut search = dlx_core::sat::Search::new(&problem).unwrap();
        let mut found = BTreeSet::new();
        while search.step() == Status::Solution {
            let solution = search.solution().to_vec();
            prop_assert_eq!(dlx_core::sat::check(&problem, &solution), Ok(()));
            let inputs: Vec<usize> = solution.iter().map(|&o| kept[o]).collect();
            prop_assert!(is_solution(&spec, &inputs));
            prop_assert!(found.insert(solution));
        }
        prop_assert_eq!(found, expected);
    }
}
