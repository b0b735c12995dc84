//! Aligned pair exclusion: two cells and the bivalue cells that see both; a pair of values for
//! the two cells that would empty one of those bivalue cells (or repeat a value in a house) is
//! impossible, and a value of a cell that appears in no possible pair is removed.

use std::ops::ControlFlow;

use super::grid::{bit, cell_name, cell_names, values, Grid};
use super::step::{Step, Technique};
use super::Found;

/// Aligned pair exclusion (6.2).
pub fn pair_exclusion(grid: &Grid, found: Found<'_>) -> ControlFlow<()> {
    let board = grid.board();
    let n = grid.size();
    // Base cells: two or more candidates, no naked single among their peers, and some bivalue
    // peers, which can exclude pairs.
    let mut bases: Vec<(usize, Vec<usize>)> = Vec::new();
    for cell in 0..board.cell_count() {
        if grid.candidates(cell).count_ones() < 2 {
            continue;
        }
        let peers = board.peers(cell);
        if peers
            .iter()
            .any(|&p| grid.value(p) == 0 && grid.candidates(p).count_ones() == 1)
        {
            continue;
        }
        let excluders: Vec<usize> = peers
            .iter()
            .copied()
            .filter(|&p| grid.candidates(p).count_ones() == 2)
            .collect();
        if !excluders.is_empty() {
            bases.push((cell, excluders));
        }
    }
    let mut common = Vec::new();
    for (i, (a, ex_a)) in bases.iter().enumerate() {
        for (b, ex_b) in &bases[i + 1..] {
            common.clear();
            common.extend(ex_a.iter().copied().filter(|c| ex_b.contains(c)));
            if common.len() < 2 {
                continue;
            }
            let (ma, mb) = (grid.candidates(*a), grid.candidates(*b));
            let mut allowed_a = 0;
            let mut allowed_b = 0;
            for va in values(ma) {
                for vb in values(mb) {
                    if va == vb && board.sees(*a, *b) {
                        continue;
                    }
                    let pair = bit(va) | bit(vb);
                    if common.iter().any(|&c| grid.candidates(c) & !pair == 0) {
                        continue;
                    }
                    allowed_a |= bit(va);
                    allowed_b |= bit(vb);
                }
            }
            let eliminations: Vec<(usize, u16)> = values(ma & !allowed_a)
                .map(|v| (*a, v))
                .chain(values(mb & !allowed_b).map(|v| (*b, v)))
                .collect();
            if eliminations.is_empty() {
                continue;
            }
            found(Step {
                technique: Technique::AlignedPairExclusion,
                houses: Vec::new(),
                pattern: grid.candidates_of([*a, *b].iter().chain(&common)),
                placements: Vec::new(),
                eliminations,
                text: format!(
                    "Aligned pair exclusion: {} and {}, with the bivalue cells {} that see both: \
                     some of their values fit in no possible pair",
                    cell_name(*a, n),
                    cell_name(*b, n),
                    cell_names(&common, n)
                ),
                difficulty: 62,
            })?;
        }
    }
    ControlFlow::Continue(())
}
