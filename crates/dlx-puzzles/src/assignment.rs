//! Assignments and transversals as exact cover, and random prices for any problem's options:
//! the min-cost problems of [`dlx_core::cost`].
//!
//! - The **assignment** of order `n`: workers `w0…` and jobs `j0…` are primary items, and each
//!   pair `wi jj` is an option (worker `i` takes job `j`). Every permutation is a solution; with
//!   prices, the cheapest is the classic assignment problem.
//! - A **transversal** of the cyclic Latin square of order `n` (cell `(r, c)` holds
//!   `(r + c) mod n`): rows `r0…`, columns `c0…` and symbols `s0…` are primary items, and each
//!   cell `ri cj sk` is an option. A solution picks one cell in every row and column with every
//!   symbol once; there are none for even `n` (Euler), 3 for `n = 3`, 15 for `n = 5`.
//! - [`random_prices`] gives every option of a problem a price drawn from a seeded stream, so a
//!   benchmark is the same problem on every machine.
//!
//! ```
//! use dlx_core::{Engine, Search};
//! use dlx_puzzles::assignment::Assignment;
//!
//! let transversals = Assignment::transversal(5).unwrap();
//! let mut search = Search::new(transversals.problem());
//! search.count();
//! assert_eq!(search.stats().solutions, 15);
//! ```

use std::fmt;

use dlx_core::rng::Rng;
use dlx_core::{BuildError, Entry, Problem, ProblemBuilder};
use thiserror::Error;

use crate::base36;
use crate::DecodeError;

/// The largest order [`Assignment`] builds (a million cells).
pub const MAX_ORDER: usize = 1000;

/// Why an assignment or transversal problem cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum AssignmentError {
    /// The order is 0 or larger than [`MAX_ORDER`].
    #[error("the order must be between 1 and {MAX_ORDER}, not {0}")]
    Order(usize),
    /// The engine refused the problem.
    #[error(transparent)]
    Build(#[from] BuildError),
}

/// An assignment or transversal problem of order `n`: one option per cell of an `n`×`n` grid.
#[derive(Clone, Debug)]
pub struct Assignment {
    order: usize,
    /// Whether the cells also carry the cyclic Latin square's symbols.
    latin: bool,
    problem: Problem,
}

impl Assignment {
    /// The assignment of `n` workers to `n` jobs: option `n·i + j` is worker `i` taking job `j`.
    pub fn workers(n: usize) -> Result<Assignment, AssignmentError> {
        Assignment::new(n, false)
    }

    /// The transversals of the cyclic Latin square of order `n`: option `n·r + c` is the cell
    /// in row `r` and column `c`, holding symbol `(r + c) mod n`.
    pub fn transversal(n: usize) -> Result<Assignment, AssignmentError> {
        Assignment::new(n, true)
    }

    fn new(n: usize, latin: bool) -> Result<Assignment, AssignmentError> {
        if n == 0 || n > MAX_ORDER {
            return Err(AssignmentError::Order(n));
        }
        let width = base36::width(n - 1);
        let mut builder = ProblemBuilder::new();
        let prefixes: &[&str] = if latin { &["r", "c", "s"] } else { &["w", "j"] };
        for prefix in prefixes {
            for k in 0..n {
                builder.primary(base36::name(prefix, k, width))?;
            }
        }
        for r in 0..n {
            for c in 0..n {
                let mut entries = vec![Entry::plain(r), Entry::plain(n + c)];
                if latin {
                    entries.push(Entry::plain(2 * n + (r + c) % n));
                }
                builder.option(entries)?;
            }
        }
        Ok(Assignment {
            order: n,
            latin,
            problem: builder.build()?,
        })
    }

    /// The order `n`.
    pub fn order(&self) -> usize {
        self.order
    }

    /// The exact-cover problem (without prices: see [`random_prices`]).
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// Reads a solution (option numbers) as the grid's chosen cells.
    pub fn decode(&self, options: &[usize]) -> Result<Choice, DecodeError> {
        let n = self.order;
        let mut chosen: Vec<Option<usize>> = vec![None; n];
        let mut columns = vec![false; n];
        let mut symbols = vec![false; n];
        for &option in options {
            if option >= n * n {
                return Err(DecodeError::UnknownOption(option));
            }
            let (r, c) = (option / n, option % n);
            let symbol = (r + c) % n;
            if chosen[r].replace(c).is_some() {
                return Err(DecodeError::Twice(format!("row {r}")));
            }
            if std::mem::replace(&mut columns[c], true) {
                return Err(DecodeError::Twice(format!("column {c}")));
            }
            if self.latin && std::mem::replace(&mut symbols[symbol], true) {
                return Err(DecodeError::Twice(format!("symbol {symbol}")));
            }
        }
        let columns = chosen
            .into_iter()
            .enumerate()
            .map(|(r, c)| c.ok_or_else(|| DecodeError::Uncovered(format!("row {r}"))))
            .collect::<Result<_, _>>()?;
        Ok(Choice {
            latin: self.latin,
            columns,
        })
    }
}

