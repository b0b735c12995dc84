//! Each constraint kind as the solver keeps it: as houses, cells that differ, sums, relations
//! between two cells, or, where none of those states the rule whole, the checker's own rule on
//! the cells it reads (run once they are fixed, and on every assignment left when few are).
//!
//! Every translation is sound (no solution is lost); the ones marked exact state the whole
//! rule, and the others keep the checker's rule as well, so the search never returns a grid
//! the checker refuses.

use super::engine::Mask;
use crate::sudoku::variant::check::{adjacent_pairs, disjoint_sets, neighbours};
use crate::sudoku::variant::{Constraint, Variant};
use crate::sudoku::Shape;

/// A relation between two cells' values: `table[x - 1]` holds the values the second cell may
/// take when the first holds `x`.
pub(super) type Table = [Mask; 16];

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
    /// Constraints kept by the checker's rule: the constraint's index and the cells it reads.
    pub checks: Vec<(usize, Vec<u32>)>,
    /// Candidate sets: a cell and the values it may take.
    pub allowed: Vec<(usize, Mask)>,
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
        match constraint {
            Constraint::Cage { cells, sum } => {
                r.distinct.push(cells32(cells));
                if let Some(sum) = sum {
                    r.cages.push((cells32(cells), *sum as i32));
                }
            }
            Constraint::Sum {
                cells,
                sum,
                coefficients,
            } => {
                let ones = coefficients
                    .as_ref()
                    .map_or(true, |k| k.iter().all(|&k| k == 1 || k == -1));
                if ones {
                    let (mut pos, mut neg) = (Vec::new(), Vec::new());
                    for (i, &c) in cells.iter().enumerate() {
                        match coefficients.as_ref().map_or(1, |k| k[i]) {
                            1 => pos.push(c as u32),
                            _ => neg.push(c as u32),
                        }
                    }
                    r.sums.push((pos, neg, *sum));
                } else {
                    r.check(index, cells.clone());
                }
            }
            Constraint::Arrow { circle, shaft } => {
                r.sums.push((cells32(shaft), vec![*circle as u32], 0));
            }
            Constraint::DoubleArrow { cells } if cells.len() >= 2 => {
                let ends = vec![cells[0] as u32, cells[cells.len() - 1] as u32];
                r.sums.push((cells32(&cells[1..cells.len() - 1]), ends, 0));
            }
            Constraint::LittleKiller { sum, cells } => {
                r.sums.push((cells32(cells), Vec::new(), *sum as i32));
            }
            Constraint::Thermo { cells } => {
                for w in cells.windows(2) {
                    r.relate(n, w[0], w[1], |x, y| x < y);
                }
            }
            Constraint::Whisper { difference, cells } => {
                let d = *difference as usize;
                for w in cells.windows(2) {
                    r.relate(n, w[0], w[1], |x, y| x.abs_diff(y) >= d);
                }
            }
            Constraint::Palindrome { cells } => {
                for i in 0..cells.len() / 2 {
                    r.relate(n, cells[i], cells[cells.len() - 1 - i], |x, y| x == y);
                }
            }
            Constraint::WhiteDot { cells } => pairs(&mut r, n, cells, |x, y| x.abs_diff(y) == 1),
            Constraint::BlackDot { cells } => {
                pairs(&mut r, n, cells, |x, y| x == 2 * y || y == 2 * x)
            }
            Constraint::X { cells } => pairs(&mut r, n, cells, |x, y| x + y == 10),
            Constraint::V { cells } => pairs(&mut r, n, cells, |x, y| x + y == 5),
            Constraint::GreaterThan { cells } => pairs(&mut r, n, cells, |x, y| x > y),
            Constraint::StrictKropki | Constraint::StrictXV => {
                let kropki = matches!(constraint, Constraint::StrictKropki);
                let marked = marked_pairs(n, all, kropki);
                for (a, b) in neighbours(n) {
                    if !marked.contains(&(a.min(b), a.max(b))) {
                        if kropki {
                            r.relate(n, a, b, |x, y| {
                                x.abs_diff(y) != 1 && x != 2 * y && y != 2 * x
                            });
                        } else {
                            r.relate(n, a, b, |x, y| x + y != 5 && x + y != 10);
                        }
                    }
                }
            }
            Constraint::AntiConsecutive => {
                for (a, b) in neighbours(n) {
                    r.relate(n, a, b, |x, y| x.abs_diff(y) != 1);
                }
            }
            Constraint::AntiKnight | Constraint::AntiKing => {
                let steps: &[(isize, isize)] = if matches!(constraint, Constraint::AntiKnight) {
                    &[(1, 2), (2, 1), (1, -2), (2, -1)]
                } else {
                    &[(0, 1), (1, -1), (1, 0), (1, 1)]
                };
                let side = n as isize;
                for cell in 0..n * n {
                    let (row, col) = ((cell / n) as isize, (cell % n) as isize);
                    for &(dr, dc) in steps {
                        let (rr, cc) = (row + dr, col + dc);
                        if (0..side).contains(&rr) && (0..side).contains(&cc) {
                            r.apart.push((cell as u32, (rr * side + cc) as u32));
                        }
                    }
                }
            }
            Constraint::Diagonal(d) => r.houses.push(cells32(&d.cells(n))),
            Constraint::Windoku => match Shape::standard(n).and_then(Shape::with_windows) {
                Ok(windows) => r.houses.extend(windows.extra().iter().map(|w| cells32(w))),
                Err(_) => r.check(index, every.clone()),
            },
            Constraint::DisjointSets => {
                r.houses
                    .extend(disjoint_sets(n).iter().map(|set| cells32(set)));
            }
            Constraint::Allowed { cell, values } => {
                let mask = values.iter().fold(0, |m, &v| m | 1 << (v - 1));
                r.allowed.push((*cell, mask));
            }
            Constraint::Renban { cells } | Constraint::Lunchbox { cells, .. } => {
                r.distinct.push(cells32(cells));
                r.check(index, cells.clone());
            }
            Constraint::Lockout { min_diff, cells } if cells.len() >= 2 => {
                let d = *min_diff as usize;
                r.relate(n, cells[0], cells[cells.len() - 1], |x, y| {
                    x.abs_diff(y) >= d
                });
                r.check(index, cells.clone());
            }
            Constraint::Modular { modulus, cells } => {
                let m = *modulus as usize;
                near_pairs(&mut r, n, cells, m, |x, y| x % m != y % m);
                for j in m..cells.len() {
                    r.relate(n, cells[j - m], cells[j], |x, y| x % m == y % m);
                }
            }
            Constraint::Entropic { cells } => {
                near_pairs(&mut r, n, cells, 3, |x, y| (x - 1) / 3 != (y - 1) / 3);
                r.check(index, cells.clone());
            }
            Constraint::Sandwich { line, .. }
            | Constraint::XSum { line, .. }
            | Constraint::Skyscraper { line, .. }
            | Constraint::NumberedRoom { line, .. } => r.check(index, line.cells(n)),
            Constraint::Quad { top_left, .. } => {
                let t = *top_left;
                r.check(index, vec![t, t + 1, t + n, t + n + 1]);
            }
            Constraint::AntiTaxicab
            | Constraint::GlobalMod
            | Constraint::GlobalEntropy
            | Constraint::Indexing { .. } => r.check(index, every.clone()),
            other => r.check(index, other.cells()),
        }
    }
    r
}

