//! Puzzles as exact-cover problems for [`dlx_core`]: Sudoku of every shape, and the classics.
//!
//! - [`sudoku`]: Sudoku of any size, boxes, jigsaw and extra regions, as exact cover and on
//!   specialised bit-mask paths; every common text format read and written; one call for one
//!   puzzle ([`sudoku::solve`], [`sudoku::check`], [`sudoku::count`]), [`sudoku::batch`] for
//!   many on many threads in input order, [`sudoku::judge`] for the online-judge problems.
//! - The classic models, each a [`Model`] (a [`dlx_core::Problem`], and a picture of each
//!   solution an engine finds): [`queens`] (N queens on an N×N board), [`polyomino`]
//!   (pentominoes, tetrominoes or any pieces packed into a board), [`langford`] (Langford
//!   pairs), [`domino`] (domino tilings of a rectangle), [`matrices`] (0/1 matrices with `k` ones
//!   in every row and column: multiplicities), [`assignment`] (assignments and transversals, with
//!   [`assignment::random_prices`] for the cheapest-solution search).
//! - [`ordered`]: work on a stream of jobs on several threads, results in input order.
//!
//! ```
//! use dlx_puzzles::sudoku;
//!
//! let puzzle = "\
//! 4.....8.5
//! .3.......
//! ...7.....
//! .2.....6.
//! ....8.4..
//! ....1....
//! ...6.3.7.
//! 5..2.....
//! 1.4......
//! ";
//! // The solution comes back in the layout the puzzle came in: here nine rows.
//! let solution = sudoku::solve(puzzle).unwrap().expect("it has a solution");
//! assert!(solution.starts_with("417369825\n632158947\n"));
//! assert_eq!(sudoku::check(puzzle).unwrap(), sudoku::Verdict::Unique);
//! ```

#![warn(missing_docs)]
#![deny(unsafe_code)]

pub mod assignment;
mod base36;
mod decode;
pub mod domino;
pub mod langford;
pub mod matrices;
#[cfg(test)]
mod messages;
mod model;
pub mod ordered;
mod plural;
pub mod polyomino;
pub mod queens;
pub mod sudoku;

pub use decode::DecodeError;
pub use model::Model;
