//! The shape of a Sudoku: its side, and its houses (rows, columns, regions, extra regions).
//!
//! Every house holds `n` cells and needs every value `1..=n` exactly once. Rows and columns are
//! always there; the regions are either boxes of `r` rows by `c` columns (`r * c = n`) or a jigsaw
//! layout (any partition of the grid into `n` connected pieces of `n` cells), and any number of
//! extra regions may be added: the two main diagonals (Sudoku X), the windows of Windoku, or any
//! set of `n` cells.
//!
//! Cells are numbered row by row from 0 (`row * n + column`); rows, columns, values and regions
//! are counted from 0 in the code and from 1 in messages.

use std::fmt;

pub mod file;
pub mod free;

use thiserror::Error;

use super::puzzle::ShapeHint;
use crate::plural::plural;

/// The largest side accepted: a 100x100 grid already has a million options.
pub const MAX_SIZE: usize = 100;

/// A cell of the grid, by row and column (both from 0). Displayed as `row R, column C` from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The row, from 0.
    pub row: usize,
    /// The column, from 0.
    pub column: usize,
}

impl Cell {
    /// The cell with number `index` (row by row) in a grid of side `size`.
    pub fn from_index(index: usize, size: usize) -> Cell {
        Cell {
            row: index / size,
            column: index % size,
        }
    }

    /// The number of this cell (row by row) in a grid of side `size`.
    pub fn index(self, size: usize) -> usize {
        self.row * size + self.column
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}, column {}", self.row + 1, self.column + 1)
    }
}

/// A house: a set of `n` cells that needs every value once. Numbers count from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum House {
    /// A row.
    Row(usize),
    /// A column.
    Column(usize),
    /// A box of a boxed shape, numbered row by row.
    Box(usize),
    /// A jigsaw region, numbered in the order their first cells appear row by row.
    Region(usize),
    /// An extra region, in the order they were added to the shape.
    Extra(usize),
    /// A house of a [`FreeShape`](free::FreeShape), in the order of its houses.
    Free(usize),
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            House::Row(k) => write!(f, "row {}", k + 1),
            House::Column(k) => write!(f, "column {}", k + 1),
            House::Box(k) => write!(f, "box {}", k + 1),
            House::Region(k) => write!(f, "region {}", k + 1),
            House::Extra(k) => write!(f, "extra region {}", k + 1),
            House::Free(k) => write!(f, "house {}", k + 1),
        }
    }
}

/// Why a shape cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// The side is 0.
    #[error("the grid size must be at least 1")]
    Empty,
    /// The side is larger than [`MAX_SIZE`].
    #[error("a {size}x{size} grid is too large (at most {MAX_SIZE}x{MAX_SIZE})")]
    TooLarge {
        /// The side asked for.
        size: usize,
    },
    /// The side is a prime above 3, so it has no boxes but rows.
    #[error(
        "a {size}x{size} grid has no box shape ({size} is prime): give the boxes (--boxes RxC) \
         or a region layout"
    )]
    NoBoxes {
        /// The side.
        size: usize,
    },
    /// Boxes whose cell count is not the side of the grid.
    #[error("boxes of {rows}x{columns} do not fit a {size}x{size} grid ({rows} * {columns} must be {size})")]
    BoxesMismatch {
        /// Box height.
        rows: usize,
        /// Box width.
        columns: usize,
        /// The side of the grid.
        size: usize,
    },
    /// Both boxes and a region layout were given.
    #[error("give either boxes or a region layout, not both")]
    BoxesAndRegions,
    /// A region layout with the wrong number of cells.
    #[error(
        "the region layout has {}, but a {size}x{size} grid has {}",
        plural(*found, "cell"),
        size * size
    )]
    LayoutLength {
        /// The side of the grid.
        size: usize,
        /// Cells in the layout.
        found: usize,
    },
    /// A cell of the layout belongs to no region.
    #[error("{cell} belongs to no region")]
    Unassigned {
        /// The cell.
        cell: Cell,
    },
    /// The layout has the wrong number of regions.
    #[error(
        "the region layout has {}, but a {size}x{size} grid needs {size}",
        plural(*found, "region")
    )]
    RegionCount {
        /// The side of the grid.
        size: usize,
        /// Regions in the layout.
        found: usize,
    },
    /// A region with the wrong number of cells.
    #[error(
        "region {} (the one at {first}) has {}, but it needs {size}",
        region + 1,
        plural(*cells, "cell")
    )]
    RegionSize {
        /// The region, numbered from 0 by first appearance.
        region: usize,
        /// Its first cell, row by row.
        first: Cell,
        /// Cells it has.
        cells: usize,
        /// Cells it needs: the side of the grid.
        size: usize,
    },
    /// A region whose cells are not all joined through orthogonal neighbours.
    #[error(
        "region {} (the one at {first}) is not connected: {stray} cannot be reached from {first}",
        region + 1
    )]
    Disconnected {
        /// The region, numbered from 0 by first appearance.
        region: usize,
        /// Its first cell, row by row.
        first: Cell,
        /// A cell of the region that cannot be reached from the first.
        stray: Cell,
    },
    /// An extra region with the wrong number of cells.
    #[error(
        "extra region {} has {}, but it needs {size}",
        extra + 1,
        plural(*cells, "cell")
    )]
    ExtraSize {
        /// The extra region, from 0.
        extra: usize,
        /// Cells it has.
        cells: usize,
        /// Cells it needs: the side of the grid.
        size: usize,
    },
    /// An extra region names a cell outside the grid.
    #[error("extra region {} names cell #{cell}, outside the grid", extra + 1)]
    ExtraOutside {
        /// The extra region, from 0.
        extra: usize,
        /// The cell number given.
        cell: usize,
    },
    /// An extra region names a cell twice.
    #[error("extra region {} names {cell} twice", extra + 1)]
    ExtraRepeated {
        /// The extra region, from 0.
        extra: usize,
        /// The cell named twice.
        cell: Cell,
    },
    /// Windoku windows asked for on a grid whose side is not a square.
    #[error("windoku windows need a square side (4, 9, 16, ...), not {size}")]
    NoWindows {
        /// The side of the grid.
        size: usize,
    },
}

