//! The sum rule: cells with coefficients 1 and -1 adding up to a target, the cells grouped by
//! which must differ.
//!
//! A cell with coefficient -1 is read reflected (`v` as `n + 1 - v`), which turns every sum
//! into one of positive terms. Then, in order of cost:
//! - with three open cells or fewer, every remaining assignment is tried;
//! - otherwise each group of mutually distinct cells bounds the sum from below and above (the
//!   smallest distinct values its cells can take, and the largest), and each cell keeps the
//!   values those bounds leave room for;
//! - a sum of distinct cells (a cage, or the rest of a house) keeps the values of the digit
//!   sets that still fit: each set within the cells' candidates, holding every value placed,
//!   meeting every cell, and leaving the rest of the house the values it can hold; a value
//!   every such set needs goes where only one cell can hold it, or leaves the rest of a house
//!   its possible cells share.

use super::engine::{restrict, Layout, Mask, Queue};

/// The most cells a sum takes (its cells' candidates are copied to the stack).
pub(super) const MAX_CELLS: usize = 64;

/// What [`Sum::load`] reads off the grid.
struct Loaded {
    fixed_sum: i32,
    open: usize,
    open_at: [usize; 3],
}

/// A linear sum over cells.
pub(super) struct Sum {
    /// The cells.
    cells: Vec<u32>,
    /// Which cells (by position) have coefficient -1.
    negative: u64,
    /// The total in the reflected reading.
    target: i32,
    /// The largest value.
    n: u32,
    /// Every value, as a mask.
    all: u32,
    /// Groups of mutually distinct cells of one coefficient, as ranges of positions (the cells
    /// are ordered so) and the coefficient's size.
    groups: Vec<(u8, u8, i32)>,
    /// Each position's coefficient's size.
    weights: Vec<i32>,
    /// Whether every coefficient is 1 or -1.
    unit: bool,
    /// For each position, the positions of cells that must differ from it.
    differ: Vec<u64>,
    /// For a sum of distinct cells: every digit set of its size and total.
    combos: Vec<Mask>,
    /// For such a sum inside a house: the house's other cells.
    complement: Vec<u32>,
}

/// The total of the values in `mask` (bit `i` for value `i + 1`).
#[inline]
pub(super) fn total(mask: u32) -> i32 {
    (mask.count_ones()
        + (mask & 0xAAAA).count_ones()
        + 2 * (mask & 0xCCCC).count_ones()
        + 4 * (mask & 0xF0F0).count_ones()
        + 8 * (mask & 0xFF00).count_ones()) as i32
}

/// The digit sets of `size` distinct values from `1..=n` adding up to `sum`, as masks.
pub(super) fn digit_sets(n: u32, size: usize, sum: i32) -> Vec<Mask> {
    (0u32..1 << n)
        .filter(|&m| m.count_ones() as usize == size && total(m) == sum)
        .map(|m| m as Mask)
        .collect()
}

impl Sum {
    /// A sum of `positive` cells less `negative` cells equal to `target`, over values
    /// `1..=n`; `differ(a, b)` says whether two cells must hold different values; a sum of
    /// positive distinct cells inside a house takes that house's other cells as `complement`.
    pub fn new(
        positive: &[u32],
        negative: &[u32],
        target: i32,
        n: u32,
        differ: impl Fn(u32, u32) -> bool,
        complement: Vec<u32>,
    ) -> Sum {
        let terms: Vec<(u32, i32)> = positive
            .iter()
            .map(|&c| (c, 1))
            .chain(negative.iter().map(|&c| (c, -1)))
            .collect();
        Sum::weighted(&terms, target, n, differ, complement)
    }

