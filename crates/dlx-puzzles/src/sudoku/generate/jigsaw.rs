//! Random jigsaw layouts: `n` orthogonally connected regions of `n` cells each.
//!
//! A layout starts as the boxes of the side (rows, for a side without boxes) and is then
//! reshaped by many random trades: a cell on the border of region A passes to a neighbouring
//! region B, and a cell of B that touches A passes back, so that both keep `n` cells; a trade
//! that would cut either region in two is undone. Whether a Sudoku fits the layout is left to
//! the grid filler, which gives up on a layout it cannot fill within its budget.

use super::rng::Rng;
use crate::sudoku::shape::{flood, Shape};

/// Trades tried per cell of the grid: enough that no trace of the starting boxes is left.
const TRADES_PER_CELL: usize = 12;

/// A random layout of side `n`: for each cell, row by row, its region `0..n`.
pub fn random_layout(n: usize, rng: &mut Rng) -> Vec<u16> {
    let mut regions: Vec<u16> = match Shape::standard(n) {
        Ok(shape) => (0..n * n)
            .map(|cell| shape.region_of(cell) as u16)
            .collect(),
        Err(_) => (0..n * n).map(|cell| (cell / n) as u16).collect(),
    };
    if n < 2 {
        return regions;
    }
    let mut seen = vec![false; n * n];
    let mut stack = Vec::with_capacity(n * n);
    let mut offers = Vec::with_capacity(n);
    for _ in 0..TRADES_PER_CELL * n * n {
        let given = rng.below(n * n);
        let neighbours = neighbours(n, given);
        let Some(&taker) = neighbours
            .get(rng.below(neighbours.len()))
            .filter(|&&cell| regions[cell] != regions[given])
        else {
            continue;
        };
        let (a, b) = (regions[given], regions[taker]);
        // Cells of B, other than the one A's cell was next to, that touch A once the trade is
        // made.
        offers.clear();
        offers.extend((0..n * n).filter(|&cell| {
            regions[cell] == b
                && neighbours_of(n, cell).any(|next| next != given && regions[next] == a)
        }));
        let Some(&back) = offers.get(rng.below(offers.len().max(1))) else {
            continue;
        };
        regions[given] = b;
        regions[back] = a;
        if !(connected(&regions, n, a, &mut seen, &mut stack)
            && connected(&regions, n, b, &mut seen, &mut stack))
        {
            regions[given] = a;
            regions[back] = b;
        }
    }
    regions
}

/// The orthogonal neighbours of `cell`.
fn neighbours(n: usize, cell: usize) -> Vec<usize> {
    neighbours_of(n, cell).collect()
}

fn neighbours_of(n: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / n, cell % n);
    [
        (r > 0).then(|| cell - n),
        (r + 1 < n).then(|| cell + n),
        (c > 0).then(|| cell - 1),
        (c + 1 < n).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// Whether region `g` of `regions` is connected; `seen` and `stack` are working space.
fn connected(regions: &[u16], n: usize, g: u16, seen: &mut [bool], stack: &mut Vec<usize>) -> bool {
    let Some(start) = regions.iter().position(|&r| r == g) else {
        return true;
    };
    seen.fill(false);
    flood(regions, n, start, seen, stack);
    regions
        .iter()
        .zip(seen.iter())
        .all(|(&r, &reached)| r != g || reached)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_are_valid_and_vary() {
        for n in [1, 2, 4, 5, 6, 7, 9, 12] {
            let mut rng = Rng::new(9, n as u64);
            let first = random_layout(n, &mut rng);
            Shape::jigsaw(n, &first).unwrap_or_else(|e| panic!("{n}: {e}"));
            if n >= 4 {
                let second = random_layout(n, &mut rng);
                Shape::jigsaw(n, &second).unwrap();
                assert_ne!(first, second, "{n}");
                let boxes = random_layout(1, &mut rng);
                assert_eq!(boxes, [0]);
            }
        }
    }

    #[test]
    fn nothing_of_the_boxes_is_left() {
        let mut rng = Rng::new(3, 0);
        let layout = random_layout(9, &mut rng);
        let shape = Shape::jigsaw(9, &layout).unwrap();
        let boxes = Shape::standard(9).unwrap();
        let same = (0..9)
            .filter(|&g| {
                let cells = shape.cells(shape.region_house(g));
                (0..9).any(|b| boxes.cells(boxes.region_house(b)) == cells)
            })
            .count();
        assert!(same <= 1, "{same} regions are still boxes");
    }
}
