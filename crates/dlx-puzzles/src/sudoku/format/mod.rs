//! Text formats of Sudoku puzzles and their answers: reading ([`Reader`], [`read_layout`],
//! [`regions_from_walls`], [`read_answer`]) and writing ([`write_answer`], [`write_puzzle`]).
//!
//! An input may mix the formats below freely; each puzzle remembers its [`Layout`] so that its
//! answer is printed the same way. Blank lines and lines starting with `#` (comments) are
//! skipped between puzzles. A first line holding only a number, followed by lines of another
//! length, is a count of puzzles (as judge inputs start) and is skipped too. Lines may end in
//! LF or CRLF, the last one may lack its line ending, trailing blanks are ignored, and a UTF-8
//! byte-order mark is skipped.
//!
//! # Cells and alphabets
//!
//! Empty cells are `.` `-` `_` `*`, and `0` except in the zero-based alphabet. Values:
//!
//! | alphabet | values 1, 2, ... | sides |
//! |---|---|---|
//! | one-based | `1`-`9`, then `A`, `B`, ... (`A` = 10) | up to 35 |
//! | zero-based | `0`-`9`, then `A`, ... (`0` = 1, `A` = 11; empties must not be `0`) | up to 36 |
//! | letters | `A`, `B`, ... (`A` = 1), as in the 16x16 judge problems | up to 26 |
//! | numbers | decimal numbers separated by blanks (`0` empty) | any |
//!
//! Letters may be in either case and are written in capitals. Unless
//! [`ReadOptions::alphabet`] fixes it, the alphabet of each puzzle is guessed from the
//! characters it uses: the alphabets that can read every cell with a value `1..=n` are kept;
//! if several remain, the unlikely readings are dropped (zero-based for sides up to 9; one- or
//! zero-based when letters appear without any digit; one-based when `0` is mixed with another
//! empty mark). If two readings still remain, the alphabet of the last puzzle of the same side
//! in the input decides; without one, the puzzle is an error that names both readings and asks
//! for `--alphabet`. A grid with no values at all takes that remembered alphabet, else
//! one-based. So for 16x16: `G` makes it one-based, `0` next to `.` zero-based, letters alone
//! letters, and digits with `A`-`F` but no `0` and no `G` is ambiguous.
//!
//! # Line format
//!
//! One puzzle per line: `n * n` cells, row by row, `n` from 1 to 36 (from the cell count, or
//! [`ReadOptions::size`]). The line is split into fields at tabs if it has any (tables whose
//! names hold blanks), else at blanks:
//!
//! - a field holding a number `N` followed by a field of exactly `N * N` cells gives the side
//!   (`N GIVENS REGIONS SOLUTION ID`, or a size column in a tab-separated table);
//! - otherwise the grid is the first field starting with a square number of cell characters
//!   that is either followed by a non-cell character (`GRID#comment`: a trailer glued after
//!   exactly `n * n` cells) or ends the field; grids of fewer than 16 cells only when they
//!   are the only field. Shorter fields before it (ids, hashes: `HASH GRID RATING`) and fields
//!   with other characters (names) are skipped; a field of 16 or more cell characters that is
//!   not a grid is reported as a grid with the wrong number of cells;
//! - the field right after the grid is its jigsaw region layout when it has `n * n` letters and
//!   digits and either some row repeats a symbol or the symbols make `n` connected regions of
//!   `n` cells (a solution grid does neither, so `GRID SOLUTION ID` is read as a grid with a
//!   trailer); anything else after the grid is ignored (ratings, ids, comments, `nsol=1`);
//! - the next line is the layout instead when it is a single field of `n * n` symbols making
//!   `n` orthogonally connected regions of `n` cells.
//!
//! A line of `n * n` blank-separated numbers is a puzzle in the numbers alphabet (its layout,
//! if any, on the next line as `n * n` numbers).
//!
//! # Block format
//!
//! `n` lines of `n` cells. Rows may separate cells with blanks and boxes with `|`, and rule
//! lines (`------+-------+------`, `+-------+`, `=====`, or a line of dashes in a spaced block)
//! may stand between bands and around the grid; such a block is *decorated*, and its answer is
//! drawn the same way (cells spaced, `|` between boxes, `-` and `+` rules). When `|` and rules
//! divide the grid evenly into r x c boxes, the puzzle's [`ShapeHint::boxes`] is `(r, c)`.
//! Rows of blank-separated numbers (some number with two digits, or no empty mark but `0`)
//! make a block in the numbers alphabet, for any side. Puzzles are separated by blank lines
//! (or follow each other directly). A jigsaw layout may follow its puzzle directly or after
//! one or two blank lines: `n` rows of `n` region symbols (or numbers) making `n` orthogonally connected
//! regions of `n` cells. A numbers block whose values carry the wall bits of HDU 4069 (at least
//! `n` values above `n`, all of the form digit + 16/32/64/128) is decoded with
//! [`regions_from_walls`].
//!
//! The frame around a decorated block is kept ([`Frame`]) and drawn again around its answer:
//! `+-------+-------+` lines with `|` at both ends of each row; Simple Sudoku's
//! `*-----------*` above and below unspaced rows `|53.|.7.|...|` with `|---+---+---|` between
//! bands; the forum's `.-------.-------.`, `:-------+-------:` and `'-------'-------'`; Unicode
//! box drawing in light (`┌─┬─┐ │ ├─┼─┤ └─┴─┘`) or double lines (`╔═╦═╗ ║ ╠═╬═╣ ╚═╩═╝`; a grid
//! with any double line is drawn in double lines), read as their ASCII kin, one for one, so
//! that columns stay right. A spaced block without bars or rules is drawn spaced, without them
//! ([`Frame::Spaced`]). A block may be written as bands separated by single blank lines, the
//! rows of its usual boxes each (three bands of three rows for 9x9: [`Frame::Bands`]), when
//! every band is whole and a blank line or the end follows the last; a block short of rows is
//! still an error.
//!
//! A line of `n` characters (or numbers) is the first row of a block when `n` rows follow
//! (most of them `n` wide, so that a wrong row is reported in its block; or, for a block
//! missing rows, more than `n / 2` rows of width `n` standing alone). When `n` is 16 or a larger
//! square, the same lines could be line puzzles of side `sqrt(n)`: a line that cannot be one (a
//! value above `sqrt(n)`) makes a block; otherwise the previous puzzle's kind decides, and for
//! the first puzzle, exactly `n` such lines standing alone make a block and more make line
//! puzzles. [`ReadOptions::size`] settles any doubt.
//!
//! # JSON lines
//!
//! One object per line:
//! `{"size":9,"boxes":[3,3],"regions":"111222333...","extra":[[0,10,20,30,40,50,60,70,80]],"givens":"4.....8.5..."}`
//!
//! - `givens` (required): a string of `n * n` cells in the one-based alphabet (the alphabet
//!   is never guessed nor set by [`ReadOptions::alphabet`] in JSON; `.` or another empty mark
//!   for empty), or an array of `n * n` numbers (`0` empty), needed for sides above 35;
//! - `size` (optional): the side, checked against the cell count;
//! - `boxes` (optional): `[rows, columns]` of a box, with `rows * columns = size`;
//! - `regions` (optional): the jigsaw layout, a string of `n * n` region symbols (letters or
//!   digits, equal symbol = same region) or an array of `n * n` numbers (any labels); written
//!   with symbols `1`-`9`, `A`-`Z` numbered by first appearance (arrays of `1..=n` above 35);
//! - `extra` (optional): extra regions that also need every value once, each an array of cell
//!   indices `0..n*n` (row-major);
//! - the answer fields `solution`, `count`, `capped`, `verdict` are accepted and ignored, so
//!   that an answer can be read again as a puzzle; any other field is an error.
//!
//! Answers are the puzzle's object (rewritten in this canonical form) plus
//! `"solution":"..."` (same encoding as `givens`); or `"solution":null,"verdict":"none"`;
//! or `"count":N,"capped":false` (`capped`: the count stopped at a limit, so there may be
//! more); or `"verdict":"unique"` / `"multiple"` / `"none"`.
//!
//! # Answers
//!
//! See [`write_answer`]: a solution is drawn in the puzzle's layout; `no solution`; a count
//! `N`, or `N+` when it stopped at a limit; a verdict `unique`, `multiple` or `none`. Between
//! the outputs of two puzzles print [`separator`] (a blank line around blocks).
//!
//! # Errors
//!
//! Every error is a [`FormatError`] with the 1-based line and column (in characters) where the
//! puzzle goes wrong and what was expected there, for example:
//!
//! ```text
//! line 3, column 81: expected 81 cells, found 80
//! line 7, column 4: unexpected character `x` (expected a digit 1-9 or an empty-cell mark . 0 - _ *)
//! line 2, column 1: the cells read in more than one alphabet (one-based 1-9 A-G, zero-based 0-9 A-F); choose one with --alphabet
//! ```
//!
//! A malformed puzzle is one error; reading goes on with the next puzzle. Reading never
//! panics, whatever the input.

