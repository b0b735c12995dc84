//! `--engine auto`, the default: dancing links (or the specialised Sudoku solver) first, SAT
//! when it does not answer soon; `--stats` names the engine that answered.

use predicates::str::contains;

mod common;

use common::{data, dlx, succeeds};

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// Many easy choices beside a small problem without solution: `choices` items of two options
/// each, and five pigeons in four holes. Dancing links branches on the two-option items first
/// and proves the pigeons impossible again under each of the `2^choices` combinations; a
/// clause-learning solver learns it once.
fn choices_beside_pigeons(choices: usize) -> String {
    let mut text = String::new();
    text.extend((0..choices).map(|k| format!("a{k} ")));
    text.extend((0..5).map(|p| format!("p{p} ")));
    text.push('|');
    text.extend((1..5).map(|h| format!(" h{h}")));
    text.extend((0..choices).map(|k| format!(" x{k} y{k}")));
    text.push('\n');
    for k in 0..choices {
        text.push_str(&format!("a{k} x{k}\na{k} y{k}\n"));
    }
    for p in 0..5 {
        for h in 1..5 {
            text.push_str(&format!("p{p} h{h}\n"));
        }
    }
    text
}

#[test]
fn sat_answers_where_dancing_links_would_search_on() {
    let problem = choices_beside_pigeons(24);
    let out = dlx()
        .args(["cover", "--stats"])
        .write_stdin(problem.clone())
        .assert()
        .code(1)
        .stdout("")
        .get_output()
        .clone();
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("engine=sat solutions=0 conflicts=") && stderr.contains(" dlx-nodes="),
        "{stderr}"
    );
    // The same problem on dancing links alone stops at a budget far beyond the first turn.
    dlx()
        .args(["cover", "--engine", "dlx", "--budget", "2000000"])
        .write_stdin(problem)
        .assert()
        .code(3);
}

#[test]
fn dancing_links_answers_what_it_answers_soon() {
    for file in [
        "toy1.dlx",
        "toy2.dlx",
        "toy3.dlx",
        "langford3.dlx",
        "unsolvable.dlx",
    ] {
        let dlx_alone = dlx()
            .args(["cover", "--engine", "dlx", &data(file)])
            .output()
            .unwrap();
        let auto = dlx()
            .args(["cover", "--stats", &data(file)])
            .output()
            .unwrap();
        assert_eq!(auto.stdout, dlx_alone.stdout, "{file}");
        assert_eq!(auto.status.code(), dlx_alone.status.code(), "{file}");
        // The statistics line of dancing links (after the reader's warnings, before a "no
        // solution").
        let stderr = text(&auto.stderr);
        assert!(
            stderr.lines().any(|line| line.starts_with("solutions=")),
            "{file}: {stderr}"
        );
        // Not by a SAT turn: neither its statistics line nor its conflicts (the file's name is
        // free to contain the letters).
        assert!(
            !stderr.contains("engine=sat") && !stderr.contains("sat-conflicts="),
            "{file}: {stderr}"
        );
    }
}

#[test]
fn a_budget_bounds_each_engine() {
    // Below the first turn: dancing links stops at it, as it would alone.
    dlx()
        .args(["cover", "--budget", "1000"])
        .write_stdin(choices_beside_pigeons(24))
        .assert()
        .code(3)
        .stderr(contains(
            "dlx: unfinished: the budget of 1000 nodes ran out after 0 solutions",
        ));
}

/// A minimal 25x25 puzzle (Gecode's examples, after Alain Frisch), `A`-`Y` for 1-25.
fn puzzle25() -> String {
    std::fs::read_to_string(data("sudoku25.txt")).unwrap()
}

#[test]
fn a_hard_sudoku_goes_to_sat_and_stats_say_so() {
    let (stdout, stderr) = succeeds(&["solve", "--check", "--stats"], puzzle25());
    assert_eq!(stdout, "unique\n");
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(lines[0].starts_with("puzzle=1 nodes=4096 "), "{stderr}");
    assert!(lines[0].contains(" engine=sat conflicts="), "{stderr}");
    assert!(lines[1].contains(" sat-answers=1 conflicts="), "{stderr}");
    // The SAT engine alone, and its solution.
    let (solved, _) = succeeds(&["solve", "--engine", "sat"], puzzle25());
    let (auto, _) = succeeds(&["solve"], puzzle25());
    assert_eq!(solved, auto);
}

#[test]
fn easy_sudoku_stays_on_the_fast_path() {
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let mut answers = Vec::new();
    for engine in ["auto", "fast", "dlx", "sat"] {
        let (stdout, stderr) = succeeds(
            &["solve", "--check", "--stats", "--engine", engine],
            format!("{puzzle}\n"),
        );
        assert_eq!(stdout, "unique\n");
        let expected = match engine {
            "auto" | "fast" => " engine=fast",
            "dlx" => " engine=dlx",
            _ => " engine=sat conflicts=",
        };
        assert!(
            stderr.lines().next().unwrap().contains(expected),
            "{engine}: {stderr}"
        );
        let solved = dlx()
            .args(["solve", "--engine", engine])
            .write_stdin(format!("{puzzle}\n"))
            .output()
            .unwrap();
        answers.push(solved.stdout);
    }
    assert!(answers.windows(2).all(|w| w[0] == w[1]));
    // A count stays with the specialised solver, and SAT says 0 for a puzzle without solution.
    let none = format!("12345678.........9{}", ".".repeat(63));
    dlx()
        .args(["solve", "--count", "--engine", "sat"])
        .write_stdin(format!("{none}\n"))
        .assert()
        .code(1)
        .stdout("0\n");
    dlx()
        .args(["solve", "--count", "--limit", "5", "--engine", "sat"])
        .write_stdin(format!("{}\n", ".".repeat(81)))
        .assert()
        .success()
        .stdout("5+\n");
}

#[test]
fn the_judge_takes_every_engine() {
    let input = data("judge/poj3074/sample.in");
    let expected = std::fs::read(data("judge/poj3074/sample.out")).unwrap();
    for engine in ["auto", "fast", "dlx", "sat"] {
        dlx()
            .args(["judge", "poj3074", &input, "--engine", engine])
            .assert()
            .success()
            .stdout(expected.clone());
    }
}
