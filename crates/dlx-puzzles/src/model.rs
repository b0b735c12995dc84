//! What every classic model is: an exact-cover problem, and a picture of each of its solutions.

use dlx_core::Problem;

use crate::DecodeError;

/// A puzzle built as an exact-cover [`Problem`], whose solutions (the option numbers an engine
/// finds) it draws: [`Queens`](crate::queens::Queens), [`Polyomino`](crate::polyomino::Polyomino)
/// and [`Langford`](crate::langford::Langford).
///
/// ```
/// use dlx_core::{Engine, Search};
/// use dlx_puzzles::{queens::{Order, Queens}, Model};
///
/// let queens = Queens::new(4, Order::Plain).unwrap();
/// let mut search = Search::new(queens.problem());
/// let first = search.solutions().next().unwrap();
/// assert_eq!(queens.picture(&first).unwrap(), ".Q..\n...Q\nQ...\n..Q.\n");
/// ```
pub trait Model {
    /// The exact-cover problem.
    fn problem(&self) -> &Problem;

    /// The picture of a solution, given as option numbers in any order: lines, each ending with
    /// a newline. Fails when the options are not a solution.
    fn picture(&self, options: &[usize]) -> Result<String, DecodeError>;
}
