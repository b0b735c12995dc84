//! Value alphabets: which character stands for which value, and guessing the alphabet of a grid
//! from the characters it uses.

use crate::sudoku::Alphabet;
use dlx_core::quote::{quote, quote_char};

/// Characters that mark an empty cell in every character alphabet (`0` is one too, except in
/// the zero-based alphabet, where it is a value).
pub(crate) const EMPTY_MARKS: [char; 4] = ['.', '-', '_', '*'];

/// Digits then capital letters: the symbols of the one- and zero-based alphabets.
const SYMBOLS: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The alphabets tried when guessing, in the order used to break ties when reporting errors.
const GUESSED: [Alphabet; 3] = [Alphabet::OneBased, Alphabet::Letters, Alphabet::ZeroBased];

/// Whether `ch` can stand for a cell in some character alphabet (a letter, a digit or an
/// empty-cell mark).
pub(crate) fn is_cell_char(ch: char) -> bool {
    ch.is_ascii_alphanumeric() || EMPTY_MARKS.contains(&ch)
}

/// The name of an alphabet, as accepted by [`parse_alphabet`] (and the CLI's `--alphabet`):
/// `one-based`, `zero-based`, `letters` or `numbers`.
pub fn alphabet_name(alphabet: Alphabet) -> &'static str {
    match alphabet {
        Alphabet::OneBased => "one-based",
        Alphabet::ZeroBased => "zero-based",
        Alphabet::Letters => "letters",
        Alphabet::Numbers => "numbers",
    }
}

/// The alphabet called `name` (`one-based`, `zero-based`, `letters` or `numbers`; case and `-`/`_`
/// do not matter), if any.
pub fn parse_alphabet(name: &str) -> Option<Alphabet> {
    let key: String = name
        .chars()
        .filter(|c| *c != '-' && *c != '_')
        .map(|c| c.to_ascii_lowercase())
        .collect();
    match key.as_str() {
        "onebased" => Some(Alphabet::OneBased),
        "zerobased" => Some(Alphabet::ZeroBased),
        "letters" => Some(Alphabet::Letters),
        "numbers" => Some(Alphabet::Numbers),
        _ => None,
    }
}

/// The largest grid side an alphabet can write.
pub(crate) fn capacity(alphabet: Alphabet) -> usize {
    match alphabet {
        Alphabet::OneBased => 35,
        Alphabet::ZeroBased => 36,
        Alphabet::Letters => 26,
        Alphabet::Numbers => usize::from(u16::MAX),
    }
}

/// What one character means in an alphabet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Symbol {
    /// An empty cell.
    Empty,
    /// A value, `1..` (possibly too large for the grid at hand).
    Value(u16),
    /// Not a symbol of the alphabet.
    Invalid,
}

/// What `ch` means in `alphabet` (letters in either case).
pub(crate) fn read_char(alphabet: Alphabet, ch: char) -> Symbol {
    match u8::try_from(ch) {
        Ok(byte) => read_byte(alphabet, byte),
        Err(_) => Symbol::Invalid,
    }
}

/// What the ASCII character `byte` means in `alphabet` (letters in either case).
const fn read_byte(alphabet: Alphabet, byte: u8) -> Symbol {
    match (alphabet, byte.to_ascii_uppercase()) {
        (_, b'.' | b'-' | b'_' | b'*') => Symbol::Empty,
        (Alphabet::ZeroBased, d @ b'0'..=b'9') => Symbol::Value((d - b'0') as u16 + 1),
        (Alphabet::ZeroBased, l @ b'A'..=b'Z') => Symbol::Value((l - b'A') as u16 + 11),
        (_, b'0') => Symbol::Empty,
        (Alphabet::OneBased | Alphabet::Numbers, d @ b'1'..=b'9') => {
            Symbol::Value((d - b'0') as u16)
        }
        (Alphabet::OneBased, l @ b'A'..=b'Z') => Symbol::Value((l - b'A') as u16 + 10),
        (Alphabet::Letters, l @ b'A'..=b'Z') => Symbol::Value((l - b'A') as u16 + 1),
        _ => Symbol::Invalid,
    }
}

