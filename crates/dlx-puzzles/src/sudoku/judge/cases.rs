//! The cases of a judge input as an iterator, and the case count that most inputs start with.

use dlx_core::quote::quote;
use std::io::BufRead;

use crate::sudoku::format::FormatError;

use super::case::Case;
use super::grid::{self, Symbols};
use super::tokens::Tokens;
use crate::sudoku::Shape;

/// What reading a case gives: the case, `None` once the input has no more cases, or the error.
pub(crate) type NextCase = Result<Option<Case>, FormatError>;

/// A judge format's reader of cases, one after another.
pub(crate) trait Parse {
    /// Reads case `number` (from 1); `Ok(None)` once the input has no more cases.
    fn next_case<R: BufRead>(&mut self, tokens: &mut Tokens<R>, number: usize) -> NextCase;
}

/// The cases of one input, numbered from 1: every case in order, then nothing; or the cases
/// before an error, the error, then nothing.
pub(crate) struct Cases<P, R> {
    tokens: Tokens<R>,
    parser: P,
    read: usize,
    done: bool,
}

impl<P: Parse, R: BufRead> Cases<P, R> {
    /// The cases `parser` reads from `input`.
    pub(crate) fn new(input: R, parser: P) -> Self {
        Cases {
            tokens: Tokens::new(input),
            parser,
            read: 0,
            done: false,
        }
    }
}

impl<P: Parse, R: BufRead> Iterator for Cases<P, R> {
    type Item = Result<Case, FormatError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        self.read += 1;
        let next = self
            .parser
            .next_case(&mut self.tokens, self.read)
            .transpose();
        self.done = !matches!(next, Some(Ok(_)));
        next
    }
}

/// The number of cases an input announces in its first token.
#[derive(Debug, Default)]
pub(crate) struct Count {
    /// The number announced and the line announcing it, once read.
    announced: Option<(usize, usize)>,
}

impl Count {
    /// Whether the input holds case `number` (from 1), reading the count first: `false` once
    /// every announced case is read. Fails when the input ends before an announced case.
    pub(crate) fn holds<R: BufRead>(
        &mut self,
        tokens: &mut Tokens<R>,
        number: usize,
    ) -> Result<bool, FormatError> {
        let (total, line) = match self.announced {
            Some(announced) => announced,
            None => {
                let announced = read_count(tokens)?;
                self.announced = Some(announced);
                announced
            }
        };
        if number > total {
            return Ok(false);
        }
        if tokens.peek()?.is_none() {
            return Err(tokens.at_end(format!(
                "expected case {number} of the {total} announced on line {line}, found the end \
                 of the input"
            )));
        }
        Ok(true)
    }
}

/// Reads the number of cases: a whole number, with the line it is on.
fn read_count<R: BufRead>(tokens: &mut Tokens<R>) -> Result<(usize, usize), FormatError> {
    let expected = "the number of test cases (a whole number)";
    let token = tokens.expect(|| expected.to_string())?;
    let fail = |why: String| FormatError::new(token.line, token.column, why);
    if !token.text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(fail(format!(
            "expected {expected}, found {}",
            quote(&token.text)
        )));
    }
    match token.text.parse() {
        Ok(count) => Ok((count, token.line)),
        Err(_) => Err(fail(format!(
            "the number of test cases {} is too large",
            quote(&token.text)
        ))),
    }
}

/// Where a format's cases end.
enum Until {
    /// After the number of cases its first token announces.
    Count(Count),
    /// At the end of the input.
    End,
}

/// The most common judge format: one grid of rows per case, all of one shape, optionally with
/// separator tokens before each grid; the cases announced by a count, or until the end.
pub(crate) struct Grids {
    until: Until,
    shape: Shape,
    symbols: Symbols,
    is_separator: fn(&str) -> bool,
}

