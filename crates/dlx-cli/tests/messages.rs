//! Every kind of user error the CLI reports, through the binary: the whole line on stderr
//! (`dlx: FILE:LINE:COLUMN: what was wrong (what was expected)` where the error has a place in
//! a file), what stdout still holds, and the exit code.

use std::fs;
use std::path::PathBuf;

use assert_cmd::Command;

/// The HDU 3111 example, with a unique solution.
const UNIQUE: &str =
    "1.3...5.9..21.94.....7.4...3..5.2..6.6.....5.7..8.3..4...4.1.....92.58..8.4...1.7";
/// A 4x4 puzzle.
const FOUR: &str = "1...\n....\n....\n...4\n";

/// `dlx`, run in a directory of its own holding `files`, so that messages name them as given.
fn dlx_with(case: &str, files: &[(&str, &[u8])]) -> Command {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("messages")
        .join(case);
    fs::create_dir_all(&dir).unwrap();
    for (name, bytes) in files {
        fs::write(dir.join(name), bytes).unwrap();
    }
    let mut command = Command::cargo_bin("dlx").unwrap();
    command.current_dir(dir);
    command
}

/// The system's message for a file that is not there.
fn not_found() -> String {
    fs::read("no such file").unwrap_err().to_string()
}

#[test]
fn knuth_format_errors_name_file_line_and_column() {
    let unknown =
        "dlx: bad.dlx:2:3: unknown item `Q` (expected an item declared on the first line)\n";
    let not_utf8 = "dlx: bad.dlx:2:1: invalid UTF-8 (expected text)\n";
    for (text, stderr) in [(&b"A B\nA Q\n"[..], unknown), (b"A B\n\xff\n", not_utf8)] {
        dlx_with("knuth", &[("bad.dlx", text)])
            .args(["cover", "bad.dlx"])
            .assert()
            .code(2)
            .stdout("")
            .stderr(stderr);
    }
}

#[test]
fn missing_files_are_named() {
    let missing = format!("dlx: cannot read missing.txt: {}\n", not_found());
    for args in [
        &["cover", "missing.txt"][..],
        &["solve", "missing.txt"],
        &["judge", "poj2676", "missing.txt"],
        &["solve", "--regions", "missing.txt", "puzzle.txt"],
    ] {
        dlx_with("missing", &[("puzzle.txt", FOUR.as_bytes())])
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(missing.clone());
    }
}

#[test]
fn a_malformed_puzzle_or_a_clash_is_placed_and_the_puzzle_answered() {
    let clash = UNIQUE.replacen('.', "1", 1);
    for (case, second, code, stdout, stderr) in [
        (
            "malformed",
            "12x4",
            2,
            "unique\ninvalid puzzle\n",
            "dlx: p.txt:2:3: unexpected character `x` (expected a digit 1-2 or an empty-cell \
             mark . 0 - _ *)\n",
        ),
        (
            "clash",
            &clash,
            1,
            "unique\nnone\n",
            "dlx: p.txt:2:1: value 1 is given twice in row 1: at row 1, column 1 and at row 1, \
             column 2\n",
        ),
    ] {
        dlx_with(
            case,
            &[("p.txt", format!("{UNIQUE}\n{second}\n").as_bytes())],
        )
        .args(["solve", "--check", "p.txt"])
        .assert()
        .code(code)
        .stdout(stdout)
        .stderr(stderr);
    }
}

#[test]
fn a_shape_that_does_not_fit_is_placed_at_the_puzzle() {
    dlx_with("shape", &[("p.txt", format!("{UNIQUE}\n").as_bytes())])
        .args(["solve", "--boxes", "2x2", "p.txt"])
        .assert()
        .code(2)
        .stdout("invalid puzzle\n")
        .stderr("dlx: p.txt:1:1: boxes of 2x2 do not fit a 9x9 grid (2 * 2 must be 9)\n");
}

