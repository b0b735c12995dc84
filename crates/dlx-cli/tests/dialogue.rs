//! `dlx solve` as a coprocess: a program that writes a puzzle and waits for its answer before it
//! writes the next gets each answer, after a burst of puzzles too, on one thread or several.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// The HDU 3111 example and its solution.
const UNIQUE: &str =
    "1.3...5.9..21.94.....7.4...3..5.2..6.6.....5.7..8.3..4...4.1.....92.58..8.4...1.7";
const SOLUTION: &str =
    "143628579572139468986754231391542786468917352725863914237481695619275843854396127";

/// Runs `dlx solve` with `args`, writes `burst` records at once, reads their answers, then
/// writes `one_by_one` records each after the answer to the one before, and checks every answer.
/// A record is `record` (its lines, as written); `answer` is the line expected back.
fn dialogue(args: &[&str], record: &str, answer: &str, burst: usize, one_by_one: usize) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .arg("solve")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    let reading = thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    let next_answer = |what: &str| {
        let line = rx
            .recv_timeout(Duration::from_secs(20))
            .unwrap_or_else(|_| panic!("no answer to {what} with {args:?} ({record:?})"));
        assert_eq!(line, answer, "{what} with {args:?}");
    };
    stdin.write_all(record.repeat(burst).as_bytes()).unwrap();
    stdin.flush().unwrap();
    for k in 0..burst {
        next_answer(&format!("puzzle {} of the burst", k + 1));
    }
    for k in 0..one_by_one {
        stdin.write_all(record.as_bytes()).unwrap();
        stdin.flush().unwrap();
        next_answer(&format!("puzzle {} after the burst", k + 1));
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
    reading.join().unwrap();
}

#[test]
fn line_puzzles_ended_by_a_blank_line_are_answered_one_by_one() {
    // The blank line tells the reader that no region layout follows the puzzle's line.
    let record = format!("{UNIQUE}\n\n");
    for threads in ["1", "2", "3"] {
        dialogue(&["--threads", threads], &record, SOLUTION, 300, 20);
    }
}

#[test]
fn json_lines_are_answered_one_by_one() {
    let record = format!("{{\"givens\":\"{UNIQUE}\"}}\n");
    let answer = format!("{{\"size\":9,\"givens\":\"{UNIQUE}\",\"solution\":\"{SOLUTION}\"}}");
    for threads in ["1", "2"] {
        dialogue(&["--threads", threads], &record, &answer, 300, 20);
    }
}

#[test]
fn checked_puzzles_are_answered_one_by_one() {
    let record = format!("{UNIQUE}\n\n");
    for threads in ["1", "2"] {
        dialogue(
            &["--threads", threads, "--check"],
            &record,
            "unique",
            300,
            20,
        );
    }
}
