//! Variant Sudoku: a shape and its givens, plus constraints setters add.
//!
//! - [`Variant`]: the puzzle: a [`Shape`], givens, and [`Constraint`]s (one kind for each ISS
//!   constraint type its examples use, stated as ISS states it, cells numbered row by row).
//! - [`iss`]: ISS's puzzle strings (`.Thermo~R1C1~R1C2...`, its compact forms), read with
//!   positioned errors and written back.
//! - [`killer`]: the two compact killer formats ISS and the forums paste (`G<<L<K<…`, an arrow
//!   or a sum in each of the 81 cells; sudocue's `3x3:d:k:…`), read with positioned errors.
//! - `solve`: the solver: candidate masks; a handler per rule (each house; each sum, by its
//!   bounds and the digit sets that still fit) run from a queue to a fixpoint; sums the houses
//!   imply (innies and outies) added before the search; a search branching on one value of the
//!   cell with the most recent conflicts per candidate ([`Effort`] counts its work).
//! - [`Variant::check_solution`]: an independent checker, each rule stated on a full grid.
//! - [`candidates`]: the true candidates of a puzzle ([`Variant::candidates`]): each cell's
//!   values found in some solution, with how many solutions hold each, up to a limit.
//!
//! ```
//! use dlx_puzzles::sudoku::variant::{Constraint, Variant};
//! use dlx_puzzles::sudoku::Shape;
//!
//! // A 4x4 killer: seven cages of two cells, no givens.
//! let cage = |cells: &[usize], sum| Constraint::Cage { cells: cells.to_vec(), sum: Some(sum) };
//! let cages = [([0, 1], 3), ([4, 8], 5), ([5, 6], 5), ([10, 11], 7), ([14, 15], 3), ([3, 7], 6),
//!              ([12, 13], 7)];
//! let cages = cages.iter().map(|(cells, sum)| cage(cells, *sum)).collect();
//! let puzzle = Variant::new(Shape::standard(4).unwrap(), vec![0; 16], cages);
//! let (count, solution) = puzzle.count(2);
//! assert_eq!(count, 1);
//! let solution = solution.unwrap();
//! assert_eq!(solution, [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
//! assert!(puzzle.check_solution(&solution).is_ok());
//! ```

pub mod candidates;
mod check;
mod constraint;
pub mod cover;
pub mod engines;
#[cfg(feature = "json")]
pub mod fpuzzles;
pub mod iss;
pub mod killer;
mod link;
mod marks;
mod pasted;
#[cfg(feature = "json")]
mod place;
mod solve;
#[cfg(feature = "json")]
pub mod sudokupad;
mod table;

pub use candidates::Candidates;
pub use solve::Effort;

use dlx_core::{Stop, StopReason};
use thiserror::Error;

use super::{EngineChoice, Shape};
pub use constraint::{little_killer_cells, Constraint, Diagonal, Indexing, Line};
use cover::CoverError;

/// Whether a line of text looks like a variant puzzle of a format [`read`] takes rather than a
/// classic puzzle: a compact killer form, an ISS constraint string (a `.` followed by a type
/// name or `~`, where a classic puzzle has another `.` or a digit), f-puzzles' or SudokuPad's
/// JSON (its opening line), or a link of either.
pub fn looks_like(line: &str) -> bool {
    let line = line.trim();
    let mut chars = line.chars();
    let iss = chars.next() == Some('.')
        && chars
            .next()
            .is_some_and(|c| c == '~' || c.is_ascii_alphabetic());
    iss || line.starts_with("3x3:")
        || (line.chars().count() == 81 && line.chars().any(|c| "<>^v`',".contains(c)))
        || pasted::looks_like(line)
}

/// Reads a variant puzzle in any format the module knows: ISS's puzzle strings and compact
/// forms, which take in the killer forms ([`iss::read`]); f-puzzles' JSON and SudokuPad's, and
/// links of either (whose puzzle is in the link) or their compressed text alone. f-puzzles and
/// SudokuPad need the `json` feature.
pub fn read(text: &str) -> Result<Variant, iss::IssError> {
    pasted::read(text)
}

