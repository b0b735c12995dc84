//! HDU 4069 "Squiggly Sudoku": a jigsaw Sudoku whose regions are drawn by walls.
//!
//! Input: the number of cases `T`, then `T` cases of 81 whitespace-separated numbers (9 rows of
//! 9 in the judge's data, cases separated by blank lines; any layout of the numbers is
//! accepted). Each number is a digit (its low 4 bits, `0` empty) plus wall flags: 16 above, 32
//! right, 64 below, 128 left. The regions are what the walls cut the grid into
//! ([`regions_from_walls`]); they must be 9 regions of 9 cells. Anything after the `T`-th case
//! is ignored.
//!
//! Output: for case `k`, a line `Case k:`, then the unique solution as 9 rows of 9 digits, or
//! `No solution`, or `Multiple Solutions`. No blank lines.

use dlx_core::quote::quote;
use std::io::{self, BufRead, Write};

use crate::plural::plural;
use crate::sudoku::format::{regions_from_walls, FormatError, WallError};
use crate::sudoku::Shape;

use super::case::{Case, Reply};
use super::cases::{Cases, Count, NextCase, Parse};
use super::grid::{self, Symbols};
use super::tokens::{Token, Tokens};

/// Digits, for the solutions.
const SYMBOLS: Symbols = Symbols {
    size: 9,
    letters: false,
    empty: &['0'],
};

/// The side of the grid.
const N: usize = 9;

/// What a cell may hold, for messages.
const CELL: &str = "a number from 0 to 255 (a digit 0-9 plus walls 16, 32, 64, 128)";

/// Reads one cell's number: at most 255, with a digit part of at most 9.
fn read_value(token: &Token, what: impl Fn() -> String) -> Result<u32, FormatError> {
    let fail = |message: String| Err(FormatError::new(token.line, token.column, message));
    let value = if token.text.len() <= 3 && token.text.bytes().all(|b| b.is_ascii_digit()) {
        token.text.parse::<u32>().ok().filter(|&v| v <= 255)
    } else {
        None
    };
    let Some(value) = value else {
        return fail(format!(
            "expected {CELL} for {}, found {}",
            what(),
            quote(&token.text)
        ));
    };
    if value & 15 > 9 {
        return fail(format!(
            "{value} for {} has the digit part {} (expected {CELL})",
            what(),
            value & 15
        ));
    }
    Ok(value)
}

/// Reads the count, then 81 numbers per case, and draws the regions.
struct Parser {
    count: Count,
}

impl Parse for Parser {
    fn next_case<R: BufRead>(&mut self, tokens: &mut Tokens<R>, number: usize) -> NextCase {
        if !self.count.holds(tokens, number)? {
            return Ok(None);
        }
        let mut values = Vec::with_capacity(N * N);
        let mut places = Vec::with_capacity(N * N);
        for cell in 0..N * N {
            let what = || {
                format!(
                    "row {}, column {} of case {number}",
                    cell / N + 1,
                    cell % N + 1
                )
            };
            let token = tokens.expect(|| format!("{CELL} for {}", what()))?;
            values.push(read_value(&token, what)?);
            places.push((token.line, token.column));
        }
        let (line, column) = places[0];
        let (cells, regions) = regions_from_walls(&values).map_err(|e| match e {
            WallError::RegionSize {
                row,
                column: col,
                cells,
                ..
            } => {
                let cell = (row.max(1) - 1) * N + col.max(1) - 1;
                let (line, column) = places.get(cell).copied().unwrap_or(places[0]);
                FormatError::new(
                    line,
                    column,
                    format!(
                        "the walls of case {number} make a region of {} here \
                         (expected 9 regions of 9 cells)",
                        plural(cells, "cell")
                    ),
                )
            }
            WallError::RegionCount { found, .. } => FormatError::new(
                line,
                column,
                format!(
                    "the walls of case {number} make {} (expected 9 regions of 9 cells)",
                    plural(found, "region")
                ),
            ),
            other => FormatError::new(line, column, format!("case {number}: {other}")),
        })?;
        let shape = Shape::jigsaw(N, &regions)
            .map_err(|e| FormatError::new(line, column, format!("case {number}: {e}")))?;
        Ok(Some(Case {
            number,
            line,
            shape,
            cells,
        }))
    }
}

/// The cases of an HDU 4069 input, read as they are needed; reading stops at the first error.
pub fn cases<R: BufRead>(input: R) -> impl Iterator<Item = Result<Case, FormatError>> {
    Cases::new(
        input,
        Parser {
            count: Count::default(),
        },
    )
}

