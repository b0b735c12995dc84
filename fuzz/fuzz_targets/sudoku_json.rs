//! JSON lines through the Sudoku reader: every line of the input is made to look like a JSON
//! object, so the fuzzer spends its time in the JSON records.
#![no_main]

use dlx_puzzles::sudoku::format::{write_puzzle, ReadOptions, Reader};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut input = String::new();
    for line in text.lines() {
        if !line.trim_start().starts_with('{') {
            input.push('{');
        }
        input.push_str(line);
        input.push('\n');
    }
    for (k, item) in Reader::new(input.as_bytes(), ReadOptions::default()).enumerate() {
        if k > 1000 {
            break;
        }
        let Ok(puzzle) = item else {
            continue;
        };
        let written = write_puzzle(&puzzle);
        let back = Reader::new(written.as_bytes(), ReadOptions::default())
            .next()
            .unwrap_or_else(|| panic!("nothing read back from\n{written}"))
            .unwrap_or_else(|e| panic!("written puzzle does not read: {e}\n{written}"));
        assert_eq!(puzzle.size, back.size, "size\n{written}");
        assert_eq!(puzzle.cells, back.cells, "cells\n{written}");
        assert_eq!(puzzle.shape, back.shape, "shape\n{written}");
    }
});
