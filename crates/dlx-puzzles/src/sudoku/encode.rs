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

use dlx_core::{Entry, Problem, ProblemBuilder, Search};

use super::givens::GivensError;
use super::shape::Shape;

/// The exact-cover model of one [`Shape`]: the problem and the arithmetic between option numbers
/// and placements. Immutable; share it (`Arc`) between solvers and threads.
#[derive(Clone, Debug)]
pub struct Model {
    shape: Shape,
    problem: Problem,
}

impl Model {
    /// Builds the exact-cover problem of `shape`.
    pub fn new(shape: Shape) -> Model {
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
        for name in names {
            builder
                .primary(name)
                .expect("item names are distinct and valid");
        }
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
                let option = builder
                    .option(entries.iter().map(|&item| Entry::plain(item)))
                    .expect("items are declared and distinct");
                debug_assert_eq!(option, Some(cell * n + v));
            }
        }
        let problem = builder
            .build()
            .expect("a shape of at most MAX_SIZE fits the engine");
        Model { shape, problem }
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
        for (cell, &value) in givens.iter().enumerate() {
            if value != 0 {
                // Accepted givens share no item: each is the only given of its cell and of its
                // value in each of its houses.
                search
                    .force(self.option(cell, value))
                    .expect("accepted givens never clash");
            }
        }
        Ok(())
    }

    /// Writes the grid of a solution (option numbers, in any order) into `grid`: `n²` values.
    pub fn decode_into(&self, options: &[usize], grid: &mut Vec<u16>) {
        grid.clear();
        grid.resize(self.shape.cell_count(), 0);
        for &option in options {
            let (cell, value) = self.placement(option);
            grid[cell] = value;
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
