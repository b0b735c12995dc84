//! Boards: the cells that the pieces must cover.

use super::picture::{self, PictureError, PictureErrorKind};
use super::shape::{self, Cell};
use super::PolyominoError;

/// The largest board: at most this many squares from its top left to its bottom right corner,
/// holes included (100×100, say).
pub const MAX_CELLS: usize = 10_000;

/// A set of cells to be covered, moved to the top left corner (its topmost row and leftmost
/// column are 0).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The cells in row-major order.
    cells: Vec<Cell>,
    rows: usize,
    cols: usize,
}

impl Board {
    /// A full rectangle of `rows` rows and `cols` columns.
    pub fn rectangle(rows: usize, cols: usize) -> Result<Board, PolyominoError> {
        if rows == 0 || cols == 0 {
            return Err(PolyominoError::EmptyBoard);
        }
        if rows.checked_mul(cols).map_or(true, |n| n > MAX_CELLS) {
            return Err(PolyominoError::BoardTooLarge);
        }
        let cells = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .collect();
        Ok(Board { cells, rows, cols })
    }

    /// Reads a board drawn with `#` for its cells and `.` or spaces for holes, one line per row;
    /// lines starting with `|` are comments.
    ///
    /// ```
    /// use dlx_puzzles::polyomino::Board;
    ///
    /// let board = Board::parse("| a ring\n###\n#.#\n###\n").unwrap();
    /// assert_eq!(board.cells().len(), 8);
    /// assert_eq!(board.to_string(), "###\n#.#\n###\n");
    /// let e = Board::parse("###\n#o#\n").unwrap_err();
    /// assert_eq!((e.line, e.column), (2, 2));
    /// ```
    pub fn parse(text: &str) -> Result<Board, PictureError> {
        let marks = picture::marks(text)?;
        if let Some(m) = marks.iter().find(|m| m.ch != '#') {
            return Err(PictureError {
                line: m.line,
                column: m.column,
                kind: PictureErrorKind::NotABoardMark(m.ch),
            });
        }
        let mut corners: Option<(Cell, Cell)> = None;
        for m in &marks {
            let ((top, left), (bottom, right)) =
                corners.unwrap_or(((m.row, m.col), (m.row, m.col)));
            let (top, left) = (top.min(m.row), left.min(m.col));
            let (bottom, right) = (bottom.max(m.row), right.max(m.col));
            if (bottom - top + 1).saturating_mul(right - left + 1) > MAX_CELLS {
                return Err(PictureError {
                    line: m.line,
                    column: m.column,
                    kind: PictureErrorKind::TooLarge(MAX_CELLS),
                });
            }
            corners = Some(((top, left), (bottom, right)));
        }
        if marks.is_empty() {
            return Err(picture::empty(text));
        }
        let cells: Vec<Cell> = marks.iter().map(|m| (m.row, m.col)).collect();
        Ok(Board::from_normalized(shape::normalized(&cells)))
    }

    fn from_normalized(cells: Vec<Cell>) -> Board {
        let rows = cells.iter().map(|c| c.0 + 1).max().unwrap_or(0);
        let cols = cells.iter().map(|c| c.1 + 1).max().unwrap_or(0);
        Board { cells, rows, cols }
    }

    /// The cells, in row-major order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The number of rows, from the topmost cell to the bottommost.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns, from the leftmost cell to the rightmost.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The position of `cell` in [`cells`](Self::cells), if it is on the board.
    pub fn index(&self, cell: Cell) -> Option<usize> {
        self.cells.binary_search(&cell).ok()
    }
}

/// The board as [`Board::parse`] reads it: `#` for cells, `.` for holes.
impl std::fmt::Display for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for r in 0..self.rows {
            let line: String = (0..self.cols)
                .map(|c| {
                    if self.index((r, c)).is_some() {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_rectangles_in_row_major_order() {
        let board = Board::rectangle(2, 3).unwrap();
        assert_eq!(
            board.cells(),
            [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]
        );
        assert_eq!((board.rows(), board.cols()), (2, 3));
        assert_eq!(board.index((1, 0)), Some(3));
        assert_eq!(board.index((2, 0)), None);
        assert_eq!(Board::rectangle(0, 3), Err(PolyominoError::EmptyBoard));
        assert_eq!(
            Board::rectangle(101, 100),
            Err(PolyominoError::BoardTooLarge)
        );
        assert_eq!(
            Board::rectangle(usize::MAX, 2),
            Err(PolyominoError::BoardTooLarge)
        );
    }

    #[test]
    fn reads_pictures_and_moves_them_to_the_corner() {
        let board = Board::parse("\n  ##\n  #.#\n").unwrap();
        assert_eq!(board.cells(), [(0, 0), (0, 1), (1, 0), (1, 2)]);
        assert_eq!(board.to_string(), "##.\n#.#\n");
    }

    #[test]
    fn rejects_bad_pictures() {
        let e = Board::parse("##\n#x\n").unwrap_err();
        assert_eq!(
            (e.line, e.column, e.kind),
            (2, 2, PictureErrorKind::NotABoardMark('x'))
        );
        let e = Board::parse("| nothing\n...\n").unwrap_err();
        assert_eq!((e.line, e.column, e.kind), (3, 1, PictureErrorKind::Empty));
        let big = "#".repeat(MAX_CELLS + 1);
        let e = Board::parse(&big).unwrap_err();
        assert_eq!(
            (e.line, e.column, e.kind),
            (1, MAX_CELLS + 1, PictureErrorKind::TooLarge(MAX_CELLS))
        );
        // Two cells far apart make a board too large, holes included.
        let sparse = format!("#\n{}#\n", " ".repeat(MAX_CELLS));
        let e = Board::parse(&sparse).unwrap_err();
        assert_eq!((e.line, e.column), (2, MAX_CELLS + 1));
        assert!(Board::parse(&format!("#\n{}#\n", " ".repeat(MAX_CELLS / 2 - 1))).is_ok());
    }
}
