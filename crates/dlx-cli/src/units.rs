//! Work units: a problem's content hash and a prefix of option ids, one JSON line each, and the
//! result lines of running them. Shared by `dlx split`, `dlx run` and `dlx merge`.
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
use dlx_core::{knuth, Problem, Stats};
use serde::{Deserialize, Serialize};

/// A sub-problem: the options forced, in order, on the problem with this hash.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unit {
    /// [`hash`] of the problem, 16 hex digits.
    pub problem: String,
    /// Option ids (0-based, in the order of the problem's options) to force.
    pub prefix: Vec<usize>,
    /// Whether the last option is a branch the search had not tried, whose updates are the
    /// unit's own work (see [`dlx_core::Unit`]); absent for the path to a node.
    #[serde(default, skip_serializing_if = "is_false")]
    pub branch: bool,
    /// The work of the nodes that were split to make the units, carried by the first unit of
    /// a split and added to its result, so that merged totals equal a single search's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub above: Option<Work>,
}

/// Nodes and updates of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Work {
    /// Nodes entered.
    pub nodes: u64,
    /// Updates made.
    pub updates: u64,
}

impl Unit {
    /// The unit of the problem with hash `problem` for a sub-problem of the engine.
    pub fn new(problem: &str, unit: dlx_core::Unit) -> Unit {
        Unit {
            problem: problem.to_string(),
            prefix: unit.prefix,
            branch: unit.branch,
            above: None,
        }
    }

    /// The engine's sub-problem.
    pub fn sub_problem(&self) -> dlx_core::Unit {
        dlx_core::Unit {
            prefix: self.prefix.clone(),
            branch: self.branch,
        }
    }
}

/// For serde: leaves out a flag that is not set.
fn is_false(flag: &bool) -> bool {
    !flag
}

/// What running a unit gave.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// [`hash`] of the problem.
    pub problem: String,
    /// The unit's prefix.
    pub prefix: Vec<usize>,
    /// Solutions found in the unit (all of them when `complete`).
    pub solutions: u64,
    /// Nodes entered below the prefix (and the split nodes the unit carried, if any).
    pub nodes: u64,
    /// Updates made below the prefix, and by its last option when that is a branch (forcing
    /// the path to it not included; the split nodes the unit carried included).
    pub updates: u64,
    /// Whether the unit was searched to the end.
    pub complete: bool,
    /// When the budget ran out: the units still to run, which with this result partition the
    /// unit exactly.
    #[serde(default)]
    pub remainder: Vec<Unit>,
}

impl Outcome {
    /// The statistics of this result.
    pub fn stats(&self) -> Stats {
        Stats {
            solutions: self.solutions,
            nodes: self.nodes,
            updates: self.updates,
        }
    }
}

/// The problem's content hash: 64-bit FNV-1a over its text in Knuth's format (as
/// [`knuth::write`] prints it, so comments and spacing of the file do not matter), as 16 hex
/// digits.
pub fn hash(problem: &Problem) -> String {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let hash = knuth::write(problem)
        .bytes()
        .fold(OFFSET, |h, b| (h ^ u64::from(b)).wrapping_mul(PRIME));
    format!("{hash:016x}")
}

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
        let value = serde_json::from_str(line).map_err(|e| {
            // The message without serde's own position, which counts lines from this one.
            let message = e.to_string();
            let suffix = format!(" at line {} column {}", e.line(), e.column());
            let message = message.strip_suffix(&suffix).unwrap_or(&message);
            anyhow!("{name}:{number}:{}: {message}", e.column())
        })?;
        values.push((number, value));
    }
    Ok(values)
}

/// Checks that a unit read from `name` at `line` belongs to the problem with hash `expected`.
pub fn check_hash(name: &str, line: usize, got: &str, expected: &str) -> Result<()> {
    if got != expected {
        bail!(
            "{name}:{line}:1: the unit is for problem {got} (expected {expected}, the hash of the \
             problem given)"
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_fnv1a_of_the_written_problem() {
        let problem = knuth::parse("A B\nA\nB\n").unwrap().problem;
        let same = knuth::parse("| a comment\nA  B\n\nA\nB\n").unwrap().problem;
        let other = knuth::parse("A B\nA B\n").unwrap().problem;
        assert_eq!(hash(&problem), hash(&same));
        assert_ne!(hash(&problem), hash(&other));
        assert_eq!(hash(&problem).len(), 16);
    }

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
