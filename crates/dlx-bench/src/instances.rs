//! Finding and loading the instance files.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use dlx_core::{knuth, Problem};

/// The exact-cover instances compared by default, by file stem (`<name>.dlx`).
pub const EXACT_COVER: &[&str] = &[
    "queens12",
    "langford11",
    "langford12",
    "pento6x10-sym",
    "scott",
    "sudoku-inkala",
];

/// The folder holding the instance files in this repository (`dlx-core`'s test data).
pub fn default_data_dir() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    // The crates sit side by side under `crates/`.
    let crates = manifest.parent().unwrap_or(manifest);
    crates.join("dlx-core/tests/data")
}

/// Reads `<dir>/<name>.dlx` and parses it in Knuth's format.
pub fn load_exact_cover(dir: &Path, name: &str) -> Result<Problem> {
    let path = dir.join(format!("{name}.dlx"));
    let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let parsed = knuth::parse(&text).with_context(|| format!("parsing {}", path.display()))?;
    Ok(parsed.problem)
}

/// The instances to run: `defaults` when `only` is empty, else exactly the names in `only`, in
/// that order (any `<name>.dlx` in the data folder may be named, not just the defaults).
pub fn select(defaults: &[&str], only: &[String]) -> Vec<String> {
    if only.is_empty() {
        defaults.iter().map(|name| name.to_string()).collect()
    } else {
        only.to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selects_the_defaults_or_exactly_the_names_given() {
        assert_eq!(select(&["a", "b"], &[]), ["a", "b"]);
        assert_eq!(select(&["a", "b"], &["c".into(), "a".into()]), ["c", "a"]);
    }

    #[test]
    fn default_instances_are_in_the_repository() {
        let dir = default_data_dir();
        for name in EXACT_COVER {
            assert!(dir.join(format!("{name}.dlx")).is_file(), "{name}");
        }
    }
}
