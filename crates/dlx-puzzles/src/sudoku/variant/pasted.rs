//! Which reader a pasted text is for: f-puzzles' or SudokuPad's JSON, a link of either (or the
//! compressed text of one), else ISS's strings and the killer forms ([`iss::read`]).
//!
//! - JSON: a text whose first line (blank lines and `#` comments passed over) starts with `{`;
//!   an object with `grid` is f-puzzles', one with `cells` SudokuPad's.
//! - Links: `f-puzzles.com/?load=…`; `sudokupad.app/…` and `crackingthecryptic.com/…`, their
//!   puzzle after `?puzzle=` or in the path; the puzzle text alone, `fpuzzles…` or `fpuz…`
//!   (f-puzzles' JSON, compressed), `scl…` or `ctc…` (SudokuPad's), or f-puzzles' compressed
//!   JSON bare (`N4Ig…`). A link that names its puzzle by a short id holds no puzzle: reading
//!   it is an error that says the puzzle is on a server.

use super::iss::{self, IssError, Problem};
#[cfg(any(test, not(feature = "json")))]
use super::link::Kind;
use super::link::{self, Link};
use super::Variant;

/// Whether a line is JSON of f-puzzles or SudokuPad (its opening line), or a link of either.
pub(super) fn looks_like(line: &str) -> bool {
    let line = line.trim();
    let json = line == "{"
        || line.starts_with('{') && (line.contains("\"grid\"") || line.contains("\"cells\""));
    json || link::find(line).is_some()
}

/// Reads a variant puzzle in any format the module knows.
pub(super) fn read(text: &str) -> Result<Variant, IssError> {
    let first = text
        .split('\n')
        .enumerate()
        .find(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'));
    let Some((skipped, line)) = first else {
        return iss::read(text);
    };
    let trimmed = line.trim_start();
    let indent = line.chars().count() - trimmed.chars().count();
    let shift = |mut e: IssError| {
        if e.line == 1 {
            e.column += indent;
        }
        e.line += skipped;
        e
    };
    if trimmed.starts_with('{') {
        let rest = text
            .split('\n')
            .skip(skipped)
            .collect::<Vec<_>>()
            .join("\n");
        return json(rest.trim_start()).map_err(shift);
    }
    if let Some(found) = link::find(trimmed.trim_end()) {
        return packed(found).map_err(shift);
    }
    iss::read(text)
}

/// An error at the start of the line's puzzle text.
fn at_link(found: &Link, problem: Problem) -> IssError {
    IssError {
        line: 1,
        column: found.offset + 1,
        item: found.payload.chars().take(40).collect(),
        problem,
    }
}

#[cfg(feature = "json")]
fn json(text: &str) -> Result<Variant, IssError> {
    use super::place::Source;
    use super::{fpuzzles, sudokupad};
    let value = match fpuzzles::parse(text, None) {
        Ok(value) => value,
        // SudokuPad's shortened form is not JSON; f-puzzles' and SudokuPad's plain forms are.
        Err(e) => sudokupad::parse(text).map_err(|_| e)?,
    };
    let source = Source::json(text);
    if value.get("grid").is_some() {
        fpuzzles::from_value(&value, source)
    } else if value.get("cells").is_some() {
        sudokupad::from_value(&value, source)
    } else {
        Err(IssError {
            line: 1,
            column: 1,
            item: text.chars().take(40).collect(),
            problem: Problem::Invalid(
                "a JSON object with neither f-puzzles' \"grid\" nor SudokuPad's \"cells\"",
            ),
        })
    }
}

#[cfg(feature = "json")]
fn packed(found: Link) -> Result<Variant, IssError> {
    super::link::read(&found)
        .map_err(|problem| at_link(&found, problem))
        .and_then(|result| result)
}

#[cfg(not(feature = "json"))]
fn json(text: &str) -> Result<Variant, IssError> {
    Err(IssError {
        line: 1,
        column: 1,
        item: text.chars().take(40).collect(),
        problem: Problem::Unsupported(
            "f-puzzles and SudokuPad puzzles are read only with the `json` feature of dlx-puzzles",
        ),
    })
}

#[cfg(not(feature = "json"))]
fn packed(found: Link) -> Result<Variant, IssError> {
    let problem = match found.kind {
        Kind::Remote => Problem::NeedsNetwork,
        _ => Problem::Unsupported(
            "f-puzzles and SudokuPad puzzles are read only with the `json` feature of dlx-puzzles",
        ),
    };
    Err(at_link(&found, problem))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(line: &str) -> Option<(Kind, &str, usize)> {
        link::find(line).map(|l| (l.kind, l.payload, l.offset))
    }

    #[test]
    fn variant_pasted_tells_links_apart() {
        let payload = "N4IgzglgXgpiBcBOANCA5gJw";
        let f = format!("https://www.f-puzzles.com/?load={payload}");
        assert_eq!(kind(&f), Some((Kind::FPuzzles, payload, 32)));
        assert_eq!(
            kind("https://f-puzzles.com/?id=y82pttpx").map(|k| k.0),
            Some(Kind::Remote)
        );
        let pad = format!("https://sudokupad.app/fpuzzles{payload}");
        assert_eq!(
            kind(&pad).map(|k| (k.0, k.1)),
            Some((Kind::FPuzzles, payload))
        );
        let query = format!("https://sudokupad.app/?puzzle=scl{payload}&setting-x=1");
        assert_eq!(
            kind(&query).map(|k| (k.0, k.1)),
            Some((Kind::SudokuPad, payload))
        );
        let ctc = format!("https://app.crackingthecryptic.com/sudoku/ctc{payload}");
        assert_eq!(kind(&ctc).map(|k| k.0), Some(Kind::SudokuPad));
        assert_eq!(
            kind("https://sudokupad.app/RPBnQFRLR8").map(|k| k.0),
            Some(Kind::Remote)
        );
        assert_eq!(
            kind(&format!("scl{payload}")).map(|k| k.0),
            Some(Kind::SudokuPad)
        );
        assert_eq!(kind(payload).map(|k| k.0), Some(Kind::FPuzzles));
        assert!(kind("https://example.com/?load=N4Ig").is_none());
        assert!(kind(".Thermo~R1C1~R1C2").is_none());
        assert!(kind(&"5".repeat(81)).is_none());
        assert!(looks_like(&f) && looks_like("{") && looks_like("{\"size\":9,\"grid\":[]}"));
        assert!(!looks_like("{\"givens\": \"1...\"}"));
    }
}
