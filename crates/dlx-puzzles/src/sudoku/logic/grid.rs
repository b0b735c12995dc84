//! The candidate grid: for every cell its value or the values still possible, over the houses
//! of any [`Shape`].

use std::fmt::Write as _;
use std::sync::Arc;

use crate::sudoku::shape::{House, Shape};

/// A set of values `1..=n` as bits (bit `v - 1` for value `v`); sides up to 100 fit.
pub type Mask = u128;

/// The bit of value `v` (from 1).
pub fn bit(value: u16) -> Mask {
    1 << (value - 1)
}

/// The values of a mask, from the smallest.
pub fn values(mask: Mask) -> impl Iterator<Item = u16> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let value = rest.trailing_zeros() as u16 + 1;
        rest &= rest - 1;
        Some(value)
    })
}

/// The geometry of a shape as the techniques read it: its houses, each cell's houses and peers.
#[derive(Debug)]
pub struct Board {
    size: usize,
    shape: Shape,
    houses: Vec<House>,
    house_cells: Vec<Vec<usize>>,
    cell_houses: Vec<Vec<usize>>,
    peers: Vec<Vec<usize>>,
    /// Words of a set of cells (one bit per cell).
    words: usize,
    /// The peers of each cell as a set: [`Board::words`] words per cell.
    peer_bits: Vec<u64>,
    /// The cells of each house as a set: [`Board::words`] words per house.
    house_bits: Vec<u64>,
    /// The houses in the order techniques look at them: regions, columns, rows, extra regions.
    search_order: Vec<usize>,
}

impl Board {
    /// The geometry of `shape`.
    pub fn new(shape: &Shape) -> Board {
        let n = shape.size();
        let cells = n * n;
        let houses: Vec<House> = shape.houses().collect();
        let house_cells: Vec<Vec<usize>> = houses.iter().map(|&h| shape.cells(h)).collect();
        let mut cell_houses = vec![Vec::new(); cells];
        for (h, members) in house_cells.iter().enumerate() {
            for &cell in members {
                cell_houses[cell].push(h);
            }
        }
        let words = cells.div_ceil(64);
        let mut house_bits = vec![0u64; house_cells.len() * words];
        for (h, members) in house_cells.iter().enumerate() {
            for &cell in members {
                house_bits[h * words + cell / 64] |= 1 << (cell % 64);
            }
        }
        let mut peer_bits = vec![0u64; cells * words];
        for (a, peers) in peer_bits.chunks_exact_mut(words.max(1)).enumerate() {
            for &h in &cell_houses[a] {
                for (p, &m) in peers
                    .iter_mut()
                    .zip(&house_bits[h * words..(h + 1) * words])
                {
                    *p |= m;
                }
            }
            peers[a / 64] &= !(1 << (a % 64));
        }
        let peers = peer_bits
            .chunks_exact(words.max(1))
            .map(|set| cells_of(set.iter().copied()).collect())
            .collect();
        let rank = |house: &House| match house {
            House::Box(_) | House::Region(_) => 0,
            House::Column(_) => 1,
            House::Row(_) => 2,
            House::Extra(_) | House::Free(_) => 3,
        };
        let mut search_order: Vec<usize> = (0..houses.len()).collect();
        search_order.sort_by_key(|&h| rank(&houses[h]));
        Board {
            size: n,
            shape: shape.clone(),
            houses,
            house_cells,
            cell_houses,
            peers,
            words,
            peer_bits,
            house_bits,
            search_order,
        }
    }

    /// The side `n`.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The shape.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The number of cells.
    pub fn cell_count(&self) -> usize {
        self.size * self.size
    }

    /// Every house, numbered as [`Shape::houses`] lists them.
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// The houses in the order techniques look at them: regions, columns, rows, extras.
    pub fn search_order(&self) -> &[usize] {
        &self.search_order
    }

    /// The cells of house number `h`.
    pub fn house_cells(&self, h: usize) -> &[usize] {
        &self.house_cells[h]
    }

    /// The houses (by number) a cell belongs to.
    pub fn cell_houses(&self, cell: usize) -> &[usize] {
        &self.cell_houses[cell]
    }

