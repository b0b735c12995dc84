//! Valid solved grids of every kind of shape, for property tests: a base grid per shape (a
//! pattern for boxes, the solver's first solution otherwise) made random by the changes that
//! keep a grid valid: values relabelled, rows swapped within bands and bands swapped (columns
//! and stacks likewise) for plain boxes, and the eight rotations and reflections of the square
//! for every shape (its regions and extra regions turned with it).

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use dlx_puzzles::sudoku::{Shape, ShapeHint, Solver};
use proptest::prelude::*;

/// A kind of shape the grids are drawn from.
#[derive(Clone, Copy, Debug)]
pub enum Base {
    /// Boxes of `rows` by `columns`.
    Boxes(usize, usize),
    /// Boxes of `rows` by `columns`, and the two main diagonals.
    Diagonals(usize, usize),
    /// The standard boxes of a square side, and the Windoku windows.
    Windows(usize),
    /// A jigsaw layout, one symbol per cell, row by row.
    Jigsaw(&'static str),
}

const JIGSAW_4: &str = "AAABCABBCCDBCDDD";
const JIGSAW_5: &str = "AAABBACABBCCCDBEECDDEEEDD";
const JIGSAW_6: &str = "AAABBBACABDBACCDDBECCDDFEECDFFEEEFFF";
/// A 9x9 jigsaw layout.
pub const JIGSAW_9: &str =
    "000000021453303021453333221453322221455566121445666111445566667488887777888887777";

/// Every shape the writers can print: boxes of the sizes 4 to 25 both ways round, jigsaws, and
/// extra regions.
pub const ALL: &[Base] = &[
    Base::Boxes(2, 2),
    Base::Boxes(2, 3),
    Base::Boxes(3, 2),
    Base::Boxes(2, 4),
    Base::Boxes(4, 2),
    Base::Boxes(3, 3),
    Base::Boxes(3, 4),
    Base::Boxes(4, 3),
    Base::Boxes(4, 4),
    Base::Boxes(5, 5),
    Base::Diagonals(2, 2),
    Base::Diagonals(3, 3),
    Base::Windows(9),
    Base::Jigsaw(JIGSAW_4),
    Base::Jigsaw(JIGSAW_5),
    Base::Jigsaw(JIGSAW_6),
    Base::Jigsaw(JIGSAW_9),
    // Regions that are the columns (or, turned, the rows): a Latin square.
    Base::Jigsaw("ABCDEABCDEABCDEABCDEABCDE"),
];

/// Shapes small enough for a brute-force search.
pub const SMALL: &[Base] = &[
    Base::Boxes(2, 2),
    Base::Boxes(2, 3),
    Base::Boxes(3, 2),
    Base::Diagonals(2, 2),
    Base::Jigsaw(JIGSAW_4),
    Base::Jigsaw(JIGSAW_5),
    Base::Jigsaw(JIGSAW_6),
];

/// A solved grid and the shape it solves.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The side.
    pub size: usize,
    /// The shape: boxes (always given, so that 3x2 stays 3x2), or jigsaw regions numbered by
    /// first appearance; and extra regions, each in increasing order.
    pub hint: ShapeHint,
    /// The values `1..=size`, row by row.
    pub grid: Vec<u16>,
}

impl Solved {
    /// The shape.
    pub fn shape(&self) -> Shape {
        Shape::from_hint(self.size, &self.hint).expect("a generated shape is valid")
    }

    /// The grid with the cells whose `keep` is false emptied.
    pub fn puzzle(&self, keep: &[bool]) -> Vec<u16> {
        self.grid
            .iter()
            .zip(keep)
            .map(|(&v, &k)| if k { v } else { 0 })
            .collect()
    }
}

impl Base {
    /// The side of the grid.
    pub fn size(self) -> usize {
        match self {
            Base::Boxes(r, c) | Base::Diagonals(r, c) => r * c,
            Base::Windows(n) => n,
            Base::Jigsaw(layout) => (1..=layout.len())
                .find(|n| n * n == layout.len())
                .expect("a square layout"),
        }
    }

    /// The shape, as the text formats describe it.
    pub fn hint(self) -> ShapeHint {
        let n = self.size();
        match self {
            Base::Boxes(r, c) => ShapeHint {
                boxes: Some((r, c)),
                ..ShapeHint::default()
            },
            Base::Diagonals(r, c) => ShapeHint {
                boxes: Some((r, c)),
                regions: None,
                extra: vec![
                    (0..n).map(|k| k * n + k).collect(),
                    (0..n).map(|k| k * n + n - 1 - k).collect(),
                ],
            },
            Base::Windows(n) => {
                let shape = Shape::standard(n).unwrap().with_windows().unwrap();
                ShapeHint {
                    boxes: shape.box_size(),
                    regions: None,
                    extra: shape.extra().to_vec(),
                }
            }
            Base::Jigsaw(layout) => ShapeHint {
                boxes: None,
                regions: Some(first_appearance(layout.chars())),
                extra: Vec::new(),
            },
        }
    }

