//! Pictures drawn in text: the marks they hold, with their positions; and the errors that name
//! a line and a column.

use dlx_core::quote::quote_char;
use thiserror::Error;

/// Why a board or piece picture cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct PictureError {
    /// The 1-based line.
    pub line: usize,
    /// The 1-based column, counted in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: PictureErrorKind,
}

/// The kinds of [`PictureError`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PictureErrorKind {
    /// A tab, whose width is anybody's guess.
    #[error("a tab (expected spaces, so that columns line up)")]
    Tab,
    /// A board picture holds something other than `#`, `.` and spaces.
    #[error(
        "unexpected {} in a board (expected `#` for a cell, `.` or a space for a hole)",
        quote_char(*.0)
    )]
    NotABoardMark(char),
    /// A piece picture uses `:`, which cannot be in an item name.
    #[error(
        "{} cannot name a piece (expected any character but `.`, `:`, `|` and blanks)",
        quote_char(*.0)
    )]
    InvalidPieceName(char),
    /// A piece's cells do not touch each other; the position is its first cell.
    #[error(
        "piece {} falls apart (expected its cells to be connected through their sides)",
        quote_char(*.0)
    )]
    Disconnected(char),
    /// The picture holds no cell; the position is the end of the text.
    #[error("no cells (expected a picture with at least one cell)")]
    Empty,
    /// The picture is larger than allowed; the position is the cell that makes it too large.
    #[error("the picture is too large (expected at most {0} squares)")]
    TooLarge(usize),
}

/// One marked square of a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mark {
    /// The row in the picture, counting lines that are not comments from 0.
    pub row: usize,
    /// The column in the picture, from 0.
    pub col: usize,
    /// The character drawn there.
    pub ch: char,
    /// The 1-based line in the text.
    pub line: usize,
    /// The 1-based column in the text.
    pub column: usize,
}

/// Reads the marks of a picture: every character but spaces and `.`. Lines that start with `|`
/// are comments and do not count as rows; a line ending in `\r` is read without it.
pub(crate) fn marks(text: &str) -> Result<Vec<Mark>, PictureError> {
    let mut marks = Vec::new();
    let mut row = 0;
    for (l, raw) in text.lines().enumerate() {
        if raw.starts_with('|') {
            continue;
        }
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        for (col, ch) in line.chars().enumerate() {
            let (line, column) = (l + 1, col + 1);
            match ch {
                ' ' | '.' => {}
                '\t' => {
                    return Err(PictureError {
                        line,
                        column,
                        kind: PictureErrorKind::Tab,
                    })
                }
                _ => marks.push(Mark {
                    row,
                    col,
                    ch,
                    line,
                    column,
                }),
            }
        }
        row += 1;
    }
    Ok(marks)
}

/// The error for a picture without cells: at the end of `text`.
pub(crate) fn empty(text: &str) -> PictureError {
    let line = text.lines().count() + usize::from(text.is_empty() || text.ends_with('\n'));
    let column = if text.ends_with('\n') || text.is_empty() {
        1
    } else {
        text.lines().last().map_or(0, |l| l.chars().count()) + 1
    };
    PictureError {
        line,
        column,
        kind: PictureErrorKind::Empty,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_marks_with_positions_and_skips_comments() {
        let marks = marks("| a comment\n#.#\r\n\n x\n").unwrap();
        let seen: Vec<_> = marks
            .iter()
            .map(|m| (m.row, m.col, m.ch, m.line, m.column))
            .collect();
        assert_eq!(
            seen,
            [(0, 0, '#', 2, 1), (0, 2, '#', 2, 3), (2, 1, 'x', 4, 2)]
        );
    }

    #[test]
    fn rejects_tabs() {
        let e = marks("##\n#\t#\n").unwrap_err();
        assert_eq!((e.line, e.column, e.kind), (2, 2, PictureErrorKind::Tab));
    }

    #[test]
    fn places_emptiness_at_the_end() {
        assert_eq!((empty("").line, empty("").column), (1, 1));
        assert_eq!((empty("..\n").line, empty("..\n").column), (2, 1));
        assert_eq!((empty("..\n..").line, empty("..\n..").column), (2, 3));
    }
}
