//! SPOJ SUDOKU: the 16x16 grids of POJ 3076 after a count.
//!
//! Input: the number of cases `K`, then `K` grids of 16 rows of 16 cells `A`-`P` or `-` for an
//! empty cell, read as in [`poj3076`]; anything after the `K`-th grid is ignored.
//!
//! Output: each solution as 16 rows of 16 letters, solutions separated by one empty line. The
//! judge defines no output for a grid without solution: `no solution` is printed in its place.

use std::io::{self, BufRead, Write};

use crate::sudoku::format::FormatError;

use super::case::{Case, Reply};
use super::cases::{Cases, Grids};
use super::poj3076::{self, SYMBOLS};

/// The cases of a SPOJ SUDOKU input, read as they are needed; reading stops at the first error.
pub fn cases<R: BufRead>(input: R) -> impl Iterator<Item = Result<Case, FormatError>> {
    Cases::new(input, Grids::counted(poj3076::shape(), SYMBOLS))
}

/// Writes the reply to case `number` (from 1): an empty line before it unless it is the first,
/// then the solution as 16 rows of 16 letters.
pub fn write_reply<W: Write + ?Sized>(out: &mut W, number: usize, reply: &Reply) -> io::Result<()> {
    poj3076::write_reply(out, number, reply)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(text: &str) -> String {
        format!("{text}\n")
    }

    #[test]
    fn reads_the_count_then_grids() {
        let grid = row(&"-".repeat(16)).repeat(16);
        let cases: Vec<_> = cases(format!("2\r\n{grid}\n{grid}\n{grid}").as_bytes()).collect();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[1].as_ref().unwrap().line, 19);
    }

    #[test]
    fn errors_name_line_column_and_what_was_expected() {
        let grid = row(&"-".repeat(16)).repeat(16);
        let cases: Vec<_> = cases(format!("2\n{grid}").as_bytes()).collect();
        let err = cases[1].as_ref().unwrap_err();
        assert_eq!((err.line, err.column), (17, 17));
        assert_eq!(
            err.message,
            "expected case 2 of the 2 announced on line 1, found the end of the input"
        );
        let short = grid.replacen(&"-".repeat(16), &"-".repeat(15), 1);
        let err = super::cases(format!("1\n{short}").as_bytes())
            .next()
            .unwrap()
            .unwrap_err();
        assert_eq!((err.line, err.column), (2, 16));
        assert_eq!(
            err.message,
            "expected 16 cells in row 1 of case 1, found 15"
        );
    }
}
