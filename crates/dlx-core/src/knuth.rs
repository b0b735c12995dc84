//! Knuth's text format for exact-cover problems, as read by his programs dlx1, dlx2 and dlx3.
//!
//! ```text
//! | A line starting with `|` is a comment; blank lines are ignored.
//! A B C | X Y
//! A X:red
//! B C Y
//! A B X:blue
//! C X:red
//! ```
//!
//! The first line that is not a comment names the primary items, then optionally `|` and the
//! secondary items. Every later line is one option: the names of its items separated by blanks; an
//! entry for a secondary item may carry a color, `X:red`. Item and color names are any non-blank
//! characters except `:` and `|`. An option without a primary item is dropped with a
//! [`ParseWarning`], as Knuth's programs do. Errors carry the line and column of the token at fault.
//!
//! A primary item may carry a multiplicity, as in Knuth's dlx3: `2:3|A` must be covered between 2
//! and 3 times, `2|A` exactly twice; such problems are searched by Algorithm M.
//!
//! An option may carry a cost, as in Knuth's dlx5: `A B |7` costs 7, and several `|n` entries add
//! up; [`crate::cost`] finds the cheapest solutions. Options without one cost nothing.

use std::fmt;

use thiserror::Error;

use crate::problem::is_valid_name;
use crate::quote::quote;
use crate::{BuildError, Entry, Problem, ProblemBuilder, MAX_SIZE};

/// A problem read from text, with what the reader chose to overlook.
#[derive(Clone, Debug)]
pub struct Parsed {
    /// The problem.
    pub problem: Problem,
    /// Options that were dropped, in the order of their lines.
    pub warnings: Vec<ParseWarning>,
}

/// Something in the text that was accepted but changed the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseWarning {
    /// The 1-based line of the text it concerns.
    pub line: usize,
    /// What happened.
    pub kind: ParseWarningKind,
}

/// The kinds of [`ParseWarning`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseWarningKind {
    /// The option names only secondary items, so no solution could use it; it is ignored.
    OptionWithoutPrimary,
}

impl fmt::Display for ParseWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.kind)
    }
}

impl fmt::Display for ParseWarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseWarningKind::OptionWithoutPrimary => f.write_str(
                "option ignored: it has no primary item (expected at least one primary item)",
            ),
        }
    }
}

/// Why a text could not be read as a problem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// The 1-based line of the offending token.
    pub line: usize,
    /// The 1-based column of the offending token's first character, counted in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// The kinds of [`ParseError`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The text holds only comments and blank lines; the position is the end of the text.
    #[error(
        "no item line (expected a line naming the items, but found only comments and blank lines)"
    )]
    NoItemLine,
    /// The item line has a second `|`.
    #[error("`|` appears twice in the item line (expected at most one `|`, between the primary and the secondary items)")]
    BarTwice,
    /// The item line names an item twice.
    #[error(
        "item {} is declared twice (expected every item to be named once in the item line)",
        quote(.0)
    )]
    DuplicateItem(String),
    /// An item name is empty or holds `:` or `|`.
    #[error(
        "{} is not a valid item name (expected non-blank characters other than `:` and `|`)",
        quote(.0)
    )]
    InvalidItemName(String),
    /// A multiplicity, `u:v|name` or `v|name` (Knuth's dlx3), that is empty (`u > v`), zero,
    /// too large, or given to a secondary item.
    #[error(
        "{} is not a valid multiplicity (expected `u:v|name` or `v|name` with 0 <= u <= v, \
         0 < v, on a primary item)",
        quote(.0)
    )]
    Multiplicity(String),
    /// An option names an item that the item line does not declare.
    #[error("unknown item {} (expected an item declared on the first line)", quote(.0))]
    UnknownItem(String),
    /// An option names the same item twice.
    #[error(
        "item {} appears twice in this option (expected every item at most once per option)",
        quote(.0)
    )]
    RepeatedItem(String),
    /// An option gives a color to a primary item.
    #[error(
        "primary item {} cannot have a color (expected colors only on secondary items)",
        quote(.0)
    )]
    ColorOnPrimary(String),
    /// An option has `name:` with nothing after the colon.
    #[error(
        "empty color in {} (expected a color name after the `:`)",
        quote(&format!("{}:", .0))
    )]
    EmptyColor(String),
    /// A color name holds `:` or `|`.
    #[error(
        "{} is not a valid color name (expected non-blank characters other than `:` and `|`)",
        quote(.0)
    )]
    InvalidColor(String),
    /// The item line declares no primary item. Text cannot cause it today (a line that starts
    /// with `|` is a comment, so an item line starts with an item), but the builder may.
    #[error("no primary items (expected at least one item before the `|` of the item line)")]
    NoPrimaryItems,
    /// The problem has more items, options or entries than the engine's indices allow.
    #[error("the problem is too large (expected at most {MAX_SIZE} items, options and entries)")]
    TooLarge,
    /// A cost entry of an option (Knuth's dlx5: `|n` after an item) that is not a decimal
    /// number.
    #[error(
        "{} is not a cost (expected `|` and a decimal number, as in `|12`)",
        quote(.0)
    )]
    Cost(String),
    /// The options' costs add up to more than a `u64` holds (so a solution's cost might not).
    #[error(
        "the options' costs add up to more than {} (expected smaller costs)",
        u64::MAX
    )]
    CostTooLarge,
}

