//! `dlx estimate`: the estimate as text and JSON, reproducible by seed, and its errors.

mod common;

use common::{assert_run, data, ends, instance, succeeds};

#[test]
fn json_gives_the_figures_and_the_seed_fixes_them() {
    let file = instance("langford11.dlx");
    // GOLDEN.md: 439,747 nodes of dancing links; `dlx cover --count --stats --threads 1`:
    // 134,115 of dancing cells, which the estimate takes by default.
    for (engine, truth, name) in [
        (&["--engine", "dlx"][..], 439_747.0, "dlx"),
        (&[], 134_115.0, "cells"),
    ] {
        let mut args = vec![
            "estimate", "--json", "--probes", "2000", "--seed", "4", &file,
        ];
        args.extend_from_slice(engine);
        let (out, _) = succeeds(&args, "");
        let value: serde_json::Value = serde_json::from_str(&out).unwrap();
        let nodes = value["nodes"]["mean"].as_f64().unwrap();
        let error = value["nodes"]["std_error"].as_f64().unwrap();
        assert!((nodes - truth).abs() < 4.0 * error, "{out}");
        assert_eq!(value["engine"], name);
        assert!(value["solutions"]["mean"].as_f64().unwrap() > 0.0);
        assert!(value["nodes_per_second"].as_f64().unwrap() > 0.0);
        assert_eq!(value["probes"], 2000);
        let again: serde_json::Value = serde_json::from_str(&succeeds(&args, "").0).unwrap();
        assert_eq!(again["nodes"], value["nodes"]);
        assert_eq!(again["solutions"], value["solutions"]);
    }
}

#[test]
fn text_says_nodes_solutions_and_time() {
    for (engine, last, exact) in [
        (
            "auto",
            "depth=6 engine=cells",
            "exactly 92 solutions, 301 nodes",
        ),
        (
            "dlx",
            "depth=8 engine=dlx",
            "exactly 92 solutions, 1049 nodes",
        ),
    ] {
        let (out, _) = succeeds(&["estimate", "--engine", engine, &data("queens8.dlx")], "");
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[0].starts_with("nodes "), "{out}");
        assert!(lines[1].starts_with("solutions "), "{out}");
        assert!(
            lines[2].starts_with("time ") && lines[2].contains("nodes/s"),
            "{out}"
        );
        assert_eq!(lines[3], format!("probes=1000 seed=1 {last}"));
        // So small a tree is searched whole while its speed is measured.
        assert!(out.contains(exact), "{out}");
    }
}

#[test]
fn bad_input_is_refused_with_its_place() {
    assert_run(
        &["estimate", &data("unknown_item.dlx")],
        "",
        2,
        Some(""),
        "unknown_item.dlx:",
    );
    assert_run(
        &["estimate"],
        "A B\nA C\n",
        2,
        Some(""),
        "<stdin>:2:3: unknown item",
    );
    let (_, err) = ends(&["estimate", &data("toy3.dlx")], "", 2);
    assert!(err.contains("multiplicities"), "{err}");
    assert_run(
        &["estimate", "--probes", "0", &data("toy1.dlx")],
        "",
        2,
        Some(""),
        "--probes",
    );
    assert_run(&["estimate", "missing.dlx"], "", 2, Some(""), "missing.dlx");
}
