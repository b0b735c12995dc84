//! Locked candidates: the places of a value in one house all lie in another house, so the
//! value leaves the rest of that other house. Pointing when the first house is a region,
//! claiming when it is a line; any two houses of any shape.

use std::ops::ControlFlow;

use super::grid::{cell_name, Grid};
use super::singles::single_left;
use super::step::{Step, Technique};
use super::Found;

/// Locked candidates (pointing 2.6, claiming 2.8).
pub fn locked(grid: &Grid, found: Found<'_>) -> ControlFlow<()> {
    search(grid, false, found)
}

/// Locked candidates whose eliminations leave a hidden single, placed in the same step (direct
/// pointing 1.7, direct claiming 1.9).
pub fn direct(grid: &Grid, found: Found<'_>) -> ControlFlow<()> {
    search(grid, true, found)
}

fn search(grid: &Grid, direct: bool, found: Found<'_>) -> ControlFlow<()> {
    let board = grid.board();
    let n = grid.size();
    for &base in board.search_order() {
        for value in 1..=n as u16 {
            let places: Vec<usize> = grid.positions(base, value).collect();
            if places.len() < 2 {
                continue;
            }
            for &cover in board.cell_houses(places[0]) {
                if cover == base
                    || !places
                        .iter()
                        .all(|&c| board.cell_houses(c).contains(&cover))
                {
                    continue;
                }
                let eliminations: Vec<(usize, u16)> = grid
                    .positions(cover, value)
                    .filter(|c| !places.contains(c))
                    .map(|c| (c, value))
                    .collect();
                if eliminations.is_empty() {
                    continue;
                }
                let pointing = board.is_region(base);
                let houses = &board.houses();
                let reason = format!(
                    "in {}, {value} fits only in {}, which {} shares with {}",
                    houses[base],
                    places
                        .iter()
                        .map(|&c| cell_name(c, n))
                        .collect::<Vec<_>>()
                        .join(","),
                    houses[base],
                    houses[cover]
                );
                let removed = eliminations
                    .iter()
                    .map(|&(c, _)| cell_name(c, n))
                    .collect::<Vec<_>>()
                    .join(",");
                let pattern = places.iter().map(|&c| (c, value)).collect();
                let step = if direct {
                    let Some((h, cell, single)) = single_left(grid, &eliminations, &|h| {
                        std::mem::discriminant(&houses[h]) == std::mem::discriminant(&houses[base])
                    }) else {
                        continue;
                    };
                    Step {
                        technique: if pointing {
                            Technique::DirectPointing
                        } else {
                            Technique::DirectClaiming
                        },
                        houses: vec![base, cover],
                        pattern,
                        placements: vec![(cell, single)],
                        eliminations,
                        text: format!(
                            "{}: {reason}; {value} leaves {removed}, so {single} in {} fits \
                             only {}",
                            if pointing {
                                "Direct pointing"
                            } else {
                                "Direct claiming"
                            },
                            houses[h],
                            cell_name(cell, n)
                        ),
                        difficulty: if pointing { 17 } else { 19 },
                    }
                } else {
                    Step {
                        technique: if pointing {
                            Technique::Pointing
                        } else {
                            Technique::Claiming
                        },
                        houses: vec![base, cover],
                        pattern,
                        placements: Vec::new(),
                        eliminations,
                        text: format!(
                            "{}: {reason}, so {value} leaves {removed}",
                            if pointing { "Pointing" } else { "Claiming" }
                        ),
                        difficulty: if pointing { 26 } else { 28 },
                    }
                };
                found(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}
