//! Pieces: the twelve pentominoes, the five tetrominoes, and pieces drawn as pictures.

use std::collections::HashMap;

use super::picture::{self, PictureError, PictureErrorKind};
use super::shape::{self, Cell};
use super::{PolyominoError, MAX_CELLS};

/// A piece: a name (one character, which also draws it in solutions) and a shape.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    name: char,
    /// The cells, moved to the top left corner, in row-major order.
    cells: Vec<Cell>,
}

impl Piece {
    /// A piece called `name` with the given cells (in any order and position).
    ///
    /// `name` becomes an item name, so it must not be a blank, `:` or `|`; `.` is kept for holes.
    /// The cells need not be connected, but must fit in [`MAX_CELLS`] squares.
    pub fn new(name: char, cells: &[Cell]) -> Result<Piece, PolyominoError> {
        let (Some(top), Some(left)) = (
            cells.iter().map(|c| c.0).min(),
            cells.iter().map(|c| c.1).min(),
        ) else {
            return Err(PolyominoError::BadPiece(name));
        };
        let mut moved: Vec<Cell> = cells.iter().map(|&(r, c)| (r - top, c - left)).collect();
        let height = moved.iter().map(|c| c.0).max().unwrap_or(0);
        let width = moved.iter().map(|c| c.1).max().unwrap_or(0);
        let span = height
            .saturating_add(1)
            .saturating_mul(width.saturating_add(1));
        if !is_piece_name(name) || span > MAX_CELLS {
            return Err(PolyominoError::BadPiece(name));
        }
        moved.sort_unstable();
        moved.dedup();
        Ok(Piece { name, cells: moved })
    }

    /// The name.
    pub fn name(&self) -> char {
        self.name
    }

    /// The cells, moved to the top left corner, in row-major order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The distinct rotations and reflections, each moved to the top left corner, in increasing
    /// lexicographic order of their cells (the order Knuth's files list them in).
    pub fn orientations(&self) -> Vec<Vec<Cell>> {
        shape::orientations(&self.cells)
    }
}

fn is_piece_name(c: char) -> bool {
    !c.is_whitespace() && !matches!(c, '.' | ':' | '|')
}

/// A built-in piece, drawn with `#` in one string per row.
fn drawn(name: char, rows: &[&str]) -> Piece {
    let cells: Vec<Cell> = rows
        .iter()
        .enumerate()
        .flat_map(|(r, row)| {
            row.chars()
                .enumerate()
                .filter(|&(_, ch)| ch == '#')
                .map(move |(c, _)| (r, c))
        })
        .collect();
    Piece {
        name,
        cells: shape::normalized(&cells),
    }
}

/// The twelve pentominoes, in the order `F I L N P T U V W X Y Z` (Conway's letters would be
/// `R O Q S P T U V W X Y Z`; these are Golomb's).
pub fn pentominoes() -> Vec<Piece> {
    vec![
        drawn('F', &[".##", "##.", ".#."]),
        drawn('I', &["#####"]),
        drawn('L', &["####", "#..."]),
        drawn('N', &["###.", "..##"]),
        drawn('P', &["###", "##."]),
        drawn('T', &["###", ".#.", ".#."]),
        drawn('U', &["#.#", "###"]),
        drawn('V', &["#..", "#..", "###"]),
        drawn('W', &["#..", "##.", ".##"]),
        drawn('X', &[".#.", "###", ".#."]),
        drawn('Y', &["####", ".#.."]),
        drawn('Z', &["##.", ".#.", ".##"]),
    ]
}

/// The five free tetrominoes, in the order `I L O S T`.
pub fn tetrominoes() -> Vec<Piece> {
    vec![
        drawn('I', &["####"]),
        drawn('L', &["###", "#.."]),
        drawn('O', &["##", "##"]),
        drawn('S', &[".##", "##."]),
        drawn('T', &["###", ".#."]),
    ]
}

