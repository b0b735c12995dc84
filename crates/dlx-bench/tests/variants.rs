//! The variants group end to end, with shell scripts standing in for `dlx`, for Node.js and so
//! for ISS: the answers they print decide whether the group's checks pass, and what the table
//! counts.
#![cfg(unix)]

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh folder for one test's scripts and data, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("dlx-bench-variants-{test}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// Writes `text` to `path` under the folder, making its folders.
    fn file(&self, path: &str, text: &str) -> PathBuf {
        let path = self.0.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, text).unwrap();
        path
    }

    /// Writes an executable shell script at `path` with the body `body`.
    fn script(&self, path: &str, body: &str) -> PathBuf {
        let path = self.file(path, &format!("#!/bin/sh\n{body}\n"));
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    /// The data folder: two TAREK_ALL killers and two examples, one of them a `Pair`.
    fn data(&self) -> PathBuf {
        self.file(
            "data/killers.tsv",
            "set\tindex\tinput\tsolution\n\
             TAREK_ALL\t0\tkiller-a\ts\n\
             HS_KILLERS\t0\tkiller-b\ts\n\
             TAREK_ALL\t1\tkiller-c\ts\n",
        );
        self.file(
            "data/examples.tsv",
            "name\tinput\n\
             Killer\t.Cage~3~R1C1~R1C2\n\
             Odd/Even Thermo\t.Pair~key~_x~R1C1~R1C2\n",
        );
        self.0.join("data")
    }

    /// A stand-in for `dlx solve --check --stats FILE`: `unique` for every puzzle, except that a
    /// `Pair` is not supported.
    fn dlx(&self) -> PathBuf {
        self.script(
            "dlx",
            r#"for last in "$@"; do :; done
if grep -q Pair "$last"; then
  echo "dlx: $last:1:2: at \"Pair\": not supported: no such constraint" >&2; exit 2
fi
echo unique
echo "puzzle=1 nodes=3 seconds=0.000100 engine=propagation" >&2"#,
        )
    }

    /// A checkout of ISS for `check_checkout`, and a `node` in `bin/` that answers for ISS's tool
    /// and for the driver: every puzzle has `solutions` solutions.
    fn iss(&self, solutions: u32) -> (PathBuf, PathBuf) {
        let iss = self.0.join("iss");
        for file in [
            "tools/perf/benchmark_puzzles.js",
            "js/sudoku_parser.js",
            "js/solver/sudoku_builder.js",
        ] {
            self.file(&format!("iss/{file}"), "");
        }
        let status = if solutions == 1 { "unique" } else { "multiple" };
        self.script(
            "bin/node",
            &format!(
                r#"case "$1" in
  --version) echo v20.0.0 ;;
  *benchmark_puzzles.js)
    for last in "$@"; do :; done
    # A collection is expanded as ISS does; rows of puzzles not asked about are ignored.
    case "$last" in TAREK_ALL|HS_KILLERS) last="$last#0,$last#1" ;; esac
    sep='['
    old_ifs=$IFS; IFS=,
    for name in $last; do
      printf '%s{{"puzzle":"%s","status":"{status}","solutions":{solutions},"msMedian":4.5}}' "$sep" "$name"; sep=,
    done
    IFS=$old_ifs
    echo ']' ;;
  *.mjs) while IFS="$(printf '\t')" read -r name input; do
      printf '%s\t{solutions}\t9.000\t4.500\n' "$name"
    done < "$3" ;;
  *) exit 9 ;;
esac"#
            ),
        );
        (iss, self.0.join("bin"))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Runs the variants group with `bin` first on the PATH.
fn bench(scratch: &Scratch, iss: &Path, bin: &Path, extra: &[&str]) -> Output {
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    Command::new(env!("CARGO_BIN_EXE_dlx-bench"))
        .args(["--group", "variants", "--runs", "2", "--dlx"])
        .arg(scratch.dlx())
        .arg("--variants")
        .arg(scratch.data())
        .arg("--anchor")
        .arg(format!("iss={}", iss.display()))
        .args(extra)
        .env("PATH", path)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn agreeing_answers_are_tabled_and_counted() {
    let scratch = Scratch::new("agree");
    let (iss, bin) = scratch.iss(1);
    let out = bench(&scratch, &iss, &bin, &["--sets", "TAREK_ALL,examples"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("#### TAREK_ALL (2 puzzles)"), "{stdout}");
    assert!(!stdout.contains("HS_KILLERS"), "{stdout}");
    for name in ["TAREK_ALL#0", "TAREK_ALL#1", "Killer"] {
        let row = stdout
            .lines()
            .find(|l| l.starts_with(&format!("| {name} |")))
            .unwrap_or_else(|| panic!("no row for {name}: {stdout}"));
        assert!(
            row.contains("| 4.5 | 9.00 |") && row.ends_with("| propagation | both unique |"),
            "{row}"
        );
    }
    assert!(stdout.contains("| **total (2 puzzles)** |"), "{stdout}");
    assert!(stdout.contains("| **total (1 puzzles)** |"), "{stdout}");
    assert!(
        stdout.contains(
            "Not supported by dlx, not run and not counted: Odd/Even Thermo (`Pair`: no such \
             constraint)"
        ),
        "{stdout}"
    );
}

#[test]
fn a_second_solution_fails_the_check() {
    let scratch = Scratch::new("differ");
    let (iss, bin) = scratch.iss(2);
    let out = bench(&scratch, &iss, &bin, &["--sets", "HS_KILLERS"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr
            .contains("check failed: HS_KILLERS#0: dlx says unique, ISS's tool multiple (2 found)"),
        "{stderr}"
    );
    assert!(text(&out.stdout).contains("DIFFER: dlx unique, ISS multiple (2 found)"));
}

#[test]
fn missing_iss_or_node_is_a_usage_error() {
    let scratch = Scratch::new("usage");
    let out = Command::new(env!("CARGO_BIN_EXE_dlx-bench"))
        .args(["--group", "variants"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--anchor iss=DIR"));

    let not_iss = scratch.0.join("empty");
    fs::create_dir_all(&not_iss).unwrap();
    let (_, bin) = scratch.iss(1);
    let out = bench(&scratch, &not_iss, &bin, &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("not a checkout of the Interactive Sudoku Solver"));

    // A folder with no `node` in it, and nothing else, on the PATH.
    let (iss, _) = scratch.iss(1);
    let empty_bin = scratch.0.join("nobin");
    fs::create_dir_all(&empty_bin).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_dlx-bench"))
        .args(["--group", "variants", "--dlx"])
        .arg(scratch.dlx())
        .arg("--anchor")
        .arg(format!("iss={}", iss.display()))
        .env("PATH", &empty_bin)
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("`node` does not run"), "{stderr}");
}
