//! The puzzle inside a link or compressed text ([`pasted`](super::pasted) finds it): its
//! percent-encoding undone, decompressed (lz-string, base64, as f-puzzles and SudokuPad write
//! it), and read by [`fpuzzles`](super::fpuzzles) or [`sudokupad`](super::sudokupad), every
//! error placed at the start of the compressed text.

use super::iss::{IssError, Problem};
use super::pasted::{Kind, Link};
use super::place::Source;
use super::{fpuzzles, sudokupad, Variant};

/// The longest compressed text read: far above any puzzle's, and it bounds the decompressed
/// text (lz-string can grow a text with the square of its length).
const MAX_PACKED: usize = 64 * 1024;

/// The puzzle in `found`: `Err` when the link holds none, else the reader's answer.
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

#[cfg(test)]
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
