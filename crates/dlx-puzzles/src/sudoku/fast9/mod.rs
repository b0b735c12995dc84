//! A fast path for the classic 9x9 Sudoku: the same exact cover, held as bitboards.
//!
//! The general path builds the exact-cover matrix of a Sudoku and runs dancing links on it. This
//! module solves the same problem, specialised to 9x9 with 3x3 boxes:
//! - the matrix is nine bitboards, one per value, each three *bands* of 27 bits (three rows by
//!   nine columns), so that a whole band of one value is updated with a few masks;
//! - forced moves (an item with one option left: a cell with one value, or a row, column or box
//!   with one place for a value) are applied until none is left, together with locked candidates
//!   inside a band (a value confined to one box in a row, or to one row in a box) and across
//!   bands (a value confined to one column in a box);
//! - the search branches on a cell with two values where there is one, copying the board (a
//!   few hundred bytes) instead of undoing moves, and allocates nothing.
//!
//! The search is compiled for several instruction sets and the best one the CPU has is chosen at
//! run time ([`isa`]).
//!
//! [`Solver9`] is the entry point; it refuses givens that do not fit (see
//! [`Shape::check_givens`](super::Shape::check_givens)).

mod board;
#[allow(unsafe_code)]
pub mod isa;
mod solver;
mod tables;

pub use isa::{Isa, IsaError, ISA_VARIABLE};
pub use solver::Solver9;
