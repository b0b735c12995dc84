//! Givens that cannot stand together, found before any search.

use thiserror::Error;

/// A house of the 9x9 grid, numbered from 0: rows top to bottom, columns left to right, boxes
/// row by row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum House {
    /// Row `0..9`.
    Row(u8),
    /// Column `0..9`.
    Column(u8),
    /// Box `0..9`, row by row (box 1 is the top middle one).
    Box(u8),
}

impl std::fmt::Display for House {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            House::Row(i) => write!(f, "row {}", i + 1),
            House::Column(i) => write!(f, "column {}", i + 1),
            House::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

/// Givens that directly contradict each other, or a cell value out of range.
///
/// Cells are numbered `0..81` row by row; messages print rows, columns and houses from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum Clash {
    /// The same value is given twice in one house.
    #[error(
        "value {value} is given twice in {house}: at row {}, column {} and at row {}, column {}",
        first / 9 + 1, first % 9 + 1, second / 9 + 1, second % 9 + 1
    )]
    Duplicate {
        /// The repeated value, `1..=9`.
        value: u8,
        /// The earlier of the two cells, row by row.
        first: usize,
        /// The later of the two cells.
        second: usize,
        /// The house both cells belong to.
        house: House,
    },
    /// A cell holds a value above 9.
    #[error(
        "row {}, column {} holds {value}, but values go from 1 to 9 (0 for empty)",
        cell / 9 + 1, cell % 9 + 1
    )]
    BadValue {
        /// The cell, `0..81` row by row.
        cell: usize,
        /// The value found there.
        value: u8,
    },
}

/// Checks that every value is `0..=9` and that no value is given twice in a row, a column or a
/// box. Reports the first problem in cell order; a duplicate is reported at its second cell,
/// rows before columns before boxes.
pub(super) fn find_clash(cells: &[u8; 81]) -> Result<(), Clash> {
    // seen[house][value]: 1 + the cell where the value was first given in that house, or 0.
    let mut rows = [[0u8; 10]; 9];
    let mut cols = [[0u8; 10]; 9];
    let mut boxes = [[0u8; 10]; 9];
    for (cell, &value) in cells.iter().enumerate() {
        if value > 9 {
            return Err(Clash::BadValue { cell, value });
        }
        if value == 0 {
            continue;
        }
        let (r, c) = (cell / 9, cell % 9);
        let b = r / 3 * 3 + c / 3;
        let v = usize::from(value);
        let houses = [
            (&mut rows[r][v], House::Row(r as u8)),
            (&mut cols[c][v], House::Column(c as u8)),
            (&mut boxes[b][v], House::Box(b as u8)),
        ];
        for (seen, house) in houses {
            if *seen != 0 {
                return Err(Clash::Duplicate {
                    value,
                    first: usize::from(*seen - 1),
                    second: cell,
                    house,
                });
            }
            *seen = cell as u8 + 1;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicates_in_each_kind_of_house() {
        let mut g = [0u8; 81];
        g[0] = 5;
        g[8] = 5;
        assert_eq!(
            find_clash(&g),
            Err(Clash::Duplicate {
                value: 5,
                first: 0,
                second: 8,
                house: House::Row(0)
            })
        );
        let mut g = [0u8; 81];
        g[4] = 3;
        g[76] = 3;
        assert_eq!(
            find_clash(&g),
            Err(Clash::Duplicate {
                value: 3,
                first: 4,
                second: 76,
                house: House::Column(4)
            })
        );
        let mut g = [0u8; 81];
        g[30] = 9;
        g[50] = 9;
        assert_eq!(
            find_clash(&g),
            Err(Clash::Duplicate {
                value: 9,
                first: 30,
                second: 50,
                house: House::Box(4)
            })
        );
    }

    #[test]
    fn bad_values_are_errors() {
        let mut g = [0u8; 81];
        g[80] = 10;
        assert_eq!(
            find_clash(&g),
            Err(Clash::BadValue {
                cell: 80,
                value: 10
            })
        );
        let msg = Clash::BadValue {
            cell: 80,
            value: 10,
        }
        .to_string();
        assert!(msg.starts_with("row 9, column 9 holds 10"), "{msg}");
    }

    #[test]
    fn a_valid_grid_passes() {
        assert_eq!(find_clash(&[0u8; 81]), Ok(()));
    }
}
