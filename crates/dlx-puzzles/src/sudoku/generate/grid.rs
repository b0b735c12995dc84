//! Random full grids: a few random givens that do not clash, completed by the solver, and the
//! values relabelled at random.
//!
//! The solver completes a grid by trying values low to high, so the givens it starts from and
//! the relabelling after it are what make grids differ; relabelling keeps a grid valid on every
//! shape, since every house needs every value. Givens that leave no solution, or a search that
//! runs out of its budget (a jigsaw layout that fits no Sudoku), are dropped and others drawn.
//!
//! Plain box shapes above 36x36 (no extra regions) skip the solver: there a fill from random
//! givens can take longer than the whole dig, so their grids come from `pattern` and are then
//! relabelled the same way.

use dlx_core::{Budget, StopReason};

use super::pattern;
use super::rng::Rng;
use crate::sudoku::shape::Shape;
use crate::sudoku::solver::Solver;

/// The largest side filled by the solver when the shape has plain boxes: above it a fill from
/// random givens can take the solver longer than the whole dig, so such grids come from
/// [`pattern::boxed_grid`].
const SOLVER_FILL_MAX: usize = 36;

/// Sets of random givens tried before the shape is given up on (for a random layout, another
/// layout is drawn).
const TRIES: usize = 6;

/// The houses of each cell of a shape, as numbers, for drawing givens that do not clash.
#[derive(Clone, Debug)]
pub struct Houses {
    houses_of: Vec<Vec<usize>>,
    houses: usize,
}

impl Houses {
    /// The houses of `shape`.
    pub fn new(shape: &Shape) -> Houses {
        let mut houses_of = vec![Vec::new(); shape.cell_count()];
        let mut houses = 0;
        for (h, house) in shape.houses().enumerate() {
            for cell in shape.cells(house) {
                houses_of[cell].push(h);
            }
            houses = h + 1;
        }
        Houses { houses_of, houses }
    }
}

/// A random full grid of the solver's shape, or `None` when none was found in a few tries
/// (no solution, or the budget ran out each time). `Err` when the run was stopped (a deadline,
/// a cancel flag).
pub fn random_grid(
    solver: &mut Solver,
    houses: &Houses,
    rng: &mut Rng,
) -> Result<Option<Vec<u16>>, StopReason> {
    let shape = solver.shape();
    let n = shape.size();
    if let Some((rows, columns)) = shape.box_size() {
        if n > SOLVER_FILL_MAX && shape.extra().is_empty() {
            let mut grid = pattern::boxed_grid(rows, columns, rng);
            relabel(&mut grid, n, rng);
            return Ok(Some(grid));
        }
    }
    let mut order: Vec<usize> = (0..n * n).collect();
    let mut givens = vec![0u16; n * n];
    let mut used = vec![0u128; houses.houses];
    let mut free = Vec::with_capacity(n);
    for _ in 0..TRIES {
        givens.fill(0);
        used.fill(0);
        rng.shuffle(&mut order);
        for &cell in &order[..n] {
            let taken = houses.houses_of[cell]
                .iter()
                .fold(0u128, |taken, &h| taken | used[h]);
            free.clear();
            free.extend((0..n).filter(|&v| (taken >> v) & 1 == 0));
            let Some(&v) = free.get(rng.below(free.len().max(1))) else {
                continue;
            };
            givens[cell] = v as u16 + 1;
            for &h in &houses.houses_of[cell] {
                used[h] |= 1 << v;
            }
        }
        // Givens that clash cannot be drawn, so only the search can fail.
        let Ok(solution) = solver.solve(&givens) else {
            continue;
        };
        match (solution, solver.stopped()) {
            (Some(mut grid), None) => {
                relabel(&mut grid, n, rng);
                return Ok(Some(grid));
            }
            (_, Some(StopReason::Budget)) | (None, None) => {}
            (_, Some(reason)) => return Err(reason),
        }
    }
    Ok(None)
}

/// Renames the values `1..=n` of a full grid at random.
fn relabel(grid: &mut [u16], n: usize, rng: &mut Rng) {
    let mut labels: Vec<u16> = (1..=n as u16).collect();
    rng.shuffle(&mut labels);
    for value in grid {
        *value = labels[usize::from(*value) - 1];
    }
}

/// The budget of a fill: a full grid takes few guesses when it exists, and a layout that fits no
/// Sudoku may take a very long search to refute, so a fill gives up early.
pub fn fill_budget(n: usize) -> Budget {
    Budget::Nodes(200 * n as u64)
}
