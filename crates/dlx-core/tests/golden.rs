//! Solutions, nodes and updates of every instance against Knuth's figures (GOLDEN.md).

use dlx_core::{knuth, Search, Status};
use dlx_test_support::golden::{self, Golden};

/// Below this many updates, an instance is searched in every test run; the larger ones take
/// seconds to minutes each in a release build, and run only with
/// `cargo test --release -p dlx-core --test golden -- --ignored`.
const QUICK_UPDATES: u64 = 11_000_000;

/// Whether an instance is searched in every test run. Those whose figures are not all known are
/// long (or, without a solution count, not searched to the end at all).
fn quick(golden: &Golden) -> bool {
    golden
        .updates
        .is_some_and(|updates| updates < QUICK_UPDATES)
}

/// Counts the solutions of an instance and checks the figures GOLDEN.md knows of it.
fn check(golden: Golden) {
    let path = format!("{}/tests/data/{}", env!("CARGO_MANIFEST_DIR"), golden.file);
    let text = std::fs::read_to_string(&path).unwrap();
    golden::check(&knuth::parse(&text).unwrap().problem, golden);
}

#[test]
fn quick_instances() {
    let quick: Vec<Golden> = golden::all().filter(quick).collect();
    assert_eq!(quick.len(), 20);
    quick.into_iter().for_each(check);
}

#[test]
#[ignore = "long: run with --release -- --ignored"]
fn long_instances() {
    golden::all()
        .filter(|golden| golden.solutions.is_some() && !quick(golden))
        .for_each(check);
}

#[test]
fn empty_sudoku_with_a_limit() {
    let text = std::fs::read_to_string(format!(
        "{}/tests/data/sudoku-empty.dlx",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let problem = knuth::parse(&text).unwrap().problem;
    let mut search = Search::new(&problem);
    search.set_limit(Some(1000));
    assert_eq!(search.count(), Status::LimitReached);
    assert_eq!(search.stats().solutions, 1000);
}
