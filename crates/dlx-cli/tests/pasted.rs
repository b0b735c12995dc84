//! What people paste and type, end to end: framed grids answered in their frames, pencil marks,
//! input that must not reach the terminal raw, and results that must not be silent.

use std::path::PathBuf;

use predicates::prelude::*;
use predicates::str::contains;

mod common;

use common::{assert_run, dlx, succeeds};

/// Writes `bytes` to a scratch file and returns its path.
fn scratch(name: &str, bytes: &[u8]) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// The classic puzzle in Simple Sudoku's frame (a sample of the library's frame tests).
fn simple_sudoku() -> String {
    framed("star.txt")
}

/// The classic puzzle in the forum's frame.
fn forum() -> String {
    framed("forum.txt")
}

/// A file of the library's frame samples.
fn framed(name: &str) -> String {
    let path = format!(
        "{}/../dlx-puzzles/tests/data/frames/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path).unwrap()
}

const BANDS: &str = "53..7....\n6..195...\n.98....6.\n\n8...6...3\n4..8.3..1\n7...2...6\n\n.6....28.\n...419..5\n....8..79\n";

/// The classic puzzle's candidates once its givens' houses are crossed off, as HoDoKu prints a
/// candidate grid.
const PENCIL_MARKS: &str = "\
.----------------------.----------------------.----------------------.
| 5      3      124    | 26     7      2468   | 1489   1249   248    |
| 6      247    247    | 1      9      5      | 3478   234    2478   |
| 12     9      8      | 23     34     24     | 13457  6      247    |
:----------------------+----------------------+----------------------:
| 8      125    1259   | 579    6      147    | 4579   2459   3      |
| 4      25     2569   | 8      5      3      | 579    259    1      |
| 7      15     1359   | 59     2      14     | 4589   459    6      |
:----------------------+----------------------+----------------------:
| 139    6      134579 | 357    35     7      | 2      8      4      |
| 23     278    237    | 4      1      9      | 36     3      5      |
| 123    1245   12345  | 2356   8      26     | 1346   7      9      |
'----------------------'----------------------'----------------------'
";

const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// The digits of an answer, whatever its frame.
fn digits(answer: &str) -> String {
    answer.chars().filter(char::is_ascii_digit).collect()
}

#[test]
fn simple_sudoku_frames_are_one_puzzle_answered_in_the_frame() {
    let (answer, stderr) = succeeds(&["solve"], simple_sudoku());
    assert_eq!(stderr, "");
    assert_eq!(digits(&answer), SOLUTION);
    assert!(
        answer.starts_with("*-----------*\n|534|678|912|\n"),
        "{answer}"
    );
    assert!(
        answer.ends_with("|345|286|179|\n*-----------*\n"),
        "{answer}"
    );
}

#[test]
fn forum_frames_and_box_drawing_are_answered_in_their_frames() {
    let forum = forum();
    let light = forum
        .replace(".-------.-------.-------.", "┌───────┬───────┬───────┐")
        .replace(":-------+-------+-------:", "├───────┼───────┼───────┤")
        .replace("'-------'-------'-------'", "└───────┴───────┴───────┘")
        .replace('|', "│");
    let double = light
        .replace('┌', "╔")
        .replace('┬', "╦")
        .replace('┐', "╗")
        .replace('├', "╠")
        .replace('┼', "╬")
        .replace('┤', "╣")
        .replace('└', "╚")
        .replace('┴', "╩")
        .replace('┘', "╝")
        .replace('─', "═")
        .replace('│', "║");
    for (input, top) in [
        (&forum, ".-------.-------.-------."),
        (&light, "┌───────┬───────┬───────┐"),
        (&double, "╔═══════╦═══════╦═══════╗"),
    ] {
        let (answer, _) = succeeds(&["solve"], input.as_str());
        assert_eq!(digits(&answer), SOLUTION, "{answer}");
        assert_eq!(answer.lines().next(), Some(top), "{answer}");
        assert_eq!(answer.lines().count(), 13, "{answer}");
    }
}

#[test]
fn bands_separated_by_blank_lines_are_one_grid() {
    assert_eq!(
        succeeds(&["solve"], BANDS).0,
        "534678912\n672195348\n198342567\n\n859761423\n426853791\n713924856\n\n961537284\n287419635\n345286179\n"
    );
}

#[test]
fn plus_frames_are_kept_and_spaced_dots_get_no_rules() {
    let framed = format!(
        "+-------+-------+-------+\n{}+-------+-------+-------+\n",
        forum()
            .lines()
            .filter(|l| l.starts_with('|'))
            .enumerate()
            .map(|(i, l)| {
                let sep = if i == 3 || i == 6 {
                    "+-------+-------+-------+\n"
                } else {
                    ""
                };
                format!("{sep}{l}\n")
            })
            .collect::<String>()
    );
    let output = dlx().arg("solve").write_stdin(framed).output().unwrap();
    let answer = text(&output.stdout);
    assert_eq!(answer.lines().next(), Some("+-------+-------+-------+"));
    assert_eq!(answer.lines().last(), Some("+-------+-------+-------+"));
    let spaced: String = SOLUTION[..9]
        .chars()
        .map(String::from)
        .collect::<Vec<_>>()
        .join(" ");
    let dots = "5 3 . . 7 . . . .\n6 . . 1 9 5 . . .\n. 9 8 . . . . 6 .\n8 . . . 6 . . . 3\n4 . . 8 . 3 . . 1\n7 . . . 2 . . . 6\n. 6 . . . . 2 8 .\n. . . 4 1 9 . . 5\n. . . . 8 . . 7 9\n";
    for input in [dots.to_string(), dots.replace('.', "0")] {
        let output = dlx().arg("solve").write_stdin(input).output().unwrap();
        let answer = text(&output.stdout);
        assert_eq!(answer.lines().count(), 9, "{answer}");
        assert_eq!(answer.lines().next(), Some(spaced.as_str()), "{answer}");
    }
}

#[test]
fn pencil_marks_read_with_one_candidate_cells_as_givens() {
    let (answer, _) = succeeds(&["solve"], PENCIL_MARKS);
    assert_eq!(digits(&answer), SOLUTION);
    assert_eq!(answer.lines().next(), Some(".-------.-------.-------."));
    dlx()
        .args(["solve", "--marks", "--check"])
        .write_stdin(PENCIL_MARKS)
        .assert()
        .success()
        .stdout("unique\n");
}

/// A 4x4 candidate grid whose one-candidate cells (the first row) leave 12 solutions, and
/// whose marks leave one.
const MARKS_4: &str = "\
+---------+---------+
| 2   3   | 1   4   |
| 14  234 | 134 123 |
+---------+---------+
| 134 123 | 134 124 |
| 134 123 | 24  34  |
+---------+---------+
";

#[test]
fn marks_are_constraints_with_the_option() {
    assert_run(&["solve", "--count"], MARKS_4, 0, Some("12\n"), "");
    assert_run(
        &["solve", "--count", "--marks"],
        MARKS_4,
        0,
        Some("1\n"),
        "",
    );
    dlx()
        .args(["solve", "--marks"])
        .write_stdin(MARKS_4)
        .assert()
        .success()
        .stdout("+-----+-----+\n| 2 3 | 1 4 |\n| 1 4 | 3 2 |\n+-----+-----+\n| 3 2 | 4 1 |\n| 4 1 | 2 3 |\n+-----+-----+\n")
        .stderr("");
}

#[test]
fn escape_sequences_in_the_input_do_not_reach_the_terminal() {
    let output = dlx()
        .arg("solve")
        .write_stdin(&b"\x1b[2J\x1b[31mhello\n"[..])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = output.stderr;
    assert!(!stderr.contains(&0x1b), "{}", text(&stderr));
    assert!(
        text(&stderr).contains("`\\x1b[2J\\x1b[31mhello`"),
        "{}",
        text(&stderr)
    );
    // Bytes that are not UTF-8 are named as bytes; a long piece of input is cut.
    let long = format!("12\u{7}{}\n", "x".repeat(100));
    let output = dlx()
        .arg("solve")
        .write_stdin([b"1\xff2.\n\n".as_slice(), long.as_bytes()].concat())
        .output()
        .unwrap();
    let stderr = text(&output.stderr);
    assert!(stderr.contains("\\xff"), "{stderr}");
    assert!(
        !stderr.contains('\u{7}') && stderr.contains('…'),
        "{stderr}"
    );
    for line in stderr.lines() {
        assert!(line.chars().count() < 200, "{line}");
    }
}

#[test]
fn a_file_that_is_not_text_is_refused_once_and_the_run_goes_on() {
    let mut binary = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0".to_vec();
    binary.extend((0..4000u32).map(|i| (i * 7 % 251) as u8));
    let binary = scratch("program.bin", &binary);
    let good = scratch(
        "good.txt",
        format!("{}\n", SOLUTION.replace('9', ".")).as_bytes(),
    );
    let output = dlx().arg("solve").arg(&binary).arg(&good).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("program.bin: not a text file"), "{stderr}");
    assert_eq!(text(&output.stdout).lines().count(), 1);
}

