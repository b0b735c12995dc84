//! The streaming reader: decides what each record is (JSON, line, block) and reads it.

use std::io::{BufRead, BufReader, Read};

use crate::sudoku::{Alphabet, Layout, Puzzle, ShapeHint};

use super::block::{self, Scan};
use super::error::FormatError;
use super::guess::{self, Guess};
use super::layout::strict;
use super::line;
use super::memory::{Kind, Memory};
use super::row::{
    cell_run, frame_rule, is_blank, is_comment, is_json, is_number_row, is_separator,
};
use super::source::{Line, Source};
use super::{exact_root, json, ReadOptions, MAX_CHAR_SIDE, MAX_SIDE};

/// Rows looked at ahead to measure a decorated block.
const DECORATED_WINDOW: usize = 64;

/// The most cell buffers kept for reuse (see [`Reader::recycle`]): a batch's worth.
const MAX_SPARE_CELLS: usize = 1024;

/// The largest cell buffer kept for reuse: a 32x32 grid. Larger puzzles take far longer to solve
/// than to allocate for.
const MAX_SPARE_LEN: usize = 32 * 32;

/// Reads puzzles one by one from a text input in any of the formats of this module, mixed
/// freely; see the [module documentation](super) for the formats and how they are told apart.
///
/// It holds at most one block (plus its layout) ahead of the puzzle it returns. A malformed
/// puzzle yields one `Err`, and reading goes on with the next puzzle; a read error of the input
/// yields one `Err` and ends the iteration.
pub struct Reader<R: BufRead> {
    source: Source<R>,
    options: ReadOptions,
    memory: Memory,
    /// Cell buffers of puzzles handed back, to be filled again.
    spare_cells: Vec<Vec<u16>>,
    /// Whether the line after a line puzzle may be its region layout (see
    /// [`Reader::line_layouts`]).
    line_layouts: bool,
    started: bool,
    done: bool,
}

/// What the first line of a record says about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Start {
    /// A JSON object.
    Json,
    /// A puzzle on one line.
    Line,
    /// A line that is nothing but the cells of a puzzle.
    Bare(line::Bare),
    /// A decorated block (spaced cells, `|` or a rule line).
    Block,
    /// One plain token of this many characters: a line puzzle or the first row of a block.
    Plain(usize),
    /// This many blank-separated numbers: a line puzzle or the first row of a block.
    Numbers(usize),
}

/// Classifies the first line of a record.
fn start(text: &str, options: &ReadOptions) -> Start {
    // A frame's top line (`*-----*`, `.---.---.`) is also a line of empty cells.
    if matches!(
        text.trim_start().as_bytes(),
        [b'*' | b'.' | b':' | b'\'', b'-', ..]
    ) && frame_rule(text).is_some()
    {
        return Start::Block;
    }
    // The steps below take a bare line of cells as a line puzzle; found at once.
    if let Some(grid) = line::bare(text, options) {
        return Start::Bare(grid);
    }
    let t = text.trim();
    if is_json(t) {
        return Start::Json;
    }
    if is_separator(t, false) {
        return Start::Block;
    }
    if t.contains('\t') {
        return Start::Line;
    }
    if t.contains('|') {
        return Start::Block;
    }
    let numbers_chosen = options.alphabet == Some(Alphabet::Numbers);
    let chars_chosen = options.alphabet.is_some() && !numbers_chosen;
    let tokens = t.split_whitespace().count();
    if tokens >= 2 {
        if numbers_chosen || (!chars_chosen && is_number_row(t)) {
            return Start::Numbers(tokens);
        }
        if t.split_whitespace().all(|token| token.chars().count() == 1) {
            return Start::Block;
        }
        return Start::Line;
    }
    if numbers_chosen {
        return Start::Numbers(1);
    }
    let run = cell_run(t);
    let len = t.chars().count();
    if run < len && exact_root(run).is_some_and(|n| n >= 4) {
        return Start::Line;
    }
    Start::Plain(len)
}

impl<R: BufRead> Reader<R> {
    /// A reader of `input`. `options.size` fixes the grid side (else it comes from each puzzle's
    /// cell count; a side outside `1..=65535` is reported as the only item); `options.alphabet`
    /// fixes the alphabet (else it is guessed per puzzle).
    pub fn new(input: R, options: ReadOptions) -> Self {
        Reader {
            source: Source::new(input),
            options,
            memory: Memory::default(),
            spare_cells: Vec::new(),
            line_layouts: true,
            started: false,
            done: false,
        }
    }

