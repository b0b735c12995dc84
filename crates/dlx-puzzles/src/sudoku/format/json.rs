//! Reading JSON lines (one object per line, for tools), with `serde_json` (the `json` feature).
//! See the module documentation of `format` for the fields; [`json_write`](super::json_write)
//! writes them.

use dlx_core::quote::quote;
use serde_json::{Map, Value};

use crate::sudoku::{Alphabet, Answer, Layout, Puzzle, ShapeHint, Verdict};

use super::alphabet::decode;
use super::error::FormatError;
use super::layout::normalize;
use super::{exact_root, ReadOptions, MAX_SIDE};

/// The fields a puzzle object may have; the last four are answer fields, accepted and ignored
/// when reading so that answers can be read again as puzzles.
const FIELDS: [&str; 9] = [
    "size", "boxes", "regions", "extra", "givens", "solution", "count", "capped", "verdict",
];

use super::json_write::STRING_SIDE;
#[cfg(test)]
use super::json_write::{answer_fields, write};

/// Where each top-level field's value starts in the text (byte offset), by raw key.
fn value_offsets(text: &str) -> Vec<(String, usize)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut expect_key = false;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let end = string_end(bytes, i);
                if depth == 1 && expect_key {
                    let key = text.get(i + 1..end.saturating_sub(1)).unwrap_or("");
                    let mut j = end;
                    while j < bytes.len() && (bytes[j].is_ascii_whitespace() || bytes[j] == b':') {
                        j += 1;
                    }
                    out.push((key.to_string(), j));
                    expect_key = false;
                    i = j;
                    continue;
                }
                i = end;
                continue;
            }
            b'{' | b'[' => {
                depth += 1;
                expect_key = depth == 1 && bytes[i] == b'{';
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            b',' if depth == 1 => expect_key = true,
            _ => {}
        }
        i += 1;
    }
    out
}

/// The offset just after the string starting at `start` (a `"`).
fn string_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// 1-based character column of a byte offset.
fn column_of(text: &str, offset: usize) -> usize {
    text.char_indices().take_while(|(b, _)| *b < offset).count() + 1
}

/// A JSON record being read: its text, line and field positions.
struct Record<'a> {
    text: &'a str,
    line: usize,
    offsets: Vec<(String, usize)>,
}

impl<'a> Record<'a> {
    /// The JSON object on `line`, and the record to word errors at its fields.
    fn read(text: &'a str, line: usize) -> Result<(Map<String, Value>, Record<'a>), FormatError> {
        let map = object(text, line)?;
        let record = Record {
            text,
            line,
            offsets: value_offsets(text),
        };
        Ok((map, record))
    }

    /// An error at the value of `field` (or at the start of the record).
    fn error(&self, field: &str, message: impl Into<String>) -> FormatError {
        self.error_at(field, 0, message)
    }

    /// An error `shift` characters into the value of `field` (for strings: 1 is the first
    /// character inside the quotes).
    fn error_at(&self, field: &str, shift: usize, message: impl Into<String>) -> FormatError {
        let column = match self.offsets.iter().find(|(k, _)| k == field) {
            Some(&(_, offset)) => {
                let escaped = self.text[offset..]
                    .split('"')
                    .nth(1)
                    .is_some_and(|s| s.contains('\\'));
                column_of(self.text, offset) + if escaped { 0 } else { shift }
            }
            None => column_of(self.text, self.text.len() - self.text.trim_start().len()),
        };
        FormatError::new(self.line, column, message)
    }
}

/// Parses the text of a record into its object.
fn object(text: &str, line: usize) -> Result<Map<String, Value>, FormatError> {
    let value: Value = serde_json::from_str(text).map_err(|e| {
        let byte = text
            .lines()
            .take(e.line().saturating_sub(1))
            .map(|l| l.len() + 1)
            .sum::<usize>()
            + e.column().saturating_sub(1);
        let message = e.to_string();
        let message = match message.rfind(" at line ") {
            Some(at) => message[..at].to_string(),
            None => message,
        };
        FormatError::new(
            line,
            column_of(text, byte),
            format!("invalid JSON: {message}"),
        )
    })?;
    match value {
        Value::Object(map) => Ok(map),
        _ => Err(FormatError::new(
            line,
            column_of(text, text.len() - text.trim_start().len()),
            "expected a JSON object",
        )),
    }
}

