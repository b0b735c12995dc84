//! Small variant puzzles and the truth about them by brute force, for the variant tests.

use dlx_puzzles::sudoku::variant::{Constraint, Variant};
use dlx_puzzles::sudoku::Shape;

/// Every Sudoku grid of `shape` starting with the values `top`, by plain backtracking.
pub fn all_grids(shape: &Shape, top: &[u8]) -> Vec<Vec<u8>> {
    let n = shape.size();
    let houses: Vec<Vec<usize>> = shape.houses().map(|h| shape.cells(h)).collect();
    let mut grid = vec![0u8; shape.cell_count()];
    let mut out = Vec::new();
    fn fill(
        cell: usize,
        n: usize,
        houses: &[Vec<usize>],
        top: &[u8],
        grid: &mut Vec<u8>,
        out: &mut Vec<Vec<u8>>,
    ) {
        if cell == grid.len() {
            out.push(grid.clone());
            return;
        }
        for v in 1..=n as u8 {
            if top.get(cell).is_some_and(|&t| t != v) {
                continue;
            }
            let clash = houses
                .iter()
                .filter(|h| h.contains(&cell))
                .any(|h| h.iter().any(|&c| grid[c] == v));
            if !clash {
                grid[cell] = v;
                fill(cell + 1, n, houses, top, grid, out);
                grid[cell] = 0;
            }
        }
    }
    fill(0, n, &houses, top, &mut grid, &mut out);
    out
}

/// A killer puzzle cut from `grid`: cells joined into cages of up to `most` cells by the
/// `joins` choices (a cell joins its left or upper neighbour's cage when the cage has room and
/// holds no equal value); some cages lose their sums; `givens` marks given cells.
pub fn killer(
    shape: &Shape,
    grid: &[u8],
    joins: &[u8],
    sumless: &[bool],
    givens: &[bool],
) -> Variant {
    let n = shape.size();
    let mut cage_of: Vec<usize> = (0..grid.len()).collect();
    let mut members: Vec<Vec<usize>> = (0..grid.len()).map(|c| vec![c]).collect();
    for cell in 0..grid.len() {
        let neighbour = match joins[cell] % 3 {
            0 if cell % n > 0 => cell - 1,
            1 if cell >= n => cell - n,
            _ => continue,
        };
        let target = cage_of[neighbour];
        let fits =
            members[target].len() < 4 && members[target].iter().all(|&c| grid[c] != grid[cell]);
        if fits {
            let mine = cage_of[cell];
            let moved = std::mem::take(&mut members[mine]);
            for &c in &moved {
                cage_of[c] = target;
            }
            members[target].extend(moved);
        }
    }
    let constraints = members
        .iter()
        .enumerate()
        .filter(|(_, m)| !m.is_empty())
        .map(|(i, m)| {
            let mut cells = m.clone();
            cells.sort_unstable();
            let total = cells.iter().map(|&c| u32::from(grid[c])).sum();
            Constraint::Cage {
                cells,
                sum: (!sumless[i]).then_some(total),
            }
        })
        .collect();
    let givens = grid
        .iter()
        .zip(givens)
        .map(|(&v, &g)| if g { v } else { 0 })
        .collect();
    Variant::new(shape.clone(), givens, constraints)
}
