//! The reusable solver: depth-first search over copied boards, on an explicit stack.

use super::board::{Board, Snapshot, Target};
use super::tables::Tables;
use crate::sudoku::shape::Shape;
use crate::sudoku::{FastPath, FreeShape, Tally};

/// A Sudoku solver for any shape of side at most 64, specialised for speed; reuse one for many
/// puzzles of its shape.
///
/// It solves the same exact-cover problem as the general path (a cell item per cell, a house item
/// per house and value), with each cell's values held as a bit mask, forced moves (naked and
/// hidden singles) and locked candidates applied to a fixpoint, and a branch on the item with the
/// fewest options. Its
/// buffers grow to the deepest search seen and are then reused: after the first puzzle it
/// allocates nothing.
///
/// ```
/// use dlx_puzzles::sudoku::fastn::SolverN;
/// use dlx_puzzles::sudoku::{validate, FastPath, Shape};
///
/// let shape = Shape::standard(4).unwrap();
/// let mut solver = SolverN::new(&shape).unwrap();
/// let givens = [1, 0, 0, 0, 0, 0, 1, 0, 0, 3, 0, 0, 0, 0, 0, 2];
/// assert_eq!(solver.run(&givens, 2), Some(1));
/// assert!(validate(&shape, &givens, solver.first().unwrap()).is_ok());
/// assert_eq!(solver.run(&[0; 16], u64::MAX), Some(288));
/// ```
#[derive(Clone, Debug)]
pub struct SolverN {
    tables: Tables,
    board: Board,
    /// The open branches, innermost last.
    frames: Vec<Frame>,
    /// The board as it was at each open branch, one copy per frame, stacked.
    saved: Saved,
    /// The limit, the solutions, the guesses and the stop of the current call.
    tally: Tally,
    /// The first solution of the current call (valid once one is found).
    first: Vec<u16>,
}

/// An open branch: what it branches on and the alternatives not tried yet.
#[derive(Clone, Copy, Debug)]
struct Frame {
    target: Target,
    rest: u64,
}

/// Copies of the board, stacked; the buffers of dropped copies are kept for the next ones.
#[derive(Clone, Debug, Default)]
struct Saved {
    copies: Vec<Snapshot>,
    /// How many of `copies` are in use.
    depth: usize,
}

impl SolverN {
    /// A solver for `shape`, or `None` when its side is above 64.
    pub fn new(shape: &Shape) -> Option<SolverN> {
        Some(SolverN::with_tables(Tables::new(shape)?))
    }

    /// A solver for a shape of any houses, or `None` unless every house needs every value, the
    /// values are at most 64 and the cells at most 64 * 64. Givens and solutions hold one value
    /// per cell of the shape, in its cell order.
    pub fn for_free(shape: &FreeShape) -> Option<SolverN> {
        Some(SolverN::with_tables(Tables::for_free(shape)?))
    }

    fn with_tables(tables: Tables) -> SolverN {
        SolverN {
            tables,
            board: Board::default(),
            frames: Vec::new(),
            saved: Saved::default(),
            tally: Tally::default(),
            first: Vec::new(),
        }
    }

    /// Runs the propagation of the search (naked and hidden singles, locked candidates, to a
    /// fixpoint) on `givens` alone, without a guess, and writes each cell's candidates into
    /// `candidates` (cleared first): bit `v - 1` for value `v`, one bit for a given or placed
    /// cell. `Some(false)` when the propagation meets a contradiction (the puzzle has no
    /// solution; `candidates` is then left empty); `None` when the givens do not fit the shape
    /// ([`Shape::check_givens`] says why).
    ///
    /// This is where the search stands before its first guess: another engine can go on from it.
    pub fn candidates(&mut self, givens: &[u16], candidates: &mut Vec<u64>) -> Option<bool> {
        candidates.clear();
        self.board.start(&self.tables, givens).ok()?;
        if !self.board.propagate(&self.tables) {
            return Some(false);
        }
        self.board.write_candidates(candidates);
        Some(true)
    }

    /// The first solution found by the last call to [`run`](FastPath::run), if any: `n²`
    /// values.
    pub fn first(&self) -> Option<&[u16]> {
        (self.tally.found() > 0).then_some(&self.first[..])
    }

    /// Depth-first search from the board as started, until the limit or the end of the tree.
    fn search(&mut self) {
        let t = &self.tables;
        let mut alive = self.board.propagate(t);
        loop {
            if alive {
                if self.board.state.left == 0 {
                    if self.tally.found() == 0 {
                        self.board.write_solution(&mut self.first);
                    }
                    if self.tally.solved() {
                        return;
                    }
                    alive = false;
                    continue;
                }
                if !self.tally.guess() {
                    return;
                }
                let (target, options) = self.board.branch(t);
                let option = options & options.wrapping_neg();
                self.saved.push(&self.board);
                self.frames.push(Frame {
                    target,
                    rest: options ^ option,
                });
                alive = self.board.choose(t, target, option) && self.board.propagate(t);
            } else {
                let Some(frame) = self.frames.last_mut() else {
                    return;
                };
                let option = frame.rest & frame.rest.wrapping_neg();
                frame.rest ^= option;
                let target = frame.target;
                if frame.rest == 0 {
                    // The last alternative: the copy is not needed again.
                    self.frames.pop();
                    self.saved.pop_into(&mut self.board);
                } else {
                    self.tally.guess_again();
                    self.saved.top_into(&mut self.board);
                }
                alive = self.board.choose(t, target, option) && self.board.propagate(t);
            }
        }
    }
}

