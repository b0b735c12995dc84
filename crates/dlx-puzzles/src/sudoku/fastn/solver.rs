//! The reusable solver: depth-first search over copied boards, on an explicit stack.

use super::board::{Board, Refused, Snapshot, Target};
use super::tables::Tables;
use crate::sudoku::shape::Shape;
use crate::sudoku::Limits;

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
/// use dlx_puzzles::sudoku::{validate, Shape};
///
/// let shape = Shape::standard(4).unwrap();
/// let mut solver = SolverN::new(&shape).unwrap();
/// let givens = [1, 0, 0, 0, 0, 0, 1, 0, 0, 3, 0, 0, 0, 0, 0, 2];
/// assert_eq!(solver.run(&givens, 2), Ok(1));
/// assert!(validate(&shape, &givens, solver.first().unwrap()).is_ok());
/// assert_eq!(solver.run(&[0; 16], u64::MAX), Ok(288));
/// ```
#[derive(Clone, Debug)]
pub struct SolverN {
    tables: Tables,
    board: Board,
    /// The open branches, innermost last.
    frames: Vec<Frame>,
    /// The board as it was at each open branch, one copy per frame, stacked.
    saved: Saved,
    /// Stop once this many solutions are found.
    limit: u64,
    /// Solutions found by the current call.
    found: u64,
    /// Branches taken by the last call.
    guesses: u64,
    /// The budget of guesses and the deadline of every call.
    limits: Limits,
    /// The guess count at which the limits are looked at next.
    next_look: u64,
    /// Whether the last call stopped at a limit, with the tree not searched to the end.
    spent: bool,
    /// The first solution of the current call (valid when `found > 0`).
    first: Vec<u16>,
}

/// Givens that do not fit the shape: wrong length, a value above the side, or a value given twice
/// in a house. (The general path's model says which and where.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the givens do not fit the shape or repeat a value in a house")]
pub struct Rejected;

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
        Some(SolverN {
            tables: Tables::new(shape)?,
            board: Board::default(),
            frames: Vec::new(),
            saved: Saved::default(),
            limit: 0,
            found: 0,
            guesses: 0,
            limits: Limits::default(),
            next_look: u64::MAX,
            spent: false,
            first: Vec::new(),
        })
    }

    /// Searches the puzzle until `limit` solutions are found or the tree is done, and returns how
    /// many were found (a limit of 0 searches nothing). `givens` holds the `n²` cells row by row:
    /// 0 for empty, `1..=n` for a given.
    pub fn run(&mut self, givens: &[u16], limit: u64) -> Result<u64, Rejected> {
        self.limit = limit;
        self.found = 0;
        self.guesses = 0;
        self.spent = false;
        self.next_look = if self.limits.is_unlimited() {
            u64::MAX
        } else {
            0
        };
        self.frames.clear();
        self.saved.clear();
        self.board
            .start(&self.tables, givens)
            .map_err(|Refused| Rejected)?;
        if limit > 0 {
            self.search();
        }
        Ok(self.found)
    }

    /// Sets the limits of every later call: a budget of guesses and a deadline. A call stopped
    /// by one reports the solutions found so far, and [`stopped`](Self::stopped) tells.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Whether the last call stopped at a limit before the end of its search.
    pub fn stopped(&self) -> bool {
        self.spent
    }

    /// The first solution found by the last call to [`run`](Self::run), if any: `n²` values.
    pub fn first(&self) -> Option<&[u16]> {
        (self.found > 0).then_some(&self.first[..])
    }

    /// The number of branches the last call took (each alternative tried at a branch counts one,
    /// except the last, which follows without a copy): a measure of difficulty for statistics.
    pub fn guesses(&self) -> u64 {
        self.guesses
    }

    /// Depth-first search from the board as started, until the limit or the end of the tree.
    fn search(&mut self) {
        let t = &self.tables;
        let mut alive = self.board.propagate(t);
        loop {
            if alive {
                if self.board.state.left == 0 {
                    self.found += 1;
                    if self.found == 1 {
                        self.board.write_solution(&mut self.first);
                    }
                    if self.found >= self.limit {
                        return;
                    }
                    alive = false;
                    continue;
                }
                // One comparison per branch; the limits are looked at only now and then.
                if self.guesses >= self.next_look {
                    if self.limits.reached(self.guesses) {
                        self.spent = true;
                        return;
                    }
                    self.next_look = self.limits.next_look(self.guesses);
                }
                let (target, options) = self.board.branch(t);
                let option = options & options.wrapping_neg();
                self.saved.push(&self.board);
                self.frames.push(Frame {
                    target,
                    rest: options ^ option,
                });
                self.guesses += 1;
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
                    self.guesses += 1;
                    self.saved.top_into(&mut self.board);
                }
                alive = self.board.choose(t, target, option) && self.board.propagate(t);
            }
        }
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

    fn solver(shape: Shape) -> SolverN {
        SolverN::new(&shape).unwrap()
    }

    #[test]
    fn counts_small_grids() {
        assert_eq!(solver(Shape::standard(1).unwrap()).run(&[0], 10), Ok(1));
        assert_eq!(solver(Shape::standard(2).unwrap()).run(&[0; 4], 10), Ok(2));
        let mut s = solver(Shape::standard(4).unwrap());
        assert_eq!(s.run(&[0; 16], u64::MAX), Ok(288));
        assert_eq!(s.run(&[0; 16], 5), Ok(5));
        assert_eq!(s.run(&[0; 16], 0), Ok(0));
        assert_eq!(s.first(), None);
    }

    #[test]
    fn a_budget_stops_the_search() {
        let mut s = solver(Shape::standard(4).unwrap());
        s.set_limits(Limits {
            nodes: Some(10),
            ..Limits::default()
        });
        let found = s.run(&[0; 16], u64::MAX).unwrap();
        assert!(s.stopped() && found < 288 && s.guesses() <= 11, "{found}");
        s.set_limits(Limits::default());
        assert_eq!(s.run(&[0; 16], u64::MAX), Ok(288));
        assert!(!s.stopped());
    }

    #[test]
    fn bad_givens_are_rejected() {
        let mut s = solver(Shape::standard(4).unwrap());
        assert_eq!(s.run(&[0; 15], 1), Err(Rejected));
        let mut givens = [0; 16];
        givens[3] = 5;
        assert_eq!(s.run(&givens, 1), Err(Rejected));
        givens[3] = 2;
        // A 2 at the top and at the bottom of column 4.
        givens[15] = 2;
        assert_eq!(s.run(&givens, 1), Err(Rejected));
    }

    #[test]
    fn a_cell_without_values_has_no_solution() {
        let mut s = solver(Shape::standard(4).unwrap());
        let none = [1, 2, 3, 0, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4];
        assert_eq!(s.run(&none, 2), Ok(0));
        assert_eq!(s.first(), None);
    }
}
