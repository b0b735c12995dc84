//! The search state: for each value, its candidate cells as three band bitboards.
//!
//! This is the exact-cover matrix of the 9x9 Sudoku held as bits. Option (cell, value) is alive
//! while the value's bitboard has the cell's bit. The four item families are read off the
//! bitboards: a row, column or box of one value is the row-, column- or box-value item, and a cell
//! across the nine values is the cell item. Forced moves are the items with one option left (naked
//! singles for cells, hidden singles for houses), applied until nothing changes.

use super::tables::{
    BAND, BAND_SHRINK, CELL_PEERS, COLUMN, COLUMN_CLAIMS, LONE, PEERS, ROW_BOX_PEERS, ROW_SEGMENTS,
};

/// The three bands, for iteration.
const BANDS: [usize; 3] = [0, 1, 2];

/// A search state: small, `Copy`, and copied whole at each guess.
///
/// The methods the search calls are `#[inline(always)]`: compiled into the search of each
/// instruction set ([`super::isa`]) rather than once for the baseline.
///
/// Invariants kept by every method: bits only ever leave `cand` (never return); a cell leaves
/// `unsolved` once its value is fixed, and from then on no other value has its bit; a bitboard
/// that lost a bit since the band rule last ran on it has its `dirty` bit, so that the rule runs
/// on it again.
///
/// Every write to `cand` marks `dirty` itself rather than the sweep comparing all 27 bitboards
/// with a copy: that comparison loaded, as vectors, words the band rule had just stored one by
/// one, and the load waited for the stores (the costliest instruction of the search on hard
/// puzzles). The bitboards are held band by band, so that a cell or a hidden single struck from
/// the nine values of a band is one run of nine words.
#[derive(Clone, Copy, Debug)]
pub(super) struct Board {
    /// `cand[b][v]`: the cells of band `b` where value `v + 1` may still go (fixed cells included).
    cand: [[u32; 9]; 3],
    /// Bit `16b + v` set when `cand[b][v]` lost a candidate since the band rule last ran on it.
    dirty: u64,
    /// The cells of each band whose value is not fixed yet.
    unsolved: [u32; 3],
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
    /// The state after writing the givens: every given fixed, and its value struck from the
    /// rest of its row, column and box. `None` when a value is above 9 or the givens clash
    /// (`find_clash` then says where).
    pub fn from_givens(cells: &[u8; 81]) -> Option<Board> {
        if cells.iter().any(|&x| x > 9) {
            return None;
        }
        let mut given = [[0u32; 9]; 3];
        let mut struck = [[0u32; 9]; 3];
        let mut any = [0u32; 3];
        for (b, (band_cells, any)) in cells.chunks_exact(27).zip(&mut any).enumerate() {
            // Visit the givens only, through a mask: where they are is unpredictable, so a
            // branch per cell would often be mispredicted.
            *any = given_bits(band_cells);
            let mut rest = *any;
            while rest != 0 {
                let pos = rest.trailing_zeros() as usize % 27;
                rest &= rest - 1;
                let v = usize::from(band_cells[pos].wrapping_sub(1) % 9);
                given[b % 3][v] |= 1 << pos;
                for (s, p) in struck.iter_mut().zip(&PEERS[(27 * b + pos) % 81]) {
                    s[v] |= p;
                }
            }
        }
        // Two givens of one value clash when one is a peer of the other.
        let mut clash = 0;
        let mut cand = [[0u32; 9]; 3];
        for b in BANDS {
            for v in 0..9 {
                clash |= given[b][v] & struck[b][v];
                cand[b][v] = (BAND & !struck[b][v] & !any[b]) | given[b][v];
            }
        }
        if clash != 0 {
            return None;
        }
        Some(Board {
            cand,
            // The rule runs once on every bitboard.
            dirty: 0x1ff | 0x1ff << 16 | 0x1ff << 32,
            unsolved: [BAND & !any[0], BAND & !any[1], BAND & !any[2]],
        })
    }