    /// The cells that share a house with `cell`.
    pub fn peers(&self, cell: usize) -> &[usize] {
        &self.peers[cell]
    }

    /// The cells of house `h` as a set, one bit per cell (cell `c` is bit `c % 64` of word
    /// `c / 64`).
    pub fn house_set(&self, h: usize) -> &[u64] {
        &self.house_bits[h * self.words..(h + 1) * self.words]
    }

    /// The peers of `cell` as a set, laid out as [`Board::house_set`].
    pub fn peer_set(&self, cell: usize) -> &[u64] {
        &self.peer_bits[cell * self.words..(cell + 1) * self.words]
    }

    /// Whether `cell` is in house `h`.
    pub fn in_house(&self, h: usize, cell: usize) -> bool {
        self.house_bits[h * self.words + cell / 64] >> (cell % 64) & 1 == 1
    }

    /// Whether two distinct cells share a house.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.peer_bits[a * self.words + b / 64] >> (b % 64) & 1 == 1
    }

    /// Whether house `h` is a region (box or jigsaw piece).
    pub fn is_region(&self, h: usize) -> bool {
        matches!(self.houses[h], House::Box(_) | House::Region(_))
    }

    /// Whether house `h` is a row or a column.
    pub fn is_line(&self, h: usize) -> bool {
        matches!(self.houses[h], House::Row(_) | House::Column(_))
    }

    /// Whether the shape is the classic 9x9 with 3x3 boxes and no extra regions.
    pub fn is_classic(&self) -> bool {
        self.size == 9 && self.shape.box_size() == Some((3, 3)) && self.shape.extra().is_empty()
    }
}

/// A cell named as players write it: `r5c4`.
pub fn cell_name(cell: usize, n: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

/// Cells named as players write them, separated by commas: `r5c4,r5c6`.
pub fn cell_names<'a>(cells: impl IntoIterator<Item = &'a usize>, n: usize) -> String {
    cells
        .into_iter()
        .map(|&c| cell_name(c, n))
        .collect::<Vec<_>>()
        .join(",")
}

/// A house named as in messages: `box 5`, `row 3`.
pub fn house_name(house: House) -> String {
    house.to_string()
}

/// The cells and values still open, and the values placed.
#[derive(Debug)]
pub struct Grid {
    board: Arc<Board>,
    values: Vec<u16>,
    candidates: Vec<Mask>,
    /// The same candidates read the other way: for each value, the cells that have it, as a
    /// set of [`Board::house_set`]'s kind. The chains ask of a house where a value can still
    /// go far more often than the grid changes.
    places: Vec<u64>,
}

// By hand for `clone_from`, which keeps the room of the grid overwritten: a chain search copies
// its grid once per assumption followed.
impl Clone for Grid {
    fn clone(&self) -> Grid {
        Grid {
            board: Arc::clone(&self.board),
            values: self.values.clone(),
            candidates: self.candidates.clone(),
            places: self.places.clone(),
        }
    }

    fn clone_from(&mut self, source: &Grid) {
        self.board.clone_from(&source.board);
        self.values.clone_from(&source.values);
        self.candidates.clone_from(&source.candidates);
        self.places.clone_from(&source.places);
    }
}

impl Grid {
    /// The grid of `givens` (0 for an empty cell) on `board`: each given placed and removed from
    /// its peers. Givens must fit the shape (see [`Shape::check_givens`]).
    pub fn new(board: Arc<Board>, givens: &[u16]) -> Grid {
        let n = board.size();
        let all: Mask = if n == 128 { !0 } else { (1 << n) - 1 };
        let cells = board.cell_count();
        let words = board.words;
        let mut all_cells = vec![!0u64; words];
        if cells % 64 != 0 {
            all_cells[words - 1] = (1 << (cells % 64)) - 1;
        }
        let places = (0..n).flat_map(|_| all_cells.iter().copied()).collect();
        let mut grid = Grid {
            board,
            values: vec![0; cells],
            candidates: vec![all; cells],
            places,
        };
        for (cell, &value) in givens.iter().enumerate() {
            if value != 0 {
                grid.place(cell, value);
            }
        }
        grid
    }

