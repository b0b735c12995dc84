//! Checking a solution against its shape and givens, independently of how it was found.

use thiserror::Error;

use super::shape::{Cell, House, Shape};
use crate::plural::plural;

/// Why a grid is not a solution of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Invalid {
    /// The givens or the solution do not have one entry per cell.
    #[error("{}, but the grid has {expected}", plural(*found, "cell"))]
    Length {
        /// `n²`.
        expected: usize,
        /// Cells found.
        found: usize,
    },
    /// A cell of the solution is empty or holds a value above `n`.
    #[error("{cell} holds {value}, but values go from 1 to {size}")]
    Value {
        /// The cell.
        cell: Cell,
        /// The value found (`0` for empty).
        value: u16,
        /// The side of the grid.
        size: usize,
    },
    /// The solution changes a given.
    #[error("{cell} was given as {given} but holds {found}")]
    GivenChanged {
        /// The cell.
        cell: Cell,
        /// The given value.
        given: u16,
        /// The value in the solution.
        found: u16,
    },
    /// A house holds a value twice.
    #[error("value {value} appears twice in {house}: at {first} and at {second}")]
    Repeated {
        /// The house.
        house: House,
        /// The value.
        value: u16,
        /// The earlier cell.
        first: Cell,
        /// The later cell.
        second: Cell,
    },
}

/// Checks that `solution` fills every cell of `shape` with a value `1..=n`, keeps every given
/// (`0` in `givens` for an empty cell), and has every value once in every house: rows, columns,
/// regions and extra regions.
pub fn validate(shape: &Shape, givens: &[u16], solution: &[u16]) -> Result<(), Invalid> {
    let n = shape.size();
    let houses = shape.houses().map(|house| (house, shape.cells(house)));
    let size = (n, shape.cell_count());
    check(
        size,
        |cell| Cell::from_index(cell, n),
        houses,
        givens,
        solution,
    )
}

/// The check of [`validate`] for any cells and houses: `n` values, `cells` cells, `position`
/// the place of each cell, `houses` each with its cells, none of them longer than `n`.
pub(crate) fn check(
    (n, cells): (usize, usize),
    position: impl Fn(usize) -> Cell,
    houses: impl Iterator<Item = (House, Vec<usize>)>,
    givens: &[u16],
    solution: &[u16],
) -> Result<(), Invalid> {
    for found in [givens.len(), solution.len()] {
        if found != cells {
            return Err(Invalid::Length {
                expected: cells,
                found,
            });
        }
    }
    for (cell, (&given, &value)) in givens.iter().zip(solution).enumerate() {
        if value == 0 || usize::from(value) > n {
            return Err(Invalid::Value {
                cell: position(cell),
                value,
                size: n,
            });
        }
        if given != 0 && given != value {
            return Err(Invalid::GivenChanged {
                cell: position(cell),
                given,
                found: value,
            });
        }
    }
    // No house has more than n cells, so distinct values in 1..=n are every value once in a
    // house of n cells, and each at most once in a shorter one.
    let mut seen = vec![usize::MAX; n + 1];
    for (house, cells) in houses {
        seen.fill(usize::MAX);
        for cell in cells {
            let value = solution[cell];
            let earlier = seen[usize::from(value)];
            if earlier != usize::MAX {
                return Err(Invalid::Repeated {
                    house,
                    value,
                    first: position(earlier),
                    second: position(cell),
                });
            }
            seen[usize::from(value)] = cell;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID: [u16; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];

    #[test]
    fn accepts_a_solution() {
        let shape = Shape::standard(4).unwrap();
        assert_eq!(validate(&shape, &[0; 16], &GRID), Ok(()));
        let mut givens = [0; 16];
        givens[5] = 4;
        assert_eq!(validate(&shape, &givens, &GRID), Ok(()));
    }

    #[test]
    fn names_what_is_wrong() {
        let shape = Shape::standard(4).unwrap();
        let mut givens = [0; 16];
        givens[5] = 3;
        assert_eq!(
            validate(&shape, &givens, &GRID).unwrap_err().to_string(),
            "row 2, column 2 was given as 3 but holds 4"
        );
        let mut swapped = GRID;
        swapped.swap(0, 1);
        assert_eq!(
            validate(&shape, &[0; 16], &swapped)
                .unwrap_err()
                .to_string(),
            "value 2 appears twice in column 1: at row 1, column 1 and at row 3, column 1"
        );
        let mut empty = GRID;
        empty[3] = 0;
        assert!(matches!(
            validate(&shape, &[0; 16], &empty),
            Err(Invalid::Value { value: 0, .. })
        ));
        assert!(matches!(
            validate(&shape, &[0; 15], &GRID),
            Err(Invalid::Length { found: 15, .. })
        ));
    }

    #[test]
    fn checks_extra_regions() {
        let x = Shape::standard(4).unwrap().with_diagonals();
        assert_eq!(
            validate(&x, &[0; 16], &GRID),
            Err(Invalid::Repeated {
                house: House::Extra(0),
                value: 4,
                first: Cell { row: 1, column: 1 },
                second: Cell { row: 2, column: 2 },
            })
        );
    }
}
