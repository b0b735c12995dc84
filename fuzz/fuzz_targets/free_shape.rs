//! Shape files and grids of the built-in layouts (the first byte chooses one); see
//! `dlx_test_support::fuzz::free_shape`, which the regression tests run on the inputs kept.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| dlx_test_support::fuzz::free_shape(data));
