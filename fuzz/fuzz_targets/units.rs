//! Work units and their results, one JSON object a line (`dlx split`, `run`, `merge`). The
//! module lives in the binary crate, so it is compiled in here from its source file.
#![no_main]

#[allow(dead_code)]
#[path = "../../crates/dlx-cli/src/units.rs"]
mod units;

use libfuzzer_sys::fuzz_target;
use units::{read_lines, Outcome, Unit};

fuzz_target!(|data: &[u8]| {
    if let Ok(lines) = read_lines::<Unit>("units.jsonl", data) {
        for (_, unit) in lines {
            let text = serde_json::to_string(&unit).expect("a unit serializes");
            let back: Unit = serde_json::from_str(&text).expect("a unit reads back");
            assert_eq!(unit, back);
        }
    }
    if let Ok(lines) = read_lines::<Outcome>("results.jsonl", data) {
        for (_, outcome) in lines {
            let text = serde_json::to_string(&outcome).expect("a result serializes");
            let back: Outcome = serde_json::from_str(&text).expect("a result reads back");
            assert_eq!(outcome, back);
        }
    }
});