/// The usual box shape for side `n`: `r` rows by `c` columns with `r` the largest divisor of
/// `n` not above its square root (3x3 for 9, 2x3 for 6, 3x4 for 12; 1 x n for a prime).
pub fn usual_boxes(n: usize) -> (usize, usize) {
    let r = (1..=n).rfind(|d| d * d <= n && n % d == 0).unwrap_or(1);
    (r, n / r)
}

/// How the regions of a shape are laid out.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Regions {
    Boxes { rows: usize, columns: usize },
    Jigsaw,
}

/// The side of a grid and its houses. Immutable once built; equal shapes give equal models.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    size: usize,
    regions: Regions,
    /// For each cell, its region `0..n`.
    region_of: Vec<u16>,
    /// For each region, its cells in increasing order.
    region_cells: Vec<Vec<usize>>,
    /// Extra regions, each `n` distinct cells in increasing order.
    extra: Vec<Vec<usize>>,
}

impl Shape {
    /// The region id that marks a cell of a layout as belonging to no region.
    pub const UNASSIGNED: u16 = u16::MAX;

    /// The default shape for side `size`: square boxes when `size` is a perfect square, otherwise
    /// the most square boxes `r x c` with `r <= c` (6 → 2x3, 8 → 2x4, 12 → 3x4; 2 and 3 → a single
    /// row per box). A prime side above 3 has no sensible boxes and is an error.
    pub fn standard(size: usize) -> Result<Shape, ShapeError> {
        check_size(size)?;
        let (rows, columns) = usual_boxes(size);
        if rows == 1 && size > 3 {
            return Err(ShapeError::NoBoxes { size });
        }
        Shape::boxes(rows, columns)
    }

    /// Boxes of `rows` rows by `columns` columns, on a grid of side `rows * columns`.
    pub fn boxes(rows: usize, columns: usize) -> Result<Shape, ShapeError> {
        let size = rows
            .checked_mul(columns)
            .ok_or(ShapeError::TooLarge { size: usize::MAX })?;
        check_size(size)?;
        let boxes_per_row = size / columns;
        let region_of = (0..size * size)
            .map(|cell| {
                let (r, c) = (cell / size, cell % size);
                // At most MAX_SIZE regions, so the id fits.
                ((r / rows) * boxes_per_row + c / columns) as u16
            })
            .collect();
        Ok(Shape::assemble(
            size,
            Regions::Boxes { rows, columns },
            region_of,
        ))
    }

