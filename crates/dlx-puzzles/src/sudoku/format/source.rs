//! Lines of an input, numbered, with as much lookahead as a record needs (at most one block).

use std::collections::VecDeque;
use std::io::{self, BufRead, Read};

use dlx_core::quote::lossless;

use super::error::FormatError;
use crate::sudoku::Frame;

/// The longest line read, in bytes (without its line ending): far more than any puzzle needs
/// (a 100x100 jigsaw as one JSON line is about 150 KB), and a bound on the memory a line of
/// any length takes, even one without a line break.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One line of input, without its line ending or trailing blanks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Line {
    /// 1-based line number.
    pub(crate) number: usize,
    /// The text; each byte that is not valid UTF-8 is kept as its own character
    /// ([`byte_char`](dlx_core::quote::byte_char)), and then reported as an unexpected
    /// character by its value (`\xff`). Unicode box-drawing characters are replaced by their ASCII kin (`|`, `-`,
    /// `+`), one for one, so that columns stay right and a drawn grid reads as a framed one.
    pub(crate) text: String,
    /// Whether the line had box-drawing characters: [`Frame::Light`] or [`Frame::Double`]
    /// (when any line is double).
    pub(crate) drawn: Option<Frame>,
}

/// The ASCII kin of a Unicode box-drawing character (`U+2500..=U+257F`): `|` for vertical
/// lines, `-` for horizontal ones, `+` for corners and junctions; whether it is a double line.
fn ascii_kin(ch: char) -> Option<(char, bool)> {
    let code = u32::from(ch);
    if !(0x2500..=0x257f).contains(&code) {
        return None;
    }
    let double = (0x2550..=0x256c).contains(&code);
    let kin = match code {
        0x2502 | 0x2503 | 0x2506 | 0x2507 | 0x250a | 0x250b | 0x254e | 0x254f | 0x2551 | 0x2575
        | 0x2577 | 0x2579 | 0x257b | 0x257d | 0x257f => '|',
        0x2500 | 0x2501 | 0x2504 | 0x2505 | 0x2508 | 0x2509 | 0x254c | 0x254d | 0x2550 | 0x2574
        | 0x2576 | 0x2578 | 0x257a | 0x257c | 0x257e => '-',
        _ => '+',
    };
    Some((kin, double))
}

/// `text` with its box-drawing characters made ASCII, and which lines they were.
fn undraw(text: &str) -> (String, Option<Frame>) {
    let mut drawn = None;
    let ascii = text
        .chars()
        .map(|ch| match ascii_kin(ch) {
            Some((kin, double)) => {
                if double {
                    drawn = Some(Frame::Double);
                } else if drawn.is_none() {
                    drawn = Some(Frame::Light);
                }
                kin
            }
            None => ch,
        })
        .collect();
    (ascii, drawn)
}

