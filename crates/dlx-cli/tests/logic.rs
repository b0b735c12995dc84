//! `dlx explain`, `dlx hint` and `dlx rate`: their output, their errors and exit codes, and the
//! soundness of every step they print (checked against `dlx solve`'s solution).

mod common;

use std::path::PathBuf;

use common::{dlx, ends};

/// A puzzle that needs more than singles (from magictour's top1465).
const HARD: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
/// A puzzle of singles.
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// Two solutions.
const MULTIPLE: &str =
    ".................................................................................";

fn scratch(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn solution(puzzle: &str) -> Vec<u16> {
    let output = dlx()
        .arg("solve")
        .write_stdin(format!("{puzzle}\n"))
        .output()
        .unwrap();
    stdout(&output)
        .trim()
        .chars()
        .map(|c| c.to_digit(10).unwrap() as u16)
        .collect()
}

#[test]
fn explain_json_steps_are_sound_and_reach_the_solution() {
    let path = scratch("explain.txt", &format!("{EASY}\n{HARD}\n"));
    let output = dlx()
        .args(["explain", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let solutions = [solution(EASY), solution(HARD)];
    let mut grids: Vec<Vec<u16>> = [EASY, HARD]
        .iter()
        .map(|p| {
            p.chars()
                .map(|c| c.to_digit(10).unwrap_or(0) as u16)
                .collect()
        })
        .collect();
    let mut techniques = Vec::new();
    for line in stdout(&output).lines() {
        let step: serde_json::Value = serde_json::from_str(line).unwrap();
        let keys: Vec<&String> = step.as_object().unwrap().keys().collect();
        assert_eq!(keys.len(), 5, "{line}");
        let k = step["puzzle"].as_u64().unwrap() as usize - 1;
        for pair in step["placements"].as_array().unwrap() {
            let (cell, value) = (
                pair[0].as_u64().unwrap() as usize,
                pair[1].as_u64().unwrap() as u16,
            );
            assert_eq!(solutions[k][cell], value, "{line}");
            grids[k][cell] = value;
        }
        for pair in step["eliminations"].as_array().unwrap() {
            let (cell, value) = (
                pair[0].as_u64().unwrap() as usize,
                pair[1].as_u64().unwrap() as u16,
            );
            assert_ne!(solutions[k][cell], value, "{line}");
        }
        assert!(!step["text"].as_str().unwrap().is_empty());
        techniques.push(step["technique"].as_str().unwrap().to_string());
    }
    assert_eq!(grids[0], solutions[0]);
    assert_eq!(grids[1], solutions[1]);
    assert!(
        techniques.iter().any(|t| t.contains("Chain")),
        "{techniques:?}"
    );
}

#[test]
fn explain_in_words_with_marks() {
    let output = dlx()
        .args(["explain", "--marks"])
        .write_stdin(format!("{EASY}\n"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.starts_with("Puzzle 1\n"), "{text}");
    assert!(text.contains("   1. "), "{text}");
    assert!(text.contains("Solved in "), "{text}");
    // The candidate grid: nine lines of nine cells before the first step.
    let first: Vec<&str> = text.lines().skip(1).take(9).collect();
    assert!(
        first.iter().all(|l| l.split_whitespace().count() == 9),
        "{first:?}"
    );
}

#[test]
fn hint_gives_one_line_per_puzzle() {
    let path = scratch("hint.txt", &format!("{EASY}\n{MULTIPLE}\n12x4\n{HARD}\n"));
    let (text, stderr) = ends(&["hint", path.to_str().unwrap()], "", 2);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[0].starts_with("Hidden single: "), "{}", lines[0]);
    assert_eq!(lines[1], "multiple solutions");
    assert_eq!(lines[2], "invalid puzzle");
    assert!(stderr.contains("hint.txt:3:3: "), "{stderr}");
    assert!(
        stderr.contains("hint.txt:2: the puzzle has more than one solution"),
        "{stderr}"
    );
}

#[test]
fn rate_prints_er_ep_ed_and_the_technique() {
    let path = scratch("rate.txt", &format!("{EASY}\n{HARD}\n{EASY}\n"));
    for threads in ["1", "2"] {
        let output = dlx()
            .args(["rate", "--threads", threads])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        let text = stdout(&output);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3);
        let easy: f64 = lines[0].split('/').next().unwrap().parse().unwrap();
        assert!(easy <= 2.3, "{}", lines[0]);
        assert_eq!(lines[2], lines[0]);
        let (ratings, name) = lines[1].split_once('\t').unwrap();
        let er: f64 = ratings.split('/').next().unwrap().parse().unwrap();
        assert!(er > 6.0, "{}", lines[1]);
        assert!(!name.is_empty());
    }
}

#[test]
fn rate_past_its_timeout_prints_timeout_and_exits_3() {
    let output = dlx()
        .args(["rate", "--timeout", "0.000001"])
        .write_stdin(format!("{HARD}\n"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3));
    assert_eq!(stdout(&output), "timeout\n");
    let errors = String::from_utf8(output.stderr).unwrap();
    assert!(
        errors.contains("not rated within the time limit"),
        "{errors}"
    );
}

#[test]
fn no_solution_exits_1() {
    let none = "4.3...5.9..21.94.....7.4...3..5.2..6.6.....5.7..8.3..4...4.1.....92.58..8.4...1.7";
    let output = dlx()
        .arg("rate")
        .write_stdin(format!("{none}\n"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output), "no solution\n");
}
