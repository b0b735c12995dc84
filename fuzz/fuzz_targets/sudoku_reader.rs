//! The Sudoku reader over arbitrary bytes (the first byte chooses the options); see
//! `dlx_test_support::fuzz::sudoku_reader`, which the regression tests run on the inputs kept.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| dlx_test_support::fuzz::sudoku_reader(data));
