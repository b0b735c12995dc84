//! Links and compressed texts: which site's puzzle a line holds ([`find`]), and, with the `json`
//! feature, the puzzle inside ([`read`]): its percent-encoding undone, decompressed (lz-string,
//! base64, as f-puzzles and SudokuPad write it), and read by the f-puzzles or SudokuPad reader,
//! every error placed at the start of the compressed text.

#[cfg(feature = "json")]
use super::iss::{IssError, Problem};
#[cfg(feature = "json")]
use super::place::Source;
#[cfg(feature = "json")]
use super::{fpuzzles, sudokupad, Variant};

/// Whose puzzle a link holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// f-puzzles' JSON, lz-string compressed in base64.
    FPuzzles,
    /// SudokuPad's JSON (shortened), compressed the same way.
    SudokuPad,
    /// A short id: the puzzle is on a server.
    Remote,
}

/// A link or compressed text: whose, its payload (still percent-encoded) and the payload's
/// 0-based character offset in the line.
#[derive(Clone, Copy, Debug)]
pub(super) struct Link<'a> {
    pub(super) kind: Kind,
    pub(super) payload: &'a str,
    pub(super) offset: usize,
}

/// The link or compressed puzzle `line` is, if it is one.
pub(super) fn find(line: &str) -> Option<Link<'_>> {
    let lower = line.to_ascii_lowercase();
    let after_scheme = lower.find("://").map_or(0, |k| k + 3);
    let host_end = lower[after_scheme..]
        .find(['/', '?', '#'])
        .map_or(line.len(), |k| after_scheme + k);
    let host = lower[after_scheme..host_end].trim_start_matches("www.");
    let found = |kind, offset: usize, end: usize| {
        Some(Link {
            kind,
            payload: &line[offset..end],
            offset: line[..offset].chars().count(),
        })
    };
    let param = |name: &str| -> Option<(usize, usize)> {
        let query = host_end + lower[host_end..].find('?')?;
        let start = lower[query..]
            .match_indices(name)
            .map(|(k, _)| query + k)
            .find(|&k| k > 0 && matches!(lower.as_bytes()[k - 1], b'?' | b'&'))?
            + name.len();
        let end = lower[start..]
            .find(['&', '#'])
            .map_or(line.len(), |k| start + k);
        Some((start, end))
    };
    if host == "f-puzzles.com" {
        return match (param("load="), param("id=")) {
            (Some((start, end)), _) => found(Kind::FPuzzles, start, end),
            (None, Some((start, end))) => found(Kind::Remote, start, end),
            (None, None) => None,
        };
    }
    let pad = [
        "sudokupad.app",
        "crackingthecryptic.com",
        "app.crackingthecryptic.com",
    ];
    if pad.contains(&host) || host.ends_with(".sudokupad.app") {
        let (start, end) = match param("puzzle=") {
            Some(range) => range,
            None => {
                let mut start = (host_end + 1).min(line.len());
                for lead in ["sudoku/", "puzzle/"] {
                    if lower[start..].starts_with(lead) {
                        start += lead.len();
                    }
                }
                let end = lower[start..]
                    .find(['?', '#'])
                    .map_or(line.len(), |k| start + k);
                (start, end)
            }
        };
        if start >= end {
            return None;
        }
        let (kind, skip) = prefixed(&line[start..end]).unwrap_or((Kind::Remote, 0));
        return found(kind, start + skip, end);
    }
    if after_scheme > 0 {
        return None;
    }
    // The puzzle text alone: a prefix and base64, or f-puzzles' compressed JSON bare.
    let base64 = |s: &str| {
        s.len() >= 16
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"+/=%-_".contains(&b))
    };
    match prefixed(line) {
        Some((kind, skip)) if base64(&line[skip..]) || line[skip..].starts_with('{') => {
            found(kind, skip, line.len())
        }
        _ if line.starts_with("N4Ig") && base64(line) => found(Kind::FPuzzles, 0, line.len()),
        _ => None,
    }
}

/// The format a puzzle id's prefix names, and the prefix's length.
fn prefixed(id: &str) -> Option<(Kind, usize)> {
    [
        ("fpuzzles", Kind::FPuzzles),
        ("fpuz", Kind::FPuzzles),
        ("scl", Kind::SudokuPad),
        ("ctc", Kind::SudokuPad),
    ]
    .into_iter()
    .find(|(prefix, _)| id.starts_with(prefix))
    .map(|(prefix, kind)| (kind, prefix.len()))
}

#[cfg(feature = "json")]
/// The longest compressed text read: far above any puzzle's, and it bounds the decompressed
/// text (lz-string can grow a text with the square of its length).
const MAX_PACKED: usize = 64 * 1024;

/// The puzzle in `found`: `Err` when the link holds none, else the reader's answer.
#[cfg(feature = "json")]
pub(super) fn read(found: &Link) -> Result<Result<Variant, IssError>, Problem> {
    let source = Source::packed(1, found.offset + 1);
    let packed = (1, found.offset + 1);
    let text = match found.kind {
        Kind::Remote => return Err(Problem::NeedsNetwork),
        Kind::SudokuPad | Kind::FPuzzles => unpack(found.payload)?,
    };
    Ok(match found.kind {
        Kind::FPuzzles => {
            fpuzzles::parse(&text, Some(packed)).and_then(|v| fpuzzles::from_value(&v, source))
        }
        _ => sudokupad::read(&text, source),
    })
}

/// The JSON a payload holds: percent-encoding undone (a space for a `+` the link lost), then
/// decompressed unless it is JSON already.
#[cfg(feature = "json")]
fn unpack(payload: &str) -> Result<String, Problem> {
    if payload.len() > MAX_PACKED {
        return Err(Problem::Invalid("a compressed puzzle longer than 64 KiB"));
    }
    let text = percent_decoded(payload);
    let text = text.trim();
    if text.starts_with('{') {
        return Ok(text.to_string());
    }
    let bad = Problem::Invalid("not a compressed puzzle (lz-string in base64)");
    if text.is_empty()
        || !text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"+/=".contains(&b))
    {
        return Err(bad);
    }
    lz_str::decompress_from_base64(text)
        .and_then(|wide| String::from_utf16(&wide).ok())
        .filter(|json| !json.trim().is_empty())
        .ok_or(bad)
}

/// `%XX` escapes decoded, `+` kept, a space read as the `+` it was.
#[cfg(feature = "json")]
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut k = 0;
    while k < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match bytes[k] {
            b'%' if k + 2 < bytes.len() => match (hex(bytes[k + 1]), hex(bytes[k + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    k += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b' ' => out.push(b'+'),
            b => out.push(b),
        }
        k += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(all(test, feature = "json"))]
mod tests {
    use super::*;

    #[test]
    fn variant_link_undoes_the_link_encoding() {
        assert_eq!(percent_decoded("ab%2Bc%2fd e%zz%4"), "ab+c/d+e%zz%4");
        let json = "{\"size\":4}";
        let packed = lz_str::compress_to_base64(json);
        assert_eq!(unpack(&packed).unwrap(), json);
        assert_eq!(unpack(&packed.replace('+', "%2B")).unwrap(), json);
        assert!(unpack("!!!").is_err());
        assert!(unpack("").is_err());
    }
}
