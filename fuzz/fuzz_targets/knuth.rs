//! Knuth's format: parse, write, parse again; see
//! `dlx_test_support::fuzz::knuth`, which the regression tests run on the inputs kept.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| dlx_test_support::fuzz::knuth(data));