/// Writes the reply to case `number` (from 1): `Case k:`, then the solution as 9 rows of 9
/// digits, or `No solution`, or `Multiple Solutions`.
pub fn write_reply<W: Write + ?Sized>(out: &mut W, number: usize, reply: &Reply) -> io::Result<()> {
    writeln!(out, "Case {number}:")?;
    match reply {
        Reply::Solution(cells) => grid::write_grid(out, SYMBOLS, cells, N),
        Reply::NoSolution => writeln!(out, "No solution"),
        Reply::Multiple => writeln!(out, "Multiple Solutions"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::format::walls_from_regions;
    use crate::sudoku::judge::cases::testing;
    use crate::sudoku::judge::Problem;

    /// The first case of the judge's sample input, a line per row.
    fn sample() -> String {
        include_str!("../../../tests/data/formats/hdu4069_sample.in")
            .lines()
            .skip(1)
            .take(9)
            .map(|row| format!("{row}\n"))
            .collect()
    }

    fn read(input: &str) -> Vec<Result<Case, FormatError>> {
        cases(input.as_bytes()).collect()
    }

    fn error(input: &str) -> FormatError {
        testing::error(Problem::Hdu4069, input)
    }

    #[test]
    fn walls_become_jigsaw_regions() {
        let sample = sample();
        let cases = read(&format!("2\n{sample}\n{}", sample.replace('\n', " \r\n")));
        assert_eq!(cases.len(), 2);
        let case = cases[1].as_ref().unwrap();
        assert_eq!((case.number, case.line), (2, 12));
        assert_eq!(case.shape.box_size(), None);
        assert_eq!(&case.cells[..9], &[0, 2, 0, 0, 0, 9, 6, 0, 0]);
        assert_eq!(case.shape.region_of(8), 2);
        assert_eq!(case.shape.region_of(9), 0);
        // Numbers laid out any way.
        let flat = sample.split_whitespace().collect::<Vec<_>>().join(" ");
        let spread = read(&format!("1 {flat}")).remove(0).unwrap();
        let first = cases[0].as_ref().unwrap();
        assert_eq!((&spread.shape, &spread.cells), (&first.shape, &first.cells));
    }

    #[test]
    fn bad_numbers_are_errors_at_the_number() {
        let sample = sample();
        let err = error(&format!("1\n{}", sample.replacen("18", "x8", 1)));
        assert_eq!((err.line, err.column), (2, 5));
        assert_eq!(
            err.message,
            "expected a number from 0 to 255 (a digit 0-9 plus walls 16, 32, 64, 128) for row 1, \
             column 2 of case 1, found `x8`"
        );
        let err = error(&format!("1\n{}", sample.replacen("112", "256", 1)));
        assert_eq!((err.line, err.column), (2, 8));
        let err = error(&format!("1\n{}", sample.replacen("25", "26", 1)));
        assert_eq!((err.line, err.column), (2, 19));
        assert!(err
            .message
            .starts_with("26 for row 1, column 6 of case 1 has the digit part 10"));
        let err = error(&format!("1\n{}", &sample[..sample.len() - 4]));
        assert_eq!((err.line, err.column), (10, 28));
        assert_eq!(
            err.message,
            "expected a number from 0 to 255 (a digit 0-9 plus walls 16, 32, 64, 128) for row 9, \
             column 9 of case 1, found the end of the input"
        );
    }

    /// The sample case with its regions replaced by `layout` (81 region symbols).
    fn with_layout(layout: &str) -> String {
        let values: Vec<u32> = sample()
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        let cells: Vec<u16> = values.iter().map(|v| (v & 15) as u16).collect();
        let regions: Vec<u16> = layout.bytes().map(u16::from).collect();
        let walls = walls_from_regions(&cells, &regions).unwrap();
        let rows: Vec<String> = walls
            .chunks(9)
            .map(|row| row.iter().map(u32::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        format!("1\n{}\n", rows.join("\n"))
    }

    #[test]
    fn walls_that_do_not_make_nine_regions_of_nine_are_errors() {
        // Boxes, but the last two split in two: 10 regions.
        let ten =
            "111222333111222333111222333444555666444555666444555666777888999777888999777888990";
        let err = error(&with_layout(ten));
        assert_eq!((err.line, err.column), (2, 1));
        assert_eq!(
            err.message,
            "the walls of case 1 make 10 regions (expected 9 regions of 9 cells)"
        );
        // Box 2 takes a cell of box 3.
        let uneven =
            "111222233111222333111222333444555666444555666444555666777888999777888999777888999";
        let text = with_layout(uneven);
        let err = error(&text);
        // The region's first cell: row 1, column 4.
        let fourth: usize = text
            .lines()
            .nth(1)
            .unwrap()
            .split(' ')
            .take(3)
            .map(|t| t.len() + 1)
            .sum();
        assert_eq!((err.line, err.column), (2, 1 + fourth));
        assert_eq!(
            err.message,
            "the walls of case 1 make a region of 10 cells here (expected 9 regions of 9 cells)"
        );
        // A wall on one side only still separates: the case is read, with boxes.
        let boxes =
            "111222333111222333111222333444555666444555666444555666777888999777888999777888999";
        let text = with_layout(boxes);
        let case = read(&text).remove(0).unwrap();
        assert_eq!(case.shape.region_of(3), 1);
    }

    #[test]
    fn replies_carry_the_case_number() {
        let mut out = Vec::new();
        write_reply(&mut out, 1, &Reply::NoSolution).unwrap();
        write_reply(&mut out, 2, &Reply::Multiple).unwrap();
        write_reply(&mut out, 10, &Reply::Solution(vec![7; 81])).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!(
                "Case 1:\nNo solution\nCase 2:\nMultiple Solutions\nCase 10:\n{}",
                "777777777\n".repeat(9)
            )
        );
    }
}
