//! Domino tilings of a rectangle as exact cover.
//!
//! Every cell of an `m`×`n` board is a primary item, named by its row and column in base 36
//! (`rc`, each padded to the width the largest needs, as the polyomino boards are); each
//! placement of a domino, across two neighbouring cells, is an option. The solutions are the
//! tilings: 12,988,816 of the 8×8 board.
//!
//! ```
//! use dlx_core::{Engine, Search};
//! use dlx_puzzles::domino::Domino;
//!
//! let domino = Domino::new(2, 3).unwrap();
//! let mut search = Search::new(domino.problem());
//! let first = search.solutions().next().unwrap();
//! assert_eq!(domino.decode(&first).unwrap().to_string(), "<>^\n<>v\n");
//! search.count();
//! assert_eq!(search.stats().solutions, 3);
//! ```

use std::fmt;

use dlx_core::{BuildError, Entry, Problem, ProblemBuilder};
use thiserror::Error;

use crate::base36;
use crate::DecodeError;

/// The most cells [`Domino::new`] accepts.
pub const MAX_CELLS: usize = 1 << 20;

/// Why a domino problem cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DominoError {
    /// The board has no cells.
    #[error("the board must have at least one row and one column")]
    Empty,
    /// The board has more than [`MAX_CELLS`] cells.
    #[error("a board of {rows}x{columns} is too large (at most {MAX_CELLS} cells)")]
    TooLarge {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        columns: usize,
    },
    /// The engine refused the problem.
    #[error(transparent)]
    Build(#[from] BuildError),
}

/// The domino tilings of an `m`×`n` board, built once and ready to search.
#[derive(Clone, Debug)]
pub struct Domino {
    rows: usize,
    columns: usize,
    problem: Problem,
    /// The first cell (row, column) of each option, and whether it is vertical.
    placements: Vec<(usize, usize, bool)>,
}

impl Domino {
    /// The board of `rows`×`columns` cells. Its options are the horizontal placements row by
    /// row, then the vertical ones row by row.
    pub fn new(rows: usize, columns: usize) -> Result<Domino, DominoError> {
        if rows == 0 || columns == 0 {
            return Err(DominoError::Empty);
        }
        match rows.checked_mul(columns) {
            Some(cells) if cells <= MAX_CELLS => {}
            _ => return Err(DominoError::TooLarge { rows, columns }),
        }
        let mut builder = ProblemBuilder::new();
        let (row_width, column_width) = (base36::width(rows - 1), base36::width(columns - 1));
        for r in 0..rows {
            for c in 0..columns {
                let mut name = base36::name("", r, row_width);
                base36::push(&mut name, c, column_width);
                builder.primary(name)?;
            }
        }
        let cell = |r: usize, c: usize| Entry::plain(r * columns + c);
        let mut placements = Vec::new();
        for r in 0..rows {
            for c in 0..columns.saturating_sub(1) {
                builder.option([cell(r, c), cell(r, c + 1)])?;
                placements.push((r, c, false));
            }
        }
        for r in 0..rows.saturating_sub(1) {
            for c in 0..columns {
                builder.option([cell(r, c), cell(r + 1, c)])?;
                placements.push((r, c, true));
            }
        }
        Ok(Domino {
            rows,
            columns,
            problem: builder.build()?,
            placements,
        })
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// Reads a solution (option numbers, as a [`dlx_core::Search`] gives them) as a tiling.
    pub fn decode(&self, options: &[usize]) -> Result<Tiling, DecodeError> {
        let mut marks = vec![None; self.rows * self.columns];
        for &option in options {
            let &(r, c, vertical) = self
                .placements
                .get(option)
                .ok_or(DecodeError::UnknownOption(option))?;
            let (second, ends) = if vertical {
                ((r + 1, c), ['^', 'v'])
            } else {
                ((r, c + 1), ['<', '>'])
            };
            for ((r, c), mark) in [(r, c), second].into_iter().zip(ends) {
                if marks[r * self.columns + c].replace(mark).is_some() {
                    return Err(DecodeError::Twice(cell_words(r, c)));
                }
            }
        }
        let marks = marks
            .into_iter()
            .enumerate()
            .map(|(k, mark)| {
                mark.ok_or_else(|| {
                    DecodeError::Uncovered(cell_words(k / self.columns, k % self.columns))
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Tiling {
            columns: self.columns,
            marks,
        })
    }
}

crate::model::impl_model!(Domino);

/// A cell as messages name it.
fn cell_words(r: usize, c: usize) -> String {
    format!("the cell at row {r}, column {c}")
}

/// A tiling: each cell's half of its domino.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tiling {
    columns: usize,
    marks: Vec<char>,
}

/// The board, one line per row: `<>` a horizontal domino, `^` over `v` a vertical one.
impl fmt::Display for Tiling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.marks.chunks(self.columns) {
            writeln!(f, "{}", row.iter().collect::<String>())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_are_checked() {
        assert_eq!(Domino::new(0, 3).unwrap_err(), DominoError::Empty);
        assert!(matches!(
            Domino::new(usize::MAX, 2),
            Err(DominoError::TooLarge { .. })
        ));
        let one = Domino::new(1, 1).unwrap();
        assert_eq!(one.problem().option_count(), 0);
    }

    #[test]
    fn options_that_are_no_tiling_are_named() {
        let domino = Domino::new(2, 2).unwrap();
        // Options: 0 and 1 horizontal, 2 and 3 vertical.
        assert_eq!(domino.decode(&[0, 1]).unwrap().to_string(), "<>\n<>\n");
        assert_eq!(
            domino.decode(&[0, 2]).unwrap_err(),
            DecodeError::Twice("the cell at row 0, column 0".into())
        );
        assert_eq!(
            domino.decode(&[0]).unwrap_err(),
            DecodeError::Uncovered("the cell at row 1, column 0".into())
        );
        assert_eq!(
            domino.decode(&[9]).unwrap_err(),
            DecodeError::UnknownOption(9)
        );
        assert_eq!(domino.problem().item_name(3), "11");
    }
}
