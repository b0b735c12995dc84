//! Knuth's text format for exact-cover problems (placeholder, being written).
use crate::{BuildError, Problem};

/// A parsed problem.
pub struct Parsed {
    /// The problem.
    pub problem: Problem,
    /// Warnings.
    pub warnings: Vec<String>,
}

/// Parses Knuth's format.
pub fn parse(text: &str) -> Result<Parsed, BuildError> {
    let mut b = crate::ProblemBuilder::new();
    let mut lines = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('|') && !l.trim().is_empty());
    let first = lines.next().unwrap();
    let mut secondary = false;
    for tok in first.split_whitespace() {
        if tok == "|" {
            secondary = true;
            continue;
        }
        if secondary {
            b.secondary(tok)?;
        } else {
            b.primary(tok)?;
        }
    }
    for l in lines {
        b.option_by_names(l.split_whitespace())?;
    }
    Ok(Parsed {
        problem: b.build()?,
        warnings: vec![],
    })
}
