//! Sets of cells as bits, for the solver's set-up (which cells must differ, the regions the
//! implied sums are worked out on).

/// A set of cells.
#[derive(Clone, PartialEq, Eq)]
pub(super) struct Cells(Vec<u64>);

impl Cells {
    /// No cell of a grid of `cells` cells.
    pub(super) fn new(cells: usize) -> Cells {
        Cells(vec![0; cells.div_ceil(64)])
    }
    /// The cells of `list`.
    pub(super) fn of(cells: usize, list: &[u32]) -> Cells {
        let mut s = Cells::new(cells);
        list.iter().for_each(|&c| s.add(c));
        s
    }
    /// Adds cell `c`.
    pub(super) fn add(&mut self, c: u32) {
        self.0[c as usize / 64] |= 1 << (c % 64);
    }
    /// Whether cell `c` is in.
    pub(super) fn has(&self, c: u32) -> bool {
        self.0[c as usize / 64] >> (c % 64) & 1 == 1
    }
    /// How many cells are in.
    pub(super) fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    /// The cells in this set and not in `other`.
    pub(super) fn minus(&self, other: &Cells) -> Cells {
        Cells(self.0.iter().zip(&other.0).map(|(a, b)| a & !b).collect())
    }
    /// The cells, in increasing order.
    pub(super) fn list(&self) -> Vec<u32> {
        let mut out = Vec::new();
        for (w, &word) in self.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                out.push((w * 64) as u32 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
        out
    }
}
