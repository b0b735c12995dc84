//! Each constraint kind as the solver keeps it: as houses, cells that differ, sums, relations
//! between two cells, or, where none of those states the rule whole, the checker's own rule on
//! the cells it reads (run once they are fixed, and on every assignment left when few are).
//!
//! Every translation is sound (no solution is lost); the ones marked exact state the whole
//! rule, and the others keep the checker's rule as well, so the search never returns a grid
//! the checker refuses.

use super::engine::Mask;
use super::sum::MAX_CELLS;
use crate::sudoku::variant::check::{self, Part, PartRule};
use crate::sudoku::variant::{Constraint, Variant};
use crate::sudoku::Shape;

/// A relation between two cells' values: `table[x - 1]` holds the values the second cell may
/// take when the first holds `x`.
pub(super) type Table = [Mask; 16];

/// A relation among three cells' values (see [`Rules::triples`]).
pub(super) type Table3 = [Mask; 256];

/// The rules of a puzzle's constraints, for the solver.
#[derive(Default)]
pub(super) struct Rules {
    /// Groups of `n` cells holding every value once (diagonals, windows, disjoint sets).
    pub houses: Vec<Vec<u32>>,
    /// Groups of cells whose values differ.
    pub distinct: Vec<Vec<u32>>,
    /// Pairs of cells whose values differ.
    pub apart: Vec<(u32, u32)>,
    /// Cages with sums: distinct cells adding up to the total.
    pub cages: Vec<(Vec<u32>, i32)>,
    /// Sums: positive cells less negative cells equal to the total.
    pub sums: Vec<(Vec<u32>, Vec<u32>, i32)>,
    /// Relations between two cells.
    pub relations: Vec<(u32, u32, Table)>,
    /// Relations among three cells: `table[(x - 1) * 16 + y - 1]` holds the values the third
    /// may take when the first two hold `x` and `y`.
    pub triples: Vec<(u32, u32, u32, Box<Table3>)>,
    /// Constraints kept by the checker's rule: the constraint's index and the cells it reads.
    pub checks: Vec<(usize, Vec<u32>)>,
    /// Parts of more than three cells of a rule over the whole grid, with the constraint's
    /// index: each kept by its table when small, else by the constraint's whole rule.
    pub parts: Vec<(usize, Part)>,
    /// Candidate sets: a cell and the values it may take.
    pub allowed: Vec<(usize, Mask)>,
    /// Sums with other coefficients: `(cell, coefficient)` terms and the total.
    pub weighted: Vec<(Vec<(u32, i32)>, i32)>,
    /// X-sums: the line from the clued end, and the clue.
    pub xsums: Vec<(Vec<u32>, i32)>,
    /// Sandwiches on a whole house's line: the line and the clue.
    pub sandwiches: Vec<(Vec<u32>, i32)>,
    /// Lunchboxes on cells that are not a whole house: the cells and the clue.
    pub lunchboxes: Vec<(Vec<u32>, i32)>,
    /// Lines cut into segments of one total: the line and the total.
    pub segments: Vec<(Vec<u32>, usize)>,
    /// Cells that together hold a value of every class: the cells and the classes.
    pub covers: Vec<(Vec<u32>, Vec<Mask>)>,
    /// Counting circles.
    pub counting: Vec<Vec<u32>>,
    /// Groups of cells holding the same values.
    pub same: Vec<(Vec<u32>, Vec<u32>)>,
    /// Whether the anti-taxicab rule holds.
    pub taxicab: bool,
    /// Starting scores by constraint: each cell of a constraint not kept as a sum gains the
    /// constraint's size (the sums score by their own handlers).
    pub priority: Vec<(Vec<u32>, u32)>,
}

fn cells32(cells: &[usize]) -> Vec<u32> {
    cells.iter().map(|&c| c as u32).collect()
}

impl Rules {
    fn relate(&mut self, n: usize, a: usize, b: usize, rule: impl Fn(usize, usize) -> bool) {
        let mut table = [0; 16];
        for (x, row) in table.iter_mut().enumerate().take(n) {
            *row = (0..n)
                .filter(|&y| rule(x + 1, y + 1))
                .fold(0, |m, y| m | 1 << y);
        }
        self.relations.push((a as u32, b as u32, table));
    }

