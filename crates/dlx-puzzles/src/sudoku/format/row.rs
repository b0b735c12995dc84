//! One line of text seen as a row of cells: what kind of line it is, and where its cells are.

use super::alphabet::{is_cell_char, EMPTY_MARKS};
use crate::sudoku::Frame;

/// Where one cell (a character, or a number token) is in its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    /// Byte range in the line.
    pub(crate) start: usize,
    /// End of the byte range.
    pub(crate) end: usize,
    /// 1-based column, in characters.
    pub(crate) column: usize,
}

/// The cells of a row and its decoration.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Row {
    /// The cells.
    pub(crate) cells: Vec<Token>,
    /// For each `|`, how many cells precede it.
    pub(crate) pipes: Vec<usize>,
    /// Whether blanks stand between cells.
    pub(crate) spaced: bool,
}

/// Whether a line is empty or holds only blanks.
pub(crate) fn is_blank(text: &str) -> bool {
    text.trim().is_empty()
}

/// Whether a line is a comment (starts with `#`).
pub(crate) fn is_comment(text: &str) -> bool {
    text.trim_start().starts_with('#')
}

/// Whether a line is a JSON record (starts with `{`).
pub(crate) fn is_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// Whether a line is a rule between rows of boxes (`------+-------+------`, `+---+---+`,
/// `=====`). A line of dashes alone is a rule only in a block whose rows are spaced
/// (`in_spaced_block`) or when it has blanks; otherwise it is a row of empty cells.
pub(crate) fn is_separator(text: &str, in_spaced_block: bool) -> bool {
    let t = text.trim();
    if frame_rule(t).is_some() {
        return true;
    }
    if t.is_empty()
        || !t
            .chars()
            .all(|c| matches!(c, '-' | '+' | '=' | '|') || c.is_whitespace())
        || !t.contains(['-', '='])
    {
        return false;
    }
    t.contains(['+', '='])
        || (!t.contains('|') && t.contains("--") && (in_spaced_block || t.contains(' ')))
}

/// The frame a rule line belongs to when its ends say so: Simple Sudoku's `*-----------*`
/// ([`Frame::Star`]) or the forum's `.-------.-------.`, `:-------+-------:` and
/// `'-------'-------'` ([`Frame::Dots`]). Dashes come in runs of at least two, and a forum rule
/// has two runs or more unless it is long (a jigsaw's frame has no boxes), so that a row of
/// empty cells (`.-.-.`, `.-------.`) is not a rule.
pub(crate) fn frame_rule(text: &str) -> Option<Frame> {
    let b = text.trim().as_bytes();
    if b.len() < 7 {
        return None;
    }
    let frame = match (b[0], b[b.len() - 1]) {
        (b'*', b'*') => Frame::Star,
        (b'.', b'.') | (b':', b':') | (b'\'', b'\'') => Frame::Dots,
        _ => return None,
    };
    let mut runs = 0;
    let mut run = 0;
    for &c in &b[1..] {
        match c {
            b'-' => run += 1,
            b'+' | b'.' | b':' | b'\'' | b'*' if run >= 2 => {
                runs += 1;
                run = 0;
            }
            _ => return None,
        }
    }
    (run == 0 && (runs >= 2 || frame == Frame::Star || b.len() >= 13)).then_some(frame)
}

/// The cells of a row of characters: every character but blanks and `|` is a cell.
pub(crate) fn split_chars(text: &str) -> Row {
    let mut row = Row::default();
    let mut gap = false;
    for (index, (start, ch)) in text.char_indices().enumerate() {
        if ch.is_whitespace() {
            gap = !row.cells.is_empty();
        } else if ch == '|' {
            row.pipes.push(row.cells.len());
        } else {
            row.spaced |= gap;
            gap = false;
            row.cells.push(Token {
                start,
                end: start + ch.len_utf8(),
                column: index + 1,
            });
        }
    }
    row
}

/// The cells of a row of blank-separated tokens (numbers); `|` tokens are decoration.
pub(crate) fn split_numbers(text: &str) -> Row {
    let mut row = Row {
        spaced: true,
        ..Row::default()
    };
    let mut token: Option<Token> = None;
    let flush = |token: &mut Option<Token>, row: &mut Row, text: &str| {
        if let Some(t) = token.take() {
            if &text[t.start..t.end] == "|" {
                row.pipes.push(row.cells.len());
            } else {
                row.cells.push(t);
            }
        }
    };
    for (index, (start, ch)) in text.char_indices().enumerate() {
        if ch.is_whitespace() {
            flush(&mut token, &mut row, text);
        } else {
            match &mut token {
                Some(t) => t.end = start + ch.len_utf8(),
                None => {
                    token = Some(Token {
                        start,
                        end: start + ch.len_utf8(),
                        column: index + 1,
                    })
                }
            }
        }
    }
    flush(&mut token, &mut row, text);
    row
}

