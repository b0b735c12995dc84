//! What can go wrong when a list of option numbers is read back as a puzzle's solution.

use thiserror::Error;

/// Why a list of options is not a solution of a model's problem.
///
/// Options found by a [`dlx_core::Search`] on the model's own problem never cause it; the error
/// exists so that decoding options from elsewhere cannot panic.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DecodeError {
    /// The problem has no option with this number.
    #[error("there is no option #{0} in this problem")]
    UnknownOption(usize),
    /// Two options cover the same thing, named in the message.
    #[error("{0} is covered twice")]
    Twice(String),
    /// The options leave something uncovered, named in the message.
    #[error("{0} is not covered")]
    Uncovered(String),
}
