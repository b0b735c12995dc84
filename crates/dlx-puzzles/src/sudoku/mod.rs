//! Sudoku of any shape as exact cover.
//!
//! - [`puzzle`]: a puzzle as read from text (cells, shape hints, layout) and what is printed for it.

pub mod fast9;
pub mod puzzle;

pub use puzzle::{Alphabet, Answer, Layout, Puzzle, ShapeHint, Verdict};
