//! The block format: `n` lines of `n` cells, either characters (optionally spaced, with `|`
//! between boxes and rule lines between bands) or blank-separated numbers; then, optionally, a
//! block of region symbols (a jigsaw layout).

use std::collections::HashMap;
use std::io::BufRead;

use crate::sudoku::shape::MAX_SIZE;
use crate::sudoku::{Alphabet, Frame, Layout, Puzzle, ShapeHint};

use super::alphabet::{choose, decode, number_value, unexpected_number};
use super::error::FormatError;
use super::layout::{labels_of, strict};
use super::memory::Memory;
use super::row::{
    fits_numbers, frame_rule, is_blank, is_comment, is_json, is_separator, rows_are_numbers,
    split_chars, split_numbers, Row,
};
use super::source::{Line, Source};
use super::walls::{regions_from_walls, WallError};
use super::ReadOptions;
use crate::sudoku::shape::usual_boxes;
use dlx_core::quote::quote;

/// How the lines ahead are looked at to measure a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scan {
    /// Rows of characters with no blanks or `|`.
    Plain,
    /// Rows of blank-separated numbers.
    Numbers,
    /// Rows of any kind, with rule lines.
    Decorated,
}

/// The rows ahead: whether they are numbers, and how many cells each has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Window {
    /// Whether the rows are blank-separated numbers.
    pub(crate) numbers: bool,
    /// Cells in each row, in order (rule lines left out).
    pub(crate) counts: Vec<usize>,
    /// Whether the rows end at a blank line, a comment or the end of the input (rather than at
    /// a line of another kind or the look-ahead limit).
    pub(crate) ended: bool,
}

impl Window {
    /// The most common row width (the first one on a tie), or `fallback` without rows.
    pub(crate) fn width(&self, fallback: usize) -> usize {
        let mut seen: HashMap<usize, usize> = HashMap::new();
        for &count in &self.counts {
            *seen.entry(count).or_default() += 1;
        }
        let mut best = (fallback, 0);
        for &count in &self.counts {
            if seen[&count] > best.1 {
                best = (count, seen[&count]);
            }
        }
        best.0
    }

    /// Whether the rows make an `n`-row block: most of the first `n` are `n` wide, or (a block
    /// missing rows) more than half of `n` rows, all `n` wide, stand alone.
    pub(crate) fn holds_block(&self, n: usize) -> bool {
        if n < 2 {
            return false;
        }
        if self.counts.len() >= n {
            return self.counts[..n].iter().filter(|&&c| c == n).count() * 2 > n;
        }
        self.ended && self.counts.len() * 2 > n && self.counts.iter().all(|&c| c == n)
    }
}

/// Looks at up to `limit` rows ahead, without consuming them.
pub(crate) fn scan<R: BufRead>(
    source: &mut Source<R>,
    how: Scan,
    explicit: Option<Alphabet>,
    limit: usize,
) -> Window {
    let mut rows: Vec<String> = Vec::new();
    let mut i = 0;
    let mut ended = false;
    while rows.len() < limit && i <= 2 * limit {
        let Some(line) = source.peek(i) else {
            ended = true;
            break;
        };
        i += 1;
        let t = line.text.trim();
        if t.is_empty() || is_comment(t) || is_json(t) {
            ended = true;
            break;
        }
        let fits = match how {
            Scan::Plain => !t.contains(|c: char| c.is_whitespace() || c == '|'),
            Scan::Numbers => !t.contains('|') && fits_numbers(t),
            Scan::Decorated => {
                if is_separator(t, true) {
                    continue;
                }
                true
            }
        };
        if !fits {
            break;
        }
        rows.push(t.to_string());
    }
    let numbers = match (how, explicit) {
        (Scan::Numbers, _) | (_, Some(Alphabet::Numbers)) => true,
        (Scan::Plain, _) | (_, Some(_)) => false,
        (Scan::Decorated, None) => rows_are_numbers(rows.iter().map(String::as_str)),
    };
    let counts = rows
        .iter()
        .map(|r| {
            if numbers {
                split_numbers(r).cells.len()
            } else {
                split_chars(r).cells.len()
            }
        })
        .collect();
    Window {
        numbers,
        counts,
        ended,
    }
}

