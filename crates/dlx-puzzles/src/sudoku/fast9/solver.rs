//! The reusable solver: depth-first search over copied boards.

use std::cell::OnceCell;

use super::board::Board;
use super::isa::{Isa, Path, Search};
use crate::sudoku::{FastPath, Tally};

/// A 9x9 Sudoku solver specialised for speed; reuse one for many puzzles.
///
/// It solves the same exact-cover problem as the general path (cell, row-value, column-value and
/// box-value items), with the candidates held as band bitboards, forced moves applied to a
/// fixpoint, and a branch on a cell with the fewest values. It allocates nothing.
///
/// It answers the same calls as [`SolverN`](crate::sudoku::fastn::SolverN), those of
/// [`FastPath`]: givens as `u16` values, a run up to a number of solutions, the first solution,
/// the guesses made, a [`Stop`](dlx_core::Stop).
///
/// ```
/// use dlx_puzzles::sudoku::fast9::Solver9;
/// use dlx_puzzles::sudoku::FastPath;
///
/// let text = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// let givens: Vec<u16> = text.bytes().map(|b| if b == b'.' { 0 } else { u16::from(b - b'0') }).collect();
/// let mut solver = Solver9::new();
/// assert_eq!(solver.run(&givens, 2), Some(1));
/// assert_eq!(solver.first().unwrap()[..9], [4, 8, 3, 9, 2, 1, 6, 5, 7]);
/// ```
#[derive(Clone, Debug)]
pub struct Solver9 {
    /// The limit, the solutions, the guesses and the stop of the current call.
    tally: Tally,
    /// The board of the first solution of the current call (valid once one is found). Kept as
    /// a board and written out only when asked for: a check never reads it, and copying the
    /// board costs less than writing its 81 values.
    solved: Option<Board>,
    /// `solved` written out, row by row, once asked for.
    first: OnceCell<[u8; 81]>,
    /// The instruction set the search runs on.
    path: Path,
}

impl Default for Solver9 {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver9 {
    /// A new solver on the instruction set of [`Isa::chosen`] ([`Isa::best`] unless the
    /// environment names another, and when the one named cannot be used).
    pub fn new() -> Self {
        let path = Isa::chosen().ok().and_then(Path::new);
        Self::with_path(path.unwrap_or_else(Path::best))
    }

    /// A new solver on `isa`, or `None` when this CPU lacks it. Every instruction set gives the
    /// same answers and guesses; this is for comparing them.
    pub fn with_isa(isa: Isa) -> Option<Self> {
        Path::new(isa).map(Self::with_path)
    }

    /// A new solver on `path`.
    fn with_path(path: Path) -> Self {
        Solver9 {
            tally: Tally::default(),
            solved: None,
            first: OnceCell::new(),
            path,
        }
    }

    /// The instruction set the search runs on.
    pub fn isa(&self) -> Isa {
        self.path.isa()
    }

    /// The first solution found by the last call, if any, as 81 values row by row.
    pub fn first(&self) -> Option<&[u8; 81]> {
        let solved = self.solved.as_ref()?;
        Some(self.first.get_or_init(|| {
            let mut out = [0u8; 81];
            solved.write_solution(&mut out);
            out
        }))
    }

    /// Searches until `limit` solutions are found or the tree is done, with value `v + 1` of
    /// `without` = `(cell, v)` taken out of that cell first; `None` when the givens clash.
    fn run_cells(
        &mut self,
        cells: &[u8; 81],
        limit: u64,
        without: Option<(usize, usize)>,
    ) -> Option<()> {
        self.tally.start(limit);
        self.solved = None;
        self.first.take();
        let mut board = Board::from_givens(cells)?;
        if let Some((cell, v)) = without {
            board.strike(v, cell);
        }
        if self.tally.wants_any() {
            self.path.run(self, board);
        }
        Some(())
    }
}

impl Search for Solver9 {
    type Arg = Board;

