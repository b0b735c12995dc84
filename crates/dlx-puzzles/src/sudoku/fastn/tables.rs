//! What the search needs to know about a shape, computed once: the cells of every house, the
//! houses of every cell, and the peers of every cell.

use crate::sudoku::shape::{House, Shape};

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
    /// The value mask with all `n` values: bits `0..n`.
    pub full: u64,
    /// The cells of every house, `n` per house.
    house_cells: Vec<u16>,
    /// The houses of cell `k` are `cell_houses[cell_house_start[k]..cell_house_start[k + 1]]`.
    cell_houses: Vec<u16>,
    cell_house_start: Vec<u32>,
    /// The peers of cell `k` (cells sharing a house with it, itself excluded, each once) are
    /// `peers[peer_start[k]..peer_start[k + 1]]`.
    peers: Vec<u16>,
    peer_start: Vec<u32>,
    /// For each ordered pair of houses (A, B) meeting in two cells or more: the cells of A
    /// outside B, then the cells of B outside A (see [`Tables::segments`]).
    segments: Vec<Segment>,
    segment_cells: Vec<u16>,
    /// The houses of cell `k` as a set of bits, `house_bits[k * words..(k + 1) * words]` with
    /// `words` = `house_words`: marking them changed is a few `or`s.
    house_bits: Vec<u64>,
    house_words: usize,
    /// The segments whose house A is `h` are `segments[segment_start[h]..segment_start[h + 1]]`.
    segment_start: Vec<u32>,
}

/// Two houses A and B meeting in two cells or more, as ranges of `segment_cells`: a value whose
/// places in A all lie in B (none in `a_only`) cannot go in `b_only`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Segment {
    /// House A.
    pub a: u16,
    a_only: (u32, u32),
    b_only: (u32, u32),
}

impl Tables {
    /// The tables of `shape`, or `None` when its side is above [`MAX_SIDE`].
    pub fn new(shape: &Shape) -> Option<Tables> {
        let n = shape.size();
        if n > MAX_SIDE {
            return None;
        }
        let cells = n * n;
        // Cell numbers are below 64 * 64 and house numbers below 3 * 64 + extras; both are
        // stored as u16 to halve the tables' footprint in the cache.
        let houses: Vec<House> = shape.houses().collect();
        if houses.len() > usize::from(u16::MAX) {
            return None;
        }
        let mut house_cells = Vec::with_capacity(houses.len() * n);
        let mut of_cell = vec![Vec::new(); cells];
        for (h, &house) in houses.iter().enumerate() {
            for cell in shape.cells(house) {
                house_cells.push(cell as u16);
                of_cell[cell].push(h as u16);
            }
        }
        let house_words = houses.len().div_ceil(64);
        let mut house_bits = vec![0u64; cells * house_words];
        for (cell, list) in of_cell.iter().enumerate() {
            for &h in list {
                house_bits[cell * house_words + usize::from(h) / 64] |= 1 << (h % 64);
            }
        }
        let (cell_houses, cell_house_start) = flatten(&of_cell);
        let mut mark = vec![usize::MAX; cells];
        let mut peers_of = vec![Vec::new(); cells];
        for (cell, list) in peers_of.iter_mut().enumerate() {
            mark[cell] = cell;
            for &h in &of_cell[cell] {
                let h = usize::from(h);
                for &peer in &house_cells[h * n..(h + 1) * n] {
                    if mark[usize::from(peer)] != cell {
                        mark[usize::from(peer)] = cell;
                        list.push(peer);
                    }
                }
            }
        }
        let (peers, peer_start) = flatten(&peers_of);
        let (segments, segment_cells) = segments(&house_cells, n);
        let mut segment_start = vec![0u32; houses.len() + 1];
        for s in &segments {
            segment_start[usize::from(s.a) + 1] += 1;
        }
        for h in 0..houses.len() {
            segment_start[h + 1] += segment_start[h];
        }
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        Some(Tables {
            size: n,
            full,
            house_cells,
            cell_houses,
            cell_house_start,
            peers,
            peer_start,
            segments,
            segment_cells,
            segment_start,
            house_bits,
            house_words,
        })
    }

