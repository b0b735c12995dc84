//! Puzzles as exact-cover problems for [`dlx_core`]: Sudoku of every shape, and more.
//!
//! Each model builds a [`dlx_core::Problem`] and reads a solution (the option numbers a
//! [`dlx_core::Search`] finds) back as a picture:
//! - [`queens`]: N queens on an N×N board;
//! - [`polyomino`]: packing pentominoes, tetrominoes or any pieces into a board;
//! - [`langford`]: Langford pairs.

mod base36;
mod decode;
pub mod langford;
#[cfg(test)]
mod messages;
pub mod ordered;
mod plural;
pub mod polyomino;
pub mod queens;
pub mod sudoku;

pub use decode::DecodeError;