/// The rows of a block as read, before their cells are decoded.
struct Rows {
    first_line: usize,
    rows: Vec<(Line, Row)>,
    separators: Vec<usize>,
    /// Whether box-drawing characters drew it, light or double.
    drawn: Option<Frame>,
    /// The frame its rule lines belong to, when their ends tell (`*---*`, `.---.`).
    rule_frame: Option<Frame>,
    /// Whether blank lines stood between its bands.
    gaps: bool,
}

/// The rows in a band of a block of side `n` written as bands separated by blank lines: those
/// of its usual boxes (3 for 9, 2 for 6), when it has any.
pub(crate) fn band_rows(n: usize) -> Option<usize> {
    let (r, c) = usual_boxes(n);
    (r > 1 && c > 1).then_some(r)
}

/// The cells in a row of the kind `how` (characters or numbers), when the line is one.
fn row_width(text: &str, how: Scan) -> Option<usize> {
    let t = text.trim();
    if t.is_empty() || is_comment(t) || is_json(t) || is_separator(t, how != Scan::Plain) {
        return None;
    }
    match how {
        Scan::Plain if t.contains(|c: char| c.is_whitespace() || c == '|') => None,
        Scan::Numbers if t.contains('|') || !fits_numbers(t) => None,
        Scan::Numbers => Some(split_numbers(t).cells.len()),
        _ => Some(split_chars(t).cells.len()),
    }
}

/// Whether the lines ahead are the rows `done..n` of a block of side `n` written as bands
/// separated by single blank lines (three bands of three rows for 9x9), each row `n` cells of
/// the kind `how`, with a blank line, a comment or the end after the last band. `done` rows,
/// whole bands, have been taken (then a blank line is next).
pub(crate) fn bands_ahead<R: BufRead>(
    source: &mut Source<R>,
    how: Scan,
    n: usize,
    done: usize,
) -> bool {
    let Some(r) = band_rows(n) else {
        return false;
    };
    if done % r != 0 || done >= n {
        return false;
    }
    let mut i = 0;
    for row in done..n {
        if row > 0 && row % r == 0 {
            if !source.peek(i).is_some_and(|l| is_blank(&l.text)) {
                return false;
            }
            i += 1;
        }
        match source.peek(i) {
            Some(line) if row_width(&line.text, how) == Some(n) => i += 1,
            _ => return false,
        }
    }
    source
        .peek(i)
        .map_or(true, |l| is_blank(&l.text) || is_comment(&l.text))
}

/// Reads an `n`-row block from the source (its first line is next). `numbers` says how cells
/// are separated; `decorated` whether the block starts decorated (so that a line of dashes is a
/// rule, not a row of empty cells). On a malformed row the rest of the block is still consumed,
/// so that reading goes on with the next puzzle.
pub(crate) fn read<R: BufRead>(
    source: &mut Source<R>,
    n: usize,
    numbers: bool,
    decorated: bool,
    options: &ReadOptions,
    memory: &Memory,
) -> Result<Puzzle, FormatError> {
    if n > MAX_SIZE {
        // No grid this large can be solved: its rows are passed over one at a time rather
        // than held, so that a huge block takes no memory.
        let first = source.next_number();
        for _ in 0..n {
            if source.next_line().is_none() {
                break;
            }
        }
        return Err(FormatError::new(
            first,
            1,
            format!("a {n}x{n} grid is too large (at most {MAX_SIZE}x{MAX_SIZE})"),
        ));
    }
    let raw = take_rows(source, n, numbers, decorated)?;
    let values = if numbers {
        numbers_of(&raw, n)
    } else {
        chars_of(&raw, n, options, memory).map(|(cells, alphabet)| Values {
            cells,
            alphabet,
            regions: None,
        })
    };
    let layout = match &values {
        Ok(v) if v.regions.is_some() => None,
        _ => take_layout(source, n),
    };
    let values = values?;
    let (decorated, frame) = frame_of(&raw, n, numbers);
    let boxes = infer_boxes(n, &raw);
    Ok(Puzzle {
        size: n,
        cells: values.cells,
        shape: ShapeHint {
            boxes,
            regions: values.regions.or(layout),
            extra: Vec::new(),
        },
        layout: Layout::Block {
            alphabet: values.alphabet,
            decorated,
            frame,
        },
        line: raw.first_line,
        candidates: None,
    })
}

/// The largest side of a pencil-mark grid: its candidates are digits.
const MAX_MARKS_SIDE: usize = 9;