    /// The same reader, told whether the line after a line puzzle may be its jigsaw layout
    /// (by default it may). With `false`, a line puzzle of a side that has boxes is returned
    /// as soon as its line is read, without looking at the next one (which may not have been
    /// typed yet): for input typed at a terminal, or when the shape comes from elsewhere. A
    /// layout on the puzzle's own line (`GRID LAYOUT`) is read either way, and a side without
    /// boxes (5, 7, ...), which needs a layout, still takes it from the next line.
    pub fn line_layouts(mut self, follow: bool) -> Self {
        self.line_layouts = follow;
        self
    }

    /// Takes back a puzzle this reader returned, once it is no longer needed, so that the next
    /// puzzles can reuse its memory. Optional: a program that reads many puzzles before it lets
    /// go of any (a batch, say) saves the allocator's slow path with it, since a thread's cache
    /// of freed blocks holds only a few of each size.
    pub fn recycle(&mut self, puzzle: Puzzle) {
        let cells = puzzle.cells;
        if self.spare_cells.len() < MAX_SPARE_CELLS && cells.capacity() <= MAX_SPARE_LEN {
            self.spare_cells.push(cells);
        }
    }

    /// Whether the next line, the first of the input, is a count of puzzles (as judge inputs
    /// start): only a number, followed by a line of another length.
    fn count_header(&mut self) -> bool {
        let Some(first) = self.source.peek(0) else {
            return false;
        };
        let t = first.text.trim();
        if t.is_empty() || t.len() > 5 || !t.bytes().all(|b| b.is_ascii_digit()) {
            return false;
        }
        let width = t.len();
        let mut i = 1;
        while let Some(line) = self.source.peek(i).filter(|_| i <= 64) {
            if !is_blank(&line.text) && !is_comment(&line.text) {
                return line.text.trim().chars().count() != width;
            }
            i += 1;
        }
        false
    }

    /// Takes the next line (which the caller has seen).
    fn take(&mut self) -> Result<Line, FormatError> {
        let at = self.source.next_number();
        self.source
            .next_line()
            .ok_or_else(|| FormatError::new(at, 1, "unexpected end of the input"))
    }

    /// Reads the record whose first line is next.
    fn record(&mut self) -> Result<Puzzle, FormatError> {
        let kind = match self.source.peek(0) {
            Some(line) => start(&line.text, &self.options),
            None => Start::Line,
        };
        match kind {
            Start::Json => {
                let line = self.take()?;
                json::read(&line.text, line.number, &self.options)
            }
            Start::Line => self.line_record(true),
            Start::Bare(grid) => {
                let line = self.take()?;
                let cells = self.spare_cells.pop().unwrap_or_default();
                let parsed = line::parse_bare(
                    &line.text,
                    grid,
                    line.number,
                    &self.options,
                    &self.memory,
                    cells,
                )?;
                Ok(self.line_puzzle(parsed, line.number, false))
            }
            Start::Block => match block::marks_side(&mut self.source, &self.options) {
                Some(n) => block::read_marks(&mut self.source, n),
                None => self.decorated_block(),
            },
            Start::Plain(count) => match self.decide(false, count) {
                Some(n) => self.block(n, false),
                // A single field: not a row of numbers.
                None => self.line_record(false),
            },
            Start::Numbers(count) => {
                // Two numbers may be the size line of a grid layout: kept to say so if refused.
                let first = (count == 2)
                    .then(|| {
                        self.source
                            .peek(0)
                            .map(|line| (line.number, line.text.clone()))
                    })
                    .flatten();
                let read = self.numbers_record(count);
                match (read, first) {
                    (Err(e), Some(first)) => Err(self.grid_guess(e, first)),
                    (read, _) => read,
                }
            }
        }
    }

    /// Reads a record whose first line holds `count` blank-separated numbers.
    fn numbers_record(&mut self, count: usize) -> Result<Puzzle, FormatError> {
        if let Some(n) = block::bare_marks_side(&mut self.source, &self.options) {
            return block::read_marks(&mut self.source, n);
        }
        match self.decide(true, count) {
            Some(n) => self.block(n, true),
            None => self.line_record(true),
        }
    }

    /// The error `e` of a record refused whose first line (its number and text) may be the size line of a
    /// grid layout: with what it looks like, looking at the lines after it that are read. A
    /// whole grid is taken, so that its rows are not read as puzzles of their own.
    fn grid_guess(&mut self, e: FormatError, (number, first): (usize, String)) -> FormatError {
        let Some((rows, _)) = guess::size_line(&first) else {
            return e;
        };
        // The record took its first line; its rows, if it took none of them, are next.
        let mut lines = vec![first];
        if self.source.next_number() == number + 1 {
            lines.extend((0..rows).map_while(|i| self.source.peek(i).map(|l| l.text.clone())));
        }
        let guess = guess::looks_like(&lines);
        if let Some(Guess::Grid { complete: true, .. }) = guess {
            for _ in 0..rows {
                self.source.next_line();
            }
        }
        e.with_guess(guess)
    }

