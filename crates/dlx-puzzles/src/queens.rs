//! The N-queens problem as exact cover.
//!
//! Place `n` queens on an `n`×`n` board so that no two share a row, a column or a diagonal. Every
//! row and every column holds exactly one queen, so rows and columns are primary items; a diagonal
//! holds at most one, so diagonals are secondary items. The option "queen on row `r`, column `c`"
//! covers `r<r>`, `c<c>`, the diagonal `a<r+c>` and the anti-diagonal `b<n-1-r+c>` (numbers in base
//! 36, as in Knuth's `queens-dlx`).
//!
//! ```
//! use dlx_core::Search;
//! use dlx_puzzles::queens::{Order, Queens};
//!
//! let queens = Queens::new(4, Order::OrganPipe).unwrap();
//! let mut search = Search::new(queens.problem());
//! let first = search.solutions().next().unwrap();
//! assert_eq!(queens.decode(&first).unwrap().to_string(), ".Q..\n...Q\nQ...\n..Q.\n");
//! ```

use std::fmt;

use dlx_core::{BuildError, Entry, Problem, ProblemBuilder};
use thiserror::Error;

use crate::base36;
use crate::DecodeError;

/// The largest board [`Queens::new`] accepts: `MAX_N`×`MAX_N`.
pub const MAX_N: usize = 1000;

/// The order of the items, which decides where the search branches first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Order {
    /// Rows `r0 r1 …`, then columns `c0 c1 …`; all `2n-1` diagonals `a0 …`, then all `2n-1`
    /// anti-diagonals `b0 …`.
    Plain,
    /// Knuth's "organ-pipe" order, as his `queens-dlx` writes it: the middle row and column first,
    /// then alternately outwards (`r4 c4 r3 c3 r5 c5 …` for `n = 8`), and the diagonals interleaved
    /// (`a1 b1 a2 b2 …`) without the four one-square diagonals at the corners, which no two queens
    /// can share. It makes the search much smaller.
    #[default]
    OrganPipe,
}

/// Why a queens problem cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum QueensError {
    /// The board must have at least one row.
    #[error("the board must have at least one row (n ≥ 1)")]
    Empty,
    /// The board is larger than [`MAX_N`].
    #[error("{0} queens is too many (at most {MAX_N})")]
    TooLarge(usize),
    /// The engine refused the problem.
    #[error(transparent)]
    Build(#[from] BuildError),
}

/// The `n`-queens problem, built once and ready to search.
#[derive(Clone, Debug)]
pub struct Queens {
    n: usize,
    problem: Problem,
    /// The square `(row, column)` of each option.
    squares: Vec<(usize, usize)>,
}

impl Queens {
    /// Builds the problem for an `n`×`n` board with the items in `order`.
    ///
    /// The options are the squares in row-major order, so option `r·n + c` puts a queen on row `r`,
    /// column `c`.
    pub fn new(n: usize, order: Order) -> Result<Queens, QueensError> {
        if n == 0 {
            return Err(QueensError::Empty);
        }
        if n > MAX_N {
            return Err(QueensError::TooLarge(n));
        }
        let mut builder = ProblemBuilder::new();
        let diagonals = 2 * n - 1;
        let line_width = base36::width(n - 1);
        let diagonal_width = base36::width(diagonals - 1);
        let mut rows = vec![None; n];
        let mut columns = vec![None; n];
        let mut sums = vec![None; diagonals];
        let mut differences = vec![None; diagonals];
        match order {
            Order::Plain => {
                for (r, row) in rows.iter_mut().enumerate() {
                    *row = Some(builder.primary(base36::name("r", r, line_width))?);
                }
                for (c, column) in columns.iter_mut().enumerate() {
                    *column = Some(builder.primary(base36::name("c", c, line_width))?);
                }
                for (d, sum) in sums.iter_mut().enumerate() {
                    *sum = Some(builder.secondary(base36::name("a", d, diagonal_width))?);
                }
                for (d, difference) in differences.iter_mut().enumerate() {
                    *difference = Some(builder.secondary(base36::name("b", d, diagonal_width))?);
                }
            }
            Order::OrganPipe => {
                for j in 0..n {
                    let t = organ_pipe(n, j);
                    rows[t] = Some(builder.primary(base36::name("r", t, line_width))?);
                    columns[t] = Some(builder.primary(base36::name("c", t, line_width))?);
                }
                for d in 1..diagonals - 1 {
                    sums[d] = Some(builder.secondary(base36::name("a", d, diagonal_width))?);
                    differences[d] =
                        Some(builder.secondary(base36::name("b", d, diagonal_width))?);
                }
            }
        }
        let mut squares = Vec::with_capacity(n * n);
        for r in 0..n {
            for c in 0..n {
                let items = [rows[r], columns[c], sums[r + c], differences[n - 1 - r + c]];
                builder.option(items.into_iter().flatten().map(Entry::plain))?;
                squares.push((r, c));
            }
        }
        Ok(Queens {
            n,
            problem: builder.build()?,
            squares,
        })
    }

