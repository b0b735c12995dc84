//! The search: candidate masks per cell, a queue of handlers run to a fixpoint, and a
//! depth-first search that branches on one value of one cell (the value, or not the value),
//! choosing the cell by its history of conflicts and then by its fewest candidates.

use std::cell::RefCell;

use dlx_core::{StopReason, Watch};

use super::handler::Handler;
use crate::sudoku::variant::Constraint;
use crate::sudoku::Shape;

/// A cell's candidates: bit `v - 1` for value `v`.
pub(super) type Mask = u16;

/// What the handlers read besides the grid.
pub(super) struct Layout {
    /// The puzzle's shape, for the checker's rules.
    pub shape: Shape,
    /// The puzzle's constraints, for the checker's rules.
    pub constraints: Vec<Constraint>,
    /// A grid of values the checker's rules are run on.
    pub scratch: RefCell<Vec<u8>>,
    /// The houses (every value once), as cell lists.
    pub houses: Vec<Vec<u32>>,
    /// The houses each cell is in, by number.
    pub cell_houses: Vec<Vec<u32>>,
}

/// The handlers watching one cell, as bits of the queue's words: `(word, bits)`.
pub(super) type Watch64 = (u32, u64);

/// The work list of one propagation: handlers to run (a bit each, run lowest first) and cells
/// newly fixed.
pub(super) struct Queue<'a> {
    watchers: &'a [Vec<Watch64>],
    waiting: Vec<u64>,
    /// The handler running (its word and bit), not queued again for its own changes.
    active: (usize, u64),
    /// Cells fixed during this propagation whose value their peers still hold.
    fixed: Vec<u32>,
    /// Marks `fixed` entries of this propagation (equal to `epoch`).
    stamp: Vec<u32>,
    epoch: u32,
}

impl<'a> Queue<'a> {
    fn new(watchers: &'a [Vec<Watch64>], handlers: usize) -> Queue<'a> {
        Queue {
            watchers,
            waiting: vec![0; handlers.div_ceil(64)],
            active: (0, 0),
            fixed: Vec::new(),
            stamp: vec![0; watchers.len()],
            epoch: 0,
        }
    }

    /// Records that `cell` now holds `mask` (never empty).
    #[inline]
    pub fn changed(&mut self, cell: usize, mask: Mask) {
        // The running handler is not woken by its own narrowing, only when it fixes a cell:
        // so every handler sees the grid once all its cells are fixed.
        let fixed = mask & (mask - 1) == 0;
        for &(word, bits) in &self.watchers[cell] {
            let word = word as usize;
            let mut add = bits;
            if !fixed && word == self.active.0 {
                add &= !self.active.1;
            }
            self.waiting[word] |= add;
        }
        if fixed && self.stamp[cell] != self.epoch {
            self.stamp[cell] = self.epoch;
            self.fixed.push(cell as u32);
        }
    }

    /// The next handler to run, lowest number first, taken off the list.
    #[inline]
    fn next(&mut self) -> Option<usize> {
        for (w, word) in self.waiting.iter_mut().enumerate() {
            if *word != 0 {
                let bit = *word & word.wrapping_neg();
                *word &= !bit;
                self.active = (w, bit);
                return Some(w * 64 + bit.trailing_zeros() as usize);
            }
        }
        None
    }

    fn clear(&mut self) {
        self.waiting.fill(0);
        self.fixed.clear();
        self.active = (0, 0);
    }
}

/// Keeps only `keep` of `cell`'s candidates; `false` if none is left.
#[inline]
pub(super) fn restrict(grid: &mut [Mask], q: &mut Queue, cell: usize, keep: Mask) -> bool {
    let old = grid[cell];
    let new = old & keep;
    if new != old {
        if new == 0 {
            return false;
        }
        grid[cell] = new;
        q.changed(cell, new);
    }
    true
}

/// A puzzle ready for the search.
pub(super) struct Engine {
    /// The handlers, each watching some cells.
    pub handlers: Vec<Handler>,
    /// For each cell, the handlers to run when its candidates change.
    pub watchers: Vec<Vec<Watch64>>,
    /// For each cell, the cells that cannot hold the same value.
    pub peers: Vec<Vec<u32>>,
    /// The houses, for the handlers that reason across them.
    pub layout: Layout,
    /// The starting candidates.
    pub start: Vec<Mask>,
    /// Each cell's starting score: the more and the tighter the rules on a cell, the sooner it
    /// is tried.
    pub priority: Vec<u32>,
}

/// Counts of the search's work.
#[derive(Clone, Copy, Debug, Default)]
pub struct Effort {
    /// Values tried.
    pub guesses: u64,
    /// Propagations that ended in a contradiction.
    pub conflicts: u64,
}

/// A frame of the search: a grid, and the cell whose last tried value was removed from it
/// without propagating yet.
struct Frame {
    pending: Option<u32>,
}

impl Engine {
    /// Runs every queued handler and spreads every fixed value to a fixpoint.
    fn propagate(&self, grid: &mut [Mask], q: &mut Queue) -> bool {
        loop {
            while let Some(cell) = q.fixed.pop() {
                let value = grid[cell as usize];
                for &p in &self.peers[cell as usize] {
                    if grid[p as usize] & value != 0 && !restrict(grid, q, p as usize, !value) {
                        return false;
                    }
                }
            }
            let Some(h) = q.next() else {
                return true;
            };
            let ok = self.handlers[h].enforce(grid, q, &self.layout);
            q.active = (0, 0);
            if !ok {
                return false;
            }
        }
    }

