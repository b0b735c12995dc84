//! Test helpers: reading the small sample files without the text formats.

#![allow(dead_code)]

use std::path::PathBuf;

/// The path of a file in `tests/data`.
pub fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// The lines of a data file, without blank lines and `#` comments.
pub fn lines(name: &str) -> Vec<String> {
    let path = data(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .map(str::trim_end)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// Cells from text: `.`, `0`, `-` for empty; digits `1`-`9` up to 9x9, letters `A`.. for 1.. above.
pub fn cells(text: &str, size: usize) -> Vec<u16> {
    let cells: Vec<u16> = text
        .chars()
        .map(|ch| match ch {
            '.' | '-' => 0,
            '0'..='9' if size <= 9 => ch.to_digit(10).unwrap() as u16,
            'A'..='Z' if size > 9 => (ch as u8 - b'A' + 1) as u16,
            _ => panic!("unexpected cell `{ch}`"),
        })
        .collect();
    assert_eq!(cells.len(), size * size, "wrong number of cells in {text}");
    cells
}

/// Region ids from a layout string, one symbol per cell.
pub fn layout(text: &str) -> Vec<u16> {
    text.chars().map(|ch| ch as u16).collect()
}

pub mod grids;

/// The puzzle with every third empty cell filled in from its known solution: hard puzzles made
/// easy enough for the slower paths.
pub fn with_clues_from(givens: &[u16], solution: &[u16]) -> Vec<u16> {
    givens
        .iter()
        .zip(solution)
        .enumerate()
        .map(|(k, (&g, &s))| if g == 0 && k % 3 == 0 { s } else { g })
        .collect()
}
