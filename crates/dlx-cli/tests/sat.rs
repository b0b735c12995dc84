//! `dlx cover --engine sat`: solutions, proofs of none, the refused count, statistics, and stops
//! (`--budget`, `--timeout`, Ctrl-C) inside the solver.

use std::io::Write;
use std::process::{Child, Command as Process, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::Command;
use predicates::str::contains;

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn dlx() -> Command {
    Command::cargo_bin("dlx").unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// `pigeons` pigeons, each in one of `pigeons - 1` holes, no two in one hole: no solution, and a
/// proof of that takes a clause-learning solver exponentially long.
fn pigeonhole(pigeons: usize) -> String {
    let mut text = String::new();
    text.extend((0..pigeons).map(|p| format!("p{p} ")));
    text.push('|');
    text.extend((1..pigeons).map(|h| format!(" h{h}")));
    text.push('\n');
    for p in 0..pigeons {
        for h in 1..pigeons {
            text.push_str(&format!("p{p} h{h}\n"));
        }
    }
    text
}

#[test]
fn prints_the_solutions_up_to_the_limit() {
    dlx()
        .args(["cover", "--engine", "sat", &data("toy1.dlx")])
        .assert()
        .success()
        .stdout("A D\nB G\nC E F\n");
    let out = dlx()
        .args([
            "cover",
            "--engine",
            "sat",
            "--limit",
            "1",
            &data("langford3.dlx"),
        ])
        .assert()
        .success();
    assert_eq!(text(&out.get_output().stdout).lines().count(), 3);
    // Both solutions, then the proof that there is no third.
    let out = dlx()
        .args([
            "cover",
            "--engine",
            "sat",
            "--stats",
            &data("langford3.dlx"),
        ])
        .assert()
        .success()
        .stderr(contains("engine=sat solutions=2 conflicts="));
    let stdout = text(&out.get_output().stdout);
    assert_eq!(stdout.split("\n\n").count(), 2, "{stdout}");
    // Colors and multiplicities.
    dlx()
        .args(["cover", "--engine", "sat", &data("toy2.dlx")])
        .assert()
        .success()
        .stdout("A C X:1 Y:1\nB X:1\n");
    dlx()
        .args(["cover", "--engine", "sat", &data("toy3.dlx")])
        .assert()
        .success();
}

#[test]
fn proves_there_is_none_and_counts_only_then() {
    dlx()
        .args(["cover", "--engine", "sat", &data("unsolvable.dlx")])
        .assert()
        .code(1)
        .stdout("");
    dlx()
        .args(["cover", "--engine", "sat", "--count"])
        .write_stdin(pigeonhole(5))
        .assert()
        .code(1)
        .stdout("0\n");
    dlx()
        .args(["cover", "--engine", "sat", "--count", &data("toy1.dlx")])
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains("counting stays with the dlx and cells engines"));
    dlx()
        .args([
            "cover",
            "--engine",
            "sat",
            "--threads",
            "2",
            &data("toy1.dlx"),
        ])
        .assert()
        .code(2)
        .stderr(contains("the sat engine runs on one thread"));
}

#[test]
fn a_budget_of_conflicts_and_a_timeout_stop_the_solver() {
    dlx()
        .args(["cover", "--engine", "sat", "--budget", "50"])
        .write_stdin(pigeonhole(12))
        .assert()
        .code(3)
        .stderr(contains(
            "dlx: unfinished: the budget of 50 conflicts ran out after 0 solutions",
        ));
    let started = Instant::now();
    dlx()
        .args(["cover", "--engine", "sat", "--count", "--timeout", "0.3"])
        .write_stdin(pigeonhole(14))
        .assert()
        .code(3)
        .stdout("0+\n")
        .stderr(contains("dlx: unfinished: the time limit of 0.3s ran out"));
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_solver_with_its_statistics() {
    let mut child: Child = Process::new(env!("CARGO_BIN_EXE_dlx"))
        .args(["cover", "--engine", "sat"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(pigeonhole(14).as_bytes()).unwrap();
    drop(stdin);
    std::thread::sleep(Duration::from_millis(800));
    let sent = Process::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("dlx: interrupted: engine=sat solutions=0 conflicts="),
        "{stderr}"
    );
}
