//! A second engine, after Knuth's *dancing cells*: sparse sets instead of links, and forced moves
//! applied without branching.
//!
//! Every active item keeps the options still open to it in a sparse set (an array and a length):
//! removing an option from an item swaps it with the set's last member and shortens the set, and
//! undoing is giving the old lengths back from a trail, so nothing is ever relinked. When an item
//! is left with a single option, that option is taken at once, without a branch node; when a
//! primary item is left with none, the move being made is abandoned at once.
//!
//! The search finds the same solutions as [`crate::Search`] (in another order), but walks a
//! different tree, so its [`Stats`] have their own definitions and are not comparable to Knuth's
//! figures. It takes primary and secondary items, with colors (Knuth's Algorithm C, as his
//! ssxcc does it on sparse sets) and multiplicities (Algorithm M, as his ssmcc does it: a primary
//! item covered between `min` and `max` times is chosen by its score, the number of ways to
//! choose the first of the options it still takes; when it needs as many options as it has, they
//! are taken without branching, and when it has fewer, the move is abandoned).
//!
//! ```
//! use dlx_core::{cells, knuth, Status};
//!
//! let problem = knuth::parse("A B C | X\nA X\nB C\nA B\nC X\n").unwrap().problem;
//! let mut search = cells::Search::new(&problem);
//! let mut found: Vec<Vec<usize>> = search.solutions().collect();
//! found.iter_mut().for_each(|s| s.sort_unstable());
//! found.sort();
//! assert_eq!(found, [[0, 1], [2, 3]]);
//! assert_eq!(search.count(), Status::Exhausted);
//! ```

mod estimate;
mod search;
mod sets;
mod split;

pub use search::{Search, Solutions, Stats};
