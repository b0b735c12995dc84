//! Reading answers back: the inverse of `write_answer`, also used on reference answer files
//! (one solution grid, `N+` or `0` per line).

use crate::sudoku::{Answer, Layout, Puzzle, Verdict};

use super::error::FormatError;
use super::write::NO_SOLUTION;
use super::{json, ReadOptions, Reader};

/// Reads the answer printed for `puzzle` (as [`write_answer`](super::write_answer) writes it):
/// a solution grid in the puzzle's layout, `no solution`, a count (`N`, or `N+` when capped),
/// or a verdict (`unique`, `multiple`, `none`); for JSON, the puzzle's object with its answer
/// fields. A solution must be complete (no empty cell); whether it solves the puzzle is not
/// checked here.
pub fn read_answer(text: &str, puzzle: &Puzzle) -> Result<Answer, FormatError> {
    let first_line = text
        .lines()
        .position(|l| !l.trim().is_empty())
        .map_or(1, |i| i + 1);
    let t = text.trim();
    let alphabet = match &puzzle.layout {
        Layout::Json => return json::read_answer(t, first_line, puzzle),
        Layout::Line { alphabet } | Layout::Block { alphabet, .. } => *alphabet,
    };
    match t {
        NO_SOLUTION => return Ok(Answer::NoSolution),
        "unique" => return Ok(Answer::Verdict(Verdict::Unique)),
        "multiple" => return Ok(Answer::Verdict(Verdict::Multiple)),
        "none" => return Ok(Answer::Verdict(Verdict::None)),
        _ => {}
    }
    let n = puzzle.size;
    let capped = t.ends_with('+');
    let digits = t.strip_suffix('+').unwrap_or(t);
    if !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (capped || digits.len() != n.saturating_mul(n))
    {
        let count = digits.parse::<u64>().map_err(|_| {
            FormatError::new(first_line, 1, format!("count `{digits}` is too large"))
        })?;
        return Ok(Answer::Count { count, capped });
    }
    let options = ReadOptions {
        size: Some(n),
        alphabet: Some(alphabet),
    };
    let mut reader = Reader::new(text.as_bytes(), options);
    let grid = match reader.next() {
        Some(result) => result?,
        None => {
            return Err(FormatError::new(
                first_line,
                1,
                "expected an answer: a solution grid, `no solution`, a count or a verdict",
            ))
        }
    };
    if let Some(i) = grid.cells.iter().position(|&v| v == 0) {
        return Err(FormatError::new(
            grid.line,
            1,
            format!(
                "expected a complete solution, found an empty cell at row {}, column {}",
                i / n + 1,
                i % n + 1
            ),
        ));
    }
    if let Some(next) = reader.next() {
        let line = match next {
            Ok(p) => p.line,
            Err(e) => e.line,
        };
        return Err(FormatError::new(
            line,
            1,
            "unexpected text after the solution",
        ));
    }
    Ok(Answer::Solution(grid.cells))
}
