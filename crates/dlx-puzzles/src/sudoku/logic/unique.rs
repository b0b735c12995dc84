//! Uniqueness techniques: a puzzle with one solution cannot end in a pattern that could be
//! completed two ways (a deadly pattern), so what would make one is ruled out.

use std::ops::ControlFlow;

use super::grid::{bit, cell_name, cell_names, values, Grid, Mask};
use super::step::{Step, Technique};
use super::Found;

/// Unique rectangles of types 1, 2 and 4 (4.5) and type 3 with a naked subset (4.6 and up):
/// four cells in two rows, two columns and two regions, all holding the same two values.
pub fn rectangle(grid: &Grid, found: Found<'_>) -> ControlFlow<()> {
    let board = grid.board();
    let n = grid.size();
    let shape = board.shape();
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    if cells.iter().any(|&c| grid.value(c) != 0) {
                        continue;
                    }
                    // Swapping the two values keeps every house whole only if each house holds
                    // none of the four cells or two of them (in two regions, and no extra
                    // region through one corner).
                    let mut regions: Vec<usize> =
                        cells.iter().map(|&c| shape.region_of(c)).collect();
                    regions.sort_unstable();
                    regions.dedup();
                    if regions.len() != 2 || !swappable(board, &cells) {
                        continue;
                    }
                    let common = cells.iter().fold(!0, |m, &c| m & grid.candidates(c));
                    for (a, b) in pairs(common) {
                        let pair = bit(a) | bit(b);
                        rectangle_types(grid, &cells, a, b, pair, found)?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Whether every house holds none or two of `cells`.
fn swappable(board: &super::grid::Board, cells: &[usize; 4]) -> bool {
    let mut houses: Vec<usize> = cells
        .iter()
        .flat_map(|&c| board.cell_houses(c).to_vec())
        .collect();
    houses.sort_unstable();
    houses.chunk_by(|a, b| a == b).all(|run| run.len() == 2)
}

fn pairs(mask: Mask) -> Vec<(u16, u16)> {
    let vs: Vec<u16> = values(mask).collect();
    let mut out = Vec::new();
    for (i, &a) in vs.iter().enumerate() {
        for &b in &vs[i + 1..] {
            out.push((a, b));
        }
    }
    out
}

fn rectangle_types(
    grid: &Grid,
    cells: &[usize; 4],
    a: u16,
    b: u16,
    pair: Mask,
    found: Found<'_>,
) -> ControlFlow<()> {
    let board = grid.board();
    let n = grid.size();
    let floor: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| grid.candidates(c) == pair)
        .collect();
    let roof: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| grid.candidates(c) != pair)
        .collect();
    let names = cell_names(cells, n);
    let pattern: Vec<(usize, u16)> = cells.iter().flat_map(|&c| [(c, a), (c, b)]).collect();
    let step = |eliminations: Vec<(usize, u16)>, why: String, difficulty: u16| Step {
        technique: Technique::UniqueRectangle,
        houses: Vec::new(),
        pattern: pattern.clone(),
        placements: Vec::new(),
        eliminations,
        text: format!("Unique rectangle: {names} on {a}{b}: {why}"),
        difficulty,
    };
    match (floor.len(), roof.len()) {
        (3, 1) => {
            let c = roof[0];
            found(step(
                vec![(c, a), (c, b)],
                format!(
                    "{} must hold something else, or the puzzle would have two solutions",
                    cell_name(c, n)
                ),
                45,
            ))?;
        }
        (2, 2) => {
            let (p, q) = (roof[0], roof[1]);
            let extra_p = grid.candidates(p) & !pair;
            let extra_q = grid.candidates(q) & !pair;
            // Type 2: the same one extra value in both roof cells.
            if extra_p == extra_q && extra_p.count_ones() == 1 {
                let x = extra_p.trailing_zeros() as u16 + 1;
                let eliminations: Vec<(usize, u16)> = (0..board.cell_count())
                    .filter(|&c| {
                        grid.has(c, x) && c != p && c != q && board.sees(c, p) && board.sees(c, q)
                    })
                    .map(|c| (c, x))
                    .collect();
                if !eliminations.is_empty() {
                    found(step(
                        eliminations,
                        format!(
                            "one of {} and {} is {x}, so {x} leaves the cells that see both",
                            cell_name(p, n),
                            cell_name(q, n)
                        ),
                        45,
                    ))?;
                }
            }
            // Type 4: one of the pair values has only the roof cells in a house they share.
            if board.sees(p, q) {
                for h in 0..board.houses().len() {
                    let members = board.house_cells(h);
                    if !members.contains(&p) || !members.contains(&q) {
                        continue;
                    }
                    for (strong, other) in [(a, b), (b, a)] {
                        if grid.count_in(h, strong) == 2 {
                            found(step(
                                vec![(p, other), (q, other)],
                                format!(
                                    "{strong} in {} is in {} or {}, so neither can be {other}",
                                    board.houses()[h],
                                    cell_name(p, n),
                                    cell_name(q, n)
                                ),
                                45,
                            ))?;
                        }
                    }
                }
            }
        }
        _ => {}
    }
    ControlFlow::Continue(())
}