/// Reads a problem in Knuth's format.
///
/// ```
/// use dlx_core::knuth::{self, ParseErrorKind};
///
/// let parsed = knuth::parse("| toy\nA B | X\nA X:red\nB X:red\nX\n").unwrap();
/// assert_eq!(parsed.problem.option_count(), 2);
/// assert_eq!(parsed.warnings[0].line, 5);
///
/// let error = knuth::parse("A B\nA Q\n").unwrap_err();
/// assert_eq!((error.line, error.column), (2, 3));
/// assert_eq!(error.kind, ParseErrorKind::UnknownItem("Q".into()));
/// ```
pub fn parse(text: &str) -> Result<Parsed, ParseError> {
    // Some Windows editors start a file with a byte-order mark; it is not part of the first name.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line))
        .filter(|(_, line)| {
            let start = line.trim_start();
            !start.is_empty() && !start.starts_with('|')
        });
    let Some((item_line, first)) = lines.next() else {
        let (line, column) = end_of(text);
        return Err(ParseError {
            line,
            column,
            kind: ParseErrorKind::NoItemLine,
        });
    };
    let mut builder = ProblemBuilder::new();
    let primary = declare_items(&mut builder, item_line, first)?;

    // `seen[item]` is the last line whose option named `item`: lines are unique stamps.
    let mut seen = vec![0; builder.item_count()];
    let mut warnings = Vec::new();
    let mut entries = Vec::new();
    // The costs of all options so far: a solution's cost must fit a `u64`.
    let mut total_cost = 0u64;
    for (line, text) in lines {
        entries.clear();
        let mut cost = 0u64;
        for (column, token) in tokens(text) {
            let at = |kind| ParseError { line, column, kind };
            if let Some(digits) = token.strip_prefix('|') {
                let c = read_cost(digits, token).map_err(at)?;
                total_cost = total_cost
                    .checked_add(c)
                    .ok_or(ParseErrorKind::CostTooLarge)
                    .map_err(at)?;
                // No more than the total, so it cannot overflow.
                cost += c;
                continue;
            }
            let entry = read_entry(&mut builder, primary, token, line, &mut seen).map_err(at)?;
            entries.push(entry);
        }
        let kept = builder
            .option_with_cost(entries.iter().copied(), cost)
            .map_err(|error| ParseError {
                line,
                column: 1,
                kind: kind_of(error),
            })?;
        if kept.is_none() {
            warnings.push(ParseWarning {
                line,
                kind: ParseWarningKind::OptionWithoutPrimary,
            });
        }
    }
    let problem = builder.build().map_err(|error| ParseError {
        line: item_line,
        column: 1,
        kind: kind_of(error),
    })?;
    Ok(Parsed { problem, warnings })
}

