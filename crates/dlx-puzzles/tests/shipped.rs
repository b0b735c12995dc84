//! The models rebuild Knuth's shipped `.dlx` files byte for byte (apart from their `|` comment
//! lines), and searching them gives the node and update counts of GOLDEN.md.
//!
//! The larger searches are slow without optimizations: they run under `cargo test --release`,
//! and the ones that take more than about ten seconds even then only with `--ignored`.

use std::ops::Range;

use dlx_core::{knuth, Problem};
use dlx_puzzles::langford::Langford;
use dlx_puzzles::polyomino::{parse_pieces, pentominoes, Board, Polyomino};
use dlx_puzzles::queens::{Order, Queens};
use dlx_test_support::golden;

/// A shipped file without its comment lines.
fn shipped(file: &str) -> String {
    let path = format!(
        "{}/../dlx-core/tests/data/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|line| !line.starts_with('|'))
        .map(|line| format!("{line}\n"))
        .collect()
}

fn assert_same(problem: &Problem, file: &str) {
    let written = knuth::write(problem);
    let expected = shipped(file);
    if written != expected {
        let line = written
            .lines()
            .zip(expected.lines())
            .position(|(a, b)| a != b)
            .map_or_else(|| "the length".to_string(), |k| format!("line {}", k + 1));
        panic!("{file}: the generated problem differs at {line}");
    }
}

fn queens(n: usize) -> Problem {
    Queens::new(n, Order::OrganPipe).unwrap().problem().clone()
}

fn queens_plain(n: usize) -> Problem {
    Queens::new(n, Order::Plain).unwrap().problem().clone()
}

fn langford(n: usize) -> Problem {
    Langford::new(n).unwrap().problem().clone()
}

fn pento(rows: usize, cols: usize, restrict: Option<char>) -> Problem {
    let board = Board::rectangle(rows, cols).unwrap();
    Polyomino::new(board, pentominoes(), restrict)
        .unwrap()
        .problem()
        .clone()
}

const SCOTT: &str =
    "########\n########\n########\n###..###\n###..###\n########\n########\n########\n";

fn scott() -> Problem {
    let board = Board::parse(SCOTT).unwrap();
    Polyomino::new(board, pentominoes(), None)
        .unwrap()
        .problem()
        .clone()
}

/// Every shipped file a model rebuilds, with the model's problem.
fn models() -> Vec<(String, Problem)> {
    let mut models = Vec::new();
    for n in 8..=14 {
        models.push((format!("queens{n}.dlx"), queens(n)));
    }
    for n in [8, 10, 12] {
        models.push((format!("queensplain{n}.dlx"), queens_plain(n)));
    }
    for n in [3, 4, 7, 8, 11, 12] {
        models.push((format!("langford{n}.dlx"), langford(n)));
    }
    for (rows, cols) in [(3, 20), (4, 15), (5, 12), (6, 10)] {
        models.push((format!("pento{rows}x{cols}.dlx"), pento(rows, cols, None)));
    }
    models.push(("pento6x10-sym.dlx".to_string(), pento(6, 10, Some('X'))));
    models.push(("scott.dlx".to_string(), scott()));
    // The 2x2 square anywhere on the full 8x8 board, after the twelve pentominoes.
    let mut pieces = pentominoes();
    pieces.extend(parse_pieces("OO\nOO\n").unwrap());
    let board = Board::rectangle(8, 8).unwrap();
    let model = Polyomino::new(board, pieces, None).unwrap();
    models.push(("scott-any.dlx".to_string(), model.problem().clone()));
    models
}

#[test]
fn every_file_is_reproduced() {
    for (file, problem) in models() {
        assert_same(&problem, &file);
    }
}

/// Searches every model whose updates GOLDEN.md puts in `updates`, checking its figures;
/// returns how many it searched.
fn assert_golden(updates: Range<u64>) -> usize {
    let mut searched = 0;
    for (file, problem) in models() {
        let figures = golden::of(&file);
        if figures.updates.is_some_and(|u| updates.contains(&u)) {
            golden::check(&problem, figures);
            searched += 1;
        }
    }
    searched
}

/// Searches of more updates than this are slow without optimizations.
const SLOW: u64 = 11_000_000;

/// Searches of more updates than this take more than about ten seconds even with them.
const VERY_SLOW: u64 = 500_000_000;

#[test]
fn golden_figures() {
    assert_eq!(assert_golden(0..SLOW), 14);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow without optimizations: use --release")]
fn golden_figures_slow() {
    assert_eq!(assert_golden(SLOW..VERY_SLOW), 6);
}

#[test]
#[ignore = "takes about 25 s even with --release"]
fn golden_figures_very_slow() {
    assert_eq!(assert_golden(VERY_SLOW..u64::MAX), 2);
}
