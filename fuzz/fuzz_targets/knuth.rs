//! Knuth's format: `parse` never panics, and a parsed problem survives `write` then `parse`.
#![no_main]

use dlx_core::knuth;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(parsed) = knuth::parse(text) else {
        return;
    };
    let written = knuth::write(&parsed.problem);
    let again = knuth::parse(&written)
        .unwrap_or_else(|e| panic!("written problem does not parse: {e}\n{written}"));
    // `Problem` has no `==`: the written text is canonical, so it stands for the problem.
    assert_eq!(written, knuth::write(&again.problem), "round trip changed the problem");
    assert!(again.warnings.is_empty(), "written problem warns\n{written}");
});
