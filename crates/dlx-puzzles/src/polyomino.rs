//! Polyomino packing as exact cover.
//!
//! Cover a board with a set of pieces, each used exactly once, in any rotation or reflection.
//! The items are the pieces (named by their letters), then the board's cells in row-major order,
//! each named by its row and its column in base 36 (`0a` is row 0, column 10), all primary. There
//! is one option per piece, orientation and position: the piece's name, then the cells it covers.
//!
//! Pieces come in the order given; a piece's orientations in increasing order of their cells
//! (each moved to the top left corner, in row-major order); for each orientation, its positions
//! from the top left of the board, row by row. These are the orders of Knuth's files, so the
//! problems built here search exactly the trees of `pento*.dlx` and `scott.dlx`.
//!
//! One piece may be *restricted* to break the board's symmetry: it keeps only the placements
//! that come first (in row-major order of their cells) among their images under the board's
//! rotations and reflections. Each solution then stands for its whole class of symmetric
//! solutions, so the count comes out "up to symmetry", provided no placement of that piece is
//! itself symmetric; [`Polyomino::new`] refuses a piece for which that fails. On a 6×10
//! rectangle, restricting `X` keeps its centre in the upper-left quadrant, as in Knuth's
//! `pento6x10-sym.dlx`; pieces without any symmetry (`F L N P Y`) suit every board.
//!
//! ```
//! use dlx_core::{Search, Status};
//! use dlx_puzzles::polyomino::{pentominoes, Board, Polyomino};
//!
//! let model = Polyomino::new(Board::rectangle(3, 20).unwrap(), pentominoes(), Some('F')).unwrap();
//! let mut search = Search::new(model.problem());
//! let first = search.solutions().next().unwrap();
//! assert_eq!(
//!     model.decode(&first).unwrap().to_string(),
//!     "VZYYYYWTFNNNIIIIIXUU\n\
//!      VZZZYWWTFFFNNLPPXXXU\n\
//!      VVVZWWTTTFLLLLPPPXUU\n"
//! );
//! assert_eq!(search.count(), Status::Exhausted);
//! assert_eq!(search.stats().solutions, 2);
//! ```

mod board;
mod picture;
mod pieces;
mod shape;

use std::collections::HashSet;
use std::fmt;
use std::iter;

use dlx_core::{BuildError, Entry, Problem, ProblemBuilder};
use thiserror::Error;

use crate::base36;
use crate::DecodeError;

pub use board::{Board, MAX_CELLS};
pub use picture::{PictureError, PictureErrorKind};
pub use pieces::{parse_pieces, pentominoes, tetrominoes, Piece};
pub use shape::Cell;

/// The largest number of option entries (piece and cells, over all options) a problem may have.
pub const MAX_ENTRIES: usize = 1 << 24;

/// Why a polyomino problem cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PolyominoError {
    /// The board has no cell.
    #[error("the board has no cells")]
    EmptyBoard,
    /// The board spans more than [`MAX_CELLS`] squares, holes included.
    #[error("the board is too large (at most {MAX_CELLS} squares)")]
    BoardTooLarge,
    /// A piece has no cell, spans more than [`MAX_CELLS`] squares, or has a name that cannot be
    /// an item name.
    #[error("`{0}` cannot be a piece (expected at least one cell, at most {MAX_CELLS} squares across, and a name other than a blank, `.`, `:` or `|`)")]
    BadPiece(char),
    /// There are no pieces.
    #[error("there are no pieces")]
    NoPieces,
    /// Two pieces have the same name.
    #[error("two pieces are called `{0}`")]
    DuplicatePiece(char),
    /// The piece to restrict is not among the pieces.
    #[error("there is no piece `{0}` to restrict")]
    UnknownPiece(char),
    /// Restricting this piece would not count every class of symmetric solutions once, because
    /// some of its placements are themselves symmetric.
    #[error(
        "restricting `{piece}` would count some solutions twice: some of its placements are symmetric on this board ({})",
        suggest(.instead)
    )]
    RestrictionNotExact {
        /// The piece asked for.
        piece: char,
        /// The pieces that would do.
        instead: Vec<char>,
    },
    /// The problem would have more than [`MAX_ENTRIES`] entries.
    #[error("the problem is too large (more than {MAX_ENTRIES} entries)")]
    TooLarge,
    /// The engine refused the problem.
    #[error(transparent)]
    Build(#[from] BuildError),
}

