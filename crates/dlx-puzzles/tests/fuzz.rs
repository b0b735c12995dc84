//! Inputs the fuzz targets (`fuzz/fuzz_targets/`) found, kept as regression tests: each file of
//! `tests/data/fuzz/TARGET/` goes through its target's checks (`dlx_test_support::fuzz`, which
//! the targets call too), without a fuzzer. Every input must give values or errors, never a
//! panic.

use std::path::{Path, PathBuf};

use dlx_test_support::fuzz;

/// The inputs kept for `target`, with their paths.
fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/fuzz")
        .join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).unwrap();
            (path, bytes)
        })
        .collect()
}

#[test]
fn sudoku_reader_inputs() {
    for (_, bytes) in inputs("sudoku_reader") {
        fuzz::sudoku_reader(&bytes);
    }
}

#[test]
fn sudoku_json_inputs() {
    for (_, bytes) in inputs("sudoku_json") {
        fuzz::sudoku_json(&bytes);
    }
}

#[test]
fn layout_inputs() {
    for (_, bytes) in inputs("layout") {
        fuzz::layout(&bytes);
    }
}

#[test]
fn walls_inputs() {
    for (_, bytes) in inputs("walls") {
        fuzz::walls(&bytes);
    }
}

#[test]
fn judge_inputs() {
    for (_, bytes) in inputs("judge") {
        fuzz::judge(&bytes);
    }
}

#[test]
fn knuth_inputs() {
    for (_, bytes) in inputs("knuth") {
        fuzz::knuth(&bytes);
    }
}
