//! Lookup tables for the band bitboards, all computed at compile time.
//!
//! A *band* is three rows of the grid. For one value, its candidates in a band are 27 bits: bit
//! `9 * r + c` for row `r` (0..3) of the band and column `c` (0..9). A row of a band is 9 bits,
//! and splits into three *segments* of 3 bits, one per box of the band.

/// The 27 bits of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// For a 9-bit row: bit `k` set when segment `k` (the part of the row inside box `k` of the
/// band) holds a candidate.
pub(super) static ROW_SEGMENTS: [u8; 512] = row_segments();

/// For a 9-bit summary of a band (bit `3 * r + k` set when row `r` has a candidate in box `k`):
/// the 27-bit mask of the segments that take part in at least one way to put the value once in
/// each row and once in each box of the band; zero when there is no such way.
///
/// This is the exact-cover condition of the band for one value (three rows, three boxes, one
/// placement each), and it contains locked candidates inside the band: a row confined to one
/// box clears that box in the other rows, and a box confined to one row clears that row in
/// the other boxes.
pub(super) static BAND_SHRINK: [u32; 512] = band_shrink();

/// For a 9-bit column summary of a band (bit `c` set when column `c` holds a candidate in some
/// row of the band): the columns of the whole grid (bits `c`, `c + 9`, `c + 18`) that a box of
/// the band confines to itself, because all its candidates lie in that one column. No other
/// band may hold the value in those columns.
pub(super) static COLUMN_CLAIMS: [u32; 512] = column_claims();

/// For each of the 27 bits of a band: the other cells of its row and of its box, as a mask.
/// Padded to 32 entries, so that a bit's index masked with `& 31` needs no bounds check.
pub(super) static ROW_BOX_PEERS: [u32; 32] = row_box_peers();

/// For each of the 27 bits of a band: its row-and-box peers (as [`ROW_BOX_PEERS`]) and its
/// column (as [`COLUMN`]). Padded to 32 entries so that an index masked with `& 31` needs no
/// bounds check and no division.
pub(super) static CELL_PEERS: [[u32; 2]; 32] = cell_peers();

/// For each column `c`: the bits `c`, `c + 9`, `c + 18` of a band. Padded to 16 entries (for an
/// index masked with `& 15`).
pub(super) static COLUMN: [u32; 16] = column();

/// For a 9-bit row: the row itself when it has exactly one bit, else 0.
pub(super) static LONE: [u16; 512] = lone();

/// For each cell `0..81` and band: the cell's peers (its row, column and box, the cell
/// excluded) in that band.
pub(super) static PEERS: [[u32; 3]; 81] = peers();

const fn row_segments() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if x & (7 << (3 * k)) != 0 {
                t[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    t
}

/// The six ways to give each row of a band its own box: `PERMS[p][r]` is the box of row `r`.
const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

const fn band_shrink() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut union = 0usize;
        let mut p = 0;
        while p < 6 {
            let mut bits = 0usize;
            let mut r = 0;
            while r < 3 {
                bits |= 1 << (3 * r + PERMS[p][r]);
                r += 1;
            }
            if s & bits == bits {
                union |= bits;
            }
            p += 1;
        }
        let mut mask = 0u32;
        let mut i = 0;
        while i < 9 {
            if union & (1 << i) != 0 {
                let (r, k) = (i / 3, i % 3);
                mask |= 7 << (9 * r + 3 * k);
            }
            i += 1;
        }
        t[s] = mask;
        s += 1;
    }
    t
}

const fn column_claims() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            let seg: usize = (x >> (3 * k)) & 7;
            if seg != 0 && seg & (seg - 1) == 0 {
                let c = 3 * k + seg.trailing_zeros() as usize;
                t[x] |= (1 << c) | (1 << (c + 9)) | (1 << (c + 18));
            }
            k += 1;
        }
        x += 1;
    }
    t
}

const fn row_box_peers() -> [u32; 32] {
    let mut t = [0u32; 32];
    let mut i = 0;
    while i < 27 {
        let (r, c) = (i / 9, i % 9);
        let mut j = 0;
        while j < 27 {
            let (r2, c2) = (j / 9, j % 9);
            if j != i && (r2 == r || c2 / 3 == c / 3) {
                t[i] |= 1 << j;
            }
            j += 1;
        }
        i += 1;
    }
    t
}

const fn cell_peers() -> [[u32; 2]; 32] {
    let (peers, columns) = (row_box_peers(), column());
    let mut t = [[0u32; 2]; 32];
    let mut i = 0;
    while i < 27 {
        t[i] = [peers[i], columns[i % 9]];
        i += 1;
    }
    t
}

const fn column() -> [u32; 16] {
    let mut t = [0u32; 16];
    let mut c = 0;
    while c < 9 {
        t[c] = (1 << c) | (1 << (c + 9)) | (1 << (c + 18));
        c += 1;
    }
    t
}

const fn lone() -> [u16; 512] {
    let mut t = [0u16; 512];
    let mut x = 1;
    while x < 512 {
        if x & (x - 1) == 0 {
            t[x] = x as u16;
        }
        x += 1;
    }
    t
}

const fn peers() -> [[u32; 3]; 81] {
    let mut t = [[0u32; 3]; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        let mut j = 0;
        while j < 81 {
            let (r2, c2) = (j / 9, j % 9);
            let same_box = r / 3 == r2 / 3 && c / 3 == c2 / 3;
            if j != i && (r == r2 || c == c2 || same_box) {
                t[i][j / 27] |= 1 << (j % 27);
            }
            j += 1;
        }
        i += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_band_keeps_everything() {
        assert_eq!(BAND_SHRINK[511], BAND);
    }

    #[test]
    fn empty_row_or_box_has_no_placement() {
        // Row 0 empty.
        assert_eq!(BAND_SHRINK[0b111_111_000], 0);
        // Box 0 empty.
        assert_eq!(BAND_SHRINK[0b110_110_110], 0);
    }

    #[test]
    fn row_confined_to_a_box_clears_that_box_elsewhere() {
        // Row 0 only in box 0; rows 1 and 2 everywhere.
        let m = BAND_SHRINK[0b111_111_001];
        assert_eq!(m, 0o7 | (0o770 << 9) | (0o770 << 18));
    }

    #[test]
    fn claims_need_a_single_column_in_a_box() {
        assert_eq!(COLUMN_CLAIMS[0b000_000_010], COLUMN[1]);
        assert_eq!(COLUMN_CLAIMS[0b000_000_011], 0);
        assert_eq!(
            COLUMN_CLAIMS[0b100_010_001],
            COLUMN[0] | COLUMN[4] | COLUMN[8]
        );
    }

    #[test]
    fn peers_are_row_and_box() {
        // Cell (0, 0): row 0 and box 0 of the band, 8 + 6 = 14 peers.
        assert_eq!(ROW_BOX_PEERS[0].count_ones(), 14);
        assert_eq!(ROW_BOX_PEERS[0] & 1, 0);
        assert_eq!(ROW_SEGMENTS[0b100_000_001], 0b101);
        let peers: u32 = PEERS[40].iter().map(|b| b.count_ones()).sum();
        assert_eq!(peers, 20);
        assert_eq!(PEERS[0][0] & !ROW_BOX_PEERS[0], 0);
        assert_eq!((LONE[0], LONE[4], LONE[5]), (0, 4, 0));
    }
}
