//! What the search needs to know about a shape, computed once: the cells of every house, the
//! houses of every cell, and the peers of every cell.

use crate::sudoku::shape::{House, Shape};
use crate::sudoku::FreeShape;

/// The largest side this path takes: a cell's candidates are the bits of a `u64`.
pub const MAX_SIDE: usize = 64;

/// The houses and peers of one shape, as flat arrays of cell and house numbers.
///
/// Houses are numbered in the order of [`Shape::houses`]: rows, columns, regions, then extra
/// regions. Every house has exactly `n` cells (the shape checks that extra regions do), so the
/// cells of house `h` are `house_cells[h * n..(h + 1) * n]`.
#[derive(Clone, Debug)]
pub(super) struct Tables {
    /// The side `n`.
    pub size: usize,
    /// The number of cells.
    cells: usize,
    /// The value mask with all `n` values: bits `0..n`.
    pub full: u64,
    /// The cells of every house, `n` per house.
    house_cells: Vec<u16>,
    /// On a square grid, the region of every cell (house `2n + region`).
    regions: Option<Vec<u8>>,
    /// The houses of cell `k` are `cell_houses[cell_house_start[k]..cell_house_start[k + 1]]`.
    cell_houses: Vec<u16>,
    cell_house_start: Vec<u32>,
    /// The peers of cell `k` (cells sharing a house with it, itself excluded) as a set of bits,
    /// `peer_masks[k * cell_words..(k + 1) * cell_words]`.
    peer_masks: Vec<u64>,
    /// The houses B meeting each house A in two cells or more, in families whose meetings with
    /// A do not overlap (see [`Tables::families`]).
    families: Vec<Family>,
    /// The family part of each cell of A, `n` per family (see [`Family`]).
    part_of: Vec<u8>,
    /// The cells of B outside A for every part of every family, as bits: [`Tables::cell_words`]
    /// words a part.
    b_only: Vec<u64>,
    /// The houses of cell `k` as a set of bits, `house_bits[k * words..(k + 1) * words]` with
    /// `words` = `house_words`: marking them changed is a few `or`s.
    house_bits: Vec<u64>,
    house_words: usize,
    /// The cells of house `h` as a set of bits, `house_masks[h * cell_words..(h + 1) *
    /// cell_words]`: bit `c % 64` of word `c / 64` for cell `c`.
    house_masks: Vec<u64>,
    /// The words of each house's mask from its first to its last with a cell (a row of a large
    /// grid takes one or two of them), as a range of word numbers.
    house_spans: Vec<(u32, u32)>,
    cell_words: usize,
    /// The families of house `h` are `families[family_start[h]..family_start[h + 1]]`.
    family_start: Vec<u32>,
}

/// Houses B_1, B_2, ... that each meet a house A in two cells or more (but not all), and whose
/// meetings with A (the parts) do not overlap: the rows meeting a box, or its columns, or the
/// regions meeting a row. A value whose places in A all lie in one part cannot go in the rest of
/// that part's house: one pass over A's cells tells which values have places in one part only.
#[derive(Clone, Copy, Debug)]
pub(super) struct Family {
    /// A range of `part_of`: for each cell of A, in house order, its part, or the number of
    /// parts when it is in none.
    part_of: (u32, u32),
    /// A range of `parts`.
    parts: (u32, u32),
}

impl Tables {
    /// The tables of `shape`, or `None` when its side is above [`MAX_SIDE`].
    pub fn new(shape: &Shape) -> Option<Tables> {
        let n = shape.size();
        if n > MAX_SIDE {
            return None;
        }
        // Cell numbers are below 64 * 64 and house numbers below 3 * 64 + extras; both are
        // stored as u16 to halve the tables' footprint in the cache.
        let houses: Vec<House> = shape.houses().collect();
        if houses.len() > usize::from(u16::MAX) {
            return None;
        }
        let mut house_cells = Vec::with_capacity(houses.len() * n);
        for &house in &houses {
            house_cells.extend(shape.cells(house).into_iter().map(|cell| cell as u16));
        }
        // Fewer than 64 regions (the side), so each fits in a byte.
        let regions = (0..n * n).map(|cell| shape.region_of(cell) as u8).collect();
        Some(Tables::build(n, n * n, house_cells, Some(regions)))
    }

