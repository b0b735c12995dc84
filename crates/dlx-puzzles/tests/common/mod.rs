//! Test helpers: reading the small sample files without the text formats.

#![allow(dead_code)]

use std::path::PathBuf;

use dlx_puzzles::sudoku::{validate, Shape, Solver, Verdict};

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

/// Cells from text: `.`, `0`, `-`, `_` for empty; digits `1`-`9` up to 9x9, letters `A`.. for 1.. above.
pub fn cells(text: &str, size: usize) -> Vec<u16> {
    let cells: Vec<u16> = text
        .chars()
        .map(|ch| match ch {
            '.' | '-' | '_' => 0,
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
pub mod steps;
pub mod variants;

/// The rows of a tab-separated data file, without the header.
pub fn tsv(name: &str) -> Vec<Vec<String>> {
    lines(name)
        .iter()
        .map(|line| line.split('\t').map(str::to_string).collect())
        .collect()
}

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

/// The shape of a row of `variants.tsv`, from its variant column.
pub fn variant_shape(variant: &str, size: usize) -> Shape {
    let standard = Shape::standard(size).unwrap();
    if let Some((_, text)) = variant.split_once("extra regions = ") {
        // One extra region per symbol.
        let layout = layout(text.trim());
        let mut symbols = layout.clone();
        symbols.sort_unstable();
        symbols.dedup();
        return symbols.iter().fold(standard, |shape, &symbol| {
            let cells: Vec<usize> = (0..layout.len()).filter(|&k| layout[k] == symbol).collect();
            shape.with_extra(&cells).unwrap()
        });
    }
    let x = variant.starts_with("X");
    let windoku = variant.contains("Windoku");
    let shape = if x {
        standard.with_diagonals()
    } else {
        standard
    };
    if windoku {
        shape.with_windows().unwrap()
    } else {
        shape
    }
}

/// Checks that two solvers of one shape give the same verdict for `givens` (the same solution
/// when it is unique, and a valid one whenever there is one), or the same error.
pub fn assert_same_check(fast: &mut Solver, general: &mut Solver, givens: &[u16], what: &str) {
    let (a, b) = (fast.check(givens), general.check(givens));
    match (&a, &b) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a.verdict, b.verdict, "{what}");
            if a.verdict == Verdict::Unique {
                assert_eq!(a.solution, b.solution, "{what}");
            }
            if let Some(solution) = &a.solution {
                validate(fast.shape(), givens, solution).unwrap();
            }
        }
        _ => assert_eq!(a, b, "{what}"),
    }
}
