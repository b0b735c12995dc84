//! `dlx gen`, `dlx queens`, `dlx polyomino` and `dlx langford`: generated problems, pictures,
//! counts, limits, statistics, exit codes, bad input.

use predicates::prelude::*;

mod common;

use common::{assert_prints, data, dlx, instance};

fn stdout_of(args: &[&str]) -> String {
    let out = dlx().args(args).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

fn without_comments(text: &str) -> String {
    text.lines()
        .filter(|line| !line.starts_with('|'))
        .map(|line| format!("{line}\n"))
        .collect()
}

/// `dlx gen ARGS` prints `file` again, but for comment lines.
fn assert_generates(args: &[&str], file: &str) {
    let mut full = vec!["gen"];
    full.extend_from_slice(args);
    let generated = stdout_of(&full);
    assert!(generated.starts_with("| dlx gen "), "{generated}");
    let shipped = std::fs::read_to_string(instance(file)).unwrap();
    assert!(
        without_comments(&generated) == without_comments(&shipped),
        "`dlx gen {}` differs from {file}",
        args.join(" ")
    );
}

/// `dlx gen ARGS | dlx cover --count --stats --engine dlx --threads 1` gives these figures
/// (Knuth's).
fn assert_cover_stats(args: &[&str], solutions: u64, nodes: u64, updates: u64) {
    let mut full = vec!["gen"];
    full.extend_from_slice(args);
    let generated = stdout_of(&full);
    let pattern = format!(
        r"^solutions={solutions} nodes={nodes} updates={updates} seconds=[0-9]+\.[0-9]{{4}} engine=dlx\n$"
    );
    dlx()
        .args([
            "cover",
            "--count",
            "--stats",
            "--engine",
            "dlx",
            "--threads",
            "1",
        ])
        .write_stdin(generated)
        .assert()
        .success()
        .stdout(format!("{solutions}\n"))
        .stderr(predicate::str::is_match(pattern).unwrap());
}

#[test]
fn gen_reproduces_knuths_files() {
    assert_generates(&["queens", "8", "--order", "organ-pipe"], "queens8.dlx");
    assert_generates(&["queens", "13"], "queens13.dlx");
    assert_generates(&["queens", "10", "--order", "plain"], "queensplain10.dlx");
    assert_generates(&["langford", "7"], "langford7.dlx");
    assert_generates(&["langford", "12"], "langford12.dlx");
    assert_generates(&["polyomino", "--board", "3x20"], "pento3x20.dlx");
    assert_generates(
        &["polyomino", "--board", "6x10", "--restrict", "X"],
        "pento6x10-sym.dlx",
    );
    assert_generates(&["polyomino", "--board", &data("scott.txt")], "scott.dlx");
    assert_generates(
        &[
            "polyomino",
            "--board",
            "8x8",
            "--pieces",
            "pentominoes",
            "--pieces",
            &data("square.txt"),
        ],
        "scott-any.dlx",
    );
}

#[test]
fn gen_feeds_cover_with_the_golden_figures() {
    assert_cover_stats(&["queens", "8", "--order", "organ-pipe"], 92, 1_049, 16_680);
    assert_cover_stats(&["queens", "8", "--order", "plain"], 92, 1_199, 21_375);
    assert_cover_stats(&["langford", "7"], 52, 607, 8_339);
    assert_cover_stats(&["langford", "8"], 300, 2_789, 37_241);
    assert_cover_stats(&["polyomino", "--board", "3x20"], 8, 32_978, 10_986_975);
}

#[test]
fn queens_and_langford_print_solutions_separated_by_empty_lines_or_count() {
    let boards = ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n";
    for (args, stdout) in [
        (&["queens", "4"][..], boards),
        (
            &["queens", "4", "--order", "plain", "--limit", "1"],
            &boards[..20],
        ),
        (&["queens", "10", "--count", "--limit", "5"], "5\n"),
        (&["langford", "3"], "3 1 2 1 3 2\n\n2 3 1 2 1 3\n"),
        (&["langford", "7", "--count"], "52\n"),
    ] {
        assert_prints(args, 0, stdout);
    }
}

#[test]
fn queens_counts_with_statistics() {
    assert_prints(
        &["queens", "8", "--count", "--stats", "--engine", "dlx"],
        0,
        "92\n",
    )
    .stderr(predicate::str::starts_with(
        "solutions=92 nodes=1049 updates=16680 seconds=",
    ));
}

#[test]
fn polyomino_prints_the_board_with_piece_letters() {
    let text = stdout_of(&["polyomino", "--board", "3x20", "--restrict", "F"]);
    let tilings: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(tilings.len(), 2, "{text}");
    for tiling in tilings {
        let rows: Vec<&str> = tiling.lines().collect();
        assert_eq!(rows.len(), 3);
        assert!(rows.iter().all(|row| row.chars().count() == 20));
        for letter in "FILNPTUVWXYZ".chars() {
            assert_eq!(tiling.matches(letter).count(), 5, "{letter} in\n{tiling}");
        }
    }
    dlx()
        .args(["polyomino", "--board", "3x20", "--count"])
        .assert()
        .success()
        .stdout("8\n");
}

#[test]
fn the_cells_engine_gives_the_puzzle_commands_the_same_answers() {
    for (args, expected) in [
        (&["queens", "8", "--count"][..], "92\n"),
        (&["langford", "7", "--count"], "52\n"),
        (&["polyomino", "--board", "3x20", "--count"], "8\n"),
        (&["langford", "3"], "3 1 2 1 3 2\n\n2 3 1 2 1 3\n"),
    ] {
        dlx()
            .args(args)
            .args(["--engine", "cells"])
            .assert()
            .success()
            .stdout(expected);
    }
    // Its own statistics, with the forced moves it made without branching.
    dlx()
        .args([
            "queens",
            "8",
            "--count",
            "--stats",
            "--engine",
            "cells",
            "--threads",
            "1",
        ])
        .assert()
        .success()
        .stderr(predicate::str::contains("solutions=92 ").and(predicate::str::contains("forced=")));
    dlx()
        .args([
            "queens",
            "8",
            "--count",
            "--engine",
            "cells",
            "--threads",
            "2",
        ])
        .assert()
        .success()
        .stdout("92\n");
}

#[test]
fn polyomino_shows_holes_as_dots() {
    let text = stdout_of(&[
        "polyomino",
        "--board",
        &data("scott.txt"),
        "--restrict",
        "F",
        "--limit",
        "1",
    ]);
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 8, "{text}");
    assert_eq!(&rows[3][3..5], "..");
    assert_eq!(&rows[4][3..5], "..");
    assert_eq!(text.matches('.').count(), 4);
}

