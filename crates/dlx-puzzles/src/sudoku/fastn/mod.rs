//! A fast path for Sudoku of any shape up to 64x64: the same exact cover, held as bit masks.
//!
//! The general path builds the exact-cover matrix of a shape and runs dancing links on it. This
//! module solves the same problem for any [`Shape`](super::Shape) of side at most 64 (boxes of
//! any size, jigsaw regions, extra regions):
//! - each cell's remaining values are one `u64`, and the houses and peers of every cell are
//!   tables computed once per shape;
//! - forced moves (an item with one option left: a cell with one value, or a house with one place
//!   for a value) are applied until none is left, and an item with no option left ends the
//!   branch;
//! - the search branches on a cell with the fewest values, copying the board instead of undoing
//!   moves, on an explicit stack whose buffers are reused from puzzle to puzzle.
//!
//! [`SolverN`] is the entry point; [`Rejected`] reports givens that do not fit.

mod board;
mod solver;
mod tables;

pub use solver::{Rejected, SolverN};
pub use tables::MAX_SIDE;