fn suggest(instead: &[char]) -> String {
    if instead.is_empty() {
        return "and so are those of every other piece".to_string();
    }
    let names: Vec<String> = instead.iter().map(char::to_string).collect();
    format!("restrict one of {} instead", names.join(" "))
}

/// Where one option puts one piece.
#[derive(Clone, Debug)]
struct Placement {
    piece: usize,
    /// Positions in the board's cells, increasing.
    cells: Vec<usize>,
}

/// A polyomino-packing problem, built once and ready to search.
#[derive(Clone, Debug)]
pub struct Polyomino {
    board: Board,
    pieces: Vec<Piece>,
    problem: Problem,
    placements: Vec<Placement>,
}

impl Polyomino {
    /// Builds the problem of covering `board` with `pieces`, restricting the piece named
    /// `restrict`, if any, to break the board's symmetry.
    pub fn new(
        board: Board,
        pieces: Vec<Piece>,
        restrict: Option<char>,
    ) -> Result<Polyomino, PolyominoError> {
        if pieces.is_empty() {
            return Err(PolyominoError::NoPieces);
        }
        let mut names = HashSet::new();
        if let Some(piece) = pieces.iter().find(|p| !names.insert(p.name())) {
            return Err(PolyominoError::DuplicatePiece(piece.name()));
        }
        let symmetries = match restrict {
            Some(_) => shape::symmetries(board.cells()),
            None => Vec::new(),
        };
        let restricted = match restrict {
            None => None,
            Some(name) => Some(restricted(&board, &pieces, &symmetries, name)?),
        };

        let mut builder = ProblemBuilder::new();
        for piece in &pieces {
            builder.primary(piece.name().to_string())?;
        }
        let row_width = base36::width(board.rows().saturating_sub(1));
        let col_width = base36::width(board.cols().saturating_sub(1));
        for &(r, c) in board.cells() {
            let mut name = base36::name("", r, row_width);
            base36::push(&mut name, c, col_width);
            builder.primary(name)?;
        }

        let mut placements = Vec::new();
        let mut entries = 0usize;
        for (k, piece) in pieces.iter().enumerate() {
            for orientation in piece.orientations() {
                for cells in positions(&board, &orientation) {
                    if restricted == Some(k) && !is_first(&cells, &symmetries) {
                        continue;
                    }
                    entries += cells.len() + 1;
                    if entries > MAX_ENTRIES {
                        return Err(PolyominoError::TooLarge);
                    }
                    let items = iter::once(k).chain(cells.iter().map(|&i| pieces.len() + i));
                    builder.option(items.map(Entry::plain))?;
                    placements.push(Placement { piece: k, cells });
                }
            }
        }
        Ok(Polyomino {
            problem: builder.build()?,
            board,
            pieces,
            placements,
        })
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The pieces, in the order of the items.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// Reads a solution (option numbers, as a [`dlx_core::Search`] gives them) as a tiling.
    pub fn decode(&self, options: &[usize]) -> Result<Tiling, DecodeError> {
        let cells = self.board.cells();
        let mut names = vec![None; cells.len()];
        let mut used = vec![false; self.pieces.len()];
        for &option in options {
            let placement = self
                .placements
                .get(option)
                .ok_or(DecodeError::UnknownOption(option))?;
            let name = self.pieces[placement.piece].name();
            if std::mem::replace(&mut used[placement.piece], true) {
                return Err(DecodeError::Twice(format!("piece {name}")));
            }
            for &i in &placement.cells {
                if names[i].replace(name).is_some() {
                    let (r, c) = cells[i];
                    return Err(DecodeError::Twice(format!(
                        "the cell at row {r}, column {c}"
                    )));
                }
            }
        }
        if let Some(k) = used.iter().position(|&u| !u) {
            let name = self.pieces[k].name();
            return Err(DecodeError::Uncovered(format!("piece {name}")));
        }
        let mut grid = vec![None; self.board.rows() * self.board.cols()];
        for (&(r, c), name) in cells.iter().zip(names) {
            let Some(name) = name else {
                return Err(DecodeError::Uncovered(format!(
                    "the cell at row {r}, column {c}"
                )));
            };
            grid[r * self.board.cols() + c] = Some(name);
        }
        Ok(Tiling {
            cols: self.board.cols(),
            grid,
        })
    }
}

/// The position of the piece called `name`, if restricting it breaks every symmetry.
fn restricted(
    board: &Board,
    pieces: &[Piece],
    symmetries: &[Vec<usize>],
    name: char,
) -> Result<usize, PolyominoError> {
    let k = pieces
        .iter()
        .position(|p| p.name() == name)
        .ok_or(PolyominoError::UnknownPiece(name))?;
    if breaks_symmetry(board, &pieces[k], symmetries) {
        return Ok(k);
    }
    let instead = pieces
        .iter()
        .filter(|p| breaks_symmetry(board, p, symmetries))
        .map(Piece::name)
        .collect();
    Err(PolyominoError::RestrictionNotExact {
        piece: name,
        instead,
    })
}

/// The placements of one orientation on the board, from the top left, row by row: each as the
/// increasing positions of its cells in the board's cells.
fn positions<'a>(
    board: &'a Board,
    orientation: &'a [Cell],
) -> impl Iterator<Item = Vec<usize>> + 'a {
    // The orientation's first cell must land on a board cell; taking those in row-major order
    // takes the offsets in row-major order.
    let first = orientation.first().copied().unwrap_or_default();
    let offsets = board
        .cells()
        .iter()
        .filter_map(move |&(r, c)| Some((r.checked_sub(first.0)?, c.checked_sub(first.1)?)));
    offsets.filter_map(move |(dr, dc)| {
        orientation
            .iter()
            .map(|&(r, c)| board.index((r + dr, c + dc)))
            .collect()
    })
}

