//! What a text refused as a puzzle looks like: a known layout that the reader does not take
//! on its own but another way of reading does (the grid layout of a shape of any houses, a
//! jigsaw region layout). The reader attaches a [`Guess`] to the error of a record it refuses,
//! the batch to givens that clash; a surface words it, naming its own option.

use super::layout::strict;
use crate::sudoku::FreeShape;

/// The most rows of a grid layout looked at (the built-in layouts have at most 21).
pub(crate) const MAX_GRID_ROWS: usize = 64;

/// A known layout that refused text looks like.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Guess {
    /// The grid layout of a puzzle on a shape of any houses: a line `ROWS COLUMNS`, then a line
    /// a row, its places separated by blanks (a value, or `-` for an empty cell or a hole).
    Grid {
        /// Rows of the bounding grid.
        rows: usize,
        /// Columns of the bounding grid.
        columns: usize,
        /// The built-in layouts ([`FreeShape::GATTAI`]) of that size with a cell under every
        /// value given; none for a grid of another shape.
        shapes: Vec<&'static str>,
        /// Whether every row followed the size line, each with its places: the record is the
        /// whole grid.
        complete: bool,
    },
    /// A jigsaw region layout of side `size` (`size` connected regions of `size` cells, which
    /// no puzzle can be), read as a puzzle of its own.
    Regions {
        /// The side of the grid.
        size: usize,
    },
}

impl Guess {
    /// Whether the guess is sure enough to stand in place of the reader's own message: a whole
    /// grid that exactly one built-in layout fits, or a region layout.
    pub fn is_sure(&self) -> bool {
        match self {
            Guess::Grid {
                shapes, complete, ..
            } => *complete && shapes.len() == 1,
            Guess::Regions { .. } => true,
        }
    }
}

/// The `ROWS COLUMNS` of a line that can be the size line of a grid layout (two numbers, at
/// most [`MAX_GRID_ROWS`] rows).
pub(crate) fn size_line(text: &str) -> Option<(usize, usize)> {
    let mut fields = text.split_whitespace().map(|f| f.parse::<usize>().ok());
    match (fields.next(), fields.next(), fields.next()) {
        (Some(Some(rows @ 1..=MAX_GRID_ROWS)), Some(Some(columns @ 1..)), None) => {
            Some((rows, columns))
        }
        _ => None,
    }
}

/// What `lines` look like, the first line of a refused record first and the lines after it
/// following (as many as the input has, up to the grid's rows): the grid layout of a shape of
/// any houses when the first line is a size line and every row after it that is there has its
/// places, else nothing.
pub fn looks_like<S: AsRef<str>>(lines: &[S]) -> Option<Guess> {
    let (first, rows) = lines.split_first()?;
    let (height, width) = size_line(first.as_ref())?;
    let rows: Vec<Vec<&str>> = rows
        .iter()
        .take(height)
        .map(|row| row.as_ref().split_whitespace().collect())
        .collect();
    let place = |token: &&str| {
        matches!(*token, "-" | "." | "0") || token.parse::<u16>().is_ok_and(|v| v > 0)
    };
    if rows.is_empty() || !rows.iter().all(|r| r.len() == width && r.iter().all(place)) {
        return None;
    }
    let fits = |shape: &FreeShape| {
        shape.rows() == height
            && shape.columns() == width
            && rows.iter().enumerate().all(|(r, row)| {
                row.iter().enumerate().all(|(c, token)| {
                    matches!(*token, "-" | "." | "0") || shape.cell_at(r, c).is_some()
                })
            })
    };
    let shapes = FreeShape::GATTAI
        .into_iter()
        .filter(|name| FreeShape::gattai(name).is_some_and(|shape| fits(&shape)))
        .collect();
    Some(Guess::Grid {
        rows: height,
        columns: width,
        shapes,
        complete: rows.len() == height,
    })
}

/// What the cells of a puzzle of side `size` whose givens were refused look like: a jigsaw
/// region layout when they make `size` connected regions of `size` cells (an empty cell
/// counting as a label of its own), else nothing.
pub fn looks_like_regions(size: usize, cells: &[u16]) -> Option<Guess> {
    (size >= 2 && strict(cells, size).is_some()).then_some(Guess::Regions { size })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::freeform::write_grid;

    fn grid(name: &str, given: Option<(usize, usize)>) -> Vec<String> {
        let shape = FreeShape::gattai(name).unwrap();
        let mut values = vec![0; shape.cell_count()];
        if let Some((row, column)) = given {
            values[shape.cell_at(row, column).unwrap()] = 5;
        }
        write_grid(&shape, &values)
            .lines()
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn a_grid_names_the_built_in_layouts_it_fits() {
        // A value in the top-left corner: only Samurai has a cell there.
        let samurai = looks_like(&grid("samurai", Some((0, 0)))).unwrap();
        assert_eq!(
            samurai,
            Guess::Grid {
                rows: 21,
                columns: 21,
                shapes: vec!["samurai"],
                complete: true
            }
        );
        assert!(samurai.is_sure());
        // Empty, a 21x21 grid fits three layouts.
        let empty = looks_like(&grid("sohei", None)).unwrap();
        assert!(
            matches!(&empty, Guess::Grid { shapes, .. } if shapes == &["samurai", "flower", "sohei"])
        );
        assert!(!empty.is_sure());
        // Cut short, it is still a grid, but not a whole one.
        let short = looks_like(&grid("twodoku", Some((0, 0)))[..4]).unwrap();
        assert!(
            matches!(
                &short,
                Guess::Grid {
                    complete: false,
                    ..
                }
            ) && !short.is_sure()
        );
        // A grid of another size fits no built-in layout.
        let other = looks_like(&["2 3", "1 - 2", "- 3 -"]).unwrap();
        assert!(
            matches!(other, Guess::Grid { rows: 2, columns: 3, ref shapes, .. } if shapes.is_empty())
        );
    }

    #[test]
    fn other_text_looks_like_nothing() {
        for lines in [
            &["21 21"][..],
            &["21 21", "1 2 3"],
            &["2 2", "1 x"],
            &["1 2 3", "1 2 3"],
            &["4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"],
            &[],
        ] {
            assert_eq!(looks_like(lines), None, "{lines:?}");
        }
    }

    #[test]
    fn region_layouts_are_told_from_puzzles() {
        let bands: Vec<u16> = (0..16)
            .map(|cell| (cell / 8 * 2 + cell % 4 / 2) as u16)
            .collect();
        assert_eq!(
            looks_like_regions(4, &bands),
            Some(Guess::Regions { size: 4 })
        );
        // A solution grid never is one: its equal values are never side by side.
        let solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        assert_eq!(looks_like_regions(4, &solution), None);
        assert_eq!(looks_like_regions(4, &[0; 16]), None);
    }
}