    /// A sum of cells times their coefficients (`(cell, coefficient)`, none zero) equal to
    /// `target`; as [`Sum::new`] otherwise.
    pub fn weighted(
        terms: &[(u32, i32)],
        target: i32,
        n: u32,
        differ: impl Fn(u32, u32) -> bool,
        complement: Vec<u32>,
    ) -> Sum {
        assert!(terms.len() <= MAX_CELLS);
        // Greedy groups of mutually distinct cells of one coefficient.
        let mut groups: Vec<(i32, Vec<u32>)> = Vec::new();
        for &(c, k) in terms {
            match groups
                .iter_mut()
                .find(|(kg, g)| *kg == k && g.iter().all(|&o| differ(o, c)))
            {
                Some((_, g)) => g.push(c),
                None => groups.push((k, vec![c])),
            }
        }
        let mut cells = Vec::new();
        let mut signs = 0u64;
        let mut weights = Vec::new();
        let mut ranges = Vec::new();
        let mut target = target;
        for (k, g) in &groups {
            let start = cells.len();
            for &c in g {
                if *k < 0 {
                    signs |= 1 << cells.len();
                    // -k v = |k| (n + 1 - v) - |k| (n + 1): read reflected, the total moves.
                    target += k.abs() * (n as i32 + 1);
                }
                cells.push(c);
                weights.push(k.abs());
            }
            ranges.push((start as u8, cells.len() as u8, k.abs()));
        }
        let differ_bits = cells
            .iter()
            .enumerate()
            .map(|(i, &a)| {
                cells.iter().enumerate().fold(0u64, |acc, (j, &b)| {
                    let same_sign = (signs >> i & 1) == (signs >> j & 1);
                    if i != j && same_sign && differ(a, b) {
                        acc | 1 << j
                    } else {
                        acc
                    }
                })
            })
            .collect();
        let unit = weights.iter().all(|&w| w == 1);
        let distinct = unit && signs == 0 && groups.len() == 1;
        let combos = if distinct && cells.len() <= n as usize {
            digit_sets(n, cells.len(), target)
        } else {
            Vec::new()
        };
        Sum {
            complement: if distinct { complement } else { Vec::new() },
            cells,
            negative: signs,
            target,
            n,
            all: (1 << n) - 1,
            groups: ranges,
            weights,
            unit,
            differ: differ_bits,
            combos,
        }
    }

    /// The cells whose changes wake the rule.
    pub fn watched(&self) -> Vec<u32> {
        self.cells.iter().chain(&self.complement).copied().collect()
    }

    /// The search priority of the sum's cells: higher for fewer cells.
    pub fn priority(&self) -> u32 {
        (2 * self.n)
            .saturating_sub(self.cells.len() as u32)
            .max(self.n)
    }

    #[inline]
    fn reflect(&self, m: u32) -> u32 {
        (m.reverse_bits() >> (32 - self.n)) & self.all
    }

    /// The cells' candidates as the rule reads them (reflected where the coefficient is
    /// negative; `fix` read in place of that cell's own), the total of the fixed ones, and the
    /// places of the first three open ones with their number.
    #[inline]
    fn load(&self, grid: &[Mask], fix: Option<(u32, Mask)>, m: &mut [u32]) -> Loaded {
        let mut loaded = Loaded {
            fixed_sum: 0,
            open: 0,
            open_at: [0; 3],
        };
        for (i, &c) in self.cells.iter().enumerate() {
            let mut v = match fix {
                Some((cell, mask)) if cell == c => u32::from(mask),
                _ => u32::from(grid[c as usize]),
            };
            if self.negative >> i & 1 == 1 {
                v = self.reflect(v);
            }
            m[i] = v;
            if v & (v - 1) == 0 {
                loaded.fixed_sum += self.weights[i] * (v.trailing_zeros() as i32 + 1);
            } else {
                if loaded.open < 3 {
                    loaded.open_at[loaded.open] = i;
                }
                loaded.open += 1;
            }
        }
        loaded
    }

    /// The rule on loaded candidates: `None` if it is met only by a fixed total, else whether
    /// the open cells can still meet it (narrowing `m`).
    #[inline]
    fn narrow(&self, m: &mut [u32], loaded: &Loaded) -> Option<bool> {
        let Loaded {
            fixed_sum,
            open,
            open_at,
        } = *loaded;
        if open == 0 {
            None
        } else if open <= 3 && self.unit {
            Some(self.few(m, &open_at[..open], self.target - fixed_sum))
        } else {
            Some(self.bounds(&mut m[..self.cells.len()]))
        }
    }