/// Whether a token lists a cell's candidates: distinct digits `1`-`9`.
fn is_marks(token: &str) -> bool {
    let mut seen = 0u16;
    !token.is_empty()
        && token.bytes().all(|b| {
            let bit = 1u16 << (b.wrapping_sub(b'0') & 15);
            let fresh = matches!(b, b'1'..=b'9') && seen & bit == 0;
            seen |= bit;
            fresh
        })
}

/// The side of the pencil-mark grid whose first line is next, if it is one: `n` rows (rule
/// lines between them) of `n` blank-separated candidate lists each (`| 5 3 124 | 26 7 2468 |`),
/// `|` as decoration, with some cell holding two candidates or more and no candidate above `n`.
pub(crate) fn marks_side<R: BufRead>(
    source: &mut Source<R>,
    options: &ReadOptions,
) -> Option<usize> {
    if options.alphabet.is_some_and(|a| a != Alphabet::OneBased) {
        return None;
    }
    let mut side = None;
    let mut rows = 0;
    let mut several = false;
    let mut highest = 0;
    for i in 0..2 * MAX_MARKS_SIDE + 4 {
        let Some(line) = source.peek(i) else { break };
        let t = line.text.trim();
        if t.is_empty() || is_comment(t) || is_json(t) {
            break;
        }
        if is_separator(t, true) {
            continue;
        }
        let tokens: Vec<&str> = t.split_whitespace().filter(|&t| t != "|").collect();
        if tokens.len() > MAX_MARKS_SIDE || !tokens.iter().all(|t| is_marks(t)) {
            return None;
        }
        let n = *side.get_or_insert(tokens.len());
        if tokens.len() != n {
            return None;
        }
        several |= tokens.iter().any(|t| t.len() > 1);
        highest = tokens
            .iter()
            .flat_map(|t| t.bytes())
            .map(|b| usize::from(b - b'0'))
            .fold(highest, usize::max);
        rows += 1;
        if rows == n {
            break;
        }
    }
    let n = side?;
    (rows == n && n >= 2 && several && highest <= n && options.size.map_or(true, |s| s == n))
        .then_some(n)
}

/// Whether the undecorated rows ahead are a pencil-mark grid rather than numbers (HDU 4069's
/// wall bits are numbers too): a pencil-mark grid of side `n` with some candidate list that
/// cannot be a cell's digit plus wall bits.
pub(crate) fn bare_marks_side<R: BufRead>(
    source: &mut Source<R>,
    options: &ReadOptions,
) -> Option<usize> {
    let n = marks_side(source, options)?;
    let walls = |token: &str| {
        token
            .parse::<u32>()
            .is_ok_and(|v| v <= 0xff && v & 15 <= n as u32)
    };
    let mut i = 0;
    let mut rows = 0;
    while rows < n {
        let line = source.peek(i)?;
        i += 1;
        if is_separator(&line.text, true) {
            continue;
        }
        rows += 1;
        if line
            .text
            .split_whitespace()
            .any(|t| t.len() > 1 && t != "|" && !walls(t))
        {
            return Some(n);
        }
    }
    None
}

/// Reads a pencil-mark grid of side `n` (its first line is next, [`marks_side`] found it): the
/// cells with one candidate are the givens, and every cell's candidates are kept.
pub(crate) fn read_marks<R: BufRead>(
    source: &mut Source<R>,
    n: usize,
) -> Result<Puzzle, FormatError> {
    let raw = take_rows(source, n, true, true)?;
    let mut cells = Vec::with_capacity(n * n);
    let mut candidates = Vec::with_capacity(n * n);
    for (line, row) in &raw.rows {
        for t in &row.cells {
            let token = &line.text[t.start..t.end];
            if !is_marks(token) {
                return Err(FormatError::new(
                    line.number,
                    t.column,
                    format!(
                        "unexpected {} (expected a cell's candidates: distinct digits 1-{n})",
                        quote(token)
                    ),
                ));
            }
            let mask = token.bytes().fold(0u64, |mask, b| mask | 1 << (b - b'1'));
            if mask >> n != 0 {
                return Err(FormatError::new(
                    line.number,
                    t.column,
                    format!("candidate above {n} in {}", quote(token)),
                ));
            }
            cells.push(if mask.count_ones() == 1 {
                mask.trailing_zeros() as u16 + 1
            } else {
                0
            });
            candidates.push(mask);
        }
    }
    let (decorated, frame) = frame_of(&raw, n, false);
    Ok(Puzzle {
        size: n,
        cells,
        shape: ShapeHint {
            boxes: infer_boxes(n, &raw),
            regions: None,
            extra: Vec::new(),
        },
        layout: Layout::Block {
            alphabet: Alphabet::OneBased,
            decorated,
            frame,
        },
        line: raw.first_line,
        candidates: Some(candidates),
    })
}

