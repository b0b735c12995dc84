//! `dlx solve` end to end: output, exit codes, diagnostics, shape options.

use std::path::PathBuf;

use dlx_puzzles::sudoku::{validate, Shape};
use predicates::str::contains;

mod common;

use common::{assert_run, dlx, ends};

/// The HDU 3111 example: unique; unsolvable without a direct clash; a clash in row 1.
const UNIQUE: &str =
    "1.3...5.9..21.94.....7.4...3..5.2..6.6.....5.7..8.3..4...4.1.....92.58..8.4...1.7";
const SOLUTION: &str =
    "143628579572139468986754231391542786468917352725863914237481695619275843854396127";
const NONE: &str =
    "4.3...5.9..21.94.....7.4...3..5.2..6.6.....5.7..8.3..4...4.1.....92.58..8.4...1.7";
const CLASH: &str =
    "113...5.9..21.94.....7.4...3..5.2..6.6.....5.7..8.3..4...4.1.....92.58..8.4...1.7";

/// A sample file of the puzzle crate's tests.
fn sample(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../dlx-puzzles/tests/data")
        .join(name)
}

/// Writes `text` to a scratch file and returns its path.
fn scratch(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// An 81-cell line as a block of nine lines of nine.
fn block(line: &str) -> String {
    line.as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
        .collect()
}

fn digits(text: &str) -> Vec<u16> {
    text.chars()
        .map(|ch| ch.to_digit(10).map_or(0, |d| d as u16))
        .collect()
}

fn stdout_lines(output: &std::process::Output) -> Vec<String> {
    String::from_utf8(output.stdout.clone())
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn solves_every_puzzle_in_input_order() {
    let path = sample("top1465.txt");
    let output = dlx().arg("solve").arg(&path).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let puzzles: Vec<String> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(str::to_string)
        .collect();
    let answers = stdout_lines(&output);
    assert_eq!(answers.len(), puzzles.len());
    let shape = Shape::standard(9).unwrap();
    for (puzzle, answer) in puzzles.iter().zip(&answers) {
        validate(&shape, &digits(puzzle), &digits(answer)).unwrap();
    }
}

#[test]
fn reads_standard_input_and_several_files() {
    let first = scratch("first.txt", &format!("{UNIQUE}\n"));
    assert_run(
        &["solve", "-", first.to_str().unwrap()],
        &format!("{UNIQUE}\n"),
        0,
        Some(&format!("{SOLUTION}\n{SOLUTION}\n")),
        "",
    );
}

#[test]
fn answers_stand_in_place_of_the_puzzles_in_their_layout() {
    let solution = format!("{SOLUTION}\n");
    let commented = format!("# a comment\n\n{UNIQUE} rated 9.9\n");
    let none_first = format!("{NONE}\n{UNIQUE}\n");
    let none_then_solution = format!("no solution\n{SOLUTION}\n");
    let (blocks, answers) = (
        format!("{0}\n{0}", block(UNIQUE)),
        format!("{0}\n{0}", block(SOLUTION)),
    );
    let json = format!("{{\"givens\":\"{UNIQUE}\"}}\n");
    let solved_json =
        format!("{{\"size\":9,\"givens\":\"{UNIQUE}\",\"solution\":\"{SOLUTION}\"}}\n");
    for (input, code, stdout) in [
        // Comments, blank lines and words after a puzzle are passed over.
        (&commented, 0, &solution),
        // No solution is said in place, with the exit code 1.
        (&none_first, 1, &none_then_solution),
        // Blocks come back as blocks, separated by a blank line.
        (&blocks, 0, &answers),
        // JSON lines come back with the solution.
        (&json, 0, &solved_json),
    ] {
        assert_run(&["solve"], input, code, Some(stdout), "");
    }
}

#[test]
fn clashes_name_the_cells_and_count_as_no_solution() {
    let path = scratch("clash.txt", &format!("{UNIQUE}\n{CLASH}\n"));
    dlx()
        .arg("solve")
        .arg(&path)
        .assert()
        .code(1)
        .stdout(format!("{SOLUTION}\nno solution\n"))
        .stderr(contains(
            "clash.txt:2:1: value 1 is given twice in row 1: at row 1, column 1 and at row 1, column 2",
        ));
}

#[test]
fn malformed_puzzles_are_reported_and_the_rest_solved() {
    let path = scratch(
        "malformed.txt",
        &format!("{UNIQUE}\n12x4\n{NONE}\n{UNIQUE}\n"),
    );
    let (stdout, stderr) = ends(&["solve", path.to_str().unwrap()], "", 2);
    assert_eq!(
        stdout.lines().collect::<Vec<_>>(),
        [SOLUTION, "invalid puzzle", "no solution", SOLUTION]
    );
    assert!(
        stderr.contains("malformed.txt:2:3: unexpected character `x`"),
        "{stderr}"
    );
}

#[test]
fn missing_files_are_reported_and_the_others_solved() {
    let path = scratch("present.txt", &format!("{UNIQUE}\n"));
    assert_run(
        &["solve", "no-such-file.txt", path.to_str().unwrap()],
        "",
        2,
        Some(&format!("{SOLUTION}\n")),
        "cannot read no-such-file.txt",
    );
}

#[test]
fn check_prints_verdicts() {
    let many = ".".repeat(81);
    dlx()
        .args(["solve", "--check"])
        .write_stdin(format!("{UNIQUE}\n{NONE}\n{many}\n{CLASH}\n"))
        .assert()
        .code(1)
        .stdout("unique\nnone\nmultiple\nnone\n");
    dlx()
        .args(["solve", "--check"])
        .arg(sample("17_clue.txt"))
        .assert()
        .success()
        .stdout("unique\n".repeat(20));
}

#[test]
fn stats_go_to_stderr_per_puzzle_and_in_total() {
    let output = dlx()
        .args(["solve", "--stats"])
        .write_stdin(format!("{UNIQUE}\n{UNIQUE}\n"))
        .output()
        .unwrap();
    assert_eq!(stdout_lines(&output), [SOLUTION, SOLUTION]);
    let stderr = String::from_utf8(output.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{stderr}");
    assert!(lines[0].starts_with("puzzle=1 nodes="), "{stderr}");
    assert!(lines[1].starts_with("puzzle=2 nodes="), "{stderr}");
    assert!(lines[2].starts_with("total puzzles=2 nodes="), "{stderr}");
    assert!(lines[2].contains(" updates=") && lines[2].contains(" seconds="));
}

/// A run of `dlx`: arguments, input, exit code, the whole output if checked, part of stderr.
type Run<'a> = (&'a [&'a str], &'a str, i32, Option<&'a str>, &'a str);

#[test]
fn counts_limits_boxes_and_sizes() {
    let (unique, none) = (format!("{UNIQUE}\n"), format!("{NONE}\n"));
    let four = "................\n1234341221434321\n";
    let empty_and_one = "................\n1...............\n";
    // 6x6 takes 2x3 boxes by default; 3x2 boxes are another shape.
    let grid = "123456456123231564564231312645645312";
    let six = format!("{}......\n", &grid[..30]);
    let solved_six = format!("{grid}\n");
    // A 5x5 grid has no boxes unless told.
    let five = "1234523451345124512351234";
    let (solved_five, open_five) = (format!("{five}\n"), format!("{}\n", five.replace('5', ".")));
    let runs: [Run; 11] = [
        (&["solve", "--count"], four, 0, Some("288\n1\n"), ""),
        (
            &["solve", "--count", "--limit", "10"],
            empty_and_one,
            0,
            Some("10+\n10+\n"),
            "",
        ),
        (&["solve", "--count"], &none, 1, Some("0\n"), ""),
        (&["solve", "--limit", "3"], &unique, 2, None, ""),
        (&["solve"], &six, 0, Some(solved_six.as_str()), ""),
        (
            &["solve", "--check", "--boxes", "3x2"],
            &six,
            1,
            Some("none\n"),
            "",
        ),
        (
            &["solve", "--boxes", "2x2"],
            &six,
            2,
            None,
            "boxes of 2x2 do not fit a 6x6 grid",
        ),
        (
            &["solve", "--size", "4"],
            &six,
            2,
            None,
            "<stdin>:1:17: expected 16 cells, found 36",
        ),
        (&["solve"], &solved_five, 2, None, "--boxes"),
        (
            &["solve", "--boxes", "1x5"],
            &open_five,
            0,
            Some(solved_five.as_str()),
            "",
        ),
        (&["solve", "--boxes", "3"], &unique, 2, None, ""),
    ];
    for (args, stdin, code, stdout, stderr) in runs {
        assert_run(args, stdin, code, stdout, stderr);
    }
}

/// The rows of a tab-separated sample, without comments.
fn tsv(name: &str) -> Vec<Vec<String>> {
    std::fs::read_to_string(sample(name))
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| line.split('\t').map(str::to_string).collect())
        .collect()
}

#[test]
fn jigsaw_regions_from_a_file() {
    let rows = tsv("jigsaw.tsv");
    let row = &rows[1];
    assert_eq!(row[1], "9");
    // The layout drawn as a block of nine lines.
    let layout = scratch(
        "layout.txt",
        &format!("# a jigsaw layout\n{}", block(&row[3])),
    );
    let layout = layout.to_str().unwrap();
    let puzzle = format!("{}\n", row[2]);
    let solution = format!("{}\n", row[4]);
    assert_run(
        &["solve", "--check", "--regions", layout],
        &puzzle,
        0,
        Some("unique\n"),
        "",
    );
    assert_run(
        &["solve", "--regions", layout],
        &puzzle,
        0,
        Some(&solution),
        "",
    );

    let broken = scratch("broken.txt", &format!("{}1", &row[3][..80]));
    assert_run(
        &["solve", "--regions", broken.to_str().unwrap()],
        &puzzle,
        2,
        None,
        "broken.txt:1:1: region `1` has 10 cells (expected 9)",
    );
}

#[test]
fn extra_regions() {
    let rows = tsv("variants.tsv");
    let find = |name: &str| rows.iter().find(|row| row[0] == name).unwrap();
    for (name, extras) in [
        ("Sudoku X", &["x"][..]),
        ("Windoku", &["windoku"][..]),
        ("X-Windoku", &["X", "windoku"][..]),
    ] {
        let row = find(name);
        let options: Vec<&str> = extras.iter().flat_map(|extra| ["--extra", extra]).collect();
        let puzzle = format!("{}\n", row[3]);
        let solution = format!("{}\n", row[4]);
        let check = [&["solve", "--check"][..], &options].concat();
        assert_run(&check, &puzzle, 0, Some("unique\n"), "");
        assert_run(
            &[&["solve"][..], &options].concat(),
            &puzzle,
            0,
            Some(&solution),
            "",
        );
    }
    let row = find("Jigsaw boxes, disconnected");
    let (_, layout) = row[1].split_once("extra regions = ").unwrap();
    let layout = scratch("extra.txt", layout);
    dlx()
        .args(["solve", "--check", "--extra"])
        .arg(&layout)
        .write_stdin(format!("{}\n", row[3]))
        .assert()
        .success()
        .stdout("unique\n");
    dlx()
        .args(["solve", "--extra", "windoku"])
        .write_stdin(format!("{}\n", ".".repeat(36)))
        .assert()
        .code(2)
        .stderr(contains("windoku windows need a square side"));
}

#[test]
fn threads_keep_the_input_order_and_every_diagnostic() {
    // Uneven work: empty grids (many solutions with --count), clashes, malformed records, a
    // missing file, and the public sample, so that threads finish out of order.
    let mut text = String::new();
    for k in 0..300 {
        text += match k % 7 {
            0 => UNIQUE,
            1 => NONE,
            2 => CLASH,
            3 => "12x4",
            4 => {
                "................................................................................."
            }
            _ => SOLUTION,
        };
        text.push('\n');
    }
    let mixed = scratch("mixed.txt", &text);
    let top = sample("top1465.txt");
    for mode in [&["--check"][..], &["--count", "--limit", "5"], &[]] {
        let run = |threads: &str| {
            dlx()
                .arg("solve")
                .args(mode)
                .args(["--threads", threads, "--stats"])
                .arg(&mixed)
                .arg("no-such-file.txt")
                .arg(&top)
                .output()
                .unwrap()
        };
        let one = run("1");
        let without_times = |stderr: &[u8]| -> Vec<String> {
            String::from_utf8(stderr.to_vec())
                .unwrap()
                .lines()
                .map(|l| l.split(" seconds=").next().unwrap().to_string())
                .collect()
        };
        for threads in ["2", "4"] {
            let many = run(threads);
            assert_eq!(many.status.code(), one.status.code(), "{mode:?}");
            assert_eq!(many.stdout, one.stdout, "{mode:?} {threads}");
            assert_eq!(without_times(&many.stderr), without_times(&one.stderr));
        }
    }
}

#[test]
fn batch_integrity_one_record_per_input_in_order() {
    // Valid, malformed, unsolvable (with and without a clash) and multi-solution puzzles mixed:
    // every input line gets exactly one answer, in order, and stderr accounts for every line.
    let empty = ".".repeat(81);
    let short = &UNIQUE[..80];
    let inputs: [(&str, [&str; 3]); 8] = [
        (UNIQUE, [SOLUTION, "unique", "1"]),
        ("12x4", ["invalid puzzle"; 3]),
        (NONE, ["no solution", "none", "0"]),
        (&empty, ["", "multiple", "5+"]),
        (CLASH, ["no solution", "none", "0"]),
        (short, ["invalid puzzle"; 3]),
        (&empty, ["", "multiple", "5+"]),
        (UNIQUE, [SOLUTION, "unique", "1"]),
    ];
    let text: String = inputs.iter().map(|(line, _)| format!("{line}\n")).collect();
    let path = scratch("batch.txt", &text);
    let modes: [&[&str]; 3] = [&[], &["--check"], &["--count", "--limit", "5"]];
    for (m, mode) in modes.iter().enumerate() {
        for threads in ["1", "2"] {
            let output = dlx()
                .arg("solve")
                .args(*mode)
                .args(["--stats", "--threads", threads])
                .arg(&path)
                .output()
                .unwrap();
            let context = format!("{mode:?} --threads {threads}");
            // A malformed record makes the run's exit code 2, whatever else it holds.
            assert_eq!(output.status.code(), Some(2), "{context}");
            let lines = stdout_lines(&output);
            assert_eq!(lines.len(), inputs.len(), "{context}: {lines:?}");
            for (k, ((givens, expected), line)) in inputs.iter().zip(&lines).enumerate() {
                let expected = expected[m];
                if expected.is_empty() {
                    // Any solution of the empty grid will do, as long as it is one.
                    let grid = digits(line);
                    assert_eq!(grid.len(), 81, "{context}: record {}", k + 1);
                    assert!(
                        validate(&Shape::standard(9).unwrap(), &digits(givens), &grid).is_ok(),
                        "{context}: record {} is not a solution: {line}",
                        k + 1
                    );
                } else {
                    assert_eq!(line, expected, "{context}: record {}", k + 1);
                }
            }
            let stderr = String::from_utf8(output.stderr).unwrap();
            assert!(
                stderr.contains(&format!("total puzzles={} ", inputs.len())),
                "{context}: {stderr}"
            );
            // Every record is accounted for: searched (a `puzzle=K` line) or diagnosed (a
            // message naming its line); the malformed ones exactly once, never searched.
            for k in 1..=inputs.len() {
                let searched = stderr
                    .lines()
                    .filter(|l| l.starts_with(&format!("puzzle={k} ")))
                    .count();
                let diagnosed = stderr
                    .lines()
                    .filter(|l| l.contains(&format!("batch.txt:{k}:")))
                    .count();
                let malformed = inputs[k - 1].1[0] == "invalid puzzle";
                // A solve says when it printed the first of several solutions.
                let said = inputs[k - 1].0 == CLASH || (m == 0 && inputs[k - 1].1[1] == "multiple");
                assert_eq!(
                    (searched, diagnosed),
                    match (malformed, said) {
                        (true, _) => (0, 1),
                        (false, true) => (1, 1),
                        (false, false) => (1, 0),
                    },
                    "{context}: record {k}\n{stderr}"
                );
            }
        }
    }
}

#[test]
fn with_threads_answers_come_before_the_input_ends() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("dlx"))
        .args(["solve", "--threads", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    // The reader looks one line ahead (a jigsaw layout may follow a puzzle), so two lines.
    writeln!(stdin, "{puzzle}\n{puzzle}").unwrap();
    stdin.flush().unwrap();
    // The input stays open: the first answer must not wait for more puzzles or for its end.
    let (tx, rx) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).unwrap();
        tx.send(line).unwrap();
    });
    let answer = rx.recv_timeout(std::time::Duration::from_secs(60));
    drop(stdin);
    child.wait().unwrap();
    let answer = answer.expect("no answer while the input was open");
    let shape = Shape::standard(9).unwrap();
    validate(&shape, &digits(puzzle), &digits(answer.trim())).unwrap();
}
