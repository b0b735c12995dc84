//! Reading the user's input: a file, or standard input for none or `-`.

use std::io::Read;
use std::path::Path;

use anyhow::{bail, Context, Result};

/// The text of one input, with the name to use in messages.
#[derive(Debug)]
pub struct Input {
    /// The file name as the user gave it, or `<stdin>`.
    pub name: String,
    /// The whole text.
    pub text: String,
}

/// Reads `path` (standard input for `None` or `-`) as UTF-8 text.
pub fn read(path: Option<&Path>) -> Result<Input> {
    let (name, bytes) = match path {
        None => read_stdin()?,
        Some(p) if p == Path::new("-") => read_stdin()?,
        Some(p) => {
            let name = p.display().to_string();
            let bytes = std::fs::read(p).with_context(|| format!("cannot read {name}"))?;
            (name, bytes)
        }
    };
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Input { name, text }),
        Err(e) => {
            let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
            let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            let column = String::from_utf8_lossy(&good[line_start..]).chars().count() + 1;
            bail!("{name}:{line}:{column}: invalid UTF-8 (expected text)")
        }
    }
}

fn read_stdin() -> Result<(String, Vec<u8>)> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .read_to_end(&mut bytes)
        .context("cannot read standard input")?;
    Ok(("<stdin>".to_string(), bytes))
}
