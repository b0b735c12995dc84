//! A third engine: the problem as clauses, solved by a conflict-driven clause-learning SAT solver
//! (CaDiCaL; the encodings of `rustsat`). Behind the `sat` feature.
//!
//! Where a backtracking search proves the same dead end again in every branch, a clause-learning
//! solver learns it once; on hard instances with few or no solutions (large Sudoku, jigsaw layouts
//! that admit no grid) that is the difference between seconds and hours. It finds solutions one
//! at a time, each excluded by a clause before the next is looked for; it is not a counter: for
//! many solutions, count with [`crate::Search`] or [`crate::cells::Search`].
//!
//! - [`encode`](mod@encode): options as variables, items as constraints ([`Encoding`] chooses
//!   how at-most-one constraints are written);
//! - [`check`](mod@check): every model the solver returns is checked against the problem by
//!   [`check()`], written from the problem's definition alone, before it is reported;
//! - [`Search`]: one run, an [`Engine`](crate::Engine) like the others, with a solution limit
//!   and a [`Stop`](crate::Stop) (its node budget counts conflicts; the solver itself watches
//!   the deadline and the cancel flag).
//!
//! ```
//! use dlx_core::{knuth, sat, Engine, Status};
//!
//! let problem = knuth::parse("A B C | X\nA X\nB C\nA B\nC X\n").unwrap().problem;
//! let mut search = sat::Search::new(&problem).unwrap();
//! let mut found = Vec::new();
//! while search.step() == Status::Solution {
//!     let mut solution = search.solution().to_vec();
//!     solution.sort_unstable();
//!     found.push(solution);
//! }
//! found.sort();
//! assert_eq!(found, [[0, 1], [2, 3]]);
//! assert_eq!(search.sat_stats().solutions, 2);
//! ```

pub mod check;
pub mod encode;
mod search;
mod solver;

pub use check::{check, Invalid};
pub use encode::{AtMostOne, Encoding, Size};
pub use search::{Error, Search, Settings, Stats};
