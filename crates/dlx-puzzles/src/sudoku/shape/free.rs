//! A shape of any houses: cells on a grid of `rows` by `columns` (holes allowed), values
//! `1..=n`, and houses that are any sets of cells. A house of `n` cells needs every value once;
//! a shorter house needs each value at most once. Samurai and the other Gattai layouts of
//! overlapping grids are such shapes ([`FreeShape::gattai`]).
//!
//! Cells are numbered `0..` in grid order (row by row, holes skipped); a cell's place on the grid
//! is its position, `row * columns + column`.

use thiserror::Error;

use super::{Cell, MAX_SIZE};
use crate::plural::plural;

/// The most positions of the bounding grid: a 100x100 grid.
pub const MAX_POSITIONS: usize = MAX_SIZE * MAX_SIZE;

/// Why a shape of any houses cannot be built. Houses are numbered from 0 in the order given, and
/// from 1 in messages.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum FreeShapeError {
    /// Values `1..=n` with `n` 0 or above [`MAX_SIZE`].
    #[error("the number of values must be from 1 to {MAX_SIZE}, not {values}")]
    Values {
        /// The number asked for.
        values: usize,
    },
    /// A grid with no position, or more than [`MAX_POSITIONS`].
    #[error("a {rows}x{columns} grid is out of range (1x1 to {MAX_SIZE}x{MAX_SIZE})")]
    Grid {
        /// Rows of the grid.
        rows: usize,
        /// Columns of the grid.
        columns: usize,
    },
    /// The cells picture does not have one flag per position.
    #[error("the cells give {}, but a {rows}x{columns} grid has {}", plural(*found, "position"), rows * columns)]
    Picture {
        /// Rows of the grid.
        rows: usize,
        /// Columns of the grid.
        columns: usize,
        /// Flags given.
        found: usize,
    },
    /// No house at all.
    #[error("the shape has no house")]
    NoHouses,
    /// A house with no cell.
    #[error("house {} has no cell", house + 1)]
    EmptyHouse {
        /// The house.
        house: usize,
    },
    /// A house with more cells than there are values: no filling can give each a value of its
    /// own.
    #[error("house {} has {}, more than the {values} values", house + 1, plural(*cells, "cell"))]
    HouseTooBig {
        /// The house.
        house: usize,
        /// Its cells.
        cells: usize,
        /// The number of values.
        values: usize,
    },
    /// A house names a position outside the grid.
    #[error("house {} names {cell}, outside the {rows}x{columns} grid", house + 1)]
    Outside {
        /// The house.
        house: usize,
        /// The position named.
        cell: Cell,
        /// Rows of the grid.
        rows: usize,
        /// Columns of the grid.
        columns: usize,
    },
    /// A house names a cell twice.
    #[error("house {} names {cell} twice", house + 1)]
    Repeated {
        /// The house.
        house: usize,
        /// The cell.
        cell: Cell,
    },
    /// A house names a hole of the cells picture.
    #[error("house {} names {cell}, which is not a cell of the shape", house + 1)]
    Hole {
        /// The house.
        house: usize,
        /// The position.
        cell: Cell,
    },
    /// A cell of the picture belongs to no house: nothing would constrain its value.
    #[error("{cell} belongs to no house")]
    Homeless {
        /// The cell.
        cell: Cell,
    },
}

/// A shape of any houses on a grid with holes. Immutable once built.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FreeShape {
    /// The bounding grid's rows and columns.
    rows: usize,
    columns: usize,
    /// Cells take values `1..=values`.
    values: usize,
    /// Every house as its cells, increasing; distinct houses, in the order first given.
    houses: Vec<Vec<usize>>,
    /// The position of every cell, increasing, and the cell at every position (`None` for a
    /// hole).
    positions: Vec<usize>,
    cell_at: Vec<Option<u32>>,
}