    /// The tables of a shape of any houses, or `None` unless every house needs every value
    /// (this path's houses have `n` cells each), the values are at most [`MAX_SIDE`] and the
    /// cells at most `64 * 64`.
    pub fn for_free(shape: &FreeShape) -> Option<Tables> {
        let (n, cells) = (shape.values(), shape.cell_count());
        let fits = n <= MAX_SIDE && cells <= MAX_SIDE * MAX_SIDE;
        if !fits || !shape.all_full() || shape.houses().len() > usize::from(u16::MAX) {
            return None;
        }
        let house_cells = shape.houses().iter().flatten().map(|&c| c as u16).collect();
        Some(Tables::build(n, cells, house_cells, None))
    }

    /// The tables of `cells` cells and the houses in `house_cells` (`n` a house); `regions`,
    /// when the shape is a square grid of rows, columns and regions (houses `0..3n` in that
    /// order), the region of every cell.
    fn build(n: usize, cells: usize, house_cells: Vec<u16>, regions: Option<Vec<u8>>) -> Tables {
        let house_count = house_cells.len() / n;
        // A jigsaw puzzle brings a shape of its own, so these tables are made once per puzzle:
        // flat arrays, and no search that grows with the square of the number of houses.
        let (cell_houses, cell_house_start) = houses_of_cells(&house_cells, n, cells);
        let of_cell = |cell: usize| {
            let (a, b) = (cell_house_start[cell], cell_house_start[cell + 1]);
            &cell_houses[a as usize..b as usize]
        };
        let house_words = house_count.div_ceil(64);
        let mut house_bits = vec![0u64; cells * house_words];
        for cell in 0..cells {
            for &h in of_cell(cell) {
                insert(&mut house_bits[cell * house_words..], usize::from(h));
            }
        }
        let cell_words = cells.div_ceil(64);
        let mut house_masks = vec![0u64; house_count * cell_words];
        for (h, house) in house_cells.chunks(n).enumerate() {
            for &cell in house {
                insert(&mut house_masks[h * cell_words..], usize::from(cell));
            }
        }
        let house_spans = house_masks
            .chunks_exact(cell_words)
            .map(|mask| {
                let first = mask.iter().position(|&w| w != 0).unwrap_or(0);
                let end = mask.iter().rposition(|&w| w != 0).map_or(first, |k| k + 1);
                (first as u32, end as u32)
            })
            .collect();
        let mut peer_masks = vec![0u64; cells * cell_words];
        for (cell, peers) in peer_masks.chunks_mut(cell_words).enumerate() {
            for &h in of_cell(cell) {
                let house = &house_masks[usize::from(h) * cell_words..][..cell_words];
                for (p, &m) in peers.iter_mut().zip(house) {
                    *p |= m;
                }
            }
            peers[cell / 64] &= !(1 << (cell % 64));
        }
        let lock = Locking::new(&house_cells, of_cell, &house_masks, n);
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        Tables {
            size: n,
            cells,
            full,
            house_cells,
            regions,
            cell_houses,
            cell_house_start,
            peer_masks,
            families: lock.families,
            part_of: lock.part_of,
            b_only: lock.b_only,
            family_start: lock.family_start,
            house_bits,
            house_words,
            house_masks,
            house_spans,
            cell_words,
        }
    }

    /// The number of cells: `n²` on a square grid.
    pub fn cell_count(&self) -> usize {
        self.cells
    }

    /// The number of houses.
    pub fn house_count(&self) -> usize {
        self.house_cells.len() / self.size
    }

    /// The `n` cells of house `h`.
    pub fn house(&self, h: usize) -> &[u16] {
        &self.house_cells[h * self.size..(h + 1) * self.size]
    }

    /// On a square grid, the region of every cell, row by row: cell `k` is in house `2n +
    /// regions()[k]`; `None` for a shape of any houses.
    pub fn regions(&self) -> Option<&[u8]> {
        self.regions.as_deref()
    }

    /// The houses holding `cell`.
    pub fn houses_of(&self, cell: usize) -> &[u16] {
        let (a, b) = (self.cell_house_start[cell], self.cell_house_start[cell + 1]);
        &self.cell_houses[a as usize..b as usize]
    }

    /// The families of houses meeting house `h` (see [`Family`]).
    pub fn families(&self, h: usize) -> &[Family] {
        let (a, b) = (self.family_start[h], self.family_start[h + 1]);
        &self.families[a as usize..b as usize]
    }

