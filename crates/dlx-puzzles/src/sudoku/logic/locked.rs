//! Locked candidates: the places of a value in one house all lie in another house, so the
//! value leaves the rest of that other house. Pointing when the first house is a region,
//! claiming when it is a line; any two houses of any shape.

use std::ops::ControlFlow;

use super::grid::{cell_name, cell_names, Grid};
use super::singles::single_left;
use super::step::{Step, Technique};
use super::Found;

/// Locked candidates (pointing 2.6, claiming 2.8).
pub fn locked(grid: &Grid, found: Found<'_>) -> ControlFlow<()> {
    search(grid, false, found)
}

/// Locked candidates; with `direct`, only those whose eliminations leave a hidden single,
/// placed in the same step (direct pointing 1.7, direct claiming 1.9).
pub fn search(grid: &Grid, direct: bool, found: Found<'_>) -> ControlFlow<()> {
    let board = grid.board();
    let n = grid.size();
    let mut places = Vec::new();
    for &base in board.search_order() {
        for value in 1..=n as u16 {
            places.clear();
            places.extend(grid.positions(base, value));
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
                    cell_names(&places, n),
                    houses[base],
                    houses[cover]
                );
                let removed = cell_names(eliminations.iter().map(|(c, _)| c), n);
                let pattern = places.iter().map(|&c| (c, value)).collect();
                let (technique, name, difficulty) = match (direct, pointing) {
                    (true, true) => (Technique::DirectPointing, "Direct pointing", 17),
                    (true, false) => (Technique::DirectClaiming, "Direct claiming", 19),
                    (false, true) => (Technique::Pointing, "Pointing", 26),
                    (false, false) => (Technique::Claiming, "Claiming", 28),
                };
                let (placements, text) = if direct {
                    let Some((h, cell, single)) = single_left(grid, &eliminations, &|h| {
                        std::mem::discriminant(&houses[h]) == std::mem::discriminant(&houses[base])
                    }) else {
                        continue;
                    };
                    let text = format!(
                        "{name}: {reason}; {value} leaves {removed}, so {single} in {} fits only {}",
                        houses[h],
                        cell_name(cell, n)
                    );
                    (vec![(cell, single)], text)
                } else {
                    let text = format!("{name}: {reason}, so {value} leaves {removed}");
                    (Vec::new(), text)
                };
                found(Step {
                    technique,
                    houses: vec![base, cover],
                    pattern,
                    placements,
                    eliminations,
                    text,
                    difficulty,
                })?;
            }
        }
    }
    ControlFlow::Continue(())
}