    /// A valid grid of this shape (found once, then remembered: some take the solver a while).
    pub fn solved(self) -> Solved {
        static FOUND: OnceLock<Mutex<HashMap<String, Solved>>> = OnceLock::new();
        let found = FOUND.get_or_init(Mutex::default);
        let key = format!("{self:?}");
        if let Some(solved) = found.lock().unwrap().get(&key) {
            return solved.clone();
        }
        let solved = self.first_solved();
        found.lock().unwrap().insert(key, solved.clone());
        solved
    }

    fn first_solved(self) -> Solved {
        let size = self.size();
        let hint = self.hint();
        let grid = match self {
            // Row `i` of band `b` starts `c * i + b` along: every row, column and box is full.
            Base::Boxes(r, c) => (0..size * size)
                .map(|k| {
                    let (row, col) = (k / size, k % size);
                    ((c * (row % r) + row / r + col) % size + 1) as u16
                })
                .collect(),
            _ => {
                let shape = Shape::from_hint(size, &hint).unwrap();
                Solver::general(shape)
                    .solve(&vec![0; size * size])
                    .unwrap()
                    .expect("every base shape has a solution")
            }
        };
        Solved { size, hint, grid }
    }
}

/// Labels numbered by first appearance, from 0.
pub fn first_appearance<T: PartialEq>(labels: impl IntoIterator<Item = T>) -> Vec<u16> {
    let mut seen: Vec<T> = Vec::new();
    labels
        .into_iter()
        .map(|label| {
            let k = seen.iter().position(|s| *s == label).unwrap_or_else(|| {
                seen.push(label);
                seen.len() - 1
            });
            k as u16
        })
        .collect()
}

/// A small generator for the shuffles, from a seed proptest draws.
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: usize) -> usize {
        // SplitMix64.
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % bound as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }

    /// A permutation of `0..groups * width` that keeps groups of `width` together.
    fn grouped(&mut self, groups: usize, width: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..groups).collect();
        self.shuffle(&mut order);
        order
            .into_iter()
            .flat_map(|g| {
                let mut inner: Vec<usize> = (0..width).map(|i| g * width + i).collect();
                self.shuffle(&mut inner);
                inner
            })
            .collect()
    }
}

/// `solved` made random by `seed`.
pub fn shuffled(base: Base, seed: u64) -> Solved {
    let Solved {
        size: n,
        mut hint,
        grid,
    } = base.solved();
    let mut rng = Rng(seed);
    let mut values: Vec<u16> = (1..=n as u16).collect();
    rng.shuffle(&mut values);
    // Where each new cell's value comes from.
    let mut from: Vec<usize> = (0..n * n).collect();
    if let Base::Boxes(r, c) = base {
        let rows = rng.grouped(n / r, r);
        let columns = rng.grouped(n / c, c);
        from = (0..n * n)
            .map(|k| rows[k / n] * n + columns[k % n])
            .collect();
    }
    let turn = rng.below(8);
    let (transpose, flip_rows, flip_columns) = (turn & 1 != 0, turn & 2 != 0, turn & 4 != 0);
    // The cell a new cell's content comes from under the turn.
    let turned = |k: usize| {
        let (mut row, mut col) = (k / n, k % n);
        if flip_rows {
            row = n - 1 - row;
        }
        if flip_columns {
            col = n - 1 - col;
        }
        if transpose {
            (row, col) = (col, row);
        }
        row * n + col
    };
    let grid = (0..n * n)
        .map(|k| values[usize::from(grid[from[turned(k)]]) - 1])
        .collect();
    if transpose {
        hint.boxes = hint.boxes.map(|(r, c)| (c, r));
    }
    if let Some(regions) = &hint.regions {
        hint.regions = Some(first_appearance((0..n * n).map(|k| regions[turned(k)])));
    }
    // An extra region's cell `k` goes where `turned` sends something from `k`.
    let to: Vec<usize> = {
        let mut to = vec![0; n * n];
        for k in 0..n * n {
            to[turned(k)] = k;
        }
        to
    };
    for cells in &mut hint.extra {
        for cell in cells.iter_mut() {
            *cell = to[*cell];
        }
        cells.sort_unstable();
    }
    hint.extra.sort();
    Solved {
        size: n,
        hint,
        grid,
    }
}

/// A random valid grid of one of `bases`.
pub fn solved(bases: &'static [Base]) -> impl Strategy<Value = Solved> {
    (0..bases.len(), any::<u64>()).prop_map(move |(k, seed)| shuffled(bases[k], seed))
}

/// A random valid grid of one of `bases`, and which of its cells to keep as givens: about
/// `keep(size)` percent of them.
pub fn puzzle(
    bases: &'static [Base],
    keep: fn(usize) -> std::ops::RangeInclusive<u8>,
) -> impl Strategy<Value = (Solved, Vec<bool>)> {
    solved(bases).prop_flat_map(move |solved| {
        let cells = solved.size * solved.size;
        let mask = keep(solved.size).prop_flat_map(move |keep| {
            proptest::collection::vec((0u8..100).prop_map(move |x| x < keep), cells)
        });
        (Just(solved), mask)
    })
}
