//! Tables of assignments: every assignment of a few cells that a rule accepts. The exact-cover
//! model turns each into an option ([`cover`](super::cover)); the solver keeps a small table by
//! its rows, each candidate kept while some row still holds it.

/// The assignments of some cells a rule accepts, row by row.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Rows {
    /// Values per row: one for each cell.
    pub arity: usize,
    /// Every row's values, one row after the other.
    pub values: Vec<u8>,
    /// How many rows.
    pub count: usize,
}

impl Rows {
    /// Each row's values.
    pub fn iter(&self) -> impl Iterator<Item = &[u8]> + '_ {
        (0..self.count).map(|i| &self.values[i * self.arity..(i + 1) * self.arity])
    }
}

/// Every assignment of `cells` (no cell twice) in which each cell holds one of its candidates
/// (bit `v - 1` of `masks[cell]` for value `v`), cells that `differ` holding different values,
/// that `accepts` takes: it reads the values from `grid` (one value per cell of the puzzle), in
/// which the cells are set. `None` when more than `most` complete assignments would be tried,
/// or when an estimate says so before any is (each cell's candidates less one for each earlier
/// cell it differs from, multiplied).
pub(super) fn tabulate(
    cells: &[usize],
    masks: &[u32],
    differ: &dyn Fn(usize, usize) -> bool,
    grid: &mut [u8],
    accepts: &dyn Fn(&[u8]) -> bool,
    most: usize,
) -> Option<Rows> {
    // Give up at once when even the distinct cells leave too many assignments: each cell's
    // candidates less one for each earlier cell it must differ from.
    let mut estimate = 1usize;
    for (i, &cell) in cells.iter().enumerate() {
        let apart = cells[..i].iter().filter(|&&c| differ(c, cell)).count();
        let left = (masks[cell].count_ones() as usize)
            .saturating_sub(apart)
            .max(1);
        estimate = estimate.saturating_mul(left);
        if estimate > most {
            return None;
        }
    }
    let mut walk = Walk {
        cells,
        masks,
        differ,
        accepts,
        most,
        tried: 0,
        rows: Rows {
            arity: cells.len(),
            ..Rows::default()
        },
    };
    let complete = walk.from(0, grid);
    for &c in cells {
        grid[c] = 0;
    }
    complete.then_some(walk.rows)
}

/// The state of one [`tabulate`].
struct Walk<'a> {
    cells: &'a [usize],
    masks: &'a [u32],
    differ: &'a dyn Fn(usize, usize) -> bool,
    accepts: &'a dyn Fn(&[u8]) -> bool,
    most: usize,
    tried: usize,
    rows: Rows,
}

impl Walk<'_> {
    /// Every assignment of `cells[at..]`, the earlier ones set in `grid`; `false` once more
    /// than `most` were tried.
    fn from(&mut self, at: usize, grid: &mut [u8]) -> bool {
        let Some(&cell) = self.cells.get(at) else {
            self.tried += 1;
            if (self.accepts)(grid) {
                self.rows.values.extend(self.cells.iter().map(|&c| grid[c]));
                self.rows.count += 1;
            }
            return self.tried <= self.most;
        };
        let mut rest = self.masks[cell];
        while rest != 0 {
            let v = rest.trailing_zeros() as u8 + 1;
            rest &= rest - 1;
            let clash = self.cells[..at]
                .iter()
                .any(|&c| grid[c] == v && (self.differ)(c, cell));
            if clash {
                continue;
            }
            grid[cell] = v;
            if !self.from(at + 1, grid) {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_keep_candidates_differences_and_the_rule() {
        // Three cells of a 4x4 grid, the first two differing, adding up to 6.
        let masks = vec![0b1111, 0b0011, 0b1111];
        let differ = |a: usize, b: usize| a.min(b) == 0 && a.max(b) == 1;
        let mut grid = vec![0; 3];
        let sum = |g: &[u8]| g.iter().map(|&v| u32::from(v)).sum::<u32>() == 6;
        let rows = tabulate(&[0, 1, 2], &masks, &differ, &mut grid, &sum, 100).unwrap();
        let listed: Vec<&[u8]> = rows.iter().collect();
        let mut expected: Vec<[u8; 3]> = Vec::new();
        for a in 1..=4u8 {
            for b in 1..=2u8 {
                for c in 1..=4u8 {
                    if a != b && a + b + c == 6 {
                        expected.push([a, b, c]);
                    }
                }
            }
        }
        assert_eq!(listed.len(), expected.len());
        assert!(expected.iter().all(|row| listed.contains(&&row[..])));
        assert_eq!(grid, [0, 0, 0]);
        // Six pairs for the first two cells (eight less the two equal ones) times four values
        // of the third: 24 tried, so a limit of 23 gives up; the estimate (4 * 1 * 4) does not.
        assert!(tabulate(&[0, 1, 2], &masks, &differ, &mut grid, &sum, 23).is_none());
        assert!(tabulate(&[0, 1, 2], &masks, &differ, &mut grid, &sum, 24).is_some());
        // Cells that need not differ: 4 * 2 * 4 = 32 estimated, given up before any is tried.
        let apart = |_: usize, _: usize| false;
        assert!(tabulate(&[0, 1, 2], &masks, &apart, &mut grid, &sum, 31).is_none());
        // No cells: one empty row when the rule holds, none when it does not.
        assert_eq!(
            tabulate(&[], &masks, &differ, &mut grid, &|_| true, 1)
                .unwrap()
                .count,
            1
        );
        assert_eq!(
            tabulate(&[], &masks, &differ, &mut grid, &|_| false, 1)
                .unwrap()
                .count,
            0
        );
    }
}
