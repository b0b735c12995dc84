//! Singles: the last empty cell of a house, a value with one place left in a house, a cell
//! with one candidate left.

use std::ops::ControlFlow;

use super::grid::{bit, cell_name, values, Grid};
use super::step::{Step, Technique};
use super::Found;

/// The last empty cell of a house (rated 1.0).
pub fn full_house(grid: &Grid, found: Found<'_>) -> ControlFlow<()> {
    let board = grid.board();
    let n = grid.size();
    for &h in board.search_order() {
        let mut empty = board.house_cells(h).iter().filter(|&&c| grid.value(c) == 0);
        let (Some(&cell), None) = (empty.next(), empty.next()) else {
            continue;
        };
        let Some(value) = values(grid.candidates(cell)).next() else {
            continue;
        };
        let text = format!(
            "Full house: {} is the last empty cell of {}, so {value}",
            cell_name(cell, n),
            board.houses()[h]
        );
        found(Step::single(
            Technique::FullHouse,
            vec![h],
            (cell, value),
            text,
            10,
        ))?;
    }
    ControlFlow::Continue(())
}

/// A value with one place left in a house (1.2 in a region, 1.5 in a line or extra region).
pub fn hidden_single(grid: &Grid, found: Found<'_>) -> ControlFlow<()> {
    let board = grid.board();
    let n = grid.size();
    for &h in board.search_order() {
        let cells = board.house_cells(h);
        if cells.iter().filter(|&&c| grid.value(c) == 0).count() < 2 {
            continue;
        }
        for value in 1..=n as u16 {
            let mut places = cells.iter().filter(|&&c| grid.has(c, value));
            let (Some(&cell), None) = (places.next(), places.next()) else {
                continue;
            };
            let text = format!(
                "Hidden single: {value} in {} fits only {}",
                board.houses()[h],
                cell_name(cell, n)
            );
            let difficulty = if board.is_region(h) { 12 } else { 15 };
            found(Step::single(
                Technique::HiddenSingle,
                vec![h],
                (cell, value),
                text,
                difficulty,
            ))?;
        }
    }
    ControlFlow::Continue(())
}

/// A cell with one candidate left (2.3).
pub fn naked_single(grid: &Grid, found: Found<'_>) -> ControlFlow<()> {
    let n = grid.size();
    for cell in 0..grid.board().cell_count() {
        let mask = grid.candidates(cell);
        if grid.value(cell) != 0 || mask.count_ones() != 1 {
            continue;
        }
        let value = mask.trailing_zeros() as u16 + 1;
        debug_assert_eq!(bit(value), mask);
        let text = format!("Naked single: {} can only be {value}", cell_name(cell, n));
        found(Step::single(
            Technique::NakedSingle,
            Vec::new(),
            (cell, value),
            text,
            23,
        ))?;
    }
    ControlFlow::Continue(())
}

/// The hidden single that the eliminations of a step leave in some house: the house, the cell
/// and the value. Used by the direct techniques, which are rated by the single they give.
/// Only houses that `allowed` accepts are looked at.
pub(crate) fn single_left(
    grid: &Grid,
    eliminations: &[(usize, u16)],
    allowed: &dyn Fn(usize) -> bool,
) -> Option<(usize, usize, u16)> {
    let board = grid.board();
    for &h in board.search_order() {
        if !allowed(h) {
            continue;
        }
        for &(_, value) in eliminations {
            let before = grid.count_in(h, value);
            if before < 2 {
                continue;
            }
            let mut left = grid
                .positions(h, value)
                .filter(|c| !eliminations.contains(&(*c, value)));
            if let (Some(cell), None) = (left.next(), left.next()) {
                return Some((h, cell, value));
            }
        }
    }
    None
}
