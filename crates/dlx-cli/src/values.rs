//! Values of arguments that name one of a few choices or a file, and the messages that list the
//! valid ones when a value is none of them.

use std::num::NonZeroUsize;
use std::path::Path;

use anyhow::{bail, Result};
use dlx_core::quote::{escape, quote};

/// Parses `--threads N`: a number of threads, at least 1.
pub fn parse_threads(text: &str) -> Result<NonZeroUsize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) => NonZeroUsize::new(n)
            .ok_or_else(|| "0 threads cannot search (expected 1 or more threads)".to_string()),
        Err(_) => Err(format!(
            "{} is not a number of threads (expected 1 or more)",
            quote(text)
        )),
    }
}

/// The threads `--threads` asked for, else one per core.
pub fn threads(asked: Option<NonZeroUsize>) -> usize {
    asked.map_or_else(
        || std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
        NonZeroUsize::get,
    )
}

/// Fails unless `spec`, which is none of the names `choices` lists, is a file: `--OPTION` names
/// the option in the message, `choices` what it takes (`x, windoku or a file of cell sets`).
/// The value is shown whole, as a file name.
pub fn named_or_file(option: &str, spec: &str, choices: &str) -> Result<()> {
    if spec != "-" && !Path::new(spec).exists() {
        bail!(
            "--{option} `{}`: expected {choices} (there is no file of that name)",
            escape(spec)
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_are_at_least_one() {
        assert_eq!(parse_threads("2"), Ok(NonZeroUsize::new(2).unwrap()));
        assert_eq!(
            parse_threads("0"),
            Err("0 threads cannot search (expected 1 or more threads)".to_string())
        );
        assert_eq!(
            parse_threads("many"),
            Err("`many` is not a number of threads (expected 1 or more)".to_string())
        );
    }

    #[test]
    fn a_name_that_is_no_file_lists_the_names() {
        let error = named_or_file("extra", "y", "x, windoku or a file").unwrap_err();
        assert_eq!(
            error.to_string(),
            "--extra `y`: expected x, windoku or a file (there is no file of that name)"
        );
        assert!(named_or_file("extra", "Cargo.toml", "x").is_ok());
    }
}
