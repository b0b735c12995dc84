//! The reusable solver: depth-first search over copied boards.

use super::board::Board;
use super::clash::{find_clash, Clash};
use crate::sudoku::{Limits, Verdict};

/// A 9x9 Sudoku solver specialised for speed; reuse one for many puzzles.
///
/// It solves the same exact-cover problem as the general path (cell, row-value, column-value and
/// box-value items), with the candidates held as band bitboards, forced moves applied to a
/// fixpoint, and a branch on a cell with the fewest values. It allocates nothing.
///
/// ```
/// use dlx_puzzles::sudoku::fast9::Solver9;
/// use dlx_puzzles::sudoku::Verdict;
///
/// let text = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// let mut cells = [0u8; 81];
/// for (cell, ch) in cells.iter_mut().zip(text.bytes()) {
///     *cell = if ch == b'.' { 0 } else { ch - b'0' };
/// }
/// let mut solver = Solver9::new();
/// let (verdict, solution) = solver.check(&cells).unwrap();
/// assert_eq!(verdict, Verdict::Unique);
/// assert_eq!(solution.unwrap()[..9], [4, 8, 3, 9, 2, 1, 6, 5, 7]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Solver9 {
    /// Stop once this many solutions are found.
    limit: u64,
    /// Solutions found by the current call.
    found: u64,
    /// Branches taken by the last call.
    guesses: u64,
    /// The first solution of the current call (valid when `found > 0`).
    first: Option<[u8; 81]>,
    /// The budget of guesses and the deadline of every call.
    limits: Limits,
    /// The guess count at which the limits are looked at next.
    next_look: u64,
    /// Whether the last call stopped at a limit.
    stopped: bool,
}

impl Solver9 {
    /// A new solver.
    pub fn new() -> Self {
        Self::default()
    }

    /// The first solution found, if any.
    ///
    /// `cells` holds the 81 cells row by row: 0 for empty, 1..=9 for a given. Values above 9 and
    /// givens that repeat a value in a row, column or box are reported as a [`Clash`].
    pub fn solve(&mut self, cells: &[u8; 81]) -> Result<Option<[u8; 81]>, Clash> {
        self.run(cells, 1)?;
        Ok(self.first)
    }

    /// Whether the puzzle has no solution, one, or more, with the first solution found. Stops at
    /// the second solution. Errors as for [`Solver9::solve`].
    pub fn check(&mut self, cells: &[u8; 81]) -> Result<(Verdict, Option<[u8; 81]>), Clash> {
        self.run(cells, 2)?;
        let verdict = match self.found {
            0 => Verdict::None,
            1 => Verdict::Unique,
            _ => Verdict::Multiple,
        };
        Ok((verdict, self.first))
    }

    /// The number of solutions, counting no further than `limit` (a limit of 0 searches
    /// nothing). Errors as for [`Solver9::solve`].
    pub fn count(&mut self, cells: &[u8; 81], limit: u64) -> Result<u64, Clash> {
        self.run(cells, limit)?;
        Ok(self.found)
    }

    /// The first solution found by the last call, if any (also after [`Solver9::count`]).
    pub fn first(&self) -> Option<&[u8; 81]> {
        self.first.as_ref()
    }

    /// The number of branches the last call took (each value tried at a cell with several
    /// values left counts one, except the last, which follows without a copy): a measure of
    /// difficulty for statistics.
    pub fn guesses(&self) -> u64 {
        self.guesses
    }

    /// Sets the limits of every later call: a budget of guesses and a deadline.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Whether the last call stopped at a limit before its end; its answer is then incomplete.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Whether the search must stop before its next guess; sets when to look again.
    fn stop_here(&mut self) -> bool {
        // The budget allows that many guesses: the next one would be one too many.
        if self.limits.reached(self.guesses) {
            self.stopped = true;
            return true;
        }
        self.next_look = self.limits.next_look(self.guesses);
        false
    }

