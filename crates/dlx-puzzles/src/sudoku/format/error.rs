//! The error every reader of this module returns: a position and what was expected there.

use super::guess::Guess;

/// A malformed puzzle: where it went wrong and what was expected there.
///
/// Displayed as `line L, column C: message`; lines and columns are 1-based and columns are
/// counted in characters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct FormatError {
    /// The 1-based line of the input.
    pub line: usize,
    /// The 1-based column, counted in characters.
    pub column: usize,
    /// What was wrong, and what was expected instead.
    pub message: String,
    /// The known layout the text looks like, when it looks like one that another way of
    /// reading takes (not part of the message).
    pub guess: Option<Guess>,
}

impl FormatError {
    /// An error at `line`, `column`.
    pub(crate) fn new(line: usize, column: usize, message: impl Into<String>) -> Self {
        FormatError {
            line,
            column,
            message: message.into(),
            guess: None,
        }
    }

    /// The same error, with what the text looks like.
    pub(crate) fn with_guess(mut self, guess: Option<Guess>) -> Self {
        self.guess = guess;
        self
    }
}