/// Declares the items of the item line (line number `line`); returns the number of primary items.
fn declare_items(
    builder: &mut ProblemBuilder,
    line: usize,
    text: &str,
) -> Result<usize, ParseError> {
    let mut secondary = false;
    let mut primary = 0;
    for (mut column, mut name) in tokens(text) {
        // Knuth's programs take a `|` that starts a token as the separator, so `A |X` is `A | X`.
        while let Some(rest) = name.strip_prefix('|') {
            if secondary {
                return Err(ParseError {
                    line,
                    column,
                    kind: ParseErrorKind::BarTwice,
                });
            }
            secondary = true;
            name = rest;
            column += 1;
        }
        if name.is_empty() {
            continue;
        }
        let declared = if let Some(bounds) = multiplicity(name) {
            match bounds {
                Some((min, max, item)) if !secondary && max > 0 && min <= max => {
                    primary += 1;
                    builder.primary_with_bounds(item, min, max).map_err(kind_of)
                }
                _ => Err(ParseErrorKind::Multiplicity(name.to_string())),
            }
        } else if secondary {
            builder.secondary(name).map_err(kind_of)
        } else {
            primary += 1;
            builder.primary(name).map_err(kind_of)
        };
        declared.map_err(|kind| ParseError { line, column, kind })?;
    }
    Ok(primary)
}

/// Reads one token of an option: `name` or `name:color`.
fn read_entry(
    builder: &mut ProblemBuilder,
    primary: usize,
    token: &str,
    line: usize,
    seen: &mut [usize],
) -> Result<Entry, ParseErrorKind> {
    let (name, color) = match token.split_once(':') {
        Some((name, color)) => (name, Some(color)),
        None => (token, None),
    };
    if !is_valid_name(name) {
        let shown = if name.is_empty() { token } else { name };
        return Err(ParseErrorKind::InvalidItemName(shown.to_string()));
    }
    // Spelling before meaning: `Q:` is reported as an empty color even if `Q` is unknown.
    match color {
        Some("") => return Err(ParseErrorKind::EmptyColor(name.to_string())),
        Some(color) if !is_valid_name(color) => {
            return Err(ParseErrorKind::InvalidColor(color.to_string()))
        }
        _ => {}
    }
    let item = builder
        .item(name)
        .ok_or_else(|| ParseErrorKind::UnknownItem(name.to_string()))?;
    if seen[item] == line {
        return Err(ParseErrorKind::RepeatedItem(name.to_string()));
    }
    seen[item] = line;
    let color = match color {
        None => 0,
        Some(_) if item < primary => return Err(ParseErrorKind::ColorOnPrimary(name.to_string())),
        Some(color) => builder.color(color).map_err(kind_of)?,
    };
    Ok(Entry { item, color })
}

/// Reads the digits of a cost entry `|n` (Knuth's dlx5); `token` is the whole entry.
fn read_cost(digits: &str, token: &str) -> Result<u64, ParseErrorKind> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseErrorKind::Cost(token.to_string()));
    }
    digits.parse().map_err(|_| ParseErrorKind::CostTooLarge)
}

/// Reads dlx3's multiplicity prefix of an item-line token, `v|name` (exactly `v` times) or
/// `u:v|name` (between `u` and `v` times): `None` when the token has no such prefix,
/// `Some(None)` when its numbers are too large.
fn multiplicity(token: &str) -> Option<Option<(u32, u32, &str)>> {
    let (bounds, name) = token.split_once('|')?;
    let is_number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let (low, high) = bounds.split_once(':').unwrap_or((bounds, bounds));
    if !is_number(low) || !is_number(high) {
        return None;
    }
    Some(match (low.parse(), high.parse()) {
        (Ok(low), Ok(high)) => Some((low, high, name)),
        _ => None,
    })
}