    /// Checks the givens, then searches until `limit` solutions are found or the tree is done.
    fn run(&mut self, cells: &[u8; 81], limit: u64) -> Result<(), Clash> {
        self.limit = limit;
        self.found = 0;
        self.guesses = 0;
        self.first = None;
        self.stopped = false;
        self.next_look = if self.limits.is_unlimited() {
            u64::MAX
        } else {
            0
        };
        match Board::from_givens(cells) {
            // `from_givens` refuses exactly the inputs that `find_clash` reports.
            None => find_clash(cells),
            Some(board) => {
                if limit > 0 {
                    self.search(board);
                }
                Ok(())
            }
        }
    }

    /// Searches below `board`; true when the limit was reached and the search must stop.
    ///
    /// The recursion is at most 81 deep: each level fixes a cell before it recurses.
    fn search(&mut self, mut board: Board) -> bool {
        loop {
            if !board.propagate() {
                return false;
            }
            if board.is_solved() {
                self.found += 1;
                if self.first.is_none() {
                    let mut out = [0u8; 81];
                    board.write_solution(&mut out);
                    self.first = Some(out);
                }
                return self.found >= self.limit;
            }
            let choice = board.choose();
            let mut values = choice.values;
            if values == 0 {
                return false;
            }
            // Every value but the last on a copy; the last one on this board.
            while values & (values - 1) != 0 {
                let v = values.trailing_zeros() as usize;
                values &= values - 1;
                // One comparison per guess; the limits are looked at only now and then.
                if self.guesses >= self.next_look && self.stop_here() {
                    return true;
                }
                self.guesses += 1;
                let mut next = board;
                if next.place(v, choice.band, choice.bit) && self.search(next) {
                    return true;
                }
            }
            let v = values.trailing_zeros() as usize;
            if !board.place(v, choice.band, choice.bit) {
                return false;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> [u8; 81] {
        let mut cells = [0u8; 81];
        for (cell, ch) in cells.iter_mut().zip(line.bytes()) {
            *cell = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
        }
        cells
    }

    #[test]
    fn an_easy_puzzle_needs_no_guess() {
        let p = parse(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        let mut s = Solver9::new();
        let solution = s.solve(&p).unwrap().unwrap();
        assert_eq!(s.guesses(), 0);
        assert!(p.iter().zip(&solution).all(|(&a, &b)| a == 0 || a == b));
    }

    #[test]
    fn a_cell_without_values_has_no_solution() {
        // Row 1 holds 1..=8; a 9 below the last cell leaves that cell nothing.
        let mut p = parse("12345678.");
        p[9 * 4 + 8] = 9;
        let mut s = Solver9::new();
        assert_eq!(s.check(&p).unwrap(), (Verdict::None, None));
        assert_eq!(s.solve(&p).unwrap(), None);
        assert_eq!(s.count(&p, 10).unwrap(), 0);
    }

    #[test]
    fn a_full_grid_is_its_own_solution() {
        let g = parse(
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
        );
        let mut s = Solver9::new();
        assert_eq!(s.check(&g).unwrap(), (Verdict::Unique, Some(g)));
        assert_eq!(s.guesses(), 0);
    }

    #[test]
    fn a_swappable_rectangle_has_two_solutions() {
        let mut g = parse(
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
        );
        // Two rows of one band and two columns whose corners read a b / b a: blanking the
        // corners leaves exactly two ways to fill them.
        let mut found = None;
        for r1 in 0..9 {
            for r2 in r1 + 1..r1 / 3 * 3 + 3 {
                for c1 in 0..9 {
                    for c2 in c1 + 1..9 {
                        let (a, b) = (g[9 * r1 + c1], g[9 * r1 + c2]);
                        if g[9 * r2 + c1] == b && g[9 * r2 + c2] == a {
                            found = Some([9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2]);
                        }
                    }
                }
            }
        }
        let corners = found.expect("the grid has such a rectangle");
        let full = g;
        for cell in corners {
            g[cell] = 0;
        }
        let mut s = Solver9::new();
        assert_eq!(s.count(&g, 10).unwrap(), 2);
        let (verdict, solution) = s.check(&g).unwrap();
        assert_eq!(verdict, Verdict::Multiple);
        let solution = solution.unwrap();
        assert!(solution == full || corners.iter().all(|&c| solution[c] != full[c]));
    }
}
