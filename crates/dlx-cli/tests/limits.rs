//! Limits instead of hangs, and sizes refused before memory runs out: `--timeout`, `--budget`,
//! Ctrl-C, and hostile inputs made on the spot (nothing large is shipped).

use std::io::Write;
use std::process::{Child, Command as Process, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::cargo::CommandCargoExt;
use predicates::str::contains;

mod common;

use common::{dlx, pigeonhole};

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// A puzzle the 9x9 path solves without a guess.
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// A puzzle that needs more than two guesses on the 9x9 path.
const HARD: &str =
    "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";

/// An empty 16x16 grid: the general path, and far too many solutions to count.
fn empty16() -> String {
    ".".repeat(256)
}

/// Runs `dlx args --timeout 0.3` on `input`, a search it cannot finish in that time: checks
/// that it stops within seconds, with exit code 3 and the message of the time limit, and
/// returns its standard output.
fn stdout_at_the_time_limit(args: &[&str], input: impl Into<Vec<u8>>) -> String {
    let started = Instant::now();
    let out = dlx()
        .args(args)
        .args(["--timeout", "0.3"])
        .write_stdin(input.into())
        .assert()
        .code(3)
        .stderr(contains("unfinished: the time limit of 0.3s ran out"))
        .get_output()
        .clone();
    assert!(started.elapsed() < Duration::from_secs(10), "{args:?}");
    text(&out.stdout)
}

#[test]
fn a_count_stops_at_the_time_limit_on_one_thread_and_on_several() {
    for threads in ["1", "2"] {
        let count =
            stdout_at_the_time_limit(&["queens", "20", "--count", "--threads", threads], "");
        assert!(count.ends_with("+\n"), "{count}");
    }
}

#[test]
fn solutions_printed_before_the_time_limit_are_whole() {
    let out = dlx()
        .args(["queens", "20", "--timeout", "0.2", "--threads", "1"])
        .assert()
        .code(3)
        .stderr(contains("unfinished"))
        .get_output()
        .clone();
    let boards = text(&out.stdout);
    for board in boards.split("\n\n").filter(|b| !b.is_empty()) {
        assert_eq!(board.trim_end().lines().count(), 20, "{board}");
        assert_eq!(board.matches('Q').count(), 20, "{board}");
    }
}

#[test]
fn bad_time_limits_are_refused() {
    dlx()
        .args(["queens", "8", "--timeout", "1"])
        .assert()
        .success();
    for bad in ["0", "-1", "soon"] {
        dlx()
            .args(["queens", "8", "--timeout", bad])
            .assert()
            .code(2);
    }
}

/// Queens on an `n`x`n` board in Knuth's format, for `dlx cover`.
fn queens_problem(n: usize) -> String {
    let out = dlx()
        .args(["gen", "queens", &n.to_string()])
        .assert()
        .success();
    text(&out.get_output().stdout)
}

#[test]
fn the_cells_engine_stops_at_a_budget_and_a_time_limit() {
    let out = dlx()
        .args([
            "cover", "--engine", "cells", "--count", "--budget", "1000", "--stats",
        ])
        .write_stdin(queens_problem(12))
        .assert()
        .code(3)
        .stderr(contains("solutions=238 nodes=1000 "))
        .stderr(contains(
            "dlx: unfinished: the budget of 1000 nodes ran out after 238 solutions",
        ))
        .get_output()
        .clone();
    assert_eq!(text(&out.stdout), "238+\n");
    let count = stdout_at_the_time_limit(
        &["cover", "--engine", "cells", "--count"],
        queens_problem(20),
    );
    assert!(count.ends_with("+\n"), "{count}");
}

#[test]
fn solve_budget_marks_unfinished_puzzles_in_place() {
    let input = format!("{EASY}\n{HARD}\n{}\n{EASY}\n", empty16());
    let out = dlx()
        .args(["solve", "--budget", "2", "--threads", "2"])
        .write_stdin(input.clone())
        .assert()
        .code(3)
        .stderr(contains(
            "<stdin>:2: unfinished: the budget of 2 nodes ran out",
        ))
        .stderr(contains("<stdin>:3: unfinished"))
        .get_output()
        .clone();
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(lines[1..3], ["unfinished", "unfinished"]);
    assert!(lines[0].bytes().all(|b| b.is_ascii_digit()) && lines[0].len() == 81);
    assert_eq!(lines[3], lines[0]);

    // Bad input wins over unfinished puzzles: exit code 2.
    dlx()
        .args(["solve", "--budget", "2"])
        .write_stdin(format!("{input}12x\n"))
        .assert()
        .code(2)
        .stdout(contains("unfinished\n"))
        .stdout(contains("invalid puzzle\n"));
}

#[test]
fn solve_timeout_is_for_the_whole_run() {
    let input = format!("{EASY}\n{}\n{}\n{}\n", empty16(), empty16(), empty16());
    let stdout = stdout_at_the_time_limit(&["solve", "--count", "--threads", "1"], input);
    // The count the deadline stopped says how far it got; the puzzles after it were not reached.
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(lines[0], "1");
    assert!(lines[1].ends_with('+') && lines[1].trim_end_matches('+').parse::<u64>().is_ok());
    assert_eq!(lines[2..], ["unfinished", "unfinished"]);
}

#[test]
fn judge_stops_at_the_first_unfinished_case() {
    let input = format!("{EASY}\n{HARD}\n{EASY}\nend\n");
    let out = dlx()
        .args(["judge", "poj3074", "--budget", "2"])
        .write_stdin(input.clone())
        .assert()
        .code(3)
        .stderr(contains(
            "<stdin>:2: unfinished: case 2: the budget of 2 nodes ran out",
        ))
        .get_output()
        .clone();
    assert_eq!(text(&out.stdout).lines().count(), 1);
    dlx()
        .args(["judge", "poj3074", "--budget", "1000"])
        .write_stdin(input.clone())
        .assert()
        .success();
    // A deadline already past: not even the first case is searched.
    dlx()
        .args(["judge", "poj3074", "--timeout", "0.000000001"])
        .write_stdin(input)
        .assert()
        .code(3)
        .stdout("")
        .stderr(contains("case 1: the time limit"));
}

/// Starts `dlx` with `args`, output piped.
fn spawn(args: &[&str]) -> Child {
    Process::cargo_bin("dlx")
        .unwrap()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Sends Ctrl-C (SIGINT) to `child` once it has run a while, and waits for its output.
#[cfg(unix)]
fn interrupt(child: Child) -> std::process::Output {
    // Time enough for the handler to be in place and the search to run a while.
    std::thread::sleep(Duration::from_millis(800));
    let sent = Process::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    child.wait_with_output().unwrap()
}

/// Runs `dlx args` on `input` and sends it Ctrl-C: checks the exit code 130, and returns the
/// output.
#[cfg(unix)]
fn interrupted_on(args: &[&str], input: &str) -> std::process::Output {
    let mut child = spawn(args);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    let out = interrupt(child);
    assert_eq!(out.status.code(), Some(130), "{args:?}");
    out
}

#[cfg(unix)]
#[test]
fn ctrl_c_prints_the_statistics_so_far() {
    for threads in ["1", "2"] {
        let out = interrupt(spawn(&["queens", "20", "--count", "--threads", threads]));
        assert_eq!(out.status.code(), Some(130), "{threads}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains("dlx: interrupted: solutions="),
            "{threads}: {stderr}"
        );
        assert!(stderr.contains(" nodes=") && stderr.contains(" seconds="));
        assert!(text(&out.stdout).ends_with("+\n"));
    }
    // The cells engine too, with its own statistics.
    let out = interrupted_on(
        &["cover", "--engine", "cells", "--count", "--threads", "1"],
        &queens_problem(20),
    );
    let stderr = text(&out.stderr);
    assert!(stderr.contains("dlx: interrupted: solutions="), "{stderr}");
    assert!(stderr.contains(" forced="), "{stderr}");
    assert!(text(&out.stdout).ends_with("+\n"));
}

#[cfg(unix)]
#[test]
fn ctrl_c_ends_a_long_sudoku_count_in_order_with_the_totals() {
    for threads in ["1", "2"] {
        // The empty 6x6 grid has 28,200,960 solutions: counting them takes long enough.
        let empty = ".".repeat(36);
        let out = interrupted_on(
            &["solve", "--count", "--threads", threads],
            &format!("{empty}\n{empty}\n"),
        );
        // One record per puzzle, both unfinished: a count stopped as `N+`, one not reached as
        // `unfinished`.
        let stdout = text(&out.stdout);
        assert_eq!(stdout.lines().count(), 2, "{threads}: {stdout}");
        for line in stdout.lines() {
            let counted = line.ends_with('+') && line.trim_end_matches('+').parse::<u64>().is_ok();
            assert!(counted || line == "unfinished", "{threads}: {stdout}");
        }
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains("unfinished: interrupted before the answer was known"),
            "{threads}: {stderr}"
        );
        assert!(
            stderr.contains("dlx: interrupted: total puzzles=2 nodes="),
            "{threads}: {stderr}"
        );
    }
}

/// Feeds `dlx` with `args` an endless stream of `byte` on standard input (as a pipe would)
/// until it stops reading, and returns its output.
fn flood(args: &[&str], byte: u8) -> std::process::Output {
    let mut child = spawn(args);
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let chunk = vec![byte; 1 << 16];
        // Up to 1 GB; the writer stops as soon as dlx closes the pipe.
        for _ in 0..(1 << 14) {
            if stdin.write_all(&chunk).is_err() {
                return;
            }
        }
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

#[test]
fn a_line_without_end_is_refused_at_the_limit() {
    let out = flood(&["solve"], b'1');
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "invalid puzzle\n");
    assert!(
        text(&out.stderr).contains("<stdin>:1:1048577: line longer than 1048576 bytes"),
        "{}",
        text(&out.stderr)
    );
    let out = flood(&["judge", "poj3074"], b'.');
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("<stdin>:1:1048577: line longer than 1048576 bytes"));
}