/// Whether a block is decorated and how it is framed, from its rows and rule lines.
fn frame_of(raw: &Rows, n: usize, numbers: bool) -> (bool, Frame) {
    let spaced = raw.rows.iter().any(|(_, row)| row.spaced) && !numbers;
    let piped = raw.rows.iter().any(|(_, row)| !row.pipes.is_empty());
    if let Some(drawn) = raw.drawn {
        return (true, drawn);
    }
    if let Some(frame) = raw.rule_frame {
        return (true, frame);
    }
    if raw.separators.is_empty() && !piped {
        return match (raw.gaps, spaced) {
            (true, _) => (spaced, Frame::Bands),
            (false, true) => (true, Frame::Spaced),
            (false, false) => (false, Frame::Rules),
        };
    }
    let barred = raw.rows.iter().all(|(_, row)| {
        row.pipes.first() == Some(&0) && row.pipes.last() == Some(&n) && row.cells.len() == n
    });
    let ruled = raw.separators.first() == Some(&0) && raw.separators.last() == Some(&n);
    (
        true,
        if barred && ruled {
            Frame::Plus
        } else {
            Frame::Rules
        },
    )
}

/// Takes the `n` rows of a block and the rule lines among them; checks each row's width.
fn take_rows<R: BufRead>(
    source: &mut Source<R>,
    n: usize,
    numbers: bool,
    decorated: bool,
) -> Result<Rows, FormatError> {
    let first_line = source.next_number();
    let mut raw = Rows {
        first_line,
        rows: Vec::new(),
        separators: Vec::new(),
        drawn: None,
        rule_frame: None,
        gaps: false,
    };
    let mut error: Option<FormatError> = None;
    let mut spaced = decorated || numbers;
    while raw.rows.len() < n {
        let Some(next) = source.peek(0) else { break };
        if is_blank(&next.text) && band_gap(source, &raw, n, numbers, spaced) {
            source.next_line();
            raw.gaps = true;
            continue;
        }
        let Some(next) = source.peek(0) else { break };
        let t = next.text.as_str();
        let drawn = next.drawn;
        if is_blank(t) || is_json(t) {
            break;
        }
        if is_comment(t) {
            source.next_line();
            continue;
        }
        raw.drawn = heavier(raw.drawn, drawn);
        if is_separator(t, spaced) {
            raw.rule_frame = raw.rule_frame.or(frame_rule(t));
            source.next_line();
            raw.separators.push(raw.rows.len());
            continue;
        }
        let Some(line) = source.next_line() else {
            break;
        };
        let row = if numbers {
            split_numbers(&line.text)
        } else {
            split_chars(&line.text)
        };
        spaced |= row.spaced || !row.pipes.is_empty();
        if row.cells.len() != n && error.is_none() {
            let column = match row.cells.get(n) {
                Some(extra) => extra.column,
                None => line.text.chars().count() + 1,
            };
            let what = if numbers { "numbers" } else { "cells" };
            error = Some(FormatError::new(
                line.number,
                column,
                format!("expected {n} {what} in this row, found {}", row.cells.len()),
            ));
        }
        raw.rows.push((line, row));
    }
    if raw.rows.len() == n {
        if let Some(next) = source.peek(0) {
            if is_separator(&next.text, spaced) {
                raw.rule_frame = raw.rule_frame.or(frame_rule(&next.text));
                raw.drawn = heavier(raw.drawn, next.drawn);
                source.next_line();
                raw.separators.push(n);
            }
        }
    } else if error.is_none() {
        let at = source.next_number();
        error = Some(FormatError::new(
            at,
            1,
            format!(
                "expected {n} rows of {n} cells, found {} before this line",
                raw.rows.len()
            ),
        ));
    }
    match error {
        Some(e) => {
            take_layout(source, n);
            Err(e)
        }
        None => Ok(raw),
    }
}