    /// Boxes of `rows` by `columns` on a grid of side `size`, checking that they fit.
    pub fn boxes_for(size: usize, rows: usize, columns: usize) -> Result<Shape, ShapeError> {
        if rows.checked_mul(columns) != Some(size) {
            return Err(ShapeError::BoxesMismatch {
                rows,
                columns,
                size,
            });
        }
        Shape::boxes(rows, columns)
    }

    /// A jigsaw shape: `layout` gives, row by row, an id for the region of each cell
    /// ([`UNASSIGNED`](Self::UNASSIGNED) for none). Ids are arbitrary numbers; regions are
    /// renumbered by first appearance. Checks that every cell has a region, that there are `size`
    /// regions of `size` cells, and that each region is connected through orthogonal neighbours.
    pub fn jigsaw(size: usize, layout: &[u16]) -> Result<Shape, ShapeError> {
        check_size(size)?;
        let cells = size * size;
        if layout.len() != cells {
            return Err(ShapeError::LayoutLength {
                size,
                found: layout.len(),
            });
        }
        if let Some(cell) = layout.iter().position(|&id| id == Shape::UNASSIGNED) {
            return Err(ShapeError::Unassigned {
                cell: Cell::from_index(cell, size),
            });
        }
        let (region_of, firsts) = number_by_first_appearance(layout, size).map_err(|_| {
            let mut distinct = layout.to_vec();
            distinct.sort_unstable();
            distinct.dedup();
            ShapeError::RegionCount {
                size,
                found: distinct.len(),
            }
        })?;
        if firsts.len() != size {
            return Err(ShapeError::RegionCount {
                size,
                found: firsts.len(),
            });
        }
        let shape = Shape::assemble(size, Regions::Jigsaw, region_of);
        let reached = shape.reached_cells();
        for (region, members) in shape.region_cells.iter().enumerate() {
            let first = Cell::from_index(members[0], size);
            if members.len() != size {
                return Err(ShapeError::RegionSize {
                    region,
                    first,
                    cells: members.len(),
                    size,
                });
            }
            if let Some(&stray) = members.iter().find(|&&cell| !reached[cell]) {
                return Err(ShapeError::Disconnected {
                    region,
                    first,
                    stray: Cell::from_index(stray, size),
                });
            }
        }
        Ok(shape)
    }

    /// The shape described by `hint` for a grid of side `size`: its region layout, else its
    /// boxes, else [`standard`](Self::standard); then its extra regions.
    pub fn from_hint(size: usize, hint: &ShapeHint) -> Result<Shape, ShapeError> {
        let shape = match (&hint.regions, hint.boxes) {
            (Some(_), Some(_)) => return Err(ShapeError::BoxesAndRegions),
            (Some(layout), None) => Shape::jigsaw(size, layout)?,
            (None, Some((rows, columns))) => Shape::boxes_for(size, rows, columns)?,
            (None, None) => Shape::standard(size)?,
        };
        hint.extra
            .iter()
            .try_fold(shape, |shape, cells| shape.with_extra(cells))
    }