    /// Whether the record starting with an undecorated line of `count` cells is a block (its
    /// side) or a line puzzle (`None`).
    ///
    /// A block needs `n` lines ahead, most of them `n` cells wide. When the width is a square,
    /// the lines could also be line puzzles of side `sqrt(n)`: when that side is below 4, or a
    /// line cannot be one (a value too large), it is a block; otherwise the kind of the
    /// previous puzzle decides, and without one, exactly `n` such lines standing alone (blank
    /// line or end after them) are a block.
    fn decide(&mut self, numbers: bool, count: usize) -> Option<usize> {
        let how = if numbers { Scan::Numbers } else { Scan::Plain };
        if let Some(s) = self.options.size {
            if count == s * s {
                return None;
            }
            if count == s {
                return Some(s);
            }
            let window = block::scan(&mut self.source, how, self.options.alphabet, s + 1);
            return (window.width(count) == s).then_some(s);
        }
        if count <= 1 || (!numbers && count > MAX_CHAR_SIDE) {
            return None;
        }
        if let Some(q) = exact_root(count) {
            if self.memory.last() == Some((Kind::Line, q)) && self.fits_line(0, q, numbers) {
                return None;
            }
        }
        if block::bands_ahead(&mut self.source, how, count, 0) {
            return Some(count);
        }
        let limit = if numbers {
            count.min(4096) + 1
        } else {
            MAX_CHAR_SIDE + 1
        };
        let window = block::scan(&mut self.source, how, self.options.alphabet, limit);
        let n = window.width(count);
        let holds = window.holds_block(n) && (numbers || n <= MAX_CHAR_SIDE);
        let Some(q) = exact_root(n) else {
            return holds.then_some(n);
        };
        if !holds {
            return None;
        }
        if q < 4
            || self.memory.last() == Some((Kind::Block, n))
            || !(0..n).all(|i| self.fits_line(i, q, numbers))
        {
            return Some(n);
        }
        (window.counts.len() == n).then_some(n)
    }

    /// Whether the line `i` ahead reads as a line puzzle of side `q`.
    fn fits_line(&mut self, i: usize, q: usize, numbers: bool) -> bool {
        let options = ReadOptions {
            size: Some(q),
            alphabet: self.options.alphabet,
        };
        let Some(line) = self.source.peek(i) else {
            return false;
        };
        if numbers {
            line::parse_numbers(&line.text, line.number, &options, &self.memory).is_ok()
        } else {
            line::parse(&line.text, line.number, &options, &self.memory).is_ok()
        }
    }

    /// Reads a puzzle written on one line, and a region layout on the next line if there is one.
    /// `may_be_numbers` is false when the line is known to hold a single field.
    fn line_record(&mut self, may_be_numbers: bool) -> Result<Puzzle, FormatError> {
        let line = self.take()?;
        let t = line.text.trim();
        let numbers = match self.options.alphabet {
            Some(a) => a == Alphabet::Numbers,
            None => may_be_numbers && !t.contains('\t') && is_number_row(t),
        };
        let parsed = if numbers {
            line::parse_numbers(&line.text, line.number, &self.options, &self.memory)
        } else {
            line::parse(&line.text, line.number, &self.options, &self.memory)
        }?;
        Ok(self.line_puzzle(parsed, line.number, numbers))
    }

    /// The puzzle read from line `number`, with a region layout from the next line if that
    /// holds one.
    fn line_puzzle(&mut self, parsed: line::Parsed, number: usize, numbers: bool) -> Puzzle {
        let regions = match parsed.regions {
            Some(regions) => Some(regions),
            None if self.line_layouts || block::band_rows(parsed.size).is_none() => {
                self.layout_line(parsed.size, numbers)
            }
            None => None,
        };
        Puzzle {
            size: parsed.size,
            cells: parsed.cells,
            shape: ShapeHint {
                boxes: None,
                regions,
                extra: Vec::new(),
            },
            layout: Layout::Line {
                alphabet: parsed.alphabet,
            },
            line: number,
            candidates: None,
        }
    }

