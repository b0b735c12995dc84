//! Aligned pair exclusion: two cells and the bivalue cells that see both; a pair of values for
//! the two cells that would empty one of those bivalue cells (or repeat a value in a house) is
//! impossible, and a value of a cell that appears in no possible pair is removed.

use std::ops::ControlFlow;

use super::grid::{bit, cell_name, cell_names, cells_of, values, Grid};
use super::step::{Step, Technique};
use super::Found;

/// Aligned pair exclusion (6.2).
pub fn pair_exclusion(grid: &Grid, found: Found<'_>) -> ControlFlow<()> {
    let board = grid.board();
    let n = grid.size();
    let cells = board.cell_count();
    let words = cells.div_ceil(64);
    // The bivalue cells, and the unsolved cells with one candidate left (naked singles), as sets.
    let mut bivalue = vec![0u64; words];
    let mut singles = vec![0u64; words];
    for cell in 0..cells {
        let count = grid.candidates(cell).count_ones();
        if count == 2 {
            bivalue[cell / 64] |= 1 << (cell % 64);
        } else if count == 1 && grid.value(cell) == 0 {
            singles[cell / 64] |= 1 << (cell % 64);
        }
    }
    // Base cells: two or more candidates, no naked single among their peers, and some bivalue
    // peers (their excluders, as a set), which can exclude pairs.
    let mut bases: Vec<usize> = Vec::new();
    let mut excluders: Vec<u64> = Vec::new();
    for cell in 0..cells {
        if grid.candidates(cell).count_ones() < 2 {
            continue;
        }
        let peers = board.peer_set(cell);
        if peers.iter().zip(&singles).any(|(p, s)| p & s != 0) {
            continue;
        }
        let start = excluders.len();
        excluders.extend(peers.iter().zip(&bivalue).map(|(p, b)| p & b));
        if excluders[start..].iter().all(|&w| w == 0) {
            excluders.truncate(start);
            continue;
        }
        bases.push(cell);
    }
    let mut common = vec![0u64; words];
    let mut excluded: Vec<u128> = Vec::new();
    for (i, &a) in bases.iter().enumerate() {
        let ex_a = &excluders[i * words..(i + 1) * words];
        for (j, &b) in bases.iter().enumerate().skip(i + 1) {
            let ex_b = &excluders[j * words..(j + 1) * words];
            let mut shared = 0;
            for ((c, x), y) in common.iter_mut().zip(ex_a).zip(ex_b) {
                *c = x & y;
                shared += c.count_ones();
            }
            if shared < 2 {
                continue;
            }
            // A pair of values is excluded when it is all that a common bivalue cell has.
            excluded.clear();
            excluded.extend(cells_of(common.iter().copied()).map(|c| grid.candidates(c)));
            let (ma, mb) = (grid.candidates(a), grid.candidates(b));
            let same_house = board.sees(a, b);
            let mut allowed_a = 0;
            let mut allowed_b = 0;
            for va in values(ma) {
                for vb in values(mb) {
                    if va == vb && same_house {
                        continue;
                    }
                    let pair = bit(va) | bit(vb);
                    if excluded.contains(&pair) {
                        continue;
                    }
                    allowed_a |= bit(va);
                    allowed_b |= bit(vb);
                }
            }
            if ma & !allowed_a == 0 && mb & !allowed_b == 0 {
                continue;
            }
            let eliminations: Vec<(usize, u16)> = values(ma & !allowed_a)
                .map(|v| (a, v))
                .chain(values(mb & !allowed_b).map(|v| (b, v)))
                .collect();
            let common: Vec<usize> = cells_of(common.iter().copied()).collect();
            found(Step {
                technique: Technique::AlignedPairExclusion,
                houses: Vec::new(),
                pattern: grid.candidates_of([a, b].iter().chain(&common)),
                placements: Vec::new(),
                eliminations,
                text: format!(
                    "Aligned pair exclusion: {} and {}, with the bivalue cells {} that see both: \
                     some of their values fit in no possible pair",
                    cell_name(a, n),
                    cell_name(b, n),
                    cell_names(&common, n)
                ),
                difficulty: 62,
            })?;
        }
    }
    ControlFlow::Continue(())
}