/// In [`VALUES`], a byte that is no symbol of the alphabet (above every grid side a character
/// alphabet can write, so one comparison with the side rejects it).
const NOT_A_SYMBOL: u8 = u8::MAX;

/// [`read_byte`] for every byte, per character alphabet (one-based, zero-based, letters): `0`
/// for an empty cell, the value, or [`NOT_A_SYMBOL`]. Lines of a million puzzles are decoded
/// byte by byte.
const VALUES: [[u8; 256]; 3] = {
    let alphabets = [Alphabet::OneBased, Alphabet::ZeroBased, Alphabet::Letters];
    let mut tables = [[NOT_A_SYMBOL; 256]; 3];
    let mut a = 0;
    while a < 3 {
        let mut b = 0;
        while b < 128 {
            tables[a][b] = match read_byte(alphabets[a], b as u8) {
                Symbol::Empty => 0,
                Symbol::Value(v) => v as u8,
                Symbol::Invalid => NOT_A_SYMBOL,
            };
            b += 1;
        }
        a += 1;
    }
    tables
};

/// The values of a grid of side `n` written one byte per cell in a character alphabet, written
/// into `cells` (cleared first: a buffer to reuse), or `None` if some byte is not a symbol of
/// `1..=n` or an empty mark (the caller then reads the grid the general way, which says where).
pub(crate) fn decode_bytes(
    bytes: &[u8],
    alphabet: Alphabet,
    n: usize,
    mut cells: Vec<u16>,
) -> Option<Vec<u16>> {
    let table = match alphabet {
        Alphabet::OneBased => &VALUES[0],
        Alphabet::ZeroBased => &VALUES[1],
        Alphabet::Letters => &VALUES[2],
        Alphabet::Numbers => return None,
    };
    let bound = u8::try_from(n).ok()?;
    let mut too_large = false;
    cells.clear();
    cells.extend(bytes.iter().map(|&b| {
        let v = table[usize::from(b)];
        too_large |= v > bound;
        u16::from(v)
    }));
    (!too_large).then_some(cells)
}

/// The character written for `value` (`1..`) in a character alphabet; `.` for `0`, and `?` for
/// a value the alphabet cannot write.
pub(crate) fn symbol(alphabet: Alphabet, value: u16) -> char {
    let index = match (alphabet, value) {
        (_, 0) => return '.',
        (Alphabet::OneBased | Alphabet::Numbers, v) => usize::from(v),
        (Alphabet::ZeroBased, v) => usize::from(v) - 1,
        (Alphabet::Letters, v) => usize::from(v) + 9,
    };
    if usize::from(value) > capacity(alphabet) {
        return '?';
    }
    SYMBOLS.get(index).map_or('?', |&b| char::from(b))
}

/// The values of `alphabet` for an `n`-sided grid, in words: `a digit 1-9`, `a letter A-P`, ...
pub(crate) fn describe(alphabet: Alphabet, n: usize) -> String {
    let top = |a: Alphabet| symbol(a, u16::try_from(n).unwrap_or(u16::MAX));
    match alphabet {
        Alphabet::OneBased if n <= 9 => format!("a digit 1-{n}"),
        Alphabet::OneBased if n == 10 => "a value 1-9 or A".to_string(),
        Alphabet::OneBased => format!("a value 1-9 or A-{}", top(alphabet)),
        Alphabet::ZeroBased if n <= 10 => format!("a digit 0-{}", n - 1),
        Alphabet::ZeroBased if n == 11 => "a value 0-9 or A".to_string(),
        Alphabet::ZeroBased => format!("a value 0-9 or A-{}", top(alphabet)),
        Alphabet::Letters if n == 1 => "the letter A".to_string(),
        Alphabet::Letters => format!("a letter A-{}", top(alphabet)),
        Alphabet::Numbers => format!("a number 0-{n}"),
    }
}

/// The empty-cell marks of an alphabet, as listed in messages.
fn marks(alphabet: Alphabet) -> &'static str {
    match alphabet {
        Alphabet::ZeroBased => ". - _ *",
        _ => ". 0 - _ *",
    }
}