    /// Takes the next line if it is a region layout for a line puzzle of side `n` (at least
    /// 2): `n * n` symbols (or numbers) making `n` connected regions of `n` cells.
    fn layout_line(&mut self, n: usize, numbers: bool) -> Option<Vec<u16>> {
        if n < 2 {
            return None;
        }
        let t = self.source.peek(0)?.text.trim();
        let regions = if numbers {
            let labels: Vec<&str> = t.split_whitespace().collect();
            if labels.len() != n * n {
                return None;
            }
            strict(&labels, n)?
        } else {
            if t.len() != n * n || !t.bytes().all(|b| b.is_ascii_alphanumeric()) {
                return None;
            }
            let labels: Vec<char> = t.chars().collect();
            strict(&labels, n)?
        };
        self.source.next_line();
        Some(regions)
    }

    /// Reads a block that starts decorated: its side is the most common row width ahead.
    fn decorated_block(&mut self) -> Result<Puzzle, FormatError> {
        let window = block::scan(
            &mut self.source,
            Scan::Decorated,
            self.options.alphabet,
            DECORATED_WINDOW,
        );
        let n = self.options.size.unwrap_or_else(|| window.width(0));
        if n == 0 {
            let line = self.take()?;
            return Err(FormatError::new(
                line.number,
                1,
                "expected rows of cells after this rule line",
            ));
        }
        block::read(
            &mut self.source,
            n,
            window.numbers,
            true,
            &self.options,
            &self.memory,
        )
    }

    /// Reads an undecorated block of side `n`.
    fn block(&mut self, n: usize, numbers: bool) -> Result<Puzzle, FormatError> {
        block::read(
            &mut self.source,
            n,
            numbers,
            false,
            &self.options,
            &self.memory,
        )
    }
}