/// Double lines when any line of a block has them, else light ones when any has.
fn heavier(a: Option<Frame>, b: Option<Frame>) -> Option<Frame> {
    if b == Some(Frame::Double) {
        b
    } else {
        a.or(b)
    }
}

/// Whether the blank line next stands between two bands of the block being read: the rows so
/// far end a band, and the line after the blank is a row of `n` cells of the same kind.
fn band_gap<R: BufRead>(
    source: &mut Source<R>,
    raw: &Rows,
    n: usize,
    numbers: bool,
    spaced: bool,
) -> bool {
    let done = raw.rows.len();
    if done == 0 || !raw.separators.is_empty() {
        return false;
    }
    let how = match (numbers, spaced) {
        (true, _) => Scan::Numbers,
        (false, true) => Scan::Decorated,
        (false, false) => Scan::Plain,
    };
    bands_ahead(source, how, n, done)
}

/// The decoded cells of a block.
struct Values {
    cells: Vec<u16>,
    alphabet: Alphabet,
    regions: Option<Vec<u16>>,
}

/// Decodes a block of characters.
fn chars_of(
    raw: &Rows,
    n: usize,
    options: &ReadOptions,
    memory: &Memory,
) -> Result<(Vec<u16>, Alphabet), FormatError> {
    let cells = || {
        raw.rows.iter().flat_map(|(line, row)| {
            row.cells.iter().map(move |t| {
                let ch = line.text[t.start..t.end].chars().next().unwrap_or('?');
                (ch, (line.number, t.column))
            })
        })
    };
    let alphabet = choose(
        cells().map(|(ch, _)| ch),
        n,
        options.alphabet,
        memory.alphabet(n),
    )
    .map_err(|message| {
        let (line, column) = cells().next().map_or((raw.first_line, 1), |c| c.1);
        FormatError::new(line, column, message)
    })?;
    let values = decode(cells(), alphabet, n)
        .map_err(|((line, column), message)| FormatError::new(line, column, message))?;
    Ok((values, alphabet))
}

/// Decodes a block of numbers; numbers that carry HDU 4069 wall bits give the regions too.
fn numbers_of(raw: &Rows, n: usize) -> Result<Values, FormatError> {
    let mut values = Vec::new();
    let mut places = Vec::new();
    for (line, row) in &raw.rows {
        for t in &row.cells {
            let token = &line.text[t.start..t.end];
            let value = number_value(token).ok_or_else(|| {
                FormatError::new(line.number, t.column, unexpected_number(token, n))
            })?;
            values.push(value);
            places.push((line.number, t.column, token));
        }
    }
    let bound = n as u32;
    let walls = n <= 15
        && values.iter().filter(|&&v| v > bound).count() >= n
        && values.iter().all(|&v| v <= 0xff && v & 15 <= bound);
    if walls {
        let (cells, regions) = regions_from_walls(&values).map_err(|e| {
            let (line, column) = match &e {
                WallError::Bits { row, column, .. }
                | WallError::Digit { row, column, .. }
                | WallError::RegionSize { row, column, .. } => places
                    .get((row - 1) * n + (column - 1))
                    .map_or((raw.first_line, 1), |p| (p.0, p.1)),
                _ => (raw.first_line, 1),
            };
            FormatError::new(line, column, format!("in the wall layout: {e}"))
        })?;
        return Ok(Values {
            cells,
            alphabet: Alphabet::Numbers,
            regions: Some(regions),
        });
    }
    let cells = values
        .iter()
        .zip(&places)
        .map(|(&v, &(line, column, token))| {
            if v <= bound {
                Ok(v as u16)
            } else {
                Err(FormatError::new(line, column, unexpected_number(token, n)))
            }
        })
        .collect::<Result<Vec<u16>, FormatError>>()?;
    Ok(Values {
        cells,
        alphabet: Alphabet::Numbers,
        regions: None,
    })
}

