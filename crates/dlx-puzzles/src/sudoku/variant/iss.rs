//! The puzzle strings of ISS (the Interactive Sudoku Solver), read and written.
//!
//! A text is cut into sections at blank lines (lines starting with `#` are comments). A section
//! is either a compact form (a killer in either format of [`killer`]; `n * n`
//! givens with one filler character, `=` before them allowed; a jigsaw layout of `n * n` region
//! characters, or givens followed by one; `n * n * n` pencil marks, digits or `.`) or a
//! constraint string: whitespace is dropped, and each item after a `.` is `Type~arg~arg...`
//! (an empty type gives givens: `.~R1C1_5` fixes a value, `.~R4C7_2_4_6_8` a candidate set).
//! Cells are `R<row>C<column>` with one base-36 digit each (`R1Cb`: row 1, column 11), either
//! case. `.Shape~6x6` or `~16x16` sets the side (values `1..=n`, the usual boxes); `.NoBoxes`
//! with `.Jigsaw~<layout>` gives irregular regions.
//!
//! What ISS can state but a [`Variant`] cannot (its programmable constraints `Pair`, `PairX`,
//! `NFA`, `Regex`, the composites `Or`/`And`, value ranges such as `~0-9`, grids that are not
//! square, `RegionSize`, Doppelganger and the other kinds listed in [`UNSUPPORTED`]) is an error
//! that says so.

use std::fmt::Write as _;

use thiserror::Error;

use super::constraint::{little_killer_cells, Constraint, Diagonal, Indexing, Line};
use super::killer::{self, KillerError};
use super::marks::Marks;
use super::Variant;
use crate::sudoku::shape::ShapeError;
use crate::sudoku::Shape;

/// ISS's constraint types that have no [`Constraint`] here: reading one is a
/// [`Problem::Unsupported`] error.
pub const UNSUPPORTED: &[&str] = &[
    "Pair",
    "PairX",
    "NFA",
    "Regex",
    "Or",
    "And",
    "End",
    "Replicate",
    "Container",
    "RegionSize",
    "RegionSameValues",
    "Doppelganger",
    "ChaosConstruction",
    "ChaosArrow",
    "ChaosCount",
    "FullRank",
    "FullRankTies",
    "HiddenSkyscraper",
    "DutchFlatmates",
    "AllDifferent",
    "ContainAtLeast",
    "ContainExact",
    "LookAndSay",
    "ConnectedValues",
    "EqualSum",
    "Binary",
    "BinaryX",
    "CountDistinct",
    "SearchPriority",
    "Var",
];

/// The largest side ISS reads.
const MAX_SIDE: usize = 16;

/// Why a text is not a puzzle a variant reader takes (ISS's strings, the killer forms, f-puzzles'
/// and SudokuPad's JSON and links): where, the item, and what was expected. The one error of
/// every variant reader: in JSON, `item` is the path of the value at fault (`killercage[2].cells`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}, column {column}, at {item:?}: {problem}")]
pub struct IssError {
    /// 1-based line of the text.
    pub line: usize,
    /// 1-based column (in characters) of the item's or argument's start.
    pub column: usize,
    /// The item or argument (in JSON, the path of the value), cut to 40 characters.
    pub item: String,
    /// What is wrong.
    pub problem: Problem,
}

