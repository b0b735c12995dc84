//! What the CLI's tests share: the binary under test and the paths of their data.

// Each test binary uses a part of this module.
#![allow(dead_code)]

use assert_cmd::assert::Assert;
use assert_cmd::Command;

/// The `dlx` binary built for the tests.
pub fn dlx() -> Command {
    Command::cargo_bin("dlx").unwrap()
}

/// Runs `dlx` with `args` and checks its exit code and its whole standard output; the error
/// output is left to the caller.
pub fn assert_prints(args: &[&str], code: i32, stdout: &str) -> Assert {
    dlx()
        .args(args)
        .assert()
        .code(code)
        .stdout(stdout.to_string())
}

/// Runs `dlx` with `args` and `stdin`, and checks its exit code, its whole standard output
/// where `stdout` gives it, and that its error output contains `stderr`.
pub fn assert_run(args: &[&str], stdin: &str, code: i32, stdout: Option<&str>, stderr: &str) {
    let assert = dlx()
        .args(args)
        .write_stdin(stdin)
        .assert()
        .code(code)
        .stderr(predicates::str::contains(stderr));
    if let Some(stdout) = stdout {
        assert.stdout(stdout.to_string());
    }
}

/// Runs `dlx` with `args` and `stdin`, checks that it succeeds, and gives its standard output
/// and its error output.
pub fn succeeds(args: &[&str], stdin: impl Into<Vec<u8>>) -> (String, String) {
    ends(args, stdin, 0)
}

/// Runs `dlx` with `args` and `stdin`, checks its exit code, and gives its standard output and
/// its error output.
pub fn ends(args: &[&str], stdin: impl Into<Vec<u8>>, code: i32) -> (String, String) {
    let assert = dlx().args(args).write_stdin(stdin).assert().code(code);
    let output = assert.get_output();
    let text = |bytes: &[u8]| String::from_utf8(bytes.to_vec()).unwrap();
    (text(&output.stdout), text(&output.stderr))
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

/// `pigeons` pigeons, each in one of `pigeons - 1` holes, no two in one hole: no solution, and a
/// proof of that takes a clause-learning solver exponentially long.
pub fn pigeonhole(pigeons: usize) -> String {
    let mut text = String::new();
    text.extend((0..pigeons).map(|p| format!("p{p} ")));
    text.push('|');
    text.extend((1..pigeons).map(|h| format!(" h{h}")));
    text.push('\n');
    for p in 0..pigeons {
        for h in 1..pigeons {
            text.push_str(&format!("p{p} h{h}\n"));
        }
    }
    text
}
