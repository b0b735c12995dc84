//! The search state: for each value, its candidate cells as three band bitboards.
//!
//! This is the exact-cover matrix of the 9x9 Sudoku held as bits. Option (cell, value) is alive
//! while the value's bitboard has the cell's bit. The four item families are read off the
//! bitboards: a row, column or box of one value is the row-, column- or box-value item, and a cell
//! across the nine values is the cell item. Forced moves are the items with one option left (naked
//! singles for cells, hidden singles for houses), applied until nothing changes.

use super::tables::{BAND, BAND_SHRINK, COLUMN, COLUMN_CLAIMS, ROW_BOX_PEERS, ROW_SEGMENTS};

/// The three bands, for iteration.
const BANDS: [usize; 3] = [0, 1, 2];
/// For each band, the two other bands.
const OTHERS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];
/// All 27 (value, band) bitboards.
const ALL_DIRTY: u32 = (1 << 27) - 1;

/// A search state: small, `Copy`, and copied whole at each guess.
///
/// Invariants kept by every method: bits only ever leave `cand` (never return); a cell leaves
/// `unsolved` once its value is fixed, and from then on no other value has its bit; `dirty` holds
/// bit `3 * v + b` when `cand[v][b]` changed since the band rule last ran on it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Board {
    /// `cand[v][b]`: the cells of band `b` where value `v + 1` may still go (fixed cells included).
    cand: [[u32; 3]; 9],
    /// The cells of each band whose value is not fixed yet.
    unsolved: [u32; 3],
    /// The bitboards to revisit.
    dirty: u32,
}

/// Where to branch: a cell and its remaining values.
#[derive(Clone, Copy, Debug)]
pub(super) struct Choice {
    /// The band of the cell.
    pub band: usize,
    /// The cell's bit in its band.
    pub bit: u32,
    /// Bit `v` set when value `v + 1` is still possible; at least two bits.
    pub values: u32,
}

impl Board {
    /// The state after writing the givens, which must not clash (see `find_clash`): every given
    /// fixed, and its value struck from the rest of its row, column and box.
    pub fn from_givens(cells: &[u8; 81]) -> Board {
        let mut given = [[0u32; 3]; 9];
        let mut any = [0u32; 3];
        for (cell, &x) in cells.iter().enumerate() {
            if (1..=9).contains(&x) {
                let (b, bit) = (cell / 27, 1u32 << (cell % 27));
                given[usize::from(x - 1)][b % 3] |= bit;
                any[b % 3] |= bit;
            }
        }
        let mut cand = [[0u32; 3]; 9];
        for (v, g) in given.iter().enumerate() {
            let cols = g.iter().fold(0, |acc, &x| acc | fold_rows(x));
            let col_mask = cols | cols << 9 | cols << 18;
            for b in BANDS {
                let mut peers = col_mask;
                for r in 0..3 {
                    if (g[b] >> (9 * r)) & 0x1ff != 0 {
                        peers |= 0x1ff << (9 * r);
                    }
                }
                let folded = fold_rows(g[b]);
                for k in 0..3 {
                    if folded & (7 << (3 * k)) != 0 {
                        peers |= 0o7007007 << (3 * k);
                    }
                }
                cand[v][b] = (BAND & !peers & !any[b]) | g[b];
            }
        }
        Board {
            cand,
            unsolved: [BAND & !any[0], BAND & !any[1], BAND & !any[2]],
            dirty: ALL_DIRTY,
        }
    }

    /// Whether every cell has its value.
    pub fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// Writes the values of a solved board, 1..=9 row by row.
    pub fn write_solution(&self, out: &mut [u8; 81]) {
        for (v, bands) in self.cand.iter().enumerate() {
            for (b, &bits) in bands.iter().enumerate() {
                let mut x = bits;
                while x != 0 {
                    let cell = 27 * b + x.trailing_zeros() as usize;
                    if let Some(slot) = out.get_mut(cell) {
                        *slot = v as u8 + 1;
                    }
                    x &= x - 1;
                }
            }
        }
    }

    /// Fixes value `v + 1` in the cell `bit` of band `b`: strikes the other values from the cell
    /// and the value from the cell's row, column and box. False when the value was not possible
    /// there (a contradiction).
    pub fn place(&mut self, v: usize, b: usize, bit: u32) -> bool {
        let (v, b) = (v % 9, b % 3);
        if self.cand[v][b] & bit == 0 {
            return false;
        }
        self.unsolved[b] &= !bit;
        for w in 0..9 {
            if w != v {
                self.strike(w, b, bit);
            }
        }
        let pos = bit.trailing_zeros() as usize % 27;
        self.strike(v, b, ROW_BOX_PEERS[pos]);
        let col = COLUMN[pos % 9];
        for o in OTHERS[b] {
            self.strike(v, o, col);
        }
        true
    }

    /// Removes `mask` from `cand[v][b]`, noting the bitboard as dirty if it changed.
    #[inline(always)]
    fn strike(&mut self, v: usize, b: usize, mask: u32) {
        let old = self.cand[v][b];
        let new = old & !mask;
        if new != old {
            self.cand[v][b] = new;
            self.dirty |= 1 << (3 * v + b);
        }
    }