/// The message for a character that is not a symbol of `alphabet` for an `n`-sided grid.
pub(crate) fn unexpected(ch: char, alphabet: Alphabet, n: usize) -> String {
    format!(
        "unexpected character {} (expected {} or an empty-cell mark {})",
        quote_char(ch),
        describe(alphabet, n),
        marks(alphabet)
    )
}

/// An alphabet with its range, for messages: `one-based 1-9 A-G`.
fn name_with_range(alphabet: Alphabet, n: usize) -> String {
    let range = describe(alphabet, n);
    let range = range
        .trim_start_matches("a value ")
        .trim_start_matches("a digit ")
        .trim_start_matches("a letter ")
        .replace(" or ", " ");
    format!("{} {range}", alphabet_name(alphabet))
}

/// The outcome of guessing the alphabet of a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Guess {
    /// Exactly one reading fits.
    Found(Alphabet),
    /// Several readings fit: the user must choose.
    Ambiguous(Vec<Alphabet>),
    /// No alphabet fits; the one given reads the most cells, for reporting.
    Unreadable(Alphabet),
}

/// The kinds of characters a grid uses, one bit per kind: `0`, each digit `1`-`9`, each letter
/// in either case (bits 10 to 35), the other empty-cell marks, and anything else.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Used(u64);

/// The bit of `0` in [`Used`]; the digits follow it.
const ZERO: u32 = 0;
/// The bit of `A` (and `a`) in [`Used`]; the other letters follow it.
const LETTER_A: u32 = 10;
/// The bit of the empty-cell marks other than `0`.
const OTHER_EMPTY: u32 = 36;
/// The bit of every character that cannot stand for a cell.
const FOREIGN: u32 = 63;

/// The [`Used`] bit of every byte: one table lookup per byte, for the lines of large files.
const KINDS: [u64; 256] = {
    let mut table = [1 << FOREIGN; 256];
    let mut b = 0u8;
    while b < 128 {
        let up = b.to_ascii_uppercase();
        if up.is_ascii_digit() {
            table[b as usize] = 1 << (ZERO + (up - b'0') as u32);
        } else if up.is_ascii_uppercase() {
            table[b as usize] = 1 << (LETTER_A + (up - b'A') as u32);
        }
        b += 1;
    }
    let mut i = 0;
    while i < EMPTY_MARKS.len() {
        table[EMPTY_MARKS[i] as usize] = 1 << OTHER_EMPTY;
        i += 1;
    }
    table
};

impl Used {
    /// The kinds of the characters of `cells`.
    fn of_chars(cells: impl Iterator<Item = char>) -> Used {
        Used(cells.fold(0, |used, ch| {
            used | u8::try_from(ch).map_or(1 << FOREIGN, |b| KINDS[usize::from(b)])
        }))
    }

    /// The kinds of the characters of a grid written one byte per cell.
    pub(crate) fn of_bytes(bytes: &[u8]) -> Used {
        Used(
            bytes
                .iter()
                .fold(0, |used, &b| used | KINDS[usize::from(b)]),
        )
    }

    /// Whether every character can stand for a cell (see [`is_cell_char`]).
    pub(crate) fn only_cells(&self) -> bool {
        self.0 & 1 << FOREIGN == 0
    }

    /// The kinds from bit `from` on, `count` of them, shifted down to bit 0.
    fn range(&self, from: u32, count: u32) -> u64 {
        (self.0 >> from) & ((1 << count) - 1)
    }
}

/// The highest member of a set from [`Used::range`] plus one (`0` for none).
fn top(bits: u64) -> u16 {
    (64 - bits.leading_zeros()) as u16
}

/// What a grid's characters look like.
#[derive(Default)]
struct Facts {
    digit: bool,
    zero: bool,
    other_empty: bool,
    letter: bool,
    foreign: bool,
    max_digit: u16,
    max_letter: u16,
}

impl Facts {
    fn of(used: Used) -> Facts {
        let digits = used.range(ZERO + 1, 9);
        let letters = used.range(LETTER_A, 26);
        Facts {
            digit: digits != 0,
            zero: used.range(ZERO, 1) != 0,
            other_empty: used.range(OTHER_EMPTY, 1) != 0,
            letter: letters != 0,
            foreign: !used.only_cells(),
            max_digit: top(digits),
            // The letter's index: `A` is 0.
            max_letter: top(letters).saturating_sub(1),
        }
    }

