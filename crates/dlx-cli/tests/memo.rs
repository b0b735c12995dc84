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
    // Multiplicities are counted, but no ZDD of their solutions is built.
    let multiplicity = "2|A B\nA\nA B\n";
    let (_, why) = ends(&["cover", "--zdd", "-"], multiplicity, 2);
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

#[test]
fn counts_multiplicities_by_memo_and_takes_it_by_itself() {
    // 0/1 matrices with two ones in every row and column: OEIS A001499.
    for (n, expected) in [(3, "6\n"), (5, "2040\n"), (7, "3110940\n")] {
        let (matrices, _) = succeeds(&["gen", "matrices", &n.to_string()], "");
        let (count, stats) = succeeds(
            &["cover", "--count", "--memo", "--stats", "-"],
            matrices.clone(),
        );
        assert_eq!(count, expected, "n = {n}");
        assert!(stats.trim_end().ends_with("engine=memo"), "{stats}");
        if n == 7 {
            // Long enough for the trial: the plain count takes the memo too.
            let (count, stats) = succeeds(&["cover", "--count", "--stats", "-"], matrices);
            assert_eq!(count, expected);
            assert!(stats.trim_end().ends_with("engine=memo"), "{stats}");
        }
    }
    // A bound cuts the count short with the solutions counted so far.
    let (matrices, _) = succeeds(&["gen", "matrices", "7"], "");
    let (count, why) = ends(
        &["cover", "--count", "--memo", "--max-memory", "64K", "-"],
        matrices,
        3,
    );
    assert!(count.ends_with("+\n"), "{count}");
    assert!(why.contains("--max-memory 65536 ran out"), "{why}");
}

#[test]
fn writes_the_zdd_and_draws_solutions_from_it() {
    let (board, _) = succeeds(&["gen", "domino", "4"], "");
    let (count, stats) = succeeds(&["cover", "--zdd", "--stats", "-"], board.clone());
    assert_eq!(count, "36\n");
    assert!(stats.contains(" zdd-nodes="), "{stats}");
    let dir = std::env::temp_dir().join(format!("dlx-zdd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("d4.zdd");
    let path = file.to_str().unwrap();
    let (count, _) = succeeds(&["cover", "--zdd-out", path, "-"], board.clone());
    assert_eq!(count, "36\n");
    let text = std::fs::read_to_string(&file).unwrap();
    let zdd = dlx_core::memo::Zdd::read_knuth(&text).unwrap();
    assert_eq!(zdd.count().to_u64(), Some(36));
    // The root line last, as Knuth's dlx6 writes it.
    assert!(text.lines().last().unwrap().contains(": (~0?0:"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();

    let (drawn, _) = succeeds(
        &["cover", "--sample", "3", "--seed", "9", "-"],
        board.clone(),
    );
    let tilings: Vec<&str> = drawn.split("\n\n").collect();
    assert_eq!(tilings.len(), 3, "{drawn}");
    for tiling in &tilings {
        // 8 dominoes, 16 cells each once.
        let mut cells: Vec<&str> = tiling.split_whitespace().collect();
        assert_eq!(tiling.lines().count(), 8, "{tiling}");
        cells.sort_unstable();
        cells.dedup();
        assert_eq!(cells.len(), 16, "{tiling}");
    }
    let (again, _) = succeeds(
        &["cover", "--sample", "3", "--seed", "9", "-"],
        board.clone(),
    );
    assert_eq!(again, drawn);
    let (other, _) = succeeds(
        &["cover", "--sample", "3", "--seed", "10", "-"],
        board.clone(),
    );
    assert_ne!(other, drawn);
    // A sample prints solutions, not a count.
    ends(&["cover", "--sample", "3", "--count", "-"], board, 2);
    let (none, why) = ends(&["cover", "--sample", "2", "-"], "a b\na\n", 1);
    assert_eq!(none, "");
    assert!(why.contains("no solution"), "{why}");
}

#[test]
fn count_takes_the_memo_where_it_pays() {
    let (board, _) = succeeds(&["gen", "domino", "10"], "");
    let (count, stats) = succeeds(&["cover", "--count", "--stats", "-"], board.clone());
    assert_eq!(count, "258584046368\n");
    assert!(stats.trim_end().ends_with("engine=memo"), "{stats}");
    // On two threads too: the memo runs beside them.
    let (count, stats) = succeeds(
        &["cover", "--count", "--stats", "--threads", "2", "-"],
        board,
    );
    assert_eq!(count, "258584046368\n");
    assert!(stats.trim_end().ends_with("engine=memo"), "{stats}");
    // Where sub-problems do not repeat, the search answers (after a trial of the memo, if the
    // count lasts long enough for one).
    let queens = std::fs::read_to_string("../dlx-core/tests/data/queens13.dlx").unwrap();
    let (count, stats) = succeeds(&["cover", "--count", "--stats", "-"], queens);
    assert_eq!(count, "73712\n");
    assert!(stats.contains(" memo-checks="), "{stats}");
    assert!(stats.contains(" engine=cells"), "{stats}");
}

#[test]
fn a_zdd_count_is_one_machines_job() {
    let (_, why) = ends(&["split", "--zdd", "-"], "a b\na b\n", 2);
    assert!(why.contains("one machine"), "{why}");
}