#[test]
fn a_problem_larger_than_the_input_limit_is_refused() {
    // A problem naming items without end, as a 10^9-item problem would.
    let out = flood(&["cover", "--max-input", "1M"], b'a');
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("<stdin>: the input is larger than 1048576 bytes")
            && stderr.contains("--max-input"),
        "{stderr}"
    );
    dlx()
        .args(["cover", "--count", "--max-input", "1K", "-"])
        .write_stdin("A B\nA\nB\n")
        .assert()
        .success()
        .stdout("1\n");
    dlx()
        .args(["cover", "--max-input", "lots"])
        .assert()
        .code(2);
}

#[test]
fn grids_larger_than_the_solver_takes_are_refused() {
    let row = vec!["0"; 1000].join(" ");
    let grid = format!("{}\n", vec![row; 1000].join("\n"));
    dlx()
        .arg("solve")
        .write_stdin(format!("{grid}\n{EASY}\n"))
        .assert()
        .code(2)
        .stderr(contains(
            "<stdin>:1:1: a 1000x1000 grid is too large (at most 100x100)",
        ))
        .stdout(predicates::str::starts_with("invalid puzzle\n4"));
    dlx()
        .args(["solve", "--size", "1000"])
        .write_stdin(format!("{EASY}\n"))
        .assert()
        .code(2)
        .stderr(contains("a 1000x1000 grid is too large (at most 100x100)"));
}

