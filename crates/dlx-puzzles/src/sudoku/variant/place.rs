//! Where an error of the JSON readers (f-puzzles, SudokuPad) is: the path of the value at fault
//! (`killercage[2].cells[1]`), placed at that value's line and column when the JSON was pasted
//! as it is, or at the start of the compressed text it came from (whose inside the reader of the
//! message never saw).

use std::fmt::Write as _;

use super::iss::{IssError, Problem};

/// One step of a path into a JSON value.
#[derive(Clone, Copy, Debug)]
pub(super) enum Step<'a> {
    /// A member of an object.
    Key(&'a str),
    /// An element of an array.
    Index(usize),
}

/// The text a JSON value was read from, to place errors.
#[derive(Clone, Copy, Debug)]
pub(super) struct Source<'a> {
    /// The JSON text, when it was given as it is (errors are found in it by their path).
    json: Option<&'a str>,
    /// Where the text starts (a compressed payload: every error is placed there).
    line: usize,
    column: usize,
}

impl<'a> Source<'a> {
    /// JSON pasted as it is, from line 1, column 1.
    pub(super) fn json(text: &'a str) -> Source<'a> {
        Source {
            json: Some(text),
            line: 1,
            column: 1,
        }
    }

    /// JSON decoded from a compressed text that starts at `line` and `column`.
    pub(super) fn packed(line: usize, column: usize) -> Source<'a> {
        Source {
            json: None,
            line,
            column,
        }
    }

    /// The error `problem` about the value at `path`.
    pub(super) fn fail(&self, path: &[Step], problem: Problem) -> IssError {
        let (line, column) = self
            .json
            .and_then(|text| locate(text, path))
            .unwrap_or((self.line, self.column));
        IssError {
            line,
            column,
            item: show(path).chars().take(40).collect(),
            problem,
        }
    }
}

/// A path as JSONPath-like text: `killercage[2].cells`.
pub(super) fn show(path: &[Step]) -> String {
    let mut out = String::new();
    for step in path {
        match step {
            Step::Key(key) if out.is_empty() => out.push_str(key),
            Step::Key(key) => {
                let _ = write!(out, ".{key}");
            }
            Step::Index(k) => {
                let _ = write!(out, "[{k}]");
            }
        }
    }
    if out.is_empty() {
        out.push_str("the puzzle");
    }
    out
}

/// The 1-based line and column (in characters) where the value at `path` starts in the JSON
/// `text`, as far down the path as the text goes.
fn locate(text: &str, path: &[Step]) -> Option<(usize, usize)> {
    let mut cursor = Cursor {
        chars: text.char_indices().peekable(),
        line: 1,
        column: 1,
    };
    cursor.blanks();
    let mut at = (cursor.line, cursor.column);
    for step in path {
        let found = match step {
            Step::Key(key) => cursor.member(key),
            Step::Index(k) => cursor.element(*k),
        };
        if !found {
            break;
        }
        at = (cursor.line, cursor.column);
    }
    Some(at)
}

/// A walk over JSON text known to be well formed, counting lines and columns.
struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
    line: usize,
    column: usize,
}

impl Cursor<'_> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().map(|&(_, c)| c)
    }

    fn bump(&mut self) -> Option<char> {
        let (_, c) = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn blanks(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// A string from its opening quote; its text.
    fn string(&mut self) -> String {
        let mut out = String::new();
        self.bump();
        while let Some(c) = self.bump() {
            match c {
                '"' => break,
                '\\' => {
                    if let Some(c) = self.bump() {
                        out.push(c);
                    }
                }
                c => out.push(c),
            }
        }
        out
    }

    /// Passes over one value and the blanks after it.
    fn skip(&mut self) {
        match self.peek() {
            Some('"') => {
                self.string();
            }
            Some('{' | '[') => {
                let mut depth = 0usize;
                while let Some(c) = self.peek() {
                    match c {
                        '"' => {
                            self.string();
                            continue;
                        }
                        '{' | '[' => depth += 1,
                        '}' | ']' => depth = depth.saturating_sub(1),
                        _ => {}
                    }
                    self.bump();
                    if depth == 0 {
                        break;
                    }
                }
            }
            _ => {
                while self
                    .peek()
                    .is_some_and(|c| !matches!(c, ',' | '}' | ']') && !c.is_whitespace())
                {
                    self.bump();
                }
            }
        }
        self.blanks();
    }

    /// Moves to the value of member `key` of the object here.
    fn member(&mut self, key: &str) -> bool {
        if self.peek() != Some('{') {
            return false;
        }
        self.bump();
        loop {
            self.blanks();
            if self.peek() != Some('"') {
                return false;
            }
            let name = self.string();
            self.blanks();
            if self.bump() != Some(':') {
                return false;
            }
            self.blanks();
            if name == key {
                return true;
            }
            self.skip();
            if self.bump() != Some(',') {
                return false;
            }
        }
    }

    /// Moves to element `k` of the array here.
    fn element(&mut self, k: usize) -> bool {
        if self.peek() != Some('[') {
            return false;
        }
        self.bump();
        self.blanks();
        for _ in 0..k {
            self.skip();
            if self.bump() != Some(',') {
                return false;
            }
            self.blanks();
        }
        !matches!(self.peek(), None | Some(']'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_place_finds_a_value_by_its_path() {
        let text = "{\"size\": 9,\n \"killercage\": [\n  {\"cells\": [\"R1C1\", \"R1C2\"], \"value\": \"3\"},\n  {\"cells\": [\"R9C9\", \"Rx\"]}\n ]}";
        let path = [
            Step::Key("killercage"),
            Step::Index(1),
            Step::Key("cells"),
            Step::Index(1),
        ];
        assert_eq!(locate(text, &path), Some((4, 22)));
        assert_eq!(show(&path), "killercage[1].cells[1]");
        // A path the text does not hold: as far as it goes.
        assert_eq!(locate(text, &[Step::Key("arrow")]), Some((1, 1)));
        let e = Source::json(text).fail(&path, Problem::Cell);
        assert_eq!(
            (e.line, e.column, e.item.as_str()),
            (4, 22, "killercage[1].cells[1]")
        );
    }
}