#[test]
fn region_and_extra_region_files_are_placed() {
    let files: &[(&str, &[u8])] = &[
        ("p.txt", FOUR.as_bytes()),
        ("five.txt", b"AAAB\nAABB\nCCDD\nCCDD\n"),
        ("split.txt", b"ABBA\nABBA\nCCDD\nCCDD\n"),
        ("bang.txt", b"A...\n!...\n"),
        ("pair.txt", b"A..A\n....\n....\n....\n"),
    ];
    // A file that cannot be read is placed in it, and no puzzle is read. Whether a region is
    // connected, or how large a set may be, is a matter of the shape: placed at the puzzle,
    // naming the file, and the puzzle is answered invalid.
    let (in_the_file, at_the_puzzle) = (false, true);
    for (option, message, placed_at_the_puzzle) in [
        (
            "--regions",
            "five.txt:1:1: region `A` has 5 cells (expected 4)",
            in_the_file,
        ),
        (
            "--regions",
            "split.txt: region 1 (the one at row 1, column 1) is not connected: row 1, column 4 \
             cannot be reached from row 1, column 1",
            at_the_puzzle,
        ),
        (
            "--extra",
            "bang.txt:2:1: unexpected `!` (expected a letter or digit naming a set, or `.`)",
            in_the_file,
        ),
        (
            "--extra",
            "pair.txt: extra region 1 has 2 cells, but it needs 4",
            at_the_puzzle,
        ),
    ] {
        let (file, _) = message.split_once(':').unwrap();
        let (stdout, stderr) = if placed_at_the_puzzle {
            (
                "invalid puzzle\n",
                format!("dlx: p.txt:1:1: {option} {message}\n"),
            )
        } else {
            ("", format!("dlx: {message}\n"))
        };
        dlx_with("regions", files)
            .args(["solve", option, file, "p.txt"])
            .assert()
            .code(2)
            .stdout(stdout)
            .stderr(stderr);
    }
}

/// An HDU 4069 case: the numbers of a 9x9 layout of region symbols, with a wall wherever two
/// neighbours are in different regions, and no digits.
fn hdu4069(layout: &str) -> String {
    let regions = layout.as_bytes();
    let differs = |cell: usize, row: isize, column: isize| -> bool {
        let (r, c) = ((cell / 9) as isize + row, (cell % 9) as isize + column);
        (0..9).contains(&r) && (0..9).contains(&c) && regions[(r * 9 + c) as usize] != regions[cell]
    };
    let numbers: Vec<String> = (0..81)
        .map(|cell| {
            let walls = [(-1, 0, 16), (0, 1, 32), (1, 0, 64), (0, -1, 128)];
            let value: u32 = walls
                .iter()
                .filter(|&&(r, c, _)| differs(cell, r, c))
                .map(|w| w.2)
                .sum();
            value.to_string()
        })
        .collect();
    let rows: Vec<String> = numbers.chunks(9).map(|row| row.join(" ")).collect();
    format!("1\n{}\n", rows.join("\n"))
}

#[test]
fn judge_input_errors_name_file_line_and_column() {
    // The top-left cell walled off alone; the rest of its box joins the next box.
    let lonely = hdu4069(&format!(
        "abbbbbccc{}{}{}",
        "bbbbbbccc".repeat(2),
        "dddeeefff".repeat(3),
        "ggghhhiii".repeat(3)
    ));
    // No walls: one region.
    let open = hdu4069(&"a".repeat(81));
    let files: &[(&str, &[u8])] = &[
        ("count.txt", b"x\n"),
        ("open.txt", open.as_bytes()),
        ("lonely.txt", lonely.as_bytes()),
    ];
    let nine = "(expected 9 regions of 9 cells)";
    for (args, stderr) in [
        (
            ["judge", "poj2676", "count.txt"],
            "count.txt:1:1: expected the number of test cases (a whole number), found `x`"
                .to_string(),
        ),
        (
            ["judge", "hdu4069", "open.txt"],
            format!("open.txt:2:1: the walls of case 1 make 1 region {nine}"),
        ),
        (
            ["judge", "hdu4069", "lonely.txt"],
            format!("lonely.txt:2:1: the walls of case 1 make a region of 1 cell here {nine}"),
        ),
    ] {
        dlx_with("judge", files)
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!("dlx: {stderr}\n"));
    }
}

