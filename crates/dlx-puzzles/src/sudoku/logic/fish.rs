//! Fish: a value whose places in k rows lie in k columns (or the other way round) leaves the
//! rest of those columns; finned when a few extra places (the fins) share one region, which
//! then limits the eliminations to that region.

use std::ops::ControlFlow;

use super::grid::{cell_names, Grid, Mask};
use super::step::{Step, Technique};
use super::subsets::combinations;
use super::Found;
use crate::sudoku::shape::House;

const NAMES: [&str; 5] = ["", "", "X-Wing", "Swordfish", "Jellyfish"];

/// The house numbers of the rows and of the columns.
fn lines(grid: &Grid) -> (Vec<usize>, Vec<usize>) {
    let houses = grid.board().houses();
    let rows = (0..houses.len())
        .filter(|&h| matches!(houses[h], House::Row(_)))
        .collect();
    let columns = (0..houses.len())
        .filter(|&h| matches!(houses[h], House::Column(_)))
        .collect();
    (rows, columns)
}

/// The line index (row or column number) of `cell` across the base lines.
fn cross(cell: usize, n: usize, rows_are_base: bool) -> usize {
    if rows_are_base {
        cell % n
    } else {
        cell / n
    }
}

/// A basic fish of size `k` (X-Wing 3.2, Swordfish 3.8, Jellyfish 5.2).
pub fn basic(grid: &Grid, k: usize, found: Found<'_>) -> ControlFlow<()> {
    search(grid, k, false, found)
}

/// A fish of size `k`, finned with `fins` (rated as a basic fish plus 0.2).
pub fn search(grid: &Grid, k: usize, fins: bool, found: Found<'_>) -> ControlFlow<()> {
    let board = grid.board();
    let n = grid.size();
    let (rows, columns) = lines(grid);
    for rows_are_base in [true, false] {
        let (base_lines, cover_lines) = if rows_are_base {
            (&rows, &columns)
        } else {
            (&columns, &rows)
        };
        for value in 1..=n as u16 {
            // Each base line with its places and the cover lines they cross, as a mask to
            // reject most combinations without gathering their places.
            let candidates: Vec<(usize, Vec<usize>, Mask)> = base_lines
                .iter()
                .map(|&h| {
                    let places: Vec<usize> = grid.positions(h, value).collect();
                    let crossing = places
                        .iter()
                        .fold(0, |m: Mask, &c| m | 1 << cross(c, n, rows_are_base));
                    (h, places, crossing)
                })
                .filter(|(_, p, _)| p.len() >= 2 && p.len() <= if fins { k + 2 } else { k })
                .collect();
            combinations(candidates.len(), k, &mut |pick| {
                let crossing = pick
                    .iter()
                    .fold(0, |m: Mask, &i| m | candidates[i].2)
                    .count_ones() as usize;
                let too_many = if fins { crossing > k + 3 } else { crossing > k };
                if crossing < k + usize::from(fins) || too_many {
                    return ControlFlow::Continue(());
                }
                let base: Vec<usize> = pick.iter().map(|&i| candidates[i].0).collect();
                let places: Vec<usize> =
                    pick.iter().flat_map(|&i| candidates[i].1.clone()).collect();
                let mut crossed: Vec<usize> =
                    places.iter().map(|&c| cross(c, n, rows_are_base)).collect();
                crossed.sort_unstable();
                crossed.dedup();
                if !fins {
                    if crossed.len() != k {
                        return ControlFlow::Continue(());
                    }
                    let cover: Vec<usize> = crossed.iter().map(|&i| cover_lines[i]).collect();
                    let eliminations: Vec<(usize, u16)> = cover
                        .iter()
                        .flat_map(|&h| grid.positions(h, value))
                        .filter(|c| !places.contains(c))
                        .map(|c| (c, value))
                        .collect();
                    if eliminations.is_empty() {
                        return ControlFlow::Continue(());
                    }
                    return found(fish_step(
                        grid,
                        k,
                        value,
                        &base,
                        &cover,
                        &places,
                        &[],
                        eliminations,
                    ));
                }
                // A few fins only: they must share one region.
                if crossed.len() <= k || crossed.len() > k + 3 {
                    return ControlFlow::Continue(());
                }
                combinations(crossed.len(), k, &mut |chosen| {
                    let cover_index: Vec<usize> = chosen.iter().map(|&i| crossed[i]).collect();
                    let fin_cells: Vec<usize> = places
                        .iter()
                        .copied()
                        .filter(|&c| !cover_index.contains(&cross(c, n, rows_are_base)))
                        .collect();
                    let region = board.shape().region_of(fin_cells[0]);
                    if fin_cells
                        .iter()
                        .any(|&c| board.shape().region_of(c) != region)
                    {
                        return ControlFlow::Continue(());
                    }
                    // Every base line must keep a place in the cover, or it is not a fish.
                    if pick.iter().any(|&i| {
                        candidates[i]
                            .1
                            .iter()
                            .all(|&c| !cover_index.contains(&cross(c, n, rows_are_base)))
                    }) {
                        return ControlFlow::Continue(());
                    }
                    let cover: Vec<usize> = cover_index.iter().map(|&i| cover_lines[i]).collect();
                    let eliminations: Vec<(usize, u16)> = cover
                        .iter()
                        .flat_map(|&h| grid.positions(h, value))
                        .filter(|&c| {
                            !places.contains(&c)
                                && board.shape().region_of(c) == region
                                && fin_cells.iter().all(|&f| board.sees(c, f))
                        })
                        .map(|c| (c, value))
                        .collect();
                    if eliminations.is_empty() {
                        return ControlFlow::Continue(());
                    }
                    found(fish_step(
                        grid,
                        k,
                        value,
                        &base,
                        &cover,
                        &places,
                        &fin_cells,
                        eliminations,
                    ))
                })
            })?;
        }
    }
    ControlFlow::Continue(())
}

#[allow(clippy::too_many_arguments)]
fn fish_step(
    grid: &Grid,
    k: usize,
    value: u16,
    base: &[usize],
    cover: &[usize],
    places: &[usize],
    fins: &[usize],
    eliminations: Vec<(usize, u16)>,
) -> Step {
    let board = grid.board();
    let n = grid.size();
    let names = |hs: &[usize]| {
        hs.iter()
            .map(|&h| board.houses()[h].to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let removed = cell_names(eliminations.iter().map(|(c, _)| c), n);
    let (technique, difficulty, text) = if fins.is_empty() {
        (
            [Technique::XWing, Technique::Swordfish, Technique::Jellyfish][k - 2],
            [32, 38, 52][k - 2],
            format!(
                "{}: {value} in {} lies only in {}, so it leaves {removed}",
                NAMES[k],
                names(base),
                names(cover)
            ),
        )
    } else {
        (
            [
                Technique::FinnedXWing,
                Technique::FinnedSwordfish,
                Technique::FinnedJellyfish,
            ][k - 2],
            [34, 40, 54][k - 2],
            format!(
                "Finned {}: {value} in {} lies only in {} but for the fins {}, so it leaves \
                 {removed}, which sees them",
                NAMES[k],
                names(base),
                names(cover),
                cell_names(fins, n)
            ),
        )
    };
    Step {
        technique,
        houses: base.iter().chain(cover).copied().collect(),
        pattern: places.iter().map(|&c| (c, value)).collect(),
        placements: Vec::new(),
        eliminations,
        text,
        difficulty,
    }
}