crate::model::impl_model!(Assignment);

/// The chosen cell of every row of an assignment or transversal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Choice {
    latin: bool,
    /// The column chosen in each row.
    columns: Vec<usize>,
}

/// The grid, one line per row: `#` at the chosen cell of an assignment, the symbol (in base 36)
/// at the chosen cell of a transversal, `.` elsewhere.
impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.columns.len();
        for (r, &chosen) in self.columns.iter().enumerate() {
            let line: String = (0..n)
                .map(|c| match (c == chosen, self.latin) {
                    (false, _) => '.',
                    (true, false) => '#',
                    (true, true) => {
                        std::char::from_digit(((r + c) % n % 36) as u32, 36).unwrap_or('#')
                    }
                })
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// `problem` with every option priced from `0` to `max` (inclusive), drawn from the stream
/// `seed`: the same seed prices the same problem alike on every machine.
pub fn random_prices(problem: &Problem, seed: u64, max: u64) -> Result<Problem, BuildError> {
    let mut rng = Rng::new(seed, 0);
    let costs = (0..problem.option_count())
        .map(|_| match max.checked_add(1) {
            Some(span) => rng.next_u64() % span,
            None => rng.next_u64(),
        })
        .collect();
    problem.with_costs(costs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_core::Search;

    fn count(problem: &Problem) -> u64 {
        let mut search = Search::new(problem);
        search.count();
        search.stats().solutions
    }

    #[test]
    fn assignments_are_permutations_and_transversals_are_known() {
        let mut factorial = 1;
        for n in 1..=6 {
            factorial *= n as u64;
            let a = Assignment::workers(n).unwrap();
            assert_eq!(count(a.problem()), factorial, "n = {n}");
        }
        // Transversals of the cyclic Latin square (OEIS A006717).
        for (n, expected) in [(1, 1), (2, 0), (3, 3), (4, 0), (5, 15), (7, 133), (9, 2025)] {
            let t = Assignment::transversal(n).unwrap();
            assert_eq!(count(t.problem()), expected, "n = {n}");
        }
    }

    #[test]
    fn solutions_are_drawn_and_bad_ones_named() {
        let t = Assignment::transversal(3).unwrap();
        // Cells (0,0) (1,2) (2,1): symbols 0, 0 — a clash; (0,0) (1,1) (2,2): symbols 0, 2, 1.
        assert_eq!(t.decode(&[0, 4, 8]).unwrap().to_string(), "0..\n.2.\n..1\n");
        assert_eq!(
            t.decode(&[0, 5, 7]).unwrap_err(),
            DecodeError::Twice("symbol 0".into())
        );
        let a = Assignment::workers(2).unwrap();
        assert_eq!(a.decode(&[1, 2]).unwrap().to_string(), ".#\n#.\n");
        assert_eq!(
            a.decode(&[1]).unwrap_err(),
            DecodeError::Uncovered("row 1".into())
        );
        assert_eq!(
            Assignment::workers(0).unwrap_err(),
            AssignmentError::Order(0)
        );
    }

    #[test]
    fn prices_are_seeded_and_bounded() {
        let a = Assignment::workers(6).unwrap();
        let one = random_prices(a.problem(), 7, 9).unwrap();
        let again = random_prices(a.problem(), 7, 9).unwrap();
        let other = random_prices(a.problem(), 8, 9).unwrap();
        let costs = |p: &Problem| (0..p.option_count()).map(|o| p.cost(o)).collect::<Vec<_>>();
        assert_eq!(costs(&one), costs(&again));
        assert_ne!(costs(&one), costs(&other));
        assert!(costs(&one).iter().all(|&c| c <= 9));
        assert!(costs(&one).contains(&9) && costs(&one).contains(&0));
        assert!(random_prices(a.problem(), 7, u64::MAX).is_err());
    }
}
