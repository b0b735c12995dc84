//! Lines of an input, numbered, with as much lookahead as a record needs (at most one block).

use std::collections::VecDeque;
use std::io::{self, BufRead};

/// One line of input, without its line ending or trailing blanks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Line {
    /// 1-based line number.
    pub(crate) number: usize,
    /// The text; invalid UTF-8 is replaced by U+FFFD (and then reported as an unexpected
    /// character).
    pub(crate) text: String,
}

/// A numbered line reader with lookahead.
pub(crate) struct Source<R> {
    input: R,
    read: usize,
    ahead: VecDeque<Line>,
    ended: bool,
    failure: Option<(usize, io::Error)>,
}

impl<R: BufRead> Source<R> {
    /// Lines of `input`.
    pub(crate) fn new(input: R) -> Self {
        Source {
            input,
            read: 0,
            ahead: VecDeque::new(),
            ended: false,
            failure: None,
        }
    }

    /// Reads one more line into the lookahead; false at the end of the input or on an error.
    fn pull(&mut self) -> bool {
        if self.ended {
            return false;
        }
        let mut bytes = Vec::new();
        loop {
            match self.input.read_until(b'\n', &mut bytes) {
                Ok(0) if bytes.is_empty() => {
                    self.ended = true;
                    return false;
                }
                Ok(_) => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.ended = true;
                    self.failure = Some((self.read + 1, e));
                    return false;
                }
            }
        }
        self.read += 1;
        let text = String::from_utf8_lossy(&bytes);
        let mut text = text.trim_end();
        if self.read == 1 {
            text = text.strip_prefix('\u{feff}').unwrap_or(text);
        }
        self.ahead.push_back(Line {
            number: self.read,
            text: text.to_string(),
        });
        true
    }

    /// The line `i` places ahead (`0` is the next one), if the input has it.
    pub(crate) fn peek(&mut self, i: usize) -> Option<&Line> {
        while self.ahead.len() <= i {
            if !self.pull() {
                return None;
            }
        }
        self.ahead.get(i)
    }

    /// Takes the next line.
    pub(crate) fn next_line(&mut self) -> Option<Line> {
        self.peek(0);
        self.ahead.pop_front()
    }

    /// The number the next line has, or would have at the end of the input.
    pub(crate) fn next_number(&mut self) -> usize {
        match self.peek(0) {
            Some(line) => line.number,
            None => self.read + 1,
        }
    }

    /// The read error that ended the input early, once.
    pub(crate) fn take_failure(&mut self) -> Option<(usize, io::Error)> {
        self.failure.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_line_endings_and_numbers_lines() {
        let mut source = Source::new("a\r\n\nb  \t\nlast".as_bytes());
        assert_eq!(source.peek(2).map(|l| l.text.as_str()), Some("b"));
        let texts: Vec<(usize, String)> = std::iter::from_fn(|| source.next_line())
            .map(|l| (l.number, l.text))
            .collect();
        assert_eq!(
            texts,
            vec![
                (1, "a".to_string()),
                (2, String::new()),
                (3, "b".to_string()),
                (4, "last".to_string())
            ]
        );
        assert_eq!(source.next_number(), 5);
    }

    #[test]
    fn invalid_utf8_becomes_a_replacement_character() {
        let mut source = Source::new(&b"\xef\xbb\xbf1\xff2\n"[..]);
        assert_eq!(source.next_line().unwrap().text, "1\u{fffd}2");
    }
}