    /// The number of cells, `n²`.
    pub fn cell_count(&self) -> usize {
        self.size * self.size
    }

    /// The number of houses.
    pub fn house_count(&self) -> usize {
        self.house_cells.len() / self.size
    }

    /// The `n` cells of house `h`.
    pub fn house(&self, h: usize) -> &[u16] {
        &self.house_cells[h * self.size..(h + 1) * self.size]
    }

    /// The houses holding `cell`.
    pub fn houses_of(&self, cell: usize) -> &[u16] {
        let (a, b) = (self.cell_house_start[cell], self.cell_house_start[cell + 1]);
        &self.cell_houses[a as usize..b as usize]
    }

    /// The ordered pairs of houses (A, B) meeting in two cells or more, for A = `h`.
    pub fn segments(&self, h: usize) -> &[Segment] {
        let (a, b) = (self.segment_start[h], self.segment_start[h + 1]);
        &self.segments[a as usize..b as usize]
    }

    /// The cells of A outside B, and of B outside A.
    pub fn segment_cells(&self, s: &Segment) -> (&[u16], &[u16]) {
        let cells = |(a, b): (u32, u32)| &self.segment_cells[a as usize..b as usize];
        (cells(s.a_only), cells(s.b_only))
    }

    /// The houses of `cell` as bits: bit `h % 64` of word `h / 64` for house `h`.
    pub fn house_bits(&self, cell: usize) -> &[u64] {
        let w = self.house_words;
        &self.house_bits[cell * w..(cell + 1) * w]
    }

    /// The peers of `cell`.
    pub fn peers(&self, cell: usize) -> &[u16] {
        let (a, b) = (self.peer_start[cell], self.peer_start[cell + 1]);
        &self.peers[a as usize..b as usize]
    }
}

/// The segments of the houses (`n` cells each in `house_cells`) and their cells.
fn segments(house_cells: &[u16], n: usize) -> (Vec<Segment>, Vec<u16>) {
    let houses: Vec<&[u16]> = house_cells.chunks(n).collect();
    let mut segments = Vec::new();
    let mut cells = Vec::new();
    let range = |cells: &mut Vec<u16>, from: &[u16], not_in: &[u16]| {
        let start = cells.len() as u32;
        cells.extend(from.iter().filter(|c| !not_in.contains(c)));
        (start, cells.len() as u32)
    };
    for (i, a) in houses.iter().enumerate() {
        for (j, b) in houses.iter().enumerate() {
            let shared = a.iter().filter(|c| b.contains(c)).count();
            // One shared cell is a naked or hidden single's business; all of them (only when
            // A and B are the same cells) gives nothing.
            if i != j && shared >= 2 && shared < n {
                let a_only = range(&mut cells, a, b);
                let b_only = range(&mut cells, b, a);
                segments.push(Segment {
                    a: i as u16,
                    a_only,
                    b_only,
                });
            }
        }
    }
    (segments, cells)
}

/// Lists of numbers as one array and the start of each list (with one more entry for the end).
fn flatten(lists: &[Vec<u16>]) -> (Vec<u16>, Vec<u32>) {
    let mut flat = Vec::with_capacity(lists.iter().map(Vec::len).sum());
    let mut start = Vec::with_capacity(lists.len() + 1);
    start.push(0);
    for list in lists {
        flat.extend_from_slice(list);
        start.push(flat.len() as u32);
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
        assert_eq!(t.peers(10).len(), 20);
        assert!(!t.peers(10).contains(&10));
        assert_eq!(t.full, 0x1ff);
    }

    #[test]
    fn extra_regions_add_houses_and_peers() {
        let t = Tables::new(&Shape::standard(9).unwrap().with_diagonals()).unwrap();
        assert_eq!(t.house_count(), 29);
        // The centre is on both diagonals.
        assert_eq!(t.houses_of(40).len(), 5);
        assert_eq!(t.peers(40).len(), 20 + 12);
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
