//! `dlx cover --engine sat`: solutions, proofs of none, the refused count, statistics. (Its stops
//! are tested with the others, in `limits.rs`.)

use predicates::str::contains;

mod common;

use common::{data, dlx, pigeonhole};

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn prints_the_solutions_up_to_the_limit() {
    dlx()
        .args(["cover", "--engine", "sat", &data("toy1.dlx")])
        .assert()
        .success()
        .stdout("C E F\nA D\nB G\n");
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
