//! The cell encoding of the HDU 4069 "Squiggly Sudoku" judge problem: each cell is one integer,
//! its low 4 bits the digit (`0` empty) and bits 16, 32, 64, 128 walls on its top, right,
//! bottom and left. Two orthogonal neighbours are in the same region when neither carries the
//! wall between them; border walls are ignored.

use super::exact_root;
use crate::plural::plural;

/// Wall above the cell.
pub const WALL_TOP: u32 = 16;
/// Wall right of the cell.
pub const WALL_RIGHT: u32 = 32;
/// Wall below the cell.
pub const WALL_BOTTOM: u32 = 64;
/// Wall left of the cell.
pub const WALL_LEFT: u32 = 128;

/// Why wall-encoded cells do not make a jigsaw. Rows and columns are 1-based.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WallError {
    /// The number of cells is not `n * n` for some `n` from 1 to 15 (the digit has 4 bits).
    #[error("expected n x n cells with n from 1 to 15, found {cells}")]
    NotSquare {
        /// Cells given.
        cells: usize,
    },
    /// Layout and cells of different lengths (when writing).
    #[error(
        "expected as many regions as cells, found {} for {}",
        plural(*regions, "region"),
        plural(*cells, "cell")
    )]
    Mismatch {
        /// Cells given.
        cells: usize,
        /// Regions given.
        regions: usize,
    },
    /// A value with bits above the four wall bits.
    #[error(
        "row {row}, column {column}: value {value} has bits above 255 \
         (expected a digit plus walls 16, 32, 64, 128)"
    )]
    Bits {
        /// Row of the cell.
        row: usize,
        /// Column of the cell.
        column: usize,
        /// The value.
        value: u32,
    },
    /// A digit larger than the grid.
    #[error("row {row}, column {column}: digit {digit} is larger than the grid side {size}")]
    Digit {
        /// Row of the cell.
        row: usize,
        /// Column of the cell.
        column: usize,
        /// The digit (low 4 bits).
        digit: u32,
        /// The grid side.
        size: usize,
    },
    /// The walls cut the grid into the wrong number of regions.
    #[error("the walls make {} (expected {expected})", plural(*found, "region"))]
    RegionCount {
        /// Regions found.
        found: usize,
        /// Regions expected (the grid side).
        expected: usize,
    },
    /// A region of the wrong size.
    #[error(
        "row {row}, column {column}: the region of this cell has {} (expected {expected})",
        plural(*cells, "cell")
    )]
    RegionSize {
        /// Row of the region's first cell.
        row: usize,
        /// Column of the region's first cell.
        column: usize,
        /// Cells in the region.
        cells: usize,
        /// Cells expected (the grid side).
        expected: usize,
    },
}

/// The side of a grid of `cells` cells, if the wall encoding can hold it.
fn side(cells: usize) -> Result<usize, WallError> {
    exact_root(cells)
        .filter(|n| (1..=15).contains(n))
        .ok_or(WallError::NotSquare { cells })
}

/// Decodes wall-encoded cells, row by row: the digits (`0` empty) and the region of each cell,
/// numbered `0..n` by first appearance. Fails unless the walls make `n` regions of `n` cells.
pub fn regions_from_walls(values: &[u32]) -> Result<(Vec<u16>, Vec<u16>), WallError> {
    let n = side(values.len())?;
    let mut cells = Vec::with_capacity(values.len());
    for (i, &value) in values.iter().enumerate() {
        let (row, column) = (i / n + 1, i % n + 1);
        if value > 0xff {
            return Err(WallError::Bits { row, column, value });
        }
        let digit = value & 15;
        if digit as usize > n {
            return Err(WallError::Digit {
                row,
                column,
                digit,
                size: n,
            });
        }
        cells.push(digit as u16);
    }
    let open_right = |i: usize| values[i] & WALL_RIGHT == 0 && values[i + 1] & WALL_LEFT == 0;
    let open_down = |i: usize| values[i] & WALL_BOTTOM == 0 && values[i + n] & WALL_TOP == 0;
    let mut regions = vec![u16::MAX; values.len()];
    let mut sizes: Vec<(usize, usize)> = Vec::new();
    let mut stack = Vec::new();
    for start in 0..values.len() {
        if regions[start] != u16::MAX {
            continue;
        }
        let id = sizes.len();
        if id >= n {
            return Err(WallError::RegionCount {
                found: count_regions(values, n),
                expected: n,
            });
        }
        regions[start] = id as u16;
        stack.push(start);
        let mut size = 0;
        while let Some(i) = stack.pop() {
            size += 1;
            let (r, c) = (i / n, i % n);
            let neighbours = [
                (c + 1 < n && open_right(i)).then(|| i + 1),
                (c > 0 && open_right(i - 1)).then(|| i - 1),
                (r + 1 < n && open_down(i)).then(|| i + n),
                (r > 0 && open_down(i - n)).then(|| i - n),
            ];
            for next in neighbours.into_iter().flatten() {
                if regions[next] == u16::MAX {
                    regions[next] = id as u16;
                    stack.push(next);
                }
            }
        }
        sizes.push((start, size));
    }
    if sizes.len() != n {
        return Err(WallError::RegionCount {
            found: sizes.len(),
            expected: n,
        });
    }
    if let Some(&(start, size)) = sizes.iter().find(|(_, size)| *size != n) {
        return Err(WallError::RegionSize {
            row: start / n + 1,
            column: start % n + 1,
            cells: size,
            expected: n,
        });
    }
    Ok((cells, regions))
}