#[test]
fn unknown_judge_problems_list_the_known() {
    dlx_with("problem", &[])
        .args(["judge", "poj9"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "error: invalid value 'poj9' for '[PROBLEM]': unknown problem `poj9` (expected one \
             of: poj2676, poj3074, poj3076, la2659, acwing169, hdu4069, hdu3111, spoj-sudoku)\n\n\
             For more information, try '--help'.\n",
        );
}

#[test]
fn bad_pictures_name_file_line_and_column() {
    dlx_with("picture", &[("board.txt", b"###\n#x#\n")])
        .args(["polyomino", "--board", "board.txt"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "dlx: board.txt:2:2: unexpected `x` in a board (expected `#` for a cell, `.` or a \
             space for a hole)\n",
        );
}

/// A problem with two solutions, and its hash as `dlx split` writes it.
const PROBLEM: &[u8] = b"A B\nA\nB\nA B\n";
const HASH: &str = "95e046804bc70b86";

#[test]
fn bad_work_units_name_file_line_and_column() {
    let clash = format!("{{\"problem\":\"{HASH}\",\"prefix\":[0,2]}}\n");
    let files: &[(&str, &[u8])] = &[
        ("p.dlx", PROBLEM),
        ("json.jsonl", b"\n{\"problem\":1}\n"),
        (
            "other.jsonl",
            b"{\"problem\":\"0000000000000000\",\"prefix\":[0]}\n",
        ),
        ("clash.jsonl", clash.as_bytes()),
    ];
    let cases = [
        (
            "json.jsonl",
            "dlx: json.jsonl:2:12: invalid type: integer `1`, expected a string\n".to_string(),
        ),
        (
            "other.jsonl",
            format!(
                "dlx: other.jsonl:1:1: the unit is for problem 0000000000000000 (expected \
                 {HASH}, the hash of the problem given)\n"
            ),
        ),
        (
            "clash.jsonl",
            "dlx: clash.jsonl:1:1: option #2 conflicts with an option forced earlier on item #0\n"
                .to_string(),
        ),
    ];
    for (units, stderr) in cases {
        dlx_with("units", files)
            .args(["run", "p.dlx", "--units", units])
            .assert()
            .code(2)
            .stdout("")
            .stderr(stderr);
    }
    dlx_with("units", files)
        .args(["run", "p.dlx", "--units", "other.jsonl", "--index", "1"])
        .assert()
        .code(2)
        .stdout("")
        .stderr("dlx: --index 1 is past the units of other.jsonl (expected an index below 1)\n");
}

#[test]
fn bad_results_name_file_line_and_column() {
    let result = |hash: &str| {
        format!(
            "{{\"problem\":\"{hash}\",\"prefix\":[0],\"solutions\":1,\"nodes\":2,\"updates\":3,\
             \"complete\":true}}\n"
        )
    };
    let ours = result(HASH);
    let theirs = result("0000000000000000");
    let files: &[(&str, &[u8])] = &[
        ("ours.jsonl", ours.as_bytes()),
        ("theirs.jsonl", theirs.as_bytes()),
        ("json.jsonl", b"{\"problem\":\"0\"\n"),
        ("empty.jsonl", b""),
    ];
    let cases = [
        (
            &["json.jsonl"][..],
            "dlx: json.jsonl:1:14: EOF while parsing an object\n".to_string(),
        ),
        (
            &["ours.jsonl", "theirs.jsonl"],
            format!(
                "dlx: theirs.jsonl:1:1: the result is for problem 0000000000000000, but \
                 ours.jsonl:1 is for {HASH}\n"
            ),
        ),
        (
            &["ours.jsonl", "ours.jsonl"],
            "dlx: ours.jsonl:1:1: the unit [0] was already counted at ours.jsonl:1\n".to_string(),
        ),
        (
            &["empty.jsonl"],
            "dlx: no results to merge (expected the JSON lines that dlx run writes)\n".to_string(),
        ),
    ];
    for (inputs, stderr) in cases {
        dlx_with("results", files)
            .arg("merge")
            .args(inputs)
            .assert()
            .code(2)
            .stdout("")
            .stderr(stderr);
    }
}

/// A test data file's bytes.
fn data_file(name: &str) -> Vec<u8> {
    fs::read(format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The grid layout of an empty grid of `side` rows and columns.
fn empty_grid(side: usize) -> String {
    let row = vec!["-"; side].join(" ");
    format!("{side} {side}\n{}", format!("{row}\n").repeat(side))
}

#[test]
fn a_samurai_grid_without_its_shape_is_named_with_the_option() {
    let samurai = data_file("samurai.in");
    dlx_with("samurai", &[("samurai.in", &samurai)])
        .args(["solve", "samurai.in"])
        .assert()
        .code(2)
        .stdout("invalid puzzle\n")
        .stderr("dlx: samurai.in:1:4: this looks like a Samurai grid: add --shape samurai\n");
    // With the option it is solved.
    dlx_with("samurai", &[("samurai.in", &samurai)])
        .args(["solve", "--shape", "samurai", "samurai.in"])
        .assert()
        .code(0);
}

#[test]
fn a_grid_several_shapes_fit_keeps_the_message_and_adds_the_hint() {
    let empty = empty_grid(21);
    dlx_with("gattai", &[("empty.in", empty.as_bytes())])
        .args(["solve", "empty.in"])
        .assert()
        .code(2)
        .stdout("invalid puzzle\n")
        .stderr(
            "dlx: empty.in:1:4: expected 1 numbers, found 2\n\
             dlx: empty.in:1: this looks like a 21x21 grid of overlapping 9x9 grids: add \
             --shape samurai, --shape flower, --shape sohei (whichever it is)\n",
        );
    // A grid of a size no built-in layout has: a shape file reads it.
    let other = "4 5\n1 - 2 - 3\n- - - - -\n1 2 3 4 5\n- - - - -\n";
    dlx_with("gattai", &[("other.in", other.as_bytes())])
        .args(["solve", "other.in"])
        .assert()
        .code(2)
        .stdout("invalid puzzle\n")
        .stderr(predicates::str::ends_with(
            "dlx: other.in:1: this looks like a puzzle in the grid layout (a line `4 5`, then \
             its rows) of a shape none of the built-in ones is: give its shape with --shape \
             FILE\n",
        ));
}

#[test]
fn a_region_layout_read_as_a_puzzle_is_named_with_the_option() {
    let jigsaw = data_file("jigsaw4.txt");
    // By default the line after a puzzle is its layout.
    dlx_with("jigsaw", &[("jigsaw4.txt", &jigsaw)])
        .args(["solve", "jigsaw4.txt"])
        .assert()
        .code(0)
        .stdout("1234241331424321\n");
    // Not when --boxes gives the shape: the layout is read as a puzzle, whose givens clash.
    let layout = "dlx: jigsaw4.txt:2:1: this looks like a jigsaw region layout (4 connected \
                  regions of 4 cells), not a puzzle: write it on its puzzle's line after the \
                  cells, or in a file for --regions FILE\n";
    dlx_with("jigsaw", &[("jigsaw4.txt", &jigsaw)])
        .args(["solve", "-q", "--boxes", "2x2", "jigsaw4.txt"])
        .assert()
        .code(1)
        .stdout("1234341221434321\nno solution\n")
        .stderr(layout);
}

#[test]
fn a_solve_names_each_puzzle_with_several_solutions_unless_quiet() {
    let several = data_file("several.txt");
    let run = |args: &[&str], code: i32, stderr: &str| {
        let assert = dlx_with("several", &[("several.txt", &several)])
            .args(args)
            .assert()
            .code(code)
            .stderr(stderr.to_string());
        String::from_utf8(assert.get_output().stdout.clone()).unwrap()
    };
    let line = "dlx: several.txt:2: more than one solution, printed the first\n";
    let noted = run(&["solve", "several.txt"], 0, line);
    assert_eq!(noted.lines().count(), 2);
    // --quiet leaves the line out, and stdout and the exit code as they were.
    assert_eq!(run(&["solve", "--quiet", "several.txt"], 0, ""), noted);
    assert_eq!(
        run(&["solve", "-q", "--threads", "2", "several.txt"], 0, ""),
        noted
    );
    // --strict still names it: it makes the exit code.
    assert_eq!(
        run(&["solve", "-q", "--strict", "several.txt"], 1, line),
        noted
    );
    // --check says it on stdout only.
    assert_eq!(
        run(&["solve", "--check", "several.txt"], 0, ""),
        "unique\nmultiple\n"
    );
}

#[test]
fn a_judge_names_each_case_with_several_solutions_on_stderr_only() {
    let several = String::from_utf8(data_file("several.txt")).unwrap();
    let input = format!("{several}end\n");
    let run = |args: &[&str], stderr: &str| {
        let assert = dlx_with("judge-several", &[("cases.txt", input.as_bytes())])
            .args(args)
            .assert()
            .code(0)
            .stderr(stderr.to_string());
        String::from_utf8(assert.get_output().stdout.clone()).unwrap()
    };
    let noted = run(
        &["judge", "poj3074", "cases.txt"],
        "dlx: cases.txt:2: case 2: more than one solution, printed the first\n",
    );
    assert_eq!(noted.lines().count(), 2);
    // The same replies, byte for byte, without the line and its second search.
    assert_eq!(
        run(&["judge", "--quiet", "poj3074", "cases.txt"], ""),
        noted
    );
}
