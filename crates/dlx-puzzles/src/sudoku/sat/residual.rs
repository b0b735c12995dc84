//! The candidates left in a grid as an exact-cover problem over those candidates only.
//!
//! A cell with one candidate is settled: its value leaves the other cells of its houses, and it
//! gets no item. Every other cell is an item whose options are its candidates; every house and
//! value not settled in it is an item whose options are the house's cells that still have the
//! value. Each option covers its cell and the house-and-value items of its cell's houses.
//!
//! Every item is exactly one, though "at most one value a cell" follows from the houses and "at
//! least one cell a house and value" from the cells (counting the candidates of a house): the
//! redundant halves are what lets unit propagation see a hidden or a naked single, and without
//! either the solver needs many times the conflicts (measured on the minimal 25x25 puzzles:
//! without the cells' at-most-one 8.4 times over eight puzzles, without the houses' at-most-one
//! 166 and 634 times on the two tried, without the houses' at-least-one no answer in minutes
//! where 12 s were enough). Naked and hidden pairs applied to the candidates first removed about
//! 1 % of the options and changed the conflicts by +0.3 % over the eighteen, less than the
//! spread of the solver's seed, so the residual is what singles and locked candidates leave.

use dlx_core::{Entry, Problem, ProblemBuilder};

use crate::sudoku::shape::Shape;

/// The residual problem of a grid, and what its options stand for.
#[derive(Debug)]
pub(super) struct Residual {
    /// `None` when every cell is settled (the problem would have no item).
    pub problem: Option<Problem>,
    /// The cell and value (from 1) of every option.
    pub placements: Vec<(usize, u16)>,
    /// The settled value of every cell, 0 for the others.
    pub settled: Vec<u16>,
}

impl Residual {
    /// The grid of a solution of the residual problem (its options, as numbers).
    pub fn grid(&self, options: &[usize]) -> Vec<u16> {
        let mut grid = self.settled.clone();
        for &option in options {
            let (cell, value) = self.placements[option];
            grid[cell] = value;
        }
        grid
    }
}

/// The residual problem of `candidates` (one mask per cell, bit `v - 1` for value `v`) on
/// `shape`, or `None` when the candidates already contradict each other: a cell without
/// candidates, a value settled twice in a house, or a house where an unsettled value has no
/// place.
pub(super) fn residual(shape: &Shape, candidates: &[u64]) -> Option<Residual> {
    let n = shape.size();
    let houses: Vec<Vec<usize>> = shape.houses().map(|h| shape.cells(h)).collect();
    let mut houses_of = vec![Vec::new(); n * n];
    for (h, cells) in houses.iter().enumerate() {
        for &cell in cells {
            houses_of[cell].push(h);
        }
    }
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut settled = vec![0u16; n * n];
    // The values settled in each house.
    let mut placed = vec![0u64; houses.len()];
    for (cell, &mask) in candidates.iter().enumerate() {
        let mask = mask & full;
        if mask == 0 {
            return None;
        }
        if mask.count_ones() == 1 {
            settled[cell] = mask.trailing_zeros() as u16 + 1;
            for &h in &houses_of[cell] {
                if placed[h] & mask != 0 {
                    return None;
                }
                placed[h] |= mask;
            }
        }
    }
    // What each open cell may still take, once the values settled in its houses are out.
    let open: Vec<u64> = candidates
        .iter()
        .enumerate()
        .map(|(cell, &mask)| {
            if settled[cell] != 0 {
                return 0;
            }
            houses_of[cell]
                .iter()
                .fold(mask & full, |m, &h| m & !placed[h])
        })
        .collect();
    if open.iter().zip(&settled).any(|(&m, &s)| m == 0 && s == 0) {
        return None;
    }
    let mut builder = ProblemBuilder::new();
    let mut cell_item = vec![usize::MAX; n * n];
    for (cell, &m) in open.iter().enumerate() {
        if m != 0 {
            cell_item[cell] = builder
                .primary(format!("c{cell}"))
                .expect("item names are distinct and valid");
        }
    }
    // The item of each house and value not settled in it.
    let mut house_item = vec![usize::MAX; houses.len() * n];
    for (h, cells) in houses.iter().enumerate() {
        let reachable = cells.iter().fold(0, |m, &cell| m | open[cell]);
        for v in 0..n {
            if placed[h] >> v & 1 == 1 {
                continue;
            }
            if reachable >> v & 1 == 0 {
                return None;
            }
            house_item[h * n + v] = builder
                .primary(format!("h{h}v{}", v + 1))
                .expect("item names are distinct and valid");
        }
    }
    if builder.item_count() == 0 {
        return Some(Residual {
            problem: None,
            placements: Vec::new(),
            settled,
        });
    }
    let mut placements = Vec::new();
    let mut entries = Vec::new();
    for (cell, &m) in open.iter().enumerate() {
        let mut values = m;
        while values != 0 {
            let v = values.trailing_zeros() as usize;
            values &= values - 1;
            entries.clear();
            entries.push(Entry::plain(cell_item[cell]));
            entries.extend(
                houses_of[cell]
                    .iter()
                    .map(|&h| Entry::plain(house_item[h * n + v])),
            );
            builder
                .option(entries.iter().copied())
                .expect("the items of an open candidate are declared and distinct");
            placements.push((cell, v as u16 + 1));
        }
    }
    let problem = builder
        .build()
        .expect("a grid of side at most 64 fits the engine");
    Some(Residual {
        problem: Some(problem),
        placements,
        settled,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settled_cells_get_no_item_and_leave_their_houses() {
        let shape = Shape::standard(4).unwrap();
        let mut candidates = vec![0b1111u64; 16];
        candidates[0] = 0b0001;
        let residual = residual(&shape, &candidates).unwrap();
        let problem = residual.problem.as_ref().unwrap();
        // 15 open cells; 12 houses, each with 4 values, less value 1 in row 1, column 1, box 1.
        assert_eq!(problem.primary_count(), 15 + 12 * 4 - 3);
        // Value 1 is out of the 7 peers of cell 0.
        assert_eq!(problem.option_count(), 15 * 4 - 7);
        assert_eq!(residual.settled[0], 1);
        assert!(residual
            .placements
            .iter()
            .all(|&(cell, v)| cell != 0 && v >= 1));
    }

    #[test]
    fn contradictions_are_found_on_the_way() {
        let shape = Shape::standard(4).unwrap();
        let mut candidates = vec![0b1111u64; 16];
        candidates[0] = 0b0001;
        candidates[1] = 0b0001;
        assert!(residual(&shape, &candidates).is_none());
        candidates[1] = 0;
        assert!(residual(&shape, &candidates).is_none());
        // Value 4 has no place in row 1.
        let mut candidates = vec![0b1111u64; 16];
        for mask in &mut candidates[..4] {
            *mask = 0b0111;
        }
        assert!(residual(&shape, &candidates).is_none());
    }

    #[test]
    fn a_settled_grid_has_no_problem() {
        let shape = Shape::standard(2).unwrap();
        let residual = residual(&shape, &[0b01, 0b10, 0b10, 0b01]).unwrap();
        assert!(residual.problem.is_none());
        assert_eq!(residual.grid(&[]), [1, 2, 2, 1]);
    }
}
