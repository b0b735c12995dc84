//! The specialised 9x9 path and the general exact-cover path give the same answers: verdicts,
//! solutions of unique puzzles, counts, and the same clashes.

mod common;

use common::assert_same_check;
use dlx_puzzles::sudoku::{Shape, Solver};

/// The puzzles of a file: its first 81 characters of each line that has them, but comments,
/// digits for givens and anything else for an empty cell.
fn read_puzzles(path: &str) -> Vec<Vec<u16>> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#') && line.len() >= 81)
        .map(|line| {
            line.bytes()
                .take(81)
                .map(|b| {
                    if b.is_ascii_digit() {
                        u16::from(b - b'0')
                    } else {
                        0
                    }
                })
                .collect()
        })
        .collect()
}

fn puzzles(file: &str) -> Vec<Vec<u16>> {
    read_puzzles(&format!(
        "{}/tests/data/fast9/{file}",
        env!("CARGO_MANIFEST_DIR")
    ))
}

fn solvers() -> (Solver, Solver) {
    let shape = Shape::standard(9).unwrap();
    let fast = Solver::new(shape.clone());
    assert!(fast.is_specialised());
    let general = Solver::general(shape);
    assert!(!general.is_specialised());
    (fast, general)
}

#[test]
fn both_paths_agree_on_the_samples() {
    let (mut fast, mut general) = solvers();
    for file in [
        "17_clue.txt",
        "top1465.txt",
        "forum_hardest_11.txt",
        "serg_multiple.txt",
        "invalid.txt",
    ] {
        for (k, givens) in puzzles(file).iter().enumerate() {
            assert_same_check(&mut fast, &mut general, givens, &format!("{file} #{k}"));
        }
    }
}

#[test]
fn both_paths_count_alike() {
    let (mut fast, mut general) = solvers();
    for givens in puzzles("serg_multiple.txt").iter().take(10) {
        let a = fast.count(givens, Some(50)).unwrap();
        let b = general.count(givens, Some(50)).unwrap();
        assert_eq!((a.solutions, a.capped), (b.solutions, b.capped));
    }
}

/// Every puzzle of the public sets, when `DLX_SHARED_DATA` names the shared data folder
/// (`cargo test --release -p dlx-puzzles --test paths_agree -- --ignored`).
#[test]
#[ignore = "long: needs DLX_SHARED_DATA and a release build"]
fn both_paths_agree_on_the_public_sets() {
    let Ok(dir) = std::env::var("DLX_SHARED_DATA") else {
        return;
    };
    let (mut fast, mut general) = solvers();
    for file in [
        "puzzles2_17_clue",
        "puzzles3_magictour_top1465",
        "puzzles5_forum_hardest_1905_11+",
    ] {
        for (k, givens) in read_puzzles(&format!("{dir}/puzzles/{file}"))
            .iter()
            .enumerate()
        {
            let a = fast.check(givens).unwrap();
            let b = general.check(givens).unwrap();
            assert_eq!(
                (a.verdict, &a.solution),
                (b.verdict, &b.solution),
                "{file} #{k}"
            );
        }
    }
}