    /// Keeps the rule once; `false` on a contradiction.
    pub fn enforce(&self, grid: &mut [Mask], q: &mut Queue, layout: &Layout) -> bool {
        let k = self.cells.len();
        let mut m = [0u32; MAX_CELLS];
        let loaded = self.load(grid, None, &mut m);
        let ok = match self.narrow(&mut m, &loaded) {
            None => return loaded.fixed_sum == self.target,
            Some(ok) => {
                let exact = loaded.open <= 3 && self.unit;
                ok && (exact
                    || self.combos.is_empty()
                    || self.digit_sets(grid, q, layout, &mut m[..k]))
            }
        };
        if !ok {
            return false;
        }
        for (i, &c) in self.cells.iter().enumerate() {
            let mut v = m[i];
            if self.negative >> i & 1 == 1 {
                v = self.reflect(v);
            }
            if !restrict(grid, q, c as usize, v as Mask) {
                return false;
            }
        }
        true
    }

    /// Whether the sum can still be met, `fix` (a cell and its candidates) read in place of that
    /// cell's own; the grid is not changed.
    pub fn possible(&self, grid: &[Mask], fix: Option<(u32, Mask)>) -> bool {
        let mut m = [0u32; MAX_CELLS];
        let loaded = self.load(grid, fix, &mut m);
        self.narrow(&mut m, &loaded)
            .unwrap_or(loaded.fixed_sum == self.target)
    }

    /// Every assignment of the (at most three) open cells adding up to `rest`.
    fn few(&self, m: &mut [u32], open: &[usize], rest: i32) -> bool {
        let n = self.n as i32;
        let bit = |v: i32| {
            if (1..=n).contains(&v) {
                1u32 << (v - 1)
            } else {
                0
            }
        };
        match *open {
            [a] => {
                m[a] &= bit(rest);
                m[a] != 0
            }
            [a, b] => {
                let (x, y) = pairs(m[a], m[b], rest, self.differ[a] >> b & 1 == 1);
                m[a] = x;
                m[b] = y;
                x != 0
            }
            [a, b, c] => {
                let (ab, ac) = (self.differ[a] >> b & 1 == 1, self.differ[a] >> c & 1 == 1);
                let bc = self.differ[b] >> c & 1 == 1;
                let (mut ka, mut kb, mut kc) = (0, 0, 0);
                for x in values(m[a]) {
                    let own = bit(x);
                    let (mb, mc) = (
                        if ab { m[b] & !own } else { m[b] },
                        if ac { m[c] & !own } else { m[c] },
                    );
                    let (yb, yc) = pairs(mb, mc, rest - x, bc);
                    if yb != 0 {
                        ka |= own;
                        kb |= yb;
                        kc |= yc;
                    }
                }
                m[a] = ka;
                m[b] = kb;
                m[c] = kc;
                ka != 0
            }
            _ => unreachable!("at most three open cells"),
        }
    }

    /// The sum's bounds from each group's smallest and largest distinct values.
    fn bounds(&self, m: &mut [u32]) -> bool {
        let (mut low, mut high) = (0, 0);
        let mut edges = [(0u8, 0u8); MAX_CELLS];
        for (g, &(start, end, weight)) in self.groups.iter().enumerate() {
            let (mut least, mut most) = (0u32, 0u32);
            for &v in &m[start as usize..end as usize] {
                let x = !(least | ((v & v.wrapping_neg()) - 1));
                least |= x & x.wrapping_neg();
                let r = self.reflect(v);
                let x = !(most | ((r & r.wrapping_neg()) - 1));
                most |= x & x.wrapping_neg();
            }
            if (least | most) & !self.all != 0 {
                return false;
            }
            let most = self.reflect(most);
            low += weight * total(least);
            high += weight * total(most);
            edges[g] = (
                (32 - least.leading_zeros()) as u8,
                most.trailing_zeros() as u8 + 1,
            );
        }
        let (below, above) = (self.target - low, high - self.target);
        if below < 0 || above < 0 {
            return false;
        }
        let n = self.n as i32;
        if below >= n - 1 && above >= n - 1 {
            return true;
        }
        for (g, &(start, end, weight)) in self.groups.iter().enumerate() {
            let (largest_low, smallest_high) = (i32::from(edges[g].0), i32::from(edges[g].1));
            let top = (largest_low + below / weight).min(n);
            let bottom = (smallest_high - above / weight).max(1);
            if top < bottom {
                return false;
            }
            let keep = (self.all >> (n - top)) & !((1u32 << (bottom - 1)) - 1);
            for v in &mut m[start as usize..end as usize] {
                *v &= keep;
                if *v == 0 {
                    return false;
                }
            }
        }
        true
    }