/// Reads one JSON record (the caller has checked that the line starts with `{`).
pub(crate) fn read(text: &str, line: usize, options: &ReadOptions) -> Result<Puzzle, FormatError> {
    let (map, record) = Record::read(text, line)?;
    if let Some(key) = map.keys().find(|k| !FIELDS.contains(&k.as_str())) {
        let column = record
            .offsets
            .iter()
            .find(|(k, _)| k == key)
            .map(|&(_, offset)| {
                let before = text[..offset].trim_end().trim_end_matches(':').trim_end();
                column_of(text, before.len()).saturating_sub(key.chars().count() + 2)
            })
            .unwrap_or(1);
        return Err(FormatError::new(
            line,
            column.max(1),
            format!(
                "unknown field {} (expected size, boxes, regions, extra, givens, or the \
                 answer fields solution, count, capped, verdict)",
                quote(key)
            ),
        ));
    }
    let size = match map.get("size") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.as_u64()
                .filter(|&s| (1..=MAX_SIDE as u64).contains(&s))
                .ok_or_else(|| {
                    record.error(
                        "size",
                        "expected \"size\" to be a whole number from 1 to 65535",
                    )
                })? as usize,
        ),
    };
    if let (Some(s), Some(o)) = (size, options.size) {
        if s != o {
            return Err(record.error("size", format!("\"size\" is {s} but --size asks for {o}")));
        }
    }
    let size = size.or(options.size);
    let givens = map
        .get("givens")
        .ok_or_else(|| record.error("", "missing field `givens` (the cells of the puzzle)"))?;
    let (n, cells) = grid(&record, "givens", givens, size, false)?;
    let boxes = match map.get("boxes") {
        None | Some(Value::Null) => None,
        Some(v) => Some(boxes(v, n).ok_or_else(|| {
            record.error(
                "boxes",
                format!("expected \"boxes\" to be [rows, columns] with rows x columns = {n}"),
            )
        })?),
    };
    let regions = match map.get("regions") {
        None | Some(Value::Null) => None,
        Some(v) => Some(regions(&record, v, n)?),
    };
    let extra = match map.get("extra") {
        None | Some(Value::Null) => Vec::new(),
        Some(v) => extra(v, n).ok_or_else(|| {
            record.error(
                "extra",
                format!(
                    "expected \"extra\" to be an array of arrays of cell indices 0-{}",
                    n * n - 1
                ),
            )
        })?,
    };
    Ok(Puzzle {
        size: n,
        cells,
        shape: ShapeHint {
            boxes,
            regions,
            extra,
        },
        layout: Layout::Json,
        line,
        candidates: None,
    })
}

