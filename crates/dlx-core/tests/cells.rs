//! The cells engine against the default engine: the same solutions on every small instance (colored
//! and multiplicities included), the same counts on the GOLDEN.md instances, and limits.

use std::collections::BTreeSet;

use dlx_core::{cells, knuth, Problem, Search, Status};

fn load(file: &str) -> Problem {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    knuth::parse(&text).unwrap().problem
}

/// Every solution, each sorted, and how many were found (to catch one found twice).
fn solution_set(solutions: impl Iterator<Item = Vec<usize>>) -> (BTreeSet<Vec<usize>>, usize) {
    let mut set = BTreeSet::new();
    let mut found = 0;
    for mut s in solutions {
        s.sort_unstable();
        set.insert(s);
        found += 1;
    }
    (set, found)
}

fn same_solutions(file: &str) {
    let problem = load(file);
    let (expected, n) = solution_set(Search::new(&problem).solutions());
    assert_eq!(n, expected.len());
    let mut search = cells::Search::new(&problem);
    let (got, found) = solution_set(search.solutions());
    assert_eq!(found, got.len(), "{file}: a solution was found twice");
    assert_eq!(got, expected, "{file}");
    assert_eq!(search.stats().solutions, n as u64);
}

#[test]
fn the_same_solutions_as_the_default_engine() {
    for file in [
        "toy1.dlx",
        "toy2.dlx",
        "toy3.dlx",
        "rect4x5.dlx",
        "queens8.dlx",
        "queens9.dlx",
        "queens10.dlx",
        "queens11.dlx",
        "queensplain8.dlx",
        "langford3.dlx",
        "langford4.dlx",
        "langford7.dlx",
        "langford8.dlx",
        "sudoku4-empty.dlx",
        "sudoku-inkala.dlx",
        "pento3x20.dlx",
    ] {
        same_solutions(file);
    }
}

fn count(file: &str) -> cells::Stats {
    let mut search = cells::Search::new(&load(file));
    assert_eq!(search.count(), Status::Exhausted);
    search.stats()
}

fn check_count(file: &str, solutions: u64) {
    let stats = count(file);
    assert_eq!(stats.solutions, solutions, "{file}: {stats:?}");
}

#[test]
fn golden_counts() {
    check_count("toy1.dlx", 1);
    check_count("toy2.dlx", 1);
    check_count("toy3.dlx", 1);
    check_count("rect4x5.dlx", 1_309);
    check_count("queens8.dlx", 92);
    check_count("queens9.dlx", 352);
    check_count("queens10.dlx", 724);
    check_count("queens11.dlx", 2_680);
    check_count("queensplain8.dlx", 92);
    check_count("queensplain10.dlx", 724);
    check_count("langford3.dlx", 2);
    check_count("langford4.dlx", 2);
    check_count("langford7.dlx", 52);
    check_count("langford8.dlx", 300);
    check_count("sudoku4-empty.dlx", 288);
    check_count("sudoku-inkala.dlx", 1);
    check_count("pento3x20.dlx", 8);
}

// The long instances (`cargo test --release -p dlx-core --test cells -- --ignored`).

#[test]
#[ignore = "long: run with --release -- --ignored"]
fn long_golden_counts() {
    check_count("queens12.dlx", 14_200);
    check_count("queens13.dlx", 73_712);
    check_count("queens14.dlx", 365_596);
    check_count("queensplain12.dlx", 14_200);
    check_count("langford11.dlx", 35_584);
    check_count("langford12.dlx", 216_288);
    check_count("pento4x15.dlx", 1_472);
    check_count("pento5x12.dlx", 4_040);
    check_count("pento6x10.dlx", 9_356);
    check_count("pento6x10-sym.dlx", 2_339);
    check_count("scott.dlx", 520);
    check_count("scott-any.dlx", 129_168);
    check_count("sudoku6-empty.dlx", 28_200_960);
}

#[test]
fn a_limit_stops_after_exactly_that_many_and_can_be_raised() {
    let problem = load("queens8.dlx");
    let all: Vec<Vec<usize>> = cells::Search::new(&problem).solutions().collect();
    assert_eq!(all.len(), 92);
    for limit in [0, 1, 10, 92, 93] {
        let mut search = cells::Search::new(&problem);
        search.set_limit(Some(limit));
        let first: Vec<Vec<usize>> = search.solutions().collect();
        assert_eq!(first, all[..limit.min(92) as usize], "limit {limit}");
        let status = search.count();
        let expected = if limit <= 92 {
            Status::LimitReached
        } else {
            Status::Exhausted
        };
        assert_eq!(status, expected, "limit {limit}");
        search.set_limit(None);
        let rest: Vec<Vec<usize>> = search.solutions().collect();
        assert_eq!(rest, all[limit.min(92) as usize..], "limit {limit}");
        assert_eq!(search.stats().solutions, 92);
    }
}

#[test]
fn the_empty_sudoku_with_a_limit() {
    let mut search = cells::Search::new(&load("sudoku-empty.dlx"));
    search.set_limit(Some(1000));
    assert_eq!(search.count(), Status::LimitReached);
    assert_eq!(search.stats().solutions, 1000);
}
