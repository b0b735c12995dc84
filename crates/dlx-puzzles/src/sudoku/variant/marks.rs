//! Candidates given cell by cell (givens, pencil marks, odd and even cells), merged as ISS merges
//! them: a cell given candidates twice keeps the values common to both. Shared by the readers.

use super::Constraint;

/// Each cell's candidates so far.
pub(super) struct Marks {
    /// Each cell's candidates (`None`: all).
    candidates: Vec<Option<Vec<u8>>>,
    /// The cells with candidates, in the order first given.
    order: Vec<usize>,
}

impl Marks {
    /// No candidates given yet on a grid of `cells` cells.
    pub fn new(cells: usize) -> Marks {
        Marks {
            candidates: vec![None; cells],
            order: Vec::new(),
        }
    }

    /// Narrows a cell's candidates to `values`.
    pub fn allow(&mut self, cell: usize, mut values: Vec<u8>) {
        values.sort_unstable();
        values.dedup();
        match &mut self.candidates[cell] {
            Some(old) => old.retain(|v| values.contains(v)),
            slot => {
                *slot = Some(values);
                self.order.push(cell);
            }
        }
    }

    /// The givens (a cell left one value), one per cell (`0` for none), with a candidate
    /// constraint appended to `constraints` for each cell left several values but not all `n`.
    pub fn finish(mut self, n: usize, constraints: &mut Vec<Constraint>) -> Vec<u8> {
        let mut givens = vec![0; self.candidates.len()];
        for cell in self.order {
            let values = self.candidates[cell].take().unwrap_or_default();
            match values[..] {
                [v] => givens[cell] = v,
                // Every value allowed: no constraint.
                _ if values.len() == n => {}
                _ => constraints.push(Constraint::Allowed { cell, values }),
            }
        }
        givens
    }
}
