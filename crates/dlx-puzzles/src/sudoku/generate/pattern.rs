//! Random full grids of box shapes too large for the solver to fill: a grid written from a
//! pattern, then changed by moves that keep every house whole.
//!
//! The pattern puts `(c * (row % r) + row / r + column) % n` (from 0) in each cell of a grid of
//! `r x c` boxes. The moves:
//! - rows swapped within a band, bands swapped, columns within a stack, stacks (and the grid
//!   transposed, for square boxes);
//! - *swap cycles*: two rows of one band exchange the values of a set of columns that they
//!   hold alike (the columns one value leads to from the next, until the cycle closes). Each
//!   cell keeps its column and box, and each row its values. Swap cycles of two columns of a
//!   stack likewise. Unlike the others they give grids that are not copies of the pattern with
//!   rows, columns and values renamed.

use super::rng::Rng;

/// A full grid of `rows x columns` boxes, values from 1, row by row.
pub fn boxed_grid(rows: usize, columns: usize, rng: &mut Rng) -> Vec<u16> {
    let (r, c) = (rows, columns);
    let n = r * c;
    let mut grid = pattern_grid(r, c);
    // Enough swap cycles that every pair of lines of a band or stack meets a few: rows in one
    // of the `c` bands of `r` rows, columns in one of the `r` stacks of `c` columns.
    for _ in 0..n * n {
        for (line, groups, size) in [(Line::Row, c, r), (Line::Column, r, c)] {
            let group = rng.below(groups);
            let (a, b) = two_of(size, rng);
            let start = rng.below(n);
            swap_cycle(
                &mut grid,
                n,
                line,
                group * size + a,
                group * size + b,
                start,
            );
        }
    }
    let rows_order = lines_order(r, c, rng);
    let columns_order = lines_order(c, r, rng);
    let transpose = r == c && rng.below(2) == 1;
    (0..n * n)
        .map(|cell| {
            let (row, column) = (cell / n, cell % n);
            let (row, column) = if transpose {
                (column, row)
            } else {
                (row, column)
            };
            grid[rows_order[row] * n + columns_order[column]]
        })
        .collect()
}

/// The pattern grid of `r x c` boxes, values from 1, row by row.
fn pattern_grid(r: usize, c: usize) -> Vec<u16> {
    let n = r * c;
    (0..n * n)
        .map(|cell| {
            let (row, column) = (cell / n, cell % n);
            ((c * (row % r) + row / r + column) % n) as u16 + 1
        })
        .collect()
}

/// Two distinct numbers below `k` (which is at least 2), or `(0, 0)` when `k` is 1.
fn two_of(k: usize, rng: &mut Rng) -> (usize, usize) {
    if k < 2 {
        return (0, 0);
    }
    let a = rng.below(k);
    let b = (a + 1 + rng.below(k - 1)) % k;
    (a, b)
}

/// A random order of `groups * size` lines that keeps the groups of `size` consecutive lines
/// together (bands of rows, stacks of columns): the groups shuffled, and the lines inside each.
fn lines_order(size: usize, groups: usize, rng: &mut Rng) -> Vec<usize> {
    let mut group_order: Vec<usize> = (0..groups).collect();
    rng.shuffle(&mut group_order);
    let mut order = Vec::with_capacity(size * groups);
    let mut inside: Vec<usize> = (0..size).collect();
    for g in group_order {
        rng.shuffle(&mut inside);
        order.extend(inside.iter().map(|&i| g * size + i));
    }
    order
}

/// Which lines a swap cycle runs between.
#[derive(Clone, Copy)]
enum Line {
    Row,
    Column,
}

/// Swaps, between lines `a` and `b` (of one band, or of one stack), the values at position
/// `start` along them and at every position the cycle then leads to: where line `a` held the
/// value it has just received, until it receives the value it first gave.
fn swap_cycle(grid: &mut [u16], n: usize, line: Line, a: usize, b: usize, start: usize) {
    if a == b {
        return;
    }
    let at = |line_index: usize, k: usize| match line {
        Line::Row => line_index * n + k,
        Line::Column => k * n + line_index,
    };
    // Where each value stands along line `a`, before any swap.
    let mut place = vec![0usize; n + 1];
    for k in 0..n {
        place[usize::from(grid[at(a, k)])] = k;
    }
    let first = grid[at(a, start)];
    let mut k = start;
    loop {
        let (x, y) = (at(a, k), at(b, k));
        grid.swap(x, y);
        let received = grid[x];
        if received == first {
            break;
        }
        k = place[usize::from(received)];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::shape::Shape;
    use crate::sudoku::validate::validate;

    /// Whether `grid` is a full grid of `r x c` boxes, by the solution validator.
    fn is_full_grid(grid: &[u16], r: usize, c: usize) -> bool {
        let shape = Shape::boxes(r, c).expect("a box shape");
        validate(&shape, &vec![0; grid.len()], grid).is_ok()
    }

    #[test]
    fn grids_of_every_box_shape_are_full_grids() {
        for (r, c) in [
            (1, 1),
            (1, 4),
            (2, 2),
            (2, 3),
            (3, 2),
            (3, 3),
            (2, 5),
            (4, 4),
            (3, 7),
        ] {
            for seed in 0..5 {
                let grid = boxed_grid(r, c, &mut Rng::new(seed, 0));
                assert!(is_full_grid(&grid, r, c), "{r}x{c} seed {seed}: {grid:?}");
            }
        }
    }

    #[test]
    fn swap_cycles_leave_the_pattern() {
        // Renaming rows, columns and values keeps which cells of two rows hold a common pair
        // of values; a grid that is no renamed pattern shows other pairings. Here: the grids
        // of different seeds differ, and none is the plain pattern.
        let (r, c) = (3, 3);
        let n = r * c;
        let pattern = pattern_grid(r, c);
        let grids: Vec<Vec<u16>> = (0..4)
            .map(|s| boxed_grid(r, c, &mut Rng::new(s, 0)))
            .collect();
        assert!(grids.iter().all(|g| *g != pattern));
        assert!(grids.windows(2).all(|w| w[0] != w[1]));
        // In the pattern every band is made of three rows that are shifts of one another: each
        // row's box segments repeat in the other rows. Swap cycles break that in some band.
        let shifted_bands = |g: &[u16]| {
            (0..c).all(|band| {
                let row = |k: usize| &g[(band * r + k) * n..(band * r + k + 1) * n];
                let segments = |x: &[u16]| {
                    let mut s: Vec<Vec<u16>> = x
                        .chunks(c)
                        .map(|s| {
                            let mut s = s.to_vec();
                            s.sort();
                            s
                        })
                        .collect();
                    s.sort();
                    s
                };
                (1..r).all(|k| segments(row(k)) == segments(row(0)))
            })
        };
        assert!(shifted_bands(&pattern));
        assert!(grids.iter().any(|g| !shifted_bands(g)));
    }
}
