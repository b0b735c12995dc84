//! The handlers: each keeps one rule over some cells, narrowing candidates and reporting a
//! contradiction.

use super::engine::{restrict, Layout, Mask, Queue};
use super::groups::{Counting, Cover, Same, Taxicab};
use super::lines::{Lunchbox, Sandwich, Segments, XSum};
use super::rules::{Table, Table3};
use super::sum::Sum;
use crate::sudoku::variant::check::holds;
use crate::sudoku::variant::table::Rows;

/// One rule the propagation keeps.
pub(super) enum Handler {
    /// A house: every value in exactly one of its cells (a value with one place left goes
    /// there; a value with none is a contradiction).
    House {
        /// The house's cells.
        cells: Vec<u32>,
        /// Every value.
        all: Mask,
    },
    /// A linear sum of cells with coefficients 1 and -1.
    Sum(Box<Sum>),
    /// A relation between two cells: `table[x - 1]` holds the values `b` may take when `a`
    /// holds `x` (each keeps the values with a partner in the other).
    Relation {
        /// The first cell.
        a: u32,
        /// The second cell.
        b: u32,
        /// The relation.
        table: Box<Table>,
    },
    /// A relation among three cells (see `rules::Table3`).
    Triple {
        /// The cells.
        cells: [u32; 3],
        /// The relation.
        table: Box<Table3>,
    },
    /// An X-sum from one end of a line.
    XSum(Box<XSum>),
    /// A sandwich on a house's line.
    Sandwich(Box<Sandwich>),
    /// A lunchbox on cells that are not a whole house.
    Lunchbox(Box<Lunchbox>),
    /// A line cut into segments of one total.
    Segments(Box<Segments>),
    /// Cells holding a value of every class.
    Cover(Box<Cover>),
    /// Counting circles.
    Counting(Box<Counting>),
    /// Two groups holding the same values.
    Same(Box<Same>),
    /// The anti-taxicab rule from one cell.
    Taxicab(Box<Taxicab>),
    /// A constraint kept by the checker's rule on the cells it reads: once they are fixed, and,
    /// when few assignments of them are left, each value kept only if some assignment with it
    /// keeps the rule.
    Check {
        /// The constraint's index in the puzzle.
        index: usize,
        /// The cells its rule reads.
        reads: Vec<u32>,
    },
    /// A constraint kept by the table of the assignments its rule accepts: a candidate stays
    /// while some row that every cell's candidates allow holds it.
    Table(Box<Tabled>),
}

/// A small table of assignments and the cells it assigns (at most [`MAX_ARITY`]).
pub(super) struct Tabled {
    /// The cells, in the order of each row's values.
    pub cells: Vec<u32>,
    /// The accepted assignments.
    pub rows: Rows,
}

/// The most cells a [`Handler::Table`] assigns.
pub(super) const MAX_ARITY: usize = 16;

impl Handler {
    /// The cells whose changes wake the handler.
    pub fn cells(&self) -> Vec<u32> {
        match self {
            Handler::House { cells, .. } => cells.clone(),
            Handler::Sum(sum) => sum.watched(),
            Handler::Relation { a, b, .. } => vec![*a, *b],
            Handler::Check { reads, .. } => reads.clone(),
            Handler::Table(t) => t.cells.clone(),
            Handler::Triple { cells, .. } => cells.to_vec(),
            Handler::XSum(x) => x.sums.iter().flat_map(|s| s.watched()).collect(),
            Handler::Sandwich(s) => s.cells.clone(),
            Handler::Segments(s) => s.cells.clone(),
            Handler::Lunchbox(l) => l.cells.clone(),
            Handler::Cover(c) => c.cells.clone(),
            Handler::Counting(c) => c.cells.clone(),
            Handler::Same(s) => s.a.iter().chain(&s.b).copied().collect(),
            Handler::Taxicab(t) => vec![t.cell],
        }
    }

    /// What the handler adds to its cells' starting scores: a house its size, a sum more for
    /// fewer cells (a small cage leaves few digit sets); the other rules count by constraint
    /// (see `rules::Rules::priority`).
    pub fn priority(&self) -> u32 {
        match self {
            Handler::House { cells, .. } => cells.len() as u32,
            Handler::Sum(sum) => sum.priority(),
            Handler::Relation { .. } => 0,
            Handler::Check { .. } | Handler::Table(_) => 0,
            Handler::Triple { .. }
            | Handler::Sandwich(_)
            | Handler::Segments(_)
            | Handler::Lunchbox(_)
            | Handler::XSum(_)
            | Handler::Cover(_)
            | Handler::Counting(_)
            | Handler::Same(_)
            | Handler::Taxicab(_) => 0,
        }
    }

    /// Keeps the rule once; `false` on a contradiction.
    #[inline]
    pub fn enforce(&self, grid: &mut [Mask], q: &mut Queue, layout: &Layout) -> bool {
        match self {
            Handler::House { cells, all } => house(grid, q, cells, *all),
            Handler::Sum(sum) => sum.enforce(grid, q, layout),
            Handler::Relation { a, b, table } => relation(grid, q, *a as usize, *b as usize, table),
            Handler::Check { index, reads } => check(grid, q, layout, *index, reads),
            Handler::Table(t) => table(grid, q, t),
            Handler::Triple { cells, table } => triple(grid, q, *cells, table),
            Handler::XSum(x) => x.enforce(grid, q, layout),
            Handler::Sandwich(s) => s.enforce(grid, q, layout),
            Handler::Segments(s) => s.enforce(grid, q),
            Handler::Lunchbox(l) => l.enforce(grid, q),
            Handler::Cover(c) => c.enforce(grid, q),
            Handler::Counting(c) => c.enforce(grid, q),
            Handler::Same(s) => s.enforce(grid, q),
            Handler::Taxicab(t) => t.enforce(grid, q),
        }
    }
}

