//! Puzzles as exact-cover problems for [`dlx_core`]: Sudoku of every shape, and more.

pub mod sudoku;
