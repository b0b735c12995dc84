//! SudokuPad's own puzzle JSON (its `scl` and `ctc` links, which [`read`](super::read) takes),
//! read for what it states as rules: the givens, the regions, the cages.
//!
//! SudokuPad shortens its JSON before compressing it: keys unquoted and abbreviated (`ce` for
//! `cells`, `ca` for `cages`, `re` for `regions`, `v` for `value`), strings in single quotes,
//! `t` and `f` for true and false, an empty member of a list for `{}`, colours without their
//! `#`. [`parse`] takes that form and plain JSON alike.
//!
//! - `cells`: rows of cells, a cell's `value` its given;
//! - `regions`: lists of `[row, column]` (from 0), the jigsaw regions (the usual boxes when
//!   none are listed);
//! - `cages`: a cage with a `value` is a [`Constraint::Cage`] with that sum, one without a
//!   value a cage of distinct values; `unique: false` with a value, a [`Constraint::Sum`]
//!   (values may repeat); the `extraregion` style, a cage of distinct values; cages that hold
//!   notes (`title: …`, `rules: …`) or no cells are passed over;
//! - `global`: `antiknight`, `antiking`, `nonconsecutive`.
//!
//! Everything else SudokuPad draws (`lines`, `arrows`, `overlays`, `underlays`: thermometers,
//! arrows, dots, little killer clues…) is a drawing whose meaning lives in the rules text, which
//! SudokuPad does not tie to it: such a puzzle is refused with an error that names the drawings,
//! never read with a guessed meaning. Its f-puzzles form (`fpuzzles…` links), where each
//! constraint has a kind, is read whole.

use serde_json::{Map, Number, Value};

use super::constraint::Constraint;
use super::fpuzzles::number;
use super::iss::{IssError, Problem};
use super::place::{Source, Step};
use super::Variant;
use crate::sudoku::Shape;

/// The largest side read, as for ISS's strings.
const MAX_SIDE: usize = 16;

/// How deep lists and objects may nest in the shortened JSON.
const MAX_DEPTH: usize = 64;

