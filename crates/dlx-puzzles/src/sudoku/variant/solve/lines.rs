//! Rules on a line read from one end: X-sums (the first `x` cells add up to the clue, `x` the
//! first cell's value), sandwiches (the cells between the 1 and the largest value add up to the
//! clue), and sum lines cut into segments of one total (a walk over the line's running totals).

use super::engine::{restrict, Layout, Mask, Queue};
use super::sum::Sum;

/// An X-sum: `sums[k - 1]` is the sum of the first `k` cells equal to the clue.
pub(super) struct XSum {
    /// The first cell, whose value is the count.
    pub first: u32,
    /// For each count `k`, the sum of the line's first `k` cells equal to the clue.
    pub sums: Vec<Sum>,
}

impl XSum {
    pub fn enforce(&self, grid: &mut [Mask], q: &mut Queue, layout: &Layout) -> bool {
        let first = self.first as usize;
        let mut keep = 0;
        let mut rest = grid[first];
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let k = bit.trailing_zeros() as usize;
            if self
                .sums
                .get(k)
                .is_some_and(|s| s.possible(grid, Some((self.first, bit))))
            {
                keep |= bit;
            }
        }
        if !restrict(grid, q, first, keep) {
            return false;
        }
        let m = grid[first];
        if m & (m - 1) == 0 {
            return self.sums[m.trailing_zeros() as usize].enforce(grid, q, layout);
        }
        true
    }
}

/// A sandwich on a house's line: the cells strictly between the smallest and the largest value
/// add up to the clue.
pub(super) struct Sandwich {
    /// The line's cells in order.
    pub cells: Vec<u32>,
    /// The clue.
    pub clue: i32,
    /// The smallest and the largest value.
    pub ends: (Mask, Mask),
    /// For each pair of places `i < j` more than one apart, the sum of the cells between.
    pub spans: Vec<Option<Sum>>,
}

impl Sandwich {
    fn span(&self, i: usize, j: usize) -> Option<&Sum> {
        self.spans[i * self.cells.len() + j].as_ref()
    }

    pub fn enforce(&self, grid: &mut [Mask], q: &mut Queue, layout: &Layout) -> bool {
        let len = self.cells.len();
        let (low, high) = self.ends;
        let (mut low_ok, mut high_ok) = (0u64, 0u64);
        let mut only = None;
        let mut pairs = 0;
        for i in 0..len {
            let mi = grid[self.cells[i] as usize];
            if mi & (low | high) == 0 {
                continue;
            }
            for j in i + 1..len {
                let mj = grid[self.cells[j] as usize];
                let lh = mi & low != 0 && mj & high != 0;
                let hl = mi & high != 0 && mj & low != 0;
                if !lh && !hl {
                    continue;
                }
                let fits = match self.span(i, j) {
                    None => self.clue == 0,
                    Some(sum) => sum.possible(grid, None),
                };
                if !fits {
                    continue;
                }
                if lh {
                    low_ok |= 1 << i;
                    high_ok |= 1 << j;
                }
                if hl {
                    high_ok |= 1 << i;
                    low_ok |= 1 << j;
                }
                pairs += 1;
                only = Some((i, j));
            }
        }
        for (i, &c) in self.cells.iter().enumerate() {
            let mut drop = 0;
            if low_ok >> i & 1 == 0 {
                drop |= low;
            }
            if high_ok >> i & 1 == 0 {
                drop |= high;
            }
            if drop != 0 && !restrict(grid, q, c as usize, !drop) {
                return false;
            }
        }
        match (pairs, only) {
            (0, _) => false,
            (1, Some((i, j))) => self
                .span(i, j)
                .map_or(true, |sum| sum.enforce(grid, q, layout)),
            _ => true,
        }
    }
}

/// A line cut into consecutive segments that each add up to `total` (where the cuts fall is
/// read from the values). Each value is kept only where a walk of running totals passes through
/// it: reachable from the line's start, and reaching its end at a cut.
pub(super) struct Segments {
    /// The line's cells in order.
    pub cells: Vec<u32>,
    /// Each segment's total.
    pub total: usize,
}