    /// Takes value `v + 1` out of the candidates of `cell` (row by row): the board then holds
    /// the solutions where the cell has another value. For a cell without a given (a given
    /// keeps only its own value, so striking another is nothing).
    pub fn strike(&mut self, v: usize, cell: usize) {
        let (v, b) = (v % 9, cell / 27 % 3);
        self.cand[b][v] &= !(1 << (cell % 27));
        self.dirty |= 1 << (16 * b + v);
    }

    /// Whether every cell has its value.
    #[inline(always)]
    pub fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// Writes the values of a solved board, 1..=9 row by row.
    pub fn write_solution(&self, out: &mut [u8; 81]) {
        // One band at a time into a 32-byte row, indexed by the bit's position masked with
        // `& 31`: no bounds check and no multiplication per cell.
        for (b, band_out) in out.chunks_exact_mut(27).enumerate() {
            let mut cells = [0u8; 32];
            for (value, &x0) in (1..).zip(&self.cand[b % 3]) {
                let mut x = x0;
                while x != 0 {
                    cells[x.trailing_zeros() as usize & 31] = value;
                    x &= x - 1;
                }
            }
            band_out.copy_from_slice(&cells[..27]);
        }
    }

    /// Fixes value `v + 1` in the cell `bit` of band `b`: strikes the other values from the cell
    /// and the value from the rest of the cell's row and box (the band rule then strikes its
    /// column). False when the value was not possible there (a contradiction).
    #[inline(always)]
    pub fn place(&mut self, v: usize, b: usize, bit: u32) -> bool {
        let (v, b) = (v % 9, b % 3);
        let own = self.cand[b][v];
        if own & bit == 0 {
            return false;
        }
        self.unsolved[b] &= !bit;
        let mut lost = strike_all(&mut self.cand[b], bit);
        let peers = ROW_BOX_PEERS[bit.trailing_zeros() as usize & 31];
        self.cand[b][v] = own & !peers;
        // The value keeps its cell: it changed only if a peer had it.
        lost &= !(1 << v);
        lost |= u64::from(own & peers != 0) << v;
        self.dirty |= lost << (16 * b);
        true
    }