/// The number of regions the walls make (for the error message when there are too many).
fn count_regions(values: &[u32], n: usize) -> usize {
    let mut parent: Vec<usize> = (0..values.len()).collect();
    fn find(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for i in 0..values.len() {
        let (r, c) = (i / n, i % n);
        let mut join = |a: usize, b: usize| {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            parent[ra] = rb;
        };
        if c + 1 < n && values[i] & WALL_RIGHT == 0 && values[i + 1] & WALL_LEFT == 0 {
            join(i, i + 1);
        }
        if r + 1 < n && values[i] & WALL_BOTTOM == 0 && values[i + n] & WALL_TOP == 0 {
            join(i, i + n);
        }
    }
    (0..values.len())
        .filter(|&i| find(&mut parent, i) == i)
        .count()
}

/// Encodes digits (`0` empty) and a region layout as wall-encoded cells: every wall between two
/// regions is recorded on both sides, and every border cell carries its outer wall, as in the
/// judge's samples.
pub fn walls_from_regions(cells: &[u16], regions: &[u16]) -> Result<Vec<u32>, WallError> {
    let n = side(cells.len())?;
    if regions.len() != cells.len() {
        return Err(WallError::Mismatch {
            cells: cells.len(),
            regions: regions.len(),
        });
    }
    let mut values = Vec::with_capacity(cells.len());
    for (i, &digit) in cells.iter().enumerate() {
        let (r, c) = (i / n, i % n);
        if usize::from(digit) > n {
            return Err(WallError::Digit {
                row: r + 1,
                column: c + 1,
                digit: u32::from(digit),
                size: n,
            });
        }
        let differs = |j: usize| regions[j] != regions[i];
        let mut value = u32::from(digit);
        if r == 0 || differs(i - n) {
            value |= WALL_TOP;
        }
        if c + 1 == n || differs(i + 1) {
            value |= WALL_RIGHT;
        }
        if r + 1 == n || differs(i + n) {
            value |= WALL_BOTTOM;
        }
        if c == 0 || differs(i - 1) {
            value |= WALL_LEFT;
        }
        values.push(value);
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first case of the judge's sample input.
    fn sample() -> Vec<u32> {
        include_str!("../../../tests/data/formats/hdu4069_sample.in")
            .lines()
            .skip(1)
            .take(9)
            .flat_map(str::split_whitespace)
            .map(|t| t.parse().unwrap())
            .collect()
    }

    #[test]
    fn decodes_the_judge_sample() {
        let (cells, regions) = regions_from_walls(&sample()).unwrap();
        let givens: String = cells
            .iter()
            .map(|&v| {
                if v == 0 {
                    '.'
                } else {
                    char::from(b'0' + v as u8)
                }
            })
            .collect();
        assert_eq!(
            givens,
            ".2...96..763.9.12.9...27....4....7.51.7.6.8.28.2....5....67...9.79.1.583..83...4."
        );
        let layout: String = regions
            .iter()
            .map(|&r| char::from(b'1' + r as u8))
            .collect();
        assert_eq!(
            layout,
            "111222233114442233114552333114522633444555666774885699777855699778866699778888999"
        );
    }

    #[test]
    fn round_trips_through_walls() {
        let (cells, regions) = regions_from_walls(&sample()).unwrap();
        let values = walls_from_regions(&cells, &regions).unwrap();
        assert_eq!(regions_from_walls(&values).unwrap(), (cells, regions));
        assert_eq!(values, sample());
    }

    #[test]
    fn errors() {
        assert_eq!(
            regions_from_walls(&[0; 5]),
            Err(WallError::NotSquare { cells: 5 })
        );
        assert_eq!(
            regions_from_walls(&[0; 256]),
            Err(WallError::NotSquare { cells: 256 })
        );
        let mut values = sample();
        values[10] = 300;
        assert_eq!(
            regions_from_walls(&values),
            Err(WallError::Bits {
                row: 2,
                column: 2,
                value: 300
            })
        );
        // No walls at all: one region of 4 cells in a 2x2 grid.
        assert_eq!(
            regions_from_walls(&[0, 0, 0, 0]),
            Err(WallError::RegionCount {
                found: 1,
                expected: 2
            })
        );
        // Every cell walled in: four regions.
        assert_eq!(
            regions_from_walls(&[240, 240, 240, 240]),
            Err(WallError::RegionCount {
                found: 4,
                expected: 2
            })
        );
        // Two regions of 1 and 3 cells.
        assert_eq!(
            regions_from_walls(&[32 + 64, 128, 16, 0]),
            Err(WallError::RegionSize {
                row: 1,
                column: 1,
                cells: 1,
                expected: 2
            })
        );
        assert_eq!(
            regions_from_walls(&[3, 0, 0, 0]),
            Err(WallError::Digit {
                row: 1,
                column: 1,
                digit: 3,
                size: 2
            })
        );
        assert_eq!(
            walls_from_regions(&[0; 4], &[0; 3]),
            Err(WallError::Mismatch {
                cells: 4,
                regions: 3
            })
        );
    }
}
