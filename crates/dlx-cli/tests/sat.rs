//! `dlx cover --engine sat`: solutions, proofs of none, the refused count, statistics. (Its stops
//! are tested with the others, in `limits.rs`.)

use predicates::str::contains;

mod common;

use common::{assert_prints, data, dlx, pigeonhole};

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn prints_the_solutions_or_proves_there_is_none() {
    for (file, code, stdout) in [
        ("toy1.dlx", 0, "C E F\nA D\nB G\n"),
        // Colors.
        ("toy2.dlx", 0, "A C X:1 Y:1\nB X:1\n"),
        ("unsolvable.dlx", 1, ""),
    ] {
        assert_prints(&["cover", "--engine", "sat", &data(file)], code, stdout);
    }
}

#[test]
fn prints_the_solutions_up_to_the_limit() {
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
    // Multiplicities.
    dlx()
        .args(["cover", "--engine", "sat", &data("toy3.dlx")])
        .assert()
        .success();
}

#[test]
fn counts_only_what_has_no_solution() {
    dlx()
        .args(["cover", "--engine", "sat", "--count"])
        .write_stdin(pigeonhole(5))
        .assert()
        .code(1)
        .stdout("0\n");
    assert_prints(
        &["cover", "--engine", "sat", "--count", &data("toy1.dlx")],
        2,
        "",
    )
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