impl Segments {
    pub fn enforce(&self, grid: &mut [Mask], q: &mut Queue) -> bool {
        let (len, total) = (self.cells.len(), self.total);
        if total == 0 || total > 63 {
            return true;
        }
        // forward[i]: the running totals (0 = at a cut) possible before cell i, as bits.
        let mut forward = vec![0u64; len + 1];
        forward[0] = 1;
        for i in 0..len {
            let m = grid[self.cells[i] as usize];
            let mut after = 0u64;
            moves(forward[i], m, total, |_, _, next| after |= 1 << next);
            forward[i + 1] = after;
        }
        if forward[len] & 1 == 0 {
            return false;
        }
        // backward[i]: the running totals before cell i from which the end is reached at a cut.
        let mut backward = 1u64;
        for i in (0..len).rev() {
            let c = self.cells[i] as usize;
            let m = grid[c];
            let (mut keep, mut before) = (0, 0u64);
            moves(forward[i], m, total, |t, v, next| {
                if backward >> next & 1 == 1 {
                    keep |= 1 << (v - 1);
                    before |= 1 << t;
                }
            });
            if !restrict(grid, q, c, keep) {
                return false;
            }
            backward = before;
        }
        true
    }
}

/// Every move of a running total through a cell with candidates `m`: from each total `t` of
/// `states` and value `v` that does not pass `total`, `each(t, v, next)` with the total after the
/// cell (`0` where it reaches `total`, a cut).
fn moves(states: u64, m: Mask, total: usize, mut each: impl FnMut(usize, usize, usize)) {
    let mut s = states;
    while s != 0 {
        let t = s.trailing_zeros() as usize;
        s &= s - 1;
        let mut values = m;
        while values != 0 {
            let v = values.trailing_zeros() as usize + 1;
            values &= values - 1;
            let next = t + v;
            if next <= total {
                each(t, v, if next == total { 0 } else { next });
            }
        }
    }
}

/// A lunchbox on distinct cells: the cells strictly between the places of the smallest and the
/// largest value add up to the clue. Each value is kept only where some choice of those two
/// places and values leaves every other cell a value strictly between them, and the cells
/// between the places room to add up to the clue.
pub(super) struct Lunchbox {
    /// The line's cells in order.
    pub cells: Vec<u32>,
    /// The clue.
    pub clue: i32,
}

impl Lunchbox {
    pub fn enforce(&self, grid: &mut [Mask], q: &mut Queue) -> bool {
        let len = self.cells.len();
        // Distinct cells: at most 16 of them, one per value.
        let mut masks = [0 as Mask; 16];
        for (m, &c) in masks.iter_mut().zip(&self.cells) {
            *m = grid[c as usize];
        }
        let mut support = [0 as Mask; 16];
        for p in 0..len {
            for q_ in 0..len {
                if p == q_ {
                    continue;
                }
                let (i, j) = (p.min(q_), p.max(q_));
                let mut lows = masks[p];
                while lows != 0 {
                    let a = lows.trailing_zeros();
                    lows &= lows - 1;
                    // Values above a at q_.
                    let mut highs = masks[q_] & !((2 << a) - 1);
                    while highs != 0 {
                        let b = highs.trailing_zeros();
                        highs &= highs - 1;
                        // Strictly between a and b.
                        let inside: Mask = ((1 << b) - 1) & !((2 << a) - 1);
                        let others_fit = (0..len)
                            .filter(|&k| k != p && k != q_)
                            .all(|k| masks[k] & inside != 0);
                        if !others_fit || !room(&masks[i + 1..j], inside, self.clue) {
                            continue;
                        }
                        support[p] |= 1 << a;
                        support[q_] |= 1 << b;
                        for k in (0..len).filter(|&k| k != p && k != q_) {
                            support[k] |= masks[k] & inside;
                        }
                    }
                }
            }
        }
        self.cells
            .iter()
            .zip(support)
            .all(|(&c, keep)| restrict(grid, q, c as usize, keep))
    }
}

/// Whether distinct cells with candidates `masks` (each kept to `inside`) can add up to `clue`:
/// between the smallest and the largest total of that many values of their union.
fn room(masks: &[Mask], inside: Mask, clue: i32) -> bool {
    let union = masks.iter().fold(0, |u, &m| u | (m & inside));
    let k = masks.len();
    if (union.count_ones() as usize) < k {
        return false;
    }
    // The k smallest values of the union, and the k largest.
    let (mut low, mut high) = (0, 0);
    let (mut up, mut down) = (union, union);
    for _ in 0..k {
        low += up.trailing_zeros() as i32 + 1;
        up &= up - 1;
        let top = 15 - down.leading_zeros() as i32;
        high += top + 1;
        down &= !(1 << top);
    }
    (low..=high).contains(&clue)
}