impl FreeShape {
    /// Builds a shape on a grid of `rows` by `columns` with values `1..=values`. `houses` name
    /// positions of the grid; `cells`, when given, flags every position (row by row) that is a
    /// cell, and each must then be in a house; without it the cells are the positions the houses
    /// name. A house given twice (the shared boxes of overlapping grids) is kept once.
    pub fn new(
        (rows, columns): (usize, usize),
        values: usize,
        cells: Option<&[bool]>,
        houses: &[Vec<Cell>],
    ) -> Result<FreeShape, FreeShapeError> {
        if values == 0 || values > MAX_SIZE {
            return Err(FreeShapeError::Values { values });
        }
        let positions = rows.saturating_mul(columns);
        if positions == 0 || rows > MAX_SIZE || columns > MAX_SIZE {
            return Err(FreeShapeError::Grid { rows, columns });
        }
        if houses.is_empty() {
            return Err(FreeShapeError::NoHouses);
        }
        let mut named = vec![false; positions];
        let mut by_position = Vec::with_capacity(houses.len());
        for (house, members) in houses.iter().enumerate() {
            let sorted = house_positions(house, members, (rows, columns), values)?;
            if let Some(picture) = cells {
                if picture.len() != positions {
                    return Err(FreeShapeError::Picture {
                        rows,
                        columns,
                        found: picture.len(),
                    });
                }
                if let Some(&hole) = sorted.iter().find(|&&p| !picture[p]) {
                    let cell = Cell::from_index(hole, columns);
                    return Err(FreeShapeError::Hole { house, cell });
                }
            }
            for &p in &sorted {
                named[p] = true;
            }
            by_position.push(sorted);
        }
        if let Some(picture) = cells {
            if let Some(p) = (0..positions).find(|&p| picture[p] && !named[p]) {
                let cell = Cell::from_index(p, columns);
                return Err(FreeShapeError::Homeless { cell });
            }
        }
        let mut cell_at = vec![None; positions];
        let mut cell_positions = Vec::new();
        for (p, _) in named.iter().enumerate().filter(|(_, &n)| n) {
            // At most MAX_POSITIONS cells: the number fits.
            cell_at[p] = Some(cell_positions.len() as u32);
            cell_positions.push(p);
        }
        let mut distinct: Vec<Vec<usize>> = Vec::with_capacity(by_position.len());
        for house in by_position {
            let cells: Vec<usize> = house
                .iter()
                .filter_map(|&p| cell_at[p].map(|c| c as usize))
                .collect();
            if !distinct.contains(&cells) {
                distinct.push(cells);
            }
        }
        Ok(FreeShape {
            rows,
            columns,
            values,
            positions: cell_positions,
            cell_at,
            houses: distinct,
        })
    }