fn house(grid: &mut [Mask], q: &mut Queue, cells: &[u32], all: Mask) -> bool {
    let (mut once, mut twice, mut fixed) = (0, 0, 0);
    for &c in cells {
        let m = grid[c as usize];
        twice |= once & m;
        once |= m;
        if m & (m - 1) == 0 {
            fixed |= m;
        }
    }
    if once != all {
        return false;
    }
    let mut singles = once & !twice & !fixed;
    while singles != 0 {
        let bit = singles & singles.wrapping_neg();
        singles &= singles - 1;
        // Another value may have taken the one cell left for this one.
        let Some(&c) = cells.iter().find(|&&c| grid[c as usize] & bit != 0) else {
            return false;
        };
        grid[c as usize] = bit;
        q.changed(c as usize, bit);
    }
    true
}

fn relation(grid: &mut [Mask], q: &mut Queue, a: usize, b: usize, table: &Table) -> bool {
    let (mut keep_a, mut keep_b) = (0, 0);
    let mut rest = grid[a];
    while rest != 0 {
        let x = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let partners = table[x] & grid[b];
        if partners != 0 {
            keep_a |= 1 << x;
            keep_b |= partners;
        }
    }
    restrict(grid, q, a, keep_a) && restrict(grid, q, b, keep_b)
}

fn triple(grid: &mut [Mask], q: &mut Queue, cells: [u32; 3], table: &Table3) -> bool {
    let [a, b, c] = cells.map(|c| c as usize);
    let (mut ka, mut kb, mut kc) = (0, 0, 0);
    let mut xs = grid[a];
    while xs != 0 {
        let x = xs.trailing_zeros() as usize;
        xs &= xs - 1;
        let mut ys = grid[b];
        while ys != 0 {
            let y = ys.trailing_zeros() as usize;
            ys &= ys - 1;
            let zs = table[x * 16 + y] & grid[c];
            if zs != 0 {
                ka |= 1 << x;
                kb |= 1 << y;
                kc |= zs;
            }
        }
    }
    restrict(grid, q, a, ka) && restrict(grid, q, b, kb) && restrict(grid, q, c, kc)
}

fn table(grid: &mut [Mask], q: &mut Queue, t: &Tabled) -> bool {
    let mut masks: [Mask; MAX_ARITY] = [0; MAX_ARITY];
    for (m, &c) in masks.iter_mut().zip(&t.cells) {
        *m = grid[c as usize];
    }
    let mut support: [Mask; MAX_ARITY] = [0; MAX_ARITY];
    let mut any = false;
    for row in t.rows.iter() {
        if row.iter().zip(&masks).all(|(&v, &m)| m >> (v - 1) & 1 == 1) {
            any = true;
            for (s, &v) in support.iter_mut().zip(row) {
                *s |= 1 << (v - 1);
            }
        }
    }
    any && t
        .cells
        .iter()
        .zip(&support)
        .all(|(&c, &s)| restrict(grid, q, c as usize, s))
}

/// The most assignments of a checked constraint's open cells tried in one run.
const MOST_TRIED: u32 = 64;

fn check(grid: &mut [Mask], q: &mut Queue, layout: &Layout, index: usize, reads: &[u32]) -> bool {
    let mut tried = 1u32;
    let mut open = [0usize; 8];
    let mut opened = 0;
    for &c in reads {
        let k = grid[c as usize].count_ones();
        if k > 1 {
            tried *= k;
            if tried > MOST_TRIED {
                return true;
            }
            open[opened] = c as usize;
            opened += 1;
        }
    }
    let mut scratch = layout.scratch.borrow_mut();
    for &c in reads {
        let m = grid[c as usize];
        scratch[c as usize] = m.trailing_zeros() as u8 + 1;
    }
    let keeps = |scratch: &[u8]| holds(&layout.shape, scratch, &layout.constraints, index);
    if opened == 0 {
        return keeps(&scratch);
    }
    // Every assignment of the open cells, as an odometer of their candidates.
    let open = &open[..opened];
    let mut rest: [Mask; 8] = [0; 8];
    let mut support: [Mask; 8] = [0; 8];
    for (i, &c) in open.iter().enumerate() {
        rest[i] = grid[c] & (grid[c] - 1);
    }
    loop {
        if keeps(&scratch) {
            for (i, &c) in open.iter().enumerate() {
                support[i] |= 1 << (scratch[c] - 1);
            }
        }
        // The next assignment: the first cell with a value left takes it, the ones before it
        // start over.
        let Some(i) = (0..opened).find(|&i| rest[i] != 0) else {
            break;
        };
        let c = open[i];
        scratch[c] = rest[i].trailing_zeros() as u8 + 1;
        rest[i] &= rest[i] - 1;
        for (j, &d) in open.iter().enumerate().take(i) {
            scratch[d] = grid[d].trailing_zeros() as u8 + 1;
            rest[j] = grid[d] & (grid[d] - 1);
        }
    }
    drop(scratch);
    open.iter()
        .enumerate()
        .all(|(i, &c)| restrict(grid, q, c, support[i]))
}
