//! Naked and hidden subsets: k cells of a house holding k values between them, or k values of a
//! house confined to k cells.

use std::ops::ControlFlow;

use super::grid::{bit, cell_name, cell_names, values, Grid, Mask};
use super::singles::single_left;
use super::step::{Step, Technique};
use super::Found;

/// Calls `f` with every `k`-subset of `0..len`, in lexicographic order, until it breaks.
pub(crate) fn combinations(
    len: usize,
    k: usize,
    f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if k > len || k == 0 {
        return ControlFlow::Continue(());
    }
    let mut pick: Vec<usize> = (0..k).collect();
    loop {
        f(&pick)?;
        let mut i = k;
        loop {
            if i == 0 {
                return ControlFlow::Continue(());
            }
            i -= 1;
            if pick[i] < len - k + i {
                break;
            }
        }
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// What a naked set on `chosen` with the values of `naked` removes from the other `cells`: every
/// one of those values they still hold.
pub(super) fn naked_eliminations(
    grid: &Grid,
    cells: &[usize],
    chosen: &[usize],
    naked: Mask,
) -> Vec<(usize, u16)> {
    cells
        .iter()
        .filter(|c| !chosen.contains(c))
        .flat_map(|&c| values(grid.candidates(c) & naked).map(move |v| (c, v)))
        .collect()
}

fn list_values(mask: Mask) -> String {
    values(mask)
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join("")
}

const NAMES: [&str; 5] = ["", "", "pair", "triplet", "quad"];

/// A naked subset of `k` (2 to 4) cells: pair 3.0, triplet 3.6, quad 5.0.
pub fn naked(grid: &Grid, k: usize, found: Found<'_>) -> ControlFlow<()> {
    let board = grid.board();
    let n = grid.size();
    for &h in board.search_order() {
        let cells: Vec<usize> = board
            .house_cells(h)
            .iter()
            .copied()
            .filter(|&c| grid.value(c) == 0)
            .collect();
        let small: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&c| (2..=k as u32).contains(&grid.candidates(c).count_ones()))
            .collect();
        combinations(small.len(), k, &mut |pick| {
            let union = pick.iter().fold(0, |m, &i| m | grid.candidates(small[i]));
            if union.count_ones() as usize != k {
                return ControlFlow::Continue(());
            }
            let chosen: Vec<usize> = pick.iter().map(|&i| small[i]).collect();
            let eliminations = naked_eliminations(grid, &cells, &chosen, union);
            if eliminations.is_empty() {
                return ControlFlow::Continue(());
            }
            found(Step {
                technique: [
                    Technique::NakedPair,
                    Technique::NakedTriple,
                    Technique::NakedQuad,
                ][k - 2],
                houses: vec![h],
                pattern: grid.candidates_of(&chosen),
                placements: Vec::new(),
                eliminations,
                text: format!(
                    "Naked {}: {} hold only {} in {}, so those values leave the rest of it",
                    NAMES[k],
                    cell_names(&chosen, n),
                    list_values(union),
                    board.houses()[h]
                ),
                difficulty: [30, 36, 50][k - 2],
            })
        })?;
    }
    ControlFlow::Continue(())
}

/// A hidden subset of `k` (2 to 4) values: pair 3.4, triplet 4.0, quad 5.4. Only looked for in
/// houses of more than `2k` empty cells, where it is not the other side of a naked subset.
pub fn hidden(grid: &Grid, k: usize, found: Found<'_>) -> ControlFlow<()> {
    search_hidden(grid, k, false, found)
}

/// A hidden pair or triplet whose eliminations leave a hidden single in its house, placed in
/// the same step: pair 2.0, triplet 2.5.
pub fn direct_hidden(grid: &Grid, k: usize, found: Found<'_>) -> ControlFlow<()> {
    search_hidden(grid, k, true, found)
}

fn search_hidden(grid: &Grid, k: usize, direct: bool, found: Found<'_>) -> ControlFlow<()> {
    let board = grid.board();
    let n = grid.size();
    for &h in board.search_order() {
        let cells = board.house_cells(h);
        let empty = cells.iter().filter(|&&c| grid.value(c) == 0).count();
        if !(empty > 2 * k || (direct && empty > k)) {
            continue;
        }
        // Values still open in the house, each with the places it has (as a mask of the
        // house's cells, to reject most combinations without gathering their places).
        let open: Vec<(u16, Mask)> = (1..=n as u16)
            .map(|v| {
                let within = cells
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| grid.has(c, v))
                    .fold(0, |m: Mask, (i, _)| m | 1 << i);
                (v, within)
            })
            .filter(|&(_, within)| (2..=k as u32).contains(&within.count_ones()))
            .collect();
        combinations(open.len(), k, &mut |pick| {
            let within = pick.iter().fold(0, |m: Mask, &i| m | open[i].1);
            if within.count_ones() as usize != k {
                return ControlFlow::Continue(());
            }
            let mut places: Vec<usize> =
                values(within).map(|i| cells[usize::from(i) - 1]).collect();
            places.sort_unstable();
            let set: Mask = pick.iter().fold(0, |m, &i| m | bit(open[i].0));
            let eliminations: Vec<(usize, u16)> = places
                .iter()
                .flat_map(|&c| values(grid.candidates(c) & !set).map(move |v| (c, v)))
                .collect();
            if eliminations.is_empty() {
                return ControlFlow::Continue(());
            }
            let pattern = places
                .iter()
                .flat_map(|&c| values(grid.candidates(c) & set).map(move |v| (c, v)))
                .collect();
            let text = format!(
                "Hidden {}: {} in {} fit only {}, so those cells hold nothing else",
                NAMES[k],
                list_values(set),
                board.houses()[h],
                cell_names(&places, n)
            );
            let step = if direct {
                let Some((single_house, cell, value)) =
                    single_left(grid, &eliminations, &|house| house == h)
                else {
                    return ControlFlow::Continue(());
                };
                Step {
                    technique: if k == 2 {
                        Technique::DirectHiddenPair
                    } else {
                        Technique::DirectHiddenTriple
                    },
                    houses: vec![h],
                    pattern,
                    placements: vec![(cell, value)],
                    eliminations,
                    text: format!(
                        "Direct h{}; then {value} in {} fits only {}",
                        &text[1..],
                        board.houses()[single_house],
                        cell_name(cell, n)
                    ),
                    difficulty: if k == 2 { 20 } else { 25 },
                }
            } else {
                Step {
                    technique: [
                        Technique::HiddenPair,
                        Technique::HiddenTriple,
                        Technique::HiddenQuad,
                    ][k - 2],
                    houses: vec![h],
                    pattern,
                    placements: Vec::new(),
                    eliminations,
                    text,
                    difficulty: [34, 40, 54][k - 2],
                }
            };
            found(step)
        })?;
    }
    ControlFlow::Continue(())
}