    /// The names of the built-in layouts of overlapping grids, for [`gattai`](Self::gattai).
    pub const GATTAI: [&'static str; 5] = ["samurai", "twodoku", "butterfly", "flower", "sohei"];

    /// A built-in layout of overlapping 9x9 grids, each with its rows, columns and boxes:
    /// `samurai` (five grids on 21x21, the middle one sharing a corner box with each of the
    /// others), `twodoku` (two grids on 15x15 sharing a box), `butterfly` (four grids on 12x12,
    /// each overlapping the others in six rows or columns), `flower` (five grids on 21x21: a
    /// middle one and four petals, each sharing three boxes with it), `sohei` (four grids on
    /// 21x21 around an empty middle, each sharing a corner box with two others). `None` for
    /// another name.
    pub fn gattai(name: &str) -> Option<FreeShape> {
        let (size, corners): ((usize, usize), &[(usize, usize)]) = match name {
            "samurai" => ((21, 21), &[(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)]),
            "twodoku" => ((15, 15), &[(0, 0), (6, 6)]),
            "butterfly" => ((12, 12), &[(0, 0), (0, 3), (3, 0), (3, 3)]),
            "flower" => ((21, 21), &[(0, 6), (6, 0), (6, 6), (6, 12), (12, 6)]),
            "sohei" => ((21, 21), &[(0, 6), (6, 0), (6, 12), (12, 6)]),
            _ => return None,
        };
        let houses: Vec<Vec<Cell>> = corners
            .iter()
            .flat_map(|&corner| square_houses(corner, 3, 3))
            .collect();
        Some(FreeShape::new(size, 9, None, &houses).expect("the built-in layouts are valid"))
    }

    /// Rows of the bounding grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the bounding grid.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// The number of values: cells take `1..=values`.
    pub fn values(&self) -> usize {
        self.values
    }

    /// The number of cells (holes not counted).
    pub fn cell_count(&self) -> usize {
        self.positions.len()
    }

    /// The place of cell `cell` on the grid.
    pub fn cell_position(&self, cell: usize) -> Cell {
        Cell::from_index(self.positions[cell], self.columns)
    }

    /// The cell at `row`, `column` (from 0), or `None` for a hole or a place off the grid.
    pub fn cell_at(&self, row: usize, column: usize) -> Option<usize> {
        if row >= self.rows || column >= self.columns {
            return None;
        }
        self.cell_at[row * self.columns + column].map(|c| c as usize)
    }

    /// Every house, as its cells in increasing order.
    pub fn houses(&self) -> &[Vec<usize>] {
        &self.houses
    }

    /// Whether house `house` needs every value (it has as many cells as there are values);
    /// otherwise it needs each at most once.
    pub fn needs_all(&self, house: usize) -> bool {
        self.houses[house].len() == self.values
    }

    /// Whether every house needs every value, as the houses of a [`Shape`](super::Shape) do.
    pub fn all_full(&self) -> bool {
        (0..self.houses.len()).all(|h| self.needs_all(h))
    }
}

/// The rows, columns and boxes of a square grid of side `box_rows * box_columns` whose top-left
/// corner is at `corner`, as houses of positions.
pub(crate) fn square_houses(
    (top, left): (usize, usize),
    box_rows: usize,
    box_columns: usize,
) -> Vec<Vec<Cell>> {
    let n = box_rows * box_columns;
    let at = |row, column| Cell {
        row: top + row,
        column: left + column,
    };
    let rows = (0..n).map(|r| (0..n).map(|c| at(r, c)).collect());
    let columns = (0..n).map(|c| (0..n).map(|r| at(r, c)).collect());
    let boxes = (0..n).map(|b| {
        let (r0, c0) = (b / box_rows * box_rows, b % box_rows * box_columns);
        (0..n)
            .map(|k| at(r0 + k / box_columns, c0 + k % box_columns))
            .collect()
    });
    rows.chain(columns).chain(boxes).collect()
}

/// The positions of house `house`, increasing, checked: not empty, not more than the values,
/// on the grid, no cell twice.
fn house_positions(
    house: usize,
    members: &[Cell],
    (rows, columns): (usize, usize),
    values: usize,
) -> Result<Vec<usize>, FreeShapeError> {
    if members.is_empty() {
        return Err(FreeShapeError::EmptyHouse { house });
    }
    if let Some(&cell) = members
        .iter()
        .find(|c| c.row >= rows || c.column >= columns)
    {
        return Err(FreeShapeError::Outside {
            house,
            cell,
            rows,
            columns,
        });
    }
    let mut sorted: Vec<usize> = members.iter().map(|c| c.index(columns)).collect();
    sorted.sort_unstable();
    if let Some(pair) = sorted.windows(2).find(|w| w[0] == w[1]) {
        let cell = Cell::from_index(pair[0], columns);
        return Err(FreeShapeError::Repeated { house, cell });
    }
    if sorted.len() > values {
        return Err(FreeShapeError::HouseTooBig {
            house,
            cells: sorted.len(),
            values,
        });
    }
    Ok(sorted)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(row: usize, column: usize) -> Cell {
        Cell { row, column }
    }

    #[test]
    fn samurai_has_369_cells_and_131_houses() {
        let shape = FreeShape::gattai("samurai").unwrap();
        assert_eq!((shape.rows(), shape.columns(), shape.values()), (21, 21, 9));
        assert_eq!(shape.cell_count(), 369);
        assert_eq!(shape.houses().len(), 131);
        assert!(shape.all_full());
        assert_eq!(shape.cell_at(0, 9), None);
        assert_eq!(shape.cell_at(0, 12), Some(9));
        assert_eq!(shape.cell_position(9), at(0, 12));
        assert_eq!(shape.cell_at(21, 0), None);
    }

    #[test]
    fn every_gattai_layout_builds() {
        let cells = |name| FreeShape::gattai(name).unwrap().cell_count();
        assert_eq!(cells("twodoku"), 2 * 81 - 9);
        assert_eq!(cells("butterfly"), 144);
        assert_eq!(cells("flower"), 5 * 81 - 4 * 27);
        assert_eq!(cells("sohei"), 4 * 81 - 4 * 9);
        assert!(FreeShape::gattai("samurai!").is_none());
    }

    #[test]
    fn short_houses_need_values_at_most_once() {
        let houses = vec![vec![at(0, 0), at(0, 1)], vec![at(0, 1), at(0, 2), at(1, 1)]];
        let shape = FreeShape::new((2, 3), 3, None, &houses).unwrap();
        assert_eq!(shape.cell_count(), 4);
        assert!(!shape.needs_all(0));
        assert!(shape.needs_all(1));
        assert_eq!(shape.houses()[1], [1, 2, 3]);
    }

    #[test]
    fn bad_shapes_are_errors_that_name_the_house_and_cell() {
        let err = |cells: Option<&[bool]>, houses: &[Vec<Cell>]| {
            FreeShape::new((2, 2), 2, cells, houses)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(err(None, &[]), "the shape has no house");
        assert_eq!(err(None, &[vec![at(0, 0)], vec![]]), "house 2 has no cell");
        assert_eq!(
            err(None, &[vec![at(0, 0), at(0, 1), at(1, 1)]]),
            "house 1 has 3 cells, more than the 2 values"
        );
        assert_eq!(
            err(None, &[vec![at(0, 2)]]),
            "house 1 names row 1, column 3, outside the 2x2 grid"
        );
        assert_eq!(
            err(None, &[vec![at(1, 0), at(1, 0)]]),
            "house 1 names row 2, column 1 twice"
        );
        let picture = [true, false, true, true];
        assert_eq!(
            err(Some(&picture), &[vec![at(0, 0), at(0, 1)]]),
            "house 1 names row 1, column 2, which is not a cell of the shape"
        );
        assert_eq!(
            err(Some(&picture), &[vec![at(0, 0), at(1, 0)]]),
            "row 2, column 2 belongs to no house"
        );
        assert_eq!(
            err(Some(&picture[..3]), &[vec![at(0, 0)]]),
            "the cells give 3 positions, but a 2x2 grid has 4"
        );
        let values = FreeShape::new((2, 2), 0, None, &[vec![at(0, 0)]]).unwrap_err();
        assert_eq!(values, FreeShapeError::Values { values: 0 });
        let grid = FreeShape::new((0, 2), 2, None, &[vec![at(0, 0)]]).unwrap_err();
        assert_eq!(
            grid,
            FreeShapeError::Grid {
                rows: 0,
                columns: 2
            }
        );
    }
}
