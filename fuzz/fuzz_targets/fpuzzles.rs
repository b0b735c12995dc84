//! f-puzzles' JSON and links; see `dlx_test_support::fuzz::fpuzzles`, which the regression tests
//! run on the inputs kept.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| dlx_test_support::fuzz::fpuzzles(data));
