//! SudokuPad's JSON, shortened or plain, and compressed; see `dlx_test_support::fuzz::sudokupad`,
//! which the regression tests run on the inputs kept.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| dlx_test_support::fuzz::sudokupad(data));