/// The blank-separated tokens of a line, each with the 1-based column of its first character.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = line;
    let mut column = 1;
    std::iter::from_fn(move || {
        let start = rest.find(|c: char| !c.is_whitespace())?;
        column += rest[..start].chars().count();
        rest = &rest[start..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (token, after) = rest.split_at(end);
        let at = column;
        column += token.chars().count();
        rest = after;
        Some((at, token))
    })
}

/// The line and column just past the last character of `text`.
fn end_of(text: &str) -> (usize, usize) {
    let line = 1 + text.matches('\n').count();
    let last = text.rsplit('\n').next().unwrap_or("");
    (line, 1 + last.chars().count())
}

/// The parse error for a builder error: the builder has the last word on names and sizes.
fn kind_of(error: BuildError) -> ParseErrorKind {
    match error {
        BuildError::DuplicateItem(name) => ParseErrorKind::DuplicateItem(name),
        BuildError::InvalidName(name) => ParseErrorKind::InvalidItemName(name),
        BuildError::RepeatedItem(name) => ParseErrorKind::RepeatedItem(name),
        BuildError::ColorOnPrimary(name) => ParseErrorKind::ColorOnPrimary(name),
        BuildError::NoPrimaryItems => ParseErrorKind::NoPrimaryItems,
        BuildError::TooLarge => ParseErrorKind::TooLarge,
        BuildError::CostTooLarge => ParseErrorKind::CostTooLarge,
        BuildError::InvalidBounds { name, min, max } => {
            ParseErrorKind::Multiplicity(format!("{min}:{max}|{name}"))
        }
        // The parser declares items in order and passes the builder only the numbers it
        // handed out, so these cannot come from text.
        BuildError::PrimaryAfterSecondary(_)
        | BuildError::UnknownItem(_)
        | BuildError::UnknownName(_)
        | BuildError::UnknownColor(_) => {
            unreachable!("the parser never builds this: {error}")
        }
    }
}

/// Writes `problem` in Knuth's format: the item line, then one line per option.
///
/// [`parse`] reads the text back to the same items, options and colors.
pub fn write(problem: &Problem) -> String {
    let mut text = String::new();
    write_to(problem, &mut text).expect("writing to a String cannot fail");
    text
}

