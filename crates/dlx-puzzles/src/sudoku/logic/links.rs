//! The links of a grid that chains do not change: for every candidate on and off, the
//! potentials it implies at once, each with its cause, in the order the chain search meets them.
//! Unary and multiple (not dynamic) chains follow these from many assumptions on one grid, so
//! they are worked out once per grid.

use super::implications::{Cause, Pot};

/// Every potential's direct consequences, stored one after another.
#[derive(Clone, Debug, Default)]
pub struct Links {
    start: Vec<u32>,
    targets: Vec<(Pot, Cause)>,
}

impl Links {
    /// The links of `count` potentials, `implied(p, out)` filling `out` with what `p` implies.
    pub fn new(count: usize, mut implied: impl FnMut(Pot, &mut Vec<(Pot, Cause)>)) -> Links {
        let mut start = Vec::with_capacity(count + 1);
        let mut targets = Vec::new();
        let mut out = Vec::new();
        for p in 0..count {
            start.push(targets.len() as u32);
            out.clear();
            implied(p as Pot, &mut out);
            targets.extend_from_slice(&out);
        }
        start.push(targets.len() as u32);
        Links { start, targets }
    }

    /// What `p` implies.
    pub fn of(&self, p: Pot) -> &[(Pot, Cause)] {
        let p = p as usize;
        &self.targets[self.start[p] as usize..self.start[p + 1] as usize]
    }
}
