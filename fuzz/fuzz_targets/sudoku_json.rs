//! JSON lines through the Sudoku reader; see
//! `dlx_test_support::fuzz::sudoku_json`, which the regression tests run on the inputs kept.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| dlx_test_support::fuzz::sudoku_json(data));
