//! The logic solver's steps are sound: every placement is the solution's value, no elimination
//! removes it, and the steps reach the solution. The solution comes from the exact-cover
//! solvers, which know no technique.

mod common;

use std::collections::BTreeSet;
use std::sync::Arc;

use dlx_puzzles::sudoku::logic::{self, Board, Grid, Technique, Unit};
use dlx_puzzles::sudoku::{Shape, Solver, Verdict};

/// Applies every step of `units` from `givens`, checking each against the solution; returns
/// the techniques used and whether the solution was reached.
fn check_steps(
    shape: &Shape,
    givens: &[u16],
    units: &[Unit],
    name: &str,
) -> (BTreeSet<Technique>, bool) {
    let checked = common::steps::checked_steps(shape, givens, units)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    (checked.used, checked.solved)
}

/// The explaining units before the one named `first_left_out`.
fn explain_before(first_left_out: &str) -> &'static [Unit] {
    let end = logic::EXPLAIN
        .iter()
        .position(|u| u.name == first_left_out)
        .unwrap();
    &logic::EXPLAIN[..end]
}

/// The explaining units short of the nested chains, which a debug build runs slowly.
fn flat() -> &'static [Unit] {
    explain_before("Dynamic Forcing Chains (+)")
}

/// The explaining units short of chains.
fn chainless() -> &'static [Unit] {
    explain_before("Forcing Chains & Cycles")
}

fn classic(line: &str) -> Vec<u16> {
    common::cells(&line[..81], 9)
}

#[test]
fn steps_on_17_clue_puzzles_are_sound_and_solve() {
    let shape = Shape::standard(9).unwrap();
    for (k, line) in common::lines("17_clue.txt").iter().enumerate() {
        for units in [logic::RATE, logic::EXPLAIN] {
            let (_, solved) = check_steps(&shape, &classic(line), units, &format!("17-clue #{k}"));
            assert!(solved, "17-clue #{k} not solved");
        }
    }
}

#[test]
fn steps_on_hard_puzzles_are_sound_and_solve() {
    let shape = Shape::standard(9).unwrap();
    let mut used = BTreeSet::new();
    for (k, line) in common::lines("top1465.txt").iter().take(3).enumerate() {
        let (techniques, solved) = check_steps(
            &shape,
            &classic(line),
            logic::EXPLAIN,
            &format!("top1465 #{k}"),
        );
        assert!(solved, "top1465 #{k} not solved");
        used.extend(techniques);
    }
    // Hard puzzles need chains.
    assert!(used.iter().any(|t| t.name().contains("Chain")), "{used:?}");
}

#[test]
fn steps_on_jigsaw_and_variants_are_sound() {
    for row in common::tsv("jigsaw.tsv") {
        let size: usize = row[1].parse().unwrap();
        if size > 9 || row[5] != "verified-unique" {
            continue;
        }
        let shape = Shape::jigsaw(size, &common::layout(&row[3])).unwrap();
        check_steps(&shape, &common::cells(&row[2], size), chainless(), &row[0]);
    }
    for row in common::tsv("variants.tsv") {
        let size: usize = row[2].parse().unwrap();
        if size > 9 || row[5] != "verified-unique" {
            continue;
        }
        let shape = common::variant_shape(&row[1], size);
        check_steps(&shape, &common::cells(&row[3], size), chainless(), &row[0]);
    }
}

/// A puzzle of `shape` made from a solution by taking away givens while it stays unique, in an
/// order fixed by `seed`.
fn thinned(shape: &Shape, seed: u64) -> Vec<u16> {
    let mut solver = Solver::new(shape.clone());
    let cells = shape.cell_count();
    let mut state = seed;
    let mut next = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    // A random solution: a few random givens, then solved.
    let mut start = vec![0u16; cells];
    for _ in 0..shape.size() {
        let cell = next() % cells;
        let value = (next() % shape.size()) as u16 + 1;
        start[cell] = value;
        if solver.solve(&start).ok().flatten().is_none() {
            start[cell] = 0;
        }
    }
    let mut puzzle = solver.solve(&start).unwrap().unwrap();
    let mut order: Vec<usize> = (0..cells).collect();
    for i in (1..cells).rev() {
        order.swap(i, next() % (i + 1));
    }
    for cell in order {
        let kept = puzzle[cell];
        puzzle[cell] = 0;
        if solver.verdict(&puzzle).unwrap() != Verdict::Unique {
            puzzle[cell] = kept;
        }
    }
    puzzle
}

#[test]
fn steps_on_other_shapes_are_sound() {
    let shapes = [
        Shape::standard(4).unwrap(),
        Shape::standard(6).unwrap(),
        Shape::boxes(3, 2).unwrap(),
        Shape::standard(8).unwrap(),
        Shape::standard(9).unwrap().with_diagonals(),
        Shape::standard(9).unwrap().with_windows().unwrap(),
    ];
    for (k, shape) in shapes.iter().enumerate() {
        for seed in 0..3 {
            let givens = thinned(shape, seed * 31 + k as u64);
            let name = format!("shape #{k} seed {seed}");
            check_steps(shape, &givens, flat(), &name);
        }
    }
}

#[test]
fn a_hidden_single_is_explained_in_words() {
    let shape = Shape::standard(9).unwrap();
    let line = &common::lines("17_clue.txt")[0];
    let grid = Grid::new(Arc::new(Board::new(&shape)), &classic(line));
    let step = logic::next_step(&grid, logic::EXPLAIN).unwrap();
    assert_eq!(step.technique, Technique::HiddenSingle);
    assert!(step.text.starts_with("Hidden single: "), "{}", step.text);
    assert!(step.text.contains(" fits only r"), "{}", step.text);
}

/// The steps of `line` (its first 81 cells) by `units`, each checked sound; the words of those
/// of `technique`.
fn steps_of(line: &str, units: &[Unit], technique: Technique) -> Vec<String> {
    let shape = Shape::standard(9).unwrap();
    let givens = classic(line);
    check_steps(&shape, &givens, units, line);
    let grid = Grid::new(Arc::new(Board::new(&shape)), &givens);
    let (steps, _) = logic::solve(&grid, units);
    steps
        .into_iter()
        .filter(|step| step.technique == technique)
        .map(|step| step.text)
        .collect()
}

#[test]
fn uniqueness_steps_are_found_and_sound() {
    let rated = common::lines("se_rated.txt");
    let bugs = common::lines("bug_types.txt");
    let cases = [
        // A unique rectangle of type 3 (with a naked pair), and a BUG+1, in the rating.
        (
            &rated[276],
            logic::RATE,
            Technique::UniqueRectangle,
            "type 3",
        ),
        (&rated[44], logic::RATE, Technique::BugPlusOne, "BUG+1"),
        // BUG types 2 and 4 in explanations.
        (&bugs[0], logic::EXPLAIN, Technique::Bug, "BUG type 2"),
        (&bugs[1], logic::EXPLAIN, Technique::Bug, "BUG type 4"),
    ];
    for (line, units, technique, words) in cases {
        let found = steps_of(line, units, technique);
        assert!(
            found.iter().any(|text| text.contains(words)),
            "{line}: {found:?}"
        );
    }
}
