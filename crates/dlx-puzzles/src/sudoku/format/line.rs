//! The line format: one puzzle per line, `n * n` cells, with optional fields around the grid
//! (a size before it, a region layout, a solution, ratings, ids or comments after it).

use crate::sudoku::Alphabet;
use dlx_core::quote::quote;

use super::alphabet::{
    capacity, choose, decode, decode_bytes, guess, guess_used, number_cell, unexpected, Guess, Used,
};
use super::error::FormatError;
use super::layout::{normalize, repeats_in_a_row, strict};
use super::memory::Memory;
use super::row::{cell_run, split_numbers};
use super::{exact_root, ReadOptions, MAX_CHAR_SIDE};

/// A puzzle read from one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Parsed {
    /// Grid side.
    pub(crate) size: usize,
    /// Cells, row by row, `0` empty.
    pub(crate) cells: Vec<u16>,
    /// The alphabet the cells were read in.
    pub(crate) alphabet: Alphabet,
    /// A region layout written on the same line.
    pub(crate) regions: Option<Vec<u16>>,
}

/// One field of a line, with its 1-based column.
#[derive(Clone, Copy, Debug)]
struct Field<'a> {
    text: &'a str,
    column: usize,
}

/// The fields of a line: split at tabs when it has any (names may hold blanks), else at blanks.
fn fields(text: &str) -> Vec<Field<'_>> {
    let tabbed = is_tabbed(text);
    let is_gap = |c: char| if tabbed { c == '\t' } else { c.is_whitespace() };
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut column = 0;
    for (byte, ch) in text.char_indices() {
        column += 1;
        if is_gap(ch) {
            if let Some((b, c)) = start.take() {
                push_field(&mut out, &text[b..byte], c);
            }
        } else if start.is_none() {
            start = Some((byte, column));
        }
    }
    if let Some((b, c)) = start {
        push_field(&mut out, &text[b..], c);
    }
    out
}

/// Whether a line is a tab-separated table row.
fn is_tabbed(text: &str) -> bool {
    text.trim().contains('\t')
}

/// Adds a field without its surrounding blanks.
fn push_field<'a>(out: &mut Vec<Field<'a>>, raw: &'a str, column: usize) {
    let lead = raw.chars().take_while(|c| c.is_whitespace()).count();
    let text = raw.trim();
    if !text.is_empty() {
        out.push(Field {
            text,
            column: column + lead,
        });
    }
}

/// Where the grid of a line is: field index, number of cells, side.
struct Grid {
    field: usize,
    cells: usize,
    size: usize,
}

/// Finds the grid among the fields of a line.
///
/// - A field holding a number `N` (up to 3 digits) followed by a field of exactly `N * N` cells
///   gives the size (`4 GIVENS REGIONS ...`, or a size column in tab-separated tables).
/// - Otherwise the grid is the first field that starts with `n * n` cell characters (`n` from 1
///   to 36; a grid of fewer than 16 cells only when it is the only field), followed by the end
///   of the field or a character that is not a cell (`...#comment`).
/// - Fields before it are skipped if they are short (ids, hashes) or hold other characters
///   (names); a field of 16 or more cell characters that is not a grid is reported as one, and
///   so is a first field of `n * n` characters where one is not a cell character.
fn find_grid(
    fields: &[Field],
    tabbed: bool,
    want: Option<usize>,
    usual: Option<usize>,
) -> Result<Grid, (usize, String)> {
    for (i, field) in fields.iter().enumerate() {
        let t = field.text;
        if t.len() <= 3 && t.bytes().all(|b| b.is_ascii_digit()) {
            let side: usize = t.parse().unwrap_or(0);
            if let Some(next) = fields.get(i + 1) {
                let run = cell_run(next.text);
                if (1..=MAX_CHAR_SIDE).contains(&side) && run == side * side && fits(want, run) {
                    return Ok(Grid {
                        field: i + 1,
                        cells: run,
                        size: side,
                    });
                }
            }
        }
        let run = cell_run(t);
        let whole = run == t.len();
        if let Some(n) = exact_root(run).filter(|n| (1..=MAX_CHAR_SIDE).contains(n)) {
            if fits(want, run) && (n >= 4 || want == Some(run) || (fields.len() == 1 && whole)) {
                return Ok(Grid {
                    field: i,
                    cells: run,
                    size: n,
                });
            }
        }
        let total = t.chars().count();
        if !tabbed && !whole && (i == 0 || run >= 16) {
            let side =
                exact_root(total).filter(|n| (2..=MAX_CHAR_SIDE).contains(n) && fits(want, total));
            if let (Some(n), Some(bad)) = (side, t[run..].chars().next()) {
                let alphabet = match guess(t[..run].chars(), n, None) {
                    Guess::Found(a) | Guess::Unreadable(a) => a,
                    Guess::Ambiguous(all) => all[0],
                };
                return Err((field.column + run, unexpected(bad, alphabet, n)));
            }
        }
        if run >= 16 {
            return Err(count_error(field.column, run, want, usual));
        }
    }
    let first = fields.first().map_or("", |f| f.text);
    let found = cell_run(first);
    let expected = want.or(usual.map(|n| n * n));
    Err((
        fields.first().map_or(1, |f| f.column),
        match expected {
            Some(e) if found > 0 => format!("expected {e} cells, found {found}"),
            _ => format!(
                "expected a puzzle (n x n cells in one line, or n lines of n cells), found {}",
                quote(first)
            ),
        },
    ))
}

