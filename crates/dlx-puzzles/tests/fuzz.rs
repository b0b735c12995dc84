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

/// A fuzz target's checks.
type Check = fn(&[u8]);

/// Every target's inputs, through its checks.
#[test]
fn every_input_kept_passes_its_targets_checks() {
    let targets: [(&str, Check); 10] = [
        ("knuth", fuzz::knuth),
        ("sudoku_reader", fuzz::sudoku_reader),
        ("sudoku_json", fuzz::sudoku_json),
        ("layout", fuzz::layout),
        ("walls", fuzz::walls),
        ("judge", fuzz::judge),
        ("free_shape", fuzz::free_shape),
        ("variant", fuzz::variant),
        ("fpuzzles", fuzz::fpuzzles),
        ("sudokupad", fuzz::sudokupad),
    ];
    let mut kept = 0;
    for (target, check) in targets {
        for (_, bytes) in inputs(target) {
            check(&bytes);
            kept += 1;
        }
    }
    assert!(kept > 0, "the kept inputs are missing");
}
