//! Input quoted in messages, safe for a terminal: every diagnostic that shows a piece of its
//! input shows it through [`quote`] (or [`escape`] for names), so that escape sequences, NUL
//! bytes and bytes that are not UTF-8 are shown as `\x1b`, `\x00`, `\xff` rather than acted on,
//! and a long piece is cut.
//!
//! Text read from bytes that may not be UTF-8 keeps each invalid byte as one character of its
//! own ([`lossless`]), so that a quote can name the byte and a column count stays one a byte.

use std::borrow::Cow;
use std::fmt::Write;

/// The characters of a quote shown before it is cut (`…` marks the cut).
pub const QUOTE_CHARS: usize = 40;

/// The first of 256 characters standing for the bytes that are not UTF-8: the last 256 code
/// points of Unicode's last private-use plane, which text does not use.
const BYTE_BASE: u32 = 0x10_ff00;

/// The character that stands for a byte that is not part of valid UTF-8.
pub fn byte_char(byte: u8) -> char {
    char::from_u32(BYTE_BASE + u32::from(byte)).unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// The byte a character of [`byte_char`] stands for.
pub fn char_byte(ch: char) -> Option<u8> {
    u32::from(ch)
        .checked_sub(BYTE_BASE)
        .and_then(|b| u8::try_from(b).ok())
}

/// `bytes` as text: borrowed when they are UTF-8, else with each invalid byte made its
/// [`byte_char`].
pub fn lossless(bytes: &[u8]) -> Cow<'_, str> {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Cow::Borrowed(text);
    }
    let mut text = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        text.extend(chunk.invalid().iter().map(|&b| byte_char(b)));
    }
    Cow::Owned(text)
}

/// `text` with control characters, the backslash and the bytes of [`byte_char`] escaped
/// (`\x1b`, `\\`, `\xff`), whole: for names (of files, say) in messages.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        push_escaped(&mut out, ch);
    }
    out
}

/// `text` in backticks, escaped as [`escape`] does, and cut after [`QUOTE_CHARS`] characters
/// with `…`: for a piece of input in a message.
pub fn quote(text: &str) -> String {
    let mut out = String::from("`");
    for (i, ch) in text.chars().enumerate() {
        if i == QUOTE_CHARS {
            out.push('…');
            break;
        }
        push_escaped(&mut out, ch);
    }
    out.push('`');
    out
}

/// [`quote`] of one character.
pub fn quote_char(ch: char) -> String {
    let mut buffer = [0; 4];
    quote(ch.encode_utf8(&mut buffer))
}

fn push_escaped(out: &mut String, ch: char) {
    if let Some(byte) = char_byte(ch) {
        let _ = write!(out, "\\x{byte:02x}");
    } else if ch == '\\' {
        out.push_str("\\\\");
    } else if ch.is_control() {
        match u8::try_from(u32::from(ch)) {
            Ok(byte) => {
                let _ = write!(out, "\\x{byte:02x}");
            }
            Err(_) => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(ch));
            }
        }
    } else if matches!(ch, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    {
        // Invisible marks that reorder or hide what follows them.
        let _ = write!(out, "\\u{{{:x}}}", u32::from(ch));
    } else {
        out.push(ch);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_and_bad_bytes_are_escaped() {
        assert_eq!(
            quote("\u{1b}[2J\u{1b}[31mhello"),
            "`\\x1b[2J\\x1b[31mhello`"
        );
        assert_eq!(quote("a\0b\tc\u{7f}"), "`a\\x00b\\x09c\\x7f`");
        assert_eq!(quote("\u{9b}"), "`\\x9b`");
        assert_eq!(quote("a\\b"), "`a\\\\b`");
        assert_eq!(quote("\u{202e}x"), "`\\u{202e}x`");
        let text = lossless(b"1\xff2\xc3");
        assert_eq!(text.chars().count(), 4);
        assert_eq!(quote(&text), "`1\\xff2\\xc3`");
        assert_eq!(lossless(b"caf\xc3\xa9"), "café");
        assert_eq!(escape("dir/\u{1b}]0;x\u{7}"), "dir/\\x1b]0;x\\x07");
        assert_eq!(quote_char('\u{1b}'), "`\\x1b`");
        assert_eq!(char_byte(byte_char(0x80)), Some(0x80));
        assert_eq!(char_byte('a'), None);
    }

    #[test]
    fn long_quotes_are_cut() {
        let long = "x".repeat(100);
        let quoted = quote(&long);
        assert_eq!(quoted, format!("`{}…`", "x".repeat(QUOTE_CHARS)));
        assert_eq!(
            quote(&"y".repeat(QUOTE_CHARS)),
            format!("`{}`", "y".repeat(40))
        );
    }
}
