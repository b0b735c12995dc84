//! Every step of a logical solution checked against the solution from the exact-cover solvers,
//! which know no technique.

use std::collections::BTreeSet;
use std::sync::Arc;

use dlx_puzzles::sudoku::logic::{self, Board, Grid, Technique, Unit};
use dlx_puzzles::sudoku::{Shape, Solver, Verdict};

/// What a checked run of the steps found: the techniques used and whether the solution was
/// reached.
pub struct Checked {
    /// Every technique of a step taken.
    pub used: BTreeSet<Technique>,
    /// Whether the steps reached the solution.
    pub solved: bool,
    /// Steps taken.
    pub steps: usize,
}

/// Applies every step of `units` from `givens`, checking each against the solution: a
/// placement is the solution's value, no elimination removes it, and afterwards no cell holds
/// a wrong value or has lost its right candidate. `Err` names the first step that fails.
pub fn checked_steps(shape: &Shape, givens: &[u16], units: &[Unit]) -> Result<Checked, String> {
    let mut solver = Solver::new(shape.clone());
    let check = solver.check(givens).map_err(|e| e.to_string())?;
    if check.verdict != Verdict::Unique {
        return Err(format!("not unique: {:?}", check.verdict));
    }
    let solution = check.solution.expect("a unique puzzle has its solution");
    let mut grid = Grid::new(Arc::new(Board::new(shape)), givens);
    let mut used = BTreeSet::new();
    let mut steps = 0;
    while let Some(step) = logic::next_step(&grid, units) {
        steps += 1;
        let fail = |why: &str| Err(format!("step {steps} {why}: {}", step.text));
        if !step.changes(&grid) {
            return fail("changes nothing");
        }
        if step.placements.is_empty() && step.eliminations.is_empty() {
            return fail("is empty");
        }
        if step.placements.iter().any(|&(c, v)| solution[c] != v) {
            return fail("places wrongly");
        }
        if step.eliminations.iter().any(|&(c, v)| solution[c] == v) {
            return fail("removes the solution");
        }
        step.apply(&mut grid);
        for (cell, &right) in solution.iter().enumerate() {
            let value = grid.value(cell);
            if value != 0 && value != right {
                return fail("leaves a wrong value");
            }
            if value == 0 && !grid.has(cell, right) {
                return fail("leaves a cell without its value");
            }
        }
        used.insert(step.technique);
    }
    let solved = grid.values() == solution.as_slice();
    Ok(Checked {
        used,
        solved,
        steps,
    })
}
