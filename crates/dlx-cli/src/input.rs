//! Reading the user's input: a file, or standard input for none or `-`.

use std::borrow::Cow;
use std::fs::File;
use std::io::{BufRead, Read};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use dlx_core::quote::escape;
use dlx_puzzles::sudoku::format::FormatError;

/// The most bytes read from one whole-file input by default (128 MiB). Whole-file inputs are
/// built into structures several times their size (a problem in Knuth's format takes up to about
/// 30 bytes of memory per byte of text), so an absurd input is refused before it is read rather
/// than exhausting memory; `dlx cover --max-input` raises the limit.
pub const DEFAULT_MAX_BYTES: u64 = 128 << 20;

/// The text of one input, with the name to use in messages.
#[derive(Debug)]
pub struct Input {
    /// The file name as the user gave it, or `<stdin>`.
    pub name: String,
    /// The whole text.
    pub text: String,
}

/// Reads `path` (standard input for `None` or `-`) as UTF-8 text, refusing an input larger than
/// [`DEFAULT_MAX_BYTES`].
pub fn read(path: Option<&Path>) -> Result<Input> {
    read_at_most(path, DEFAULT_MAX_BYTES, "")
}

/// Reads `path` (standard input for `None` or `-`) as UTF-8 text, refusing an input larger than
/// `max` bytes without reading more than that; `hint` ends the message (how to raise the limit).
pub fn read_at_most(path: Option<&Path>, max: u64, hint: &str) -> Result<Input> {
    match path.filter(|p| *p != Path::new("-")) {
        None => read_source("<stdin>", std::io::stdin().lock(), max, hint),
        Some(p) => {
            let name = escape(&p.display().to_string());
            let file = File::open(p).with_context(|| format!("cannot read {name}"))?;
            read_source(&name, file, max, hint)
        }
    }
}

/// Reads `source`, named `name` (already escaped), as UTF-8 text, refusing more than `max` bytes
/// as [`read_at_most`] does.
pub fn read_source(name: &str, source: impl Read, max: u64, hint: &str) -> Result<Input> {
    let name = name.to_string();
    let bytes = read_capped(source, max).with_context(|| format!("cannot read {name}"))?;
    if bytes.len() as u64 > max {
        bail!("{name}: the input is larger than {max} bytes, the most this command reads{hint}");
    }
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

/// Reads standard input up to its first line that is neither blank nor a `#` comment (or its
/// end), and gives that line with a reader of the whole input, those lines included: for
/// telling what an input holds before choosing its reader.
pub fn peek_stdin() -> std::io::Result<(String, Box<dyn Read + Send>)> {
    let mut reader = std::io::BufReader::new(std::io::stdin());
    let mut seen = Vec::new();
    let first = loop {
        let start = seen.len();
        if reader.read_until(b'\n', &mut seen)? == 0 {
            break String::new();
        }
        let line = String::from_utf8_lossy(&seen[start..]);
        let line = line.trim();
        if !line.is_empty() && !line.starts_with('#') {
            break line.to_string();
        }
    };
    Ok((first, Box::new(std::io::Cursor::new(seen).chain(reader))))
}

/// Reads a file with one of the format module's readers, reporting errors as
/// `FILE:LINE:COLUMN: message`.
pub fn read_with<T>(path: &Path, reader: fn(&str) -> Result<T, FormatError>) -> Result<T> {
    let input = read(Some(path))?;
    reader(&input.text)
        .map_err(|e| anyhow::anyhow!("{}:{}:{}: {}", input.name, e.line, e.column, e.message))
}

/// The files of a command line, or standard input (`-`) when none is named.
pub fn files_or_stdin(files: &[PathBuf]) -> Cow<'_, [PathBuf]> {
    if files.is_empty() {
        Cow::Owned(vec![PathBuf::from("-")])
    } else {
        Cow::Borrowed(files)
    }
}

/// The total size of the inputs, when all are files.
pub fn total_size(files: &[PathBuf]) -> Option<u64> {
    files
        .iter()
        .map(|path| {
            (path != Path::new("-"))
                .then(|| std::fs::metadata(path).ok().map(|m| m.len()))
                .flatten()
        })
        .sum()
}

/// Reads `input` to its end or to one byte past `max`, whichever comes first.
fn read_capped(input: impl Read, max: u64) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    input.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_stops_one_byte_past_the_limit() {
        let endless = std::io::repeat(b'x');
        assert_eq!(read_capped(endless, 10).unwrap().len(), 11);
        assert_eq!(read_capped(&b"abc"[..], 10).unwrap(), b"abc");
    }
}
