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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::langford::Langford;
    use crate::polyomino::{parse_pieces, Board, Polyomino};
    use crate::queens::{Order, Queens};

    /// A model, an option it lacks, what options 0 and 1 and options 0 and 4 both cover, and
    /// options that leave something uncovered, with what.
    type Wrong<'a> = (&'a dyn Model, usize, [&'a str; 2], (&'a [usize], &'a str));

    #[test]
    fn every_model_names_what_options_that_are_no_solution_break() {
        let langford = Langford::new(3).unwrap();
        // Option 4r + c puts a queen on row r, column c.
        let queens = Queens::new(4, Order::Plain).unwrap();
        let dominoes = parse_pieces("AA\n\nBB").unwrap();
        let tiling = Polyomino::new(Board::rectangle(2, 2).unwrap(), dominoes, None).unwrap();
        let models: [Wrong; 3] = [
            (&langford, 9, ["value 1", "place 1"], (&[0], "place 2")),
            (&queens, 16, ["row 0", "column 0"], (&[1, 7], "row 2")),
            (
                &tiling,
                99,
                ["piece A", "the cell at row 0, column 0"],
                (&[0], "piece B"),
            ),
        ];
        for (model, unknown, twice, (part, uncovered)) in models {
            assert_eq!(
                model.picture(&[unknown]),
                Err(DecodeError::UnknownOption(unknown))
            );
            for (options, what) in [[0, 1], [0, 4]].iter().zip(twice) {
                assert_eq!(model.picture(options), Err(DecodeError::Twice(what.into())));
            }
            assert_eq!(
                model.picture(part),
                Err(DecodeError::Uncovered(uncovered.into()))
            );
        }
    }
}
