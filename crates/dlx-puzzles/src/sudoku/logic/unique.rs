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
                    let common = cells.iter().fold(!0, |m, &c| m & grid.candidates(c));
                    if common.count_ones() < 2 {
                        continue;
                    }
                    // Swapping the two values keeps every house whole only if each house holds
                    // none of the four cells or two of them (in two regions, and no extra
                    // region through one corner).
                    let mut regions = cells.map(|c| shape.region_of(c));
                    regions.sort_unstable();
                    let distinct = 1 + regions.windows(2).filter(|w| w[0] != w[1]).count();
                    if distinct != 2 || !swappable(board, &cells) {
                        continue;
                    }
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
            // Type 3: the roof cells hold two or more extra values between them.
            if (extra_p | extra_q).count_ones() >= 2 {
                roof_subsets(
                    grid,
                    [p, q],
                    extra_p | extra_q,
                    &mut |k, house, others, naked| {
                        let eliminations: Vec<(usize, u16)> = board
                            .house_cells(house)
                            .iter()
                            .filter(|&c| ![p, q].contains(c) && !others.contains(c))
                            .flat_map(|&c| values(grid.candidates(c) & naked).map(move |v| (c, v)))
                            .collect();
                        if eliminations.is_empty() {
                            return ControlFlow::Continue(());
                        }
                        found(step(
                            eliminations,
                            format!(
                            "type 3: one of {} and {} holds a value other than {a} and {b}, so \
                             with {} they hold the {k} values {} of {}, which leave the rest of it",
                            cell_name(p, n),
                            cell_name(q, n),
                            cell_names(others, n),
                            values(naked).map(|v| v.to_string()).collect::<String>(),
                            board.houses()[house]
                        ),
                            45 + k as u16 - 1,
                        ))
                    },
                )?;
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

/// Where [`roof_subsets`] hands each naked set: its size, house, other cells and values.
type RoofFound<'a> = &'a mut dyn FnMut(usize, usize, &[usize], Mask) -> ControlFlow<()>;

/// The naked sets that the roof cells `roof` of a unique rectangle make, as one cell holding
/// `extra` (their values besides the rectangle's: one of them holds one of those), with other
/// cells of a house both see: `k` cells in all (the roof counted once) holding `k` values,
/// handed to `found` as `(k, house, other cells, values)`. As Sudoku Explainer looks: `k` from
/// the count of `extra` up to half the house's empty cells, every extra value held by both
/// roof cells or by another cell of the set, and each other cell with two candidates or more.
fn roof_subsets(
    grid: &Grid,
    roof: [usize; 2],
    extra: Mask,
    found: RoofFound<'_>,
) -> ControlFlow<()> {
    let board = grid.board();
    let shared = extra & grid.candidates(roof[0]) & grid.candidates(roof[1]);
    let houses: Vec<(usize, usize, Vec<usize>)> = board
        .cell_houses(roof[0])
        .iter()
        .filter(|&&h| board.house_cells(h).contains(&roof[1]))
        .map(|&h| {
            let cells = board.house_cells(h);
            let empty = cells.iter().filter(|&&c| grid.value(c) == 0).count();
            let others = cells
                .iter()
                .copied()
                .filter(|&c| {
                    grid.value(c) == 0 && !roof.contains(&c) && grid.candidates(c).count_ones() >= 2
                })
                .collect();
            (h, empty, others)
        })
        .collect();
    let most = houses
        .iter()
        .map(|&(_, empty, _)| empty / 2)
        .max()
        .unwrap_or(0);
    // The smallest sets first, as Sudoku Explainer rates the first it finds.
    for k in (extra.count_ones() as usize).max(2)..=most {
        for (house, empty, others) in &houses {
            if k > empty / 2 {
                continue;
            }
            super::subsets::combinations(others.len(), k - 1, &mut |pick| {
                let chosen: Vec<usize> = pick.iter().map(|&i| others[i]).collect();
                let held = chosen.iter().fold(0, |m, &c| m | grid.candidates(c));
                let naked = held | extra;
                if naked.count_ones() as usize != k || (held | shared) != naked {
                    return ControlFlow::Continue(());
                }
                found(k, *house, &chosen, naked)
            })?;
        }
    }
    ControlFlow::Continue(())
}