/// Takes a jigsaw layout written after a block (up to two blank lines before it): `n` rows of
/// `n` region symbols making `n` connected regions of `n` cells (`n` at least 2). Anything else
/// is left alone.
pub(crate) fn take_layout<R: BufRead>(source: &mut Source<R>, n: usize) -> Option<Vec<u16>> {
    if n < 2 {
        return None;
    }
    let mut i = 0;
    while i < 2 && source.peek(i).is_some_and(|l| is_blank(&l.text)) {
        i += 1;
    }
    let mut labels: Vec<String> = Vec::new();
    let mut rows = 0;
    let mut framed = false;
    while rows < n {
        let line = source.peek(i)?;
        i += 1;
        let t = line.text.as_str();
        if is_separator(t, true) && i <= 2 * n + 2 {
            framed |= rows == 0;
            continue;
        }
        if is_blank(t) || is_comment(t) {
            return None;
        }
        let row = labels_of(t);
        if row.len() != n
            || !row
                .iter()
                .all(|(label, _)| label.bytes().all(|b| b.is_ascii_alphanumeric()))
        {
            return None;
        }
        labels.extend(row.into_iter().map(|(label, _)| label));
        rows += 1;
    }
    let regions = strict(&labels, n)?;
    // The rule that closes a framed layout.
    if framed && source.peek(i).is_some_and(|l| is_separator(&l.text, true)) {
        i += 1;
    }
    for _ in 0..i {
        source.next_line();
    }
    Some(regions)
}

/// The box shape drawn by a block's decoration: `|` every `c` cells in every row and a rule
/// every `r` rows, with `r * c = n`. Frame lines and frame bars at the edges do not count.
fn infer_boxes(n: usize, raw: &Rows) -> Option<(usize, usize)> {
    let inner = |positions: &[usize]| -> Vec<usize> {
        let mut v: Vec<usize> = positions
            .iter()
            .copied()
            .filter(|&p| p > 0 && p < n)
            .collect();
        v.dedup();
        v
    };
    let pipes = inner(&raw.rows.first()?.1.pipes);
    if raw.rows.iter().any(|(_, row)| inner(&row.pipes) != pipes) {
        return None;
    }
    let rules = inner(&raw.separators);
    let c = *pipes.first()?;
    let r = *rules.first()?;
    let evenly =
        |positions: &[usize], step: usize| positions.iter().copied().eq((step..n).step_by(step));
    (r * c == n && evenly(&pipes, c) && evenly(&rules, r)).then_some((r, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_str(text: &str, n: usize, numbers: bool) -> Result<Puzzle, String> {
        let mut source = Source::new(text.as_bytes());
        read(
            &mut source,
            n,
            numbers,
            false,
            &ReadOptions::default(),
            &Memory::default(),
        )
        .map_err(|e| e.to_string())
    }

    #[test]
    fn widths() {
        let w = Window {
            numbers: false,
            counts: vec![8, 9, 9, 9, 9, 9, 9, 9, 9, 4],
            ended: false,
        };
        assert_eq!(w.width(8), 9);
        assert!(w.holds_block(9));
        assert!(!w.holds_block(4));
        let short = Window {
            numbers: false,
            counts: vec![9; 8],
            ended: true,
        };
        assert!(short.holds_block(9));
        assert!(!Window {
            ended: false,
            ..short
        }
        .holds_block(9));
    }

    #[test]
    fn decorated_blocks_give_their_boxes() {
        let text = "1 2 3 | 4 5 6\n4 5 6 | 1 2 3\n------+------\n2 3 1 | 5 6 4\n5 6 4 | 2 3 1\n------+------\n3 1 2 | 6 4 5\n6 4 5 | 3 1 2\n";
        let p = read_str(text, 6, false).unwrap();
        assert_eq!(p.shape.boxes, Some((2, 3)));
        assert_eq!(
            p.layout,
            Layout::Block {
                alphabet: Alphabet::OneBased,
                decorated: true,
                frame: Frame::Rules
            }
        );
        assert_eq!(&p.cells[..6], &[1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn row_errors() {
        let err = read_str("12\n123\n", 2, false).unwrap_err();
        assert_eq!(
            err,
            "line 2, column 3: expected 2 cells in this row, found 3"
        );
        let err = read_str("12\n\n21\n", 2, false).unwrap_err();
        assert_eq!(
            err,
            "line 2, column 1: expected 2 rows of 2 cells, found 1 before this line"
        );
        let err = read_str("1 2\n3 0\n", 2, true).unwrap_err();
        assert_eq!(
            err,
            "line 2, column 1: unexpected `3` (expected a number 0-2 or an empty-cell mark)"
        );
    }
}
