//! Jigsaw region layouts written as text: one symbol per cell (letters or digits, equal symbol
//! = same region), as a line of `n * n` symbols or as `n` lines of `n`; numbered `0..n` by first
//! appearance.

use dlx_core::quote::{quote, quote_char};
use std::collections::HashMap;
use std::fmt::Display;

use super::error::FormatError;
use super::exact_root;
use super::row::{is_blank, is_comment, is_separator};
use crate::plural::plural;
use crate::sudoku::shape::{flood, number_by_first_appearance};

/// Numbers region labels `0..` by first appearance and checks that they make `n` regions of `n`
/// cells; on failure, the index of the cell to blame and the message.
pub(crate) fn normalize<K>(labels: &[K], n: usize) -> Result<Vec<u16>, (usize, String)>
where
    K: Eq + Display,
{
    if labels.len() != n * n {
        return Err((
            labels.len().min(n * n),
            format!(
                "expected {} region symbols ({n} regions of {n} cells), found {}",
                n * n,
                labels.len()
            ),
        ));
    }
    let (regions, firsts) = number_by_first_appearance(labels, n).map_err(|cell| {
        let message = format!(
            "expected {n} regions, found more: {} is region symbol number {}",
            quote(&labels[cell].to_string()),
            n + 1
        );
        (cell, message)
    })?;
    if firsts.len() < n {
        return Err((0, format!("expected {n} regions, found {}", firsts.len())));
    }
    let mut sizes = vec![0usize; n];
    for &r in &regions {
        sizes[usize::from(r)] += 1;
    }
    if let Some((region, &size)) = sizes.iter().enumerate().find(|(_, &s)| s != n) {
        let first = firsts[region];
        return Err((
            first,
            format!(
                "region {} has {} (expected {n})",
                quote(&labels[first].to_string()),
                plural(size, "cell")
            ),
        ));
    }
    Ok(regions)
}

/// Whether every region of a layout (regions `0..n` of an `n`-sided grid) is orthogonally
/// connected.
pub(crate) fn is_connected(regions: &[u16], n: usize) -> bool {
    if regions.len() != n * n {
        return false;
    }
    let mut seen = vec![false; regions.len()];
    let mut reached_regions = vec![false; n];
    let mut stack = Vec::new();
    for start in 0..regions.len() {
        if seen[start] {
            continue;
        }
        let region = usize::from(regions[start]);
        if region >= n || reached_regions[region] {
            return false;
        }
        reached_regions[region] = true;
        flood(regions, n, start, &mut seen, &mut stack);
    }
    true
}

/// A layout that is certainly meant as one: `n` regions of `n` cells, each connected. Used to
/// recognise a layout written after a puzzle (a solution grid never passes: its symbols are
/// never orthogonally adjacent).
pub(crate) fn strict<K>(labels: &[K], n: usize) -> Option<Vec<u16>>
where
    K: Eq + Display,
{
    normalize(labels, n)
        .ok()
        .filter(|regions| is_connected(regions, n))
}

/// Whether some row of an `n`-sided grid of symbols repeats a symbol: a field of `n * n` letters
/// and digits after a puzzle that does is meant as a layout (a solution grid never does).
pub(crate) fn repeats_in_a_row(symbols: &[u8], n: usize) -> bool {
    symbols.chunks(n.max(1)).any(|row| {
        let mut seen = [false; 256];
        row.iter()
            .any(|&b| std::mem::replace(&mut seen[usize::from(b)], true))
    })
}

/// The region labels of one line of a layout: blank-separated tokens if it has blanks, else
/// its characters; `|` is decoration. Each label comes with its 1-based column.
pub(crate) fn labels_of(text: &str) -> Vec<(String, usize)> {
    let spaced = text.trim().contains(char::is_whitespace);
    let mut labels = Vec::new();
    let mut current: Option<(String, usize)> = None;
    for (index, ch) in text.chars().enumerate() {
        let column = index + 1;
        if ch.is_whitespace() || ch == '|' {
            labels.extend(current.take());
        } else if spaced {
            match &mut current {
                Some((label, _)) => label.push(ch),
                None => current = Some((ch.to_string(), column)),
            }
        } else {
            labels.push((ch.to_string(), column));
        }
    }
    labels.extend(current);
    labels
}

