//! `dlx judge` end to end: every judge fixture byte for byte, answers checked by the validator,
//! errors with positions and exit codes.

use std::fs;
use std::path::{Path, PathBuf};

use dlx_puzzles::sudoku::judge::Problem;
use dlx_puzzles::sudoku::validate;
use predicates::str::contains;

mod common;

use common::dlx;

/// The fixtures of one problem's folder.
fn data(folder: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/judge")
        .join(folder)
}

/// Every `.in` fixture, with the problem whose folder holds it: folder by folder, sorted.
fn fixtures() -> Vec<(Problem, PathBuf)> {
    let mut fixtures = Vec::new();
    for folder in FOLDERS {
        let problem: Problem = folder.parse().unwrap();
        let mut files: Vec<PathBuf> = fs::read_dir(data(folder))
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "in"))
            .collect();
        files.sort();
        fixtures.extend(files.into_iter().map(|file| (problem, file)));
    }
    fixtures
}

const FOLDERS: [&str; 6] = [
    "poj2676",
    "poj3074",
    "poj3076",
    "hdu4069",
    "hdu3111",
    "spoj_sudoku",
];

/// Runs `dlx judge PROBLEM` with `input` on standard input: (exit code, stdout, stderr).
fn judge_stdin(problem: &str, input: impl Into<Vec<u8>>) -> (Option<i32>, Vec<u8>, String) {
    let output = dlx()
        .args(["judge", problem])
        .write_stdin(input.into())
        .output()
        .unwrap();
    (
        output.status.code(),
        output.stdout,
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn every_fixture_is_answered_byte_for_byte() {
    let fixtures = fixtures();
    for (problem, input) in &fixtures {
        let expected = fs::read(input.with_extension("out")).unwrap();
        let (code, stdout, stderr) = judge_stdin(problem.name(), fs::read(input).unwrap());
        assert_eq!(code, Some(0), "{}: {stderr}", input.display());
        assert!(
            stdout == expected,
            "{}: the output differs from the judge's\n--- got\n{}",
            input.display(),
            String::from_utf8_lossy(&stdout)
        );
    }
    assert_eq!(fixtures.len(), 16);
}

#[test]
fn the_crlf_fixtures_keep_their_line_endings() {
    let crlf = fs::read(data("poj2676").join("robust_crlf_blank.in")).unwrap();
    assert!(crlf.windows(2).any(|w| w == b"\r\n"));
    let crlf = fs::read(data("poj3074").join("robust_crlf_ws.in")).unwrap();
    assert!(crlf.windows(3).any(|w| w == b"\t\r\n"));
}

#[test]
fn la2659_is_poj3076_and_acwing169_puts_a_blank_line_after_each_grid() {
    let input = data("poj3076").join("two_cases.in");
    let between = fs::read(data("poj3076").join("two_cases.out")).unwrap();
    let after_each = fs::read(data("poj3076").join("two_cases.blank_after_each.out")).unwrap();
    for (problem, expected) in [("la2659", &between), ("acwing169", &after_each)] {
        dlx()
            .args(["judge", problem])
            .arg(&input)
            .assert()
            .success()
            .stdout(predicates::ord::eq(expected.clone()));
    }
}

#[test]
fn a_file_argument_and_dash_read_like_standard_input() {
    let input = data("hdu3111").join("constructed.in");
    let expected = fs::read(input.with_extension("out")).unwrap();
    dlx()
        .args(["judge", "hdu3111"])
        .arg(&input)
        .assert()
        .success()
        .stdout(predicates::ord::eq(expected.clone()));
    dlx()
        .args(["judge", "hdu3111", "-"])
        .pipe_stdin(&input)
        .unwrap()
        .assert()
        .success()
        .stdout(predicates::ord::eq(expected));
}

/// The solutions printed for `problem`, read back from its output: one entry per case, `None`
/// for a case answered without a grid.
fn printed_solutions(problem: Problem, size: usize, output: &str) -> Vec<Option<Vec<u16>>> {
    let mut tokens = output.split_whitespace().peekable();
    let mut replies = Vec::new();
    while tokens.peek().is_some() {
        match problem {
            Problem::Hdu4069 => {
                assert_eq!(tokens.next(), Some("Case"));
                tokens.next();
            }
            Problem::Hdu3111 if !replies.is_empty() => assert_eq!(tokens.next(), Some("---")),
            _ => {}
        }
        let word = tokens.peek().copied();
        if matches!(word, Some("No" | "Multiple" | "impossible" | "no")) {
            let words = if word == Some("impossible") { 1 } else { 2 };
            tokens.nth(words - 1);
            replies.push(None);
            continue;
        }
        let rows = if problem == Problem::Poj3074 { 1 } else { size };
        let grid: Vec<u16> = tokens
            .by_ref()
            .take(rows)
            .flat_map(str::chars)
            .map(|ch| match ch.to_digit(10) {
                Some(digit) => digit as u16,
                None => (ch as u16) - u16::from(b'A') + 1,
            })
            .collect();
        assert_eq!(grid.len(), size * size);
        replies.push(Some(grid));
    }
    replies
}

#[test]
fn every_printed_solution_passes_the_validator() {
    let mut solutions = 0;
    for (problem, input) in fixtures() {
        let text = fs::read(&input).unwrap();
        let cases: Vec<_> = problem.cases(&text[..]).map(|case| case.unwrap()).collect();
        let output = dlx()
            .args(["judge", problem.name()])
            .arg(&input)
            .output()
            .unwrap();
        let output = String::from_utf8(output.stdout).unwrap();
        let size = cases[0].shape.size();
        let printed = printed_solutions(problem, size, &output);
        assert_eq!(printed.len(), cases.len(), "{}", input.display());
        for (case, solution) in cases.iter().zip(&printed) {
            if let Some(solution) = solution {
                validate(&case.shape, &case.cells, solution)
                    .unwrap_or_else(|e| panic!("{} case {}: {e}", input.display(), case.number));
                solutions += 1;
            }
        }
    }
    // Every case has a solution but 53 of hdu4069/bulk200, 5 of its generated cases, 2 of its
    // sample, and 2 of hdu3111/constructed.
    let poj2676 = 2 + 1 + 95;
    let poj3074 = 11 + 2 + 2 + 2 + 40 + 95;
    let poj3076 = 1 + 2;
    let hdu4069 = 147 + 10 + 1;
    assert_eq!(solutions, poj2676 + poj3074 + poj3076 + hdu4069 + 1 + 2);
}

/// A scratch copy of `text`, so that messages name a file.
fn scratch(name: &str, text: &[u8]) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_count_promising_more_cases_answers_those_there_are_then_fails() {
    let text = fs::read_to_string(data("poj2676").join("robust_crlf_blank.in")).unwrap();
    let path = scratch("three.in", text.replacen("2 ", "3", 1).as_bytes());
    let expected = fs::read(data("poj2676").join("robust_crlf_blank.out")).unwrap();
    dlx()
        .args(["judge", "poj2676"])
        .arg(&path)
        .assert()
        .code(2)
        .stdout(predicates::ord::eq(expected))
        .stderr(format!(
            "dlx: {}:20:10: expected case 3 of the 3 announced on line 1, found the end of \
             the input\n",
            path.display()
        ));
}

#[test]
fn bad_characters_and_short_rows_are_errors_with_positions() {
    let sample = fs::read_to_string(data("poj3076").join("two_cases.in")).unwrap();
    let first = fs::read_to_string(data("poj3076").join("sample.out")).unwrap();
    // Row 3 of the second grid: `-M--B----N--CELI`; a `Z` in its column 5.
    let bad = sample.replacen("-M--B----N--CELI", "-M--Z----N--CELI", 1);
    let (code, stdout, stderr) = judge_stdin("poj3076", bad);
    assert_eq!(code, Some(2));
    assert_eq!(String::from_utf8(stdout).unwrap(), first);
    assert_eq!(
        stderr,
        "dlx: <stdin>:20:5: unexpected character `Z` in row 3 of case 2 (expected a letter \
         A-P, or `-` or `.` for an empty cell)\n"
    );

    let top95 = fs::read_to_string(data("poj3074").join("top95.in")).unwrap();
    let mut lines: Vec<&str> = top95.lines().collect();
    let short = &lines[2][..79];
    lines[2] = short;
    let (code, stdout, stderr) = judge_stdin("poj3074", lines.join("\n"));
    assert_eq!(code, Some(2));
    assert_eq!(String::from_utf8(stdout).unwrap().lines().count(), 2);
    assert_eq!(
        stderr,
        "dlx: <stdin>:3:80: expected 81 cells in case 3 (or `end`), found 79\n"
    );
}

#[test]
fn walls_that_do_not_make_nine_regions_of_nine_are_errors() {
    let sample = fs::read_to_string(data("hdu4069").join("sample.in")).unwrap();
    // Case 2, row 1, column 2 (48 = walls above and right): drop the wall on the right. The
    // cell on its right (144 = walls above and left) keeps its side, so nothing changes.
    let one_sided = sample.replacen("144 48 144 81", "144 16 144 81", 1);
    let (code, stdout, _) = judge_stdin("hdu4069", one_sided);
    assert_eq!(code, Some(0));
    assert_eq!(
        stdout,
        fs::read(data("hdu4069").join("sample.out")).unwrap()
    );
    // Drop both sides: two regions merge into one of 18 cells.
    let merged = sample.replacen("144 48 144 81", "144 16 16 81", 1);
    let (code, stdout, stderr) = judge_stdin("hdu4069", merged);
    assert_eq!(code, Some(2));
    assert!(String::from_utf8(stdout)
        .unwrap()
        .starts_with("Case 1:\n521439678\n"));
    assert_eq!(
        stderr,
        "dlx: <stdin>:12:1: the walls of case 2 make 8 regions (expected 9 regions of 9 \
         cells)\n"
    );
}

#[test]
fn a_case_without_solution_where_the_judge_defines_none_exits_1() {
    let clash = format!("11{}\n{}\nend\n", ".".repeat(79), ".".repeat(81));
    let (code, stdout, stderr) = judge_stdin("poj3074", clash);
    assert_eq!(code, Some(1));
    let stdout = String::from_utf8(stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "no solution");
    assert_eq!(lines[1].len(), 81);
    // The empty grid has many solutions, which the judge's reply cannot say.
    assert_eq!(
        stderr,
        "dlx: <stdin>:2: case 2: more than one solution, printed the first\n"
    );
    // Where the judge has a word for it, it is a normal answer.
    let (code, stdout, _) = judge_stdin(
        "hdu3111",
        format!("1\n11???????\n{}", "?????????\n".repeat(8)),
    );
    assert_eq!((code, stdout), (Some(0), b"impossible\n".to_vec()));
}

#[test]
fn unknown_problems_and_the_list() {
    dlx()
        .args(["judge", "poj9999"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(contains("unknown problem `poj9999`"))
        .stderr(contains("spoj-sudoku"));
    let assert = dlx().args(["judge", "--list"]).assert().success();
    let listed = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    assert_eq!(listed.lines().count(), Problem::ALL.len());
    for problem in Problem::ALL {
        assert!(
            listed
                .lines()
                .any(|line| line.starts_with(&format!("{} ", problem.name()))),
            "{listed}"
        );
    }
    dlx()
        .args(["judge", "nothing-here", "/no/such/file"])
        .assert()
        .code(2);
    dlx()
        .args(["judge", "poj2676", "/no/such/file"])
        .assert()
        .code(2)
        .stderr(contains("dlx: cannot read /no/such/file"));
}
