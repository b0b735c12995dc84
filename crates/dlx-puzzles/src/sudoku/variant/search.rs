//! The variant solver: a candidate mask per cell, propagation to a fixpoint, and a depth-first
//! search branching on the cell with the fewest candidates.
//!
//! Propagation, each rule on its own: a cell left with one value takes it from its peers (the
//! cells of its houses and cages); a value with one place left in a house goes there; a cage with
//! a sum keeps only the digit sets of its size and sum that still fit (each digit placeable in
//! some cell, each cell holding one of them, its placed digits among them, and every digit that
//! some house can hold only in the cage's cells), lets its cells keep only the digits of those
//! sets, and places a digit every such set needs where only one cell can hold it, or, when the
//! cells that can hold it share a house, takes it from the rest of that house. The 45 rule
//! makes a cage of each house's cells outside its cages.

use super::{Constraint, Variant};

/// A cage with a sum, and the digit sets that add up to it.
struct CageRule {
    cells: Vec<usize>,
    /// The total its cells add up to.
    sum: u32,
    /// For each house that meets the cage: its cells outside the cage, and those inside.
    around: Vec<(Vec<usize>, Vec<usize>)>,
    /// Every set of `cells.len()` distinct digits with the cage's sum, as masks (bit `v - 1`
    /// for `v`).
    combos: Vec<u32>,
}

/// A puzzle laid out for the search.
pub(super) struct Model {
    cells: usize,
    /// All values, as a mask.
    all: u32,
    /// Each cell's peers: the other cells of its houses and cages, each once.
    peers: Vec<Vec<usize>>,
    /// The houses, which hold every value once.
    houses: Vec<Vec<usize>>,
    /// The houses each cell is in, by number.
    cell_houses: Vec<Vec<usize>>,
    cages: Vec<CageRule>,
    /// The starting candidates (givens fixed).
    start: Vec<u32>,
}

/// The digit sets of `size` distinct values from `1..=n` adding up to `sum`, as masks.
fn combos(n: usize, size: usize, sum: u32) -> Vec<u32> {
    fn walk(n: u32, from: u32, left: usize, sum: u32, mask: u32, out: &mut Vec<u32>) {
        if left == 0 {
            if sum == 0 {
                out.push(mask);
            }
            return;
        }
        for v in from..=n {
            if v > sum {
                break;
            }
            walk(n, v + 1, left - 1, sum - v, mask | 1 << (v - 1), out);
        }
    }
    let mut out = Vec::new();
    walk(n as u32, 1, size, sum, 0, &mut out);
    out
}

impl Model {
    pub(super) fn new(puzzle: &Variant) -> Model {
        let shape = &puzzle.shape;
        let (n, cells) = (shape.size(), shape.cell_count());
        let houses: Vec<Vec<usize>> = shape.houses().map(|h| shape.cells(h)).collect();
        let mut groups = houses.clone();
        let mut cages = Vec::new();
        for constraint in &puzzle.constraints {
            let Constraint::Cage { cells, sum } = constraint else {
                continue;
            };
            groups.push(cells.clone());
            if let Some(sum) = *sum {
                cages.push(CageRule {
                    cells: cells.clone(),
                    sum,
                    around: Vec::new(),
                    combos: combos(n, cells.len(), sum),
                });
            }
        }
        // The 45 rule: a house's values add up to 1 + 2 + ... + n, so the cells of a house that no
        // cage inside it covers add up to that total less the inside cages' sums (and, being in
        // one house, are distinct).
        let total = (n * (n + 1) / 2) as u32;
        let mut innies = Vec::new();
        for house in &houses {
            let (mut covered, mut inside) = (vec![false; cells], 0u32);
            for cage in &cages {
                if cage.cells.iter().all(|c| house.contains(c)) {
                    cage.cells.iter().for_each(|&c| covered[c] = true);
                    inside += cage.sum;
                }
            }
            let rest: Vec<usize> = house.iter().copied().filter(|&c| !covered[c]).collect();
            if !rest.is_empty() && rest.len() < n && inside <= total {
                innies.push(CageRule {
                    sum: total - inside,
                    combos: combos(n, rest.len(), total - inside),
                    around: Vec::new(),
                    cells: rest,
                });
            }
        }
        cages.extend(innies);
        for cage in &mut cages {
            for house in &houses {
                let (inside, outside): (Vec<usize>, Vec<usize>) =
                    house.iter().partition(|c| cage.cells.contains(c));
                if !inside.is_empty() {
                    cage.around.push((outside, inside));
                }
            }
        }
        let mut peers = vec![Vec::new(); cells];
        for group in &groups {
            for &a in group {
                peers[a].extend(group.iter().copied().filter(|&b| b != a));
            }
        }
        for list in &mut peers {
            list.sort_unstable();
            list.dedup();
        }
        let mut cell_houses = vec![Vec::new(); cells];
        for (h, house) in houses.iter().enumerate() {
            for &c in house {
                cell_houses[c].push(h);
            }
        }
        let all = if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
        let start = puzzle
            .givens
            .iter()
            .map(|&g| if g == 0 { all } else { 1 << (g - 1) })
            .collect();
        Model {
            cells,
            all,
            peers,
            houses,
            cell_houses,
            cages,
            start,
        }
    }