#[test]
fn a_case_count_of_ten_to_the_eighteenth_allocates_nothing() {
    let grid = "103000509\n002109400\n000704000\n300502006\n060000050\n\
                700803004\n000401000\n009205800\n804000107\n";
    let out = dlx()
        .args(["judge", "poj2676"])
        .write_stdin(format!("1000000000000000000\n{grid}"))
        .assert()
        .code(2)
        .get_output()
        .clone();
    assert_eq!(text(&out.stdout).lines().count(), 9);
    assert!(
        text(&out.stderr).contains("<stdin>:"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_budget_of_conflicts_and_a_timeout_stop_the_solver() {
    dlx()
        .args(["cover", "--engine", "sat", "--budget", "50"])
        .write_stdin(pigeonhole(12))
        .assert()
        .code(3)
        .stderr(contains(
            "dlx: unfinished: the budget of 50 conflicts ran out after 0 solutions",
        ));
    assert_eq!(
        stdout_at_the_time_limit(&["cover", "--engine", "sat", "--count"], pigeonhole(14)),
        "0+\n"
    );
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_solver_with_its_statistics() {
    let out = interrupted_on(&["cover", "--engine", "sat"], &pigeonhole(14));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("dlx: interrupted: engine=sat solutions=0 conflicts="),
        "{stderr}"
    );
}
