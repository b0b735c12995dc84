//! `dlx estimate`: the estimate as text and JSON, reproducible by seed, and its errors.

mod common;

use common::{assert_run, data, ends, instance, succeeds};

#[test]
fn json_gives_the_figures_and_the_seed_fixes_them() {
    let file = instance("langford11.dlx");
    let args = [
        "estimate", "--json", "--probes", "2000", "--seed", "4", &file,
    ];
    let (out, _) = succeeds(&args, "");
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    let nodes = value["nodes"]["mean"].as_f64().unwrap();
    let error = value["nodes"]["std_error"].as_f64().unwrap();
    // GOLDEN.md: 439,747 nodes.
    assert!((nodes - 439_747.0).abs() < 4.0 * error, "{out}");
    assert!(value["solutions"]["mean"].as_f64().unwrap() > 0.0);
    assert!(value["nodes_per_second"].as_f64().unwrap() > 0.0);
    assert_eq!(value["probes"], 2000);
    assert_eq!(value["depth"], 11);
    let again: serde_json::Value = serde_json::from_str(&succeeds(&args, "").0).unwrap();
    assert_eq!(again["nodes"], value["nodes"]);
    assert_eq!(again["solutions"], value["solutions"]);
}

#[test]
fn text_says_nodes_solutions_and_time() {
    let (out, _) = succeeds(&["estimate", &data("queens8.dlx")], "");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("nodes "), "{out}");
    assert!(lines[1].starts_with("solutions "), "{out}");
    assert!(
        lines[2].starts_with("time ") && lines[2].contains("nodes/s"),
        "{out}"
    );
    assert_eq!(lines[3], "probes=1000 seed=1 depth=8");
    // So small a tree is searched whole while its speed is measured.
    assert!(out.contains("exactly 92 solutions, 1049 nodes"), "{out}");
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