/// Like [`write()`], but into any [`fmt::Write`].
pub fn write_to<W: fmt::Write + ?Sized>(problem: &Problem, out: &mut W) -> fmt::Result {
    // `parse` drops a byte-order mark that opens the text: a first name starting with one keeps
    // it behind a blank.
    if problem.item_count() > 0 && problem.item_name(0).starts_with('\u{feff}') {
        out.write_char(' ')?;
    }
    for item in 0..problem.item_count() {
        if item == problem.primary_count() {
            out.write_str(" |")?;
        }
        if item > 0 {
            out.write_char(' ')?;
        }
        match problem.bounds(item) {
            _ if item >= problem.primary_count() => {}
            (1, 1) => {}
            (min, max) if min == max => write!(out, "{max}|")?,
            (min, max) => write!(out, "{min}:{max}|")?,
        }
        out.write_str(problem.item_name(item))?;
    }
    out.write_char('\n')?;
    for option in 0..problem.option_count() {
        out.write_str(&problem.format_option(option))?;
        match problem.cost(option) {
            0 => {}
            cost => write!(out, " |{cost}")?,
        }
        out.write_char('\n')?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ParseErrorKind::*;

    fn error(text: &str) -> (usize, usize, ParseErrorKind) {
        let e = parse(text).expect_err("the text should be rejected");
        (e.line, e.column, e.kind)
    }

    fn options(problem: &Problem) -> Vec<String> {
        (0..problem.option_count())
            .map(|o| problem.format_option(o))
            .collect()
    }

    fn names(problem: &Problem) -> Vec<&str> {
        (0..problem.item_count())
            .map(|i| problem.item_name(i))
            .collect()
    }

    #[test]
    fn reads_items_options_and_colors() {
        let p = parse("A B C | X Y\nA X:red\nB C Y\nA B X:blue\nC X:red Y:red\n")
            .unwrap()
            .problem;
        assert_eq!(names(&p), ["A", "B", "C", "X", "Y"]);
        assert_eq!(p.primary_count(), 3);
        assert_eq!(p.color_count(), 2);
        assert_eq!(p.option(0), [Entry::plain(0), Entry { item: 3, color: 1 }]);
        assert_eq!(
            options(&p),
            ["A X:red", "B C Y", "A B X:blue", "C X:red Y:red"]
        );
    }

    #[test]
    fn skips_comments_and_blank_lines_and_accepts_crlf_tabs_and_trailing_blanks() {
        let text = "| first comment\r\n\r\n   | indented comment\r\n\tA  B\t| X \r\n  \t\r\nA\tX  \r\n| between options\r\n B \r\n";
        let parsed = parse(text).unwrap();
        assert!(parsed.warnings.is_empty());
        assert_eq!(names(&parsed.problem), ["A", "B", "X"]);
        assert_eq!(parsed.problem.primary_count(), 2);
        assert_eq!(options(&parsed.problem), ["A X", "B"]);
    }

    #[test]
    fn ignores_a_byte_order_mark() {
        let p = parse("\u{feff}A B\nA B\n").unwrap().problem;
        assert_eq!(names(&p), ["A", "B"]);
        assert_eq!(error("\u{feff}A A\n"), (1, 3, DuplicateItem("A".into())));
    }

    #[test]
    fn takes_a_bar_at_the_start_of_a_token_as_the_separator() {
        let p = parse("A B |X Y\nA X\n").unwrap().problem;
        assert_eq!(names(&p), ["A", "B", "X", "Y"]);
        assert_eq!(p.primary_count(), 2);
        assert_eq!(parse("A |\nA\n").unwrap().problem.item_count(), 1);
    }

    #[test]
    fn item_line_errors_point_at_the_token() {
        assert_eq!(error(""), (1, 1, NoItemLine));
        assert_eq!(error("| only\n\n  | comments\n"), (4, 1, NoItemLine));
        assert_eq!(error("| no newline"), (1, 13, NoItemLine));
        assert_eq!(error("| c\nA | X | Y\n"), (2, 7, BarTwice));
        assert_eq!(error("A |X ||Y\n"), (1, 6, BarTwice));
        assert_eq!(error("A ||X\n"), (1, 4, BarTwice));
        assert_eq!(error("A B A\n"), (1, 5, DuplicateItem("A".into())));
        assert_eq!(error("A | X A\n"), (1, 7, DuplicateItem("A".into())));
        assert_eq!(error("A B:c\n"), (1, 3, InvalidItemName("B:c".into())));
        assert_eq!(error("A B|C\n"), (1, 3, InvalidItemName("B|C".into())));
        assert_eq!(
            error("A B 3:2|C | X\n"),
            (1, 5, Multiplicity("3:2|C".into()))
        );
        assert_eq!(error("A 0|B\n"), (1, 3, Multiplicity("0|B".into())));
        assert_eq!(
            error("A 1:99999999999|B\n"),
            (1, 3, Multiplicity("1:99999999999|B".into()))
        );
        assert_eq!(error("A | 3|X\n"), (1, 5, Multiplicity("3|X".into())));
    }

    #[test]
    fn reads_and_writes_multiplicities() {
        let p = parse("A 2:3|B 2|C 0:1|D | X\nA B\n").unwrap().problem;
        assert_eq!(names(&p), ["A", "B", "C", "D", "X"]);
        let bounds: Vec<_> = (0..p.item_count()).map(|i| p.bounds(i)).collect();
        assert_eq!(bounds, [(1, 1), (2, 3), (2, 2), (0, 1), (0, 1)]);
        assert_eq!(write(&p), "A 2:3|B 2|C 0:1|D | X\nA B\n");
    }

    #[test]
    fn option_errors_point_at_the_token() {
        assert_eq!(error("A B\nA\n\nB Q\n"), (4, 3, UnknownItem("Q".into())));
        assert_eq!(error("A B\nA B A\n"), (2, 5, RepeatedItem("A".into())));
        assert_eq!(
            error("A | X\nA X:r X:r\n"),
            (2, 7, RepeatedItem("X".into()))
        );
        assert_eq!(
            error("A | X\nA:red X\n"),
            (2, 1, ColorOnPrimary("A".into()))
        );
        assert_eq!(error("A | X\nA X:\n"), (2, 3, EmptyColor("X".into())));
        assert_eq!(
            error("A | X\nA X:a:b\n"),
            (2, 3, InvalidColor("a:b".into()))
        );
        assert_eq!(
            error("A | X\nA X:a|b\n"),
            (2, 3, InvalidColor("a|b".into()))
        );
        assert_eq!(error("A | X\nA :c\n"), (2, 3, InvalidItemName(":c".into())));
        assert_eq!(error("A | X\nA|X\n"), (2, 1, InvalidItemName("A|X".into())));
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        assert_eq!(error("Ä Ö | X\nÄ\tÖ  Q\n"), (2, 6, UnknownItem("Q".into())));
        assert_eq!(
            error("Ä Ö | X\r\nX:é Ä:ü\r\n"),
            (2, 5, ColorOnPrimary("Ä".into()))
        );
    }

    #[test]
    fn a_line_is_checked_for_spelling_before_meaning() {
        assert_eq!(error("A\nQ:\n"), (2, 1, EmptyColor("Q".into())));
        assert_eq!(error("A\nA:\n"), (2, 1, EmptyColor("A".into())));
    }

    #[test]
    fn messages_give_the_position_and_what_was_expected() {
        let e = parse("A B\nA\nB   Q\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3, column 5: unknown item `Q` (expected an item declared on the first line)"
        );
        let kinds = [
            NoItemLine,
            BarTwice,
            DuplicateItem("A".into()),
            InvalidItemName("A:".into()),
            Multiplicity("2|A".into()),
            UnknownItem("Q".into()),
            RepeatedItem("A".into()),
            ColorOnPrimary("A".into()),
            EmptyColor("X".into()),
            InvalidColor("a:b".into()),
            NoPrimaryItems,
            TooLarge,
        ];
        for kind in kinds {
            let message = kind.to_string();
            assert!(message.contains("(expected "), "{message}");
        }
        assert_eq!(
            error("A 3:2|B\n").2.to_string(),
            "`3:2|B` is not a valid multiplicity (expected `u:v|name` or `v|name` with \
             0 <= u <= v, 0 < v, on a primary item)"
        );
    }

    #[test]
    fn options_without_primary_items_are_dropped_with_their_line() {
        let parsed = parse("A | X Y\nX\nA X\n| comment\n\nX:c Y\nA\n").unwrap();
        let lines: Vec<usize> = parsed.warnings.iter().map(|w| w.line).collect();
        assert_eq!(lines, [2, 6]);
        assert_eq!(options(&parsed.problem), ["A X", "A"]);
        assert_eq!(
            parsed.warnings[1].to_string(),
            "line 6: option ignored: it has no primary item (expected at least one primary item)"
        );
    }

    #[test]
    fn a_problem_without_options_is_fine() {
        let p = parse("A B | X\n").unwrap().problem;
        assert_eq!(p.option_count(), 0);
        assert_eq!(write(&p), "A B | X\n");
    }

    #[test]
    fn writes_the_item_line_and_one_line_per_option() {
        let text = "| toy\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
        let p = parse(text).unwrap().problem;
        assert_eq!(
            write(&p),
            "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n"
        );
        assert_eq!(write(&parse("A B\nB A\n").unwrap().problem), "A B\nB A\n");
        let mut out = String::from("| header\n");
        write_to(&p, &mut out).unwrap();
        assert!(out.starts_with("| header\nA B C | X Y\n"));
    }
}
