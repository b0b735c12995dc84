//! The cells engine on problems with multiplicities (and colors), against dancing links'
//! Algorithm M and against the definition: the same solutions, each once and each a valid cover,
//! however the search is run (stepped, split into units, on a pool of threads, as JSON units).

use std::num::NonZeroUsize;

use dlx_core::{cells, parallel, EngineKind, Search, Stats, Status};
use proptest::prelude::*;

mod common;

/// 1–5 primary items with bounds, 0–4 secondary items, 0–2 colors, up to 10 options.
fn spec() -> impl Strategy<Value = common::Spec> {
    common::bounded_spec(5, 2, 10)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// The same solutions as Algorithm M, each once, each a cover within the bounds; the count
    /// the same counted or iterated, and the sets' invariant kept after every step.
    #[test]
    fn cells_finds_algorithm_ms_solutions(spec in spec(), step in 1..6u64) {
        let p = spec.build();
        let mut links = Search::new(&p);
        let expected: Vec<Vec<usize>> = links.solutions().collect();
        let expected_set = common::sorted_set(&expected);
        prop_assert_eq!(expected_set.len(), expected.len());

        let mut search = cells::Search::new(&p);
        let found: Vec<Vec<usize>> = search.solutions().collect();
        for solution in &found {
            prop_assert!(common::is_cover(&p, solution), "not a cover: {:?}", solution);
        }
        let set = common::sorted_set(&found);
        prop_assert_eq!(found.len(), set.len(), "a solution was found twice");
        prop_assert_eq!(&set, &expected_set);

        let mut counting = cells::Search::new(&p);
        prop_assert_eq!(counting.count(), Status::Exhausted);
        prop_assert_eq!(counting.stats(), search.stats());
        prop_assert_eq!(counting.stats().solutions, links.stats().solutions);

        let mut stepped = cells::Search::new(&p);
        let again = common::stepped_with_checks(&mut stepped, step, cells::Search::check_invariants)
            .map_err(TestCaseError::fail)?;
        prop_assert_eq!(again, found);
        prop_assert_eq!(stepped.stats(), search.stats());
    }

    #[test]
    fn frontiers_and_the_work_done_partition_the_tree(
        spec in spec(),
        budgets in proptest::collection::vec(0..12u64, 1..4),
        by_updates: bool,
    ) {
        common::check_cells_frontiers(&spec.build(), &budgets, by_updates)?;
    }

    #[test]
    fn a_frontier_after_a_solution_partitions_the_rest(spec in spec(), solutions in 1..4usize) {
        let p = spec.build();
        let mut search = cells::Search::new(&p);
        let found: Vec<Vec<usize>> = search.solutions().take(solutions).collect();
        let units = search.frontier_units();
        common::check_cells_partition(&p, found, search.stats().into(), &units)?;
    }

    #[test]
    fn split_units_partition_the_tree(spec in spec(), units in 0..40usize) {
        common::check_cells_split(&spec.build(), units)?;
    }

    #[test]
    fn the_pool_counts_as_one_thread(spec in spec(), threads in 1..4usize, slice in 1..20u64) {
        common::check_cells_pool(&spec.build(), threads, slice)?;
    }
}

/// The family of the benchmarks: n x n 0/1 matrices with two ones in every row and column
/// (OEIS A001499), on one thread, on two, and as units.
#[test]
fn matrices_with_two_ones_per_line() {
    let mut counts = Vec::new();
    for n in 1..=5usize {
        let mut text = String::new();
        for line in ["r", "c"] {
            for k in 0..n {
                text += &format!("2|{line}{k} ");
            }
        }
        text.push('\n');
        for r in 0..n {
            for c in 0..n {
                text += &format!("r{r} c{c}\n");
            }
        }
        let p = dlx_core::knuth::parse(&text).unwrap().problem;
        let mut links = Search::new(&p);
        links.count();
        let mut search = cells::Search::new(&p);
        assert_eq!(search.count(), Status::Exhausted);
        assert_eq!(search.stats().solutions, links.stats().solutions);
        let two = NonZeroUsize::new(2).unwrap();
        let pool = parallel::Pool::new(&p, two).with_engine(EngineKind::Cells);
        let report = pool.count(&[]).unwrap();
        assert_eq!(report.stats, Stats::from(search.stats()));
        let split = parallel::split(&p, &[], 7, EngineKind::Cells).unwrap();
        let units: u64 = split
            .units
            .iter()
            .map(|u| common::run_cells_unit(&p, u).1.solutions)
            .sum();
        assert_eq!(units, search.stats().solutions);
        counts.push(search.stats().solutions);
    }
    // By brute force over the rows: each a pair of columns, each column used twice.
    let brute = |n: usize| -> u64 {
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect();
        fn rows(left: usize, used: &mut [u32], pairs: &[(usize, usize)]) -> u64 {
            if left == 0 {
                return u64::from(used.iter().all(|&u| u == 2));
            }
            let mut total = 0;
            for &(a, b) in pairs {
                if used[a] < 2 && used[b] < 2 {
                    used[a] += 1;
                    used[b] += 1;
                    total += rows(left - 1, used, pairs);
                    used[a] -= 1;
                    used[b] -= 1;
                }
            }
            total
        }
        rows(n, &mut vec![0; n], &pairs)
    };
    let expected: Vec<u64> = (1..=5).map(brute).collect();
    assert_eq!(counts, expected);
}