/// The two ways a grid field can be written.
#[derive(Clone, Copy)]
enum GridValue<'v> {
    /// A string in the one-based alphabet.
    Text(&'v str),
    /// An array of numbers, `0` empty.
    Numbers(&'v [Value]),
}

/// Reads a grid field: a string in the one-based alphabet, or an array of numbers (`0` empty).
/// `complete` asks for no empty cell (a solution).
fn grid(
    record: &Record,
    field: &str,
    value: &Value,
    size: Option<usize>,
    complete: bool,
) -> Result<(usize, Vec<u16>), FormatError> {
    let value = match value {
        Value::String(s) => GridValue::Text(s),
        Value::Array(a) => GridValue::Numbers(a),
        _ => {
            return Err(record.error(
                field,
                format!("expected \"{field}\" to be a string or an array of numbers"),
            ))
        }
    };
    let count = match value {
        GridValue::Text(s) => s.chars().count(),
        GridValue::Numbers(a) => a.len(),
    };
    let n = match size.or_else(|| exact_root(count).filter(|&n| n <= MAX_SIDE)) {
        Some(n) if n > 0 && count == n * n => n,
        Some(n) => {
            return Err(record.error_at(
                field,
                1 + count.min(n * n),
                format!("expected {} cells in \"{field}\", found {count}", n * n),
            ))
        }
        None => {
            return Err(record.error(
                field,
                format!("expected n x n cells in \"{field}\", found {count}"),
            ))
        }
    };
    let cells = match value {
        GridValue::Text(_) if n > STRING_SIDE => {
            return Err(record.error(
                field,
                format!(
                    "a {n}x{n} grid cannot be written as a string (up to \
                     {STRING_SIDE}x{STRING_SIDE}); use an array of numbers"
                ),
            ))
        }
        GridValue::Text(s) => decode(s.chars().zip(1..), Alphabet::OneBased, n)
            .map_err(|(shift, message)| record.error_at(field, shift, message))?,
        GridValue::Numbers(a) => a
            .iter()
            .map(|v| v.as_u64().filter(|&v| v <= n as u64).map(|v| v as u16))
            .collect::<Option<Vec<u16>>>()
            .ok_or_else(|| {
                record.error(
                    field,
                    format!("expected the entries of \"{field}\" to be numbers 0-{n}"),
                )
            })?,
    };
    if complete {
        if let Some(i) = cells.iter().position(|&v| v == 0) {
            return Err(record.error_at(
                field,
                1 + i,
                format!("expected a complete grid in \"{field}\", found an empty cell"),
            ));
        }
    }
    Ok((n, cells))
}

/// Reads `[rows, columns]` with `rows * columns = n`.
fn boxes(value: &Value, n: usize) -> Option<(usize, usize)> {
    let a = value.as_array()?;
    match a.as_slice() {
        [r, c] => {
            let (r, c) = (r.as_u64()? as usize, c.as_u64()? as usize);
            (r >= 1 && c >= 1 && r.checked_mul(c) == Some(n)).then_some((r, c))
        }
        _ => None,
    }
}

/// Reads a region layout: a string of symbols or an array of numbers (any labels).
fn regions(record: &Record, value: &Value, n: usize) -> Result<Vec<u16>, FormatError> {
    let result = match value {
        Value::String(s) => {
            if let Some(i) = s.chars().position(|c| !c.is_ascii_alphanumeric()) {
                return Err(record.error_at(
                    "regions",
                    1 + i,
                    "expected region symbols (letters or digits) in \"regions\"",
                ));
            }
            let labels: Vec<char> = s.chars().collect();
            normalize(&labels, n).map_err(|(cell, m)| (1 + cell, m))
        }
        Value::Array(a) => {
            let labels = a
                .iter()
                .map(Value::as_u64)
                .collect::<Option<Vec<u64>>>()
                .ok_or_else(|| {
                    record.error(
                        "regions",
                        "expected the entries of \"regions\" to be numbers",
                    )
                })?;
            normalize(&labels, n).map_err(|(_, m)| (0, m))
        }
        _ => {
            return Err(record.error(
                "regions",
                "expected \"regions\" to be a string of region symbols or an array of numbers",
            ))
        }
    };
    result.map_err(|(shift, message)| {
        record.error_at("regions", shift, format!("in \"regions\": {message}"))
    })
}

/// Reads extra regions: arrays of cell indices below `n * n`.
fn extra(value: &Value, n: usize) -> Option<Vec<Vec<usize>>> {
    value
        .as_array()?
        .iter()
        .map(|region| {
            region
                .as_array()?
                .iter()
                .map(|cell| {
                    cell.as_u64()
                        .filter(|&c| (c as usize) < n * n)
                        .map(|c| c as usize)
                })
                .collect()
        })
        .collect()
}

/// Reads the answer fields of a JSON answer for `puzzle`.
pub(crate) fn read_answer(text: &str, line: usize, puzzle: &Puzzle) -> Result<Answer, FormatError> {
    let (map, record) = Record::read(text, line)?;
    match map.get("solution") {
        Some(Value::Null) | None => {}
        Some(v) => {
            let (_, cells) = grid(&record, "solution", v, Some(puzzle.size), true)?;
            return Ok(Answer::Solution(cells));
        }
    }
    if let Some(count) = map.get("count") {
        let count = count
            .as_u64()
            .ok_or_else(|| record.error("count", "expected \"count\" to be a whole number"))?;
        let capped = match map.get("capped") {
            None | Some(Value::Null) => false,
            Some(v) => v
                .as_bool()
                .ok_or_else(|| record.error("capped", "expected \"capped\" to be true or false"))?,
        };
        return Ok(Answer::Count { count, capped });
    }
    let verdict = match map.get("verdict").and_then(Value::as_str) {
        Some("none") => Some(Verdict::None),
        Some("unique") => Some(Verdict::Unique),
        Some("multiple") => Some(Verdict::Multiple),
        _ => None,
    };
    match (map.get("solution"), verdict) {
        (Some(Value::Null), Some(Verdict::None)) => Ok(Answer::NoSolution),
        (_, Some(v)) => Ok(Answer::Verdict(v)),
        _ => Err(record.error(
            "",
            "expected an answer field: \"solution\", \"count\" or \"verdict\" (none, unique or multiple)",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GIVENS: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn read_str(text: &str) -> Result<Puzzle, String> {
        read(text, 3, &ReadOptions::default()).map_err(|e| e.to_string())
    }

    #[test]
    fn reads_and_writes_the_canonical_object() {
        let text = format!("{{\"size\":9,\"boxes\":[3,3],\"givens\":\"{GIVENS}\"}}\n");
        let p = read_str(text.trim_end()).unwrap();
        assert_eq!(p.size, 9);
        assert_eq!(p.shape.boxes, Some((3, 3)));
        assert_eq!(p.line, 3);
        assert_eq!(write(&p, ""), text);
    }

    #[test]
    fn arrays_regions_and_extra() {
        let text = r#"{"givens":[1,0,0,0, 0,2,0,0, 0,0,3,0, 0,0,0,4],"regions":[7,7,8,8,7,7,8,8,5,5,6,6,5,5,6,6],"extra":[[0,5,10,15]]}"#;
        let p = read_str(text).unwrap();
        assert_eq!(p.size, 4);
        assert_eq!(p.cells[5], 2);
        assert_eq!(
            p.shape.regions,
            Some(vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3])
        );
        assert_eq!(p.shape.extra, vec![vec![0, 5, 10, 15]]);
        assert_eq!(
            write(&p, ""),
            "{\"size\":4,\"regions\":\"1122112233443344\",\"extra\":[[0,5,10,15]],\"givens\":\"1....2....3....4\"}\n"
        );
    }

    #[test]
    fn errors_point_at_the_field() {
        assert_eq!(
            read_str(r#"{"givens":"12.4.."}"#).unwrap_err(),
            "line 3, column 11: expected n x n cells in \"givens\", found 6"
        );
        assert_eq!(
            read_str(r#"{"size":2, "givens":"12x."}"#).unwrap_err(),
            "line 3, column 24: unexpected character `x` (expected a digit 1-2 or an empty-cell mark . 0 - _ *)"
        );
        assert_eq!(
            read_str(r#"{"size":2,"givens":"12."}"#).unwrap_err(),
            "line 3, column 24: expected 4 cells in \"givens\", found 3"
        );
        assert_eq!(
            read_str(r#"{"givens":"12..", "id":7}"#).unwrap_err(),
            "line 3, column 19: unknown field `id` (expected size, boxes, regions, extra, givens, \
             or the answer fields solution, count, capped, verdict)"
        );
        assert_eq!(
            read_str(r#"{"givens":"12..","boxes":[3,1]}"#).unwrap_err(),
            "line 3, column 26: expected \"boxes\" to be [rows, columns] with rows x columns = 2"
        );
        assert_eq!(
            read_str(r#"{"givens":"12..","regions":"aabc"}"#).unwrap_err(),
            "line 3, column 32: in \"regions\": expected 2 regions, found more: `c` is region symbol number 3"
        );
        assert_eq!(
            read_str(r#"{"givens":"12..","extra":[[4]]}"#).unwrap_err(),
            "line 3, column 26: expected \"extra\" to be an array of arrays of cell indices 0-3"
        );
        assert_eq!(
            read_str(r#"{"size":2}"#).unwrap_err(),
            "line 3, column 1: missing field `givens` (the cells of the puzzle)"
        );
        assert_eq!(
            read_str(r#"{"givens":"12..",}"#).unwrap_err(),
            "line 3, column 18: invalid JSON: trailing comma"
        );
        assert_eq!(
            read_str("[1,2]").unwrap_err(),
            "line 3, column 1: expected a JSON object"
        );
        assert_eq!(
            read_str(r#"{"size":0,"givens":""}"#).unwrap_err(),
            "line 3, column 9: expected \"size\" to be a whole number from 1 to 65535"
        );
    }

    #[test]
    fn more_field_errors() {
        let cases = [
            (r#"{"givens":5}"#, "line 3, column 11: expected \"givens\" to be a string or an array of numbers"),
            (r#"{"givens":[1,0,0,9]}"#, "line 3, column 11: expected the entries of \"givens\" to be numbers 0-2"),
            (r#"{"size":3,"givens":"12.."}"#, "line 3, column 25: expected 9 cells in \"givens\", found 4"),
            (r#"{"givens":"12..","regions":["a"]}"#, "line 3, column 28: expected the entries of \"regions\" to be numbers"),
            (r#"{"givens":"12..","regions":5}"#, "line 3, column 28: expected \"regions\" to be a string of region symbols or an array of numbers"),
            (r#"{"givens":"12..","regions":"aa.b"}"#, "line 3, column 31: expected region symbols (letters or digits) in \"regions\""),
            (r#"{"givens":"12..","regions":[1,1,1,2]}"#, "line 3, column 28: in \"regions\": region `1` has 3 cells (expected 2)"),
        ];
        for (text, message) in cases {
            assert_eq!(read_str(text).unwrap_err(), message, "{text}");
        }
        let big = format!("{{\"givens\":\"{}\"}}", ".".repeat(36 * 36));
        assert_eq!(
            read_str(&big).unwrap_err(),
            "line 3, column 11: a 36x36 grid cannot be written as a string (up to 35x35); use an array of numbers"
        );
        let options = ReadOptions {
            size: Some(4),
            alphabet: None,
        };
        assert_eq!(
            read(r#"{"size":2,"givens":"1..."}"#, 1, &options)
                .unwrap_err()
                .to_string(),
            "line 1, column 9: \"size\" is 2 but --size asks for 4"
        );
    }

    #[test]
    fn answer_errors() {
        let p = read_str(r#"{"givens":"1..."}"#).unwrap();
        let cases = [
            (r#"{"givens":"1...","solution":"1.2."}"#, "line 1, column 31: expected a complete grid in \"solution\", found an empty cell"),
            (r#"{"givens":"1...","count":-1}"#, "line 1, column 26: expected \"count\" to be a whole number"),
            (r#"{"givens":"1...","count":1,"capped":1}"#, "line 1, column 37: expected \"capped\" to be true or false"),
            (r#"{"givens":"1..."}"#, "line 1, column 1: expected an answer field: \"solution\", \"count\" or \"verdict\" (none, unique or multiple)"),
        ];
        for (text, message) in cases {
            assert_eq!(
                read_answer(text, 1, &p).unwrap_err().to_string(),
                message,
                "{text}"
            );
        }
    }

    #[test]
    fn answers() {
        let p = read_str(r#"{"givens":"1..."}"#).unwrap();
        for answer in [
            Answer::Solution(vec![1, 2, 2, 1]),
            Answer::NoSolution,
            Answer::Count {
                count: 2,
                capped: true,
            },
            Answer::Verdict(Verdict::Multiple),
        ] {
            let text = write(&p, &answer_fields(2, &answer));
            assert_eq!(read_answer(text.trim_end(), 1, &p), Ok(answer.clone()));
            // An answer is still a puzzle.
            assert_eq!(read_str(text.trim_end()).unwrap().cells, p.cells);
        }
        assert_eq!(
            write(&p, &answer_fields(2, &Answer::NoSolution)),
            "{\"size\":2,\"givens\":\"1...\",\"solution\":null,\"verdict\":\"none\"}\n"
        );
    }
}