    /// Whether every character is a symbol of `alphabet` within `1..=n`.
    fn fits(&self, alphabet: Alphabet, n: usize) -> bool {
        let n = u16::try_from(n).unwrap_or(u16::MAX);
        if self.foreign || usize::from(n) > capacity(alphabet) {
            return false;
        }
        match alphabet {
            Alphabet::OneBased => {
                self.max_digit <= n && (!self.letter || 10 + self.max_letter <= n)
            }
            Alphabet::ZeroBased => {
                (!(self.digit || self.zero) || self.max_digit < n)
                    && (!self.letter || 11 + self.max_letter <= n)
            }
            Alphabet::Letters => !self.digit && (!self.letter || self.max_letter < n),
            Alphabet::Numbers => false,
        }
    }

    /// Whether a fitting reading is also a likely one: digits do not make a zero-based grid
    /// up to 9x9, a one- or zero-based grid without any digit is really letters, and a one-based
    /// grid does not mix `0` with other empty-cell marks.
    fn plausible(&self, alphabet: Alphabet, n: usize) -> bool {
        match alphabet {
            Alphabet::OneBased => {
                let letters_only = self.letter && !self.digit;
                let mixed_empties = self.zero && self.other_empty;
                !letters_only && !mixed_empties
            }
            Alphabet::ZeroBased => {
                let letters_only = self.letter && !self.digit && !self.zero;
                n >= 10 && !letters_only
            }
            _ => true,
        }
    }

    fn has_values(&self) -> bool {
        self.digit || self.zero || self.letter || self.foreign
    }
}

/// Guesses the alphabet of an `n`-sided grid from its characters. `remembered` is the alphabet
/// of earlier grids of this size in the same input: it settles a tie, and is the choice for a
/// grid with no values at all.
pub(crate) fn guess<I>(cells: I, n: usize, remembered: Option<Alphabet>) -> Guess
where
    I: Iterator<Item = char> + Clone,
{
    let facts = Facts::of(Used::of_chars(cells.clone()));
    reading(&facts, n, remembered)
        .unwrap_or_else(|| Guess::Unreadable(best_for_errors(cells, n, &facts)))
}

/// [`guess`] for a grid that uses the characters `used`, when exactly one alphabet reads it
/// (else the caller reads the grid the general way, which says why not).
pub(crate) fn guess_used(used: Used, n: usize, remembered: Option<Alphabet>) -> Option<Alphabet> {
    match reading(&Facts::of(used), n, remembered) {
        Some(Guess::Found(alphabet)) => Some(alphabet),
        _ => None,
    }
}

/// The alphabet a grid with these facts reads in, or the tie; `None` when none reads it.
fn reading(facts: &Facts, n: usize, remembered: Option<Alphabet>) -> Option<Guess> {
    if !facts.has_values() {
        let default = if n <= capacity(Alphabet::OneBased) {
            Alphabet::OneBased
        } else {
            Alphabet::ZeroBased
        };
        let alphabet = remembered.filter(|a| n <= capacity(*a)).unwrap_or(default);
        return Some(Guess::Found(alphabet));
    }
    let possible = GUESSED.map(|a| facts.fits(a, n));
    let plausible = GUESSED.map(|a| facts.plausible(a, n));
    let any_plausible = (0..GUESSED.len()).any(|i| possible[i] && plausible[i]);
    // The plausible readings if there are any, else every possible one.
    let pool = || {
        (0..GUESSED.len())
            .filter(move |&i| possible[i] && (plausible[i] || !any_plausible))
            .map(|i| GUESSED[i])
    };
    let mut readings = pool();
    let first = readings.next()?;
    if readings.next().is_none() {
        return Some(Guess::Found(first));
    }
    Some(match remembered {
        Some(r) if pool().any(|a| a == r) => Guess::Found(r),
        // Both one-based and letters fit only a grid without digits; without letters either, its
        // only other character is `0`, empty in both: they read it alike.
        _ if !facts.letter && pool().all(|a| a != Alphabet::ZeroBased) => Guess::Found(first),
        _ => Guess::Ambiguous(pool().collect()),
    })
}