/// The cells of a placement moved by a symmetry, in increasing order.
fn image(cells: &[usize], symmetry: &[usize]) -> Vec<usize> {
    let mut moved: Vec<usize> = cells.iter().map(|&i| symmetry[i]).collect();
    moved.sort_unstable();
    moved
}

/// Whether a placement comes first among its images under the symmetries.
fn is_first(cells: &[usize], symmetries: &[Vec<usize>]) -> bool {
    symmetries
        .iter()
        .all(|s| image(cells, s).as_slice() >= cells)
}

/// Whether no placement of `piece` is mapped to itself by a symmetry of the board (so that
/// restricting the piece leaves exactly one solution of each symmetry class).
fn breaks_symmetry(board: &Board, piece: &Piece, symmetries: &[Vec<usize>]) -> bool {
    piece.orientations().iter().all(|orientation| {
        positions(board, orientation)
            .all(|cells| symmetries.iter().all(|s| image(&cells, s) != cells))
    })
}

/// A solution: the board with each cell showing the name of the piece that covers it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tiling {
    cols: usize,
    /// Row-major, `None` for a hole.
    grid: Vec<Option<char>>,
}

impl Tiling {
    /// The name of the piece covering `cell`, or `None` for a hole or a cell off the board.
    pub fn get(&self, (row, col): Cell) -> Option<char> {
        if col >= self.cols {
            return None;
        }
        self.grid.get(row * self.cols + col).copied().flatten()
    }
}

/// One line per row, each cell showing its piece's name and each hole a `.`.
impl fmt::Display for Tiling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.grid.chunks(self.cols.max(1)) {
            let line: String = row.iter().map(|c| c.unwrap_or('.')).collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

crate::model::impl_model!(Polyomino);

#[cfg(test)]
mod tests {
    use dlx_core::{knuth, Search, Status};