mod alphabet;
mod answer;
mod block;
mod error;
pub mod guess;
#[cfg(feature = "json")]
mod json;
#[cfg(not(feature = "json"))]
mod json {
    //! Without the `json` feature, JSON lines are recognised but not read.

    use super::{FormatError, ReadOptions};
    use crate::sudoku::{Answer, Puzzle};

    /// The error in place of a JSON line's puzzle or answer.
    fn unsupported(line: usize) -> FormatError {
        FormatError::new(
            line,
            1,
            "JSON lines are read only with the `json` feature of dlx-puzzles",
        )
    }

    pub(crate) fn read(_: &str, line: usize, _: &ReadOptions) -> Result<Puzzle, FormatError> {
        Err(unsupported(line))
    }

    pub(crate) fn read_answer(_: &str, line: usize, _: &Puzzle) -> Result<Answer, FormatError> {
        Err(unsupported(line))
    }
}
mod json_write;
mod layout;
mod line;
mod memory;
mod reader;
mod row;
pub(crate) mod source;
mod walls;
mod write;

pub use alphabet::{alphabet_name, parse_alphabet};
pub use answer::read_answer;
pub use error::FormatError;
pub use guess::Guess;
pub use layout::{read_cell_sets, read_layout};
pub use reader::Reader;
pub use source::MAX_LINE_BYTES;
pub use walls::{
    regions_from_walls, walls_from_regions, WallError, WALL_BOTTOM, WALL_LEFT, WALL_RIGHT, WALL_TOP,
};
pub use write::{separator, write_answer, write_puzzle, NO_SOLUTION};