    /// Applies forced moves until none is left. False on a contradiction (some item can no
    /// longer be covered), after which the board must be dropped.
    pub fn propagate(&mut self) -> bool {
        loop {
            while self.dirty != 0 {
                let i = self.dirty.trailing_zeros() as usize;
                self.dirty &= self.dirty - 1;
                if !self.band_rule(i / 3, i % 3) {
                    return false;
                }
            }
            match self.naked_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if self.is_solved() {
                return true;
            }
            match self.column_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// The band rule for value `v + 1` in band `b`: keep only the candidates that take part in
    /// some placement of the value once in each row and once in each box of the band; fix the
    /// value in rows left with one cell; strike the value from other bands in the columns that a
    /// box of this band claims. False when the band has no placement left.
    #[inline(always)]
    fn band_rule(&mut self, v: usize, b: usize) -> bool {
        let (v, b) = (v % 9, b % 3);
        let a = self.cand[v][b];
        let rows = [a & 0x1ff, (a >> 9) & 0x1ff, a >> 18 & 0x1ff];
        let summary = usize::from(ROW_SEGMENTS[rows[0] as usize])
            | usize::from(ROW_SEGMENTS[rows[1] as usize]) << 3
            | usize::from(ROW_SEGMENTS[rows[2] as usize]) << 6;
        let a = a & BAND_SHRINK[summary];
        if a == 0 {
            return false;
        }
        self.cand[v][b] = a;
        // Every row and box still has a candidate: a row with one is a hidden single.
        let mut singles = 0;
        for r in 0..3 {
            let row = (a >> (9 * r)) & 0x1ff;
            if row & row.wrapping_sub(1) == 0 {
                singles |= row << (9 * r);
            }
        }
        let new = singles & self.unsolved[b];
        if new != 0 {
            self.unsolved[b] &= !new;
            for w in 0..9 {
                if w != v {
                    self.strike(w, b, new);
                }
            }
        }
        let claims = COLUMN_CLAIMS[fold_rows(a) as usize];
        for o in OTHERS[b] {
            self.strike(v, o, claims);
        }
        true
    }

    /// Fixes every unsolved cell that has one value left. `None` when a cell has none left;
    /// otherwise whether anything was fixed.
    fn naked_singles(&mut self) -> Option<bool> {
        let mut progress = false;
        for b in BANDS {
            let u = self.unsolved[b];
            if u == 0 {
                continue;
            }
            let (mut ones, mut twos) = (0u32, 0u32);
            for v in 0..9 {
                let x = self.cand[v][b];
                twos |= ones & x;
                ones |= x;
            }
            if u & !ones != 0 {
                return None;
            }
            let singles = u & !twos;
            if singles == 0 {
                continue;
            }
            progress = true;
            for v in 0..9 {
                let mut s = singles & self.cand[v][b];
                while s != 0 {
                    let bit = s & s.wrapping_neg();
                    if !self.place(v, b, bit) {
                        return None;
                    }
                    s ^= bit;
                }
            }
        }
        Some(progress)
    }

    /// Fixes every value that has one cell left in a column. `None` when a value has no cell
    /// left in some column; otherwise whether anything was fixed.
    fn column_singles(&mut self) -> Option<bool> {
        let mut progress = false;
        for v in 0..9 {
            let (mut ones, mut twos) = (0u32, 0u32);
            for &a in &self.cand[v] {
                for r in 0..3 {
                    let x = (a >> (9 * r)) & 0x1ff;
                    twos |= ones & x;
                    ones |= x;
                }
            }
            if ones != 0x1ff {
                return None;
            }
            let mut single = ones & !twos;
            while single != 0 {
                let c = single.trailing_zeros() as usize % 9;
                single &= single - 1;
                for b in BANDS {
                    let bit = self.cand[v][b] & COLUMN[c];
                    if bit != 0 {
                        if bit & self.unsolved[b] != 0 {
                            progress = true;
                            if !self.place(v, b, bit) {
                                return None;
                            }
                        }
                        break;
                    }
                }
            }
        }
        Some(progress)
    }

    /// The cell to branch on: the first cell with two values left, else one with the fewest.
    /// Only for a propagated board that is not solved.
    pub fn choose(&self) -> Choice {
        let mut best = Choice {
            band: 0,
            bit: 0,
            values: 0,
        };
        let mut best_count = u32::MAX;
        for b in BANDS {
            let u = self.unsolved[b];
            if u == 0 {
                continue;
            }
            let (mut ones, mut twos, mut threes) = (0u32, 0u32, 0u32);
            for v in 0..9 {
                let x = self.cand[v][b];
                threes |= twos & x;
                twos |= ones & x;
                ones |= x;
            }
            let pairs = u & twos & !threes;
            if pairs != 0 {
                let bit = pairs & pairs.wrapping_neg();
                return Choice {
                    band: b,
                    bit,
                    values: self.values_at(b, bit),
                };
            }
            let mut rest = u;
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                rest ^= bit;
                let values = self.values_at(b, bit);
                if values.count_ones() < best_count {
                    best_count = values.count_ones();
                    best = Choice {
                        band: b,
                        bit,
                        values,
                    };
                }
            }
        }
        best
    }

    /// The values still possible in a cell, as bit `v` for value `v + 1`.
    fn values_at(&self, b: usize, bit: u32) -> u32 {
        let mut values = 0;
        for v in 0..9 {
            if self.cand[v][b % 3] & bit != 0 {
                values |= 1 << v;
            }
        }
        values
    }
}

/// The columns of a band where any of its rows has a bit, as 9 bits.
#[inline(always)]
fn fold_rows(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & 0x1ff
}
