//! Sudoku of any shape as exact cover.
//!
//! - [`puzzle`]: a puzzle as read from text (cells, shape hints, layout) and what is printed for it.
//! - [`shape`]: the side of the grid and its houses: boxes, jigsaw regions, extra regions.
//! - [`encode`]: a shape as an exact-cover problem, built once; givens as forced options.
//! - [`givens`]: the one check of givens against a shape, [`Shape::check_givens`], and its
//!   [`GivensError`].
//! - [`overrides`]: shape options given once for many puzzles (boxes, a layout, extra regions).
//! - [`generate`]: new puzzles with exactly one solution, for every shape (symmetric, minimal,
//!   a number of givens), reproducible by seed on any number of threads.
//! - [`batch`]: many puzzles on many threads, answered in input order.
//! - [`solver`]: a reusable [`Solver`]: first solution, count, uniqueness check, bounded by a
//!   [`dlx_core::Stop`]; [`solvers`]: a thread's solvers, one per shape.
//! - `sat` (with the `sat` feature): the candidates left by propagation, solved by the SAT
//!   engine, for puzzles too hard for a backtracking search.
//! - [`validate`](mod@validate): checks a solution against its shape and givens.
//! - [`format`](mod@format): the text formats: reading puzzles (line, block, JSON lines, jigsaw
//!   layouts, wall bits) and writing puzzles and answers in the layout they came in.
//! - [`picture`]: a puzzle and its solution drawn: a boxed grid for a terminal, the grid of
//!   candidates, an SVG image.
//! - [`logic`]: a human-style solver: a candidate grid and techniques from singles to nested
//!   forcing chains, each step explained; [`rate`]: a puzzle's difficulty on Sudoku
//!   Explainer's scale (ER/EP/ED).
//! - [`variant`]: variant Sudoku (killer cages first): the puzzle, its compact formats, a
//!   solver by propagation, a checker of each rule.
//! - [`judge`]: the classic online-judge problems (POJ, HDU, SPOJ, ...), read and answered byte
//!   for byte in each judge's own format.
//!
//! ```
//! use dlx_puzzles::sudoku::{validate, Shape, Solver, Verdict};
//!
//! // One solver per shape, reused for every puzzle of that shape.
//! let mut solver = Solver::new(Shape::standard(4).unwrap());
//! let givens = [1, 0, 0, 0, 0, 0, 1, 0, 0, 3, 0, 0, 0, 0, 0, 2];
//! let check = solver.check(&givens).unwrap();
//! assert_eq!(check.verdict, Verdict::Unique);
//! let solution = check.solution.unwrap();
//! assert!(validate(solver.shape(), &givens, &solution).is_ok());
//! assert_eq!(solver.count(&[0; 16], None).unwrap().solutions, 288);
//! ```

pub mod batch;
pub mod encode;
pub mod fast9;
pub mod fastn;
pub mod format;
pub mod freeform;
pub mod generate;
pub mod givens;
pub mod judge;
pub mod logic;
pub mod overrides;
pub mod picture;
pub mod puzzle;
pub mod rate;
#[cfg(feature = "sat")]
pub mod sat;
pub mod shape;
pub mod solver;
pub mod solvers;
pub mod text;
pub mod validate;
pub mod variant;

pub use encode::Model;
pub use givens::{Clash, GivensError};
pub use overrides::{Extra, OverrideError, Overrides};
pub use puzzle::{Alphabet, Answer, Frame, Layout, Puzzle, ShapeHint, Verdict};
pub use shape::free::{FreeShape, FreeShapeError};
pub use shape::{Cell, House, Shape, ShapeError};
pub use solver::{Check, Count, EngineChoice, FastPath, SolveStats, Solver, Tally, AUTO_GUESSES};
pub use solvers::Solvers;
pub use text::{check, count, solve, TextError};
pub use validate::{validate, Invalid};