#[test]
fn several_solutions_are_said_and_strict_makes_them_an_error() {
    let empty = format!("{}\n", ".".repeat(81));
    dlx()
        .arg("solve")
        .write_stdin(empty.clone())
        .assert()
        .success()
        .stderr("dlx: <stdin>:1: more than one solution, printed the first\n");
    dlx()
        .args(["solve", "--strict"])
        .write_stdin(empty)
        .assert()
        .code(1)
        .stderr(contains("more than one solution"));
}

#[test]
fn empty_input_is_an_error() {
    for input in ["", "\n\n", "# only a comment\n"] {
        dlx()
            .arg("solve")
            .write_stdin(input)
            .assert()
            .code(2)
            .stdout("")
            .stderr("dlx: <stdin>: no puzzle in the input\n");
    }
}

#[test]
fn puzzle_commands_say_when_there_is_no_solution() {
    for args in [
        &["queens", "3"][..],
        &["langford", "5"],
        &["polyomino", "--board", "3x3"],
    ] {
        dlx()
            .args(args)
            .assert()
            .code(1)
            .stdout("")
            .stderr(contains(": no solution"));
    }
}

#[test]
fn capped_counts_are_n_plus() {
    dlx()
        .args(["solve", "--count", "--budget", "5"])
        .write_stdin(format!("{}\n", ".".repeat(81)))
        .assert()
        .code(3)
        .stdout(predicate::str::is_match(r"^[0-9]+\+\n$").unwrap())
        .stderr(contains("unfinished"));
}