/// Writes a solution as one line of values (digits up to 9, letters `A`.. from 1 above).
pub fn write_values(size: usize, values: &[u8]) -> String {
    values
        .iter()
        .map(|&v| {
            if size <= 9 {
                char::from(b'0' + v)
            } else {
                char::from(b'A' + v - 1)
            }
        })
        .collect()
}

/// What a search of a variant puzzle found.
#[derive(Clone, Debug)]
pub struct Run {
    /// Solutions found (at most the limit asked for).
    pub found: u64,
    /// The first solution, one value per cell.
    pub first: Option<Vec<u8>>,
    /// Why the search stopped before its end, if it did.
    pub stopped: Option<StopReason>,
    /// The search's work.
    pub effort: Effort,
    /// The engine that answered: `propagation`, or `dlx`, `cells` or `sat` on the exact-cover
    /// model.
    pub engine: &'static str,
}

/// A variant puzzle: a shape, givens (`0` for an empty cell) and constraints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    shape: Shape,
    givens: Vec<u8>,
    constraints: Vec<Constraint>,
}

/// Why a grid is not a solution of a variant puzzle: the first rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Broken {
    /// The grid does not have one value from `1..=n` in every cell.
    #[error("the grid needs {cells} values from 1 to {size}")]
    Grid {
        /// Cells in the shape.
        cells: usize,
        /// The largest value.
        size: usize,
    },
    /// A given is changed.
    #[error("cell {cell} is given {given}, not {found}")]
    Given {
        /// The cell.
        cell: usize,
        /// Its given value.
        given: u8,
        /// The value in the grid.
        found: u8,
    },
    /// A house (row, column, region or extra region) repeats a value.
    #[error("a house repeats {value}")]
    House {
        /// The value repeated.
        value: u8,
    },
    /// Constraint number `index` is broken.
    #[error("constraint {index} ({what}) is broken")]
    Constraint {
        /// Its position among the puzzle's constraints.
        index: usize,
        /// Its kind.
        what: &'static str,
    },
}

impl Variant {
    /// A puzzle of `shape` with `givens` (one per cell, `0` empty) and `constraints`.
    ///
    /// # Panics
    /// If `givens` does not hold one value per cell, a given is larger than the shape's size,
    /// or a constraint does not fit the grid ([`Constraint::fits`]).
    pub fn new(shape: Shape, givens: Vec<u8>, constraints: Vec<Constraint>) -> Variant {
        assert_eq!(givens.len(), shape.cell_count(), "one given per cell");
        assert!(givens.iter().all(|&g| usize::from(g) <= shape.size()));
        for constraint in &constraints {
            assert!(constraint.fits(shape.size()), "{constraint:?} does not fit");
        }
        Variant {
            shape,
            givens,
            constraints,
        }
    }

    /// The shape.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The givens, one per cell (`0` for none).
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// The constraints.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// Counts the solutions up to `limit`, and gives the first one found. Every constraint is
    /// kept: by a propagator where it has one, and always by its checker's rule once the cells
    /// it reads are fixed.
    pub fn count(&self, limit: u64) -> (u64, Option<Vec<u8>>) {
        let run = self.run(limit, &Stop::new());
        (run.found, run.first)
    }

    /// Searches for up to `limit` solutions, stopping early when `stop` says so (its budget
    /// counts values tried), with the default engine ([`EngineChoice::Auto`]: see
    /// [`engines::run`]).
    pub fn run(&self, limit: u64, stop: &Stop) -> Run {
        self.solutions(limit, stop, |_| true)
    }

    /// Searches for up to `limit` solutions as [`run`](Self::run) does, calling `each` with
    /// every solution found (one value per cell); `each` returns whether to go on.
    pub fn solutions(&self, limit: u64, stop: &Stop, each: impl FnMut(&[u8]) -> bool) -> Run {
        engines::run(self, EngineChoice::Auto, limit, stop, each)
            .expect("the default engine needs no exact-cover model")
    }

