//! Jigsaw layouts and extra cell sets given on their own (`--regions FILE`, `--extra FILE`).
#![no_main]

use dlx_puzzles::sudoku::format::{read_cell_sets, read_layout};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(regions) = read_layout(text) {
        let n = (regions.len() as f64).sqrt() as usize;
        assert_eq!(n * n, regions.len(), "not a square layout");
        assert!(regions.iter().all(|&r| usize::from(r) < n), "region out of range");
    }
    let _ = read_cell_sets(text);
});
