//! Variant puzzles in a text as the commands read them: one puzzle a line (blank lines and `#`
//! comments passed over), each read by the library with its error placed at the file's line
//! and column.

use dlx_puzzles::sudoku::variant::{self, Variant};

/// The puzzle lines of a text: not blank, not a `#` comment, with their 1-based numbers.
pub fn puzzle_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
}

/// Reads the puzzle `text` found at `line` of the input `name` (escaped for the terminal, as
/// [`input::read`](crate::input::read) gives it); the error is the message to print after
/// `dlx: ` (`NAME:LINE:COLUMN: at "ITEM": PROBLEM`).
pub fn read(name: &str, line: usize, text: &str) -> Result<Variant, String> {
    variant::read(text).map_err(|e| {
        format!(
            "{name}:{}:{}: at {:?}: {}",
            line + e.line - 1,
            e.column,
            e.item,
            e.problem
        )
    })
}
