//! Sudoku of any shape as exact cover.
//!
//! - [`puzzle`]: a puzzle as read from text (cells, shape hints, layout) and what is printed for it.
//! - [`format`](mod@format): the text formats: reading puzzles (line, block, JSON lines, jigsaw layouts,
//!   wall bits) and writing puzzles and answers in the layout they came in.

pub mod format;
pub mod puzzle;

pub use puzzle::{Alphabet, Answer, Layout, Puzzle, ShapeHint, Verdict};
