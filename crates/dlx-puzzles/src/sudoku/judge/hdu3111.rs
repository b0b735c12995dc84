//! HDU 3111 "Sudoku".
//!
//! Input: the number of cases `T`, then `T` grids of 9 rows, each row 9 cells `1`-`9` or `?`
//! for an empty cell (`.` and `0` accepted), grids separated by a line `---`. Rows are read as
//! whitespace-separated tokens; the separators are optional, and any number of them (any run of
//! dashes) may stand before a grid or after the last one. Anything after the `T`-th grid is
//! ignored.
//!
//! Output: each solution as 9 rows of 9 digits, or the single word `impossible`, with a line
//! `---` between two replies (none after the last). The judge promises at most one solution.

use std::io::{self, BufRead, Write};

use crate::sudoku::format::FormatError;
use crate::sudoku::Shape;

use super::case::{Case, Reply};
use super::cases::{Cases, Grids};
use super::grid::{self, Symbols};

/// Digits, `?` (or `.`, `0`) for an empty cell.
const SYMBOLS: Symbols = Symbols {
    size: 9,
    letters: false,
    empty: &['?', '.', '0'],
};

/// The line between two cases, and between two replies.
const SEPARATOR: &str = "---";

/// What is printed for a case without solution.
const IMPOSSIBLE: &str = "impossible";

/// Whether a token is a case separator: dashes only.
fn is_separator(text: &str) -> bool {
    text.bytes().all(|b| b == b'-')
}

/// The cases of an HDU 3111 input, read as they are needed; reading stops at the first error.
pub fn cases<R: BufRead>(input: R) -> impl Iterator<Item = Result<Case, FormatError>> {
    let shape = Shape::standard(9).expect("9x9 has 3x3 boxes");
    Cases::new(input, Grids::counted(shape, SYMBOLS).skipping(is_separator))
}

/// Writes the reply to case `number` (from 1): a line `---` before it unless it is the first,
/// then the solution as 9 rows of 9 digits, or `impossible`.
pub fn write_reply<W: Write + ?Sized>(out: &mut W, number: usize, reply: &Reply) -> io::Result<()> {
    if number > 1 {
        writeln!(out, "{SEPARATOR}")?;
    }
    match reply {
        Reply::NoSolution => writeln!(out, "{IMPOSSIBLE}"),
        other => grid::write_solution(out, SYMBOLS, 9, other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::judge::cases::testing::assert_errors;
    use crate::sudoku::judge::Problem;

    const PUZZLE: &str = "1?3???5?9\n??21?94??\n???7?4???\n3??5?2??6\n?6?????5?\n\
                          7??8?3??4\n???4?1???\n??92?58??\n8?4???1?7\n";

    fn read(input: &str) -> Vec<Result<Case, FormatError>> {
        cases(input.as_bytes()).collect()
    }

    #[test]
    fn separators_are_optional_and_may_trail() {
        for input in [
            format!("2\n{PUZZLE}---\n{PUZZLE}"),
            format!("2\n{PUZZLE}{PUZZLE}---\n"),
            format!(
                "2\r\n---\r\n{}\r\n-----\r\n\r\n{PUZZLE}---",
                PUZZLE.replace('\n', "\r\n")
            ),
        ] {
            let cases = read(&input);
            assert_eq!(cases.len(), 2, "{input}");
            assert_eq!(&cases[1].as_ref().unwrap().cells[..3], &[1, 0, 3]);
        }
    }

    #[test]
    fn errors_name_line_column_and_what_was_expected() {
        let broken = PUZZLE.replacen("???7?4???", "???7?4---", 1);
        assert_errors(
            Problem::Hdu3111,
            &[
                (
                    format!("2\n{PUZZLE}---\n{}", &PUZZLE[..40]),
                    FormatError::new(
                        15,
                        10,
                        "expected row 5 of case 2 (9 cells), found the end of the input",
                    ),
                ),
                (format!("1\n{broken}"), FormatError::new(4, 7, "unexpected character `-` in row 3 of case 1 (expected a digit 1-9, or `?` or `.` or `0` for an empty cell)")),
            ],
        );
    }

    #[test]
    fn replies_are_separated_by_dashes() {
        let mut out = Vec::new();
        write_reply(&mut out, 1, &Reply::NoSolution).unwrap();
        write_reply(&mut out, 2, &Reply::Solution(vec![5; 81])).unwrap();
        write_reply(&mut out, 3, &Reply::NoSolution).unwrap();
        let grid = "555555555\n".repeat(9);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("impossible\n---\n{grid}---\nimpossible\n")
        );
    }
}
