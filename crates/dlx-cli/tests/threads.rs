//! `dlx cover --threads`: the same counts as one thread on every small GOLDEN.md instance, the
//! tree split often; the same solutions when printing; multiplicities refused.

use std::collections::BTreeSet;

mod common;

use common::{dlx, instance};

/// `dlx cover --count --stats` with these extra arguments: the count, and the nodes and updates.
fn count(file: &str, extra: &[&str]) -> (String, String) {
    let out = dlx()
        .args(["cover", "--count", "--stats", &instance(file)])
        .args(extra)
        .assert()
        .success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    let work: Vec<&str> = stderr
        .split_whitespace()
        .filter(|w| w.starts_with("nodes=") || w.starts_with("updates="))
        .collect();
    assert_eq!(work.len(), 2, "{stderr}");
    (stdout, work.join(" "))
}

const SMALL: [(&str, &str); 13] = [
    ("toy1.dlx", "1"),
    ("toy2.dlx", "1"),
    ("queens8.dlx", "92"),
    ("queens9.dlx", "352"),
    ("queens10.dlx", "724"),
    ("queens11.dlx", "2680"),
    ("queensplain8.dlx", "92"),
    ("queensplain10.dlx", "724"),
    ("langford7.dlx", "52"),
    ("langford8.dlx", "300"),
    ("sudoku4-empty.dlx", "288"),
    ("sudoku-inkala.dlx", "1"),
    ("pento3x20.dlx", "8"),
];

#[test]
fn counts_nodes_and_updates_match_one_thread_on_every_small_golden_file() {
    for (file, solutions) in SMALL {
        let (one, work) = count(file, &["--threads", "1"]);
        assert_eq!(one.trim(), solutions, "{file}");
        for threads in ["2", "4"] {
            for slice in ["50", "5000"] {
                let got = count(file, &["--threads", threads, "--slice", slice]);
                assert_eq!(got, (one.clone(), work.clone()), "{file} {threads} {slice}");
            }
        }
    }
}

#[test]
fn printing_on_threads_finds_the_same_solutions() {
    let blocks = |args: &[&str]| -> BTreeSet<String> {
        let out = dlx()
            .args(["cover", &instance("queens8.dlx")])
            .args(args)
            .assert()
            .success();
        let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        // A solution's options sorted: engines take them in orders of their own.
        text.split("\n\n")
            .map(|b| {
                let mut options: Vec<&str> = b.trim_end().lines().collect();
                options.sort_unstable();
                options.join("\n")
            })
            .collect()
    };
    let one = blocks(&[]);
    assert_eq!(one.len(), 92);
    // On threads, dancing cells by default, and dancing links asked for.
    assert_eq!(blocks(&["--threads", "3", "--slice", "20"]), one);
    assert_eq!(
        blocks(&["--threads", "3", "--slice", "20", "--engine", "dlx"]),
        one
    );
}

#[test]
fn ordered_output_is_the_one_thread_order() {
    let run = |args: &[&str]| {
        let out = dlx()
            .args(["cover", &instance("langford7.dlx")])
            .args(args)
            .assert()
            .success();
        out.get_output().stdout.clone()
    };
    assert_eq!(
        run(&["--threads", "4", "--ordered", "--slice", "20"]),
        run(&[])
    );
}

#[test]
fn multiplicities_need_one_thread() {
    dlx()
        .args(["cover", "--count", "--threads", "2", &instance("toy3.dlx")])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("multiplicities"));
    // By default they are counted on one thread.
    dlx()
        .args(["cover", "--count", &instance("toy3.dlx")])
        .assert()
        .success()
        .stdout("1\n");
}
