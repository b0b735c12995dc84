//! What the CLI's tests share: the binary under test and the paths of their data.

// Each test binary uses a part of this module.
#![allow(dead_code)]

use assert_cmd::Command;

/// The `dlx` binary built for the tests.
pub fn dlx() -> Command {
    Command::cargo_bin("dlx").unwrap()
}

/// A file of the CLI's test data.
pub fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A file of the engine's collection of instances, with the figures of GOLDEN.md.
pub fn instance(name: &str) -> String {
    format!(
        "{}/../dlx-core/tests/data/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}