/// The abbreviations of SudokuPad's shortened keys that this reader reads.
const KEYS: &[(&str, &str)] = &[
    ("ce", "cells"),
    ("ca", "cages"),
    ("re", "regions"),
    ("v", "value"),
    ("l", "lines"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("t", "title"),
    ("cs", "cellSize"),
    ("vd", "videos"),
    ("d", "duration"),
];

/// Keys about the puzzle's look or story, not its rules.
const PASSED_OVER: &[&str] = &[
    "id",
    "cellSize",
    "title",
    "author",
    "rules",
    "metadata",
    "settings",
    "solution",
    "videos",
    "duration",
    "sourcePuzzle",
];

/// Reads SudokuPad's JSON (plain or shortened), errors placed by `source`.
pub(super) fn read(text: &str, source: Source) -> Result<Variant, IssError> {
    let value = parse(text).map_err(|why| source.fail(&[], Problem::Json(why)))?;
    from_value(&value, source)
}

/// Parses SudokuPad's shortened JSON (or plain JSON) into a value, keys spelled out.
pub fn parse(text: &str) -> Result<Value, String> {
    let mut parser = Parser {
        chars: text.chars().collect(),
        at: 0,
    };
    let value = parser.value(0, false)?;
    parser.blanks();
    if parser.at < parser.chars.len() {
        return Err(format!(
            "unexpected {:?} after the puzzle",
            parser.chars[parser.at]
        ));
    }
    Ok(value)
}

/// A parser of the shortened JSON over its characters.
struct Parser {
    chars: Vec<char>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn blanks(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    /// A value; `member` when it is an object member's (where six hex digits are a colour).
    fn value(&mut self, depth: usize, member: bool) -> Result<Value, String> {
        if depth > MAX_DEPTH {
            return Err("lists nested too deep".into());
        }
        self.blanks();
        match self.peek() {
            None => Err("the text ends where a value was expected".into()),
            Some('{') => self.object(depth),
            Some('[') => self.array(depth),
            Some(q @ ('"' | '\'')) => self.string(q).map(Value::String),
            Some(_) => self.bare(member),
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, String> {
        self.at += 1;
        let mut map = Map::new();
        loop {
            self.blanks();
            match self.peek() {
                Some('}') => {
                    self.at += 1;
                    return Ok(Value::Object(map));
                }
                Some(',') => {
                    self.at += 1;
                    continue;
                }
                _ => {}
            }
            let key = match self.peek() {
                Some(q @ ('"' | '\'')) => self.string(q)?,
                _ => {
                    let start = self.at;
                    while self
                        .peek()
                        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
                    {
                        self.at += 1;
                    }
                    if start == self.at {
                        return Err(format!("expected a key at character {}", self.at + 1));
                    }
                    self.chars[start..self.at].iter().collect()
                }
            };
            self.blanks();
            if self.peek() != Some(':') {
                return Err(format!("expected `:` at character {}", self.at + 1));
            }
            self.at += 1;
            let value = self.value(depth + 1, true)?;
            let key = KEYS
                .iter()
                .find(|(short, _)| *short == key)
                .map_or(key, |(_, long)| long.to_string());
            map.insert(key, value);
            self.blanks();
            match self.peek() {
                Some(',') => self.at += 1,
                Some('}') => {}
                _ => return Err(format!("expected `,` or `}}` at character {}", self.at + 1)),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, String> {
        self.at += 1;
        let mut list = Vec::new();
        loop {
            self.blanks();
            // An empty member stands for `{}`, as SudokuPad writes empty cells.
            let value = match self.peek() {
                Some(',' | ']') => Value::Object(Map::new()),
                _ => self.value(depth + 1, false)?,
            };
            list.push(value);
            self.blanks();
            match self.peek() {
                Some(',') => self.at += 1,
                Some(']') => {
                    self.at += 1;
                    return Ok(Value::Array(list));
                }
                _ => return Err(format!("expected `,` or `]` at character {}", self.at + 1)),
            }
        }
    }

    /// A string in `quote`s, with JSON's escapes and `\'`.
    fn string(&mut self, quote: char) -> Result<String, String> {
        self.at += 1;
        let mut out = String::new();
        loop {
            let Some(c) = self.peek() else {
                return Err("a string is not closed".into());
            };
            self.at += 1;
            match c {
                c if c == quote => return Ok(out),
                '\\' => {
                    let Some(e) = self.peek() else {
                        return Err("a string is not closed".into());
                    };
                    self.at += 1;
                    out.push(match e {
                        'n' => '\n',
                        't' => '\t',
                        'r' => '\r',
                        'b' => '\u{8}',
                        'f' => '\u{c}',
                        'u' => {
                            let hex: String = self.chars.iter().skip(self.at).take(4).collect();
                            self.at += hex.chars().count();
                            u32::from_str_radix(&hex, 16)
                                .ok()
                                .and_then(char::from_u32)
                                .unwrap_or('\u{fffd}')
                        }
                        e => e,
                    });
                }
                c => out.push(c),
            }
        }
    }

    /// A bare word: a number, `t`/`f`/`true`/`false`/`null`, or a colour.
    fn bare(&mut self, member: bool) -> Result<Value, String> {
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| !matches!(c, ',' | ':' | '{' | '}' | '[' | ']') && !c.is_whitespace())
        {
            self.at += 1;
        }
        let word: String = self.chars[start..self.at].iter().collect();
        let colour = word.len() == 6 && word.chars().all(|c| c.is_ascii_hexdigit());
        Ok(match word.as_str() {
            "" => return Err(format!("expected a value at character {}", start + 1)),
            "t" | "true" => Value::Bool(true),
            "f" | "false" => Value::Bool(false),
            "null" => Value::Null,
            "#0" => Value::String("#000000".into()),
            "#F" => Value::String("#FFFFFF".into()),
            _ if member && colour => Value::String(format!("#{word}")),
            _ => match word.parse::<i64>() {
                Ok(k) => Value::Number(k.into()),
                Err(_) => match word.parse::<f64>().ok().and_then(Number::from_f64) {
                    Some(x) => Value::Number(x),
                    None => Value::String(word),
                },
            },
        })
    }
}

/// The puzzle a SudokuPad object states, errors placed by `source`.
pub(super) fn from_value(value: &Value, source: Source) -> Result<Variant, IssError> {
    let fail = |path: &[Step], problem| source.fail(path, problem);
    let root = value
        .as_object()
        .ok_or_else(|| fail(&[], Problem::Invalid("expected a JSON object")))?;
    let rows = root.get("cells").and_then(Value::as_array).ok_or_else(|| {
        fail(
            &[Step::Key("cells")],
            Problem::Invalid("expected \"cells\": a list of rows"),
        )
    })?;
    let n = rows.len();
    if !(2..=MAX_SIDE).contains(&n) {
        return Err(fail(
            &[Step::Key("cells")],
            Problem::Number {
                expected: "a grid of 2 to 16 rows",
            },
        ));
    }
    let mut givens = vec![0u8; n * n];
    for (r, row) in rows.iter().enumerate() {
        let Some(row) = row.as_array().filter(|row| row.len() == n) else {
            return Err(fail(
                &[Step::Key("cells"), Step::Index(r)],
                Problem::Invalid("expected a row of as many cells as the grid has rows"),
            ));
        };
        for (c, cell) in row.iter().enumerate() {
            let Some(value) = cell.get("value") else {
                continue;
            };
            let path = [Step::Key("cells"), Step::Index(r), Step::Index(c)];
            givens[r * n + c] = number(value)
                .filter(|&v| v >= 1 && v as usize <= n)
                .ok_or_else(|| {
                    fail(
                        &path,
                        Problem::Number {
                            expected: "a given from 1 to the side",
                        },
                    )
                })? as u8;
        }
    }
    let shape = regions(root.get("regions"), n, &source)?;
    let mut constraints = Vec::new();
    for (key, value) in root {
        let empty = match value {
            Value::Array(list) => list.is_empty(),
            Value::Null | Value::Bool(false) => true,
            _ => false,
        };
        match key.as_str() {
            "cells" | "regions" => {}
            _ if PASSED_OVER.contains(&key.as_str()) => {}
            "cages" => cages(value, n, &source, &mut constraints)?,
            "global" => {
                let list = value.as_array().map(Vec::as_slice).unwrap_or_default();
                for (k, rule) in list.iter().enumerate() {
                    constraints.push(match rule.as_str() {
                        Some("antiknight") => Constraint::AntiKnight,
                        Some("antiking") => Constraint::AntiKing,
                        Some("nonconsecutive") => Constraint::AntiConsecutive,
                        _ => {
                            return Err(fail(
                                &[Step::Key("global"), Step::Index(k)],
                                Problem::Unsupported("a SudokuPad global rule dlx does not know"),
                            ))
                        }
                    });
                }
            }
            _ if empty => {}
            "lines" | "arrows" | "overlays" | "underlays" => {
                return Err(fail(
                    &[Step::Key(key)],
                    Problem::Unsupported(
                        "SudokuPad lines, arrows and overlays: their meaning lives in the rules text (read its f-puzzles form, or write it as ISS's string)",
                    ),
                ))
            }
            _ => {
                return Err(fail(
                    &[Step::Key(key)],
                    Problem::Unsupported("a SudokuPad key dlx does not know"),
                ))
            }
        }
    }
    if constraints.iter().any(|c: &Constraint| !c.fits(n)) {
        return Err(fail(
            &[Step::Key("cages")],
            Problem::Invalid("a cage that does not fit the grid"),
        ));
    }
    Ok(Variant::new(shape, givens, constraints))
}

/// A `[row, column]` pair from 0 as a cell of the grid.
fn cell(value: &Value, n: usize) -> Option<usize> {
    match value.as_array()?.as_slice() {
        [r, c] => {
            let (r, c) = (r.as_u64()? as usize, c.as_u64()? as usize);
            (r < n && c < n).then_some(r * n + c)
        }
        _ => None,
    }
}

/// The cells of a list of `[row, column]`, or the index of the first that is not one.
fn cells(value: Option<&Value>, n: usize) -> Result<Vec<usize>, Option<usize>> {
    let list = value.and_then(Value::as_array).ok_or(None)?;
    list.iter()
        .enumerate()
        .map(|(k, v)| cell(v, n).ok_or(Some(k)))
        .collect()
}

/// The shape: the usual boxes, or the regions listed.
fn regions(value: Option<&Value>, n: usize, source: &Source) -> Result<Shape, IssError> {
    let standard = Shape::standard(n).map_err(|e| source.fail(&[], Problem::Shape(e)))?;
    let list = value
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    if list.is_empty() {
        return Ok(standard);
    }
    let mut layout = vec![u16::MAX; n * n];
    for (k, region) in list.iter().enumerate() {
        let members = cells(Some(region), n).map_err(|at| {
            let mut path = vec![Step::Key("regions"), Step::Index(k)];
            path.extend(at.map(Step::Index));
            source.fail(
                &path,
                Problem::Invalid("expected a list of [row, column] in the grid"),
            )
        })?;
        for c in members {
            layout[c] = k.min(usize::from(u16::MAX) - 1) as u16;
        }
    }
    if layout.contains(&u16::MAX) {
        return Err(source.fail(
            &[Step::Key("regions")],
            Problem::Unsupported("a cell in no region"),
        ));
    }
    if (0..n * n).all(|c| usize::from(layout[c]) == standard.region_of(c)) {
        return Ok(standard);
    }
    // Region ids by first appearance, as ISS's layouts number them.
    let mut seen: Vec<u16> = Vec::new();
    let ids: Vec<u16> = layout
        .iter()
        .map(|&id| match seen.iter().position(|&s| s == id) {
            Some(k) => k as u16,
            None => {
                seen.push(id);
                (seen.len() - 1) as u16
            }
        })
        .collect();
    Shape::jigsaw(n, &ids).map_err(|e| source.fail(&[Step::Key("regions")], Problem::Shape(e)))
}

/// The cages' constraints.
fn cages(
    value: &Value,
    n: usize,
    source: &Source,
    out: &mut Vec<Constraint>,
) -> Result<(), IssError> {
    let list = value.as_array().map_or(&[][..], Vec::as_slice);
    for (k, cage) in list.iter().enumerate() {
        let path = |field: &'static str| [Step::Key("cages"), Step::Index(k), Step::Key(field)];
        let members = match cage.get("cells") {
            None => Vec::new(),
            v => cells(v, n).map_err(|at| {
                let mut p = path("cells").to_vec();
                p.extend(at.map(Step::Index));
                source.fail(
                    &p,
                    Problem::Invalid("expected a list of [row, column] in the grid"),
                )
            })?,
        };
        let value = cage.get("value");
        let note = value.and_then(Value::as_str).is_some_and(|v| {
            v.split_once(':').is_some_and(|(name, _)| {
                !name.is_empty() && name.chars().all(|c| c.is_ascii_alphabetic())
            })
        });
        if members.is_empty() || note {
            continue;
        }
        let sum = match value {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if s.trim().is_empty() => None,
            Some(v) => Some(number(v).ok_or_else(|| {
                source.fail(
                    &path("value"),
                    Problem::Number {
                        expected: "a cage sum (a whole number)",
                    },
                )
            })?),
        };
        let style = cage.get("style").and_then(Value::as_str);
        let unique = cage.get("unique").and_then(Value::as_bool) != Some(false);
        match style {
            None | Some("killer") => {}
            Some("extraregion") => {
                out.push(Constraint::Cage {
                    cells: members,
                    sum: None,
                });
                continue;
            }
            Some(_) => {
                return Err(source.fail(
                    &path("style"),
                    Problem::Unsupported("a SudokuPad cage style other than killer"),
                ))
            }
        }
        match (unique, sum) {
            // A sum of 0 is no sum, as ISS reads it.
            (true, sum) => out.push(Constraint::Cage {
                cells: members,
                sum: sum.filter(|&s| s > 0),
            }),
            (false, Some(sum)) => out.push(Constraint::Sum {
                cells: members,
                sum: i32::try_from(sum).unwrap_or(i32::MAX),
                coefficients: None,
            }),
            // Repeats allowed and no sum: no rule.
            (false, None) => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_sudokupad_reads_the_shortened_json() {
        let value =
            parse("{ce:[[{v:1},,],[,'x',{}]],ca:[{ce:[[0,0]],v:'5',c:FF0000,unique:t}]}").unwrap();
        let cells = &value["cells"];
        assert_eq!(cells[0][0]["value"], 1);
        assert_eq!(cells[0][1], Value::Object(Map::new()));
        assert_eq!(cells[0].as_array().unwrap().len(), 3);
        assert_eq!(cells[1][1], "x");
        let cage = &value["cages"][0];
        assert_eq!(cage["value"], "5");
        assert_eq!(cage["c"], "#FF0000");
        assert_eq!(cage["unique"], true);
        // Plain JSON is the same.
        assert_eq!(
            parse("{\"cells\": [[{\"value\": 1}]]}").unwrap()["cells"][0][0]["value"],
            1
        );
        assert!(parse("{ce:[[}").is_err());
        assert!(parse(&"[".repeat(100)).is_err());
    }
}
