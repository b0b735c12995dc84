//! Every command of the `sh` blocks of the README and of the pages of `docs/` that starts with
//! `dlx ` runs as written: against the binary built for the tests (put first on the `PATH`), by
//! `sh`, in a scratch folder that sees the repository's `examples` and `crates` (files a command
//! writes stay there). A comment after a command that is a number must be its output; one that
//! starts with `{` lists JSON fields (`"solutions":92,...,"complete":true`) its output must hold.
//! A failure names the file the command comes from. Every other line of an `sh` block is one of
//! the commands CI itself runs ([`RUN_BY_CI`]); a command that no test runs belongs in a `text`
//! block, and a test below says so when one is found in an `sh` block.

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The fewest commands the README itself shows (its examples of every main job).
const README_AT_LEAST: usize = 10;

/// The fewest commands of all the files together: as many as the README alone had before its
/// reference moved to `docs/`.
const ALL_AT_LEAST: usize = 22;

/// The commands of `sh` blocks that are not `dlx` commands: `.ci/run` runs both.
const RUN_BY_CI: [&str; 2] = ["cargo test --workspace", "bash .ci/run"];

/// A command of a Markdown file and what its comment says it prints.
struct Example {
    /// The file it comes from, relative to the repository's root.
    file: String,
    command: String,
    comment: Option<String>,
}

impl Example {
    /// How a failure names the command: its file, then the command itself.
    fn name(&self) -> String {
        format!("{}: {}", self.file, self.command)
    }
}

/// The lines of the `sh` blocks of `text`, without blank lines and comments.
fn sh_lines(text: &str) -> Vec<&str> {
    let mut inside = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            inside = line == "```sh";
            continue;
        }
        let trimmed = line.trim();
        if inside && !trimmed.is_empty() && !trimmed.starts_with('#') {
            found.push(line);
        }
    }
    found
}

/// The lines of the `sh` blocks of `text` (the content of `file`) that start with `dlx `.
fn examples(file: &str, text: &str) -> Vec<Example> {
    let mut found = Vec::new();
    for line in sh_lines(text) {
        if !line.starts_with("dlx ") {
            continue;
        }
        let (command, comment) = match line.split_once(" #") {
            Some((command, comment)) => (command, Some(comment.trim().to_string())),
            None => (line, None),
        };
        found.push(Example {
            file: file.to_string(),
            command: command.trim().to_string(),
            comment,
        });
    }
    found
}

/// The Markdown files whose commands run, relative to `root`: the README, then every page of
/// `docs/` in the order of their names.
fn documents(root: &Path) -> Vec<String> {
    let mut pages: Vec<String> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    pages.sort();
    pages.insert(0, "README.md".to_string());
    pages
}

/// Checks `stdout` against what the comment says, when it says something checkable.
fn check_comment(example: &Example, stdout: &str) {
    let Some(comment) = &example.comment else {
        return;
    };
    if comment.bytes().all(|b| b.is_ascii_digit()) {
        assert_eq!(stdout.trim(), comment, "{}", example.name());
    } else if let Some(fields) = comment.strip_prefix('{') {
        for field in fields
            .trim_end_matches('}')
            .split(",...,")
            .flat_map(|f| f.split(','))
        {
            assert!(
                stdout.contains(field),
                "{}: {field} not in {stdout}",
                example.name()
            );
        }
    }
}

#[test]
fn every_dlx_command_of_the_readme_and_the_docs_runs_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut all = Vec::new();
    for file in documents(&root) {
        let text = std::fs::read_to_string(root.join(&file)).unwrap();
        let found = examples(&file, &text);
        if file == "README.md" {
            assert!(
                found.len() >= README_AT_LEAST,
                "{file}: {} commands found",
                found.len()
            );
        }
        all.extend(found);
    }
    assert!(
        all.len() >= ALL_AT_LEAST,
        "{} commands found in all",
        all.len()
    );
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
    for example in &all {
        let output = Command::new("sh")
            .arg("-c")
            .arg(&example.command)
            .current_dir(&scratch)
            .env("PATH", &path)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        // A run cut by its budget ends with 3, as `docs/cover.md` says.
        let limited = example.command.contains("--budget");
        let code = output.status.code();
        assert!(
            code == Some(0) || (limited && code == Some(3)),
            "{}: exit {code:?}\n{stderr}",
            example.name()
        );
        check_comment(example, &stdout);
    }
}

#[test]
fn every_line_of_an_sh_block_is_run_by_a_test_or_by_ci() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut unrun = Vec::new();
    for file in documents(&root) {
        let text = std::fs::read_to_string(root.join(&file)).unwrap();
        for line in sh_lines(&text) {
            let command = line
                .split_once(" #")
                .map_or(line, |(command, _)| command)
                .trim();
            if !command.starts_with("dlx ") && !RUN_BY_CI.contains(&command) {
                unrun.push(format!("{file}: {command}"));
            }
        }
    }
    assert!(
        unrun.is_empty(),
        "commands in sh blocks that no test runs (make them dlx commands, or put them in a text \
         block): {unrun:#?}"
    );
}

#[test]
fn sh_lines_skip_other_blocks_blanks_and_comments() {
    let text = "```sh\ndlx a\n\n# note\ncargo b\n```\n```text\nnot this\n```\n";
    assert_eq!(sh_lines(text), ["dlx a", "cargo b"]);
}
