//! The `n`×`n` 0/1 matrices with `k` ones in every row and every column, as exact cover with
//! multiplicities.
//!
//! Every row `r{i}` and every column `c{j}` is a primary item covered exactly `k` times
//! (`k|r0` in Knuth's format); every cell is an option, `r{i} c{j}`, a one there. The solutions
//! are the matrices: for `k = 2` the counts are OEIS A001499 (1, 6, 90, 2040, 67950, 3110940
//! for `n` = 2 to 7), a benchmark of Knuth's Algorithm M.
//!
//! ```
//! use dlx_core::{Engine, Search};
//! use dlx_puzzles::matrices::Matrices;
//!
//! let matrices = Matrices::new(3, 2).unwrap();
//! let mut search = Search::new(matrices.problem());
//! let first = search.solutions().next().unwrap();
//! assert_eq!(matrices.decode(&first).unwrap().to_string(), "110\n101\n011\n");
//! search.count();
//! assert_eq!(search.stats().solutions, 6);
//! ```

use std::fmt;

use dlx_core::{BuildError, Entry, Problem, ProblemBuilder};
use thiserror::Error;

use crate::DecodeError;

/// The largest side [`Matrices::new`] accepts.
pub const MAX_SIDE: usize = 1 << 10;

/// Why a matrices problem cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MatricesError {
    /// The side is 0 or above [`MAX_SIDE`].
    #[error("the side must be from 1 to {MAX_SIDE}, not {0}")]
    Side(usize),
    /// Every row must hold at least one 1 (and a count of 0 would have one solution only).
    #[error("the ones per row and column must be at least 1")]
    NoOnes,
    /// The engine refused the problem.
    #[error(transparent)]
    Build(#[from] BuildError),
}

/// The `n`×`n` 0/1 matrices with `k` ones in every row and column, built once.
#[derive(Clone, Debug)]
pub struct Matrices {
    side: usize,
    problem: Problem,
}

impl Matrices {
    /// The matrices of side `side` with `ones` ones per row and column. Option `side * i + j`
    /// is the cell of row `i`, column `j`.
    pub fn new(side: usize, ones: usize) -> Result<Matrices, MatricesError> {
        if side == 0 || side > MAX_SIDE {
            return Err(MatricesError::Side(side));
        }
        if ones == 0 {
            return Err(MatricesError::NoOnes);
        }
        // More ones than cells in a line: no solution, as the problem says.
        let times = u32::try_from(ones).unwrap_or(u32::MAX);
        let mut builder = ProblemBuilder::new();
        for line in ["r", "c"] {
            for k in 0..side {
                builder.primary_with_bounds(format!("{line}{k}"), times, times)?;
            }
        }
        for i in 0..side {
            for j in 0..side {
                builder.option([Entry::plain(i), Entry::plain(side + j)])?;
            }
        }
        Ok(Matrices {
            side,
            problem: builder.build()?,
        })
    }

    /// The side of the matrices.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// Reads a solution (option numbers) as a matrix.
    pub fn decode(&self, options: &[usize]) -> Result<Matrix, DecodeError> {
        let mut ones = vec![false; self.side * self.side];
        for &option in options {
            let cell = ones
                .get_mut(option)
                .ok_or(DecodeError::UnknownOption(option))?;
            if std::mem::replace(cell, true) {
                let (i, j) = (option / self.side, option % self.side);
                return Err(DecodeError::Twice(format!(
                    "the cell at row {i}, column {j}"
                )));
            }
        }
        Ok(Matrix {
            side: self.side,
            ones,
        })
    }
}

crate::model::impl_model!(Matrices);

/// A 0/1 matrix.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Matrix {
    side: usize,
    ones: Vec<bool>,
}

/// One line per row, `0` and `1`.
impl fmt::Display for Matrix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.ones.chunks(self.side) {
            let line: String = row.iter().map(|&one| if one { '1' } else { '0' }).collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_core::{cells, Search};

    /// The matrices counted row by row: each row a set of `ones` columns, no column used more
    /// than `ones` times, all of them exactly `ones` times at the end.
    fn brute_force(side: usize, ones: usize) -> u64 {
        fn rows(left: usize, side: usize, ones: usize, used: &mut [usize]) -> u64 {
            if left == 0 {
                return u64::from(used.iter().all(|&u| u == ones));
            }
            (0u32..1 << side)
                .filter(|mask| mask.count_ones() as usize == ones)
                .map(|mask| {
                    let columns = (0..side).filter(|&j| mask >> j & 1 == 1);
                    if columns.clone().any(|j| used[j] == ones) {
                        return 0;
                    }
                    columns.clone().for_each(|j| used[j] += 1);
                    let below = rows(left - 1, side, ones, used);
                    columns.for_each(|j| used[j] -= 1);
                    below
                })
                .sum()
        }
        rows(side, side, ones, &mut vec![0; side])
    }

    #[test]
    fn counts_agree_with_brute_force_and_oeis() {
        let mut two = Vec::new();
        for (side, ones) in (1..=5)
            .map(|n| (n, 2))
            .chain([(4, 3), (5, 3), (3, 1), (4, 1)])
        {
            let matrices = Matrices::new(side, ones).unwrap();
            let mut links = Search::new(matrices.problem());
            links.count();
            let mut cells = cells::Search::new(matrices.problem());
            cells.count();
            let expected = brute_force(side, ones);
            assert_eq!(links.stats().solutions, expected, "{side} {ones}");
            assert_eq!(cells.stats().solutions, expected, "{side} {ones}");
            if ones == 2 {
                two.push(expected);
            }
        }
        // OEIS A001499 from n = 1.
        assert_eq!(two, [0, 1, 6, 90, 2040]);
    }

    #[test]
    fn sizes_are_checked_and_solutions_drawn() {
        assert_eq!(Matrices::new(0, 2).unwrap_err(), MatricesError::Side(0));
        assert_eq!(Matrices::new(3, 0).unwrap_err(), MatricesError::NoOnes);
        let matrices = Matrices::new(2, 1).unwrap();
        assert_eq!(matrices.decode(&[0, 3]).unwrap().to_string(), "10\n01\n");
        assert_eq!(
            matrices.decode(&[4]).unwrap_err(),
            DecodeError::UnknownOption(4)
        );
        assert_eq!(
            matrices.decode(&[1, 1]).unwrap_err(),
            DecodeError::Twice("the cell at row 0, column 1".into())
        );
    }
}
