//! The handlers: each keeps one rule over some cells, narrowing candidates and reporting a
//! contradiction.

use super::engine::{Layout, Mask, Queue};
use super::sum::Sum;

/// One rule the propagation keeps.
pub(super) enum Handler {
    /// A house: every value in exactly one of its cells (a value with one place left goes
    /// there; a value with none is a contradiction).
    House {
        /// The house's cells.
        cells: Vec<u32>,
        /// Every value.
        all: Mask,
    },
    /// A linear sum of cells with coefficients 1 and -1.
    Sum(Box<Sum>),
}

impl Handler {
    /// The cells whose changes wake the handler.
    pub fn cells(&self) -> Vec<u32> {
        match self {
            Handler::House { cells, .. } => cells.clone(),
            Handler::Sum(sum) => sum.watched(),
        }
    }

    /// What the handler adds to its cells' starting scores: its size, and more for a small
    /// sum (a small cage leaves few digit sets).
    pub fn priority(&self) -> u32 {
        match self {
            Handler::House { cells, .. } => cells.len() as u32,
            Handler::Sum(sum) => sum.priority(),
        }
    }

    /// Keeps the rule once; `false` on a contradiction.
    #[inline]
    pub fn enforce(&self, grid: &mut [Mask], q: &mut Queue, layout: &Layout) -> bool {
        match self {
            Handler::House { cells, all } => house(grid, q, cells, *all),
            Handler::Sum(sum) => sum.enforce(grid, q, layout),
        }
    }
}

fn house(grid: &mut [Mask], q: &mut Queue, cells: &[u32], all: Mask) -> bool {
    let (mut once, mut twice, mut fixed) = (0, 0, 0);
    for &c in cells {
        let m = grid[c as usize];
        twice |= once & m;
        once |= m;
        if m & (m - 1) == 0 {
            fixed |= m;
        }
    }
    if once != all {
        return false;
    }
    let mut singles = once & !twice & !fixed;
    while singles != 0 {
        let bit = singles & singles.wrapping_neg();
        singles &= singles - 1;
        // Another value may have taken the one cell left for this one.
        let Some(&c) = cells.iter().find(|&&c| grid[c as usize] & bit != 0) else {
            return false;
        };
        grid[c as usize] = bit;
        q.changed(c as usize, bit);
    }
    true
}