    /// This shape with one more extra region: exactly `size` distinct cells (by number, row by
    /// row) that also need every value once.
    pub fn with_extra(mut self, cells: &[usize]) -> Result<Shape, ShapeError> {
        let extra = self.extra.len();
        if cells.len() != self.size {
            return Err(ShapeError::ExtraSize {
                extra,
                cells: cells.len(),
                size: self.size,
            });
        }
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        if let Some(&cell) = sorted.iter().find(|&&c| c >= self.size * self.size) {
            return Err(ShapeError::ExtraOutside { extra, cell });
        }
        if let Some(pair) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(ShapeError::ExtraRepeated {
                extra,
                cell: Cell::from_index(pair[0], self.size),
            });
        }
        self.extra.push(sorted);
        Ok(self)
    }

    /// This shape with the two main diagonals as extra regions (Sudoku X): first the one from the
    /// top left, then the one from the top right.
    pub fn with_diagonals(self) -> Shape {
        let n = self.size;
        let main: Vec<usize> = (0..n).map(|k| k * n + k).collect();
        let anti: Vec<usize> = (0..n).map(|k| k * n + (n - 1 - k)).collect();
        let shape = self
            .with_extra(&main)
            .expect("a diagonal has n distinct cells");
        shape
            .with_extra(&anti)
            .expect("a diagonal has n distinct cells")
    }

    /// This shape with the Windoku windows as extra regions. For a side `n = k * k` they are the
    /// `k x k` squares whose top-left corners are at rows and columns `1, k + 2, 2k + 3, ...`
    /// (from 0), one column and row apart: the four 3x3 windows of 9x9, nine 4x4 windows of
    /// 16x16. Windows are added row by row.
    pub fn with_windows(self) -> Result<Shape, ShapeError> {
        let n = self.size;
        let k = (1..=n).find(|k| k * k >= n).unwrap_or(1);
        if k * k != n || k < 2 {
            return Err(ShapeError::NoWindows { size: n });
        }
        let corners: Vec<usize> = (0..k - 1).map(|j| 1 + j * (k + 1)).collect();
        let mut shape = self;
        for &top in &corners {
            for &left in &corners {
                let cells: Vec<usize> = (0..n).map(|j| (top + j / k) * n + left + j % k).collect();
                shape = shape.with_extra(&cells)?;
            }
        }
        Ok(shape)
    }

    fn assemble(size: usize, regions: Regions, region_of: Vec<u16>) -> Shape {
        let mut region_cells = vec![Vec::with_capacity(size); size];
        for (cell, &g) in region_of.iter().enumerate() {
            region_cells[usize::from(g)].push(cell);
        }
        Shape {
            size,
            regions,
            region_of,
            region_cells,
            extra: Vec::new(),
        }
    }

    /// The cells reached from the first cell of their region through orthogonal neighbours in
    /// the region, as one flag per cell (the regions are walked in turn, with one set of flags).
    fn reached_cells(&self) -> Vec<bool> {
        let n = self.size;
        let mut seen = vec![false; n * n];
        let mut stack = Vec::with_capacity(n * n);
        for members in &self.region_cells {
            if let Some(&first) = members.first() {
                flood(&self.region_of, n, first, &mut seen, &mut stack);
            }
        }
        seen
    }

    /// The side `n` of the grid: `n * n` cells, values `1..=n`.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The number of cells, `n * n`.
    pub fn cell_count(&self) -> usize {
        self.size * self.size
    }

    /// Box height and width, or `None` for a jigsaw shape.
    pub fn box_size(&self) -> Option<(usize, usize)> {
        match self.regions {
            Regions::Boxes { rows, columns } => Some((rows, columns)),
            Regions::Jigsaw => None,
        }
    }

    /// The region (box or jigsaw piece, `0..n`) of a cell.
    pub fn region_of(&self, cell: usize) -> usize {
        usize::from(self.region_of[cell])
    }

    /// The house of region `g`: a [`House::Box`] or a [`House::Region`].
    pub fn region_house(&self, region: usize) -> House {
        match self.regions {
            Regions::Boxes { .. } => House::Box(region),
            Regions::Jigsaw => House::Region(region),
        }
    }

    /// The extra regions, each as its cells in increasing order.
    pub fn extra(&self) -> &[Vec<usize>] {
        &self.extra
    }

    /// The shape hint that describes this shape to the text formats: boxes other than the
    /// [`standard`](Self::standard) ones, a jigsaw layout, the extra regions.
    pub fn hint(&self) -> ShapeHint {
        let standard = Shape::standard(self.size).ok().and_then(|s| s.box_size());
        ShapeHint {
            boxes: self.box_size().filter(|&boxes| Some(boxes) != standard),
            regions: self.box_size().is_none().then(|| self.region_of.clone()),
            extra: self.extra.clone(),
        }
    }

    /// Every house: rows, columns, regions, then extra regions.
    pub fn houses(&self) -> impl Iterator<Item = House> + '_ {
        let n = self.size;
        (0..n)
            .map(House::Row)
            .chain((0..n).map(House::Column))
            .chain((0..n).map(|g| self.region_house(g)))
            .chain((0..self.extra.len()).map(House::Extra))
    }

    /// The cells of a house, in increasing order. A house number out of range gives no cells.
    pub fn cells(&self, house: House) -> Vec<usize> {
        let n = self.size;
        match house {
            House::Row(r) if r < n => (0..n).map(|c| r * n + c).collect(),
            House::Column(c) if c < n => (0..n).map(|r| r * n + c).collect(),
            House::Box(g) | House::Region(g) => {
                self.region_cells.get(g).cloned().unwrap_or_default()
            }
            House::Extra(e) => self.extra.get(e).cloned().unwrap_or_default(),
            House::Row(_) | House::Column(_) | House::Free(_) => Vec::new(),
        }
    }
}

fn check_size(size: usize) -> Result<(), ShapeError> {
    match size {
        0 => Err(ShapeError::Empty),
        n if n > MAX_SIZE => Err(ShapeError::TooLarge { size }),
        _ => Ok(()),
    }
}

