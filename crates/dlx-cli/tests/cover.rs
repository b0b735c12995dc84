//! `dlx cover`: output format, counting, limits, statistics, exit codes, bad input.

use predicates::prelude::*;

mod common;

use common::{assert_prints, assert_run, data, dlx};

#[test]
fn prints_solutions_and_counts_with_their_exit_codes() {
    let (toy1, toy2) = (data("toy1.dlx"), data("toy2.dlx"));
    let (queens8, unsolvable) = (data("queens8.dlx"), data("unsolvable.dlx"));
    let cases: [(&[&str], i32, &str); 10] = [
        // Each solution as its options, a line each.
        (&["cover", &toy1], 0, "A D\nC E F\nB G\n"),
        // With colors.
        (&["cover", &toy2], 0, "A C X:1 Y:1\nB X:1\n"),
        (&["cover", "--count", &queens8], 0, "92\n"),
        (&["cover", "--count", "--limit", "10", &queens8], 0, "10\n"),
        (&["cover", &unsolvable], 1, ""),
        (&["cover", "--count", &unsolvable], 1, "0\n"),
        (
            &["cover", "--engine", "cells", "--count", &queens8],
            0,
            "92\n",
        ),
        (
            &[
                "cover", "--engine", "cells", "--count", "--limit", "10", &queens8,
            ],
            0,
            "10\n",
        ),
        (&["cover", "--engine", "cells", &unsolvable], 1, ""),
        (&["cover", &unsolvable, "--budget", "1000"], 1, ""),
    ];
    for (args, code, stdout) in cases {
        assert_prints(args, code, stdout);
    }
}

/// The solutions `args` print, split at their empty lines.
fn solutions(args: &[&str]) -> Vec<String> {
    let out = dlx().args(args).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    text.split("\n\n").map(str::to_string).collect()
}

