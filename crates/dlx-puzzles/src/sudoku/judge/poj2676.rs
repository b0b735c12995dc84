//! POJ 2676 "Sudoku" (also OpenJudge/Bailian 2982).
//!
//! Input: the number of cases `T`, then `T` grids of 9 rows, each row 9 digits with `0` for an
//! empty cell (`.` is accepted too). Rows are read as whitespace-separated tokens, so blank
//! lines, CRLF line endings and trailing blanks do not matter; anything after the `T`-th grid is
//! ignored.
//!
//! Output: each solution as 9 rows of 9 digits, with nothing between cases. The judge accepts
//! any solution of a puzzle with several. It defines no output for a puzzle without solution:
//! `no solution` is printed on one line in place of the grid.

use std::io::{self, BufRead, Write};

use crate::sudoku::format::FormatError;
use crate::sudoku::Shape;

use super::case::{Case, Reply};
use super::cases::{Cases, Grids};
use super::grid::{self, Symbols};

/// Digits, `0` (or `.`) for an empty cell.
const SYMBOLS: Symbols = Symbols {
    size: 9,
    letters: false,
    empty: &['0', '.'],
};

/// The cases of a POJ 2676 input, read as they are needed; reading stops at the first error.
pub fn cases<R: BufRead>(input: R) -> impl Iterator<Item = Result<Case, FormatError>> {
    let shape = Shape::standard(9).expect("9x9 has 3x3 boxes");
    Cases::new(input, Grids::counted(shape, SYMBOLS))
}

/// Writes the reply to case `number` (from 1): the solved grid as 9 rows of 9 digits.
pub fn write_reply<W: Write + ?Sized>(
    out: &mut W,
    _number: usize,
    reply: &Reply,
) -> io::Result<()> {
    grid::write_solution(out, SYMBOLS, 9, reply)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::judge::cases::testing::assert_errors;
    use crate::sudoku::judge::Problem;

    const PUZZLE: &str = "103000509\n002109400\n000704000\n300502006\n060000050\n\
                          700803004\n000401000\n009205800\n804000107\n";

    fn read(input: &str) -> Vec<Result<Case, FormatError>> {
        cases(input.as_bytes()).collect()
    }

    #[test]
    fn reads_counted_grids() {
        let cases = read(&format!("2\n{PUZZLE}\n{PUZZLE}trailing junk"));
        assert_eq!(cases.len(), 2);
        let case = cases[1].as_ref().unwrap();
        assert_eq!((case.number, case.line), (2, 12));
        assert_eq!(&case.cells[..9], &[1, 0, 3, 0, 0, 0, 5, 0, 9]);
        assert_eq!(case.shape.box_size(), Some((3, 3)));
    }

    #[test]
    fn tolerates_crlf_blanks_dots_and_no_final_newline() {
        let crlf = format!(
            "1 \r\n\r\n{}",
            PUZZLE.replace('\n', "  \r\n").replace("103", "1.3")
        );
        let cases = read(crlf.trim_end());
        assert_eq!(cases.len(), 1);
        assert_eq!(cases[0].as_ref().unwrap().cells[1], 0);
    }

    #[test]
    fn errors_name_line_column_and_what_was_expected() {
        let short = PUZZLE.replacen("002109400", "00210940", 1);
        let wrong = PUZZLE.replacen("000704000", "0007x4000", 1);
        let end = "found the end of the input";
        assert_errors(
            Problem::Poj2676,
            &[
                (
                    format!("1\n{short}"),
                    FormatError::new(3, 9, "expected 9 cells in row 2 of case 1, found 8"),
                ),
                (format!("1\n{wrong}"), FormatError::new(4, 5, "unexpected character `x` in row 3 of case 1 (expected a digit 1-9, or `0` or `.` for an empty cell)")),
                (
                    format!("2\n{PUZZLE}{}", &PUZZLE[..30]),
                    FormatError::new(13, 10, format!("expected row 4 of case 2 (9 cells), {end}")),
                ),
            ],
        );
        let cases = read(&format!("3\n{PUZZLE}"));
        assert!(cases[0].is_ok());
        let err = cases[1].as_ref().unwrap_err();
        assert_eq!(
            err.message,
            format!("expected case 2 of the 3 announced on line 1, {end}")
        );
        assert_eq!(cases.len(), 2);
    }

    #[test]
    fn replies_are_grids() {
        let mut out = Vec::new();
        let solution: Vec<u16> = (0..81).map(|k| (k % 9 + 1) as u16).collect();
        write_reply(&mut out, 1, &Reply::Solution(solution)).unwrap();
        assert_eq!(out, "123456789\n".repeat(9).as_bytes());
    }
}