    /// The part of each cell of the family's house (in house order, the number of parts for
    /// none), and the number of parts.
    pub fn part_of(&self, f: &Family) -> (&[u8], usize) {
        let (a, b) = f.part_of;
        (
            &self.part_of[a as usize..b as usize],
            (f.parts.1 - f.parts.0) as usize,
        )
    }

    /// The number of parts of all families.
    pub fn part_count(&self) -> usize {
        self.b_only.len() / self.cell_words
    }

    /// Part `k` of a family, numbered among all parts.
    pub fn part_index(&self, f: &Family, k: usize) -> usize {
        f.parts.0 as usize + k
    }

    /// The cells of the house of part `k` of a family outside the family's house, as bits
    /// ([`Tables::cell_words`] words).
    pub fn b_only(&self, f: &Family, k: usize) -> &[u64] {
        let w = self.cell_words;
        &self.b_only[(f.parts.0 as usize + k) * w..][..w]
    }

    /// The houses of `cell` as bits: bit `h % 64` of word `h / 64` for house `h`.
    pub fn house_bits(&self, cell: usize) -> &[u64] {
        let w = self.house_words;
        &self.house_bits[cell * w..(cell + 1) * w]
    }

    /// The houses of every cell as bits, [`Tables::house_bits`] one cell after the other.
    pub fn house_bits_all(&self) -> &[u64] {
        &self.house_bits
    }

    /// The number of words in a set of cells: `n²` bits.
    pub fn cell_words(&self) -> usize {
        self.cell_words
    }

    /// The cells of house `h` as bits: the number of the first word that has any, and the
    /// words from it to the last that has any (the others are 0).
    pub fn house_span(&self, h: usize) -> (usize, &[u64]) {
        let (first, end) = self.house_spans[h];
        let mask = &self.house_masks[h * self.cell_words..];
        (first as usize, &mask[first as usize..end as usize])
    }

    /// The peers of `cell` as bits, [`Tables::cell_words`] words.
    pub fn peer_mask(&self, cell: usize) -> &[u64] {
        let w = self.cell_words;
        &self.peer_masks[cell * w..(cell + 1) * w]
    }
}

/// Adds `k` to the set of bits that starts at `words[0]` (bit `k % 64` of word `k / 64`).
fn insert(words: &mut [u64], k: usize) {
    words[k / 64] |= 1 << (k % 64);
}

/// The most parts of a family. A family of disjoint meetings may be cut in two: each part
/// still has all the other cells of A outside it. Few parts keep the per-part values of a
/// family in a small array that is cheap to clear.
pub(super) const MAX_PARTS: usize = 15;

/// The families of every house, flattened (see [`Family`]).
struct Locking {
    families: Vec<Family>,
    part_of: Vec<u8>,
    /// The cells of B outside A of every part, `words` words each.
    b_only: Vec<u64>,
    words: usize,
    family_start: Vec<u32>,
}

impl Locking {
    /// The number of parts so far.
    fn part_count(&self) -> usize {
        self.b_only.len() / self.words
    }

