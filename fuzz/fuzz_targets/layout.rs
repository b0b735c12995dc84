//! Jigsaw layouts and extra cell sets given on their own; see
//! `dlx_test_support::fuzz::layout`, which the regression tests run on the inputs kept.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| dlx_test_support::fuzz::layout(data));