    /// The size of the board.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// Reads a solution (option numbers, as a [`dlx_core::Search`] gives them) as a placement.
    pub fn decode(&self, options: &[usize]) -> Result<QueensSolution, DecodeError> {
        let mut columns = vec![None; self.n];
        let mut used = vec![false; self.n];
        for &option in options {
            let &(r, c) = self
                .squares
                .get(option)
                .ok_or(DecodeError::UnknownOption(option))?;
            if columns[r].replace(c).is_some() {
                return Err(DecodeError::Twice(format!("row {r}")));
            }
            if std::mem::replace(&mut used[c], true) {
                return Err(DecodeError::Twice(format!("column {c}")));
            }
        }
        let columns = columns
            .into_iter()
            .enumerate()
            .map(|(r, c)| c.ok_or_else(|| DecodeError::Uncovered(format!("row {r}"))))
            .collect::<Result<_, _>>()?;
        Ok(QueensSolution { columns })
    }
}

/// The `j`-th row (or column) in organ-pipe order: the middle one, then alternately one above
/// and one below.
fn organ_pipe(n: usize, j: usize) -> usize {
    if j % 2 == 1 {
        (n - 1 - j) / 2
    } else {
        (n + j) / 2
    }
}

/// A solution of the queens problem: the column of the queen on each row.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct QueensSolution {
    columns: Vec<usize>,
}

impl QueensSolution {
    /// The column of the queen on each row, from row 0.
    pub fn columns(&self) -> &[usize] {
        &self.columns
    }
}

/// The board, one line per row: `Q` for a queen, `.` for an empty square.
impl fmt::Display for QueensSolution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.columns.len();
        for &column in &self.columns {
            let line: String = (0..n)
                .map(|c| if c == column { 'Q' } else { '.' })
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

crate::model::impl_model!(Queens);

#[cfg(test)]
mod tests {
    use dlx_core::{knuth, Search, Status};

    use super::*;

    fn count(n: usize, order: Order) -> u64 {
        let queens = Queens::new(n, order).unwrap();
        let mut search = Search::new(queens.problem());
        assert_eq!(search.count(), Status::Exhausted);
        search.stats().solutions
    }

    #[test]
    fn organ_pipe_starts_in_the_middle() {
        let order: Vec<usize> = (0..8).map(|j| organ_pipe(8, j)).collect();
        assert_eq!(order, [4, 3, 5, 2, 6, 1, 7, 0]);
        let order: Vec<usize> = (0..9).map(|j| organ_pipe(9, j)).collect();
        assert_eq!(order, [4, 3, 5, 2, 6, 1, 7, 0, 8]);
    }

    #[test]
    fn counts_small_boards_in_both_orders() {
        let known = [1, 0, 0, 2, 10, 4, 40, 92];
        for (n, &solutions) in (1..).zip(&known) {
            assert_eq!(count(n, Order::Plain), solutions, "n={n}, plain");
            assert_eq!(count(n, Order::OrganPipe), solutions, "n={n}, organ-pipe");
        }
    }

    #[test]
    fn writes_knuths_items() {
        let text = knuth::write(Queens::new(4, Order::OrganPipe).unwrap().problem());
        let mut lines = text.lines();
        assert_eq!(
            lines.next(),
            Some("r2 c2 r1 c1 r3 c3 r0 c0 | a1 b1 a2 b2 a3 b3 a4 b4 a5 b5")
        );
        assert_eq!(lines.next(), Some("r0 c0 b3"));
        assert_eq!(lines.next(), Some("r0 c1 a1 b4"));
        let text = knuth::write(Queens::new(2, Order::Plain).unwrap().problem());
        assert_eq!(
            text,
            "r0 r1 c0 c1 | a0 a1 a2 b0 b1 b2\nr0 c0 a0 b1\nr0 c1 a1 b2\nr1 c0 a1 b0\nr1 c1 a2 b1\n"
        );
    }

    #[test]
    fn one_queen_needs_no_diagonal() {
        let queens = Queens::new(1, Order::OrganPipe).unwrap();
        assert_eq!(knuth::write(queens.problem()), "r0 c0\nr0 c0\n");
        assert_eq!(queens.decode(&[0]).unwrap().to_string(), "Q\n");
    }

    #[test]
    fn large_boards_get_longer_names() {
        let queens = Queens::new(40, Order::Plain).unwrap();
        let p = queens.problem();
        assert_eq!(p.item_name(0), "r00");
        assert_eq!(p.item_name(39), "r13");
        assert_eq!(p.item_name(80), "a00");
    }

    #[test]
    fn rejects_empty_and_huge_boards() {
        assert_eq!(
            Queens::new(0, Order::Plain).unwrap_err(),
            QueensError::Empty
        );
        assert_eq!(
            Queens::new(MAX_N + 1, Order::Plain).unwrap_err(),
            QueensError::TooLarge(MAX_N + 1)
        );
    }

    #[test]
    fn decodes_options() {
        let queens = Queens::new(4, Order::Plain).unwrap();
        // Queens on (0,1), (1,3), (2,0), (3,2).
        let solution = queens.decode(&[1, 7, 8, 14]).unwrap();
        assert_eq!(solution.columns(), [1, 3, 0, 2]);
        assert_eq!(solution.to_string(), ".Q..\n...Q\nQ...\n..Q.\n");
    }
}
