//! Every command of the README's `sh` blocks that starts with `dlx ` runs as written: against
//! the binary built for the tests (put first on the `PATH`), by `sh`, in a scratch folder that
//! sees the repository's `examples` and `crates` (files a command writes stay there). A comment
//! after a command that is a number must be its output; one that starts with `{` lists JSON
//! fields (`"solutions":92,...,"complete":true`) its output must hold.

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// A command of the README and what its comment says it prints.
struct Example {
    command: String,
    comment: Option<String>,
}

/// The lines of the README's `sh` blocks that start with `dlx `.
fn examples(readme: &str) -> Vec<Example> {
    let mut inside = false;
    let mut found = Vec::new();
    for line in readme.lines() {
        if line.starts_with("```") {
            inside = line == "```sh";
            continue;
        }
        if !inside || !line.starts_with("dlx ") {
            continue;
        }
        let (command, comment) = match line.split_once(" #") {
            Some((command, comment)) => (command, Some(comment.trim().to_string())),
            None => (line, None),
        };
        found.push(Example {
            command: command.trim().to_string(),
            comment,
        });
    }
    found
}

/// Checks `stdout` against what the comment says, when it says something checkable.
fn check_comment(example: &Example, stdout: &str) {
    let Some(comment) = &example.comment else {
        return;
    };
    if comment.bytes().all(|b| b.is_ascii_digit()) {
        assert_eq!(stdout.trim(), comment, "{}", example.command);
    } else if let Some(fields) = comment.strip_prefix('{') {
        for field in fields
            .trim_end_matches('}')
            .split(",...,")
            .flat_map(|f| f.split(','))
        {
            assert!(
                stdout.contains(field),
                "{}: {field} not in {stdout}",
                example.command
            );
        }
    }
}

#[test]
fn every_dlx_command_of_the_readme_runs_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let examples = examples(&readme);
    assert!(examples.len() >= 10, "{} commands found", examples.len());
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("readme");
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).unwrap();
    for folder in ["examples", "crates"] {
        std::os::unix::fs::symlink(
            root.join(folder).canonicalize().unwrap(),
            scratch.join(folder),
        )
        .unwrap();
    }
    let binary = assert_cmd::cargo::cargo_bin("dlx");
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for example in &examples {
        let output = Command::new("sh")
            .arg("-c")
            .arg(&example.command)
            .current_dir(&scratch)
            .env("PATH", &path)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        // A run cut by its budget ends with 3, as the README says.
        let limited = example.command.contains("--budget");
        let code = output.status.code();
        assert!(
            code == Some(0) || (limited && code == Some(3)),
            "{}: exit {code:?}\n{stderr}",
            example.command
        );
        check_comment(example, &stdout);
    }
}
