//! Reading puzzles and writing answers: a minimal reader for one-line puzzles.
//!
//! Reads one puzzle per line: `n²` cells (`.` or `0` for empty, `1`-`9` for values, so `n <= 9`),
//! optionally followed by blanks and anything else (a rating, a comment). Blank lines and lines
//! starting with `#` are skipped. The full set of formats replaces this module.

use std::fmt;
use std::io::BufRead;

use super::puzzle::{Alphabet, Answer, Layout, Puzzle, ShapeHint};

/// Options for [`Reader`].
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// The side of the grid, when known in advance; otherwise inferred from each puzzle.
    pub size: Option<usize>,
    /// The symbols for values, when known in advance.
    pub alphabet: Option<Alphabet>,
}

/// A puzzle that could not be read, with its position (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// The line, from 1.
    pub line: usize,
    /// The column (in characters), from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for FormatError {}

/// Reads puzzles one by one from a buffered input, never the whole input at once. A malformed
/// puzzle gives one `Err`, and reading goes on with the next.
#[derive(Debug)]
pub struct Reader<R: BufRead> {
    input: R,
    options: ReadOptions,
    line: usize,
    text: String,
    failed: bool,
}

impl<R: BufRead> Reader<R> {
    /// A reader over `input`.
    pub fn new(input: R, options: ReadOptions) -> Self {
        Reader {
            input,
            options,
            line: 0,
            text: String::new(),
            failed: false,
        }
    }

    fn parse_line(&self) -> Result<Puzzle, FormatError> {
        let error = |column: usize, message: String| FormatError {
            line: self.line,
            column,
            message,
        };
        let grid = self.text.split_whitespace().next().unwrap_or("");
        let count = grid.chars().count();
        let size = match self.options.size {
            Some(size) => size,
            None => (1..=count).find(|n| n * n >= count).unwrap_or(0),
        };
        if size * size != count {
            let message = match self.options.size {
                Some(size) => format!(
                    "{count} cells, but a {size}x{size} grid has {}",
                    size * size
                ),
                None => format!("{count} cells is not the size of a square grid"),
            };
            return Err(error(1, message));
        }
        if size > 9 {
            return Err(error(
                1,
                format!("{size}x{size} grids are not supported here"),
            ));
        }
        let mut cells = Vec::with_capacity(count);
        for (k, ch) in grid.chars().enumerate() {
            let value = match ch {
                '.' | '0' => 0,
                '1'..='9' => u16::from(ch as u8 - b'0'),
                _ => return Err(error(k + 1, format!("unexpected character `{ch}`"))),
            };
            if usize::from(value) > size {
                return Err(error(
                    k + 1,
                    format!("value {value} is too large for a {size}x{size} grid"),
                ));
            }
            cells.push(value);
        }
        Ok(Puzzle {
            size,
            cells,
            shape: ShapeHint::default(),
            layout: Layout::Line {
                alphabet: Alphabet::OneBased,
            },
            line: self.line,
        })
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Puzzle, FormatError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        loop {
            self.text.clear();
            match self.input.read_line(&mut self.text) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(e) => {
                    self.failed = true;
                    return Some(Err(FormatError {
                        line: self.line + 1,
                        column: 1,
                        message: format!("cannot read: {e}"),
                    }));
                }
            }
            self.line += 1;
            let trimmed = self.text.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            return Some(self.parse_line());
        }
    }
}

/// The text printed for one puzzle, ending with a newline, in the puzzle's layout.
pub fn write_answer(puzzle: &Puzzle, answer: &Answer) -> String {
    let _ = puzzle;
    match answer {
        Answer::Solution(cells) => {
            let mut text: String = cells
                .iter()
                .map(|&v| char::from_digit(u32::from(v), 36).unwrap_or('?'))
                .collect();
            text.push('\n');
            text
        }
        Answer::NoSolution => "no solution\n".to_string(),
        Answer::Count { count, capped } => {
            format!("{count}{}\n", if *capped { "+" } else { "" })
        }
        Answer::Verdict(verdict) => format!("{}\n", verdict.as_str()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_lines_and_goes_on_after_errors() {
        let text = "# comment\n\n1..2\n12x4 4 ...\n....\n4.........3.1..2 rated\n";
        let results: Vec<_> = Reader::new(text.as_bytes(), ReadOptions::default()).collect();
        assert_eq!(results.len(), 4);
        assert_eq!(results[0].as_ref().unwrap().cells, [1, 0, 0, 2]);
        assert_eq!(results[0].as_ref().unwrap().size, 2);
        assert_eq!(
            results[1].as_ref().unwrap_err().to_string(),
            "line 4, column 3: unexpected character `x`"
        );
        assert_eq!(results[3].as_ref().unwrap().line, 6);
        assert_eq!(results[3].as_ref().unwrap().size, 4);
    }
}
