//! Sudoku of any shape as exact cover.
//!
//! - [`puzzle`]: a puzzle as read from text (cells, shape hints, layout) and what is printed for it.
//! - [`shape`]: the side of the grid and its houses: boxes, jigsaw regions, extra regions.
//! - [`encode`]: a shape as an exact-cover problem, built once; givens as forced options.
//! - [`solve`]: a reusable [`Solver`]: first solution, count, uniqueness check.
//! - [`validate`]: checks a solution against its shape and givens.
//! - [`format`]: reading puzzles from text and writing answers.

pub mod encode;
#[path = "format_stub.rs"]
pub mod format;
pub mod puzzle;
pub mod shape;
pub mod solve;
pub mod validate;

pub use encode::{Clash, GivensError, Model};
pub use puzzle::{Alphabet, Answer, Layout, Puzzle, ShapeHint, Verdict};
pub use shape::{Cell, House, Shape, ShapeError};
pub use solve::{Check, Count, Solver};
pub use validate::{validate, Invalid};
