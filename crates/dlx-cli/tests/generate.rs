//! `dlx generate` end to end: what it prints reads back in `dlx solve --check` as unique, on
//! every shape; the same seed gives the same output on any number of threads; bad usage is
//! exit 2 with a message.

use predicates::str::contains;

mod common;

use common::{assert_run, dlx};

/// What `dlx generate ARGS` prints (it must succeed).
fn generate(args: &[&str]) -> String {
    let output = dlx().arg("generate").args(args).output().unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Checks that `dlx solve --check SOLVE_ARGS` says `unique` for each of `count` puzzles of
/// `text`.
fn all_unique(text: &str, count: usize, solve_args: &[&str]) {
    let output = dlx()
        .args(["solve", "--check"])
        .args(solve_args)
        .write_stdin(text.to_string())
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let verdicts = String::from_utf8(output.stdout).unwrap();
    assert_eq!(verdicts, "unique\n".repeat(count), "{text}");
}

#[test]
fn classic_puzzles_read_back_unique() {
    let text = generate(&["--count", "30", "--seed", "1", "--minimal"]);
    assert_eq!(text.lines().count(), 30);
    assert!(text.lines().all(|line| line.len() == 81));
    all_unique(&text, 30, &[]);
}

#[test]
fn every_shape_reads_back_unique() {
    let cases: &[(&[&str], &[&str])] = &[
        (&["--size", "4"], &[]),
        (&["--size", "6"], &[]),
        (&["--boxes", "3x2"], &["--boxes", "3x2"]),
        (&["--size", "16", "--symmetry", "rot180"], &[]),
        (&["--extra", "x"], &["--extra", "x"]),
        (
            &["--extra", "windoku", "--symmetry", "mirror"],
            &["--extra", "windoku"],
        ),
        (&["--jigsaw"], &[]),
        (&["--jigsaw", "--size", "7", "--minimal"], &[]),
        (&["--jigsaw", "--extra", "x"], &["--extra", "x"]),
        (&["--size", "12", "--givens", "80"], &[]),
        (&["--size", "25"], &["--engine", "dlx"]),
    ];
    for (args, solve_args) in cases {
        let mut all = vec!["--count", "5", "--seed", "7"];
        all.extend_from_slice(args);
        let text = generate(&all);
        assert_eq!(text.lines().count(), 5, "{args:?}");
        all_unique(&text, 5, solve_args);
    }
}

/// Checks that `dlx solve --check` answers each of `count` JSON lines with a unique verdict.
fn json_unique(text: &str, count: usize) {
    let output = dlx()
        .args(["solve", "--check"])
        .write_stdin(text.to_string())
        .output()
        .unwrap();
    assert!(output.status.success());
    let answers = String::from_utf8(output.stdout).unwrap();
    assert_eq!(answers.lines().count(), count);
    let unique = r#""verdict":"unique"}"#;
    assert!(
        answers.lines().all(|line| line.ends_with(unique)),
        "{answers}"
    );
}

#[test]
fn json_lines_carry_the_shape() {
    let text = generate(&[
        "--count", "4", "--seed", "3", "--boxes", "3x2", "--extra", "x", "--format", "json",
    ]);
    assert!(text.lines().all(|line| line.contains("\"boxes\":[3,2]")));
    json_unique(&text, 4);
    let jigsaw = generate(&[
        "--count", "3", "--seed", "3", "--jigsaw", "--format", "json",
    ]);
    assert!(jigsaw.lines().all(|line| line.contains("\"regions\"")));
    json_unique(&jigsaw, 3);
}

#[test]
fn a_layout_file_is_used_for_every_puzzle() {
    let layout = "\
111222333
111222333
111222333
444555666
444555666
444555666
777788999
777888999
778888999
";
    let path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("generate-layout.txt");
    std::fs::write(&path, layout).unwrap();
    let path = path.to_str().unwrap();
    let text = generate(&["--count", "3", "--seed", "5", "--regions", path]);
    let flat: String = layout.lines().collect();
    for line in text.lines() {
        let (_, regions) = line.split_once(' ').expect("a layout after the givens");
        assert_eq!(regions, flat);
    }
    all_unique(&text, 3, &[]);
}

#[test]
fn the_same_seed_gives_the_same_puzzles_on_any_number_of_threads() {
    for shape in [
        &["--minimal"][..],
        &["--jigsaw", "--symmetry", "rot180"][..],
    ] {
        let run = |threads: &str| {
            let mut args = vec!["--count", "60", "--seed", "42", "--threads", threads];
            args.extend_from_slice(shape);
            generate(&args)
        };
        let one = run("1");
        assert_eq!(run("2"), one);
        assert_eq!(run("3"), one);
    }
    let other = generate(&["--count", "5", "--seed", "43"]);
    assert_ne!(other, generate(&["--count", "5", "--seed", "42"]));
}

#[test]
fn givens_symmetry_and_stats() {
    let output = dlx()
        .args([
            "generate", "--count", "3", "--seed", "9", "--givens", "30", "--stats",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    for line in text.lines() {
        assert_eq!(line.bytes().filter(|&b| b != b'.').count(), 30, "{line}");
    }
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("total puzzles=3 attempts="), "{stderr}");
    assert!(stderr.contains("seed=9"), "{stderr}");
    let rot90 = generate(&["--count", "4", "--seed", "9", "--symmetry", "rot90"]);
    for line in rot90.lines() {
        let cells: Vec<bool> = line.bytes().map(|b| b != b'.').collect();
        for r in 0..9 {
            for c in 0..9 {
                assert_eq!(cells[r * 9 + c], cells[c * 9 + 8 - r], "{line}");
            }
        }
    }
}

#[test]
fn bad_usage_is_exit_2_with_a_message() {
    for (args, message) in [
        (
            &["generate", "--givens", "82"][..],
            "82 givens asked for, but a 9x9 grid has 81 cells",
        ),
        (&["generate", "--symmetry", "spiral"], "rot180"),
        (
            &["generate", "--boxes", "2x3", "--size", "9"],
            "--size 9 does not fit the boxes",
        ),
        (&["generate", "--size", "7"], "--boxes"),
        (
            &["generate", "--size", "6", "--extra", "windoku"],
            "windoku windows need a square side",
        ),
        (
            &["generate", "--regions", "/nonexistent/layout.txt"],
            "cannot read /nonexistent/layout.txt",
        ),
    ] {
        assert_run(args, "", 2, None, message);
    }
}

#[test]
fn a_count_that_cannot_be_met_gives_up_with_exit_3() {
    dlx()
        .args([
            "generate",
            "--size",
            "4",
            "--givens",
            "2",
            "--attempts",
            "5",
            "--seed",
            "1",
        ])
        .assert()
        .code(3)
        .stderr(contains("no puzzle met the conditions in 5 attempts"));
}

#[test]
fn a_shape_without_a_grid_is_exit_1() {
    dlx()
        .args(["generate", "--size", "2", "--extra", "x"])
        .assert()
        .code(1)
        .stderr(contains("no Sudoku fits this shape"));
}

#[test]
fn a_rating_range_keeps_only_puzzles_rated_in_it() {
    let text = generate(&["--count", "3", "--seed", "5", "--rating", "1.0-2.5"]);
    all_unique(&text, 3, &[]);
    let output = dlx().arg("rate").write_stdin(text).output().unwrap();
    assert!(output.status.success());
    let ratings = String::from_utf8(output.stdout).unwrap();
    assert_eq!(ratings.lines().count(), 3, "{ratings}");
    for line in ratings.lines() {
        let er: f64 = line.split('/').next().unwrap().parse().unwrap();
        assert!((1.0..=2.5).contains(&er), "{line}");
    }
    dlx()
        .args(["generate", "--rating", "3-2"])
        .assert()
        .code(2)
        .stderr(contains("is not a range of ratings A-B"));
}
