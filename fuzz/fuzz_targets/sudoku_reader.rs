//! The Sudoku reader over arbitrary bytes. The first byte chooses the options (none, a size,
//! an alphabet, or both); every puzzle read is written back and must read back the same (its layout may differ:
//! a 1x1 block is also a line).
#![no_main]

use dlx_puzzles::sudoku::format::{write_puzzle, ReadOptions, Reader};
use dlx_puzzles::sudoku::Alphabet;
use libfuzzer_sys::fuzz_target;

fn options(byte: u8) -> ReadOptions {
    let alphabet = match byte & 7 {
        1 => Some(Alphabet::OneBased),
        2 => Some(Alphabet::ZeroBased),
        3 => Some(Alphabet::Letters),
        4 => Some(Alphabet::Numbers),
        _ => None,
    };
    let size = match byte >> 3 {
        0 => None,
        31 => Some(70000),
        k => Some(usize::from(k)),
    };
    ReadOptions { size, alphabet }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, input)) = data.split_first() else {
        return;
    };
    let options = options(first);
    for (k, item) in Reader::new(input, options.clone()).enumerate() {
        if k > 1000 {
            break;
        }
        let Ok(puzzle) = item else {
            continue;
        };
        let written = write_puzzle(&puzzle);
        let mut again = Reader::new(written.as_bytes(), options.clone());
        let back = again
            .next()
            .unwrap_or_else(|| panic!("nothing read back from\n{written}"))
            .unwrap_or_else(|e| panic!("written puzzle does not read: {e}\n{written}"));
        assert_eq!(puzzle.size, back.size, "size\n{written}");
        assert_eq!(puzzle.cells, back.cells, "cells\n{written}");
        assert_eq!(puzzle.shape, back.shape, "shape\n{written}");
    }
});