    /// Searches for up to `limit` solutions with `engine` ([`engines::run`]), calling `each`
    /// with every solution found; an error when the engine needs the exact-cover model and the
    /// puzzle has none.
    pub fn run_with(
        &self,
        engine: EngineChoice,
        limit: u64,
        stop: &Stop,
        each: impl FnMut(&[u8]) -> bool,
    ) -> Result<Run, CoverError> {
        engines::run(self, engine, limit, stop, each)
    }

    /// The true candidates: each cell's values that some solution holds, each with the number
    /// of solutions holding it, counted up to `limit` (at least 1). Open puzzles are not
    /// enumerated whole: a candidate not yet counted to the limit is settled by a search with
    /// its cell fixed to it (see [`candidates`]). `stop`'s budget is shared by every search of
    /// the run; a stopped run gives what it knew, with the candidates it had not settled.
    pub fn candidates(&self, limit: u64, stop: &Stop) -> Candidates {
        candidates::find(self, limit, candidates::FIRST_SOLUTIONS, stop)
    }

    /// Checks `grid` (one value per cell) against every rule of the puzzle, stated on a full
    /// grid: values `1..=n`, the givens, every house, every constraint.
    pub fn check_solution(&self, grid: &[u8]) -> Result<(), Broken> {
        let n = self.shape.size();
        if grid.len() != self.shape.cell_count()
            || grid.iter().any(|&v| v == 0 || usize::from(v) > n)
        {
            return Err(Broken::Grid {
                cells: self.shape.cell_count(),
                size: n,
            });
        }
        for (cell, (&given, &found)) in self.givens.iter().zip(grid).enumerate() {
            if given != 0 && given != found {
                return Err(Broken::Given { cell, given, found });
            }
        }
        for house in self.shape.houses() {
            if let Some(value) = repeated(self.shape.cells(house).iter().map(|&c| grid[c])) {
                return Err(Broken::House { value });
            }
        }
        for (index, constraint) in self.constraints.iter().enumerate() {
            if !check::holds(&self.shape, grid, &self.constraints, index) {
                return Err(Broken::Constraint {
                    index,
                    what: constraint.name(),
                });
            }
        }
        Ok(())
    }
}

/// The first value `values` holds twice, if any.
fn repeated(values: impl Iterator<Item = u8>) -> Option<u8> {
    let mut seen = 0u64;
    for v in values {
        if seen >> v & 1 == 1 {
            return Some(v);
        }
        seen |= 1 << v;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toy() -> Variant {
        let cage = |cells: &[usize], sum| Constraint::Cage {
            cells: cells.to_vec(),
            sum,
        };
        let constraints = vec![cage(&[0, 1], Some(3)), cage(&[2, 3], None)];
        let mut givens = vec![0; 16];
        givens[15] = 1;
        Variant::new(Shape::standard(4).unwrap(), givens, constraints)
    }

    #[test]
    fn the_checker_names_the_rule_broken() {
        let p = toy();
        let good = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        assert_eq!(p.check_solution(&good), Ok(()));
        assert!(matches!(
            p.check_solution(&good[..15]),
            Err(Broken::Grid { .. })
        ));
        let mut bad = good;
        bad[15] = 2;
        assert!(matches!(
            p.check_solution(&bad),
            Err(Broken::Given { cell: 15, .. })
        ));
        // Two cells of a row swapped: the row is whole, its columns repeat a value.
        let mut columns = good;
        columns.swap(4, 5);
        assert!(matches!(
            p.check_solution(&columns),
            Err(Broken::House { .. })
        ));
        // A Latin grid with boxes whose first cage adds up to 7.
        let latin = [3, 4, 1, 2, 1, 2, 3, 4, 2, 1, 4, 3, 4, 3, 2, 1];
        assert_eq!(
            p.check_solution(&latin),
            Err(Broken::Constraint {
                index: 0,
                what: "killer cage"
            })
        );
    }

    #[test]
    fn every_solution_found_passes_the_checker() {
        let p = toy();
        let (count, first) = p.count(1000);
        assert!(count > 1);
        assert_eq!(p.check_solution(&first.unwrap()), Ok(()));
    }
}
