//! Value alphabets: which character stands for which value, and guessing the alphabet of a grid
//! from the characters it uses.

use crate::sudoku::Alphabet;

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

/// Whether byte `b` of a text is a whole cell character (every cell character is ASCII).
pub(crate) fn is_cell_byte(b: u8) -> bool {
    CELL_BYTES[usize::from(b)]
}

/// [`is_cell_char`] for every byte, looked up: lines of a million puzzles are scanned byte by
/// byte.
const CELL_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        table[b] = (b as u8).is_ascii_alphanumeric();
        b += 1;
    }
    let mut i = 0;
    while i < EMPTY_MARKS.len() {
        table[EMPTY_MARKS[i] as usize] = true;
        i += 1;
    }
    table
};

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
    // Every symbol is ASCII; matching on the byte keeps this per-cell step to a few compares.
    let Ok(byte) = u8::try_from(ch) else {
        return Symbol::Invalid;
    };
    match (alphabet, byte.to_ascii_uppercase()) {
        (_, b'.' | b'-' | b'_' | b'*') => Symbol::Empty,
        (Alphabet::ZeroBased, d @ b'0'..=b'9') => Symbol::Value(u16::from(d - b'0') + 1),
        (Alphabet::ZeroBased, l @ b'A'..=b'Z') => Symbol::Value(u16::from(l - b'A') + 11),
        (_, b'0') => Symbol::Empty,
        (Alphabet::OneBased | Alphabet::Numbers, d @ b'1'..=b'9') => {
            Symbol::Value(u16::from(d - b'0'))
        }
        (Alphabet::OneBased, l @ b'A'..=b'Z') => Symbol::Value(u16::from(l - b'A') + 10),
        (Alphabet::Letters, l @ b'A'..=b'Z') => Symbol::Value(u16::from(l - b'A') + 1),
        _ => Symbol::Invalid,
    }
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
        "unexpected character `{ch}` (expected {} or an empty-cell mark {})",
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
    fn of(cells: impl Iterator<Item = char>) -> Facts {
        let mut facts = Facts::default();
        for ch in cells {
            let up = ch.to_ascii_uppercase();
            if EMPTY_MARKS.contains(&ch) {
                facts.other_empty = true;
            } else if up == '0' {
                facts.zero = true;
            } else if let Some(d) = up.to_digit(10) {
                facts.digit = true;
                facts.max_digit = facts.max_digit.max(d as u16);
            } else if up.is_ascii_uppercase() {
                facts.letter = true;
                facts.max_letter = facts.max_letter.max(u16::from(up as u8 - b'A'));
            } else {
                facts.foreign = true;
            }
        }
        facts
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
    let facts = Facts::of(cells.clone());
    if !facts.has_values() {
        let default = if n <= capacity(Alphabet::OneBased) {
            Alphabet::OneBased
        } else {
            Alphabet::ZeroBased
        };
        return Guess::Found(remembered.filter(|a| n <= capacity(*a)).unwrap_or(default));
    }
    let possible: Vec<Alphabet> = GUESSED.into_iter().filter(|a| facts.fits(*a, n)).collect();
    if possible.is_empty() {
        return Guess::Unreadable(best_for_errors(cells, n, &facts));
    }
    if possible.len() == 1 {
        return Guess::Found(possible[0]);
    }
    let plausible: Vec<Alphabet> = possible
        .iter()
        .copied()
        .filter(|a| facts.plausible(*a, n))
        .collect();
    let pool = if plausible.is_empty() {
        possible
    } else {
        plausible
    };
    match remembered {
        _ if pool.len() == 1 => Guess::Found(pool[0]),
        Some(r) if pool.contains(&r) => Guess::Found(r),
        _ => Guess::Ambiguous(pool),
    }
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
    format!("unexpected `{token}` (expected a number 0-{n} or an empty-cell mark)")
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
    fn cell_bytes_are_the_cell_characters() {
        for b in 0..=255u8 {
            assert_eq!(
                is_cell_byte(b),
                b.is_ascii() && is_cell_char(char::from(b)),
                "{b}"
            );
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
        for a in [
            Alphabet::OneBased,
            Alphabet::ZeroBased,
            Alphabet::Letters,
            Alphabet::Numbers,
        ] {
            assert_eq!(parse_alphabet(alphabet_name(a)), Some(a));
        }
        assert_eq!(parse_alphabet("One_Based"), Some(Alphabet::OneBased));
        assert_eq!(parse_alphabet("hex"), None);
    }
}