    /// Searches for solutions: calls `found` with each (it returns whether to go on), stops at
    /// `limit` or when `watch` says so (looked at once per value tried). Returns the number
    /// found, the effort and why the search stopped early, if it did.
    pub fn search(
        &self,
        limit: u64,
        watch: &mut Watch,
        mut found: impl FnMut(&[Mask]) -> bool,
    ) -> (u64, Effort, Option<StopReason>) {
        let cells = self.start.len();
        let mut q = Queue::new(&self.watchers, self.handlers.len());
        let mut effort = Effort::default();
        let mut count = 0;
        let mut grids: Vec<Mask> = self.start.clone();
        q.epoch = 1;
        for (cell, &mask) in self.start.iter().enumerate() {
            if mask == 0 {
                return (0, effort, None);
            }
            q.changed(cell, mask);
        }
        // The root runs every handler once, whichever cells they watch.
        for h in 0..self.handlers.len() {
            q.waiting[h / 64] |= 1 << (h % 64);
        }
        if !self.propagate(&mut grids, &mut q) {
            return (0, effort, None);
        }
        let mut scores = self.priority.clone();
        let mut decay = DECAY;
        let mut frames = vec![Frame { pending: None }];
        while !frames.is_empty() {
            let depth = frames.len() - 1;
            let base = depth * cells;
            if let Some(cell) = frames[depth].pending.take() {
                // The value tried last is ruled out: propagate that.
                q.clear();
                q.epoch += 1;
                let grid = &mut grids[base..base + cells];
                q.changed(cell as usize, grid[cell as usize]);
                if !self.propagate(grid, &mut q) {
                    effort.conflicts += 1;
                    frames.pop();
                    grids.truncate(base);
                    continue;
                }
            }
            let grid = &grids[base..base + cells];
            let Some((cell, value)) = choose(grid, &scores, &self.layout.houses) else {
                count += 1;
                if !found(grid) || count >= limit {
                    break;
                }
                frames.pop();
                grids.truncate(base);
                continue;
            };
            if let Some(reason) = watch.check_with(effort.guesses, 0, count) {
                watch.settle(effort.guesses, count);
                return (count, effort, Some(reason));
            }
            effort.guesses += 1;
            grids.extend_from_within(base..base + cells);
            grids[base + cell] &= !value;
            frames.last_mut().expect("a frame").pending = Some(cell as u32);
            let child = &mut grids[base + cells..];
            child[cell] = value;
            q.clear();
            q.epoch += 1;
            q.changed(cell, value);
            if self.propagate(child, &mut q) {
                frames.push(Frame { pending: None });
            } else {
                effort.conflicts += 1;
                scores[cell] += 1;
                decay -= 1;
                if decay == 0 {
                    decay = DECAY;
                    scores.iter_mut().for_each(|s| *s >>= 1);
                }
                grids.truncate(base + cells);
            }
        }
        watch.settle(effort.guesses, count);
        (count, effort, None)
    }
}

/// Conflicts between halvings of every cell's score.
const DECAY: u32 = 1 << 14;

/// What to branch on: a cell and one of its values. The cell with the highest conflict score
/// per candidate (with no conflicts yet, the fewest candidates), its smallest value; but when a
/// value has two places left in a house and one of them has a higher score than that cell's
/// per candidate, that place and value (so the other branch places it in the other cell).
/// `None` when every cell is fixed.
fn choose(grid: &[Mask], scores: &[u32], houses: &[Vec<u32>]) -> Option<(usize, Mask)> {
    let (mut best, mut best_score, mut best_count) = (None, 0u32, 0u32);
    let (mut fewest, mut fewest_count) = (None, u32::MAX);
    for (cell, &mask) in grid.iter().enumerate() {
        let count = mask.count_ones();
        if count <= 1 {
            continue;
        }
        if count < fewest_count {
            fewest = Some(cell);
            fewest_count = count;
        }
        let score = scores[cell];
        // score / count > best_score / best_count, without dividing.
        if score > 0 && (best.is_none() || score * best_count > best_score * count) {
            best = Some(cell);
            best_score = score;
            best_count = count;
        }
    }
    let cell = best.or(fewest)?;
    let lowest = |m: Mask| m & m.wrapping_neg();
    if best.is_none() || best_count <= 2 {
        return Some((cell, lowest(grid[cell])));
    }
    // A value with two places in a house, at a cell scoring twice the best per candidate.
    let mut pick = (cell, lowest(grid[cell]));
    let mut bar = 2 * best_score;
    for house in houses {
        let (mut once, mut twice, mut more) = (0, 0, 0);
        for &c in house {
            let m = grid[c as usize];
            more |= twice & m;
            twice |= once & m;
            once |= m;
        }
        let mut pairs = twice & !more;
        while pairs != 0 {
            let v = lowest(pairs);
            pairs &= pairs - 1;
            let mut places = house.iter().filter(|&&c| grid[c as usize] & v != 0);
            let (Some(&a), Some(&b)) = (places.next(), places.next()) else {
                continue;
            };
            let (a, b) = (a as usize, b as usize);
            let top = if scores[a] >= scores[b] { a } else { b };
            if grid[a] != v && grid[b] != v && scores[top] * best_count >= bar {
                bar = scores[top] * best_count;
                pick = (top, v);
            }
        }
    }
    Some(pick)
}
