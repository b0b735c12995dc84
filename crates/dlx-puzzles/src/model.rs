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

/// Implements [`Model`] for a model whose `problem` and `decode` (to a solution that displays
/// as its picture) are its own methods.
macro_rules! impl_model {
    ($model:ty) => {
        impl $crate::Model for $model {
            fn problem(&self) -> &dlx_core::Problem {
                <$model>::problem(self)
            }

            fn picture(&self, options: &[usize]) -> Result<String, $crate::DecodeError> {
                let mut picture = self.decode(options)?.to_string();
                if !picture.ends_with('\n') {
                    picture.push('\n');
                }
                Ok(picture)
            }
        }
    };
}

pub(crate) use impl_model;