/// The alphabet that reads the most of these cells (the likelier one on a tie), to report the
/// first cell it cannot read.
fn best_for_errors<I: Iterator<Item = char> + Clone>(
    cells: I,
    n: usize,
    facts: &Facts,
) -> Alphabet {
    let bound = u16::try_from(n).unwrap_or(u16::MAX);
    let misses = |a: Alphabet| {
        cells
            .clone()
            .filter(|&ch| match read_char(a, ch) {
                Symbol::Empty => false,
                Symbol::Value(v) => v > bound,
                Symbol::Invalid => true,
            })
            .count()
    };
    GUESSED
        .into_iter()
        .filter(|a| n <= capacity(*a) && (*a != Alphabet::ZeroBased || n >= 10))
        .min_by_key(|a| (misses(*a), !facts.plausible(*a, n)))
        .unwrap_or(Alphabet::OneBased)
}

/// The message for a grid that reads in several alphabets.
pub(crate) fn ambiguity(alphabets: &[Alphabet], n: usize) -> String {
    let names: Vec<String> = alphabets.iter().map(|a| name_with_range(*a, n)).collect();
    format!(
        "the cells read in more than one alphabet ({}); choose one with --alphabet",
        names.join(", ")
    )
}

/// The alphabet to read a grid of characters in: the one chosen by the user, else a guess
/// (`remembered` as for [`guess`]). An unreadable grid gets the alphabet that reads most of it,
/// so that decoding reports its first bad cell.
pub(crate) fn choose<I>(
    cells: I,
    n: usize,
    explicit: Option<Alphabet>,
    remembered: Option<Alphabet>,
) -> Result<Alphabet, String>
where
    I: Iterator<Item = char> + Clone,
{
    match explicit {
        Some(Alphabet::Numbers) => {
            Err("expected blank-separated numbers (the numbers alphabet was chosen)".to_string())
        }
        Some(a) if n > capacity(a) => Err(format!(
            "a {n}x{n} grid needs more symbols than the {} alphabet has (it writes grids up to \
             {c}x{c})",
            alphabet_name(a),
            c = capacity(a)
        )),
        Some(a) => Ok(a),
        None => match guess(cells, n, remembered) {
            Guess::Found(a) | Guess::Unreadable(a) => Ok(a),
            Guess::Ambiguous(all) => Err(ambiguity(&all, n)),
        },
    }
}

/// The value of a blank-separated token: a number (saturating), or `0` for one empty-cell mark.
pub(crate) fn number_value(token: &str) -> Option<u32> {
    if !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit()) {
        Some(token.bytes().fold(0u32, |acc, b| {
            acc.saturating_mul(10).saturating_add(u32::from(b - b'0'))
        }))
    } else if token.chars().count() == 1 && token.chars().all(|c| EMPTY_MARKS.contains(&c)) {
        Some(0)
    } else {
        None
    }
}

/// The message for a number token that is not a cell of an `n`-sided grid.
pub(crate) fn unexpected_number(token: &str, n: usize) -> String {
    format!(
        "unexpected {} (expected a number 0-{n} or an empty-cell mark)",
        quote(token)
    )
}

/// Reads one blank-separated cell of an `n`-sided grid: `0` (or a mark) for empty, else its value.
pub(crate) fn number_cell(token: &str, n: usize) -> Result<u16, String> {
    match number_value(token) {
        Some(v) if v as usize <= n => Ok(v as u16),
        _ => Err(unexpected_number(token, n)),
    }
}

