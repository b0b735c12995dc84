//! A fast path for Sudoku of any shape up to 64x64: the same exact cover, held as bit masks.
//!
//! The general path builds the exact-cover matrix of a shape and runs dancing links on it. This
//! module solves the same problem for any [`Shape`](super::Shape) of side at most 64 (boxes of
//! any size, jigsaw regions, extra regions):
//! - each cell's remaining values are one `u64`, and each value's remaining places are a set of
//!   cells (bits), the same options read the other way: placing a value takes it out of the
//!   peers that still have it, found by one `and` a word, without looking at the others; the
//!   houses and peers of every cell are tables computed once per shape;
//! - forced moves (an item with one option left: a cell with one value, or a house with one place
//!   for a value) are applied until none is left, together with locked candidates (a value whose
//!   places in one house all lie in another house leaves the rest of that house: a box and a
//!   line, a jigsaw region and a line, an extra region and anything it overlaps in two cells or
//!   more); only the houses that lost candidates are looked at again;
//! - an item with no option left ends the branch;
//! - the search branches on the item with the fewest options, as dancing links does: a cell with
//!   the fewest values, or a value with two or three places in a house when no cell has that
//!   few; it copies the board instead of undoing moves, on an explicit stack whose buffers are
//!   reused from puzzle to puzzle.
//!
//! Extra regions have `n` cells (the shape checks it), so every house needs every value exactly
//! once, as in the general path's model. A [`FreeShape`](super::FreeShape) (any houses, holes in
//! the grid) takes this path too ([`SolverN::for_free`]) when every house has `n` cells: its
//! tables come from the houses alone, with no rows and columns found by position.
//!
//! [`SolverN`] is the entry point; it refuses givens that do not fit (see
//! [`Shape::check_givens`](super::Shape::check_givens)).

mod board;
mod solver;
mod tables;

pub use solver::SolverN;
pub use tables::MAX_SIDE;