    /// Searches below `board`; true when the limit was reached and the search must stop.
    ///
    /// The recursion is at most 81 deep: each level fixes a cell before it recurses. It goes
    /// through `path` so that every level is compiled for the path's instruction set.
    #[inline(always)]
    fn search(&mut self, mut board: Board, path: Path) -> bool {
        loop {
            if !board.propagate() {
                return false;
            }
            if board.is_solved() {
                if self.solved.is_none() {
                    self.solved = Some(board);
                }
                return self.tally.solved();
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
                if !self.tally.guess() {
                    return true;
                }
                let mut next = board;
                if next.place(v, choice.band, choice.bit) && path.run(self, next) {
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

impl FastPath for Solver9 {
    fn run(&mut self, givens: &[u16], limit: u64) -> Option<u64> {
        let cells = classic_cells(givens)?;
        self.run_cells(&cells, limit, None)?;
        Some(self.tally.found())
    }

    fn run_without(&mut self, givens: &[u16], cell: usize, value: u16, limit: u64) -> Option<u64> {
        if givens.get(cell) == Some(&value) {
            return self.run(givens, 0);
        }
        let cells = classic_cells(givens)?;
        if cell >= 81 || !(1..=9).contains(&value) {
            return None;
        }
        self.run_cells(&cells, limit, Some((cell, usize::from(value) - 1)))?;
        Some(self.tally.found())
    }

    fn first_into(&self, out: &mut Vec<u16>) -> bool {
        out.clear();
        let first = self.first();
        out.extend(first.into_iter().flatten().map(|&v| u16::from(v)));
        first.is_some()
    }

    fn tally(&self) -> &Tally {
        &self.tally
    }

    fn tally_mut(&mut self) -> &mut Tally {
        &mut self.tally
    }
}

/// The givens of a 9x9 puzzle as bytes, or `None` for a wrong length or a value above 9.
fn classic_cells(givens: &[u16]) -> Option<[u8; 81]> {
    let givens = <&[u16; 81]>::try_from(givens).ok()?;
    // Check all the values first, then narrow them: both loops are branch-free and vectorise.
    if givens.iter().any(|&value| value > 9) {
        return None;
    }
    Some(givens.map(|value| value as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Vec<u16> {
        let mut cells = vec![0u16; 81];
        for (cell, ch) in cells.iter_mut().zip(line.bytes()) {
            *cell = if ch.is_ascii_digit() {
                u16::from(ch - b'0')
            } else {
                0
            };
        }
        cells
    }

    fn first(s: &Solver9) -> Vec<u16> {
        s.first().unwrap().map(u16::from).to_vec()
    }

    #[test]
    fn an_easy_puzzle_needs_no_guess() {
        let p = parse(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        let mut s = Solver9::new();
        assert_eq!(s.run(&p, 1), Some(1));
        assert_eq!(s.guesses(), 0);
        assert!(p.iter().zip(&first(&s)).all(|(&a, &b)| a == 0 || a == b));
    }

    #[test]
    fn a_cell_without_values_has_no_solution() {
        // Row 1 holds 1..=8; a 9 below the last cell leaves that cell nothing.
        let mut p = parse("12345678.");
        p[9 * 4 + 8] = 9;
        let mut s = Solver9::new();
        assert_eq!(s.run(&p, 2), Some(0));
        assert_eq!(s.first(), None);
        assert_eq!(s.run(&p, 10), Some(0));
    }

    #[test]
    fn a_full_grid_is_its_own_solution() {
        let g = parse(
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
        );
        let mut s = Solver9::new();
        assert_eq!(s.run(&g, 2), Some(1));
        assert_eq!(first(&s), g);
        assert_eq!(s.guesses(), 0);
    }

    #[test]
    fn givens_that_do_not_fit_are_refused() {
        let mut s = Solver9::new();
        assert_eq!(s.run(&[0; 80], 1), None);
        let mut g = parse("");
        g[80] = 10;
        assert_eq!(s.run(&g, 1), None);
        let mut g = parse("");
        g[30] = 9;
        g[50] = 9;
        assert_eq!(s.run(&g, 1), None);
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
        let full = g.clone();
        for cell in corners {
            g[cell] = 0;
        }
        let mut s = Solver9::new();
        assert_eq!(s.run(&g, 10), Some(2));
        assert_eq!(s.run(&g, 2), Some(2));
        let solution = first(&s);
        assert!(solution == full || corners.iter().all(|&c| solution[c] != full[c]));
    }
}