    /// The families of the houses (`n` cells each in `house_cells`; `of_cell` lists the houses
    /// of each cell; `masks` holds the cells of each house as bits, the same number of words
    /// each).
    ///
    /// The houses meeting A are found from the houses of A's cells, not by trying every house
    /// against A: a jigsaw puzzle brings a shape of its own, so this runs once per puzzle.
    fn new<'c>(
        house_cells: &[u16],
        of_cell: impl Fn(usize) -> &'c [u16],
        masks: &[u64],
        n: usize,
    ) -> Locking {
        let houses: Vec<&[u16]> = house_cells.chunks(n).collect();
        let words = masks.len() / houses.len();
        let mask = |h: usize| &masks[h * words..(h + 1) * words];
        // Room for two families of three parts a house, which rows, columns and boxes have.
        let h = houses.len();
        let mut lock = Locking {
            families: Vec::with_capacity(2 * h),
            part_of: Vec::with_capacity(2 * h * n),
            b_only: Vec::with_capacity(6 * h * words),
            words,
            family_start: Vec::with_capacity(h + 1),
        };
        lock.family_start.push(0);
        // For each house B meeting A, the positions in A of the cells they share, as bits (a
        // house has at most 64 cells); the houses met, as bits, so that they come out in order.
        let mut meet = vec![0u64; h];
        let mut met = vec![0u64; h.div_ceil(64)];
        // Each family of the house at hand: the positions of A it covers and its number of
        // members, and the members (family, house B, the positions of B's meeting with A);
        // kept from house to house.
        let mut families: Vec<(u64, usize)> = Vec::new();
        let mut joined: Vec<(usize, usize, u64)> = Vec::new();
        let mut members = Vec::new();
        for (i, a) in houses.iter().enumerate() {
            for (k, &cell) in a.iter().enumerate() {
                for &j in of_cell(usize::from(cell)) {
                    let j = usize::from(j);
                    if j != i {
                        insert(&mut met, j);
                        meet[j] |= 1 << k;
                    }
                }
            }
            // A house joins the first family whose meetings it does not overlap and that has
            // room, in house order.
            families.clear();
            joined.clear();
            for j in take_bits(&mut met) {
                let shared = std::mem::take(&mut meet[j]);
                // One shared cell is a naked or hidden single's business; all of them (only
                // when A and B are the same cells) gives nothing.
                let count = shared.count_ones() as usize;
                if count < 2 || count == n {
                    continue;
                }
                let free =
                    |(covered, size): &&(u64, usize)| covered & shared == 0 && *size < MAX_PARTS;
                let f = match families.iter().position(|f| free(&f)) {
                    Some(f) => f,
                    None => {
                        families.push((0, 0));
                        families.len() - 1
                    }
                };
                families[f].0 |= shared;
                families[f].1 += 1;
                joined.push((f, j, shared));
            }
            for f in 0..families.len() {
                members.clear();
                let of_f = joined.iter().filter(|m| m.0 == f);
                members.extend(of_f.map(|&(_, j, shared)| (j, shared)));
                lock.push((n, mask(i)), &members, mask);
            }
            lock.family_start.push(lock.families.len() as u32);
        }
        lock
    }

    /// Adds the family of a house A of `n` cells (as bits: `a`) made of `members` (houses and
    /// the positions in A of their meetings with it, as bits); `mask` gives a house's cells as
    /// bits.
    fn push<'h>(
        &mut self,
        (n, a): (usize, &[u64]),
        members: &[(usize, u64)],
        mask: impl Fn(usize) -> &'h [u64],
    ) {
        let start = self.part_of.len() as u32;
        // At most MAX_PARTS parts: their numbers and the number for none fit a byte.
        let none = members.len() as u8;
        self.part_of.extend((0..n).map(|k| {
            members
                .iter()
                .position(|&(_, shared)| shared >> k & 1 != 0)
                .map_or(none, |p| p as u8)
        }));
        let first_part = self.part_count() as u32;
        for &(j, _) in members {
            let b_only = mask(j).iter().zip(a).map(|(&b, &a)| b & !a);
            self.b_only.extend(b_only);
        }
        self.families.push(Family {
            part_of: (start, self.part_of.len() as u32),
            parts: (first_part, self.part_count() as u32),
        });
    }
}