/// A relation on every orthogonally adjacent pair of `cells`, earlier cell first.
fn pairs(r: &mut Rules, n: usize, cells: &[usize], rule: fn(usize, usize) -> bool) {
    for (a, b) in adjacent_pairs(n, cells) {
        r.relate(n, a, b, rule);
    }
}

/// A relation on every pair of `cells` closer than `within` along the line.
fn near_pairs(
    r: &mut Rules,
    n: usize,
    cells: &[usize],
    within: usize,
    rule: impl Fn(usize, usize) -> bool,
) {
    for i in 0..cells.len() {
        for j in i + 1..cells.len().min(i + within) {
            r.relate(n, cells[i], cells[j], &rule);
        }
    }
}

/// The neighbour pairs marked by dots (`kropki`) or by X and V, smaller cell first.
fn marked_pairs(n: usize, all: &[Constraint], kropki: bool) -> Vec<(usize, usize)> {
    let mut marked = Vec::new();
    for constraint in all {
        match (constraint, kropki) {
            (Constraint::WhiteDot { cells } | Constraint::BlackDot { cells }, true)
            | (Constraint::X { cells } | Constraint::V { cells }, false) => {
                for (a, b) in adjacent_pairs(n, cells) {
                    marked.push((a.min(b), a.max(b)));
                }
            }
            _ => {}
        }
    }
    marked
}
