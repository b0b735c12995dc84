//! Bivalue universal grave (BUG): were a few values removed from a few cells (the BUG cells
//! and their BUG values), every empty cell would hold two candidates and every value two places
//! in every house it has any, a pattern with no solution or several. The puzzle has one, so
//! some BUG cell holds one of its BUG values, and what that rules out is removed:
//!
//! - type 1 (5.6): one BUG cell, which holds one of its BUG values;
//! - type 2 (5.7): one BUG value for all, which leaves every cell that sees every BUG cell;
//! - type 3 (5.8 and up): the BUG cells, in one house, act as one cell holding one of the BUG
//!   values, which makes a naked set with other cells of the house;
//! - type 4 (5.7): two BUG cells in one house sharing one other value, whose only places in the
//!   house they are: one holds it, the other a BUG value, so neither holds its last value.
//!
//! As Sudoku Explainer finds them, on boxed shapes without extra regions (where the argument
//! of two solutions holds).

use std::ops::ControlFlow;

use super::grid::{bit, cell_name, cell_names, values, Grid, Mask};
use super::step::{Step, Technique};
use super::subsets::{combinations, naked_eliminations};
use super::Found;

/// The BUG cells found on a grid and their BUG values.
struct Grave {
    /// The BUG cells, in the order found.
    cells: Vec<usize>,
    /// The BUG values of each cell of `cells`.
    extra: Vec<Mask>,
    /// Every BUG value.
    all: Mask,
    /// The cells (not BUG cells) that see every BUG cell.
    common: Vec<usize>,
}

impl Grave {
    fn add(&mut self, grid: &Grid, cell: usize, value: u16) {
        let board = grid.board();
        match self.cells.iter().position(|&c| c == cell) {
            Some(k) => self.extra[k] |= bit(value),
            None => {
                self.common = if self.cells.is_empty() {
                    board.peers(cell).to_vec()
                } else {
                    let mut common = std::mem::take(&mut self.common);
                    common.retain(|&c| c != cell && board.sees(c, cell));
                    common
                };
                self.cells.push(cell);
                self.extra.push(bit(value));
            }
        }
        self.all |= bit(value);
    }

    /// Whether no type can come of it: several cells and values, and no cell that sees them
    /// all.
    fn hopeless(&self) -> bool {
        self.cells.len() > 1 && self.all.count_ones() > 1 && self.common.is_empty()
    }

    /// The BUG cells and values of `grid`, if removing them leaves a bivalue universal grave.
    fn find(grid: &Grid) -> Option<Grave> {
        let board = grid.board();
        let n = grid.size();
        let mut grave = Grave {
            cells: Vec::new(),
            extra: Vec::new(),
            all: 0,
            common: Vec::new(),
        };
        // The cells of the first value with a wrong count, and of that value only, while no
        // other value has one: when one value is the only one, all its cells of three or more
        // candidates are BUG cells (a house with two of them alone cannot tell which).
        let mut only: Option<(u16, Vec<usize>)> = None;
        let mut one_value = true;
        for &h in board.search_order() {
            for v in 1..=n as u16 {
                let places: Vec<usize> = grid.positions(h, v).collect();
                if places.is_empty() || places.len() == 2 {
                    continue;
                }
                let wide: Vec<usize> = places
                    .into_iter()
                    .filter(|&c| grid.candidates(c).count_ones() >= 3)
                    .collect();
                match &mut only {
                    None => only = Some((v, wide.clone())),
                    Some((value, cells)) if one_value && *value == v => {
                        cells.extend(&wide);
                    }
                    Some(_) => one_value = false,
                }
                match wide[..] {
                    [] => return None,
                    [cell] => {
                        grave.add(grid, cell, v);
                        if grave.hopeless() {
                            return None;
                        }
                    }
                    _ => {}
                }
            }
        }
        if let (true, Some((value, mut cells))) = (one_value, only) {
            cells.sort_unstable();
            cells.dedup();
            for cell in cells {
                if !grave.cells.contains(&cell) {
                    grave.add(grid, cell, value);
                    if grave.hopeless() {
                        return None;
                    }
                }
            }
        }
        grave.is_grave(grid).then_some(grave)
    }

    /// Whether the grid without the BUG values is a bivalue universal grave.
    fn is_grave(&self, grid: &Grid) -> bool {
        let board = grid.board();
        let left = |c: usize| {
            let extra = self
                .cells
                .iter()
                .position(|&b| b == c)
                .map_or(0, |k| self.extra[k]);
            grid.candidates(c) & !extra
        };
        let bivalue =
            (0..board.cell_count()).all(|c| grid.value(c) != 0 || left(c).count_ones() == 2);
        bivalue
            && (0..board.houses().len()).all(|h| {
                values(!0 >> (128 - grid.size())).all(|v| {
                    let count = board
                        .house_cells(h)
                        .iter()
                        .filter(|&&c| grid.value(c) == 0 && left(c) & bit(v) != 0)
                        .count();
                    count == 0 || count == 2
                })
            })
    }

    /// The houses holding every BUG cell.
    fn shared_houses<'a>(&'a self, grid: &'a Grid) -> impl Iterator<Item = usize> + 'a {
        let board = grid.board();
        board
            .search_order()
            .iter()
            .copied()
            .filter(move |&h| self.cells.iter().all(|c| board.house_cells(h).contains(c)))
    }
}