impl<T: Read> Reader<BufReader<T>> {
    /// Whether the next puzzle, or the end, is at hand: a line that is neither blank nor a
    /// comment has been read ahead or waits complete in the input's buffer, or the input has
    /// ended. When it is not, reading the next puzzle may wait for more input, so a caller that
    /// answers puzzles as they come should hand over what it has first. (A puzzle whose lines
    /// arrive apart may still make the reader wait: a line puzzle is looked at together with
    /// the line after it, which may be its region layout.)
    pub fn at_hand(&self) -> bool {
        let useful = |text: &str| !is_blank(text) && !is_comment(text);
        if self.done || self.source.ended() || self.source.ahead().any(|l| useful(&l.text)) {
            return true;
        }
        // Complete lines only (a line break after them): the bytes after the last one may be
        // the start of a line. Usually the first line decides.
        let mut unread = self.source.input().buffer();
        while let Some(end) = unread.iter().position(|&b| b == b'\n') {
            if useful(&String::from_utf8_lossy(&unread[..end])) {
                return true;
            }
            unread = &unread[end + 1..];
        }
        false
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Puzzle, FormatError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        if let Some(size) = self.options.size.filter(|s| !(1..=MAX_SIDE).contains(s)) {
            self.done = true;
            return Some(Err(FormatError::new(
                1,
                1,
                format!("the grid side must be from 1 to {MAX_SIDE}, not {size}"),
            )));
        }
        loop {
            match self.source.peek(0) {
                None => {
                    self.done = true;
                    return self.source.take_failure().map(Err);
                }
                Some(l) if is_blank(&l.text) || is_comment(&l.text) => {
                    self.source.next_line();
                }
                Some(_) if !self.started => {
                    self.started = true;
                    if self.count_header() {
                        self.source.next_line();
                    }
                }
                Some(_) => break,
            }
        }
        let before = self.source.taken();
        let mut result = self.record();
        // (Counted without looking at the next line, which may not have come yet.)
        if self.source.taken() == before {
            // Every record takes at least one line; this guards against a stall.
            self.source.next_line();
        }
        if let Ok(puzzle) = &mut result {
            // A 1x1 grid has a single layout, its one cell, which is no layout at all: kept as
            // none, it is written as a plain grid, which reads back the same (`. 1`, a grid and
            // its layout, would read as the first row of a 2x2 block).
            if puzzle.size == 1 {
                puzzle.shape.regions = None;
            }
            self.memory.remember(puzzle);
        }
        Some(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An input that hands over one part per read, as a pipe hands over each write.
    struct Parts(std::collections::VecDeque<&'static [u8]>);

    impl Read for Parts {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let Some(part) = self.0.pop_front() else {
                return Ok(0);
            };
            buf[..part.len()].copy_from_slice(part);
            Ok(part.len())
        }
    }

    fn parts_reader(parts: &[&'static [u8]]) -> Reader<BufReader<Parts>> {
        let input = BufReader::new(Parts(parts.iter().copied().collect()));
        Reader::new(input, ReadOptions::default())
    }

    const P1: &[u8] = b"2...............\n";

    #[test]
    fn the_next_puzzle_is_at_hand_only_when_a_line_of_it_has_come() {
        // A puzzle and a blank line, then another puzzle in a later write.
        let mut r = parts_reader(&[b"# two puzzles\n1...............\n\n", P1]);
        assert!(!r.at_hand(), "nothing has been read");
        assert!(r.next().unwrap().is_ok());
        // Only the blank line is ahead: the next puzzle is still to come.
        assert!(!r.at_hand());
        assert!(r.next().unwrap().is_ok());
        // Looking for a layout line after it found the end.
        assert!(r.at_hand());
        assert!(r.next().is_none());
        // Two puzzles in one write: the second is ahead once the first is read.
        let mut r = parts_reader(&[b"1...............\n2...............\n"]);
        assert!(r.next().unwrap().is_ok());
        assert!(r.at_hand());
        // A line without its line break yet is not at hand.
        let mut r = parts_reader(&[b"1...............\n\n2.......", b"........\n"]);
        assert!(r.next().unwrap().is_ok());
        assert!(!r.at_hand());
        assert!(r.next().unwrap().is_ok());
    }

    #[test]
    fn a_line_puzzle_is_answered_without_its_next_line_when_told() {
        const P9: &[u8] =
            b"1................................................................................\n";
        const P7: &[u8] = b"1................................................\n";
        // The next part never comes: reading it would wait (here, end the input).
        let mut r = parts_reader(&[P9]).line_layouts(false);
        assert!(r.next().unwrap().is_ok());
        assert!(!r.source.ended(), "the next line was read");
        // A 7x7 has no boxes, so it needs a layout: it looks at the next line.
        let mut r = parts_reader(&[P7]).line_layouts(false);
        assert_eq!(r.next().unwrap().unwrap().size, 7);
        assert!(r.source.ended());
        // By default a line puzzle is looked at with the next line.
        let mut r = parts_reader(&[P9]);
        assert!(r.next().unwrap().is_ok());
        assert!(r.source.ended());
    }

    #[test]
    fn recycled_cells_are_filled_again() {
        // Lines of 81 cells: read in one pass, into a buffer handed back if there is one.
        let text: String = (1..=3)
            .map(|k| format!("{}{k}{}\n", ".".repeat(k), ".".repeat(80 - k)))
            .collect();
        let read = || Reader::new(text.as_bytes(), ReadOptions::default());
        let plain: Vec<Puzzle> = read().map(Result::unwrap).collect();
        assert_eq!(plain.len(), 3);
        let mut reader = read();
        let mut first = reader.next().unwrap().unwrap();
        // Room a fresh buffer would not have, to tell the handed-back one.
        first.cells.reserve_exact(400);
        let room = first.cells.capacity();
        reader.recycle(first);
        let second = reader.next().unwrap().unwrap();
        let third = reader.next().unwrap().unwrap();
        assert_eq!(second.cells.capacity(), room);
        assert_eq!(third.cells.capacity(), 81);
        assert_eq!([second, third], plain[1..]);
    }

    #[test]
    fn starts() {
        let o = ReadOptions::default();
        assert_eq!(start("{\"givens\":\"1...\"}", &o), Start::Json);
        assert_eq!(start("+---+---+", &o), Start::Block);
        assert_eq!(start("name\t9\t...", &o), Start::Line);
        assert_eq!(start("53.|.7.|...", &o), Start::Block);
        assert_eq!(start("5 3 . . 7 . . . .", &o), Start::Block);
        assert_eq!(start("5 3 0 0 7 0 0 0 0", &o), Start::Numbers(9));
        assert_eq!(start("12 0 3", &o), Start::Numbers(3));
        assert_eq!(start("530070000", &o), Start::Plain(9));
        assert_eq!(start("1...2...3...4...#c", &o), Start::Line);
        assert_eq!(start("1...2...3...4... 7.2", &o), Start::Line);
        assert_eq!(start("---------", &o), Start::Plain(9));
        assert_eq!(start("*-----------*", &o), Start::Block);
        assert_eq!(start(".-------.-------.-------.", &o), Start::Block);
        let chars = ReadOptions {
            size: None,
            alphabet: Some(Alphabet::OneBased),
        };
        assert_eq!(start("5 3 0 0 7 0 0 0 0", &chars), Start::Block);
    }
}
