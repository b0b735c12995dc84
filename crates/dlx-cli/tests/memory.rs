//! `dlx solve` streams: its peak memory does not grow with the length of the input. Puzzles are
//! generated into a pipe as they are read, so the test itself holds none of them.

#![cfg(target_os = "linux")]

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The puzzles cycled through: the shipped sample of 17-clue puzzles.
fn puzzles() -> Vec<String> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../dlx-puzzles/tests/data/17_clue.txt");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// Pipes `count` puzzles through `dlx solve --check --stats` with `threads` threads; returns the
/// number of answers and the peak memory it reported, in KiB.
fn run(count: usize, threads: &str) -> (usize, u64) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("dlx"))
        .args([
            "solve",
            "--check",
            "--stats",
            "--quiet",
            "--threads",
            threads,
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = std::io::BufWriter::new(child.stdin.take().unwrap());
    let feeder = std::thread::spawn(move || {
        for puzzle in puzzles().iter().cycle().take(count) {
            writeln!(stdin, "{puzzle}").unwrap();
        }
    });
    // --stats writes a line per puzzle: stderr is drained as it comes.
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let last_line = std::thread::spawn(move || {
        let mut last = String::new();
        let mut line = String::new();
        while stderr.read_line(&mut line).unwrap() > 0 {
            last = std::mem::take(&mut line);
        }
        last
    });
    let answers = BufReader::new(child.stdout.take().unwrap()).lines().count();
    feeder.join().unwrap();
    assert!(child.wait().unwrap().success());
    let total = last_line.join().unwrap();
    let peak = total
        .split_whitespace()
        .find_map(|field| field.strip_prefix("peak-kib="))
        .expect("a peak-kib field")
        .parse()
        .unwrap();
    (answers, peak)
}

/// Ten times the input costs at most this much more memory (a slurped input of 100,000 lines
/// would hold 8 MB of text and more of puzzles).
const SLACK_KIB: u64 = 4096;

fn peak_stays_flat(small: usize, large: usize) {
    for threads in ["1", "2"] {
        let (answers, low) = run(small, threads);
        assert_eq!(answers, small);
        let (answers, high) = run(large, threads);
        assert_eq!(answers, large);
        assert!(
            high <= low + SLACK_KIB,
            "threads={threads}: {small} puzzles peaked at {low} KiB, {large} at {high} KiB"
        );
    }
}

#[test]
fn peak_memory_does_not_grow_with_the_input() {
    peak_stays_flat(5_000, 50_000);
}

/// The million-line run (about a minute in a release build: `cargo test --release -- --ignored`).
#[test]
#[ignore]
fn peak_memory_is_flat_over_a_million_lines() {
    peak_stays_flat(100_000, 1_000_000);
}