    /// Counts solutions up to `limit`; the first one found, as values.
    pub(super) fn count(&self, limit: u64) -> (u64, Option<Vec<u8>>) {
        let mut first = None;
        let mut found = 0;
        let mut stack = vec![self.start.clone()];
        while let Some(mut masks) = stack.pop() {
            if !self.propagate(&mut masks) {
                continue;
            }
            // The open cell with the fewest candidates.
            let open = (0..self.cells)
                .filter(|&c| masks[c].count_ones() > 1)
                .min_by_key(|&c| masks[c].count_ones());
            let Some(cell) = open else {
                found += 1;
                if first.is_none() {
                    first = Some(masks.iter().map(|m| m.trailing_zeros() as u8 + 1).collect());
                }
                if found >= limit {
                    break;
                }
                continue;
            };
            // Pushed in reverse, so the smallest value is tried first.
            let mut rest = masks[cell];
            let mut bits = Vec::new();
            while rest != 0 {
                bits.push(rest & rest.wrapping_neg());
                rest &= rest - 1;
            }
            for &bit in bits.iter().rev() {
                let mut child = masks.clone();
                child[cell] = bit;
                stack.push(child);
            }
        }
        (found, first)
    }

    /// Propagates every rule to a fixpoint; `false` on a contradiction.
    fn propagate(&self, m: &mut [u32]) -> bool {
        // The cells whose single value is already taken from their peers in this call.
        let mut spread = vec![false; self.cells];
        loop {
            let mut changed = false;
            for cell in 0..self.cells {
                let bit = m[cell];
                if spread[cell] || bit.count_ones() != 1 {
                    continue;
                }
                spread[cell] = true;
                for &p in &self.peers[cell] {
                    if m[p] & bit != 0 {
                        m[p] &= !bit;
                        if m[p] == 0 {
                            return false;
                        }
                        changed = true;
                    }
                }
            }
            for house in &self.houses {
                let (mut once, mut twice) = (0u32, 0u32);
                for &c in house {
                    twice |= once & m[c];
                    once |= m[c];
                }
                if once != self.all {
                    return false;
                }
                let mut singles = once & !twice;
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles &= singles - 1;
                    let cell = house.iter().copied().find(|&c| m[c] & bit != 0);
                    if let Some(c) = cell.filter(|&c| m[c] != bit) {
                        m[c] = bit;
                        changed = true;
                    }
                }
            }
            for cage in &self.cages {
                match self.cage(cage, m) {
                    None => return false,
                    Some(c) => changed |= c,
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// The cage rule once: `None` on a contradiction, else whether a mask changed.
    fn cage(&self, cage: &CageRule, m: &mut [u32]) -> Option<bool> {
        let (mut union, mut placed) = (0u32, 0u32);
        for &c in &cage.cells {
            union |= m[c];
            if m[c].count_ones() == 1 {
                placed |= m[c];
            }
        }
        // A digit a house can hold only in the cage's cells is in the cage.
        let mut forced = placed;
        for (outside, inside) in &cage.around {
            let out = outside.iter().fold(0, |acc, &c| acc | m[c]);
            let within = inside.iter().fold(0, |acc, &c| acc | m[c]);
            forced |= within & !out;
        }
        let (mut allowed, mut needed) = (0u32, u32::MAX);
        for &combo in &cage.combos {
            let fits = combo & union == combo
                && forced & combo == forced
                && cage.cells.iter().all(|&c| m[c] & combo != 0);
            if fits {
                allowed |= combo;
                needed &= combo;
            }
        }
        if allowed == 0 {
            return None;
        }
        let mut changed = false;
        for &c in &cage.cells {
            let kept = m[c] & allowed;
            if kept == 0 {
                return None;
            }
            if kept != m[c] {
                m[c] = kept;
                changed = true;
            }
        }
        let mut must = needed & !placed;
        while must != 0 {
            let bit = must & must.wrapping_neg();
            must &= must - 1;
            let mut holders = cage.cells.iter().copied().filter(|&c| m[c] & bit != 0);
            // No cell left for a digit every set needs: a contradiction.
            let first = holders.next()?;
            let mut shared = self.cell_houses[first].clone();
            let mut alone = true;
            for c in holders {
                alone = false;
                shared.retain(|h| self.cell_houses[c].contains(h));
            }
            if alone {
                if m[first] != bit {
                    m[first] = bit;
                    changed = true;
                }
                continue;
            }
            // The cage must put the digit in one of these cells: the rest of a house they all
            // share cannot hold it.
            for &h in &shared {
                for &c in &self.houses[h] {
                    if m[c] & bit != 0 && !cage.cells.contains(&c) {
                        m[c] &= !bit;
                        if m[c] == 0 {
                            return None;
                        }
                        changed = true;
                    }
                }
            }
        }
        Some(changed)
    }
}
