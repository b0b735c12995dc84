//! The one check of a puzzle's givens against its shape, and the one way to say what is wrong.
//!
//! Every solving path takes givens that [`Shape::check_givens`] accepts. The specialised paths
//! refuse wrong givens as they place them, at no cost to good ones, and only then is the check
//! run to word the error; the general path runs it before forcing the givens. So every path
//! reports the same [`GivensError`] for the same givens.

use thiserror::Error;

use super::shape::{Cell, House, Shape};
use crate::plural::plural;

/// Two givens with the same value in one house.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("value {value} is given twice in {house}: at {first} and at {second}")]
pub struct Clash {
    /// The value given twice.
    pub value: u16,
    /// The earlier of the two cells, row by row.
    pub first: Cell,
    /// The later of the two cells.
    pub second: Cell,
    /// The house holding both.
    pub house: House,
}

/// Why givens cannot be placed on a shape.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GivensError {
    /// Two givens clash directly in a house.
    #[error(transparent)]
    Clash(#[from] Clash),
    /// The givens do not have one entry per cell.
    #[error("{} given, but the grid has {expected}", plural(*found, "cell"))]
    Length {
        /// `n²`.
        expected: usize,
        /// Cells given.
        found: usize,
    },
    /// A value above the side of the grid.
    #[error("{cell} holds {value}, but values go from 1 to {size}")]
    Value {
        /// The cell.
        cell: Cell,
        /// The value found.
        value: u16,
        /// The side of the grid.
        size: usize,
    },
    /// A given that its cell's pencil marks do not list (a model with candidates).
    #[error("{cell} holds {value}, which is not among its candidates")]
    RuledOut {
        /// The cell.
        cell: Cell,
        /// The value given.
        value: u16,
    },
}

impl Shape {
    /// Checks that `givens` has one value `0..=n` per cell (`0` for empty) and that no value is
    /// given twice in a house. Reports the first problem in cell order: a clash at the later of
    /// its two cells, in the first of that cell's houses that holds the value already (rows,
    /// then columns, regions and extra regions).
    pub fn check_givens(&self, givens: &[u16]) -> Result<(), GivensError> {
        let n = self.size();
        if givens.len() != n * n {
            return Err(GivensError::Length {
                expected: n * n,
                found: givens.len(),
            });
        }
        // Where each value was first given in each house: 1 + the cell, or 0.
        let houses: Vec<House> = self.houses().collect();
        let mut seen = vec![0usize; houses.len() * n];
        let mut houses_of = vec![Vec::new(); n * n];
        for (h, &house) in houses.iter().enumerate() {
            for cell in self.cells(house) {
                houses_of[cell].push(h);
            }
        }
        for (cell, &value) in givens.iter().enumerate() {
            if usize::from(value) > n {
                return Err(GivensError::Value {
                    cell: Cell::from_index(cell, n),
                    value,
                    size: n,
                });
            }
            if value == 0 {
                continue;
            }
            for &h in &houses_of[cell] {
                let first = &mut seen[h * n + usize::from(value) - 1];
                if *first != 0 {
                    return Err(GivensError::Clash(Clash {
                        value,
                        first: Cell::from_index(*first - 1, n),
                        second: Cell::from_index(cell, n),
                        house: houses[h],
                    }));
                }
                *first = cell + 1;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4x4 grid of givens: each `(cell, value)` of `placed`, the other cells empty.
    fn givens(placed: &[(usize, u16)]) -> Vec<u16> {
        let mut givens = vec![0; 16];
        for &(cell, value) in placed {
            givens[cell] = value;
        }
        givens
    }

    /// The clash `shape` finds among the givens `placed`, if it finds one.
    fn clash(shape: &Shape, placed: &[(usize, u16)]) -> Option<Clash> {
        match shape.check_givens(&givens(placed)) {
            Err(GivensError::Clash(clash)) => Some(clash),
            _ => None,
        }
    }

    #[test]
    fn clashes_name_the_house_and_both_cells() {
        let shape = Shape::standard(4).unwrap();
        let err = shape.check_givens(&givens(&[(1, 3), (3, 3)])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "value 3 is given twice in row 1: at row 1, column 2 and at row 1, column 4"
        );
        assert_eq!(
            clash(&shape, &[(0, 2), (5, 2)]),
            Some(Clash {
                value: 2,
                first: Cell { row: 0, column: 0 },
                second: Cell { row: 1, column: 1 },
                house: House::Box(0),
            })
        );
        let column = clash(&shape, &[(0, 2), (12, 2)]).map(|clash| clash.house);
        assert_eq!(column, Some(House::Column(0)));
    }

    #[test]
    fn bad_givens_are_errors() {
        let shape = Shape::standard(4).unwrap();
        assert_eq!(
            shape.check_givens(&[0; 15]),
            Err(GivensError::Length {
                expected: 16,
                found: 15
            })
        );
        assert_eq!(
            shape
                .check_givens(&givens(&[(6, 5)]))
                .unwrap_err()
                .to_string(),
            "row 2, column 3 holds 5, but values go from 1 to 4"
        );
        assert_eq!(shape.check_givens(&[0; 16]), Ok(()));
    }

    #[test]
    fn extra_clashes_are_found() {
        let shape = Shape::standard(4).unwrap().with_diagonals();
        let found = clash(&shape, &[(3, 1), (6, 2), (12, 1)]).unwrap();
        assert_eq!((found.house, found.value), (House::Extra(1), 1));
    }
}
