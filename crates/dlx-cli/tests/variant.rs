//! `dlx solve` on variant puzzles: the compact killer forms detected in a file, solved,
//! checked and counted, every answer passing the library's checker; a bad line is named and the
//! rest still answered.

mod common;

use common::{assert_prints, assert_run, data, dlx};
use dlx_puzzles::sudoku::variant;

fn read(name: &str) -> String {
    std::fs::read_to_string(data(name)).unwrap()
}

#[test]
fn killers_in_a_file_are_solved_checked_and_counted() {
    let input = &data("killers.txt");
    let output = dlx().args(["solve", input]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let printed = String::from_utf8(output.stdout).unwrap();
    assert_eq!(printed, read("killers.out"));
    let puzzles: Vec<String> = read("killers.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    for (puzzle, solution) in puzzles.iter().zip(printed.lines()) {
        let puzzle = variant::read(puzzle).unwrap();
        let values: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
        assert_eq!(puzzle.check_solution(&values), Ok(()));
    }
    assert_prints(&["solve", "--check", input], 0, "unique\nunique\nunique\n");
    assert_prints(&["solve", "--count", input], 0, "1\n1\n1\n");
}

#[test]
fn variants_on_standard_input_are_told_from_classic_puzzles() {
    let killers = read("killers.txt");
    assert_run(
        &["solve", "--check"],
        &killers,
        0,
        Some("unique\nunique\nunique\n"),
        "",
    );
    assert_run(&["solve"], &killers, 0, Some(&read("killers.out")), "");
    // A classic puzzle still goes to the classic reader.
    let classic = format!("{}\n", ".".repeat(81));
    assert_run(&["solve", "--check"], &classic, 0, Some("multiple\n"), "");
}

#[test]
fn open_and_bad_killers_are_told_apart() {
    let dir = std::env::temp_dir().join(format!("dlx-variant-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let first = read("killers.txt").lines().nth(1).unwrap().to_string();
    // Every cage of the first puzzle dropped: many solutions.
    let fields: Vec<&str> = first.split(':').collect();
    let mut open: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
    for f in open.iter_mut().skip(3).take(81) {
        *f = "0".into();
    }
    let open = open.join(":");
    let bad = first.replacen("3x3::k:", "3x3::k:x", 1);
    let path = dir.join("mixed.txt");
    std::fs::write(&path, format!("{first}\n{open}\n{bad}\n{first}\n")).unwrap();
    let path = path.to_str().unwrap();
    let output = dlx()
        .args(["solve", "--count", "--limit", "5", path])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "1\n5+\ninvalid puzzle\n1\n"
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("mixed.txt:3:"), "{stderr}");
    let output = dlx().args(["solve", "--strict", path]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("mixed.txt:2: more than one solution"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_engine_answers_and_stats_name_it() {
    let input = &data("thermos.txt");
    for engine in ["auto", "fast", "dlx", "sat"] {
        let output = dlx()
            .args(["solve", "--check", "--stats", "--engine", engine, input])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{engine}");
        assert_eq!(
            String::from_utf8(output.stdout).unwrap(),
            "unique\nunique\n"
        );
        let named = match engine {
            "auto" | "fast" => "engine=propagation",
            other => &format!("engine={other}"),
        };
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.matches(named).count(), 2, "{stderr}");
        let output = dlx()
            .args(["solve", "--engine", engine, input])
            .output()
            .unwrap();
        let solutions = String::from_utf8(output.stdout).unwrap();
        for (puzzle, solution) in read("thermos.txt").lines().skip(1).zip(solutions.lines()) {
            let puzzle = variant::read(puzzle).unwrap();
            let values: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
            assert_eq!(puzzle.check_solution(&values), Ok(()), "{engine}");
        }
    }
}

#[test]
fn an_engine_that_needs_the_model_says_why_it_has_none() {
    // An X-sum along a whole 9x9 column has too many assignments to tabulate.
    let puzzle = ".XSum~C1~15\n";
    assert_run(
        &["solve", "--engine", "dlx"],
        puzzle,
        2,
        Some("unanswered\n"),
        "dlx: <stdin>:1: --engine dlx needs the exact-cover model, which this puzzle has not: \
         constraint 1 (x-sum) has more than 65536 assignments to tabulate (--engine auto or fast \
         answers it)\n",
    );
    assert_run(&["solve", "--check"], puzzle, 0, Some("multiple\n"), "");
}

/// The puzzles of the pasted-variants file, read by the library, in order: the JSON object
/// over many lines, the f-puzzles link, the ISS string.
fn pasted_puzzles() -> Vec<variant::Variant> {
    let text = read("pasted-variants.txt");
    let start = text.find('{').unwrap();
    let end = text.find("\n}").unwrap() + 2;
    let mut puzzles = vec![variant::read(&text[start..end]).unwrap()];
    for line in text[end..].lines().filter(|l| !l.trim().is_empty()) {
        puzzles.push(variant::read(line).unwrap());
    }
    puzzles
}

#[test]
fn pasted_variants_are_solved_and_written_as_iss_strings() {
    let input = &data("pasted-variants.txt");
    let puzzles = pasted_puzzles();
    assert_eq!(puzzles.len(), 3);
    // Solved: each answer passes the library's checker.
    let output = dlx().args(["solve", input]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let printed = String::from_utf8(output.stdout).unwrap();
    assert_eq!(printed.lines().count(), 3);
    for (puzzle, solution) in puzzles.iter().zip(printed.lines()) {
        let values: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
        assert_eq!(puzzle.check_solution(&values), Ok(()));
    }
    assert_prints(&["solve", "--check", input], 0, "unique\nunique\nunique\n");
    // Written as ISS's strings: each reads back as the puzzle pasted; the same from a pipe.
    let output = dlx()
        .args(["solve", "--format", "iss", input])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let written = String::from_utf8(output.stdout).unwrap();
    let back: Vec<variant::Variant> = written
        .lines()
        .map(|line| variant::iss::read(line).unwrap())
        .collect();
    assert_eq!(back, puzzles);
    assert_run(
        &["solve", "--format", "iss"],
        &read("pasted-variants.txt"),
        0,
        Some(&written),
        "",
    );
    // --format writes, it does not search.
    dlx()
        .args(["solve", "--format", "iss", "--count", input])
        .assert()
        .code(2);
}

#[test]
fn a_link_without_its_puzzle_is_named_and_the_rest_answered() {
    let text = format!(
        "https://sudokupad.app/RPBnQFRLR8\n{}",
        read("pasted-variants.txt")
    );
    assert_run(
        &["solve", "--check"],
        &text,
        2,
        Some("invalid puzzle\nunique\nunique\nunique\n"),
        "<stdin>:1:23: at \"RPBnQFRLR8\": a short SudokuPad puzzle id",
    );
    assert_run(
        &["solve", "--format", "iss"],
        "{\"size\": 2,\n \"grid\": [[{},{}],[{}]]}\n.Thermo~R1C1~R1C2\n",
        2,
        Some("invalid puzzle\n.Thermo~R1C1~R1C2\n"),
        "<stdin>:2:19: at \"grid[1]\": expected a row",
    );
}