    /// The digit sets that still fit (see the module's comment).
    fn digit_sets(&self, grid: &mut [Mask], q: &mut Queue, layout: &Layout, m: &mut [u32]) -> bool {
        let (mut union, mut placed) = (0u32, 0u32);
        for &v in m.iter() {
            union |= v;
            if v & (v - 1) == 0 {
                placed |= v;
            }
        }
        let outside = self
            .complement
            .iter()
            .fold(0u32, |acc, &c| acc | u32::from(grid[c as usize]));
        let (mut inside_ok, mut outside_ok, mut needed) = (0u32, 0u32, u32::MAX);
        for &set in &self.combos {
            let set = u32::from(set);
            let rest = self.all & !set;
            let fits = set & !union == 0
                && placed & !set == 0
                && (self.complement.is_empty() || rest & !outside == 0)
                && m.iter().all(|&v| v & set != 0);
            if fits {
                inside_ok |= set;
                outside_ok |= rest;
                needed &= set;
            }
        }
        if inside_ok == 0 {
            return false;
        }
        for v in m.iter_mut() {
            *v &= inside_ok;
            if *v == 0 {
                return false;
            }
        }
        for &c in &self.complement {
            if !restrict(grid, q, c as usize, outside_ok as Mask) {
                return false;
            }
        }
        let mut must = needed & !placed;
        while must != 0 {
            let bit = must & must.wrapping_neg();
            must &= must - 1;
            let mut holders = (0..m.len()).filter(|&i| m[i] & bit != 0);
            let Some(first) = holders.next() else {
                return false;
            };
            let second = holders.next();
            if second.is_none() {
                m[first] = bit;
                continue;
            }
            // The digit is in one of these cells: no other cell of a house they all share
            // holds it.
            let cell_houses = &layout.cell_houses;
            for &h in &cell_houses[self.cells[first] as usize] {
                let shared = (0..m.len())
                    .filter(|&i| m[i] & bit != 0)
                    .all(|i| cell_houses[self.cells[i] as usize].contains(&h));
                if !shared {
                    continue;
                }
                for &c in &layout.houses[h as usize] {
                    if grid[c as usize] & bit as Mask != 0
                        && !self.cells.contains(&c)
                        && !restrict(grid, q, c as usize, !(bit as Mask))
                    {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// The values of `a` and of `b` that pair up to `sum` (distinct when `apart`).
#[inline]
fn pairs(a: u32, b: u32, sum: i32, apart: bool) -> (u32, u32) {
    // Bit `y - 1` of `b` reversed lands on bit `sum - y - 1`, the partner's.
    let partner = |m: u32| {
        let shift = 33 - sum;
        if (1..32).contains(&shift) {
            m.reverse_bits() >> shift
        } else {
            0
        }
    };
    let (mut ka, mut kb) = (a & partner(b), b & partner(a));
    if apart && sum % 2 == 0 && sum >= 2 {
        // A half beyond every value leaves the masks as they are.
        let half = !1u32.checked_shl(sum as u32 / 2 - 1).unwrap_or(0);
        ka &= half;
        kb &= half;
    }
    (ka, kb)
}

/// The values of a mask.
fn values(mut mask: u32) -> impl Iterator<Item = i32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let v = mask.trailing_zeros() as i32 + 1;
            mask &= mask - 1;
            v
        })
    })
}