    /// Applies forced moves until none is left. False on a contradiction (some item can no
    /// longer be covered), after which the board must be dropped.
    #[inline(always)]
    pub fn propagate(&mut self) -> bool {
        loop {
            if !self.sweep() {
                return false;
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

    /// Runs the band rule on every dirty bitboard until none is left. False on a contradiction.
    #[inline(always)]
    fn sweep(&mut self) -> bool {
        loop {
            let mut changed = self.dirty;
            if changed == 0 {
                return true;
            }
            while changed != 0 {
                let k = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                if !self.band_rule(k & 15, k >> 4) {
                    return false;
                }
            }
        }
    }

    /// The band rule for value `v + 1` in band `b`: keep only the candidates that take part in
    /// some placement of the value once in each row and once in each box of the band; fix the
    /// value in rows left with one cell; strike the value from other bands in the columns that a
    /// box of this band claims. False when the band has no placement left.
    #[inline(always)]
    fn band_rule(&mut self, v: usize, b: usize) -> bool {
        let a = self.cand[b][v];
        let summary = usize::from(ROW_SEGMENTS[(a & 0x1ff) as usize])
            | usize::from(ROW_SEGMENTS[((a >> 9) & 0x1ff) as usize]) << 3
            | usize::from(ROW_SEGMENTS[((a >> 18) & 0x1ff) as usize]) << 6;
        let a = a & BAND_SHRINK[summary];
        if a == 0 {
            return false;
        }
        let claims = COLUMN_CLAIMS[fold_rows(a) as usize];
        let (b1, b2) = ((b + 1) % 3, (b + 2) % 3);
        self.dirty |= u64::from(self.cand[b1][v] & claims != 0) << (16 * b1 + v)
            | u64::from(self.cand[b2][v] & claims != 0) << (16 * b2 + v);
        self.cand[b1][v] &= !claims;
        self.cand[b2][v] &= !claims;
        // Every row and box still has a candidate: a row with one is a hidden single.
        let singles = u32::from(LONE[(a & 0x1ff) as usize])
            | u32::from(LONE[((a >> 9) & 0x1ff) as usize]) << 9
            | u32::from(LONE[((a >> 18) & 0x1ff) as usize]) << 18;
        // Fixed whether or not there are any: a branch on it was mispredicted about one time in
        // five (callgrind's model), and the nine `and`s cost less (8-11 % of the time).
        let new = singles & self.unsolved[b];
        self.unsolved[b] &= !new;
        let lost = strike_all(&mut self.cand[b], new);
        self.cand[b][v] = a;
        self.dirty = (self.dirty | lost << (16 * b)) & !(1 << (16 * b + v));
        true
    }

    /// Fixes every unsolved cell that has one value left. `None` when a cell has none left;
    /// otherwise whether anything was fixed.
    #[inline(always)]
    fn naked_singles(&mut self) -> Option<bool> {
        let mut progress = false;
        for b in BANDS {
            let u = self.unsolved[b];
            if u == 0 {
                continue;
            }
            let (mut ones, mut twos) = (0u32, 0u32);
            for &x in &self.cand[b] {
                twos |= ones & x;
                ones |= x;
            }
            if u & !ones != 0 {
                return None;
            }
            let mut singles = u & !twos;
            if singles == 0 {
                continue;
            }
            progress = true;
            self.unsolved[b] &= !singles;
            for (w, x) in self.cand[b].iter_mut().enumerate() {
                let mut s = singles & *x;
                singles &= !s;
                let before = *x;
                while s != 0 {
                    let bit = s & s.wrapping_neg();
                    s ^= bit;
                    // A peer fixed just before may have taken the value: a contradiction.
                    if *x & bit == 0 {
                        return None;
                    }
                    *x &= !ROW_BOX_PEERS[bit.trailing_zeros() as usize & 31];
                }
                self.dirty |= u64::from(*x != before) << (16 * b + w);
                if singles == 0 {
                    break;
                }
            }
        }
        Some(progress)
    }

    /// Fixes every value that has one cell left in a column. `None` when a value has no cell
    /// left in some column; otherwise whether anything was fixed.
    #[inline(always)]
    fn column_singles(&mut self) -> Option<bool> {
        let mut progress = false;
        for v in 0..9 {
            let (x0, x1, x2) = (self.cand[0][v], self.cand[1][v], self.cand[2][v]);
            // Per cell position of a band: in one band or more, in two bands or more.
            let any = x0 | x1 | x2;
            let many = (x0 & x1) | (x2 & (x0 | x1));
            let (r0, r1, r2) = (any & 0x1ff, (any >> 9) & 0x1ff, any >> 18);
            let ones = r0 | r1 | r2;
            let twos = fold_rows(many) | (r0 & r1) | (r2 & (r0 | r1));
            if ones != 0x1ff {
                return None;
            }
            // Columns where the value is fixed already have one cell: skip them.
            let fixed = fold_rows(x0 & !self.unsolved[0])
                | fold_rows(x1 & !self.unsolved[1])
                | fold_rows(x2 & !self.unsolved[2]);
            let mut single = ones & !twos & !fixed;
            while single != 0 {
                let c = single.trailing_zeros() as usize & 15;
                single &= single - 1;
                for b in BANDS {
                    let bit = self.cand[b][v] & COLUMN[c];
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

    /// The cell to branch on: among the cells with two values left, the one with the most
    /// unsolved cells in its row, column and box (the first such cell in row order on a tie), so
    /// that either value strikes the most; with no such cell, the first cell with the fewest
    /// values. Only for a propagated board that is not solved.
    ///
    /// On the hard sets, preferring the best connected pair over the first pair nearly halves
    /// the number of guesses.
    #[inline(always)]
    pub fn choose(&self) -> Choice {
        let mut best = Choice {
            band: 0,
            bit: 0,
            values: 0,
        };
        let mut best_score = 0;
        for b in BANDS {
            let u = self.unsolved[b];
            let (mut ones, mut twos, mut threes) = (0u32, 0u32, 0u32);
            for &x in &self.cand[b] {
                threes |= twos & x;
                twos |= ones & x;
                ones |= x;
            }
            let mut pairs = u & twos & !threes;
            let (u1, u2) = (self.unsolved[(b + 1) % 3], self.unsolved[(b + 2) % 3]);
            while pairs != 0 {
                let bit = pairs & pairs.wrapping_neg();
                pairs ^= bit;
                let [band_peers, col] = CELL_PEERS[bit.trailing_zeros() as usize & 31];
                // Peers in the band, and (shifted apart) in the column of the other two bands.
                let peers = u64::from(u & band_peers) | u64::from(u1 & col | (u2 & col) << 1) << 32;
                let score = peers.count_ones() + 1;
                if score > best_score {
                    best_score = score;
                    best = Choice {
                        band: b,
                        bit,
                        values: 0,
                    };
                }
            }
        }
        if best_score > 0 {
            best.values = self.values_at(best.band, best.bit);
            return best;
        }
        let mut best_count = u32::MAX;
        for b in BANDS {
            let mut rest = self.unsolved[b];
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
    #[inline(always)]
    fn values_at(&self, b: usize, bit: u32) -> u32 {
        let mut values = 0;
        for v in 0..9 {
            if self.cand[b % 3][v] & bit != 0 {
                values |= 1 << v;
            }
        }
        values
    }
}

/// The cells of a band holding a given, as bits: eight cells at a time, a byte each, their
/// high bits set where the byte is not zero (values are at most 9, so adding 0x7f carries into no
/// other byte) and gathered into one byte by a multiplication.
fn given_bits(band_cells: &[u8]) -> u32 {
    let mut bytes = [0u8; 32];
    bytes[..27].copy_from_slice(&band_cells[..27]);
    let mut bits = 0;
    for (i, word) in bytes.chunks_exact(8).enumerate() {
        let word = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
        let high = (word + 0x7f7f_7f7f_7f7f_7f7f) & 0x8080_8080_8080_8080;
        bits |= ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i);
    }
    bits as u32
}

/// The columns of a band where any of its rows has a bit, as 9 bits.
#[inline(always)]
fn fold_rows(a: u32) -> u32 {
    (a | a >> 9 | a >> 18) & 0x1ff
}

/// Takes `bits` out of all nine bitboards of a band; the values that lost some, as bit `v`.
#[inline(always)]
fn strike_all(band: &mut [u32; 9], bits: u32) -> u64 {
    let mut lost = 0u32;
    for (w, x) in band.iter().enumerate() {
        lost |= u32::from(x & bits != 0) << w;
    }
    for x in band.iter_mut() {
        *x &= !bits;
    }
    u64::from(lost)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn given_bits_marks_every_nonzero_cell() {
        // Every value 0..=9 at every position, by a walk that visits mixed bands.
        let mut x = 1u32;
        for _ in 0..2000 {
            let mut cells = [0u8; 27];
            for cell in &mut cells {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                *cell = ((x >> 16) % 10) as u8;
            }
            let naive = (0..27)
                .filter(|&i| cells[i] != 0)
                .fold(0, |m, i| m | 1 << i);
            assert_eq!(given_bits(&cells), naive, "{cells:?}");
        }
        assert_eq!(given_bits(&[9; 27]), BAND);
        assert_eq!(given_bits(&[0; 27]), 0);
    }
}