/// Bivalue universal grave: every empty cell holds two candidates but a few; were the extra
/// values of those few removed, every value would have two places in every house and the
/// puzzle two solutions. So one extra value is true: with one such cell it is placed (type 1,
/// 5.6); when the extra value is the same in every such cell, it leaves every cell that sees
/// them all (type 2, 5.7). On boxed shapes without extra regions.
pub fn bug_plus_one(grid: &Grid, found: Found<'_>) -> ControlFlow<()> {
    let board = grid.board();
    let n = grid.size();
    // The argument counts on rows, columns and boxes only.
    if board.shape().box_size().is_none() || !board.shape().extra().is_empty() {
        return ControlFlow::Continue(());
    }
    let mut odd: Vec<usize> = Vec::new();
    for c in 0..board.cell_count() {
        if grid.value(c) != 0 {
            continue;
        }
        match grid.candidates(c).count_ones() {
            2 => {}
            3 => odd.push(c),
            _ => return ControlFlow::Continue(()),
        }
    }
    if odd.is_empty() {
        return ControlFlow::Continue(());
    }
    // Each odd cell's extra value: the one with three places in one of its houses; every other
    // place count of every house must be two (or none).
    let mut extra: Vec<(usize, u16)> = Vec::new();
    for &cell in &odd {
        let mut its = None;
        for v in values(grid.candidates(cell)) {
            let three = board
                .cell_houses(cell)
                .iter()
                .any(|&h| grid.count_in(h, v) == 3);
            if three {
                if its.is_some() {
                    return ControlFlow::Continue(());
                }
                its = Some(v);
            }
        }
        let Some(v) = its else {
            return ControlFlow::Continue(());
        };
        extra.push((cell, v));
    }
    for h in 0..board.houses().len() {
        for v in 1..=n as u16 {
            let extras = extra
                .iter()
                .filter(|&&(c, e)| e == v && board.house_cells(h).contains(&c))
                .count();
            let count = grid.count_in(h, v) - extras;
            if count != 0 && count != 2 {
                return ControlFlow::Continue(());
            }
        }
    }
    let names = cell_names(&odd, n);
    let pattern = grid.candidates_of(&odd);
    if let [(cell, value)] = extra[..] {
        return found(Step {
            technique: Technique::BugPlusOne,
            houses: Vec::new(),
            pattern,
            placements: vec![(cell, value)],
            eliminations: Vec::new(),
            text: format!(
                "BUG+1: every empty cell but {names} has two candidates; without {value} there \
                 the puzzle would have two solutions, so {names} is {value}"
            ),
            difficulty: 56,
        });
    }
    let value = extra[0].1;
    if extra.iter().any(|&(_, v)| v != value) {
        return ControlFlow::Continue(());
    }
    let eliminations: Vec<(usize, u16)> = (0..board.cell_count())
        .filter(|&c| {
            grid.has(c, value) && !odd.contains(&c) && odd.iter().all(|&o| board.sees(c, o))
        })
        .map(|c| (c, value))
        .collect();
    if eliminations.is_empty() {
        return ControlFlow::Continue(());
    }
    found(Step {
        technique: Technique::BugPlusOne,
        houses: Vec::new(),
        pattern,
        placements: Vec::new(),
        eliminations,
        text: format!(
            "BUG type 2: every empty cell but {names} has two candidates, and each of those has \
             {value} besides; one of them is {value}, so it leaves the cells that see them all"
        ),
        difficulty: 57,
    })
}
