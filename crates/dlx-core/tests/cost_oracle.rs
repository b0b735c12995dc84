//! The cheapest solutions against brute force on small random problems with costs and colors:
//! every subset of the options checked directly, its cost added up, the `k` least costs kept.

use dlx_core::cost::Cheapest;
use dlx_core::{knuth, Entry, Problem, Stop};
use proptest::prelude::*;

mod common;

/// Builds `spec`'s problem (its bounds too) with option `o` costing `costs[o % costs.len()]`.
fn priced(spec: &common::Spec, costs: &[u64]) -> Problem {
    let p = spec.build();
    let priced = (0..p.option_count())
        .map(|o| costs[o % costs.len()])
        .collect();
    p.with_costs(priced).unwrap()
}

/// Whether `options` cover every primary item within its bounds (once, without multiplicities),
/// and every secondary item at most once or only with options that give it one and the same color.
fn is_solution(p: &Problem, options: &[usize]) -> bool {
    let mut given: Vec<Vec<u32>> = vec![Vec::new(); p.item_count()];
    for &o in options {
        for &Entry { item, color } in p.option(o) {
            given[item].push(color);
        }
    }
    given.iter().enumerate().all(|(item, colors)| {
        if item < p.primary_count() {
            let (min, max) = p.bounds(item);
            (min as usize..=max as usize).contains(&colors.len())
        } else {
            colors.len() <= 1 || (colors[0] != 0 && colors.iter().all(|&c| c == colors[0]))
        }
    })
}

/// The costs of all solutions, least first, by trying every subset of the options.
fn brute_costs(p: &Problem) -> Vec<u64> {
    let m = p.option_count();
    let mut costs = Vec::new();
    for mask in 0u32..1 << m {
        let options: Vec<usize> = (0..m).filter(|&o| mask >> o & 1 == 1).collect();
        if is_solution(p, &options) {
            costs.push(options.iter().map(|&o| p.cost(o)).sum());
        }
    }
    costs.sort_unstable();
    costs
}

/// Checks the `k` cheapest solutions of `p` against a brute force: the least `k` costs of all
/// solutions, each answer a cover whose options' costs add up to its cost.
fn cheapest_are_brute_forces(p: &Problem, k: usize) -> Result<(), TestCaseError> {
    let all = brute_costs(p);
    let best = Cheapest::new(p).keep(k).search().unwrap();
    prop_assert_eq!(best.stopped, None);
    let found: Vec<u64> = best.solutions.iter().map(|s| s.cost).collect();
    prop_assert_eq!(&found[..], &all[..k.min(all.len())]);
    for s in &best.solutions {
        prop_assert!(is_solution(p, &s.options), "{:?} is no solution", s.options);
        prop_assert_eq!(s.cost, s.options.iter().map(|&o| p.cost(o)).sum::<u64>());
    }
    Ok(())
}

/// Costs of options: zeros often, else up to 29.
fn costs() -> impl Strategy<Value = Vec<u64>> {
    proptest::collection::vec(prop_oneof![Just(0u64), 0..30u64], 1..8)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn the_k_cheapest_are_brute_forces_k_least(
        spec in common::spec(7, 2, 13),
        costs in costs(),
        k in 1..6usize,
    ) {
        cheapest_are_brute_forces(&priced(&spec, &costs), k)?;
    }

    #[test]
    fn with_multiplicities_too(
        spec in common::bounded_spec(5, 2, 12),
        costs in costs(),
        k in 1..6usize,
    ) {
        cheapest_are_brute_forces(&priced(&spec, &costs), k)?;
    }
}

#[test]
fn knuths_cost_entries_add_up_and_write_back() {
    let text = "A B C | X\nA B |5 |2\nC X:red |1\nA |0\nB C |2\n";
    let p = knuth::parse(text).unwrap().problem;
    assert_eq!((0..4).map(|o| p.cost(o)).collect::<Vec<_>>(), [7, 1, 0, 2]);
    let written = knuth::write(&p);
    assert_eq!(written, "A B C | X\nA B |7\nC X:red |1\nA\nB C |2\n");
    let again = knuth::parse(&written).unwrap().problem;
    assert_eq!(knuth::write(&again), written);
    let best = Cheapest::new(&p).keep(3).search().unwrap();
    let costs: Vec<u64> = best.solutions.iter().map(|s| s.cost).collect();
    assert_eq!(costs, [2, 8]);
}

#[test]
fn a_bad_cost_is_an_error_at_its_column() {
    for (text, column) in [
        ("A B\nA B |x\n", 5),
        ("A B\nA |\n", 3),
        ("A B\nA B |99999999999999999999\n", 5),
        ("A B\nA B |18446744073709551615 |1\n", 27),
    ] {
        let error = knuth::parse(text).unwrap_err();
        assert_eq!((error.line, error.column), (2, column), "{text:?}: {error}");
    }
    // Two options whose costs together pass a u64: the second one's cost is at fault.
    let error = knuth::parse("A B\nA |18446744073709551615\nB |1\n").unwrap_err();
    assert_eq!((error.line, error.column), (3, 3), "{error}");
}

#[test]
fn a_budget_stops_with_the_best_so_far() {
    // 8 items in a row, covered by singletons or pairs: many solutions.
    let mut text = String::from("a b c d e f g h\n");
    let names = ["a", "b", "c", "d", "e", "f", "g", "h"];
    for (i, n) in names.iter().enumerate() {
        text += &format!("{n} |{}\n", 3 + i % 2);
        if i + 1 < names.len() {
            text += &format!("{n} {} |{}\n", names[i + 1], 5 + i % 3);
        }
    }
    let p = knuth::parse(&text).unwrap().problem;
    let whole = Cheapest::new(&p).keep(2).search().unwrap();
    assert_eq!(whole.stopped, None);
    let stop = Stop::new().with_budget(dlx_core::Budget::Nodes(3));
    let cut = Cheapest::new(&p).keep(2).with_stop(stop).search().unwrap();
    assert_eq!(cut.stopped, Some(dlx_core::StopReason::Budget));
    assert!(cut.stats.nodes < whole.stats.nodes);
}
