//! Exact cover by Knuth's Dancing Links (Algorithms X, C and M) and dancing cells.
//!
//! An exact-cover problem has *items* and *options*; each option covers some items. A solution is
//! a set of options that covers every *primary* item exactly once and every *secondary* item at
//! most once, or, when options give a secondary item a *color*, only with options that agree on it
//! (Knuth's Algorithm C).
//!
//! - [`ProblemBuilder`] collects and checks items and options; [`Problem`] is the immutable result,
//!   laid out once in Knuth's node layout and shared by any number of searches.
//! - [`Search`] is one resumable run: iterate over solutions, [`count`](Search::count) them, stop at
//!   a limit or at its [`Stop`] (a [`Budget`], a deadline, a [`Cancel`] flag any thread may raise)
//!   and go on later, [`force`](Search::force) options before starting. Its [`Stats`] count nodes
//!   and updates exactly as Knuth's dlx1, dlx2 and dlx3 do.
//! - [`Engine`] is what every engine answers (step, solution, statistics, limit, stop), so that
//!   a surface runs any of them the same way.
//! - [`Search::frontier`] splits a search into sub-problems (prefixes of options), and
//!   [`parallel::Pool`] uses that to search one problem on several threads.
//! - [`knuth`] reads and writes Knuth's text format.
//! - [`cost`] finds the cheapest solutions when options carry costs (Knuth's dlx5): the `k`
//!   best, with item taxes and covers that leave out options too dear to matter.
//! - [`memo`] counts solutions without enumerating them: sub-problems met again are answered
//!   from a cache, and the count is exact beyond 64 bits.
//! - `units` (with the `json` feature) is work units as JSON lines: a search split, run a
//!   budget at a time and merged, on any number of machines.
//! - [`cells`] is a second engine after Knuth's dancing cells (sparse sets, forced moves without
//!   branching): the same solutions, usually faster, with statistics of its own.
//! - `sat` (with the `sat` feature) is a third engine: the problem as clauses, solved by the
//!   clause-learning SAT solver CaDiCaL; it finds solutions one at a time and proves that there
//!   are none, on hard instances far sooner than a backtracking search.
//!
//! ```
//! use dlx_core::{knuth, Search, Status};
//!
//! let problem = knuth::parse("A B C | X\nA X\nB C\nA B\nC X\n").unwrap().problem;
//! let mut search = Search::new(&problem);
//! let solution = search.solutions().next().unwrap();
//! let text: Vec<String> = solution.iter().map(|&o| problem.format_option(o)).collect();
//! assert_eq!(text, ["A X", "B C"]);
//! // `A B` with `C X` is the other solution.
//! assert_eq!(search.count(), Status::Exhausted);
//! assert_eq!(search.stats().solutions, 2);
//! ```
//!
//! A problem can be built item by item, with colors on secondary items:
//!
//! ```
//! use dlx_core::{Engine, ProblemBuilder, Search, Status};
//!
//! let mut builder = ProblemBuilder::new();
//! for name in ["A", "B"] {
//!     builder.primary(name).unwrap();
//! }
//! builder.secondary("X").unwrap();
//! builder.color("red").unwrap();
//! builder.option_by_names(["A", "X:red"]).unwrap();
//! builder.option_by_names(["B", "X:red"]).unwrap(); // agrees on X's color
//! builder.option_by_names(["A", "B", "X"]).unwrap(); // X without a color: alone
//! let problem = builder.build().unwrap();
//! let mut search = Search::new(&problem);
//! assert_eq!(search.count(), Status::Exhausted);
//! assert_eq!(search.stats().solutions, 2);
//! assert_eq!(search.stats_line().split(' ').next(), Some("solutions=2"));
//! ```

#![warn(missing_docs)]

pub mod cells;
pub mod cost;
mod engine;
pub mod knuth;
mod links;
pub mod memo;
#[cfg(test)]
mod messages;
pub mod parallel;
mod problem;
pub mod quote;
pub mod rng;
#[cfg(feature = "sat")]
pub mod sat;
mod search;
mod splittable;
mod stop;
mod unchecked;
#[cfg(feature = "json")]
pub mod units;

pub use engine::{preferred_engine, Engine, EngineKind, Solutions, Stats, Status};
pub use problem::{BuildError, Entry, ItemKind, Problem, ProblemBuilder, Warning, MAX_SIZE};
pub use search::{estimate, ForceError, Search, SplitError, Unit};
pub use splittable::Splittable;
pub use stop::{Budget, Cancel, Progress, Stop, StopReason, Tally, Watch, LOOK_EVERY};
