//! Grids in the judges' character formats: the symbols of each format, rows read from tokens
//! with positioned errors, and solved grids printed back.

use dlx_core::quote::quote_char;
use std::io::{self, BufRead, Write};

use crate::sudoku::format::{FormatError, NO_SOLUTION};

use super::case::Reply;
use super::tokens::{Token, Tokens};

/// The characters of one judge's grids: values are digits `1`-`9` or letters `A`, `B`, ...
/// (either case), and empty cells are any of `empty`, the official mark first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Symbols {
    /// The side of the grid (and the largest value).
    pub(crate) size: usize,
    /// Letters (`A` = 1) rather than digits.
    pub(crate) letters: bool,
    /// The marks of an empty cell; the first is the official one.
    pub(crate) empty: &'static [char],
}

impl Symbols {
    /// The value of a cell character: `Some(0)` for an empty mark, `None` for anything else
    /// than a value `1..=size`.
    fn cell(self, ch: char) -> Option<u16> {
        if self.empty.contains(&ch) {
            return Some(0);
        }
        let value = if self.letters {
            let upper = ch.to_ascii_uppercase();
            if !upper.is_ascii_uppercase() {
                return None;
            }
            u32::from(upper) - u32::from('A') + 1
        } else {
            ch.to_digit(10)?
        };
        let value = usize::try_from(value).ok()?;
        (1..=self.size).contains(&value).then_some(value as u16)
    }

    /// The character printed for a value `1..=size`.
    fn symbol(self, value: u16) -> char {
        let (first, offset) = if self.letters { (b'A', 1) } else { (b'0', 0) };
        u8::try_from(value)
            .ok()
            .and_then(|v| v.checked_sub(offset))
            .and_then(|v| first.checked_add(v))
            .map_or('?', char::from)
    }

    /// What a cell may be, for messages: "a digit 1-9, or `0` or `.` for an empty cell".
    fn describe(self) -> String {
        let values = if self.letters {
            format!("a letter A-{}", self.symbol(self.size as u16))
        } else {
            format!("a digit 1-{}", self.size)
        };
        let marks: Vec<String> = self.empty.iter().map(|m| format!("`{m}`")).collect();
        format!("{values}, or {} for an empty cell", marks.join(" or "))
    }
}

/// Reads the cells of `token` into `cells`: exactly `count` characters of `symbols`. `what`
/// names the token in messages ("row 3 of case 2").
pub(crate) fn read_cells(
    token: &Token,
    symbols: Symbols,
    count: usize,
    what: impl Fn() -> String,
    cells: &mut Vec<u16>,
) -> Result<(), FormatError> {
    let mut found = 0;
    for ch in token.text.chars() {
        if found == count {
            break;
        }
        match symbols.cell(ch) {
            Some(value) => cells.push(value),
            None => {
                return Err(FormatError::new(
                    token.line,
                    token.column + found,
                    format!(
                        "unexpected character {} in {} (expected {})",
                        quote_char(ch),
                        what(),
                        symbols.describe()
                    ),
                ))
            }
        }
        found += 1;
    }
    let length = token.text.chars().count();
    if length != count {
        return Err(FormatError::new(
            token.line,
            token.column + found,
            format!("expected {count} cells in {}, found {length}", what()),
        ));
    }
    Ok(())
}

/// Reads the `size` rows of case `number`, one token of `size` cells each: the line of the
/// first row, and the cells row by row.
pub(crate) fn read_rows<R: BufRead>(
    tokens: &mut Tokens<R>,
    symbols: Symbols,
    number: usize,
) -> Result<(usize, Vec<u16>), FormatError> {
    let n = symbols.size;
    let mut cells = Vec::with_capacity(n * n);
    let mut first_line = 0;
    for row in 1..=n {
        let what = || format!("row {row} of case {number}");
        let token = tokens.expect(|| format!("{} ({n} cells)", what()))?;
        if row == 1 {
            first_line = token.line;
        }
        read_cells(&token, symbols, n, what, &mut cells)?;
    }
    Ok((first_line, cells))
}

