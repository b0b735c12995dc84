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
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../dlx-core/tests/data")
}

/// Reads `<dir>/<name>.dlx` and parses it in Knuth's format.
pub fn load_exact_cover(dir: &Path, name: &str) -> Result<Problem> {
    let path = dir.join(format!("{name}.dlx"));
    let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let parsed = knuth::parse(&text).with_context(|| format!("parsing {}", path.display()))?;
    Ok(parsed.problem)
}

/// The names of `all` that `only` selects (all of them when `only` is empty), in `all`'s order.
///
/// Fails on a name in `only` that is not in `all`.
pub fn select<'a>(all: &[&'a str], only: &[String]) -> Result<Vec<&'a str>> {
    if let Some(unknown) = only.iter().find(|name| !all.contains(&name.as_str())) {
        anyhow::bail!("unknown instance `{unknown}`; known: {}", all.join(", "));
    }
    Ok(all
        .iter()
        .copied()
        .filter(|name| only.is_empty() || only.iter().any(|o| o == name))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selects_in_table_order_and_rejects_unknown_names() {
        let all = ["a", "b", "c"];
        assert_eq!(select(&all, &[]).unwrap(), ["a", "b", "c"]);
        assert_eq!(select(&all, &["c".into(), "a".into()]).unwrap(), ["a", "c"]);
        assert!(select(&all, &["d".into()]).is_err());
    }

    #[test]
    fn default_instances_are_in_the_repository() {
        let dir = default_data_dir();
        for name in EXACT_COVER {
            assert!(dir.join(format!("{name}.dlx")).is_file(), "{name}");
        }
    }
}