/// The members of a set of bits (as [`insert`] makes it), in increasing order, emptying it.
fn take_bits(words: &mut [u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter_mut().enumerate().flat_map(|(k, word)| {
        let mut bits = std::mem::take(word);
        std::iter::from_fn(move || {
            let bit = bits.trailing_zeros() as usize;
            bits &= bits.wrapping_sub(1);
            (bit < 64).then_some(k * 64 + bit)
        })
    })
}

/// The houses of every cell, in house order, from the cells of every house (`n` a house): as
/// one array, and where each cell's list starts (with one more entry for the end). A counting
/// sort of the houses' entries by cell.
fn houses_of_cells(house_cells: &[u16], n: usize, cells: usize) -> (Vec<u16>, Vec<u32>) {
    let mut start = vec![0u32; cells + 1];
    for &cell in house_cells {
        start[usize::from(cell) + 1] += 1;
    }
    for k in 0..cells {
        start[k + 1] += start[k];
    }
    let mut next = start.clone();
    let mut flat = vec![0u16; house_cells.len()];
    for (k, &cell) in house_cells.iter().enumerate() {
        let at = &mut next[usize::from(cell)];
        // House numbers were checked to fit a u16.
        flat[*at as usize] = (k / n) as u16;
        *at += 1;
    }
    (flat, start)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_9x9_cell_has_20_peers_and_3_houses() {
        let t = Tables::new(&Shape::standard(9).unwrap()).unwrap();
        assert_eq!(t.house_count(), 27);
        assert_eq!(t.houses_of(10), [1, 10, 18]);
        let peers = |cell| {
            t.peer_mask(cell)
                .iter()
                .map(|w| w.count_ones())
                .sum::<u32>()
        };
        assert_eq!(peers(10), 20);
        assert_eq!(t.peer_mask(10)[0] & 1 << 10, 0);
        assert_eq!(t.full, 0x1ff);
    }

    #[test]
    fn a_box_meets_its_rows_and_its_columns_in_two_families() {
        let t = Tables::new(&Shape::standard(9).unwrap()).unwrap();
        // House 18 is the first box: its rows, then its columns.
        let families = t.families(18);
        assert_eq!(families.len(), 2);
        let (part_of, parts) = t.part_of(&families[0]);
        assert_eq!(parts, 3);
        assert_eq!(part_of, [0, 0, 0, 1, 1, 1, 2, 2, 2]);
        assert_eq!(t.b_only(&families[0], 0), [0b1_1111_1000, 0]);
        // A row meets three boxes.
        assert_eq!(t.families(0).len(), 1);
        assert_eq!(t.part_of(&t.families(0)[0]).1, 3);
    }

    #[test]
    fn extra_regions_add_houses_and_peers() {
        let t = Tables::new(&Shape::standard(9).unwrap().with_diagonals()).unwrap();
        assert_eq!(t.house_count(), 29);
        // The centre is on both diagonals.
        assert_eq!(t.houses_of(40).len(), 5);
        let peers = t.peer_mask(40).iter().map(|w| w.count_ones()).sum::<u32>();
        assert_eq!(peers, 20 + 12);
    }

    /// The 9x9 boxes with two cells traded between the first two boxes: row 1 meets the first
    /// box in two cells and the second in four, column 3 meets the second box in one cell.
    fn traded_boxes() -> Shape {
        let mut layout: Vec<u16> = (0..81).map(|c| (c / 27 * 3 + c % 9 / 3) as u16).collect();
        layout.swap(2, 12);
        Shape::jigsaw(9, &layout).unwrap()
    }

    /// Every house A's families, checked against their definition: each house B meeting A in
    /// two cells or more but not all appears in exactly one family of A, as a part of the cells
    /// they share and the cells of B outside A; a family's parts do not overlap.
    #[test]
    fn families_hold_every_house_meeting_a_house_in_two_cells() {
        let shapes = [
            Shape::standard(9).unwrap(),
            Shape::boxes(3, 4).unwrap(),
            Shape::standard(9).unwrap().with_diagonals(),
            traded_boxes(),
        ];
        for shape in &shapes {
            let t = Tables::new(shape).unwrap();
            let (n, w) = (t.size, t.cell_words());
            let mask = |h: usize| t.house_masks[h * w..(h + 1) * w].to_vec();
            for a in 0..t.house_count() {
                let mut expected: Vec<Vec<u64>> = (0..t.house_count())
                    .filter(|&b| {
                        let shared = t.house(a).iter().filter(|c| t.house(b).contains(c));
                        b != a && (2..n).contains(&shared.count())
                    })
                    .map(mask)
                    .collect();
                let mut found = Vec::new();
                for family in t.families(a) {
                    let (part_of, parts) = t.part_of(family);
                    assert!(parts <= MAX_PARTS);
                    for k in 0..parts {
                        // The part's cells and the cells of B outside A make up house B.
                        let mut b = t.b_only(family, k).to_vec();
                        let cells = t
                            .house(a)
                            .iter()
                            .zip(part_of)
                            .filter(|(_, &p)| p == k as u8);
                        for (&cell, _) in cells {
                            insert(&mut b, usize::from(cell));
                        }
                        found.push(b);
                    }
                }
                expected.sort();
                found.sort();
                assert_eq!(found, expected, "house {a} of {shape:?}");
            }
        }
        // The traded cells: row 1 meets its boxes in 2, 4 and 3 cells.
        let t = Tables::new(&traded_boxes()).unwrap();
        let (part_of, parts) = t.part_of(&t.families(0)[0]);
        assert_eq!(parts, 3);
        assert_eq!(part_of, [0, 0, 1, 1, 1, 1, 2, 2, 2]);
    }

    #[test]
    fn sides_above_64_are_refused() {
        assert!(Tables::new(&Shape::standard(64).unwrap()).is_some());
        assert!(Tables::new(&Shape::standard(65).unwrap()).is_none());
        assert_eq!(
            Tables::new(&Shape::standard(64).unwrap()).unwrap().full,
            u64::MAX
        );
    }
}
