//! Judge inputs read as whitespace-separated tokens, each with its line and column, as a judge's
//! `scanf("%s")` would read them: line endings (LF or CRLF), blank lines and runs of blanks are
//! all just separators, and the last line may lack its line ending. The end of the input is
//! placed just after its last token, so that a message about a missing token points at an
//! existing line.

use std::io::BufRead;

use crate::sudoku::format::source::{Line, Source};
use crate::sudoku::format::FormatError;

/// One token and where it starts (1-based line, and column counted in characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    /// The 1-based line.
    pub(crate) line: usize,
    /// The 1-based column of the first character.
    pub(crate) column: usize,
    /// The characters, none of them blank.
    pub(crate) text: String,
}

/// The line being cut into tokens: its text, the byte offset of the first character not yet
/// read, and that character's 1-based column.
struct Cursor {
    line: Line,
    offset: usize,
    column: usize,
}

/// A stream of tokens with one token of lookahead.
pub(crate) struct Tokens<R> {
    source: Source<R>,
    cursor: Option<Cursor>,
    peeked: Option<Token>,
    /// Just after the last token cut so far (line 1, column 1 before any).
    end: (usize, usize),
}

impl<R: BufRead> Tokens<R> {
    /// The tokens of `input`.
    pub(crate) fn new(input: R) -> Self {
        Tokens {
            source: Source::new(input),
            cursor: None,
            peeked: None,
            end: (1, 1),
        }
    }

    /// The next token without taking it; `None` at the end of the input.
    pub(crate) fn peek(&mut self) -> Result<Option<&Token>, FormatError> {
        if self.peeked.is_none() {
            self.peeked = self.scan()?;
        }
        Ok(self.peeked.as_ref())
    }

    /// Takes the next token; `None` at the end of the input.
    pub(crate) fn next_token(&mut self) -> Result<Option<Token>, FormatError> {
        match self.peeked.take() {
            Some(token) => Ok(Some(token)),
            None => self.scan(),
        }
    }

    /// Takes the next token, or fails at the end of the input saying what was `expected`.
    pub(crate) fn expect(
        &mut self,
        expected: impl FnOnce() -> String,
    ) -> Result<Token, FormatError> {
        match self.next_token()? {
            Some(token) => Ok(token),
            None => Err(self.at_end(format!(
                "expected {}, found the end of the input",
                expected()
            ))),
        }
    }

    /// An error placed at the end of the input: just after its last token.
    pub(crate) fn at_end(&self, message: String) -> FormatError {
        FormatError::new(self.end.0, self.end.1, message)
    }

    /// Cuts the next token out of the current line, reading lines as needed.
    fn scan(&mut self) -> Result<Option<Token>, FormatError> {
        loop {
            if let Some(cursor) = &mut self.cursor {
                if let Some(token) = cursor.cut() {
                    self.end = (token.line, cursor.column);
                    return Ok(Some(token));
                }
            }
            match self.source.next_line() {
                Some(line) => {
                    self.cursor = Some(Cursor {
                        line,
                        offset: 0,
                        column: 1,
                    })
                }
                None => {
                    self.cursor = None;
                    return match self.source.take_failure() {
                        Some(error) => Err(error),
                        None => Ok(None),
                    };
                }
            }
        }
    }
}

impl Cursor {
    /// The next token of this line, if any is left.
    fn cut(&mut self) -> Option<Token> {
        let rest = &self.line.text[self.offset..];
        let blanks = rest.find(|ch: char| !ch.is_whitespace())?;
        self.column += rest[..blanks].chars().count();
        let rest = &rest[blanks..];
        let length = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let text = rest[..length].to_string();
        let token = Token {
            line: self.line.number,
            column: self.column,
            text,
        };
        self.offset += blanks + length;
        self.column += token.text.chars().count();
        Some(token)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &str) -> Vec<(usize, usize, String)> {
        let mut tokens = Tokens::new(input.as_bytes());
        std::iter::from_fn(|| tokens.next_token().unwrap())
            .map(|t| (t.line, t.column, t.text))
            .collect()
    }

    #[test]
    fn tokens_carry_their_positions() {
        assert_eq!(
            all("2 \r\n\r\n  ab\tcd \r\n\u{e9}x y\nlast"),
            vec![
                (1, 1, "2".to_string()),
                (3, 3, "ab".to_string()),
                (3, 6, "cd".to_string()),
                (4, 1, "\u{e9}x".to_string()),
                (4, 4, "y".to_string()),
                (5, 1, "last".to_string()),
            ]
        );
        assert!(all("").is_empty());
        assert!(all("\n \r\n\t\n").is_empty());
    }

    #[test]
    fn peeking_does_not_take() {
        let mut tokens = Tokens::new("a b".as_bytes());
        assert_eq!(tokens.peek().unwrap().unwrap().text, "a");
        assert_eq!(tokens.peek().unwrap().unwrap().text, "a");
        assert_eq!(tokens.next_token().unwrap().unwrap().text, "a");
        assert_eq!(tokens.next_token().unwrap().unwrap().column, 3);
        assert_eq!(tokens.peek().unwrap(), None);
    }

    #[test]
    fn the_end_is_just_after_the_last_token() {
        let mut tokens = Tokens::new("a\nbc  \r\n\n\n".as_bytes());
        tokens.expect(|| "a".into()).unwrap();
        tokens.expect(|| "b".into()).unwrap();
        let err = tokens.expect(|| "a third token".into()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2, column 3: expected a third token, found the end of the input"
        );
        let mut empty = Tokens::new("\n\n".as_bytes());
        assert_eq!(empty.next_token(), Ok(None));
        assert_eq!(
            (
                empty.at_end(String::new()).line,
                empty.at_end(String::new()).column
            ),
            (1, 1)
        );
    }

    #[test]
    fn read_errors_are_positioned() {
        struct Failing;
        impl std::io::Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
                Err(std::io::Error::other("disk on fire"))
            }
        }
        let mut tokens = Tokens::new(std::io::BufReader::new(Failing));
        let err = tokens.next_token().unwrap_err();
        assert_eq!(err.line, 1);
        assert!(err.message.contains("disk on fire"), "{}", err.message);
    }
}