impl FastPath for SolverN {
    fn run(&mut self, givens: &[u16], limit: u64) -> Option<u64> {
        self.tally.start(limit);
        self.frames.clear();
        self.saved.clear();
        self.board.start(&self.tables, givens).ok()?;
        if self.tally.wants_any() {
            self.search();
        }
        Some(self.tally.found())
    }

    fn run_without(&mut self, givens: &[u16], cell: usize, value: u16, limit: u64) -> Option<u64> {
        if givens.get(cell) == Some(&value) {
            return self.run(givens, 0);
        }
        self.tally.start(limit);
        self.frames.clear();
        self.saved.clear();
        self.board.start(&self.tables, givens).ok()?;
        if cell >= givens.len() || value == 0 || usize::from(value) > self.tables.size {
            return None;
        }
        let alive = self
            .board
            .strike_one(&self.tables, cell, usize::from(value) - 1);
        if alive && self.tally.wants_any() {
            self.search();
        }
        Some(self.tally.found())
    }

    fn first_into(&self, out: &mut Vec<u16>) -> bool {
        out.clear();
        out.extend_from_slice(self.first().unwrap_or_default());
        self.tally.found() > 0
    }

    fn tally(&self) -> &Tally {
        &self.tally
    }

    fn tally_mut(&mut self) -> &mut Tally {
        &mut self.tally
    }
}

impl Saved {
    fn clear(&mut self) {
        self.depth = 0;
    }

    /// Stacks a copy of `board`.
    fn push(&mut self, board: &Board) {
        if self.depth == self.copies.len() {
            self.copies.push(Snapshot::default());
        }
        board.save(&mut self.copies[self.depth]);
        self.depth += 1;
    }

    /// Copies the top copy into `board`, keeping it.
    fn top_into(&self, board: &mut Board) {
        board.restore(&self.copies[self.depth - 1]);
    }

    /// Copies the top copy into `board` and drops it.
    fn pop_into(&mut self, board: &mut Board) {
        self.top_into(board);
        self.depth -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_core::{Stop, StopReason};

    fn solver(shape: Shape) -> SolverN {
        SolverN::new(&shape).unwrap()
    }

    #[test]
    fn counts_small_grids() {
        assert_eq!(solver(Shape::standard(1).unwrap()).run(&[0], 10), Some(1));
        assert_eq!(
            solver(Shape::standard(2).unwrap()).run(&[0; 4], 10),
            Some(2)
        );
        let mut s = solver(Shape::standard(4).unwrap());
        assert_eq!(s.run(&[0; 16], u64::MAX), Some(288));
        assert_eq!(s.run(&[0; 16], 5), Some(5));
        assert_eq!(s.run(&[0; 16], 0), Some(0));
        assert_eq!(s.first(), None);
    }

    #[test]
    fn a_budget_stops_the_search() {
        let mut s = solver(Shape::standard(4).unwrap());
        s.set_stop(Stop::new().with_budget(dlx_core::Budget::Nodes(10)));
        let found = s.run(&[0; 16], u64::MAX).unwrap();
        assert_eq!(s.stopped(), Some(StopReason::Budget));
        assert!(found < 288 && s.guesses() <= 11, "{found}");
        s.set_stop(Stop::new());
        assert_eq!(s.run(&[0; 16], u64::MAX), Some(288));
        assert_eq!(s.stopped(), None);
    }

    #[test]
    fn bad_givens_are_rejected() {
        let mut s = solver(Shape::standard(4).unwrap());
        assert_eq!(s.run(&[0; 15], 1), None);
        let mut givens = [0; 16];
        givens[3] = 5;
        assert_eq!(s.run(&givens, 1), None);
        givens[3] = 2;
        // A 2 at the top and at the bottom of column 4.
        givens[15] = 2;
        assert_eq!(s.run(&givens, 1), None);
    }

    #[test]
    fn candidates_are_what_propagation_leaves() {
        let mut s = solver(Shape::standard(4).unwrap());
        let mut candidates = Vec::new();
        // One given: its row, column and box lose its value, and nothing more is forced.
        let mut givens = [0; 16];
        givens[0] = 1;
        assert_eq!(s.candidates(&givens, &mut candidates), Some(true));
        assert_eq!(candidates[0], 0b0001);
        assert_eq!(candidates[1], 0b1110);
        assert_eq!(candidates[4], 0b1110);
        assert_eq!(candidates[5], 0b1110);
        assert_eq!(candidates[10], 0b1111);
        // Three givens of a row leave the fourth cell one value.
        let givens = [1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
        assert_eq!(s.candidates(&givens, &mut candidates), Some(true));
        assert_eq!(candidates[3], 0b1000);
        let none = [1, 2, 3, 0, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4];
        assert_eq!(s.candidates(&none, &mut candidates), Some(false));
        assert!(candidates.is_empty());
        assert_eq!(s.candidates(&[0; 15], &mut candidates), None);
    }

    #[test]
    fn a_cell_without_values_has_no_solution() {
        let mut s = solver(Shape::standard(4).unwrap());
        let none = [1, 2, 3, 0, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4];
        assert_eq!(s.run(&none, 2), Some(0));
        assert_eq!(s.first(), None);
    }
}
