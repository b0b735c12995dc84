//! `--anchor` end to end, with small shell scripts standing in for the reference programs and for
//! the `dlx` binary, so that the test runs without either: the counts and verdicts they print
//! decide whether the group's checks pass.
#![cfg(unix)]

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh folder for one test's scripts and sets, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("dlx-bench-anchors-{test}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// Writes an executable shell script `name` with the body `body`.
    fn script(&self, name: &str, body: &str) -> PathBuf {
        let path = self.0.join(name);
        fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    /// A stand-in for `dlx`: `cover --count` prints 92 (queens8's count), `solve --check`
    /// prints `unique` for every line of its file (the last argument).
    fn fake_dlx(&self) -> PathBuf {
        self.script(
            "dlx",
            r#"for last in "$@"; do :; done
case "$1" in
  cover) echo 92 ;;
  solve) while read -r line; do echo unique; done < "$last" ;;
  *) exit 2 ;;
esac"#,
        )
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn bench(args: &[&str], dlx: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dlx-bench"))
        .args(["--group", "anchors", "--runs", "2", "--dlx"])
        .arg(dlx)
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fake Knuth program that reads its problem and prints `summary` on stderr.
fn knuth(scratch: &Scratch, name: &str, summary: &str) -> String {
    let path = scratch.script(name, &format!("cat > /dev/null\necho '{summary}' >&2"));
    format!("{}={}", name_of(name), path.display())
}

fn name_of(script: &str) -> &str {
    script.split('-').next().unwrap()
}

#[test]
fn agreeing_counts_pass_and_a_wrong_count_fails() {
    let scratch = Scratch::new("counts");
    let dlx = scratch.fake_dlx();
    let good = knuth(
        &scratch,
        "ssxcc-good",
        "Altogether 92 solutions, 10+20 mems, 857 nodes, ccost 5%.",
    );
    let out = bench(&["--only", "queens8", "--anchor", &good], &dlx);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("| queens8 | 92 |"), "{stdout}");
    assert!(stdout.contains("cells/ssxcc | dlx/ssxcc"), "{stdout}");

    let wrong = knuth(
        &scratch,
        "ssxcc-wrong",
        "Altogether 93 solutions, 10+20 mems.",
    );
    let out = bench(&["--only", "queens8", "--anchor", &wrong], &dlx);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("check failed: queens8: cells found 92 solutions, ssxcc 93"),
        "{stderr}"
    );

    let silent = knuth(&scratch, "dlx1-silent", "no summary here");
    let out = bench(&["--only", "queens8", "--anchor", &silent], &dlx);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("Altogether N solutions"), "{stderr}");
}

#[test]
fn a_colored_instance_skips_dlx1() {
    let scratch = Scratch::new("colors");
    let dlx = scratch.script("dlx", "echo 1309");
    let dlx1 = knuth(&scratch, "dlx1-x", "Altogether 5 solutions, 1+2 mems.");
    let dlx2 = knuth(&scratch, "dlx2-x", "Altogether 1309 solutions, 1+2-3 mems.");
    let out = bench(
        &["--only", "rect4x5", "--anchor", &dlx1, "--anchor", &dlx2],
        &dlx,
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("dlx1 not run on rect4x5: it has no colors"),
        "{stdout}"
    );
    assert!(stdout.contains("| rect4x5 (colors) | 1,309 |"), "{stdout}");
}

#[test]
fn multiplicities_race_both_engines_but_not_ssxcc() {
    let scratch = Scratch::new("multiplicities");
    let dlx = scratch.script("dlx", "echo 2");
    let ssxcc = knuth(&scratch, "ssxcc-x", "Altogether 7 solutions, 1+2 mems.");
    let out = bench(&["--only", "toy3", "--anchor", &ssxcc], &dlx);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    // Both engines take multiplicities: a time in the cells column, not a dash.
    let row = stdout
        .lines()
        .find(|l| l.starts_with("| toy3 (multiplicities) | 2 | "))
        .unwrap_or_else(|| panic!("no toy3 row: {stdout}"));
    assert!(!row.contains("| – | "), "{row}");
    assert!(
        stdout.contains("ssxcc not run on toy3: it has no multiplicities"),
        "{stdout}"
    );
}

#[test]
fn verdicts_are_compared_line_by_line() {
    let scratch = Scratch::new("verdicts");
    let dlx = scratch.fake_dlx();
    let sets = scratch.0.join("sets");
    fs::create_dir_all(&sets).unwrap();
    let puzzle = ".".repeat(81);
    for set in [
        "puzzles2_17_clue",
        "puzzles3_magictour_top1465",
        "puzzles5_forum_hardest_1905_11+",
    ] {
        fs::write(
            sets.join(set),
            format!("# header\n{puzzle}\n{puzzle}\n{puzzle}\n"),
        )
        .unwrap();
    }
    let sets = sets.display().to_string();
    let agree = scratch.script("tdoku", "while read -r l; do echo unique; done");
    let spec = format!("tdoku={}", agree.display());
    let out = bench(&["--puzzles", &sets, "--anchor", &spec], &dlx);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("| puzzles2_17_clue | 3 | 3 |"), "{stdout}");

    // The second puzzle of every set gets another verdict.
    let differ = scratch.script(
        "tdoku-differ",
        "n=0; while read -r l; do n=$((n+1)); if [ $n = 2 ]; then echo multiple; else echo unique; fi; done",
    );
    let spec = format!("tdoku={}", differ.display());
    let out = bench(&["--puzzles", &sets, "--anchor", &spec], &dlx);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("puzzle 2: ours says unique, tdoku says multiple"),
        "{stderr}"
    );
}

#[test]
fn bad_anchors_are_usage_errors() {
    let scratch = Scratch::new("usage");
    let dlx = scratch.fake_dlx();
    let file = dlx.display().to_string();
    for (spec, message) in [
        (format!("dlx9={file}"), "unknown anchor `dlx9`"),
        ("ssxcc".to_string(), "expected NAME=PATH"),
        (
            format!("ssxcc={}", scratch.0.join("missing").display()),
            "no such file",
        ),
        (scratch.0.display().to_string(), "expected NAME=PATH"),
    ] {
        let out = bench(&["--anchor", &spec], &dlx);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{spec}: {stderr}");
        assert!(stderr.contains(message), "{spec}: {stderr}");
    }
    let twice = format!("ssxcc={file}");
    let out = bench(&["--anchor", &twice, "--anchor", &twice], &dlx);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("given twice"));
    let out = bench(&[], &dlx);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("needs a reference program"));
}
