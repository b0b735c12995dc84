//! `dlx cover`: output format, counting, limits, statistics, exit codes, bad input.

use predicates::prelude::*;

mod common;

use common::{data, dlx};

#[test]
fn prints_every_solution_as_its_options() {
    dlx()
        .args(["cover", &data("toy1.dlx")])
        .assert()
        .success()
        .stdout("A D\nC E F\nB G\n");
}

#[test]
fn prints_colors_and_separates_solutions_by_an_empty_line() {
    dlx()
        .args(["cover", &data("toy2.dlx")])
        .assert()
        .success()
        .stdout("A C X:1 Y:1\nB X:1\n");
    let out = dlx()
        .args(["cover", &data("langford3.dlx")])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let solutions: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(solutions.len(), 2, "{text}");
    assert!(solutions.iter().all(|s| s.trim_end().lines().count() == 3));
}

#[test]
fn reads_standard_input() {
    let text = std::fs::read_to_string(data("toy1.dlx")).unwrap();
    for args in [&["cover"][..], &["cover", "-"][..]] {
        dlx()
            .args(args)
            .write_stdin(text.clone())
            .assert()
            .success()
            .stdout("A D\nC E F\nB G\n");
    }
}

#[test]
fn counts_and_limits() {
    dlx()
        .args(["cover", "--count", &data("queens8.dlx")])
        .assert()
        .success()
        .stdout("92\n");
    dlx()
        .args(["cover", "--count", "--limit", "10", &data("queens8.dlx")])
        .assert()
        .success()
        .stdout("10\n");
    let out = dlx()
        .args(["cover", "--limit", "3", &data("queens8.dlx")])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(text.split("\n\n").count(), 3);
}

#[test]
fn stats_line_on_stderr() {
    dlx()
        .args(["cover", "--count", "--stats", &data("queens8.dlx")])
        .assert()
        .success()
        .stdout("92\n")
        .stderr(
            predicate::str::is_match(
                r"^solutions=92 nodes=1049 updates=16680 seconds=[0-9]+\.[0-9]{4}\n$",
            )
            .unwrap(),
        );
}

#[test]
fn no_solution_exits_1() {
    dlx()
        .args(["cover", &data("unsolvable.dlx")])
        .assert()
        .code(1)
        .stdout("");
    dlx()
        .args(["cover", "--count", &data("unsolvable.dlx")])
        .assert()
        .code(1)
        .stdout("0\n");
}

#[test]
fn bad_input_exits_2_with_file_line_and_column() {
    let file = data("unknown_item.dlx");
    dlx()
        .args(["cover", &file])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(format!("{file}:2:3:")))
        .stderr(predicate::str::contains("Q"))
        .stderr(predicate::str::contains("panicked").not());
}

#[test]
fn missing_file_and_bad_usage_exit_2() {
    dlx()
        .args(["cover", &data("no-such-file.dlx")])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no-such-file.dlx"));
    dlx().args(["cover", "--limit", "x"]).assert().code(2);
    dlx().args(["frobnicate"]).assert().code(2);
}

#[test]
fn invalid_utf8_is_reported_with_its_position() {
    dlx()
        .arg("cover")
        .write_stdin(b"A B\nA \xff\n".to_vec())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("<stdin>:2:3: invalid UTF-8"));
}

#[test]
fn options_without_primary_items_are_ignored_with_a_warning() {
    let file = data("toy2.dlx");
    dlx()
        .args(["cover", "--count", &file])
        .assert()
        .success()
        .stdout("1\n")
        .stderr(predicate::str::contains(format!(
            "{file}:5: warning: option ignored"
        )));
}

#[test]
fn multiplicities_are_solved_by_algorithm_m() {
    dlx()
        .args(["cover", "--stats", &data("toy3.dlx")])
        .assert()
        .success()
        .stdout("A C X:1 Y:1\nB X:1\nC Y:1\n")
        .stderr(predicate::str::starts_with(
            "solutions=1 nodes=6 updates=14 ",
        ));
}

#[test]
fn the_cells_engine_finds_the_same_solutions() {
    dlx()
        .args(["cover", "--engine", "cells", &data("toy1.dlx")])
        .assert()
        .success()
        .stdout(predicate::str::contains("A D\n"))
        .stdout(predicate::str::contains("C E F\n"))
        .stdout(predicate::str::contains("B G\n"));
    dlx()
        .args([
            "cover",
            "--engine",
            "cells",
            "--count",
            &data("queens8.dlx"),
        ])
        .assert()
        .success()
        .stdout("92\n");
    dlx()
        .args(["cover", "--engine", "cells", "--count", "--limit", "10"])
        .arg(data("queens8.dlx"))
        .assert()
        .success()
        .stdout("10\n");
    dlx()
        .args(["cover", "--engine", "cells", "--count", "--stats"])
        .arg(data("queens8.dlx"))
        .assert()
        .success()
        .stderr(
            predicate::str::is_match(
                r"^solutions=92 nodes=[0-9]+ updates=[0-9]+ forced=[0-9]+ seconds=[0-9.]+\n$",
            )
            .unwrap(),
        );
    dlx()
        .args(["cover", "--engine", "cells", &data("unsolvable.dlx")])
        .assert()
        .code(1);
}

#[test]
fn the_cells_engine_refuses_colors_and_multiplicities() {
    for (file, what) in [("toy2.dlx", "colors"), ("toy3.dlx", "multiplicities")] {
        dlx()
            .args(["cover", "--engine", "cells", &data(file)])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(format!("does not support {what}")));
    }
    dlx()
        .args(["cover", "--engine", "links", &data("toy1.dlx")])
        .assert()
        .code(2);
}

#[test]
fn a_budget_stops_the_search_and_says_it_is_unfinished() {
    // 92 solutions in 1049 nodes: 100 nodes are not enough.
    dlx()
        .args(["cover", &data("queens8.dlx"), "--count", "--budget", "100"])
        .assert()
        .code(3)
        .stdout("10+\n")
        .stderr(predicate::str::contains("dlx: unfinished:"));
    let out = dlx()
        .args(["cover", &data("queens8.dlx"), "--budget", "100"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("after 10 solutions"))
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.split("\n\n").count(), 10, "{text}");
    // Enough budget: the whole search, as without one; a threads request is overruled.
    dlx()
        .args([
            "cover",
            &data("queens8.dlx"),
            "--count",
            "--budget",
            "100000",
        ])
        .args(["--threads", "2"])
        .assert()
        .code(0)
        .stdout("92\n")
        .stderr("");
    dlx()
        .args(["cover", &data("unsolvable.dlx"), "--budget", "1000"])
        .assert()
        .code(1);
}