    fn relate3(&mut self, n: usize, cells: [usize; 3], rule: impl Fn(usize, usize, usize) -> bool) {
        let mut table = Box::new([0; 256]);
        for x in 1..=n {
            for y in 1..=n {
                table[(x - 1) * 16 + y - 1] = (1..=n)
                    .filter(|&z| rule(x, y, z))
                    .fold(0, |m, z| m | 1 << (z - 1));
            }
        }
        let [a, b, c] = cells.map(|c| c as u32);
        self.triples.push((a, b, c, table));
    }

    /// A part of a rule over the whole grid: houses, cells that differ, relations, candidates,
    /// or the checker's rule on the cells it reads.
    fn part(&mut self, n: usize, index: usize, part: Part, every: &[usize]) {
        let cells = part.cells;
        match (part.rule, cells.len()) {
            (PartRule::Distinct, len) if len == n => self.houses.push(cells32(&cells)),
            (PartRule::Distinct, 2) => self.apart.push((cells[0] as u32, cells[1] as u32)),
            (PartRule::Distinct, _) => self.distinct.push(cells32(&cells)),
            (PartRule::Values(rule), 1) => {
                let mask = (1..=n)
                    .filter(|&v| rule(&[v as u8]))
                    .fold(0, |m, v| m | 1 << (v - 1));
                self.allowed.push((cells[0], mask));
            }
            (PartRule::Values(rule), 2) => {
                self.relate(n, cells[0], cells[1], |x, y| rule(&[x as u8, y as u8]));
            }
            (PartRule::Values(rule), 3) => {
                let cells = [cells[0], cells[1], cells[2]];
                self.relate3(n, cells, |x, y, z| rule(&[x as u8, y as u8, z as u8]));
            }
            (PartRule::Values(_), 0) => self.check(index, every.to_vec()),
            (rule, _) => self.parts.push((index, Part { cells, rule })),
        }
    }

    fn check(&mut self, index: usize, reads: Vec<usize>) {
        self.checks.push((index, cells32(&reads)));
    }
}