/// Reads pieces drawn as a picture: every character but `.` and spaces is a cell of the piece it
/// names, so one picture can hold many pieces side by side (`.` or spaces between them); lines
/// starting with `|` are comments. The pieces come in the order their names first appear.
///
/// ```
/// use dlx_puzzles::polyomino::parse_pieces;
///
/// let pieces = parse_pieces("| a domino and a square\nAA BB\n   BB\n").unwrap();
/// assert_eq!(pieces.len(), 2);
/// assert_eq!(pieces[1].name(), 'B');
/// assert_eq!(pieces[1].cells(), [(0, 0), (0, 1), (1, 0), (1, 1)]);
/// ```
pub fn parse_pieces(text: &str) -> Result<Vec<Piece>, PictureError> {
    let marks = picture::marks(text)?;
    if let Some(m) = marks.iter().find(|m| !is_piece_name(m.ch)) {
        return Err(PictureError {
            line: m.line,
            column: m.column,
            kind: PictureErrorKind::InvalidPieceName(m.ch),
        });
    }
    if let Some(m) = marks.get(MAX_CELLS) {
        return Err(PictureError {
            line: m.line,
            column: m.column,
            kind: PictureErrorKind::TooLarge(MAX_CELLS),
        });
    }
    // (name, first mark, cells), in order of first appearance.
    let mut found: Vec<(char, usize, Vec<Cell>)> = Vec::new();
    let mut index: HashMap<char, usize> = HashMap::new();
    for (k, m) in marks.iter().enumerate() {
        let i = *index.entry(m.ch).or_insert_with(|| {
            found.push((m.ch, k, Vec::new()));
            found.len() - 1
        });
        found[i].2.push((m.row, m.col));
    }
    if found.is_empty() {
        return Err(picture::empty(text));
    }
    found
        .into_iter()
        .map(|(name, first, cells)| {
            if shape::is_connected(&cells) {
                Ok(Piece {
                    name,
                    cells: shape::normalized(&cells),
                })
            } else {
                Err(PictureError {
                    line: marks[first].line,
                    column: marks[first].column,
                    kind: PictureErrorKind::Disconnected(name),
                })
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pentominoes_have_their_orientations() {
        let counts: Vec<(char, usize, usize)> = pentominoes()
            .iter()
            .map(|p| (p.name(), p.cells().len(), p.orientations().len()))
            .collect();
        assert_eq!(
            counts,
            [
                ('F', 5, 8),
                ('I', 5, 2),
                ('L', 5, 8),
                ('N', 5, 8),
                ('P', 5, 8),
                ('T', 5, 4),
                ('U', 5, 4),
                ('V', 5, 4),
                ('W', 5, 4),
                ('X', 5, 1),
                ('Y', 5, 8),
                ('Z', 5, 4)
            ]
        );
        let tetrominoes: Vec<usize> = tetrominoes()
            .iter()
            .map(|p| p.orientations().len())
            .collect();
        assert_eq!(tetrominoes, [2, 8, 1, 4, 4]);
    }

    #[test]
    fn reads_several_pieces_from_one_picture() {
        let pieces = parse_pieces("AB\nAB\n\nCCC\n").unwrap();
        let names: Vec<char> = pieces.iter().map(Piece::name).collect();
        assert_eq!(names, ['A', 'B', 'C']);
        assert_eq!(pieces[0].cells(), [(0, 0), (1, 0)]);
        assert_eq!(pieces[2].cells(), [(0, 0), (0, 1), (0, 2)]);
    }

    #[test]
    fn rejects_bad_piece_pictures() {
        let e = parse_pieces("AA\nB:\n").unwrap_err();
        assert_eq!(
            (e.line, e.column, e.kind),
            (2, 2, PictureErrorKind::InvalidPieceName(':'))
        );
        let e = parse_pieces("AA\n\n.A\n").unwrap_err();
        assert_eq!(
            (e.line, e.column, e.kind),
            (1, 1, PictureErrorKind::Disconnected('A'))
        );
        let e = parse_pieces("| only a comment\n").unwrap_err();
        assert_eq!(e.kind, PictureErrorKind::Empty);
        let e = parse_pieces("A|\n").unwrap_err();
        assert_eq!(e.kind, PictureErrorKind::InvalidPieceName('|'));
    }

    #[test]
    fn new_checks_the_name() {
        assert_eq!(
            Piece::new(':', &[(0, 0)]),
            Err(PolyominoError::BadPiece(':'))
        );
        assert_eq!(Piece::new('A', &[]), Err(PolyominoError::BadPiece('A')));
        let piece = Piece::new('A', &[(3, 3), (3, 4), (3, 3)]).unwrap();
        assert_eq!(piece.cells(), [(0, 0), (0, 1)]);
        assert_eq!(
            Piece::new('A', &[(0, 0), (usize::MAX, usize::MAX)]),
            Err(PolyominoError::BadPiece('A'))
        );
    }
}