impl Grids {
    /// A case count, then grids of `shape` written with `symbols`, with nothing between them.
    pub(crate) fn counted(shape: Shape, symbols: Symbols) -> Self {
        Grids {
            until: Until::Count(Count::default()),
            shape,
            symbols,
            is_separator: |_| false,
        }
    }

    /// Grids of `shape` written with `symbols` until the end of the input.
    pub(crate) fn until_end(shape: Shape, symbols: Symbols) -> Self {
        Grids {
            until: Until::End,
            ..Grids::counted(shape, symbols)
        }
    }

    /// The same, skipping the tokens `is_separator` accepts before each grid.
    pub(crate) fn skipping(self, is_separator: fn(&str) -> bool) -> Self {
        Grids {
            is_separator,
            ..self
        }
    }
}

impl Parse for Grids {
    fn next_case<R: BufRead>(&mut self, tokens: &mut Tokens<R>, number: usize) -> NextCase {
        let more = match &mut self.until {
            Until::Count(count) => count.holds(tokens, number)?,
            Until::End => tokens.peek()?.is_some(),
        };
        if !more {
            return Ok(None);
        }
        while tokens.peek()?.is_some_and(|t| (self.is_separator)(&t.text)) {
            tokens.next_token()?;
        }
        let (line, cells) = grid::read_rows(tokens, self.symbols, number)?;
        Ok(Some(Case {
            number,
            line,
            shape: self.shape.clone(),
            cells,
        }))
    }
}

/// What the tests of every judge format read with.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;
    use crate::sudoku::judge::Problem;

    /// The error that stops reading `input` as `problem`; fails the test when there is none.
    pub(crate) fn error(problem: Problem, input: &str) -> FormatError {
        problem
            .cases(input.as_bytes())
            .find_map(Result::err)
            .expect("an error")
    }

    /// Asserts that reading each input as `problem` stops with its error.
    pub(crate) fn assert_errors(problem: Problem, expected: &[(String, FormatError)]) {
        for (input, err) in expected {
            assert_eq!(&error(problem, input), err, "{input:?}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counted(input: &str) -> Vec<Result<usize, String>> {
        let mut tokens = Tokens::new(input.as_bytes());
        let mut count = Count::default();
        let mut seen = Vec::new();
        for k in 1.. {
            match count.holds(&mut tokens, k) {
                Ok(true) => {
                    seen.push(Ok(k));
                    tokens.next_token().unwrap();
                }
                Ok(false) => break,
                Err(e) => {
                    seen.push(Err(e.to_string()));
                    break;
                }
            }
        }
        seen
    }

    #[test]
    fn counts_number_the_cases_and_ignore_the_rest() {
        assert_eq!(counted("2\nx\ny\nz\n"), [Ok(1), Ok(2)]);
        assert_eq!(counted("0\nx\n"), []);
    }

    #[test]
    fn a_count_promising_too_much_is_an_error_at_the_end() {
        assert_eq!(
            counted("3\nx\r\ny\r\n"),
            [
                Ok(1),
                Ok(2),
                Err(
                    "line 3, column 2: expected case 3 of the 3 announced on line 1, found the \
                     end of the input"
                        .to_string()
                )
            ]
        );
    }

    #[test]
    fn bad_counts() {
        assert_eq!(
            counted("  x1\n"),
            [Err(
                "line 1, column 3: expected the number of test cases (a whole number), found `x1`"
                    .to_string()
            )]
        );
        assert_eq!(
            counted("-1\n"),
            [Err(
                "line 1, column 1: expected the number of test cases (a whole number), found `-1`"
                    .to_string()
            )]
        );
        assert_eq!(
            counted("99999999999999999999999\n"),
            [Err(
                "line 1, column 1: the number of test cases `99999999999999999999999` is too \
                 large"
                    .to_string()
            )]
        );
        assert_eq!(
            counted("\n\n"),
            [Err(
                "line 1, column 1: expected the number of test cases (a whole number), found \
                 the end of the input"
                    .to_string()
            )]
        );
    }
}