/// A numbered line reader with lookahead.
pub(crate) struct Source<R> {
    input: R,
    read: usize,
    ahead: VecDeque<Line>,
    ended: bool,
    failure: Option<FormatError>,
    max_line: usize,
    /// The bytes of the line being read, kept from line to line so that it rarely grows.
    buffer: Vec<u8>,
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
            max_line: MAX_LINE_BYTES,
            buffer: Vec::new(),
        }
    }

    /// Lines of `input`, none longer than `max_line` bytes (for tests of the limit).
    #[cfg(test)]
    pub(crate) fn with_max_line(input: R, max_line: usize) -> Self {
        Source {
            max_line,
            ..Source::new(input)
        }
    }

    /// Reads one more line into the lookahead; false at the end of the input or on an error.
    fn pull(&mut self) -> bool {
        if self.ended {
            return false;
        }
        let mut bytes = std::mem::take(&mut self.buffer);
        bytes.clear();
        // At most the longest line, its line ending (CRLF) and one byte to tell it is too long.
        let cap = self.max_line + 3;
        loop {
            let room = (cap - bytes.len()) as u64;
            match self.input.by_ref().take(room).read_until(b'\n', &mut bytes) {
                Ok(0) if bytes.is_empty() => {
                    self.ended = true;
                    return false;
                }
                Ok(_) => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.ended = true;
                    let message = format!("cannot read the input: {e}");
                    self.failure = Some(FormatError::new(self.read + 1, 1, message));
                    return false;
                }
            }
        }
        let content = bytes.strip_suffix(b"\n").unwrap_or(&bytes);
        let content = content.strip_suffix(b"\r").unwrap_or(content);
        if content.len() > self.max_line {
            // The rest of the line is not read: the input ends here, with this error.
            self.ended = true;
            let column = String::from_utf8_lossy(&content[..self.max_line])
                .chars()
                .count()
                + 1;
            let message = format!(
                "line longer than {} bytes (expected a line break by then)",
                self.max_line
            );
            self.failure = Some(FormatError::new(self.read + 1, column, message));
            return false;
        }
        self.read += 1;
        // The strict check is far quicker on valid text, which nearly every line is.
        let text = lossless(content);
        let mut text = text.trim_end();
        if self.read == 1 {
            text = text.strip_prefix('\u{feff}').unwrap_or(text);
        }
        let (text, drawn) = if text.is_ascii() {
            (text.to_string(), None)
        } else {
            undraw(text)
        };
        self.buffer = bytes;
        self.ahead.push_back(Line {
            number: self.read,
            text,
            drawn,
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

    /// The input, with what it holds unread.
    pub(crate) fn input(&self) -> &R {
        &self.input
    }

    /// The number of lines taken so far.
    pub(crate) fn taken(&self) -> usize {
        self.read - self.ahead.len()
    }

    /// The lines read ahead and not taken yet.
    pub(crate) fn ahead(&self) -> impl Iterator<Item = &Line> {
        self.ahead.iter()
    }

    /// Whether the input has ended (or failed): nothing more is read from it.
    pub(crate) fn ended(&self) -> bool {
        self.ended
    }

    /// The error that ended the input early (a read error, or a line too long), once.
    pub(crate) fn take_failure(&mut self) -> Option<FormatError> {
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
    fn a_line_too_long_ends_the_input_with_its_position() {
        let text = "12345678\r\nabcdefghi\nnot read\n";
        let mut source = Source::with_max_line(text.as_bytes(), 8);
        assert_eq!(source.next_line().unwrap().text, "12345678");
        assert_eq!(source.next_line(), None);
        let error = source.take_failure().unwrap();
        assert_eq!((error.line, error.column), (2, 9));
        assert!(error.message.contains("longer than 8 bytes"), "{error}");
        assert_eq!(source.next_line(), None);
    }

    #[test]
    fn a_long_line_is_not_read_whole() {
        // Lines of any length come from a reader that never ends; only the limit is read.
        let endless = io::BufReader::new(io::repeat(b'7'));
        let mut source = Source::new(endless);
        assert_eq!(source.next_line(), None);
        let error = source.take_failure().unwrap();
        assert_eq!((error.line, error.column), (1, MAX_LINE_BYTES + 1));
    }

    #[test]
    fn box_drawing_becomes_ascii() {
        let mut source = Source::new("┌─┬─┐\n│1│2│\n╠═╬═╣\nx\n".as_bytes());
        let line = source.next_line().unwrap();
        assert_eq!(
            (line.text.as_str(), line.drawn),
            ("+-+-+", Some(Frame::Light))
        );
        assert_eq!(source.next_line().unwrap().text, "|1|2|");
        let line = source.next_line().unwrap();
        assert_eq!(
            (line.text.as_str(), line.drawn),
            ("+-+-+", Some(Frame::Double))
        );
        assert_eq!(source.next_line().unwrap().drawn, None);
    }

    #[test]
    fn invalid_utf8_becomes_a_replacement_character() {
        let mut source = Source::new(&b"\xef\xbb\xbf1\xff2\n"[..]);
        let expected = format!("1{}2", dlx_core::quote::byte_char(0xff));
        assert_eq!(source.next_line().unwrap().text, expected);
    }
}
