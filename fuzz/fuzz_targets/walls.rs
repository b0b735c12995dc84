//! Wall-encoded cells (HDU 4069); see
//! `dlx_test_support::fuzz::walls`, which the regression tests run on the inputs kept.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| dlx_test_support::fuzz::walls(data));
