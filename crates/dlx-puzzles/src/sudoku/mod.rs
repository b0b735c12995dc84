//! Sudoku of any shape as exact cover.
//!
//! - [`puzzle`]: a puzzle as read from text (cells, shape hints, layout) and what is printed for it.
//! - [`shape`]: the side of the grid and its houses: boxes, jigsaw regions, extra regions.
//! - [`validate`]: checks a solution against its shape and givens.

pub mod puzzle;
pub mod shape;
pub mod validate;

pub use puzzle::{Alphabet, Answer, Layout, Puzzle, ShapeHint, Verdict};
pub use shape::{Cell, House, Shape, ShapeError};
pub use validate::{validate, Invalid};
