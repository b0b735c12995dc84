//! The error every reader of this module returns: a position and what was expected there.

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
}

impl FormatError {
    /// An error at `line`, `column`.
    pub(crate) fn new(line: usize, column: usize, message: impl Into<String>) -> Self {
        FormatError {
            line,
            column,
            message: message.into(),
        }
    }
}