/// Whether a blank-separated token can be a cell of a numbers row: up to 5 digits, or one
/// empty-cell mark.
pub(crate) fn is_number_token(token: &str) -> bool {
    (!token.is_empty() && token.len() <= 5 && token.bytes().all(|b| b.is_ascii_digit()))
        || token.len() == 1 && token.chars().all(|c| EMPTY_MARKS.contains(&c))
}

/// Whether a line is a row of numbers: two or more blank-separated tokens, each a number, an
/// empty-cell mark or `|`, where some number has two digits or no mark other than `0` is used
/// (`5 3 . . 7` is a spaced row of characters, `5 3 0 0 7` and `12 . 3` are numbers).
pub(crate) fn is_number_row(text: &str) -> bool {
    let mut tokens = 0;
    let mut long = false;
    let mut marks = false;
    for token in text.split_whitespace() {
        if token == "|" {
            continue;
        }
        if !is_number_token(token) {
            return false;
        }
        tokens += 1;
        long |= token.len() > 1;
        marks |= !token.as_bytes()[0].is_ascii_digit();
    }
    tokens >= 2 && (long || !marks)
}

/// Whether some rows, all fitting a numbers block, are numbers rather than spaced characters:
/// some number has two digits, or no empty-cell mark other than `0` is used.
pub(crate) fn rows_are_numbers<'a>(rows: impl Iterator<Item = &'a str> + Clone) -> bool {
    let tokens = || {
        rows.clone()
            .flat_map(str::split_whitespace)
            .filter(|t| *t != "|")
    };
    let mut any = false;
    let mut long = false;
    let mut marks = false;
    for token in tokens() {
        if !is_number_token(token) {
            return false;
        }
        any = true;
        long |= token.len() > 1;
        marks |= !token.as_bytes()[0].is_ascii_digit();
    }
    any && (long || !marks)
}

/// Whether a row could be a row of a numbers block (each token a number, a mark or `|`).
pub(crate) fn fits_numbers(text: &str) -> bool {
    text.split_whitespace()
        .all(|t| t == "|" || is_number_token(t))
}

/// The number of leading characters of `field` that can be cells (all ASCII).
pub(crate) fn cell_run(field: &str) -> usize {
    field.chars().take_while(|&c| is_cell_char(c)).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separators() {
        assert!(is_separator("------+-------+------", false));
        assert!(is_separator("+-------+-------+-------+", false));
        assert!(is_separator("---+---+---", false));
        assert!(is_separator("=========", false));
        assert!(is_separator("------ ------ ------", false));
        assert!(is_separator("---------------------", true));
        assert!(!is_separator("---------", false));
        assert!(!is_separator("---|---|---", true));
        assert!(!is_separator("- - - | - - - | - - -", true));
        assert!(!is_separator("5 3 .", true));
        assert!(!is_separator("", true));
        assert!(is_separator("*-----------*", false));
        assert!(is_separator(".-------.-------.-------.", false));
        assert!(is_separator(":-------+-------+-------:", false));
        assert!(is_separator("'-------'-------'-------'", false));
    }

    #[test]
    fn frame_rules() {
        assert_eq!(frame_rule("*-----------*"), Some(Frame::Star));
        assert_eq!(frame_rule(" .-------.-------.-------. "), Some(Frame::Dots));
        assert_eq!(frame_rule("'-------'-------'-------'"), Some(Frame::Dots));
        assert_eq!(frame_rule(".-------."), None);
        assert_eq!(frame_rule(".-.-.-.-."), None);
        assert_eq!(frame_rule("*.......*"), None);
        assert_eq!(frame_rule("*--*"), None);
        assert_eq!(frame_rule(".-------.-------.-------"), None);
    }

    #[test]
    fn character_rows() {
        let row = split_chars("5 3 . | . 7 .");
        assert_eq!(row.cells.len(), 6);
        assert_eq!(row.pipes, vec![3]);
        assert!(row.spaced);
        assert_eq!(row.cells[3].column, 9);
        let plain = split_chars("53..7|8");
        assert!(!plain.spaced);
        assert_eq!(plain.pipes, vec![5]);
    }

    #[test]
    fn number_rows() {
        let row = split_numbers(" 12  0 | 3");
        let texts: Vec<&str> = row
            .cells
            .iter()
            .map(|t| &" 12  0 | 3"[t.start..t.end])
            .collect();
        assert_eq!(texts, vec!["12", "0", "3"]);
        assert_eq!(row.pipes, vec![2]);
        assert_eq!(row.cells[0].column, 2);
        assert!(is_number_row("5 3 0 0 7"));
        assert!(is_number_row("12 . 3"));
        assert!(!is_number_row("5 3 . . 7"));
        assert!(!is_number_row("5"));
        assert!(!is_number_row("5 x"));
    }
}