/// What is wrong with an item of a variant puzzle (an ISS puzzle string, a value of f-puzzles' or
/// SudokuPad's JSON, a link).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Problem {
    /// A section in no compact form that does not start with `.`.
    #[error("expected `.` before the first constraint, or a compact puzzle form")]
    NoDot,
    /// A type ISS does not have.
    #[error("unknown constraint type (expected one of ISS's types, e.g. Cage, Thermo, Arrow)")]
    UnknownType,
    /// A type or option of ISS that a [`Variant`] cannot hold.
    #[error("not supported: {0}")]
    Unsupported(&'static str),
    /// Not a cell id.
    #[error("bad cell (expected R<row>C<column>, one base-36 digit each, e.g. R1C1)")]
    Cell,
    /// A cell beyond the grid's side.
    #[error("cell outside the {size}x{size} grid")]
    Outside {
        /// The side.
        size: usize,
    },
    /// Not a row or column id.
    #[error("bad row or column (expected R<row> or C<column>, from 1 to {size})")]
    Line {
        /// The side.
        size: usize,
    },
    /// Too few or too many arguments.
    #[error("wrong number of arguments: {found} (expected {expected})")]
    Args {
        /// What the type takes.
        expected: &'static str,
        /// How many were given.
        found: usize,
    },
    /// An argument that is not a number in range.
    #[error("bad number (expected {expected})")]
    Number {
        /// What was expected.
        expected: &'static str,
    },
    /// An argument that is valid alone but makes no constraint.
    #[error("{0}")]
    Invalid(&'static str),
    /// Two sections or `.Shape` items that give different sides.
    #[error("the side is {first} elsewhere, not {second}")]
    Shapes {
        /// The side given first.
        first: usize,
        /// The side given here.
        second: usize,
    },
    /// Text that is not JSON where JSON was expected (f-puzzles, SudokuPad); serde_json's words.
    #[error("not JSON: {0}")]
    Json(String),
    /// A SudokuPad link that names its puzzle by a short id: the puzzle is on a server.
    #[error("a short SudokuPad puzzle id: the puzzle is on SudokuPad's server, which dlx does not reach (paste a link that holds the puzzle, `?puzzle=scl…` or `fpuzzles…`, or its f-puzzles JSON)")]
    NeedsNetwork,
    /// A killer section in error.
    #[error(transparent)]
    Killer(KillerError),
    /// Regions that do not make a shape.
    #[error(transparent)]
    Shape(ShapeError),
}

/// Where a character of the text is: 1-based line and column.
#[derive(Clone, Copy, Debug, Default)]
struct Pos {
    line: usize,
    column: usize,
}

/// A piece of a section with where it starts.
#[derive(Clone, Debug)]
struct Arg {
    text: String,
    at: Pos,
}

impl Arg {
    fn fail(&self, problem: Problem) -> IssError {
        IssError {
            line: self.at.line,
            column: self.at.column,
            item: self.text.chars().take(40).collect(),
            problem,
        }
    }
}

/// One `Type~args` item of a constraint string.
#[derive(Clone, Debug)]
struct Item {
    kind: Arg,
    args: Vec<Arg>,
}

/// A section, classified.
enum Section {
    /// A killer puzzle, read.
    Killer(Variant, Arg),
    /// `n * n` givens (0 for none).
    Givens(usize, Vec<u8>, Arg),
    /// A jigsaw layout (region ids) of side `n`.
    Layout(usize, Vec<u16>, Arg),
    /// Pencil marks: each cell's candidates, side `n`.
    Pencil(usize, Vec<Vec<u8>>, Arg),
    /// A constraint string.
    Items(Vec<Item>),
}

/// Reads an ISS puzzle string (any mix of sections, see the module's documentation).
pub fn read(text: &str) -> Result<Variant, IssError> {
    let mut sections = Vec::new();
    for chars in split_sections(text) {
        sections.extend(classify(&chars)?);
    }
    let size = side(&sections)?;
    Resolver::new(size).run(sections)
}

/// The sections of `text`, each as its characters other than whitespace, with positions.
fn split_sections(text: &str) -> Vec<Vec<(char, Pos)>> {
    let mut sections = Vec::new();
    let mut current: Vec<(char, Pos)> = Vec::new();
    for (k, line) in text.split('\n').enumerate() {
        let comment = line.starts_with('#');
        if comment || line.trim().is_empty() {
            if !current.is_empty() {
                sections.push(std::mem::take(&mut current));
            }
            continue;
        }
        for (j, c) in line.chars().enumerate() {
            if !c.is_whitespace() {
                current.push((
                    c,
                    Pos {
                        line: k + 1,
                        column: j + 1,
                    },
                ));
            }
        }
    }
    if !current.is_empty() {
        sections.push(current);
    }
    sections
}

/// The side `n` with `n * n == cells`, if ISS takes it.
fn side_of(cells: usize) -> Option<usize> {
    (2..=MAX_SIDE).find(|n| n * n == cells)
}

/// A section's compact form (a jigsaw with givens is two), or its items.
fn classify(chars: &[(char, Pos)]) -> Result<Vec<Section>, IssError> {
    let text: String = chars.iter().map(|&(c, _)| c).collect();
    let whole = Arg {
        text: text.clone(),
        at: chars.first().map(|&(_, p)| p).unwrap_or_default(),
    };
    if text.len() != chars.len() || chars.len() == 1 {
        // Not ASCII, or a single character: only a constraint string can take it.
        return Ok(vec![items(chars)?]);
    }
    if let Some(rest) = text.strip_prefix('=') {
        return match side_of(rest.len()).and_then(|n| givens(rest, n).map(|g| (n, g))) {
            Some((n, g)) => Ok(vec![Section::Givens(n, g, whole)]),
            None => Err(whole.fail(Problem::NoDot)),
        };
    }
    let pointers = text.chars().any(|c| "<>^v`',".contains(c));
    let short_chars = text
        .chars()
        .all(|c| c.is_ascii_alphanumeric() && !('k'..='z').contains(&c) || "^<v>`',.".contains(c));
    let long = text.starts_with("3x3:") && {
        let fields: Vec<&str> = text.split(':').collect();
        fields.len() == 85 && fields[2] == "k"
    };
    if (text.len() == 81 && pointers && short_chars) || long {
        return match killer::read(&text) {
            Ok(v) => Ok(vec![Section::Killer(v, whole)]),
            Err(e) => Err(whole.fail(Problem::Killer(e))),
        };
    }
    if let Some(n) = side_of(text.len() / 2).filter(|_| text.len() % 2 == 0) {
        let (front, back) = text.split_at(n * n);
        if let (Some(g), Some(l)) = (givens(front, n), layout(back, n)) {
            let layout_at = Arg {
                text: back.to_string(),
                at: chars[n * n].1,
            };
            return Ok(vec![
                Section::Givens(n, g, whole),
                Section::Layout(n, l, layout_at),
            ]);
        }
    }
    if let Some(n) = side_of(text.len()) {
        if let Some(l) = layout(&text, n) {
            return Ok(vec![Section::Layout(n, l, whole)]);
        }
        if let Some(g) = givens(&text, n) {
            return Ok(vec![Section::Givens(n, g, whole)]);
        }
    }
    let pencil = (2..10).find(|n| n * n * n == text.len());
    if let Some(n) = pencil.filter(|_| text.chars().all(|c| c.is_ascii_digit() || c == '.')) {
        let bytes = text.as_bytes();
        let marks = (0..n * n)
            .map(|cell| {
                let mut values: Vec<u8> = bytes[cell * n..(cell + 1) * n]
                    .iter()
                    .filter(|&&b| b != b'.')
                    .map(|&b| b - b'0')
                    .collect();
                values.sort_unstable();
                values.dedup();
                values
            })
            .collect();
        return Ok(vec![Section::Pencil(n, marks, whole)]);
    }
    Ok(vec![items(chars)?])
}

/// `n * n` givens: values as digits (letters `A`.. from 10 up), and at most one other
/// character for empty cells.
fn givens(text: &str, n: usize) -> Option<Vec<u8>> {
    let mut filler = None;
    let mut out = Vec::with_capacity(n * n);
    for c in text.chars() {
        let value = if n < 10 {
            c.to_digit(10)
        } else if c.is_ascii_uppercase() {
            Some(c as u32 - 'A' as u32 + 1)
        } else {
            None
        };
        match value.filter(|&v| v >= 1 && v as usize <= n) {
            Some(v) => out.push(v as u8),
            None if filler.map_or(true, |f| f == c) => {
                filler = Some(c);
                out.push(0);
            }
            None => return None,
        }
    }
    Some(out)
}

/// `n * n` region characters, `n` distinct, each `n` times: region ids by first appearance.
fn layout(text: &str, n: usize) -> Option<Vec<u16>> {
    let mut seen: Vec<(char, usize)> = Vec::new();
    let mut ids = Vec::with_capacity(n * n);
    for c in text.chars() {
        match seen.iter().position(|&(s, _)| s == c) {
            Some(k) => {
                seen[k].1 += 1;
                ids.push(k as u16);
            }
            None => {
                ids.push(seen.len() as u16);
                seen.push((c, 1));
            }
        }
    }
    (seen.len() == n && seen.iter().all(|&(_, count)| count == n)).then_some(ids)
}

/// The items of a constraint string.
fn items(chars: &[(char, Pos)]) -> Result<Section, IssError> {
    let piece = |part: &[(char, Pos)], fallback: Pos| Arg {
        text: part.iter().map(|&(c, _)| c).collect(),
        at: part.first().map(|&(_, p)| p).unwrap_or(fallback),
    };
    let mut parts = chars.split(|&(c, _)| c == '.');
    let first = parts.next().unwrap_or(&[]);
    if !first.is_empty() {
        return Err(piece(first, Pos::default()).fail(Problem::NoDot));
    }
    let mut out = Vec::new();
    let mut offset = 1;
    for part in parts {
        let dot = chars[offset - 1].1;
        offset += part.len() + 1;
        let mut fields = part.split(|&(c, _)| c == '~');
        let kind = piece(fields.next().unwrap_or(&[]), dot);
        let args = fields.map(|f| piece(f, dot)).collect();
        out.push(Item { kind, args });
    }
    Ok(Section::Items(out))
}

/// The side the sections give (9 when none does), checking that they agree.
fn side(sections: &[Section]) -> Result<usize, IssError> {
    let mut found: Option<usize> = None;
    let mut agree = |n: usize, at: &Arg| match found {
        Some(first) if first != n => Err(at.fail(Problem::Shapes { first, second: n })),
        _ => {
            found = Some(n);
            Ok(())
        }
    };
    for section in sections {
        match section {
            Section::Killer(_, at) => agree(9, at)?,
            Section::Givens(n, _, at) | Section::Layout(n, _, at) | Section::Pencil(n, _, at) => {
                agree(*n, at)?
            }
            Section::Items(items) => {
                for item in items.iter().filter(|i| i.kind.text == "Shape") {
                    agree(shape_side(item)?, &item.kind)?;
                }
            }
        }
    }
    Ok(found.unwrap_or(9))
}

/// The side of a `.Shape~<rows>x<columns>[~<values>[~<grid type>]]` item.
fn shape_side(item: &Item) -> Result<usize, IssError> {
    let Some(dims) = item.args.first() else {
        return Err(item.kind.fail(Problem::Args {
            expected: "1 to 3",
            found: 0,
        }));
    };
    if item.args.len() > 3 {
        return Err(item.kind.fail(Problem::Args {
            expected: "1 to 3",
            found: item.args.len(),
        }));
    }
    let bad = || {
        dims.fail(Problem::Number {
            expected: "<rows>x<columns>, e.g. 6x6",
        })
    };
    let (rows, columns) = dims.text.split_once('x').ok_or_else(bad)?;
    let rows: usize = decimal(rows).ok_or_else(bad)?;
    let columns: usize = decimal(columns).ok_or_else(bad)?;
    if rows != columns {
        return Err(dims.fail(Problem::Unsupported("grids that are not square")));
    }
    if !(2..=MAX_SIDE).contains(&rows) {
        return Err(dims.fail(Problem::Number {
            expected: "a side from 2 to 16",
        }));
    }
    if let Some(range) = item.args.get(1) {
        let n = rows.to_string();
        let whole = format!("1-{n}");
        if !range.text.is_empty() && range.text != n && range.text != whole {
            return Err(range.fail(Problem::Unsupported(
                "value ranges other than 1 to the side",
            )));
        }
    }
    if let Some(kind) = item.args.get(2) {
        return Err(kind.fail(Problem::Unsupported("grid types other than Sudoku")));
    }
    Ok(rows)
}

/// A decimal number: ASCII digits only (no sign, no blanks).
pub(super) fn decimal<T: std::str::FromStr>(text: &str) -> Option<T> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Builds the puzzle from the sections, once the side is known.
struct Resolver {
    n: usize,
    /// Each cell's candidates so far.
    marks: Marks,
    constraints: Vec<Constraint>,
    layout: Option<(Vec<u16>, Arg)>,
    no_boxes: Option<Arg>,
}

impl Resolver {
    fn new(n: usize) -> Resolver {
        Resolver {
            n,
            marks: Marks::new(n * n),
            constraints: Vec::new(),
            layout: None,
            no_boxes: None,
        }
    }

    fn run(mut self, sections: Vec<Section>) -> Result<Variant, IssError> {
        for section in sections {
            match section {
                Section::Killer(v, _) => self.killer(v),
                Section::Givens(_, g, _) => {
                    for (cell, v) in g.into_iter().enumerate().filter(|&(_, v)| v != 0) {
                        self.marks.allow(cell, vec![v]);
                    }
                }
                Section::Pencil(_, marks, at) => {
                    for (cell, values) in marks.into_iter().enumerate() {
                        if values.iter().any(|&v| v == 0 || usize::from(v) > self.n) {
                            return Err(at.fail(Problem::Number {
                                expected: "pencil marks from 1 to the side",
                            }));
                        }
                        self.marks.allow(cell, values);
                    }
                }
                Section::Layout(_, l, at) => {
                    self.layout = Some((l, at.clone()));
                    self.no_boxes = Some(at);
                }
                Section::Items(items) => {
                    for item in &items {
                        self.item(item)?;
                    }
                }
            }
        }
        let n = self.n;
        let shape = match (self.layout, self.no_boxes) {
            (Some((layout, at)), Some(_)) => {
                Shape::jigsaw(n, &layout).map_err(|e| at.fail(Problem::Shape(e)))?
            }
            (Some((_, at)), None) => {
                return Err(at.fail(Problem::Unsupported(
                    "a jigsaw layout with the boxes kept (add .NoBoxes)",
                )))
            }
            (None, Some(at)) => {
                return Err(at.fail(Problem::Unsupported(
                    "a grid without boxes and without a jigsaw layout",
                )))
            }
            (None, None) => Shape::standard(n).map_err(|e| {
                Arg {
                    text: format!("{n}x{n}"),
                    at: Pos::default(),
                }
                .fail(Problem::Shape(e))
            })?,
        };
        let mut constraints = self.constraints;
        let givens = self.marks.finish(n, &mut constraints);
        Ok(Variant::new(shape, givens, constraints))
    }

    /// A killer read by [`killer::read`]: its cages, and diagonals as constraints.
    fn killer(&mut self, v: Variant) {
        let n = self.n;
        for extra in v.shape().extra() {
            for d in [Diagonal::Main, Diagonal::Anti] {
                let mut cells = d.cells(n);
                cells.sort_unstable();
                if *extra == cells {
                    self.constraints.push(Constraint::Diagonal(d));
                }
            }
        }
        self.constraints.extend(v.constraints().iter().cloned());
    }

    fn cell(&self, arg: &Arg) -> Result<usize, IssError> {
        let b = arg.text.as_bytes();
        let ok =
            b.len() == 4 && b[0].eq_ignore_ascii_case(&b'R') && b[2].eq_ignore_ascii_case(&b'C');
        let digit = |b: u8| (b as char).to_digit(36).filter(|&d| d >= 1);
        let (Some(r), Some(c)) = (
            ok.then(|| digit(b[1])).flatten(),
            ok.then(|| digit(b[3])).flatten(),
        ) else {
            return Err(arg.fail(Problem::Cell));
        };
        let (r, c) = (r as usize - 1, c as usize - 1);
        if r >= self.n || c >= self.n {
            return Err(arg.fail(Problem::Outside { size: self.n }));
        }
        Ok(r * self.n + c)
    }

    /// At least one cell.
    fn cells(&self, kind: &Arg, args: &[Arg]) -> Result<Vec<usize>, IssError> {
        if args.is_empty() {
            return Err(kind.fail(Problem::Args {
                expected: "at least one cell",
                found: 0,
            }));
        }
        args.iter().map(|a| self.cell(a)).collect()
    }

    fn line(&self, arg: &Arg) -> Result<Line, IssError> {
        let bad = || arg.fail(Problem::Line { size: self.n });
        let (head, rest) = arg.text.split_at_checked(1).ok_or_else(bad)?;
        let k: usize = decimal(rest)
            .filter(|k| (1..=self.n).contains(k))
            .ok_or_else(bad)?;
        match head {
            "R" | "r" => Ok(Line::Row(k - 1)),
            "C" | "c" => Ok(Line::Column(k - 1)),
            _ => Err(bad()),
        }
    }

    /// A clue of an outside constraint: empty for none.
    fn clue(&self, arg: Option<&Arg>, zero: bool) -> Result<Option<u32>, IssError> {
        let Some(arg) = arg.filter(|a| !a.text.is_empty()) else {
            return Ok(None);
        };
        let v: u32 = number(arg, "a clue (a whole number)")?;
        if v == 0 && !zero {
            return Err(arg.fail(Problem::Number {
                expected: "a clue above 0",
            }));
        }
        Ok(Some(v))
    }

    fn value(&self, arg: &Arg) -> Result<u8, IssError> {
        decimal::<u8>(&arg.text)
            .filter(|&v| v >= 1 && usize::from(v) <= self.n)
            .ok_or_else(|| {
                arg.fail(Problem::Number {
                    expected: "a value from 1 to the side",
                })
            })
    }

    fn item(&mut self, item: &Item) -> Result<(), IssError> {
        let kind = &item.kind;
        let args = &item.args;
        let name = kind.text.as_str();
        let none = |c: Constraint| -> Result<Constraint, IssError> {
            if args.is_empty() {
                Ok(c)
            } else {
                Err(kind.fail(Problem::Args {
                    expected: "none",
                    found: args.len(),
                }))
            }
        };
        // The first argument, then at least one cell.
        let head = || -> Result<(&Arg, &[Arg]), IssError> {
            match args.split_first() {
                Some((first, rest)) if !rest.is_empty() => Ok((first, rest)),
                _ => Err(kind.fail(Problem::Args {
                    expected: "a number, then cells",
                    found: args.len(),
                })),
            }
        };
        let cells = |args: &[Arg]| self.cells(kind, args);
        let nine = |c: Constraint| {
            if self.n == 9 {
                Ok(c)
            } else {
                Err(kind.fail(Problem::Invalid("this rule needs values 1 to 9")))
            }
        };
        let constraint = match name {
            "" => {
                for arg in args.iter().filter(|a| !a.text.is_empty() || args.len() > 1) {
                    let mut parts = arg.text.split('_');
                    let cell_text = parts.next().unwrap_or_default();
                    let cell = self.cell(&Arg {
                        text: cell_text.to_string(),
                        at: arg.at,
                    })?;
                    let mut values = Vec::new();
                    for part in parts {
                        values.push(self.value(&Arg {
                            text: part.to_string(),
                            at: arg.at,
                        })?);
                    }
                    self.marks.allow(cell, values);
                }
                return Ok(());
            }
            "Shape" => return Ok(()),
            "NoBoxes" => {
                if !args.is_empty() {
                    return Err(kind.fail(Problem::Args {
                        expected: "none",
                        found: args.len(),
                    }));
                }
                self.no_boxes = Some(kind.clone());
                return Ok(());
            }
            "Jigsaw" => {
                let Some(text) = args.last().filter(|_| args.len() <= 2) else {
                    return Err(kind.fail(Problem::Args {
                        expected: "a layout",
                        found: args.len(),
                    }));
                };
                let ids = layout(&text.text, self.n).ok_or_else(|| {
                    text.fail(Problem::Invalid(
                        "a jigsaw layout needs n*n characters: n regions of n cells",
                    ))
                })?;
                self.layout = Some((ids, text.clone()));
                return Ok(());
            }
            "Cage" | "RellikCage" | "Lunchbox" => {
                let (sum, rest) = head()?;
                let total: u32 = if sum.text.is_empty() && name == "Cage" {
                    0
                } else {
                    number(sum, "a sum (a whole number)")?
                };
                let cells = cells(rest)?;
                match name {
                    "Cage" => Constraint::Cage {
                        cells,
                        sum: (total > 0).then_some(total),
                    },
                    "RellikCage" => Constraint::RellikCage { cells, sum: total },
                    _ => Constraint::Lunchbox { sum: total, cells },
                }
            }
            "Sum" => {
                let (sum, rest) = head()?;
                let cells = cells(rest)?;
                let bad = || {
                    sum.fail(Problem::Number {
                        expected: "a sum, or <sum>_=_<coefficient>_... (one per cell)",
                    })
                };
                let parts: Vec<&str> = sum.text.split('_').collect();
                let total = signed(parts[0]).ok_or_else(bad)?;
                let coefficients = match parts[1..] {
                    [] => None,
                    ["=", ref rest @ ..] => {
                        let k: Option<Vec<i32>> = rest
                            .iter()
                            .map(|t| signed(t).filter(|k| k.abs() <= 100))
                            .collect();
                        Some(k.filter(|k| k.len() == cells.len()).ok_or_else(bad)?)
                    }
                    _ => return Err(bad()),
                };
                Constraint::Sum {
                    cells,
                    sum: total,
                    coefficients,
                }
            }
            "EqualityCage" => Constraint::EqualityCage {
                cells: cells(args)?,
            },
            "Thermo" => Constraint::Thermo {
                cells: cells(args)?,
            },
            "Arrow" => {
                let cells = cells(args)?;
                Constraint::Arrow {
                    circle: cells[0],
                    shaft: cells[1..].to_vec(),
                }
            }
            "PillArrow" => {
                let (size, rest) = head()?;
                let size: usize = decimal(&size.text)
                    .filter(|s| (2..=3).contains(s))
                    .ok_or_else(|| {
                        size.fail(Problem::Number {
                            expected: "a pill size of 2 or 3",
                        })
                    })?;
                let cells = cells(rest)?;
                if cells.len() <= size {
                    return Err(kind.fail(Problem::Args {
                        expected: "more cells than the pill holds",
                        found: args.len(),
                    }));
                }
                Constraint::PillArrow {
                    pill: cells[..size].to_vec(),
                    shaft: cells[size..].to_vec(),
                }
            }
            "DoubleArrow" => {
                let cells = cells(args)?;
                if cells.len() < 3 {
                    return Err(kind.fail(Problem::Args {
                        expected: "at least 3 cells",
                        found: args.len(),
                    }));
                }
                Constraint::DoubleArrow { cells }
            }
            "LittleKiller" => {
                let [sum, start] = &args[..] else {
                    return Err(kind.fail(Problem::Args {
                        expected: "a sum and a cell",
                        found: args.len(),
                    }));
                };
                let sum: u32 = number(sum, "a sum (a whole number)")?;
                let cell = self.cell(start)?;
                let cells = little_killer_cells(self.n, cell).ok_or_else(|| {
                    start.fail(Problem::Invalid(
                        "no little killer diagonal starts at this cell",
                    ))
                })?;
                Constraint::LittleKiller { sum, cells }
            }
            "Sandwich" => {
                let [sum, line] = &args[..] else {
                    return Err(kind.fail(Problem::Args {
                        expected: "a sum and a row or column",
                        found: args.len(),
                    }));
                };
                Constraint::Sandwich {
                    sum: number(sum, "a sum (a whole number)")?,
                    line: self.line(line)?,
                }
            }
            "XSum" | "Skyscraper" | "NumberedRoom" => {
                if args.is_empty() || args.len() > 3 {
                    return Err(kind.fail(Problem::Args {
                        expected: "a row or column, then up to two clues",
                        found: args.len(),
                    }));
                }
                let line = self.line(&args[0])?;
                let zero = name == "NumberedRoom";
                let front = self.clue(args.get(1), zero)?;
                let back = self.clue(args.get(2), zero)?;
                match name {
                    "XSum" => Constraint::XSum { line, front, back },
                    "Skyscraper" => Constraint::Skyscraper { line, front, back },
                    _ => Constraint::NumberedRoom { line, front, back },
                }
            }
            "WhiteDot" => Constraint::WhiteDot {
                cells: cells(args)?,
            },
            "BlackDot" => Constraint::BlackDot {
                cells: cells(args)?,
            },
            "X" => Constraint::X {
                cells: cells(args)?,
            },
            "V" => Constraint::V {
                cells: cells(args)?,
            },
            "GreaterThan" => Constraint::GreaterThan {
                cells: cells(args)?,
            },
            "StrictKropki" => none(Constraint::StrictKropki)?,
            "StrictXV" => none(Constraint::StrictXV)?,
            "Whisper" => match args.first().and_then(|a| decimal::<u32>(&a.text)) {
                Some(difference) => Constraint::Whisper {
                    difference,
                    cells: cells(&args[1..])?,
                },
                None => Constraint::Whisper {
                    difference: 5,
                    cells: cells(args)?,
                },
            },
            "Renban" => Constraint::Renban {
                cells: cells(args)?,
            },
            "Palindrome" => Constraint::Palindrome {
                cells: cells(args)?,
            },
            "Between" => Constraint::Between {
                cells: cells(args)?,
            },
            "Lockout" => {
                let (diff, rest) = head()?;
                Constraint::Lockout {
                    min_diff: number(diff, "the ends' least difference")?,
                    cells: cells(rest)?,
                }
            }
            "Zipper" => Constraint::Zipper {
                cells: cells(args)?,
            },
            "SumLine" => {
                let (sum, rest) = head()?;
                let sum: u32 = number(sum, "a sum (a whole number)")?;
                let is_loop = rest.last().is_some_and(|a| a.text == "LOOP");
                let rest = &rest[..rest.len() - usize::from(is_loop)];
                Constraint::SumLine {
                    sum,
                    cells: cells(rest)?,
                    is_loop,
                }
            }
            "RegionSumLine" => Constraint::RegionSumLine {
                cells: cells(args)?,
            },
            "Modular" => {
                let (modulus, rest) = head()?;
                let modulus: u32 = decimal(&modulus.text).filter(|&m| m >= 1).ok_or_else(|| {
                    modulus.fail(Problem::Number {
                        expected: "a modulus of 1 or more",
                    })
                })?;
                Constraint::Modular {
                    modulus,
                    cells: cells(rest)?,
                }
            }
            "Entropic" => nine(Constraint::Entropic {
                cells: cells(args)?,
            })?,
            "AntiKnight" => none(Constraint::AntiKnight)?,
            "AntiKing" => none(Constraint::AntiKing)?,
            "AntiConsecutive" => none(Constraint::AntiConsecutive)?,
            "AntiTaxicab" => none(Constraint::AntiTaxicab)?,
            "Diagonal" => match args.iter().map(|a| a.text.as_str()).collect::<Vec<_>>()[..] {
                ["1"] => Constraint::Diagonal(Diagonal::Anti),
                ["-1"] => Constraint::Diagonal(Diagonal::Main),
                [_] => {
                    return Err(args[0].fail(Problem::Number {
                        expected: "1 (/) or -1 (\\)",
                    }))
                }
                _ => {
                    return Err(kind.fail(Problem::Args {
                        expected: "a direction",
                        found: args.len(),
                    }))
                }
            },
            "Windoku" => {
                if !matches!(self.n, 4 | 9 | 16) {
                    return Err(kind.fail(Problem::Unsupported(
                        "windoku on a side that is not a square",
                    )));
                }
                none(Constraint::Windoku)?
            }
            "DisjointSets" => none(Constraint::DisjointSets)?,
            "SameValues" => {
                let (sets, rest) = head()?;
                let sets: u32 = decimal(&sets.text).filter(|&s| s >= 1).ok_or_else(|| {
                    sets.fail(Problem::Number {
                        expected: "a number of sets, 1 or more",
                    })
                })?;
                let cells = cells(rest)?;
                if cells.len() % sets as usize != 0 {
                    return Err(kind.fail(Problem::Invalid(
                        "the cells do not split into sets of one size",
                    )));
                }
                Constraint::SameValues { sets, cells }
            }
            "Quad" => {
                let Some((corner, values)) = args.split_first() else {
                    return Err(kind.fail(Problem::Args {
                        expected: "a cell, then values",
                        found: 0,
                    }));
                };
                let top_left = self.cell(corner)?;
                if top_left % self.n + 1 >= self.n || top_left / self.n + 1 >= self.n {
                    return Err(corner.fail(Problem::Invalid(
                        "the 2x2 square at this cell leaves the grid",
                    )));
                }
                let values = values
                    .iter()
                    .map(|v| self.value(v))
                    .collect::<Result<_, _>>()?;
                Constraint::Quad { top_left, values }
            }
            "Indexing" => {
                let (by, rest) = head()?;
                let by = match by.text.as_str() {
                    "C" => Indexing::Column,
                    "R" => Indexing::Row,
                    _ => {
                        return Err(by.fail(Problem::Invalid(
                            "expected C (column indexing) or R (row indexing)",
                        )))
                    }
                };
                Constraint::Indexing {
                    by,
                    cells: cells(rest)?,
                }
            }
            "ValueIndexing" => {
                let cells = cells(args)?;
                if cells.len() < 3 {
                    return Err(kind.fail(Problem::Args {
                        expected: "at least 3 cells",
                        found: args.len(),
                    }));
                }
                Constraint::ValueIndexing { cells }
            }
            "CountingCircles" => Constraint::CountingCircles {
                cells: cells(args)?,
            },
            "GlobalMod" => nine(none(Constraint::GlobalMod)?)?,
            "GlobalEntropy" => nine(none(Constraint::GlobalEntropy)?)?,
            _ if UNSUPPORTED.contains(&name) => {
                return Err(kind.fail(Problem::Unsupported(
                    "this ISS constraint type has no Constraint here",
                )))
            }
            _ => return Err(kind.fail(Problem::UnknownType)),
        };
        self.constraints.push(constraint);
        Ok(())
    }
}

/// A whole number that fits `T`, or an error naming what was `expected`.
fn number<T: std::str::FromStr>(arg: &Arg, expected: &'static str) -> Result<T, IssError> {
    decimal(&arg.text).ok_or_else(|| arg.fail(Problem::Number { expected }))
}

/// A decimal number with an optional minus sign.
fn signed(text: &str) -> Option<i32> {
    match text.strip_prefix('-') {
        Some(rest) => decimal::<i32>(rest).map(|v| -v),
        None => decimal(text),
    }
}

/// Writes `variant` as an ISS constraint string that [`read`] reads back to an equal puzzle
/// (a shape's extra regions come back as diagonals, or as cages without a sum; boxes other than
/// the usual ones, as a jigsaw layout; a candidate set of one value, as a given).
pub fn write(variant: &Variant) -> String {
    let shape = variant.shape();
    let n = shape.size();
    let mut out = String::new();
    if n != 9 {
        let _ = write!(out, ".Shape~{n}x{n}");
    }
    let standard = Shape::standard(n).ok().and_then(|s| s.box_size());
    if shape.box_size().is_none() || shape.box_size() != standard {
        out += ".NoBoxes.Jigsaw~";
        for cell in 0..n * n {
            out.push(char::from_digit(shape.region_of(cell) as u32, 36).unwrap_or('?'));
        }
    }
    for extra in shape.extra() {
        let is = |d: Diagonal| {
            let mut cells = d.cells(n);
            cells.sort_unstable();
            cells == *extra
        };
        if is(Diagonal::Main) {
            out += ".Diagonal~-1";
        } else if is(Diagonal::Anti) {
            out += ".Diagonal~1";
        } else {
            out += ".Cage~0";
            push_cells(&mut out, n, extra);
        }
    }
    let givens: Vec<(usize, u8)> = variant
        .givens()
        .iter()
        .enumerate()
        .filter(|&(_, &v)| v != 0)
        .map(|(c, &v)| (c, v))
        .collect();
    if !givens.is_empty() {
        out.push('.');
        for (cell, v) in givens {
            let _ = write!(out, "~{}_{v}", cell_id(n, cell));
        }
    }
    for constraint in variant.constraints() {
        write_constraint(&mut out, n, constraint);
    }
    out
}

/// ISS's id of a cell: `R<row>C<column>`, one base-36 digit each.
fn cell_id(n: usize, cell: usize) -> String {
    let digit = |k: usize| char::from_digit(k as u32 + 1, 36).unwrap_or('?');
    format!("R{}C{}", digit(cell / n), digit(cell % n))
}

fn push_cells(out: &mut String, n: usize, cells: &[usize]) {
    for &c in cells {
        out.push('~');
        out.push_str(&cell_id(n, c));
    }
}

fn line_id(line: Line) -> String {
    match line {
        Line::Row(r) => format!("R{}", r + 1),
        Line::Column(c) => format!("C{}", c + 1),
    }
}

fn write_constraint(out: &mut String, n: usize, constraint: &Constraint) {
    let clue = |v: &Option<u32>| v.map(|v| v.to_string()).unwrap_or_default();
    let (head, cells): (String, Vec<usize>) = match constraint {
        Constraint::Cage { cells, sum } => (format!("Cage~{}", sum.unwrap_or(0)), cells.clone()),
        Constraint::Sum {
            cells,
            sum,
            coefficients,
        } => {
            let mut head = format!("Sum~{sum}");
            if let Some(k) = coefficients {
                head += "_=";
                for k in k {
                    let _ = write!(head, "_{k}");
                }
            }
            (head, cells.clone())
        }
        Constraint::RellikCage { cells, sum } => (format!("RellikCage~{sum}"), cells.clone()),
        Constraint::EqualityCage { cells } => ("EqualityCage".into(), cells.clone()),
        Constraint::Thermo { cells } => ("Thermo".into(), cells.clone()),
        Constraint::Arrow { .. } => ("Arrow".into(), constraint.cells()),
        Constraint::PillArrow { pill, .. } => {
            (format!("PillArrow~{}", pill.len()), constraint.cells())
        }
        Constraint::DoubleArrow { cells } => ("DoubleArrow".into(), cells.clone()),
        Constraint::LittleKiller { sum, cells } => {
            let start = cells.first().map(|&c| cell_id(n, c)).unwrap_or_default();
            (format!("LittleKiller~{sum}~{start}"), Vec::new())
        }
        Constraint::Sandwich { line, sum } => {
            (format!("Sandwich~{sum}~{}", line_id(*line)), Vec::new())
        }
        Constraint::XSum { line, front, back } => (
            format!("XSum~{}~{}~{}", line_id(*line), clue(front), clue(back)),
            Vec::new(),
        ),
        Constraint::Skyscraper { line, front, back } => (
            format!(
                "Skyscraper~{}~{}~{}",
                line_id(*line),
                clue(front),
                clue(back)
            ),
            Vec::new(),
        ),
        Constraint::NumberedRoom { line, front, back } => (
            format!(
                "NumberedRoom~{}~{}~{}",
                line_id(*line),
                clue(front),
                clue(back)
            ),
            Vec::new(),
        ),
        Constraint::WhiteDot { cells } => ("WhiteDot".into(), cells.clone()),
        Constraint::BlackDot { cells } => ("BlackDot".into(), cells.clone()),
        Constraint::X { cells } => ("X".into(), cells.clone()),
        Constraint::V { cells } => ("V".into(), cells.clone()),
        Constraint::GreaterThan { cells } => ("GreaterThan".into(), cells.clone()),
        Constraint::StrictKropki => ("StrictKropki".into(), Vec::new()),
        Constraint::StrictXV => ("StrictXV".into(), Vec::new()),
        Constraint::Whisper { difference, cells } => {
            (format!("Whisper~{difference}"), cells.clone())
        }
        Constraint::Renban { cells } => ("Renban".into(), cells.clone()),
        Constraint::Palindrome { cells } => ("Palindrome".into(), cells.clone()),
        Constraint::Between { cells } => ("Between".into(), cells.clone()),
        Constraint::Lockout { min_diff, cells } => (format!("Lockout~{min_diff}"), cells.clone()),
        Constraint::Zipper { cells } => ("Zipper".into(), cells.clone()),
        Constraint::SumLine { sum, cells, .. } => (format!("SumLine~{sum}"), cells.clone()),
        Constraint::RegionSumLine { cells } => ("RegionSumLine".into(), cells.clone()),
        Constraint::Modular { modulus, cells } => (format!("Modular~{modulus}"), cells.clone()),
        Constraint::Entropic { cells } => ("Entropic".into(), cells.clone()),
        Constraint::AntiKnight => ("AntiKnight".into(), Vec::new()),
        Constraint::AntiKing => ("AntiKing".into(), Vec::new()),
        Constraint::AntiConsecutive => ("AntiConsecutive".into(), Vec::new()),
        Constraint::AntiTaxicab => ("AntiTaxicab".into(), Vec::new()),
        Constraint::Diagonal(Diagonal::Main) => ("Diagonal~-1".into(), Vec::new()),
        Constraint::Diagonal(Diagonal::Anti) => ("Diagonal~1".into(), Vec::new()),
        Constraint::Windoku => ("Windoku".into(), Vec::new()),
        Constraint::DisjointSets => ("DisjointSets".into(), Vec::new()),
        Constraint::SameValues { sets, cells } => (format!("SameValues~{sets}"), cells.clone()),
        Constraint::Quad { top_left, values } => {
            let mut head = format!("Quad~{}", cell_id(n, *top_left));
            for v in values {
                let _ = write!(head, "~{v}");
            }
            (head, Vec::new())
        }
        Constraint::Lunchbox { sum, cells } => (format!("Lunchbox~{sum}"), cells.clone()),
        Constraint::Indexing { by, cells } => {
            let by = match by {
                Indexing::Column => "C",
                Indexing::Row => "R",
            };
            (format!("Indexing~{by}"), cells.clone())
        }
        Constraint::ValueIndexing { cells } => ("ValueIndexing".into(), cells.clone()),
        Constraint::CountingCircles { cells } => ("CountingCircles".into(), cells.clone()),
        Constraint::GlobalMod => ("GlobalMod".into(), Vec::new()),
        Constraint::GlobalEntropy => ("GlobalEntropy".into(), Vec::new()),
        Constraint::Allowed { cell, values } => {
            let mut head = format!("~{}", cell_id(n, *cell));
            for v in values {
                let _ = write!(head, "_{v}");
            }
            (head, Vec::new())
        }
    };
    out.push('.');
    out.push_str(&head);
    push_cells(out, n, &cells);
    if matches!(constraint, Constraint::SumLine { is_loop: true, .. }) {
        out.push_str("~LOOP");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// One or more small strings for every kind, each a valid puzzle on its own.
    const SAMPLES: &[&str] = &[
        ".~R1C1_5~R1C2_3.~R4C7_2_4_6_8",
        ".Cage~10~R1C1~R1C2.Cage~0~R2C1~R2C2",
        ".Sum~7~R1C1~R1C2.Sum~3_=_2_-1~R2C1~R2C2",
        ".RellikCage~5~R1C1~R1C2.EqualityCage~R2C1~R2C2",
        ".Thermo~R1C1~R1C2~R1C3.Arrow~R2C1~R2C2~R2C3",
        ".PillArrow~2~R1C1~R1C2~R2C2~R3C2.DoubleArrow~R5C1~R5C2~R5C3",
        ".LittleKiller~22~R1C1.LittleKiller~34~R1C7.LittleKiller~9~R5C9.LittleKiller~8~R9C4",
        ".Sandwich~13~R4.Sandwich~0~C2",
        ".XSum~C2~27~27.XSum~R6~~30.Skyscraper~R1~3~.NumberedRoom~C4~0~6",
        ".WhiteDot~R1C1~R1C2.BlackDot~R2C1~R2C2~R2C3.X~R3C1~R3C2.V~R4C1~R4C2",
        ".GreaterThan~R1C1~R1C2.StrictKropki.StrictXV",
        ".Whisper~5~R1C1~R1C2.Whisper~3~R2C1~R2C2.Renban~R3C1~R3C2~R3C3",
        ".Palindrome~R1C1~R1C2~R1C3.Between~R2C1~R2C2~R2C3.Lockout~4~R3C1~R3C2~R3C3",
        ".Zipper~R1C1~R1C2~R1C3.SumLine~10~R2C1~R2C2.SumLine~10~R3C1~R3C2~R4C2~R4C1~LOOP",
        ".RegionSumLine~R1C2~R1C4.Modular~3~R2C1~R2C2~R2C3.Entropic~R3C1~R3C2~R3C3",
        ".AntiKnight.AntiKing.AntiConsecutive.AntiTaxicab",
        ".Diagonal~1.Diagonal~-1.Windoku.DisjointSets",
        ".SameValues~2~R1C1~R1C2~R2C3~R2C4.Quad~R5C5~1~2~2",
        ".Lunchbox~11~R1C1~R1C2~R1C3.Indexing~C~R1C1~R2C1.Indexing~R~R1C5",
        ".ValueIndexing~R1C4~R2C4~R2C3.CountingCircles~R1C1~R5C5~R9C9",
        ".GlobalMod.GlobalEntropy",
        ".Shape~6x6.~R1C5_4~R2C2_1.Cage~7~R1C1~R1C2",
        ".Shape~16x16.~R1Cg_16~Rgc1_2.Thermo~RaC1~R1Cb~RbC1",
        ".NoBoxes.Jigsaw~000000021453303021453333221453322221455566121445666111445566667488887777888887777",
    ];

    #[test]
    fn variant_iss_every_sample_reads_and_round_trips() {
        for text in SAMPLES {
            let first = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let written = write(&first);
            let again = read(&written).unwrap_or_else(|e| panic!("{written}: {e}"));
            assert_eq!(first, again, "{text} -> {written}");
        }
    }

    #[test]
    fn variant_iss_reads_what_iss_means() {
        let v = read(".~R1C1_5~r1c2_3 .~R4C7_2_4_6_8\n# a comment\n\n.Thermo~R1C3~R2C3").unwrap();
        assert_eq!(&v.givens()[..3], &[5, 3, 0]);
        assert_eq!(
            v.constraints(),
            &[
                Constraint::Thermo { cells: vec![2, 11] },
                Constraint::Allowed {
                    cell: 33,
                    values: vec![2, 4, 6, 8]
                },
            ]
        );
        let v = read(".Whisper~R1C1~R1C2.Diagonal~1.LittleKiller~5~R1C2").unwrap();
        assert_eq!(
            v.constraints(),
            &[
                Constraint::Whisper {
                    difference: 5,
                    cells: vec![0, 1]
                },
                Constraint::Diagonal(Diagonal::Anti),
                Constraint::LittleKiller {
                    sum: 5,
                    cells: vec![1, 9]
                },
            ]
        );
        // A 16x16 cell in base 36 and a shape given after its cells.
        let v = read(".Arrow~RgCg~R1C1.Shape~16x16").unwrap();
        assert_eq!(v.shape().size(), 16);
        assert_eq!(
            v.constraints(),
            &[Constraint::Arrow {
                circle: 255,
                shaft: vec![0]
            }]
        );
        // Givens repeated for a cell are intersected.
        let v = read(".~R1C1_1_2_3.~R1C1_2_3_4.~R1C2_7.~R1C2_7_8").unwrap();
        assert_eq!(v.givens()[1], 7);
        assert_eq!(
            v.constraints(),
            &[Constraint::Allowed {
                cell: 0,
                values: vec![2, 3]
            }]
        );
    }

    #[test]
    fn variant_iss_reads_the_compact_forms() {
        let plain = format!("53..7....{}", ".".repeat(72));
        let v = read(&plain).unwrap();
        assert_eq!(&v.givens()[..5], &[5, 3, 0, 0, 7]);
        let v = read(&format!("={plain}")).unwrap();
        assert_eq!(v.givens()[0], 5);
        // 27 row cages of three cells, in the short killer format, and a killer-X in the long.
        let short: String = (0..81)
            .map(|k| if k % 3 == 0 { 'F' } else { '<' })
            .collect();
        let v = read(&short).unwrap();
        assert_eq!(v.constraints().len(), 27);
        let long = format!("3x3:d:k:{}:", vec!["3841"; 81].join(":"));
        let v = read(&long).unwrap();
        assert_eq!(v.constraints()[0], Constraint::Diagonal(Diagonal::Main));
        assert!(v.shape().extra().is_empty());
        // A 4x4 jigsaw: givens then layout, in one section.
        let layout = "0011001122332233";
        let v = read(&format!("1...............{layout}")).unwrap();
        assert_eq!(v.shape().size(), 4);
        assert!(v.shape().box_size().is_none());
        assert_eq!(v.givens()[0], 1);
        // Pencil marks: each cell's nine places.
        let marks = format!("12.......{}", "123456789".repeat(80));
        let v = read(&marks).unwrap();
        assert_eq!(
            v.constraints(),
            &[Constraint::Allowed {
                cell: 0,
                values: vec![1, 2]
            }]
        );
    }

    fn problem(text: &str) -> (usize, usize, String, Problem) {
        let e = read(text).unwrap_err();
        (e.line, e.column, e.item, e.problem)
    }

    #[test]
    fn variant_iss_errors_say_where_and_what() {
        assert_eq!(problem(".Foo~R1C1").3, Problem::UnknownType);
        let (line, column, item, p) = problem(".Thermo~R1C1\n  .Thermo~R1C1~R!C1");
        assert_eq!(
            (line, column, item.as_str(), p),
            (2, 16, "R!C1", Problem::Cell)
        );
        assert_eq!(problem(".Thermo~R1Ca").3, Problem::Outside { size: 9 });
        assert!(matches!(problem(".LittleKiller~5").3, Problem::Args { .. }));
        assert!(matches!(problem(".Cage~x~R1C1").3, Problem::Number { .. }));
        assert!(matches!(
            problem(".Sandwich~5~R10").3,
            Problem::Line { size: 9 }
        ));
        assert!(matches!(problem("Thermo~R1C1").3, Problem::NoDot));
        assert!(matches!(
            problem(".Shape~6x6.Shape~9x9").3,
            Problem::Shapes {
                first: 6,
                second: 9
            }
        ));
        for unsupported in [
            ".Pair~UFVQ~_x~R1C1~R1C2",
            ".PairX~8H~_x~R1C1",
            ".NFA~x~_y~R1C1",
            ".Regex~KFte~R1C1",
            ".Or.Cage~5~R1C1~R1C2.End",
            ".And.End",
            ".Shape~9x9~0-8",
            ".Shape~6x9",
            ".RegionSize~9",
            ".NoBoxes",
        ] {
            assert!(
                matches!(problem(unsupported).3, Problem::Unsupported(_)),
                "{unsupported}"
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn variant_iss_random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            let _ = read(&String::from_utf8_lossy(&bytes));
        }

        #[test]
        fn variant_iss_mutated_samples_never_panic(
            sample in 0..SAMPLES.len(),
            edits in proptest::collection::vec((any::<usize>(), 0u8..3, prop::sample::select(
                b".~_RrCc0123456789abgLOOP-= \n#<>^vx".to_vec())), 1..6),
        ) {
            let mut text: Vec<u8> = SAMPLES[sample].as_bytes().to_vec();
            for (at, op, byte) in edits {
                let at = at % (text.len() + 1);
                match op {
                    0 => text.insert(at, byte),
                    1 if at < text.len() => { text.remove(at); }
                    _ if at < text.len() => text[at] = byte,
                    _ => {}
                }
            }
            if let Ok(v) = read(&String::from_utf8_lossy(&text)) {
                // What reads, writes and reads back the same.
                prop_assert_eq!(read(&write(&v)).ok(), Some(v));
            }
        }
    }
}