/// Writes a grid of `cells` in rows of `width` cells, each ending with a newline.
pub(crate) fn write_grid<W: Write + ?Sized>(
    out: &mut W,
    symbols: Symbols,
    cells: &[u16],
    width: usize,
) -> io::Result<()> {
    let mut text = String::with_capacity(cells.len() + cells.len() / width.max(1) + 1);
    for row in cells.chunks(width.max(1)) {
        text.extend(row.iter().map(|&v| symbols.symbol(v)));
        text.push('\n');
    }
    out.write_all(text.as_bytes())
}

/// Writes the reply of a problem that defines no output for an unsolvable case: the grid in
/// rows of `width` cells, or a line `no solution` (as `dlx solve` prints it), or a line
/// `multiple solutions` (never asked for by these problems).
pub(crate) fn write_solution<W: Write + ?Sized>(
    out: &mut W,
    symbols: Symbols,
    width: usize,
    reply: &Reply,
) -> io::Result<()> {
    match reply {
        Reply::Solution(cells) => write_grid(out, symbols, cells, width),
        Reply::NoSolution => writeln!(out, "{NO_SOLUTION}"),
        Reply::Multiple => writeln!(out, "multiple solutions"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DIGITS: Symbols = Symbols {
        size: 9,
        letters: false,
        empty: &['0', '.'],
    };
    const LETTERS: Symbols = Symbols {
        size: 16,
        letters: true,
        empty: &['-'],
    };

    fn token(text: &str) -> Token {
        Token {
            line: 4,
            column: 3,
            text: text.to_string(),
        }
    }

    fn read(text: &str, symbols: Symbols, count: usize) -> Result<Vec<u16>, FormatError> {
        let mut cells = Vec::new();
        read_cells(&token(text), symbols, count, || "row 1".into(), &mut cells).map(|()| cells)
    }

    #[test]
    fn cells_read_in_either_case_with_every_empty_mark() {
        assert_eq!(read("1.0", DIGITS, 3).unwrap(), [1, 0, 0]);
        assert_eq!(read("aP-", LETTERS, 3).unwrap(), [1, 16, 0]);
    }

    #[test]
    fn errors_point_at_the_character() {
        let err = read("12x", DIGITS, 3).unwrap_err();
        assert_eq!((err.line, err.column), (4, 5));
        assert_eq!(
            err.message,
            "unexpected character `x` in row 1 (expected a digit 1-9, or `0` or `.` for an \
             empty cell)"
        );
        let err = read("ABQ", LETTERS, 3).unwrap_err();
        assert_eq!(err.column, 5);
        assert!(
            err.message.contains("a letter A-P, or `-`"),
            "{}",
            err.message
        );
        let err = read("\u{e9}", LETTERS, 1).unwrap_err();
        assert_eq!(err.column, 3);
    }

    #[test]
    fn short_and_long_rows_are_errors_where_they_go_wrong() {
        let err = read("12", DIGITS, 3).unwrap_err();
        assert_eq!(
            (err.column, err.message.as_str()),
            (5, "expected 3 cells in row 1, found 2")
        );
        let err = read("1234", DIGITS, 3).unwrap_err();
        assert_eq!(
            (err.column, err.message.as_str()),
            (6, "expected 3 cells in row 1, found 4")
        );
    }

    #[test]
    fn grids_print_in_rows() {
        let mut out = Vec::new();
        write_grid(&mut out, LETTERS, &[1, 2, 16, 3], 2).unwrap();
        assert_eq!(out, b"AB\nPC\n");
        let mut out = Vec::new();
        write_solution(&mut out, DIGITS, 9, &Reply::NoSolution).unwrap();
        assert_eq!(out, b"no solution\n");
    }
}