/// Whether `value` is the one asked for, if one is.
fn fits(want: Option<usize>, value: usize) -> bool {
    want.is_none() || want == Some(value)
}

/// The error for a grid of `found` cells starting at `column`: the count expected (the one
/// asked for, that of earlier puzzles, or the nearest square) and the column where the grid
/// goes wrong.
pub(crate) fn count_error(
    column: usize,
    found: usize,
    want: Option<usize>,
    usual: Option<usize>,
) -> (usize, String) {
    if fits(want, found) {
        if let Some(n) = exact_root(found).filter(|&n| n > MAX_CHAR_SIDE) {
            return (
                column,
                format!(
                    "a {n}x{n} grid has more values than one character per cell can write \
                     (at most {MAX_CHAR_SIDE}x{MAX_CHAR_SIDE}); write its cells as blank-separated numbers"
                ),
            );
        }
    }
    let expected = want
        .or(usual.map(|n| n * n))
        .unwrap_or_else(|| nearest_square(found));
    let at = column + found.min(expected);
    (at, format!("expected {expected} cells, found {found}"))
}

/// The square closest to `m` (the larger on a tie).
fn nearest_square(m: usize) -> usize {
    let mut root = 1;
    while (root + 1) * (root + 1) <= m {
        root += 1;
    }
    let (low, high) = (root * root, (root + 1) * (root + 1));
    if m - low < high - m {
        low
    } else {
        high
    }
}

/// Whether `n * n` symbols after a grid are meant as its region layout rather than a solution:
/// some row repeats a symbol, or the symbols make `n` connected regions of `n` cells (as the
/// columns do, whose rows repeat nothing). A solution does neither: its equal symbols never
/// share a row nor touch.
fn names_regions(symbols: &str, n: usize) -> bool {
    repeats_in_a_row(symbols.as_bytes(), n) || {
        let labels: Vec<char> = symbols.chars().collect();
        strict(&labels, n).is_some()
    }
}

/// A line that is nothing but a grid of `n * n` cell characters, `n` from 7 to 36 (more cells
/// than a block row can have): the common case of large files, which every step of the general
/// reading takes as one line puzzle, recognised here with one pass over its bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bare {
    /// The grid side.
    pub(crate) n: usize,
    /// The characters the line uses.
    used: Used,
}

/// The line as a [`Bare`] grid, if it is one.
pub(crate) fn bare(text: &str, options: &ReadOptions) -> Option<Bare> {
    let len = text.len();
    if options.alphabet == Some(Alphabet::Numbers) || len <= MAX_CHAR_SIDE {
        return None;
    }
    let n = exact_root(len).filter(|&n| n <= MAX_CHAR_SIDE)?;
    if !fits(options.size.map(|s| s * s), len) {
        return None;
    }
    let used = Used::of_bytes(text.as_bytes());
    used.only_cells().then_some(Bare { n, used })
}

