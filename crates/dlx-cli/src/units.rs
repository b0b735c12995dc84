//! Work units read from files: the JSON lines of [`dlx_core::units`], with the file, line and
//! column of what is wrong. Shared by `dlx split`, `dlx run` and `dlx merge`.
//!
//! ```text
//! {"problem":"9ab1c0d2e3f40516","prefix":[3],"branch":true,"above":{"nodes":1,"updates":96}}
//! {"problem":"9ab1c0d2e3f40516","prefix":[3,17],"branch":true}
//! {"problem":"9ab1c0d2e3f40516","prefix":[3,17],"solutions":12,"nodes":480,"updates":9120,
//!  "complete":false,"remainder":[{"problem":"9ab1c0d2e3f40516","prefix":[3,17,40],
//!  "branch":true}]}
//! ```

use std::io::{BufRead, Read};

use anyhow::{anyhow, bail, Context, Result};
pub use dlx_core::units::{hash, Outcome, Unit};
use serde::Deserialize;

/// Reads JSON lines of type `T` from `input` (named `name` in messages); blank lines are
/// skipped. Each value comes with its 1-based line.
pub fn read_lines<T: for<'de> Deserialize<'de>>(
    name: &str,
    input: impl BufRead,
) -> Result<Vec<(usize, T)>> {
    read_lines_at_most(name, input, MAX_LINE_BYTES)
}

/// The longest line of a units or results file, in bytes: a unit of a million options fits,
/// and a line without end takes no more memory than this.
pub const MAX_LINE_BYTES: usize = 16 << 20;

/// [`read_lines`] with lines of at most `max` bytes.
fn read_lines_at_most<T: for<'de> Deserialize<'de>>(
    name: &str,
    mut input: impl BufRead,
    max: usize,
) -> Result<Vec<(usize, T)>> {
    let mut values = Vec::new();
    let mut bytes = Vec::new();
    for number in 1.. {
        bytes.clear();
        // The line, its line ending (CRLF) and one byte more tell a line too long.
        let room = max as u64 + 3;
        let read = input
            .by_ref()
            .take(room)
            .read_until(b'\n', &mut bytes)
            .with_context(|| format!("cannot read {name}"))?;
        if read == 0 {
            break;
        }
        let line = bytes.strip_suffix(b"\n").unwrap_or(&bytes);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.len() > max {
            let column = String::from_utf8_lossy(&line[..max]).chars().count() + 1;
            bail!("{name}:{number}:{column}: line longer than {max} bytes (expected a line break by then)");
        }
        let line = std::str::from_utf8(line).map_err(|e| {
            anyhow!(
                "{name}:{number}:{}: invalid UTF-8 (expected text)",
                e.valid_up_to() + 1
            )
        })?;
        if line.trim().is_empty() {
            continue;
        }
        let value = dlx_core::units::from_json(line)
            .map_err(|e| anyhow!("{name}:{number}:{}: {}", e.column, e.message))?;
        values.push((number, value));
    }
    Ok(values)
}

/// Checks that a unit read from `name` at `line` belongs to the problem with hash `expected`.
pub fn check_hash(name: &str, line: usize, got: &str, expected: &str) -> Result<()> {
    dlx_core::units::check_hash(got, expected).map_err(|e| anyhow!("{name}:{line}:1: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_lines_name_their_line_and_column() {
        let text = "{\"problem\":\"00\",\"prefix\":[1]}\n\n{\"problem\":1}\n";
        let error = read_lines::<Unit>("u.jsonl", text.as_bytes()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "u.jsonl:3:12: invalid type: integer `1`, expected a string"
        );
        let ok = read_lines::<Unit>("u.jsonl", &text.as_bytes()[..31]).unwrap();
        assert_eq!(ok[0].1.prefix, [1]);
    }

    #[test]
    fn a_line_too_long_is_an_error_at_the_limit() {
        let text =
            "{\"problem\":\"00\",\"prefix\":[1]}\r\n{\"problem\":\"00\",\"prefix\":[1,2,3,4]}\n";
        let error = read_lines_at_most::<Unit>("u.jsonl", text.as_bytes(), 30).unwrap_err();
        assert_eq!(
            error.to_string(),
            "u.jsonl:2:31: line longer than 30 bytes (expected a line break by then)"
        );
        let endless = std::io::BufReader::new(std::io::repeat(b' '));
        let error = read_lines::<Unit>("u.jsonl", endless).unwrap_err();
        assert!(error.to_string().starts_with("u.jsonl:1:"), "{error}");
    }
}