    /// The geometry.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The shared geometry.
    pub fn board_arc(&self) -> &Arc<Board> {
        &self.board
    }

    /// The side `n`.
    pub fn size(&self) -> usize {
        self.board.size
    }

    /// A cell's value, 0 when empty.
    pub fn value(&self, cell: usize) -> u16 {
        self.values[cell]
    }

    /// Every cell's value, 0 when empty.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// A cell's candidates (none once it holds a value).
    pub fn candidates(&self, cell: usize) -> Mask {
        self.candidates[cell]
    }

    /// Whether `value` is a candidate of `cell`.
    pub fn has(&self, cell: usize, value: u16) -> bool {
        self.candidates[cell] & bit(value) != 0
    }

    /// The cells where `value` is a candidate, as a set of [`Board::house_set`]'s kind.
    pub fn places(&self, value: u16) -> &[u64] {
        let words = self.board.words;
        let v = usize::from(value - 1);
        &self.places[v * words..(v + 1) * words]
    }

    /// The cells of house `h` where `value` is a candidate, from the lowest.
    pub fn positions(&self, h: usize, value: u16) -> impl Iterator<Item = usize> + '_ {
        cells_of(
            self.places(value)
                .iter()
                .zip(self.board.house_set(h))
                .map(|(&p, &m)| p & m),
        )
    }

    /// The candidates of `cells`, as `(cell, value)`, cell by cell.
    pub fn candidates_of<'a>(
        &self,
        cells: impl IntoIterator<Item = &'a usize>,
    ) -> Vec<(usize, u16)> {
        cells
            .into_iter()
            .flat_map(|&c| values(self.candidates(c)).map(move |v| (c, v)))
            .collect()
    }

    /// The candidates `value` of the cells that see every one of `cells`, other than those of
    /// `besides`, as `(cell, value)`: what a pattern that puts `value` in one of `cells` removes.
    pub fn seen_by_all(&self, cells: &[usize], value: u16, besides: &[usize]) -> Vec<(usize, u16)> {
        (0..self.board.cell_count())
            .filter(|&c| {
                self.has(c, value)
                    && !besides.contains(&c)
                    && cells.iter().all(|&w| self.board.sees(c, w))
            })
            .map(|c| (c, value))
            .collect()
    }

    /// How many cells of house `h` have `value` as a candidate.
    pub fn count_in(&self, h: usize, value: u16) -> usize {
        self.places(value)
            .iter()
            .zip(self.board.house_set(h))
            .map(|(&p, &m)| (p & m).count_ones() as usize)
            .sum()
    }

    /// Whether every cell holds a value.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Whether some empty cell has no candidate left, or some house has lost a value it still
    /// needs: the grid cannot be completed.
    pub fn is_broken(&self) -> bool {
        let b = &*self.board;
        (0..b.cell_count()).any(|c| self.values[c] == 0 && self.candidates[c] == 0)
            || (0..b.houses.len()).any(|h| {
                let mut seen: Mask = 0;
                for &c in &b.house_cells[h] {
                    seen |= self.candidates[c];
                    if self.values[c] != 0 {
                        seen |= bit(self.values[c]);
                    }
                }
                seen.count_ones() as usize != b.size
            })
    }

    /// Places `value` in `cell` and removes it from the cell's peers.
    pub fn place(&mut self, cell: usize, value: u16) {
        self.values[cell] = value;
        self.set_candidates(cell, 0);
        let board = Arc::clone(&self.board);
        for &peer in board.peers(cell) {
            self.eliminate(peer, value);
        }
    }

    /// Removes `value` from the candidates of `cell`; whether it was there.
    pub fn eliminate(&mut self, cell: usize, value: u16) -> bool {
        let had = self.has(cell, value);
        self.candidates[cell] &= !bit(value);
        let words = self.board.words;
        self.places[usize::from(value - 1) * words + cell / 64] &= !(1 << (cell % 64));
        had
    }

    /// Restores the candidates of `cell` (used by chains that try and undo).
    pub fn set_candidates(&mut self, cell: usize, mask: Mask) {
        self.candidates[cell] = mask;
        let (words, word, cell_bit) = (self.board.words, cell / 64, 1u64 << (cell % 64));
        for v in 0..self.board.size {
            let places = &mut self.places[v * words + word];
            if mask >> v & 1 == 1 {
                *places |= cell_bit;
            } else {
                *places &= !cell_bit;
            }
        }
    }

    /// The candidate grid drawn as text: one line per row, each cell its value or its
    /// candidates, columns padded to the widest cell.
    pub fn marks(&self) -> String {
        let n = self.size();
        let text: Vec<String> = (0..n * n)
            .map(|c| {
                if self.values[c] != 0 {
                    symbol(self.values[c], n)
                } else {
                    values(self.candidates[c]).map(|v| symbol(v, n)).collect()
                }
            })
            .collect();
        let width = text.iter().map(String::len).max().unwrap_or(1);
        let mut out = String::new();
        for r in 0..n {
            for c in 0..n {
                if c > 0 {
                    out.push(' ');
                }
                let _ = write!(out, "{:<width$}", text[r * n + c]);
            }
            out.truncate(out.trim_end().len());
            out.push('\n');
        }
        out
    }
}