/// Reads a line of characters (the caller has ruled out blank, comment and JSON lines).
pub(crate) fn parse(
    text: &str,
    line: usize,
    options: &ReadOptions,
    memory: &Memory,
) -> Result<Parsed, FormatError> {
    match bare(text, options) {
        Some(grid) => parse_bare(text, grid, line, options, memory, Vec::new()),
        None => parse_fields(text, line, options, memory),
    }
}

/// Reads the line `text`, which is the [`Bare`] grid `grid`: in one pass when a single alphabet
/// reads every cell (into `cells`, a buffer to reuse), else the general way (which reports what
/// is wrong).
pub(crate) fn parse_bare(
    text: &str,
    grid: Bare,
    line: usize,
    options: &ReadOptions,
    memory: &Memory,
    cells: Vec<u16>,
) -> Result<Parsed, FormatError> {
    let n = grid.n;
    let alphabet = match options.alphabet {
        Some(a) => Some(a).filter(|a| n <= capacity(*a)),
        None => guess_used(grid.used, n, memory.alphabet(n)),
    };
    let decoded = alphabet.and_then(|a| Some((a, decode_bytes(text.as_bytes(), a, n, cells)?)));
    match decoded {
        Some((alphabet, cells)) => Ok(Parsed {
            size: n,
            cells,
            alphabet,
            regions: None,
        }),
        None => read_grid(Field { text, column: 1 }, n, None, line, options, memory),
    }
}

/// Reads a line of characters by its fields: the grid among them, and what surrounds it.
fn parse_fields(
    text: &str,
    line: usize,
    options: &ReadOptions,
    memory: &Memory,
) -> Result<Parsed, FormatError> {
    let fields = fields(text);
    let want = options.size.map(|s| s * s);
    let usual = memory.last().map(|(_, n)| n);
    let grid = find_grid(&fields, is_tabbed(text), want, usual)
        .map_err(|(column, message)| FormatError::new(line, column, message))?;
    let field = fields[grid.field];
    let cells = Field {
        text: &field.text[..grid.cells],
        column: field.column,
    };
    read_grid(
        cells,
        grid.size,
        fields.get(grid.field + 1).copied(),
        line,
        options,
        memory,
    )
}

/// Reads the grid of side `n` in `cells`, and a region layout from the `next` field if it holds
/// one.
fn read_grid(
    cells: Field,
    n: usize,
    next: Option<Field>,
    line: usize,
    options: &ReadOptions,
    memory: &Memory,
) -> Result<Parsed, FormatError> {
    let positioned = cells
        .text
        .chars()
        .enumerate()
        .map(|(i, ch)| (ch, cells.column + i));
    let alphabet = choose(cells.text.chars(), n, options.alphabet, memory.alphabet(n))
        .map_err(|message| FormatError::new(line, cells.column, message))?;
    let values = decode(positioned, alphabet, n)
        .map_err(|(column, message)| FormatError::new(line, column, message))?;
    let regions = match next {
        Some(next)
            if next.text.len() == n * n
                && next.text.bytes().all(|b| b.is_ascii_alphanumeric())
                && names_regions(next.text, n) =>
        {
            let labels: Vec<char> = next.text.chars().collect();
            Some(normalize(&labels, n).map_err(|(cell, message)| {
                FormatError::new(
                    line,
                    next.column + cell,
                    format!("in the region layout: {message}"),
                )
            })?)
        }
        _ => None,
    };
    Ok(Parsed {
        size: n,
        cells: values,
        alphabet,
        regions,
    })
}