/// The BUG steps of types 1 to 4 on `grid`.
pub fn grave(grid: &Grid, found: Found<'_>) -> ControlFlow<()> {
    let board = grid.board();
    // The argument counts on rows, columns and boxes only.
    if board.shape().box_size().is_none() || !board.shape().extra().is_empty() {
        return ControlFlow::Continue(());
    }
    let Some(grave) = Grave::find(grid) else {
        return ControlFlow::Continue(());
    };
    let n = grid.size();
    let names = cell_names(&grave.cells, n);
    let pattern: Vec<(usize, u16)> = grave
        .cells
        .iter()
        .zip(&grave.extra)
        .flat_map(|(&c, &m)| values(m).map(move |v| (c, v)))
        .collect();
    let step = |technique, placements, eliminations, text, difficulty| Step {
        technique,
        houses: Vec::new(),
        pattern: pattern.clone(),
        placements,
        eliminations,
        text,
        difficulty,
    };
    if let ([cell], [extra]) = (&grave.cells[..], &grave.extra[..]) {
        let (cell, extra) = (*cell, *extra);
        let others = grid.candidates(cell) & !extra;
        let listed: String = values(extra).map(|v| v.to_string()).collect();
        let (placements, eliminations) = if extra.count_ones() == 1 {
            (vec![(cell, values(extra).next().unwrap())], Vec::new())
        } else {
            (Vec::new(), values(others).map(|v| (cell, v)).collect())
        };
        return found(step(
            Technique::BugPlusOne,
            placements,
            eliminations,
            format!(
                "BUG+1: every empty cell but {names} has two candidates; without {listed} there \
                 the puzzle would have two solutions, so {names} is {}",
                values(extra)
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
            56,
        ));
    }
    // A step of types 2 to 4, when it removes something.
    let bug = |eliminations: Vec<(usize, u16)>, text: String, difficulty: u16| {
        (!eliminations.is_empty())
            .then(|| step(Technique::Bug, Vec::new(), eliminations, text, difficulty))
    };
    if grave.all.count_ones() == 1 {
        let value = values(grave.all).next().unwrap();
        let eliminations: Vec<(usize, u16)> = grave
            .common
            .iter()
            .filter(|&&c| grid.has(c, value))
            .map(|&c| (c, value))
            .collect();
        let text = format!(
            "BUG type 2: {names} all have {value} besides a bivalue universal grave; one of them \
             is {value}, so it leaves the cells that see them all"
        );
        if let Some(step) = bug(eliminations, text, 57) {
            found(step)?;
        }
    } else if grave.common.is_empty() {
        return ControlFlow::Continue(());
    }
    if let [c1, c2] = grave.cells[..] {
        let shared = grid.candidates(c1) & grid.candidates(c2) & !grave.all;
        if shared.count_ones() == 1 && grave.shared_houses(grid).next().is_some() {
            let value = values(shared).next().unwrap();
            let eliminations: Vec<(usize, u16)> = [(c1, grave.extra[0]), (c2, grave.extra[1])]
                .iter()
                .flat_map(|&(c, extra)| {
                    values(grid.candidates(c) & !extra & !shared).map(move |v| (c, v))
                })
                .collect();
            let text = format!(
                "BUG type 4: one of {names} holds a BUG value and {value} is in one of them, so \
                 {} holds {} or {value}, {} holds {} or {value}",
                cell_name(c1, n),
                list(grave.extra[0]),
                cell_name(c2, n),
                list(grave.extra[1]),
            );
            if let Some(step) = bug(eliminations, text, 57) {
                found(step)?;
            }
        }
    }
    if grave.all.count_ones() > 1 {
        type_3(
            grid,
            &grave,
            &names,
            &mut |eliminations, text, difficulty| {
                bug(eliminations, text, difficulty).map_or(ControlFlow::Continue(()), &mut *found)
            },
        )?;
    }
    ControlFlow::Continue(())
}

fn list(mask: Mask) -> String {
    values(mask)
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" or ")
}

/// Type 3: the BUG cells as one cell holding one of the BUG values, in a naked set of `k` (2 to
/// 6) with `k - 1` cells of a house holding them all that see every BUG cell; the smallest sets
/// first.
fn type_3(
    grid: &Grid,
    grave: &Grave,
    names: &str,
    found: &mut dyn FnMut(Vec<(usize, u16)>, String, u16) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let board = grid.board();
    let n = grid.size();
    let houses: Vec<usize> = grave.shared_houses(grid).collect();
    for k in 2..=6usize {
        for &h in &houses {
            let near: Vec<usize> = grave
                .common
                .iter()
                .copied()
                .filter(|c| board.house_cells(h).contains(c))
                .collect();
            if near.len() < k {
                continue;
            }
            let open: Vec<usize> = near
                .iter()
                .copied()
                .filter(|&c| grid.value(c) == 0 && grid.candidates(c).count_ones() >= 2)
                .collect();
            combinations(open.len(), k - 1, &mut |pick| {
                let chosen: Vec<usize> = pick.iter().map(|&i| open[i]).collect();
                let naked = chosen.iter().fold(0, |m, &c| m | grid.candidates(c));
                if naked.count_ones() as usize != k || grave.all & !naked != 0 {
                    return ControlFlow::Continue(());
                }
                let eliminations = naked_eliminations(grid, &near, &chosen, naked);
                found(
                    eliminations,
                    format!(
                        "BUG type 3: one of {names} holds one of {} besides a bivalue universal \
                         grave, so with {} they hold {} in {}, which leave the rest of it",
                        list(grave.all),
                        cell_names(&chosen, n),
                        values(naked).map(|v| v.to_string()).collect::<String>(),
                        board.houses()[h]
                    ),
                    57 + k as u16 - 1,
                )
            })?;
        }
    }
    ControlFlow::Continue(())
}
