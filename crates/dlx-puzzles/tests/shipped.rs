//! The models rebuild Knuth's shipped `.dlx` files byte for byte (apart from their `|` comment
//! lines), and searching them gives the node and update counts of GOLDEN.md.
//!
//! The larger searches are slow without optimizations: they run under `cargo test --release`,
//! and the ones that take more than about ten seconds even then only with `--ignored`.

use dlx_core::{knuth, Problem, Search, Stats, Status};
use dlx_puzzles::langford::Langford;
use dlx_puzzles::polyomino::{parse_pieces, pentominoes, Board, Polyomino};
use dlx_puzzles::queens::{Order, Queens};

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

fn assert_golden(problem: &Problem, solutions: u64, nodes: u64, updates: u64) {
    let mut search = Search::new(problem);
    assert_eq!(search.count(), Status::Exhausted);
    assert_eq!(
        search.stats(),
        Stats {
            solutions,
            nodes,
            updates
        }
    );
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

#[test]
fn queens_files_are_reproduced() {
    for n in 8..=14 {
        assert_same(&queens(n), &format!("queens{n}.dlx"));
    }
    for n in [8, 10, 12] {
        assert_same(&queens_plain(n), &format!("queensplain{n}.dlx"));
    }
}

#[test]
fn langford_files_are_reproduced() {
    for n in [3, 4, 7, 8, 11, 12] {
        assert_same(&langford(n), &format!("langford{n}.dlx"));
    }
}

#[test]
fn pentomino_files_are_reproduced() {
    assert_same(&pento(3, 20, None), "pento3x20.dlx");
    assert_same(&pento(4, 15, None), "pento4x15.dlx");
    assert_same(&pento(5, 12, None), "pento5x12.dlx");
    assert_same(&pento(6, 10, None), "pento6x10.dlx");
    assert_same(&pento(6, 10, Some('X')), "pento6x10-sym.dlx");
}

#[test]
fn scott_files_are_reproduced() {
    assert_same(&scott(), "scott.dlx");
    // The 2x2 square anywhere on the full 8x8 board, after the twelve pentominoes.
    let mut pieces = pentominoes();
    pieces.extend(parse_pieces("OO\nOO\n").unwrap());
    let board = Board::rectangle(8, 8).unwrap();
    let model = Polyomino::new(board, pieces, None).unwrap();
    assert_same(model.problem(), "scott-any.dlx");
}

#[test]
fn queens_golden() {
    assert_golden(&queens(8), 92, 1_049, 16_680);
    assert_golden(&queens(9), 352, 3_440, 54_818);
    assert_golden(&queens(10), 724, 11_578, 198_264);
    assert_golden(&queens_plain(8), 92, 1_199, 21_375);
    assert_golden(&queens_plain(10), 724, 16_448, 312_964);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow without optimizations: use --release")]
fn queens_golden_large() {
    assert_golden(&queens(11), 2_680, 45_393, 783_140);
    assert_golden(&queens(12), 14_200, 211_716, 3_594_752);
    assert_golden(&queens(13), 73_712, 1_046_319, 17_463_157);
    assert_golden(&queens(14), 365_596, 5_474_542, 91_497_926);
    assert_golden(&queens_plain(12), 14_200, 327_813, 6_285_452);
}

#[test]
fn langford_golden() {
    assert_golden(&langford(3), 2, 7, 49);
    assert_golden(&langford(4), 2, 18, 184);
    assert_golden(&langford(7), 52, 607, 8_339);
    assert_golden(&langford(8), 300, 2_789, 37_241);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow without optimizations: use --release")]
fn langford_golden_large() {
    assert_golden(&langford(11), 35_584, 439_747, 5_974_979);
    assert_golden(&langford(12), 216_288, 2_831_065, 38_673_459);
}

#[test]
fn pento3x20_golden() {
    assert_golden(&pento(3, 20, None), 8, 32_978, 10_986_975);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow without optimizations: use --release")]
fn pento4x15_golden() {
    assert_golden(&pento(4, 15, None), 1_472, 852_893, 279_621_691);
}

#[test]
#[ignore = "takes about 10 s even with --release"]
fn pento5x12_golden() {
    assert_golden(&pento(5, 12, None), 4_040, 2_295_156, 770_490_101);
}

#[test]
#[ignore = "takes about 15 s even with --release"]
fn pento6x10_golden() {
    assert_golden(&pento(6, 10, None), 9_356, 3_637_261, 1_242_377_480);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow without optimizations: use --release")]
fn pento6x10_sym_golden() {
    assert_golden(&pento(6, 10, Some('X')), 2_339, 909_153, 310_816_489);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow without optimizations: use --release")]
fn scott_golden() {
    assert_golden(&scott(), 520, 293_045, 102_179_915);
}