/// Reads a jigsaw layout given on its own (e.g. the file of `--regions FILE`): either one line
/// of `n * n` region symbols, or `n` lines of `n` symbols (optionally blank-separated, with `|`
/// and rule lines as decoration; symbols are letters, digits or, when blank-separated, numbers).
/// Blank lines and `#` comments are skipped. Returns the region of each cell, row by row,
/// numbered `0..n` by first appearance. Checks that there are `n` regions of `n` cells; whether
/// each region is connected is left to the shape.
pub fn read_layout(text: &str) -> Result<Vec<u16>, FormatError> {
    let mut rows: Vec<(usize, Vec<(String, usize)>)> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if is_blank(line) || is_comment(line) || is_separator(line, true) {
            continue;
        }
        let labels = labels_of(line);
        if let Some((label, column)) = labels
            .iter()
            .find(|(label, _)| !label.chars().all(|c| c.is_ascii_alphanumeric()))
        {
            let bad = label
                .chars()
                .find(|c| !c.is_ascii_alphanumeric())
                .unwrap_or('?');
            let offset = label
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .count();
            return Err(FormatError::new(
                number,
                column + offset,
                format!(
                    "unexpected character {} (expected a region symbol: a letter or a digit)",
                    quote_char(bad)
                ),
            ));
        }
        rows.push((number, labels));
    }
    let end_line = text.lines().count() + 1;
    let Some(first) = rows.first() else {
        return Err(FormatError::new(
            end_line,
            1,
            "expected a region layout, found no symbols",
        ));
    };
    let n = if rows.len() == 1 {
        let m = first.1.len();
        let Some(root) = exact_root(m) else {
            return Err(FormatError::new(
                first.0,
                1,
                format!("expected n x n region symbols in one line, found {m} (not a square)"),
            ));
        };
        root
    } else {
        rows.len()
    };
    if rows.len() > 1 {
        for (number, labels) in &rows {
            if labels.len() != n {
                let column = labels
                    .get(n)
                    .map_or_else(|| line_width(text, *number) + 1, |l| l.1);
                return Err(FormatError::new(
                    *number,
                    column,
                    format!(
                        "expected {n} region symbols in each of the {n} lines, found {}",
                        labels.len()
                    ),
                ));
            }
        }
    }
    let places: Vec<(usize, usize)> = rows
        .iter()
        .flat_map(|(number, labels)| labels.iter().map(move |l| (*number, l.1)))
        .collect();
    let labels: Vec<String> = rows
        .into_iter()
        .flat_map(|(_, labels)| labels.into_iter().map(|l| l.0))
        .collect();
    normalize(&labels, n).map_err(|(cell, message)| {
        let (line, column) = places.get(cell).copied().unwrap_or((end_line, 1));
        FormatError::new(line, column, message)
    })
}

/// The width in characters of line `number` (1-based) of `text`.
fn line_width(text: &str, number: usize) -> usize {
    text.lines()
        .nth(number - 1)
        .map_or(0, |l| l.trim_end().chars().count())
}

#[cfg(test)]
mod tests {
    use super::*;

    const ISS: &str =
        "000000021453303021453333221453322221455566121445666111445566667488887777888887777";

    #[test]
    fn normalizes_by_first_appearance() {
        let labels: Vec<char> = "bbaa".chars().collect();
        assert_eq!(normalize(&labels, 2), Ok(vec![0, 0, 1, 1]));
        let regions = read_layout(ISS).unwrap();
        assert_eq!(&regions[..9], &[0, 0, 0, 0, 0, 0, 0, 1, 2]);
        assert!(is_connected(&regions, 9));
    }