#[test]
fn bad_values_list_the_valid_ones() {
    let cases: [(&[&str], &str); 5] = [
        (&["solve", "--threads", "0"], "0 threads cannot search"),
        (&["queens", "8", "--threads", "0"], "0 threads cannot search"),
        (
            &["solve", "--extra", "y"],
            "--extra `y`: expected x (the two main diagonals), windoku (the Windoku windows) or a file of cell sets",
        ),
        (
            &["polyomino", "--board", "6x"],
            "--board `6x`: expected ROWSxCOLS (a rectangle, e.g. 6x10) or a file",
        ),
        (
            &["polyomino", "--board", "6x10", "--pieces", "hexominoes"],
            "--pieces `hexominoes`: expected pentominoes, tetrominoes or a file drawing pieces",
        ),
    ];
    for (args, message) in cases {
        dlx()
            .args(args)
            .write_stdin("")
            .assert()
            .code(2)
            .stderr(contains(message));
    }
}

#[test]
fn pretty_grids_box_every_region() {
    let (drawn, _) = succeeds(
        &["solve", "--pretty"],
        format!("{}\n", SOLUTION.replace('9', ".")),
    );
    let lines: Vec<&str> = drawn.lines().collect();
    assert_eq!(lines.len(), 13, "{drawn}");
    assert_eq!(lines[0], "┌───────┬───────┬───────┐");
    assert_eq!(lines[1], "│ 5 3 4 │ 6 7 8 │ 9 1 2 │");
    assert_eq!(lines[4], "├───────┼───────┼───────┤");
    // Not a terminal: no escape codes.
    assert!(!drawn.contains('\x1b'));
    let output = dlx()
        .args(["solve", "--pretty", "--ascii"])
        .write_stdin(format!("{}\n", SOLUTION.replace('9', ".")))
        .output()
        .unwrap();
    let drawn = text(&output.stdout);
    assert_eq!(drawn.lines().next(), Some("+-------+-------+-------+"));
    assert!(drawn.is_ascii());
}

#[test]
fn pretty_marks_show_the_candidates_after_propagation() {
    let output = dlx()
        .args(["solve", "--pretty", "--marks"])
        .write_stdin(format!("{}\n", ".".repeat(81)))
        .output()
        .unwrap();
    let drawn = text(&output.stdout);
    assert!(
        drawn.contains("│ 123456789 123456789 123456789 │"),
        "{drawn}"
    );
}

#[test]
fn svg_files_are_numbered_and_hold_a_text_per_filled_cell() {
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("svg");
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    let pattern = folder.join("puzzle-{n}.svg");
    let givens = SOLUTION.replace('9', ".");
    dlx()
        .args(["solve", "--svg"])
        .arg(&pattern)
        .write_stdin(format!("{givens}\n{}\n", ".".repeat(81)))
        .assert()
        .success();
    for n in 1..=2 {
        let image = std::fs::read_to_string(folder.join(format!("puzzle-{n}.svg"))).unwrap();
        assert!(image.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert_eq!(image.matches("<text").count(), 81);
        assert!(image.contains("stroke-width=\"3\""));
    }
    let first = std::fs::read_to_string(folder.join("puzzle-1.svg")).unwrap();
    assert_eq!(first.matches("class=\"given\"").count(), 72);
    assert_eq!(first.matches("class=\"solved\"").count(), 9);
}
