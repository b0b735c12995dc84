//! POJ 3074 "Sudoku" (also Bailian 2984, AcWing 166).
//!
//! Input: one puzzle per line, 81 cells row by row, `1`-`9` or `.` for an empty cell (`0` is
//! accepted too), until a line `end`. Puzzles are read as whitespace-separated tokens, so
//! blank lines, CRLF line endings and trailing blanks do not matter; the input may also end
//! without `end`, and anything after `end` is ignored.
//!
//! Output: each solution on one line of 81 digits. The judge promises exactly one solution per
//! puzzle and defines no output for a puzzle without: `no solution` is printed on its line.

use std::io::{self, BufRead, Write};

use crate::sudoku::format::FormatError;
use crate::sudoku::Shape;

use super::case::{Case, Reply};
use super::cases::{Cases, NextCase, Parse};
use super::grid::{self, Symbols};
use super::tokens::Tokens;

/// Digits, `.` (or `0`) for an empty cell.
const SYMBOLS: Symbols = Symbols {
    size: 9,
    letters: false,
    empty: &['.', '0'],
};

/// The token that ends the input.
const END: &str = "end";

/// Reads one line per case until `end`.
struct Parser {
    ended: bool,
    shape: Shape,
}

impl Parse for Parser {
    fn next_case<R: BufRead>(&mut self, tokens: &mut Tokens<R>, number: usize) -> NextCase {
        if self.ended {
            return Ok(None);
        }
        let Some(token) = tokens.next_token()? else {
            return Ok(None);
        };
        if token.text == END {
            self.ended = true;
            return Ok(None);
        }
        let mut cells = Vec::with_capacity(81);
        grid::read_cells(
            &token,
            SYMBOLS,
            81,
            || format!("case {number} (or `{END}`)"),
            &mut cells,
        )?;
        Ok(Some(Case {
            number,
            line: token.line,
            shape: self.shape.clone(),
            cells,
        }))
    }
}

/// The cases of a POJ 3074 input, read as they are needed; reading stops at the first error.
pub fn cases<R: BufRead>(input: R) -> impl Iterator<Item = Result<Case, FormatError>> {
    let shape = Shape::standard(9).expect("9x9 has 3x3 boxes");
    Cases::new(
        input,
        Parser {
            ended: false,
            shape,
        },
    )
}

/// Writes the reply to case `number` (from 1): the solution as one line of 81 digits.
pub fn write_reply<W: Write + ?Sized>(
    out: &mut W,
    _number: usize,
    reply: &Reply,
) -> io::Result<()> {
    grid::write_solution(out, SYMBOLS, 81, reply)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::judge::cases::testing::assert_errors;
    use crate::sudoku::judge::Problem;

    const FIRST: &str =
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
    const SECOND: &str =
        "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.";

    fn read(input: &str) -> Vec<Result<Case, FormatError>> {
        cases(input.as_bytes()).collect()
    }

    #[test]
    fn reads_until_end_and_ignores_the_rest() {
        let cases = read(&format!("{FIRST}\n{SECOND}\nend\n{FIRST}\n"));
        assert_eq!(cases.len(), 2);
        let second = cases[1].as_ref().unwrap();
        assert_eq!((second.number, second.line), (2, 2));
        assert_eq!(&second.cells[..8], &[0, 0, 0, 0, 0, 0, 5, 2]);
        assert_eq!(read("end\ngarbage").len(), 0);
    }

    #[test]
    fn tolerates_crlf_blanks_zeros_and_a_missing_end() {
        let cases = read(&format!(
            "{FIRST}  \r\n{}\t\r\n\r\nend\r\n",
            SECOND.replace('.', "0")
        ));
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[1].as_ref().unwrap().cells[6], 5);
        assert_eq!(read(FIRST).len(), 1);
        assert!(read("").is_empty());
    }

    #[test]
    fn errors_name_line_column_and_what_was_expected() {
        assert_errors(
            Problem::Poj3074,
            &[
                (
                    format!("{FIRST}\n{}\nend\n", &SECOND[..80]),
                    FormatError::new(2, 81, "expected 81 cells in case 2 (or `end`), found 80"),
                ),
                ("END\n".to_string(), FormatError::new(1, 1, "unexpected character `E` in case 1 (or `end`) (expected a digit 1-9, or `.` or `0` for an empty cell)")),
                (
                    format!("  {}x{}\n", &FIRST[..40], &FIRST[41..]),
                    FormatError::new(1, 43, "unexpected character `x` in case 1 (or `end`) (expected a digit 1-9, or `.` or `0` for an empty cell)"),
                ),
            ],
        );
    }
}