/// The cells of a set (words of 64 cells), from the lowest.
pub fn cells_of(words: impl Iterator<Item = u64>) -> impl Iterator<Item = usize> {
    words.enumerate().flat_map(|(w, mut x)| {
        std::iter::from_fn(move || {
            if x == 0 {
                return None;
            }
            let c = 64 * w + x.trailing_zeros() as usize;
            x &= x - 1;
            Some(c)
        })
    })
}

/// A value's symbol in marks: `1`-`9`, then `A`, `B`, ... (and `{n}` past 35).
fn symbol(value: u16, n: usize) -> String {
    if n <= 35 {
        char::from_digit(u32::from(value), 36)
            .map(|c| c.to_ascii_uppercase().to_string())
            .unwrap_or_default()
    } else {
        format!("{{{value}}}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the places of every value are the cells whose candidates hold it, and the
    /// positions of a house its cells that do, in the house's order.
    fn places_agree(grid: &Grid) -> bool {
        let b = grid.board();
        (1..=b.size() as u16).all(|v| {
            (0..b.houses().len()).all(|h| {
                let scanned: Vec<usize> = b
                    .house_cells(h)
                    .iter()
                    .copied()
                    .filter(|&c| grid.has(c, v))
                    .collect();
                grid.positions(h, v).eq(scanned.iter().copied())
                    && grid.count_in(h, v) == scanned.len()
            }) && cells_of(grid.places(v).iter().copied())
                .eq((0..b.cell_count()).filter(|&c| grid.has(c, v)))
        })
    }

    #[test]
    fn places_follow_every_change_of_the_candidates() {
        // Cells past one word (81 and 256), extra regions, a jigsaw layout.
        let jigsaw: Vec<u16> = (0..81)
            .map(|c| 8 - (c % 9 / 3 * 3 + c / 27) as u16)
            .collect();
        let nine = Shape::standard(9).unwrap();
        let shapes = [
            nine.clone(),
            Shape::standard(16).unwrap(),
            nine.clone().with_diagonals(),
            nine.with_windows().unwrap(),
            // Regions of three columns' thirds each, numbered out of order.
            Shape::jigsaw(9, &jigsaw).unwrap(),
        ];
        for shape in shapes {
            let n = shape.size();
            let board = Arc::new(Board::new(&shape));
            let mut givens = vec![0u16; n * n];
            givens[0] = 1;
            givens[n + 3] = 2;
            let mut grid = Grid::new(Arc::clone(&board), &givens);
            assert!(places_agree(&grid));
            grid.eliminate(n * n - 1, 3);
            grid.eliminate(70, 1);
            assert!(places_agree(&grid));
            grid.set_candidates(70, 0b1011);
            grid.place(5 * n + 5, 4);
            assert!(places_agree(&grid));
            let mut copy = Grid::new(board, &[]);
            copy.clone_from(&grid);
            assert!(places_agree(&copy));
        }
    }
}