/// Reads a line of `n * n` blank-separated numbers (`0` or a mark for empty).
pub(crate) fn parse_numbers(
    text: &str,
    line: usize,
    options: &ReadOptions,
    memory: &Memory,
) -> Result<Parsed, FormatError> {
    let row = split_numbers(text);
    let m = row.cells.len();
    let want = options.size.map(|s| s * s);
    let n = match exact_root(m).filter(|_| fits(want, m)) {
        Some(n) if n >= 1 => n,
        _ => {
            let usual = memory.last().map(|(_, n)| n);
            let expected = want
                .or(usual.map(|n| n * n))
                .unwrap_or_else(|| nearest_square(m));
            let column = match row.cells.get(expected) {
                Some(t) => t.column,
                None => text.chars().count() + 1,
            };
            return Err(FormatError::new(
                line,
                column,
                format!("expected {expected} numbers, found {m}"),
            ));
        }
    };
    let cells = row
        .cells
        .iter()
        .map(|t| {
            number_cell(&text[t.start..t.end], n)
                .map_err(|message| FormatError::new(line, t.column, message))
        })
        .collect::<Result<Vec<u16>, FormatError>>()?;
    Ok(Parsed {
        size: n,
        cells,
        alphabet: Alphabet::Numbers,
        regions: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::format::alphabet::symbol;

    proptest::proptest! {
        #[test]
        fn bare_lines_read_as_their_fields_say(
            n in 7usize..=36,
            seed in proptest::collection::vec(0usize..40, 1296),
        ) {
            // Cell characters of every kind: digits, letters in both cases, empty marks.
            let symbols = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcz.-_*";
            let text: String = seed[..n * n]
                .iter()
                .map(|&k| char::from(symbols[k % symbols.len()]))
                .collect();
            let options = ReadOptions::default();
            let memory = Memory::default();
            proptest::prop_assert_eq!(bare(&text, &options).map(|b| b.n), Some(n));
            proptest::prop_assert_eq!(
                parse(&text, 1, &options, &memory),
                parse_fields(&text, 1, &options, &memory)
            );
        }
    }

    proptest::proptest! {
        #[test]
        fn readable_bare_lines_read_as_their_fields_say(
            n in 7usize..=36,
            alphabet in 0usize..3,
            chosen in proptest::bool::ANY,
            remembered in proptest::option::of(0usize..3),
            seed in proptest::collection::vec((0u16..=36, 0usize..8), 1296),
        ) {
            // Grids of one alphabet, with empty cells of every mark and letters in either case,
            // read with the alphabet chosen or guessed, with or without an earlier grid's.
            let alphabets = [Alphabet::OneBased, Alphabet::ZeroBased, Alphabet::Letters];
            let a = alphabets[alphabet];
            let top = u16::try_from(n.min(capacity(a))).unwrap();
            let text: String = seed[..n * n]
                .iter()
                .map(|&(v, style)| match style {
                    0..=2 => symbol(a, v % (top + 1)),
                    3 => symbol(a, v % (top + 1)).to_ascii_lowercase(),
                    _ => ['.', '-', '_', '*', '0'][style - 4],
                })
                .map(|ch| if a == Alphabet::ZeroBased && ch == '0' { '.' } else { ch })
                .collect();
            let options = ReadOptions {
                size: None,
                alphabet: chosen.then_some(a),
            };
            let mut memory = Memory::default();
            if let Some(r) = remembered {
                memory.remember(&crate::sudoku::Puzzle {
                    size: n,
                    cells: Vec::new(),
                    shape: crate::sudoku::ShapeHint::default(),
                    layout: crate::sudoku::Layout::Line { alphabet: alphabets[r] },
                    line: 1,
                    candidates: None,
                });
            }
            let grid = bare(&text, &options);
            proptest::prop_assert!(grid.is_some());
            let by_fields = parse_fields(&text, 1, &options, &memory);
            proptest::prop_assert_eq!(&parse(&text, 1, &options, &memory), &by_fields);
            // Into a reused buffer that still holds a larger grid.
            let stale = vec![7; 36 * 36];
            let reused = parse_bare(&text, grid.unwrap(), 1, &options, &memory, stale);
            proptest::prop_assert_eq!(&reused, &by_fields);
        }
    }

    fn read(text: &str) -> Result<Parsed, String> {
        parse(text, 1, &ReadOptions::default(), &Memory::default()).map_err(|e| e.to_string())
    }

    const TOP95_1: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn a_plain_line() {
        let p = read(TOP95_1).unwrap();
        assert_eq!(p.size, 9);
        assert_eq!(p.alphabet, Alphabet::OneBased);
        assert_eq!(&p.cells[..9], &[4, 0, 0, 0, 0, 0, 8, 0, 5]);
        assert_eq!(p.regions, None);
    }

    #[test]
    fn trailing_fields_and_glued_comments() {
        let with_rating = format!("{TOP95_1}  7.2 box duplicate");
        assert_eq!(
            read(&with_rating).unwrap().cells,
            read(TOP95_1).unwrap().cells
        );
        let glued = format!("{TOP95_1}#12");
        assert_eq!(read(&glued).unwrap().cells, read(TOP95_1).unwrap().cells);
        let hashed = format!("00015097c6c3 {}  7.2", TOP95_1.replace('.', "0"));
        assert_eq!(read(&hashed).unwrap().cells, read(TOP95_1).unwrap().cells);
    }

    #[test]
    fn size_prefix_and_regions() {
        let p = read("4 1...2...3...4... 1122112233443344 1234341221434321 id nsol=1").unwrap();
        assert_eq!(p.size, 4);
        assert_eq!(
            p.regions,
            Some(vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3])
        );
        // A solution after the grid is not a layout.
        let p = read("1...2...3...4... 1234341221434321").unwrap();
        assert_eq!(p.regions, None);
        // Regions that are the columns repeat nothing in a row, but they are a layout.
        let p = read("1...2...3...4... 1234123412341234").unwrap();
        assert_eq!(
            p.regions,
            Some(vec![0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3])
        );
    }

    #[test]
    fn tab_separated_tables() {
        let p = read("ISS example \"Jigsaw\"\t4\t1...2...3...4...\t1122112233443344\tsolution")
            .unwrap();
        assert_eq!(p.size, 4);
        assert!(p.regions.is_some());
        let p = read("Test\tX (both)\t4\t1...2...3...4...").unwrap();
        assert_eq!(p.size, 4);
    }

    #[test]
    fn errors() {
        assert_eq!(
            read(&TOP95_1[1..]).unwrap_err(),
            "line 1, column 81: expected 81 cells, found 80"
        );
        assert_eq!(
            read(&format!("{TOP95_1}5 box")).unwrap_err(),
            "line 1, column 82: expected 81 cells, found 82"
        );
        assert_eq!(
            read(&TOP95_1.replace("4.....8", "4..x..8")).unwrap_err(),
            "line 1, column 4: unexpected character `x` (expected a digit 1-9 or an empty-cell mark . 0 - _ *)"
        );
        assert_eq!(
            read("end").unwrap_err(),
            "line 1, column 1: expected a puzzle (n x n cells in one line, or n lines of n cells), found `end`"
        );
        assert_eq!(
            read(&"1".repeat(1369)).unwrap_err(),
            "line 1, column 1: a 37x37 grid has more values than one character per cell can write \
             (at most 36x36); write its cells as blank-separated numbers"
        );
        // The same with the side given: the count is right, the writing is not.
        let sized = ReadOptions {
            size: Some(50),
            ..ReadOptions::default()
        };
        let err = parse(&".".repeat(2500), 1, &sized, &Memory::default()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 1: a 50x50 grid has more values than one character per cell can write \
             (at most 36x36); write its cells as blank-separated numbers"
        );
        assert_eq!(
            read("1...2...3...4... 1122112233443345").unwrap_err(),
            "line 1, column 33: in the region layout: expected 4 regions, found more: `5` is region symbol number 5"
        );
    }

    #[test]
    fn numbers_lines() {
        let options = ReadOptions::default();
        let memory = Memory::default();
        let p = parse_numbers("1 0 0 0 0 2 0 0 0 0 3 0 0 0 0 4", 1, &options, &memory).unwrap();
        assert_eq!(p.size, 4);
        assert_eq!(p.cells[5], 2);
        let err =
            parse_numbers("1 0 0 0 0 2 0 0 0 0 3 0 0 0 0 5", 1, &options, &memory).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 31: unexpected `5` (expected a number 0-4 or an empty-cell mark)"
        );
        let err = parse_numbers("1 0 0", 1, &options, &memory).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 6: expected 4 numbers, found 3"
        );
    }
}
