//! POJ 3076 "Sudoku" (16x16), the same problem as UVa 1309, LA 2659 and ZOJ 3122; AcWing 169
//! has the same input and differs only in its blank lines.
//!
//! Input: grids of 16 rows until the end of the input, each row 16 cells `A`-`P` (`A` = 1;
//! lower case accepted) or `-` for an empty cell (`.` accepted), with 4x4 boxes. Grids are
//! separated by an empty line in the judge's data; rows are read as whitespace-separated tokens,
//! so blank lines, CRLF line endings, trailing blanks and a missing final newline do not matter.
//!
//! Output: each solution as 16 rows of 16 letters, with an empty line *between* two solutions
//! ([`write_reply`]), or, for AcWing 169, *after each* solution ([`write_reply_after_each`]).
//! The judge promises a unique solution and defines no output for a grid without: `no solution`
//! is printed on one line in place of the grid.

use std::io::{self, BufRead, Write};

use crate::sudoku::format::FormatError;
use crate::sudoku::Shape;

use super::case::{Case, Reply};
use super::cases::{Cases, Grids};
use super::grid::{self, Symbols};

/// Letters `A`-`P`, `-` (or `.`) for an empty cell.
pub(crate) const SYMBOLS: Symbols = Symbols {
    size: 16,
    letters: true,
    empty: &['-', '.'],
};

/// The shape of every case: 16x16 with 4x4 boxes.
pub(crate) fn shape() -> Shape {
    Shape::standard(16).expect("16x16 has 4x4 boxes")
}

/// The cases of a POJ 3076 (or LA 2659, AcWing 169) input, read as they are needed; reading
/// stops at the first error.
pub fn cases<R: BufRead>(input: R) -> impl Iterator<Item = Result<Case, FormatError>> {
    Cases::new(input, Grids::until_end(shape(), SYMBOLS))
}

/// Writes the reply to case `number` (from 1): an empty line before it unless it is the first,
/// then the solution as 16 rows of 16 letters.
pub fn write_reply<W: Write + ?Sized>(out: &mut W, number: usize, reply: &Reply) -> io::Result<()> {
    if number > 1 {
        out.write_all(b"\n")?;
    }
    grid::write_solution(out, SYMBOLS, 16, reply)
}

/// Writes the reply to case `number` as AcWing 169 wants it: the solution as 16 rows of 16
/// letters, then an empty line.
pub fn write_reply_after_each<W: Write + ?Sized>(
    out: &mut W,
    _number: usize,
    reply: &Reply,
) -> io::Result<()> {
    grid::write_solution(out, SYMBOLS, 16, reply)?;
    out.write_all(b"\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "--A----C-----O-I\n-J--A-B-P-CGF-H-\n--D--F-I-E----P-\n-G-EL-H----M-J--\n\
                          ----E----C--G---\n-I--K-GA-B---E-J\nD-GP--J-F----A--\n-E---C-B--DP--O-\n\
                          E--F-M--D--L-K-A\n-C--------O-I-L-\nH-P-C--F-A--B---\n---G-OD---J----H\n\
                          K---J----H-A-P-L\n--B--P--E--K--A-\n-H--B--K--FI-C--\n--F---C--D--H-N-\n";

    fn read(input: &str) -> Vec<Result<Case, FormatError>> {
        cases(input.as_bytes()).collect()
    }

    #[test]
    fn reads_grids_until_the_end() {
        let cases = read(&format!(
            "{SAMPLE}\n{}",
            SAMPLE.to_lowercase().replace('-', ".")
        ));
        assert_eq!(cases.len(), 2);
        let (first, second) = (cases[0].as_ref().unwrap(), cases[1].as_ref().unwrap());
        assert_eq!((second.number, second.line), (2, 18));
        assert_eq!(first.cells, second.cells);
        assert_eq!(&first.cells[..4], &[0, 0, 1, 0]);
        assert_eq!(first.shape.box_size(), Some((4, 4)));
    }

    #[test]
    fn tolerates_crlf_trailing_blanks_and_no_final_newline() {
        let crlf = SAMPLE.replace('\n', " \r\n");
        let cases = read(&format!("{crlf}\r\n\r\n{}", crlf.trim_end()));
        assert_eq!(cases.len(), 2);
        assert!(cases.iter().all(Result::is_ok));
        assert!(read("\n\n").is_empty());
    }

    #[test]
    fn errors_name_line_column_and_what_was_expected() {
        let err = read(&SAMPLE.replacen("-J--A", "-J--Q", 1))
            .remove(0)
            .unwrap_err();
        assert_eq!((err.line, err.column), (2, 5));
        assert_eq!(
            err.message,
            "unexpected character `Q` in row 2 of case 1 (expected a letter A-P, or `-` or `.` \
             for an empty cell)"
        );
        let cases = read(&format!("{SAMPLE}\n{}", &SAMPLE[..17 * 15]));
        let err = cases[1].as_ref().unwrap_err();
        assert_eq!((err.line, err.column), (32, 17));
        assert_eq!(
            err.message,
            "expected row 16 of case 2 (16 cells), found the end of the input"
        );
    }

    #[test]
    fn blank_lines_between_or_after_each() {
        let reply = Reply::Solution(vec![1; 256]);
        let mut between = Vec::new();
        let mut after = Vec::new();
        for number in 1..=2 {
            write_reply(&mut between, number, &reply).unwrap();
            write_reply_after_each(&mut after, number, &reply).unwrap();
        }
        let grid = format!("{}\n", "A".repeat(16)).repeat(16);
        assert_eq!(
            String::from_utf8(between).unwrap(),
            format!("{grid}\n{grid}")
        );
        assert_eq!(
            String::from_utf8(after).unwrap(),
            format!("{grid}\n{grid}\n")
        );
    }
}
