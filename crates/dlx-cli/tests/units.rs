//! `dlx split`, `dlx run` and `dlx merge`: units and their remainders add up to the whole count,
//! and units of another problem are refused.

use std::path::{Path, PathBuf};

use predicates::str::contains;

mod common;

use common::{assert_prints, dlx, instance};

fn scratch(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name)
}

fn stdout(args: &[&str]) -> String {
    let out = dlx().args(args).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

/// The result lines of `dlx run PATH --units UNITS OPTIONS...`.
fn run_units(path: &str, units: &Path, options: &[&str]) -> String {
    let units = units.to_str().unwrap();
    stdout(&[&["run", path, "--units", units][..], options].concat())
}

fn field(line: &str, key: &str) -> String {
    let value: serde_json::Value = serde_json::from_str(line).unwrap();
    value[key].to_string()
}

/// Splits `file` into `k` units of `engine`'s tree, runs them with `budget` nodes each, then
/// runs what is left, round after round, and returns the merged totals line.
fn split_run_merge(file: &str, engine: &str, k: usize, budget: u64, tag: &str) -> String {
    let path = instance(file);
    let units = scratch(&format!("{tag}-units.jsonl"));
    let split = stdout(&[
        "split",
        &path,
        "--units",
        &k.to_string(),
        "--engine",
        engine,
    ]);
    std::fs::write(&units, split).unwrap();
    let mut results: Vec<PathBuf> = Vec::new();
    let mut todo = units;
    for round in 0..10_000 {
        let result = scratch(&format!("{tag}-results{round}.jsonl"));
        let text = run_units(&path, &todo, &["--budget", &budget.to_string()]);
        std::fs::write(&result, text).unwrap();
        results.push(result);
        let left = scratch(&format!("{tag}-left{round}.jsonl"));
        let mut args = vec!["merge".to_string()];
        args.extend(results.iter().map(|p| p.display().to_string()));
        args.extend(["--remaining".to_string(), left.display().to_string()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let totals = stdout(&args);
        if field(&totals, "complete") == "true" {
            return totals;
        }
        todo = left;
    }
    panic!("{file}: the units never finish");
}

/// `solutions=… nodes=… updates=…` of one search of `file` by `engine` on one thread.
fn single_stats(file: &str, engine: &str) -> String {
    let out = dlx()
        .args([
            "cover",
            "--count",
            "--stats",
            "--threads",
            "1",
            "--engine",
            engine,
        ])
        .arg(instance(file))
        .assert()
        .success();
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    let line = stderr
        .lines()
        .find(|l| l.starts_with("solutions="))
        .unwrap();
    let end = line.find(" forced=").or(line.find(" seconds=")).unwrap();
    line[..end].to_string()
}

#[test]
fn units_and_their_remainders_add_up_to_the_whole_count() {
    for (file, solutions) in [
        ("queens8.dlx", 92),
        ("langford7.dlx", 52),
        ("toy2.dlx", 1),
        ("sudoku4-empty.dlx", 288),
    ] {
        for (engine, k, budget) in [
            ("dlx", 1, 1_000_000),
            ("dlx", 7, 13),
            ("dlx", 40, 50),
            ("cells", 1, 1_000_000),
            ("cells", 7, 3),
            ("cells", 40, 5),
        ] {
            let tag = format!("{file}-{engine}-{k}-{budget}");
            let totals = split_run_merge(file, engine, k, budget, &tag);
            let named = if engine == "cells" {
                "\"cells\""
            } else {
                "null"
            };
            assert_eq!(field(&totals, "engine"), named, "{tag}");
            assert_eq!(field(&totals, "solutions"), solutions.to_string(), "{tag}");
            // Nodes and updates too: the units, their remainders and the split nodes add up
            // to one search's figures.
            let merged = format!(
                "solutions={} nodes={} updates={}",
                field(&totals, "solutions"),
                field(&totals, "nodes"),
                field(&totals, "updates")
            );
            assert_eq!(merged, single_stats(file, engine), "{tag}");
        }
    }
}

#[test]
fn one_unit_by_index() {
    let path = instance("queens8.dlx");
    let units = scratch("index-units.jsonl");
    std::fs::write(&units, stdout(&["split", &path, "--units", "5"])).unwrap();
    let line = run_units(&path, &units, &["--index", "0"]);
    assert_eq!(line.lines().count(), 1);
    assert_eq!(field(&line, "complete"), "true");
}

#[test]
fn refused_units_name_their_file_and_line() {
    let of_queens8 = stdout(&["split", &instance("queens8.dlx")]);
    for (file, text, problem, message) in [
        (
            "other-units.jsonl",
            of_queens8.as_str(),
            "queens9.dlx",
            "other-units.jsonl:1:1: the unit is for problem",
        ),
        (
            "bad-units.jsonl",
            "{\"problem\":\"x\",\"prefix\":[1]}\n[1,2]\n",
            "queens8.dlx",
            "bad-units.jsonl:2:",
        ),
    ] {
        let units = scratch(file);
        std::fs::write(&units, text).unwrap();
        let units = units.to_str().unwrap();
        dlx()
            .args(["run", &instance(problem), "--units", units])
            .assert()
            .code(2)
            .stderr(contains(message));
    }
}

#[test]
fn multiplicities_cannot_be_split() {
    assert_prints(&["split", &instance("toy3.dlx")], 2, "").stderr(contains("multiplicities"));
}

#[test]
fn units_are_of_the_engine_a_count_takes() {
    let of_queens8 = stdout(&["split", &instance("queens8.dlx"), "--units", "3"]);
    assert!(
        of_queens8
            .lines()
            .all(|line| field(line, "engine") == "\"cells\""),
        "{of_queens8}"
    );
}