/// The rules of `puzzle`'s constraints.
pub(super) fn rules(puzzle: &Variant) -> Rules {
    let shape: &Shape = &puzzle.shape;
    let n = shape.size();
    let every: Vec<usize> = (0..shape.cell_count()).collect();
    let all = &puzzle.constraints;
    let mut r = Rules::default();
    for (index, constraint) in all.iter().enumerate() {
        let kept_as_sum = matches!(
            constraint,
            Constraint::Cage { sum: Some(_), .. }
                | Constraint::Sum { .. }
                | Constraint::Arrow { .. }
                | Constraint::DoubleArrow { .. }
                | Constraint::LittleKiller { .. }
                | Constraint::Zipper { .. }
                | Constraint::RegionSumLine { .. }
                | Constraint::PillArrow { .. }
        );
        let listed = constraint.cells();
        if !kept_as_sum && !listed.is_empty() {
            r.priority.push((cells32(&listed), listed.len() as u32));
        }
        // A sum too long for the sum rule is kept by the checker's rule alone.
        if kept_as_sum && listed.len() > MAX_CELLS {
            if matches!(constraint, Constraint::Cage { .. }) {
                r.distinct.push(cells32(&listed));
            }
            r.check(index, listed);
            continue;
        }
        // 2x2 classes by their own propagator: as tables of 2x2 squares they cut Global mod 3's
        // tree from 1,835 values tried to 423, but scanning 64 tables made it 7x slower.
        let special = matches!(
            constraint,
            Constraint::GlobalMod | Constraint::GlobalEntropy | Constraint::AntiTaxicab
        );
        if let Some(parts) = check::parts(shape, all, index).filter(|_| !special) {
            for part in parts {
                r.part(n, index, part, &every);
            }
            continue;
        }
        if let Some(equations) = check::equations(shape, constraint) {
            for (terms, total) in equations {
                if terms.iter().all(|&(_, k)| k == 1 || k == -1) {
                    let side = |sign: i32| {
                        let cells = terms.iter().filter(|&&(_, k)| k == sign);
                        cells.map(|&(c, _)| c as u32).collect()
                    };
                    r.sums.push((side(1), side(-1), total));
                } else {
                    let terms = terms.iter().map(|&(c, k)| (c as u32, k)).collect();
                    r.weighted.push((terms, total));
                }
            }
            continue;
        }
        match constraint {
            Constraint::Cage { cells, sum } => {
                r.distinct.push(cells32(cells));
                if let Some(sum) = sum {
                    r.cages.push((cells32(cells), *sum as i32));
                }
            }
            Constraint::Allowed { cell, values } => {
                let mask = values.iter().fold(0, |m, &v| m | 1 << (v - 1));
                r.allowed.push((*cell, mask));
            }
            Constraint::Renban { cells } => {
                r.distinct.push(cells32(cells));
                r.check(index, cells.clone());
            }
            Constraint::Sandwich { line, sum } => {
                r.sandwiches.push((cells32(&line.cells(n)), *sum as i32));
            }
            Constraint::Lunchbox { sum, cells } if cells.len() == n => {
                r.distinct.push(cells32(cells));
                r.sandwiches.push((cells32(cells), *sum as i32));
            }
            Constraint::Lunchbox { cells, sum } if cells.len() < n => {
                r.distinct.push(cells32(cells));
                r.lunchboxes.push((cells32(cells), *sum as i32));
                // Its table, when small, keeps what the lunchbox rule's bounds miss.
                r.check(index, cells.clone());
            }
            // More distinct cells than values: no solution, as the checker says.
            Constraint::Lunchbox { cells, .. } => {
                r.distinct.push(cells32(cells));
                r.check(index, cells.clone());
            }
            Constraint::XSum { line, front, back } => {
                let forward = cells32(&line.cells(n));
                let backward: Vec<u32> = forward.iter().rev().copied().collect();
                for (clue, cells) in [(front, forward), (back, backward)] {
                    if let Some(clue) = clue {
                        r.xsums.push((cells, *clue as i32));
                    }
                }
            }
            Constraint::NumberedRoom { line, front, back } => {
                let forward = line.cells(n);
                let backward: Vec<usize> = forward.iter().rev().copied().collect();
                for (clue, cells) in [(front, forward), (back, backward)] {
                    let Some(clue) = clue.map(|c| c as usize) else {
                        continue;
                    };
                    // The first cell holding k says the k-th cell holds the clue.
                    if clue != 1 {
                        r.allowed.push((cells[0], !1));
                    }
                    for (k, &cell) in cells.iter().enumerate().skip(1) {
                        r.relate(n, cells[0], cell, |x, y| x != k + 1 || y == clue);
                    }
                }
            }
            Constraint::SumLine {
                sum,
                cells,
                is_loop: false,
            } => r.segments.push((cells32(cells), *sum as usize)),
            Constraint::GlobalMod | Constraint::GlobalEntropy => {
                let class = |k: usize| -> Mask {
                    (1..=n)
                        .filter(|&v| {
                            if matches!(constraint, Constraint::GlobalMod) {
                                v % 3 == k
                            } else {
                                (v - 1) / 3 == k
                            }
                        })
                        .fold(0, |m, v| m | 1 << (v - 1))
                };
                let classes: Vec<Mask> = (0..3).map(class).collect();
                for row in 0..n.saturating_sub(1) {
                    for col in 0..n - 1 {
                        let t = row * n + col;
                        r.covers
                            .push((cells32(&[t, t + 1, t + n, t + n + 1]), classes.clone()));
                    }
                }
            }
            Constraint::CountingCircles { cells } => r.counting.push(cells32(cells)),
            Constraint::SameValues { sets, cells } => {
                let sets = *sets as usize;
                if sets > 0 && cells.len() % sets == 0 {
                    let size = cells.len() / sets;
                    for k in 1..sets {
                        let a = cells32(&cells[(k - 1) * size..k * size]);
                        r.same.push((a, cells32(&cells[k * size..(k + 1) * size])));
                    }
                }
                r.check(index, cells.clone());
            }
            Constraint::AntiTaxicab => r.taxicab = true,
            Constraint::RellikCage { cells, sum } => {
                r.distinct.push(cells32(cells));
                let s = *sum as usize;
                for &c in cells {
                    if (1..=n).contains(&s) {
                        r.allowed.push((c, !(1 << (s - 1))));
                    }
                }
                for (i, &a) in cells.iter().enumerate() {
                    for &b in &cells[i + 1..] {
                        r.relate(n, a, b, |x, y| x + y != s);
                    }
                }
                r.check(index, cells.clone());
            }
            Constraint::EqualityCage { cells } => {
                r.distinct.push(cells32(cells));
                r.check(index, cells.clone());
            }
            other => r.check(index, check::reads(n, other)),
        }
    }
    r
}