#[test]
fn no_solution_exits_1() {
    dlx().args(["queens", "3"]).assert().code(1).stdout("");
    dlx()
        .args(["langford", "5", "--count"])
        .assert()
        .code(1)
        .stdout("0\n");
    dlx()
        .args(["polyomino", "--board", "4x5", "--pieces", "tetrominoes"])
        .assert()
        .code(1)
        .stdout("");
    dlx()
        .args(["polyomino", "--board", "2x2", "--pieces", "tetrominoes"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "the pieces cover 20 cells but the board has 4",
        ));
}

#[test]
fn bad_pictures_are_reported_with_file_line_and_column() {
    let board = data("bad-board.txt");
    dlx()
        .args(["polyomino", "--board", &board])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(format!(
            "{board}:3:3: unexpected `o`"
        )));
    let pieces = data("bad-pieces.txt");
    dlx()
        .args(["gen", "polyomino", "--board", "1x3", "--pieces", &pieces])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(format!("{pieces}:4:1: piece `B`")));
    dlx()
        .args(["polyomino", "--board", &data("no-such-board.txt")])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no-such-board.txt"));
}

#[test]
fn bad_arguments_exit_2() {
    for args in [
        &["queens", "0"][..],
        &["queens", "-1"],
        &["queens", "8", "--order", "sideways"],
        &["gen", "langford", "0"],
        &["langford", "100000"],
        &["polyomino", "--board", "0x10"],
        &["polyomino", "--board", "99999999999999999999999x2"],
        &["polyomino", "--board", "6x10", "--restrict", "Q"],
        &["polyomino", "--board", "6x10", "--restrict", "XY"],
        &["polyomino", "--board", "6x10", "--pieces", ""],
        &[
            "gen",
            "polyomino",
            "--board",
            "6x10",
            "--pieces",
            "pentominoes",
            "--pieces",
            "pentominoes",
        ],
        &["polyomino"],
        &["gen"],
    ] {
        dlx()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("panicked").not());
    }
}

#[test]
fn restrictions_that_would_count_twice_are_refused_with_advice() {
    dlx()
        .args(["polyomino", "--board", "5x12", "--restrict", "X", "--count"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "restricting `X` would count some solutions twice",
        ))
        .stderr(predicate::str::contains("F L N P"));
}
