//! `dlx gen domino` and `dlx cover --count --memo`: exact counts, statistics, the memory bound,
//! the limits and what is refused.

mod common;

use common::{ends, succeeds};

#[test]
fn counts_domino_tilings_by_memo() {
    let (board, _) = succeeds(&["gen", "domino", "8"], "");
    assert!(board.starts_with("| dlx gen domino 8\n"));
    let (count, stats) = succeeds(&["cover", "--count", "--memo", "--stats", "-"], board);
    assert_eq!(count, "12988816\n");
    assert!(stats.starts_with("solutions=12988816 nodes="), "{stats}");
    assert!(stats.contains(" entries=") && stats.contains(" hits="));
    assert!(stats.trim_end().ends_with("engine=memo"), "{stats}");
}

#[test]
fn counts_beyond_64_bits_exactly() {
    let (board, _) = succeeds(&["gen", "domino", "12"], "");
    let (count, _) = succeeds(&["cover", "--count", "--memo", "-"], board);
    assert_eq!(count, "53060477521960000\n");
    // More than a u64 holds.
    let (board, _) = succeeds(&["gen", "domino", "14"], "");
    let (count, _) = succeeds(&["cover", "--count", "--memo", "-"], board);
    assert_eq!(count, "112202208776036178000000\n");
}

#[test]
fn no_tiling_counts_zero_with_exit_code_1() {
    let (board, _) = succeeds(&["gen", "domino", "3"], "");
    let (count, _) = ends(&["cover", "--count", "--memo", "-"], board, 1);
    assert_eq!(count, "0\n");
}

#[test]
fn stops_at_its_limits_with_exit_code_3() {
    let (board, _) = succeeds(&["gen", "domino", "8"], "");
    let (count, why) = ends(
        &["cover", "--count", "--memo", "--max-memory", "16K", "-"],
        board.clone(),
        3,
    );
    // The solutions counted so far, a lower bound.
    assert!(count.ends_with("+\n"), "{count}");
    assert!(why.contains("--max-memory 16384 ran out"), "{why}");
    let (count, why) = ends(
        &["cover", "--count", "--memo", "--budget", "10", "-"],
        board,
        3,
    );
    assert_eq!(count, "0+\n");
    assert!(why.contains("the budget of 10 nodes ran out"), "{why}");
}

#[test]
fn refuses_what_it_does_not_count() {
    let multiplicity = "2|A B\nA\nA B\n";
    let (_, why) = ends(&["cover", "--count", "--memo", "-"], multiplicity, 2);
    assert!(why.contains("multiplicities"), "{why}");
    let toy = "A B\nA\nB\n";
    for extra in [
        &["--threads", "2"][..],
        &["--limit", "1"],
        &["--engine", "cells"],
    ] {
        let mut args = vec!["cover", "--count", "--memo"];
        args.extend(extra);
        args.push("-");
        let (_, why) = ends(&args, toy, 2);
        assert!(why.contains("--memo"), "{why}");
    }
    // --memo counts: without --count it is a usage error.
    ends(&["cover", "--memo", "-"], toy, 2);
    let (_, why) = ends(&["gen", "domino", "0"], "", 2);
    assert!(why.contains("at least one row"), "{why}");
}