    use super::*;

    fn count(model: &Polyomino) -> u64 {
        let mut search = Search::new(model.problem());
        assert_eq!(search.count(), Status::Exhausted);
        search.stats().solutions
    }

    fn pieces(text: &str) -> Vec<Piece> {
        parse_pieces(text).unwrap()
    }

    #[test]
    fn names_pieces_then_cells() {
        let model =
            Polyomino::new(Board::rectangle(2, 2).unwrap(), pieces("AA\n\nBB"), None).unwrap();
        assert_eq!(
            knuth::write(model.problem()),
            "A B 00 01 10 11\nA 00 01\nA 10 11\nA 00 10\nA 01 11\nB 00 01\nB 10 11\nB 00 10\nB 01 11\n"
        );
        assert_eq!(count(&model), 4);
    }

    #[test]
    fn tiles_and_decodes() {
        let model =
            Polyomino::new(Board::parse("###\n##.").unwrap(), pieces("AA\n\nBBB"), None).unwrap();
        let mut search = Search::new(model.problem());
        let tilings: Vec<String> = search
            .solutions()
            .map(|o| model.decode(&o).unwrap().to_string())
            .collect();
        assert_eq!(tilings, ["BBB\nAA.\n"]);
    }

    #[test]
    fn long_boards_get_longer_cell_names() {
        let model = Polyomino::new(Board::rectangle(1, 40).unwrap(), pieces("A"), None).unwrap();
        assert_eq!(model.problem().item_name(1), "000");
        assert_eq!(model.problem().item_name(40), "013");
        let model = Polyomino::new(Board::rectangle(37, 1).unwrap(), pieces("A"), None).unwrap();
        assert_eq!(model.problem().item_name(37), "100");
    }

    #[test]
    fn restricting_a_piece_counts_up_to_symmetry() {
        // Two L trominoes tile a 2x3 rectangle in 4 ways, all images of one another.
        let board = Board::rectangle(2, 3).unwrap();
        let set = pieces("AA\nA.\n\nBB\nB.\n");
        assert_eq!(
            count(&Polyomino::new(board.clone(), set.clone(), None).unwrap()),
            4
        );
        assert_eq!(count(&Polyomino::new(board, set, Some('A')).unwrap()), 1);
    }

    #[test]
    fn refuses_restrictions_that_leave_symmetry() {
        let error =
            Polyomino::new(Board::rectangle(5, 12).unwrap(), pentominoes(), Some('X')).unwrap_err();
        assert_eq!(
            error,
            PolyominoError::RestrictionNotExact {
                piece: 'X',
                instead: vec!['F', 'L', 'N', 'P', 'V', 'W', 'Y', 'Z'],
            }
        );
        assert_eq!(
            Polyomino::new(Board::rectangle(6, 10).unwrap(), pentominoes(), Some('Q')).unwrap_err(),
            PolyominoError::UnknownPiece('Q')
        );
    }

    #[test]
    fn rejects_bad_piece_sets() {
        let board = Board::rectangle(2, 2).unwrap();
        assert_eq!(
            Polyomino::new(board.clone(), Vec::new(), None).unwrap_err(),
            PolyominoError::NoPieces
        );
        assert_eq!(
            Polyomino::new(
                board,
                pieces("AA\n\nBB").into_iter().chain(pieces("A")).collect(),
                None
            )
            .unwrap_err(),
            PolyominoError::DuplicatePiece('A')
        );
    }

    #[test]
    fn decodes_options() {
        let model =
            Polyomino::new(Board::rectangle(2, 2).unwrap(), pieces("AA\n\nBB"), None).unwrap();
        let tiling = model.decode(&[0, 5]).unwrap();
        assert_eq!(tiling.to_string(), "AA\nBB\n");
        assert_eq!(tiling.get((1, 0)), Some('B'));
        assert_eq!(tiling.get((0, 2)), None);
    }
}