use crate::sudoku::Alphabet;
#[cfg(doc)]
use crate::sudoku::{Frame, Layout, ShapeHint};

/// Choices that override what the reader would infer from the text.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// The grid side `n` (else taken from each puzzle's cell count).
    pub size: Option<usize>,
    /// The alphabet of values (else guessed per puzzle from its characters).
    pub alphabet: Option<Alphabet>,
}

/// The largest side of any grid (values are `u16`).
pub(crate) const MAX_SIDE: usize = u16::MAX as usize;

/// The largest side written with one character per cell.
pub(crate) const MAX_CHAR_SIDE: usize = 36;

/// Symbols for region labels `1..`: `1`-`9`, `A`-`Z`, `a`-`z` (index 0 unused).
pub(crate) const REGION_SYMBOLS: &[u8] =
    b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The `n` with `n * n = m`, if there is one.
pub(crate) fn exact_root(m: usize) -> Option<usize> {
    let guess = (m as f64).sqrt() as usize;
    (guess.saturating_sub(1)..=guess + 1).find(|&r| r.checked_mul(r) == Some(m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roots() {
        assert_eq!(exact_root(81), Some(9));
        assert_eq!(exact_root(80), None);
        assert_eq!(exact_root(1), Some(1));
        assert_eq!(exact_root(0), Some(0));
        assert_eq!(exact_root(65535 * 65535), Some(65535));
    }
}
