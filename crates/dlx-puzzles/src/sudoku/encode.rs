//! A Sudoku shape as an exact-cover [`Problem`], built once and shared by every puzzle of that
//! shape; givens enter a [`Search`] as forced options.
//!
//! ## Numbering
//! For a grid of side `n` (cells `0..n²` row by row, values `1..=n`), all items are primary:
//!
//! | items | number | meaning |
//! |---|---|---|
//! | `cell(r,c)` | `r*n + c` | the cell has a value |
//! | `row(r,v)` | `n² + r*n + v-1` | row `r` has value `v` |
//! | `col(c,v)` | `2n² + c*n + v-1` | column `c` has value `v` |
//! | `region(g,v)` | `3n² + g*n + v-1` | region `g` has value `v` |
//! | `extra(e,v)` | `4n² + e*n + v-1` | extra region `e` has value `v` |
//!
//! Option `(cell, v)`, "put `v` in `cell`", is number `cell*n + v-1`, so an option number is
//! `(cell, value)` by division: [`Model::option`] and [`Model::placement`].
//!
//! A model of a puzzle with pencil marks ([`Model::with_candidates`]) has one more primary item,
//! `ruled-out`, in every option whose value is not among its cell's candidates, and one more
//! option, number `n³`, that covers `ruled-out` alone; [`Model::start`] forces it first, which
//! takes every ruled-out option away before the search begins. The numbering stays the same.

use dlx_core::{Entry, Problem, ProblemBuilder, Search};

use super::givens::GivensError;
use super::shape::{Cell, Shape};

/// The exact-cover model of one [`Shape`]: the problem and the arithmetic between option numbers
/// and placements. Immutable; share it (`Arc`) between solvers and threads.
#[derive(Clone, Debug)]
pub struct Model {
    shape: Shape,
    problem: Problem,
    /// The option that rules out the values not among the candidates, when there are some.
    ruling: Option<usize>,
}

impl Model {
    /// Builds the exact-cover problem of `shape`.
    pub fn new(shape: Shape) -> Model {
        Model::build(shape, None)
    }

    /// Builds the exact-cover problem of `shape` in which each cell may take only its
    /// candidates: bit `v - 1` of `candidates[cell]` for value `v` (pencil marks kept as
    /// constraints). A given must be among its cell's candidates.
    pub fn with_candidates(shape: Shape, candidates: &[u64]) -> Model {
        Model::build(shape, Some(candidates))
    }

    fn build(shape: Shape, candidates: Option<&[u64]>) -> Model {
        let n = shape.size();
        let cells = n * n;
        let extras = shape.extra().len();
        let mut builder = ProblemBuilder::new();
        let names = (0..cells)
            .map(|k| format!("p{}.{}", k / n + 1, k % n + 1))
            .chain((0..cells).map(|k| format!("r{}.{}", k / n + 1, k % n + 1)))
            .chain((0..cells).map(|k| format!("c{}.{}", k / n + 1, k % n + 1)))
            .chain((0..cells).map(|k| format!("b{}.{}", k / n + 1, k % n + 1)))
            .chain((0..extras * n).map(|k| format!("x{}.{}", k / n + 1, k % n + 1)));
        let ruled_out = candidates.map(|_| 4 * cells + extras * n);
        let names = names.chain(ruled_out.map(|_| "ruled-out".to_string()));
        for name in names {
            builder
                .primary(name)
                .expect("item names are distinct and valid");
        }
        let allowed = |cell: usize, v: usize| {
            candidates.map_or(true, |c| {
                c.get(cell)
                    .is_some_and(|&mask| v < 64 && mask >> v & 1 == 1)
            })
        };
        // Which extra regions each cell is in.
        let mut extra_of = vec![Vec::new(); cells];
        for (e, members) in shape.extra().iter().enumerate() {
            for &cell in members {
                extra_of[cell].push(e);
            }
        }
        let mut entries = Vec::with_capacity(4 + extras);
        for (cell, extra) in extra_of.iter().enumerate() {
            let (r, c, g) = (cell / n, cell % n, shape.region_of(cell));
            for v in 0..n {
                entries.clear();
                entries.push(cell);
                entries.push(cells + r * n + v);
                entries.push(2 * cells + c * n + v);
                entries.push(3 * cells + g * n + v);
                entries.extend(extra.iter().map(|e| 4 * cells + e * n + v));
                if !allowed(cell, v) {
                    entries.extend(ruled_out);
                }
                let option = builder
                    .option(entries.iter().map(|&item| Entry::plain(item)))
                    .expect("items are declared and distinct");
                debug_assert_eq!(option, Some(cell * n + v));
            }
        }
        let ruling = ruled_out.map(|item| {
            builder
                .option([Entry::plain(item)])
                .expect("the item is declared")
                .expect("an option with a primary item is kept")
        });
        let problem = builder
            .build()
            .expect("a shape of at most MAX_SIZE fits the engine");
        Model {
            shape,
            problem,
            ruling,
        }
    }