#[test]
fn separates_solutions_by_an_empty_line() {
    let langford = solutions(&["cover", &data("langford3.dlx")]);
    assert_eq!(langford.len(), 2, "{langford:?}");
    assert!(langford.iter().all(|s| s.trim_end().lines().count() == 3));
    assert_eq!(
        solutions(&["cover", "--limit", "3", &data("queens8.dlx")]).len(),
        3
    );
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
fn stats_line_on_stderr() {
    assert_prints(
        &[
            "cover",
            "--count",
            "--stats",
            "--engine",
            "dlx",
            &data("queens8.dlx"),
        ],
        0,
        "92\n",
    )
    .stderr(
        predicate::str::is_match(
            r"^solutions=92 nodes=1049 updates=16680 seconds=[0-9]+\.[0-9]{4} engine=dlx\n$",
        )
        .unwrap(),
    );
    // A count without an engine asked for takes dancing cells, on one thread as on two.
    for threads in ["1", "2"] {
        let queens8 = data("queens8.dlx");
        let args = [
            "cover",
            "--count",
            "--stats",
            "--threads",
            threads,
            &queens8,
        ];
        assert_prints(&args, 0, "92\n").stderr(
            predicate::str::is_match(r"^solutions=92 nodes=[0-9]+ .* engine=cells\n").unwrap(),
        );
    }
}

#[test]
fn bad_input_exits_2_with_file_line_and_column() {
    let file = data("unknown_item.dlx");
    assert_prints(&["cover", &file], 2, "")
        .stderr(predicate::str::contains(format!("{file}:2:3:")))
        .stderr(predicate::str::contains("Q"))
        .stderr(predicate::str::contains("panicked").not());
}

#[test]
fn missing_file_and_bad_usage_exit_2() {
    assert_prints(&["cover", &data("no-such-file.dlx")], 2, "")
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
    assert_prints(&["cover", "--count", &file], 0, "1\n").stderr(predicate::str::contains(
        format!("{file}:5: warning: option ignored"),
    ));
}

#[test]
fn multiplicities_are_solved_by_algorithm_m() {
    assert_prints(
        &["cover", "--stats", &data("toy3.dlx")],
        0,
        "A C X:1 Y:1\nB X:1\nC Y:1\n",
    )
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
        .args(["cover", "--engine", "cells", "--count", "--stats", "--threads", "1"])
        .arg(data("queens8.dlx"))
        .assert()
        .success()
        .stderr(
            predicate::str::is_match(
                r"^solutions=92 nodes=[0-9]+ updates=[0-9]+ forced=[0-9]+ seconds=[0-9.]+ engine=cells\n$",
            )
            .unwrap(),
        );
}

#[test]
fn the_cells_engine_counts_on_the_threads_asked_for_as_on_one() {
    let one = dlx()
        .args(["cover", "--engine", "cells", "--count", "--stats"])
        .arg(data("queens8.dlx"))
        .output()
        .unwrap();
    let two = dlx()
        .args([
            "cover",
            "--engine",
            "cells",
            "--count",
            "--stats",
            "--threads",
            "2",
        ])
        .arg(data("queens8.dlx"))
        .output()
        .unwrap();
    assert!(one.status.success() && two.status.success());
    assert_eq!(one.stdout, b"92\n");
    assert_eq!(two.stdout, b"92\n");
    // The same nodes and updates: the pool adds up the cells tree exactly.
    let figures = |stderr: &[u8]| {
        let text = String::from_utf8_lossy(stderr).to_string();
        text.split(' ')
            .filter(|f| f.starts_with("nodes=") || f.starts_with("updates="))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(figures(&one.stderr).len(), 2);
    assert_eq!(figures(&one.stderr), figures(&two.stderr));
}

#[test]
fn the_cells_engine_takes_colors_and_multiplicities() {
    assert_prints(
        &["cover", "--engine", "cells", &data("toy2.dlx")],
        0,
        "A C X:1 Y:1\nB X:1\n",
    );
    // Knuth's toy3 (`2:3|C`): dancing links' one solution, its options in the order taken.
    assert_prints(
        &["cover", "--engine", "cells", &data("toy3.dlx")],
        0,
        "A C X:1 Y:1\nC Y:1\nB X:1\n",
    );
    for threads in ["1", "2"] {
        assert_prints(
            &[
                "cover",
                "--engine",
                "cells",
                "--count",
                "--threads",
                threads,
                &data("toy3.dlx"),
            ],
            0,
            "1\n",
        );
    }
    dlx()
        .args(["cover", "--engine", "links", &data("toy1.dlx")])
        .assert()
        .code(2);
}

#[test]
fn a_budget_stops_the_search_and_says_it_is_unfinished() {
    let queens8 = data("queens8.dlx");
    // 92 solutions in 1049 nodes: 100 nodes are not enough.
    assert_prints(
        &[
            "cover", &queens8, "--count", "--budget", "100", "--engine", "dlx",
        ],
        3,
        "10+\n",
    )
    .stderr(predicate::str::contains("dlx: unfinished:"));
    // Dancing cells, which count by default, search fewer nodes, but not fewer than 100 here.
    dlx()
        .args(["cover", &queens8, "--count", "--budget", "100"])
        .assert()
        .code(3)
        .stdout(predicate::str::is_match(r"^[0-9]+\+\n$").unwrap())
        .stderr(predicate::str::contains("dlx: unfinished:"));
    let out = dlx()
        .args(["cover", &queens8, "--budget", "100"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("after 10 solutions"))
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.split("\n\n").count(), 10, "{text}");
    // Enough budget: the whole search, as without one; a threads request is overruled.
    let enough = [
        "cover",
        &queens8,
        "--count",
        "--budget",
        "100000",
        "--threads",
        "2",
    ];
    assert_prints(&enough, 0, "92\n").stderr("");
}

#[test]
fn generated_matrices_count_alike_on_every_engine_and_thread() {
    let generated = dlx().args(["gen", "matrices", "5"]).output().unwrap();
    assert!(generated.status.success());
    let problem = String::from_utf8(generated.stdout).unwrap();
    assert!(
        problem.starts_with("| dlx gen matrices 5 2\n2|r0 "),
        "{problem}"
    );
    // OEIS A001499: 2040 matrices of side 5 with two ones per row and column.
    for args in [
        &["--engine", "cells", "--threads", "1"][..],
        &["--engine", "cells", "--threads", "2"],
        &["--engine", "dlx"],
        &[],
    ] {
        let mut all = vec!["cover", "--count", "-"];
        all.extend_from_slice(args);
        assert_run(&all, &problem, 0, Some("2040\n"), "");
    }
    assert_run(
        &["gen", "matrices", "0"],
        "",
        2,
        Some(""),
        "the side must be",
    );
}
