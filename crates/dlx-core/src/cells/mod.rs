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
//! figures. It supports primary and secondary items, with colors (Knuth's Algorithm C, as his
//! ssxcc does it on sparse sets); problems with multiplicities are refused with [`Unsupported`].
//!
//! ```
//! use dlx_core::{cells, knuth, Status};
//!
//! let problem = knuth::parse("A B C | X\nA X\nB C\nA B\nC X\n").unwrap().problem;
//! let mut search = cells::Search::new(&problem).unwrap();
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

use thiserror::Error;

pub use search::{supports, Search, Solutions, Stats};

/// Why the cells engine cannot search a problem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Unsupported {
    /// Some primary item may be covered other than exactly once.
    #[error(
        "the cells engine does not support multiplicities (item #{item} has bounds {min}..={max}); \
         use the default engine"
    )]
    Multiplicities {
        /// The first item with bounds other than `(1, 1)`.
        item: usize,
        /// The least number of times it must be covered.
        min: u32,
        /// The most number of times it may be covered.
        max: u32,
    },
}