    /// The shape modelled.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The option putting `value` (`1..=n`) in `cell`.
    pub fn option(&self, cell: usize, value: u16) -> usize {
        cell * self.shape.size() + usize::from(value) - 1
    }

    /// The cell and value (`1..=n`) of an option.
    pub fn placement(&self, option: usize) -> (usize, u16) {
        let n = self.shape.size();
        // Values are at most MAX_SIZE, so they fit in u16.
        (option / n, (option % n + 1) as u16)
    }

    /// Resets `search` to this model's problem and forces the givens (`0` for an empty cell), in
    /// cell order, once [`Shape::check_givens`] has accepted them; what else makes them
    /// impossible is left to the search.
    pub fn start(&self, search: &mut Search, givens: &[u16]) -> Result<(), GivensError> {
        self.shape.check_givens(givens)?;
        search.reset(&self.problem);
        if let Some(ruling) = self.ruling {
            search.force(ruling).expect("the first option forced");
        }
        for (cell, &value) in givens.iter().enumerate() {
            if value != 0 {
                // Accepted givens share no item: each is the only given of its cell and of its
                // value in each of its houses.
                let forced = search.force(self.option(cell, value));
                if forced.is_err() && self.ruling.is_some() {
                    return Err(GivensError::RuledOut {
                        cell: Cell::from_index(cell, self.shape.size()),
                        value,
                    });
                }
                forced.expect("accepted givens never clash");
            }
        }
        Ok(())
    }

    /// Writes the grid of a solution (option numbers, in any order) into `grid`: `n²` values.
    pub fn decode_into(&self, options: &[usize], grid: &mut Vec<u16>) {
        grid.clear();
        grid.resize(self.shape.cell_count(), 0);
        for &option in options {
            if Some(option) != self.ruling {
                let (cell, value) = self.placement(option);
                grid[cell] = value;
            }
        }
    }

    /// The grid of a solution (option numbers, in any order): `n²` values.
    pub fn decode(&self, options: &[usize]) -> Vec<u16> {
        let mut grid = Vec::new();
        self.decode_into(options, &mut grid);
        grid
    }
}

#[cfg(test)]
mod tests {
    use dlx_core::Status;

    use super::*;

    #[test]
    fn options_are_cell_and_value_by_arithmetic() {
        let model = Model::new(Shape::standard(9).unwrap().with_diagonals());
        let problem = model.problem();
        assert_eq!(problem.option_count(), 729);
        assert_eq!(problem.item_count(), 4 * 81 + 2 * 9);
        assert_eq!(model.option(10, 5), 94);
        assert_eq!(model.placement(94), (10, 5));
        assert_eq!(problem.format_option(94), "p2.2 r2.5 c2.5 b1.5 x1.5");
        assert_eq!(
            problem.format_option(model.option(80, 9)),
            "p9.9 r9.9 c9.9 b9.9 x1.9"
        );
    }

    #[test]
    fn candidates_rule_out_the_values_they_do_not_list() {
        let shape = Shape::standard(4).unwrap();
        // The first row may only be 1 2 3 4 in that order; every other cell anything.
        let mut candidates = vec![0b1111u64; 16];
        for (cell, mask) in candidates.iter_mut().take(4).enumerate() {
            *mask = 1 << cell;
        }
        let model = Model::with_candidates(shape, &candidates);
        assert_eq!(model.problem().option_count(), 4 * 16 + 1);
        let mut search = Search::new(model.problem());
        model.start(&mut search, &[0; 16]).unwrap();
        // 288 grids, a 24th of them with that first row.
        assert_eq!(search.count(), Status::Exhausted);
        assert_eq!(search.stats().solutions, 12);
        model.start(&mut search, &[0; 16]).unwrap();
        assert_eq!(search.step(), Status::Solution);
        let grid = model.decode(&search.solution());
        assert_eq!(&grid[..4], &[1, 2, 3, 4]);
        let mut givens = [0; 16];
        givens[0] = 2;
        assert_eq!(
            model.start(&mut search, &givens),
            Err(GivensError::RuledOut {
                cell: Cell { row: 0, column: 0 },
                value: 2
            })
        );
    }

    #[test]
    fn the_empty_4x4_has_288_grids() {
        let model = Model::new(Shape::standard(4).unwrap());
        let mut search = Search::new(model.problem());
        model.start(&mut search, &[0; 16]).unwrap();
        assert_eq!(search.count(), Status::Exhausted);
        assert_eq!(search.stats().solutions, 288);
    }

    #[test]
    fn givens_are_checked_before_they_are_forced() {
        let model = Model::new(Shape::standard(4).unwrap());
        let mut search = Search::new(model.problem());
        let mut givens = [0; 16];
        givens[1] = 3;
        givens[3] = 3;
        let err = model.start(&mut search, &givens).unwrap_err();
        assert_eq!(err, model.shape().check_givens(&givens).unwrap_err());
    }
}