/// Numbers `labels` `0..` in the order they first appear, allowing at most `n` of them: each
/// label's number, and the index of each number's first label; `Err` with the index of the
/// first label that would be one too many. The few labels seen are looked through rather than
/// hashed (a jigsaw file brings a layout per puzzle, so this runs once a puzzle).
pub(crate) fn number_by_first_appearance<K: PartialEq>(
    labels: &[K],
    n: usize,
) -> Result<(Vec<u16>, Vec<usize>), usize> {
    let mut seen: Vec<&K> = Vec::with_capacity(n);
    let mut firsts: Vec<usize> = Vec::with_capacity(n);
    let mut numbers = Vec::with_capacity(labels.len());
    for (k, label) in labels.iter().enumerate() {
        let number = match seen.iter().position(|&known| known == label) {
            Some(number) => number,
            None if seen.len() < n => {
                seen.push(label);
                firsts.push(k);
                seen.len() - 1
            }
            None => return Err(k),
        };
        // Below `n`, a grid's side: it fits (saturating rather than wrapping if it did not).
        numbers.push(u16::try_from(number).unwrap_or(u16::MAX));
    }
    Ok((numbers, firsts))
}

/// Marks in `seen` every cell reachable from `start` through orthogonal neighbours of the same
/// region (`regions` gives each cell's, row by row, `n` by `n`), `start` included; `stack` is
/// working space, left empty.
pub(crate) fn flood(
    regions: &[u16],
    n: usize,
    start: usize,
    seen: &mut [bool],
    stack: &mut Vec<usize>,
) {
    seen[start] = true;
    stack.push(start);
    while let Some(cell) = stack.pop() {
        let (r, c) = (cell / n, cell % n);
        let neighbours = [
            (r > 0).then(|| cell - n),
            (r + 1 < n).then(|| cell + n),
            (c > 0).then(|| cell - 1),
            (c + 1 < n).then(|| cell + 1),
        ];
        for next in neighbours.into_iter().flatten() {
            if !seen[next] && regions[next] == regions[cell] {
                seen[next] = true;
                stack.push(next);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_shapes_pick_the_most_square_boxes() {
        // Sides and the rows of their boxes (the columns are the rest of the side).
        let sides = [1, 2, 3, 4, 6, 8, 9, 12, 16, 25, 36];
        let rows = [1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 6];
        for (n, r) in sides.into_iter().zip(rows) {
            let boxes = Shape::standard(n).unwrap().box_size();
            assert_eq!(boxes, Some((r, n / r)), "side {n}");
        }
        // A prime side has no standard shape, but its usual boxes are its rows.
        assert_eq!(usual_boxes(7), (1, 7));
    }

    #[test]
    fn prime_sides_and_bad_sizes_are_errors() {
        assert_eq!(Shape::standard(7), Err(ShapeError::NoBoxes { size: 7 }));
        let message = Shape::standard(5).unwrap_err().to_string();
        assert!(message.contains("--boxes"), "{message}");
        assert_eq!(Shape::standard(0), Err(ShapeError::Empty));
        assert_eq!(
            Shape::standard(MAX_SIZE + 1),
            Err(ShapeError::TooLarge { size: MAX_SIZE + 1 })
        );
        assert_eq!(Shape::boxes(1, 7).unwrap().size(), 7);
        assert_eq!(
            Shape::boxes_for(9, 2, 4),
            Err(ShapeError::BoxesMismatch {
                rows: 2,
                columns: 4,
                size: 9
            })
        );
    }

    #[test]
    fn boxes_are_numbered_row_by_row() {
        let shape = Shape::boxes(2, 3).unwrap();
        assert_eq!(shape.region_of(0), 0);
        assert_eq!(shape.region_of(3), 1);
        assert_eq!(shape.region_of(2 * 6), 2);
        assert_eq!(shape.region_of(35), 5);
        assert_eq!(shape.cells(House::Box(1)), [3, 4, 5, 9, 10, 11]);
        assert_eq!(shape.houses().count(), 18);
    }

    #[test]
    fn diagonals_and_windows() {
        let x = Shape::standard(9).unwrap().with_diagonals();
        assert_eq!(x.extra()[0], [0, 10, 20, 30, 40, 50, 60, 70, 80]);
        assert_eq!(x.extra()[1], [8, 16, 24, 32, 40, 48, 56, 64, 72]);
        let w = Shape::standard(9).unwrap().with_windows().unwrap();
        assert_eq!(w.extra().len(), 4);
        assert_eq!(w.extra()[0], [10, 11, 12, 19, 20, 21, 28, 29, 30]);
        assert_eq!(w.extra()[3][0], 5 * 9 + 5);
        let w16 = Shape::standard(16).unwrap().with_windows().unwrap();
        assert_eq!(w16.extra().len(), 9);
        assert_eq!(w16.extra()[8][0], 11 * 16 + 11);
        assert_eq!(
            Shape::standard(6).unwrap().with_windows(),
            Err(ShapeError::NoWindows { size: 6 })
        );
    }

    #[test]
    fn extra_regions_are_checked() {
        let shape = Shape::standard(4).unwrap();
        assert_eq!(
            shape.clone().with_extra(&[0, 1, 2]),
            Err(ShapeError::ExtraSize {
                extra: 0,
                cells: 3,
                size: 4
            })
        );
        assert_eq!(
            shape.clone().with_extra(&[0, 1, 2, 16]),
            Err(ShapeError::ExtraOutside { extra: 0, cell: 16 })
        );
        let err = shape.with_extra(&[0, 5, 5, 3]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "extra region 1 names row 2, column 2 twice"
        );
    }

    fn layout(text: &str) -> Vec<u16> {
        text.bytes()
            .filter(|b| !b.is_ascii_whitespace())
            .map(|b| {
                if b == b'.' {
                    Shape::UNASSIGNED
                } else {
                    u16::from(b)
                }
            })
            .collect()
    }

    #[test]
    fn jigsaw_layouts_are_renumbered_by_first_appearance() {
        let shape = Shape::jigsaw(4, &layout("bbaa bbca ddca ddcc")).unwrap();
        assert_eq!(shape.box_size(), None);
        assert_eq!(shape.region_of(0), 0);
        assert_eq!(shape.region_of(2), 1);
        assert_eq!(shape.cells(House::Region(2)), [6, 10, 14, 15]);
        assert_eq!(shape.region_house(2).to_string(), "region 3");
    }

    #[test]
    fn jigsaw_errors_name_the_region_and_cell() {
        let err = Shape::jigsaw(4, &layout("aabb aabb ccdd ccd")).unwrap_err();
        assert_eq!(err, ShapeError::LayoutLength { size: 4, found: 15 });
        let err = Shape::jigsaw(4, &layout("aabb aabb cc.d ccdd")).unwrap_err();
        assert_eq!(err.to_string(), "row 3, column 3 belongs to no region");
        let err = Shape::jigsaw(4, &layout("aabb aabb ccdd ccde")).unwrap_err();
        assert_eq!(err, ShapeError::RegionCount { size: 4, found: 5 });
        // Every distinct id is counted, past the first one too many.
        let err = Shape::jigsaw(4, &layout("abcd efgh ijkl mnoa")).unwrap_err();
        assert_eq!(err, ShapeError::RegionCount { size: 4, found: 15 });
        let err = Shape::jigsaw(4, &layout("aaaa aaaa bbbb bbbb")).unwrap_err();
        assert_eq!(err, ShapeError::RegionCount { size: 4, found: 2 });
        let err = Shape::jigsaw(4, &layout("aaab aabb ccdd ccdd")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "region 1 (the one at row 1, column 1) has 5 cells, but it needs 4"
        );
        let err = Shape::jigsaw(4, &layout("abba aabb ccdd ccdd")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "region 1 (the one at row 1, column 1) is not connected: row 1, column 4 cannot be \
             reached from row 1, column 1"
        );
    }

    #[test]
    fn hints_choose_the_shape() {
        let hint = ShapeHint {
            boxes: Some((3, 2)),
            ..ShapeHint::default()
        };
        assert_eq!(Shape::from_hint(6, &hint).unwrap().box_size(), Some((3, 2)));
        let hint = ShapeHint {
            boxes: Some((2, 2)),
            regions: Some(vec![0; 16]),
            extra: Vec::new(),
        };
        assert_eq!(Shape::from_hint(4, &hint), Err(ShapeError::BoxesAndRegions));
        let hint = ShapeHint {
            extra: vec![vec![0, 5, 10, 15]],
            ..ShapeHint::default()
        };
        assert_eq!(Shape::from_hint(4, &hint).unwrap().extra().len(), 1);
    }
}
