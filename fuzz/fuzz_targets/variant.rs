//! Variant puzzles: ISS's constraint strings and the killer forms; see
//! `dlx_test_support::fuzz::variant`, which the regression tests run on the inputs kept.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| dlx_test_support::fuzz::variant(data));