    #[test]
    fn reads_blocks_of_symbols_and_numbers() {
        let block = "# a 4x4 layout\n1 1 | 2 2\n1 1 | 2 2\n-----+----\n3 3 | 4 4\n\n3 3 | 4 4\n";
        assert_eq!(
            read_layout(block).unwrap(),
            vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]
        );
        let plain = "AABB\nAABB\nCCDD\nCCDD";
        assert_eq!(read_layout(plain).unwrap(), read_layout(block).unwrap());
        let numbers = "10 10 11 11\n10 10 11 11\n12 12 13 13\n12 12 13 13\n";
        assert_eq!(read_layout(numbers).unwrap(), read_layout(block).unwrap());
    }

    #[test]
    fn errors_carry_positions() {
        for (text, message) in [
            (
                "AABB\nAABB\nCCDD\nCCDE",
                "line 4, column 4: expected 4 regions, found more: `E` is region symbol number 5",
            ),
            (
                "AABB\nAABB\nCCCD\nCCDD",
                "line 3, column 1: region `C` has 5 cells (expected 4)",
            ),
            (
                "AABB\nAAB\nCCDD\nCCDD",
                "line 2, column 4: expected 4 region symbols in each of the 4 lines, found 3",
            ),
            (
                "AAB.",
                "line 1, column 4: unexpected character `.` (expected a region symbol: a letter or a digit)",
            ),
            (
                "AABBB",
                "line 1, column 1: expected n x n region symbols in one line, found 5 (not a square)",
            ),
            (
                "# nothing\n",
                "line 2, column 1: expected a region layout, found no symbols",
            ),
        ] {
            assert_eq!(read_layout(text).unwrap_err().to_string(), message, "{text}");
        }
    }

    #[test]
    fn connectivity() {
        assert!(is_connected(&[0, 0, 1, 1], 2));
        assert!(!is_connected(&[0, 1, 1, 0], 2));
        assert!(!is_connected(&[0, 5, 1, 1], 2));
    }

    #[test]
    fn solution_grids_are_never_layouts() {
        let solution: Vec<char> = "1234341221434321".chars().collect();
        assert!(normalize(&solution, 4).is_ok());
        assert!(strict(&solution, 4).is_none());
        assert!(!repeats_in_a_row(b"1234341221434321", 4));
        assert!(repeats_in_a_row(b"1122112233443344", 4));
    }
}

/// Reads cell sets given as a picture (e.g. the file of `--extra FILE`): one symbol per cell, row
/// by row, blanks ignored, `#` comment lines skipped; `.` marks a cell in no set, and cells with
/// the same symbol form one set. Returns the sets in the order their symbols first appear.
pub fn read_cell_sets(text: &str) -> Result<Vec<Vec<usize>>, FormatError> {
    let mut sets: Vec<Vec<usize>> = Vec::new();
    let mut ids: HashMap<char, usize> = HashMap::new();
    let mut cell = 0;
    for (index, line) in text.lines().enumerate() {
        if is_comment(line) {
            continue;
        }
        for (column, symbol) in line.chars().enumerate() {
            if symbol.is_whitespace() {
                continue;
            }
            if symbol != '.' {
                if !symbol.is_ascii_alphanumeric() {
                    return Err(FormatError::new(
                        index + 1,
                        column + 1,
                        format!(
                            "unexpected {} (expected a letter or digit naming a set, or `.`)",
                            quote_char(symbol)
                        ),
                    ));
                }
                let next = sets.len();
                let id = *ids.entry(symbol).or_insert(next);
                if id == next {
                    sets.push(Vec::new());
                }
                sets[id].push(cell);
            }
            cell += 1;
        }
    }
    if sets.is_empty() {
        let line = text.lines().count().max(1);
        return Err(FormatError::new(
            line,
            1,
            "no cell set (expected cells marked with a letter or digit)",
        ));
    }
    Ok(sets)
}

#[cfg(test)]
mod cell_set_tests {
    use super::read_cell_sets;

    #[test]
    fn reads_sets_by_symbol_and_skips_dots_and_comments() {
        let sets = read_cell_sets("# two sets\na.b\n.a b\n").unwrap();
        assert_eq!(sets, [vec![0, 4], vec![2, 5]]);
        let error = read_cell_sets("a.\n.!\n").unwrap_err();
        assert_eq!((error.line, error.column), (2, 2));
        assert!(read_cell_sets("...\n").is_err());
    }
}