/// Reads cells in `alphabet` for an `n`-sided grid: `0` for empty, `1..=n` for a value; or the
/// position of the first cell that is not a symbol, with the message for it.
pub(crate) fn decode<P: Copy>(
    cells: impl Iterator<Item = (char, P)>,
    alphabet: Alphabet,
    n: usize,
) -> Result<Vec<u16>, (P, String)> {
    let bound = u16::try_from(n).unwrap_or(u16::MAX);
    // Capped: `n` comes from the input, and the cells may be fewer than it promises.
    let mut values = Vec::with_capacity(n.saturating_mul(n).min(1 << 16));
    for (ch, at) in cells {
        values.push(match read_char(alphabet, ch) {
            Symbol::Empty => 0,
            Symbol::Value(v) if v <= bound => v,
            _ => return Err((at, unexpected(ch, alphabet, n))),
        });
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guess_str(s: &str, n: usize) -> Guess {
        guess(s.chars(), n, None)
    }

    #[test]
    fn the_cell_set_holds_the_cell_characters() {
        for b in 0..=255u8 {
            let used = Used::of_bytes(&[b]);
            assert_eq!(
                used.only_cells(),
                b.is_ascii() && is_cell_char(char::from(b)),
                "{b}"
            );
            assert_eq!(used, Used::of_chars([char::from(b)].into_iter()), "{b}");
        }
    }

    #[test]
    fn byte_tables_read_as_the_characters_do() {
        for a in [Alphabet::OneBased, Alphabet::ZeroBased, Alphabet::Letters] {
            for n in [4, 9, 16, 25, 26, 35, 36]
                .into_iter()
                .filter(|&n| n <= capacity(a))
            {
                for b in 0..=255u8 {
                    let bound = u16::try_from(n).unwrap();
                    let expected = match read_char(a, char::from(b)) {
                        Symbol::Empty => Some(vec![0]),
                        Symbol::Value(v) if v <= bound => Some(vec![v]),
                        _ => None,
                    };
                    assert_eq!(
                        decode_bytes(&[b], a, n, Vec::new()),
                        expected,
                        "{a:?} {n} {b}"
                    );
                }
            }
        }
    }

    #[test]
    fn empty_marks_are_empty_in_every_alphabet() {
        for alphabet in GUESSED.into_iter().chain([Alphabet::Numbers]) {
            for mark in EMPTY_MARKS {
                assert_eq!(
                    read_char(alphabet, mark),
                    Symbol::Empty,
                    "{alphabet:?} {mark}"
                );
            }
            assert_eq!(read_char(alphabet, 'é'), Symbol::Invalid);
        }
    }

    #[test]
    fn symbols_round_trip_in_every_character_alphabet() {
        for alphabet in GUESSED {
            for v in 1..=capacity(alphabet) as u16 {
                let ch = symbol(alphabet, v);
                assert_eq!(
                    read_char(alphabet, ch),
                    Symbol::Value(v),
                    "{alphabet:?} {v}"
                );
                assert_eq!(
                    read_char(alphabet, ch.to_ascii_lowercase()),
                    Symbol::Value(v)
                );
            }
        }
        assert_eq!(symbol(Alphabet::Letters, 27), '?');
        assert_eq!(symbol(Alphabet::OneBased, 0), '.');
    }

    #[test]
    fn zero_is_empty_except_in_the_zero_based_alphabet() {
        assert_eq!(read_char(Alphabet::OneBased, '0'), Symbol::Empty);
        assert_eq!(read_char(Alphabet::Letters, '0'), Symbol::Empty);
        assert_eq!(read_char(Alphabet::ZeroBased, '0'), Symbol::Value(1));
        assert_eq!(read_char(Alphabet::ZeroBased, '.'), Symbol::Empty);
        assert_eq!(read_char(Alphabet::Letters, '1'), Symbol::Invalid);
    }

    #[test]
    fn nine_by_nine_digits_are_one_based() {
        assert_eq!(guess_str("1.3.5.7.8", 9), Guess::Found(Alphabet::OneBased));
        assert_eq!(guess_str("0010203", 9), Guess::Found(Alphabet::OneBased));
        assert_eq!(guess_str("AB..I", 9), Guess::Found(Alphabet::Letters));
    }

    #[test]
    fn sixteen_by_sixteen_readings() {
        // `G` exists only in the one-based alphabet.
        assert_eq!(guess_str("0G1.", 16), Guess::Found(Alphabet::OneBased));
        // `0` beside `.` is a value: zero-based.
        assert_eq!(guess_str("0F1.", 16), Guess::Found(Alphabet::ZeroBased));
        // Letters beyond G and no digit: letters.
        assert_eq!(guess_str("AP-.", 16), Guess::Found(Alphabet::Letters));
        assert_eq!(guess_str("ABC-", 16), Guess::Found(Alphabet::Letters));
        // Digits and A-F, no `0`: one- or zero-based.
        assert_eq!(
            guess_str("1F.", 16),
            Guess::Ambiguous(vec![Alphabet::OneBased, Alphabet::ZeroBased])
        );
        assert_eq!(
            guess("1F.".chars(), 16, Some(Alphabet::ZeroBased)),
            Guess::Found(Alphabet::ZeroBased)
        );
    }

    #[test]
    fn readings_that_agree_are_not_a_tie() {
        // `0` is an empty cell in both the one-based and the letters alphabet.
        assert_eq!(guess_str("0", 1), Guess::Found(Alphabet::OneBased));
        assert_eq!(guess_str("00", 9), Guess::Found(Alphabet::OneBased));
        // Where `0` may be a value (zero-based, 10x10 and up), the tie stays.
        assert!(matches!(guess_str("00", 16), Guess::Ambiguous(_)));
        assert_eq!(
            guess("0".chars(), 1, Some(Alphabet::Letters)),
            Guess::Found(Alphabet::Letters)
        );
    }

    #[test]
    fn unreadable_grids_name_the_closest_alphabet() {
        assert_eq!(guess_str("12x", 9), Guess::Unreadable(Alphabet::OneBased));
        assert_eq!(guess_str("ABCQ", 16), Guess::Unreadable(Alphabet::Letters));
    }

    #[test]
    fn grids_without_values_take_the_remembered_alphabet() {
        assert_eq!(guess_str("....", 16), Guess::Found(Alphabet::OneBased));
        assert_eq!(
            guess("....".chars(), 16, Some(Alphabet::Letters)),
            Guess::Found(Alphabet::Letters)
        );
        assert_eq!(guess_str("..", 36), Guess::Found(Alphabet::ZeroBased));
    }

    #[test]
    fn messages() {
        assert_eq!(
            unexpected('x', Alphabet::OneBased, 9),
            "unexpected character `x` (expected a digit 1-9 or an empty-cell mark . 0 - _ *)"
        );
        assert_eq!(describe(Alphabet::OneBased, 16), "a value 1-9 or A-G");
        assert_eq!(describe(Alphabet::ZeroBased, 16), "a value 0-9 or A-F");
        assert_eq!(describe(Alphabet::Letters, 25), "a letter A-Y");
        assert_eq!(
            ambiguity(&[Alphabet::OneBased, Alphabet::ZeroBased], 16),
            "the cells read in more than one alphabet (one-based 1-9 A-G, zero-based 0-9 A-F); \
             choose one with --alphabet"
        );
    }

    #[test]
    fn chosen_alphabets() {
        let cells = || "1..".chars();
        assert_eq!(
            choose(cells(), 9, Some(Alphabet::Numbers), None),
            Err("expected blank-separated numbers (the numbers alphabet was chosen)".to_string())
        );
        assert_eq!(
            choose(cells(), 27, Some(Alphabet::Letters), None),
            Err(
                "a 27x27 grid needs more symbols than the letters alphabet has (it writes grids \
                 up to 26x26)"
                    .to_string()
            )
        );
        assert_eq!(
            choose(cells(), 9, Some(Alphabet::ZeroBased), None),
            Ok(Alphabet::ZeroBased)
        );
        assert_eq!(choose(cells(), 9, None, None), Ok(Alphabet::OneBased));
        assert_eq!(number_cell("12", 16), Ok(12));
        assert_eq!(number_cell("-", 16), Ok(0));
        assert_eq!(
            number_cell("5a", 16),
            Err("unexpected `5a` (expected a number 0-16 or an empty-cell mark)".to_string())
        );
        assert_eq!(number_value("99999999999"), Some(u32::MAX));
    }

    #[test]
    fn alphabet_names() {
        for a in Alphabet::ALL {
            assert_eq!(parse_alphabet(alphabet_name(a)), Some(a));
        }
        assert_eq!(parse_alphabet("One_Based"), Some(Alphabet::OneBased));
        assert_eq!(parse_alphabet("hex"), None);
    }
}
