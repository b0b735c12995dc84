//! Rules on groups of cells by the values they hold together: every class of values met
//! somewhere (2x2 squares under the global modular and entropy rules), counting circles, sets
//! that hold the same values (clones), and the anti-taxicab rule (a value keeps that far away
//! from itself).

use super::engine::{restrict, Mask, Queue};

/// Each class of values (as masks) appears in at least one of the cells.
pub(super) struct Cover {
    /// The cells.
    pub cells: Vec<u32>,
    /// The classes.
    pub classes: Vec<Mask>,
}

impl Cover {
    pub fn enforce(&self, grid: &mut [Mask], q: &mut Queue) -> bool {
        for &class in &self.classes {
            let mut holders = self
                .cells
                .iter()
                .filter(|&&c| grid[c as usize] & class != 0);
            let Some(&first) = holders.next() else {
                return false;
            };
            // The class has one place left: that cell takes a value of it.
            if holders.next().is_none() && !restrict(grid, q, first as usize, class) {
                return false;
            }
        }
        true
    }
}

/// Counting circles: a value `v` in the circles is in exactly `v` of them. So the values used
/// add up to the number of circles; a value is used only if `v` circles can hold it, no two
/// of them bound to differ.
pub(super) struct Counting {
    /// The circles, ordered by group of circles that must differ.
    pub cells: Vec<u32>,
    /// The groups, as ranges of `cells`.
    pub groups: Vec<(usize, usize)>,
    /// Every set of values adding up to the number of circles.
    pub sets: Vec<Mask>,
}

impl Counting {
    pub fn enforce(&self, grid: &mut [Mask], q: &mut Queue) -> bool {
        // For each value: circles fixed to it, circles that can hold it, groups that can.
        let mut fixed = [0usize; 16];
        let mut can = [0usize; 16];
        let mut room = [0usize; 16];
        let mut cover: Mask = 0;
        for &(start, end) in &self.groups {
            let mut seen: Mask = 0;
            for &c in &self.cells[start..end] {
                let m = grid[c as usize];
                seen |= m;
                cover |= m;
                let mut bits = m;
                while bits != 0 {
                    let v = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    can[v] += 1;
                    if m & (m - 1) == 0 {
                        fixed[v] += 1;
                    }
                }
            }
            let mut bits = seen;
            while bits != 0 {
                room[bits.trailing_zeros() as usize] += 1;
                bits &= bits - 1;
            }
        }
        let placed: Mask = (0..16).filter(|&v| fixed[v] > 0).fold(0, |m, v| m | 1 << v);
        let usable: Mask = (0..16)
            .filter(|&v| fixed[v] <= v + 1 && room[v] > v)
            .fold(0, |m, v| m | 1 << v);
        let (mut allowed, mut needed): (Mask, Mask) = (0, Mask::MAX);
        for &set in &self.sets {
            if set & !usable == 0 && placed & !set == 0 && set & !cover == 0 {
                allowed |= set;
                needed &= set;
            }
        }
        if allowed == 0 {
            return false;
        }
        // A value placed as often as it counts is in no other circle.
        let full: Mask = (0..16)
            .filter(|&v| fixed[v] == v + 1)
            .fold(0, |acc, v| acc | 1 << v);
        for &c in &self.cells {
            let m = grid[c as usize];
            let drop = if m & (m - 1) == 0 { 0 } else { full };
            if !restrict(grid, q, c as usize, allowed & !drop) {
                return false;
            }
        }
        // A value every set uses, with as many circles able to hold it as it counts: all hold it.
        let mut must = needed;
        while must != 0 {
            let v = must.trailing_zeros() as usize;
            must &= must - 1;
            let bit: Mask = 1 << v;
            let holders = self.cells.iter().filter(|&&c| grid[c as usize] & bit != 0);
            if holders.count() == v + 1 {
                for &c in &self.cells {
                    if grid[c as usize] & bit != 0 && !restrict(grid, q, c as usize, bit) {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// Two groups of cells hold the same values: each keeps only values the other can hold.
pub(super) struct Same {
    /// One group.
    pub a: Vec<u32>,
    /// The other.
    pub b: Vec<u32>,
}

impl Same {
    pub fn enforce(&self, grid: &mut [Mask], q: &mut Queue) -> bool {
        keep_within(grid, q, &self.a, &self.b) && keep_within(grid, q, &self.b, &self.a)
    }
}

fn keep_within(grid: &mut [Mask], q: &mut Queue, to: &[u32], from: &[u32]) -> bool {
    let union = from.iter().fold(0, |acc, &c| acc | grid[c as usize]);
    to.iter().all(|&c| restrict(grid, q, c as usize, union))
}

/// The anti-taxicab rule from one cell: once it holds `v`, no cell `v` steps away (rows plus
/// columns) holds `v`.
pub(super) struct Taxicab {
    /// The cell.
    pub cell: u32,
    /// `rings[d - 1]`: the cells `d` steps away.
    pub rings: Vec<Vec<u32>>,
}

impl Taxicab {
    pub fn enforce(&self, grid: &mut [Mask], q: &mut Queue) -> bool {
        let m = grid[self.cell as usize];
        if m & (m - 1) != 0 {
            return true;
        }
        let v = m.trailing_zeros() as usize;
        match self.rings.get(v) {
            Some(ring) => ring.iter().all(|&c| restrict(grid, q, c as usize, !m)),
            None => true,
        }
    }
}
