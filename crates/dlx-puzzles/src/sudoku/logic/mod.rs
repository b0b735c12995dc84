//! A human-style logic solver: a candidate grid, and techniques as small separate units that
//! each find the next step, from singles to nested forcing chains.
//!
//! - [`grid`]: the candidate grid over any shape's houses.
//! - [`step`]: a [`Step`]: its technique, pattern, placements, eliminations, words and
//!   difficulty on Sudoku Explainer's scale.
//! - [`singles`], [`locked`], [`subsets`], [`fish`]: on every shape (any houses).
//! - [`implications`], [`links`]: the potentials of chains and what implies what.
//! - [`wings`], [`turbot`], [`coloring`], [`unique`], [`bug`], [`aligned`], [`chains`]: on 9x9 and other shapes up to
//!   16x16 for chains.
//!
//! A technique is a search that hands each step it finds to a [`Found`] callback, which may
//! stop it; [`Unit::find`] is the first step of a unit. The solver ([`next_step`]) asks the
//! units in order and takes the first step found, as Sudoku Explainer does: every unit is
//! tried only when all the easier ones find nothing.
//!
//! ```
//! use std::sync::Arc;
//! use dlx_puzzles::sudoku::logic::{self, Board, Grid};
//! use dlx_puzzles::sudoku::Shape;
//!
//! let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let givens: Vec<u16> = text.bytes().map(|b| if b == b'.' { 0 } else { u16::from(b - b'0') }).collect();
//! let grid = Grid::new(Arc::new(Board::new(&Shape::standard(9).unwrap())), &givens);
//! let step = logic::next_step(&grid, logic::EXPLAIN).unwrap();
//! assert!(!step.text.is_empty());
//! ```

pub mod aligned;
pub mod bug;
pub mod chains;
pub mod coloring;
pub mod fish;
pub mod grid;
pub mod implications;
pub mod links;
pub mod locked;
pub mod reach;
pub mod singles;
pub mod step;
pub mod subsets;
pub mod turbot;
pub mod unique;
pub mod wings;

use std::ops::ControlFlow;

use dlx_core::{Stop, StopReason};

pub use chains::Chaining;
pub use grid::{Board, Grid};
pub use step::{Step, Technique};

/// Where a search hands each step it finds; `Break` stops the search.
pub type Found<'a> = &'a mut dyn FnMut(Step) -> ControlFlow<()>;

/// A technique unit: a name and a search.
#[derive(Clone, Copy)]
pub struct Unit {
    /// What the unit looks for.
    pub name: &'static str,
    search: fn(&Grid, Found<'_>) -> ControlFlow<()>,
    /// For a unit of forcing chains, their kind, to look for the easiest only when one is wanted.
    chaining: Option<Chaining>,
    /// The largest side the unit is tried on (chains grow with the cube of the side).
    max_size: usize,
}

impl std::fmt::Debug for Unit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

impl Unit {
    const fn new(name: &'static str, search: fn(&Grid, Found<'_>) -> ControlFlow<()>) -> Unit {
        Unit {
            name,
            search,
            chaining: None,
            max_size: usize::MAX,
        }
    }

    /// A unit of forcing chains of `chaining`, on sides up to [`CHAIN_SIZE`].
    const fn chains(name: &'static str, chaining: Chaining) -> Unit {
        Unit {
            name,
            search: |_, _| ControlFlow::Continue(()),
            chaining: Some(chaining),
            max_size: CHAIN_SIZE,
        }
    }

    /// Hands every step of this unit on `grid` to `found`, until it breaks.
    pub fn search(&self, grid: &Grid, found: Found<'_>) -> ControlFlow<()> {
        if grid.size() > self.max_size {
            return ControlFlow::Continue(());
        }
        match self.chaining {
            Some(chaining) => chains_of(grid, chaining, found),
            None => (self.search)(grid, found),
        }
    }

    /// The first step of this unit on `grid` that changes it.
    pub fn find(&self, grid: &Grid) -> Option<Step> {
        self.find_until(grid, &Stop::new()).ok().flatten()
    }

    /// [`Unit::find`] under the run control `stop` (a deadline, a cancel flag), which forcing
    /// chains look at as they go; `Err` when it stopped the search.
    pub fn find_until(&self, grid: &Grid, stop: &Stop) -> Result<Option<Step>, StopReason> {
        if let Some(reason) = stop.halted() {
            return Err(reason);
        }
        if let Some(chaining) = self.chaining {
            if grid.size() > self.max_size {
                return Ok(None);
            }
            let mut chains = chains::Chains::new(grid).with_stop(stop);
            let easiest = chains.easiest(chaining);
            if let Some(reason) = chains.stopped() {
                return Err(reason);
            }
            // Every chain hint changes the grid (one that would not is never made).
            return Ok(easiest.map(chains::Hint::into_step));
        }
        let mut first = None;
        let _ = self.search(grid, &mut |step: Step| {
            if step.changes(grid) {
                first = Some(step);
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        Ok(first)
    }
}

fn chains_of(grid: &Grid, chaining: Chaining, found: Found<'_>) -> ControlFlow<()> {
    for hint in chains::Chains::new(grid).hints(chaining) {
        found(hint.into_step())?;
    }
    ControlFlow::Continue(())
}

/// A unit's search: a technique's search with its size or kind fixed.
macro_rules! unit_fn {
    ($name:ident, $search:path, $($arg:expr),+) => {
        fn $name(grid: &Grid, found: Found<'_>) -> ControlFlow<()> {
            $search(grid, $($arg,)+ found)
        }
    };
}

unit_fn!(direct_pointing, locked::search, true);

unit_fn!(naked_pair, subsets::naked, 2);
unit_fn!(naked_triple, subsets::naked, 3);
unit_fn!(naked_quad, subsets::naked, 4);
unit_fn!(hidden_pair, subsets::hidden, 2);
unit_fn!(hidden_triple, subsets::hidden, 3);
unit_fn!(hidden_quad, subsets::hidden, 4);
unit_fn!(direct_hidden_pair, subsets::direct_hidden, 2);
unit_fn!(direct_hidden_triple, subsets::direct_hidden, 3);
unit_fn!(x_wing, fish::basic, 2);
unit_fn!(swordfish, fish::basic, 3);
unit_fn!(jellyfish, fish::basic, 4);
unit_fn!(finned_x_wing, fish::search, 2, true);
unit_fn!(finned_swordfish, fish::search, 3, true);
unit_fn!(finned_jellyfish, fish::search, 4, true);
unit_fn!(xy_wing, wings::xy, false);
unit_fn!(xyz_wing, wings::xy, true);
unit_fn!(skyscraper, turbot::search, false);
unit_fn!(kite, turbot::search, true);

/// The units given, then forcing chains from the easiest kind to the most nested (Sudoku
/// Explainer's order, for rating and explaining alike).
macro_rules! then_chains {
    ($($unit:expr),* $(,)?) => {
        &[
            $($unit,)*
            Unit::chains("Forcing Chains & Cycles", Chaining::UNARY),
            Unit::chains("Nishio Forcing Chains", Chaining::NISHIO),
            Unit::chains("Multiple Forcing Chains", Chaining::MULTIPLE),
            Unit::chains("Dynamic Forcing Chains", Chaining::DYNAMIC),
            Unit::chains("Dynamic Forcing Chains (+)", Chaining::DYNAMIC_PLUS),
            Unit::chains("Nested Forcing Chains", Chaining::nested(2, 0)),
            Unit::chains("Nested Forcing Chains", Chaining::nested(3, 0)),
            Unit::chains("Nested Forcing Chains", Chaining::nested(4, 0)),
        ]
    };
}

/// The largest side on which chains are looked for.
const CHAIN_SIZE: usize = 16;

/// The units of Sudoku Explainer's rating, in its order (which is its order of difficulty).
pub const RATE: &[Unit] = then_chains![
    Unit::new("Full House", singles::full_house),
    Unit::new("Hidden Single", singles::hidden_single),
    Unit::new("Direct Pointing", direct_pointing),
    Unit::new("Direct Hidden Pair", direct_hidden_pair),
    Unit::new("Naked Single", singles::naked_single),
    Unit::new("Direct Hidden Triplet", direct_hidden_triple),
    Unit::new("Pointing & Claiming", locked::locked),
    Unit::new("Naked Pair", naked_pair),
    Unit::new("X-Wing", x_wing),
    Unit::new("Hidden Pair", hidden_pair),
    Unit::new("Naked Triplet", naked_triple),
    Unit::new("Swordfish", swordfish),
    Unit::new("Hidden Triplet", hidden_triple),
    Unit::new("XY-Wing", xy_wing),
    Unit::new("XYZ-Wing", xyz_wing),
    Unit::new("Unique Rectangle", unique::rectangle),
    Unit::new("Naked Quad", naked_quad),
    Unit::new("Jellyfish", jellyfish),
    Unit::new("Hidden Quad", hidden_quad),
    Unit::new("BUG", bug::grave),
    Unit::new("Aligned Pair Exclusion", aligned::pair_exclusion),
];

/// The units of an explanation: the rating's, with the patterns players know by name (the
/// skyscraper, the kite, W-Wings, finned fish, coloring) tried before chains.
pub const EXPLAIN: &[Unit] = then_chains![
    Unit::new("Full House", singles::full_house),
    Unit::new("Hidden Single", singles::hidden_single),
    Unit::new("Naked Single", singles::naked_single),
    Unit::new("Pointing & Claiming", locked::locked),
    Unit::new("Naked Pair", naked_pair),
    Unit::new("X-Wing", x_wing),
    Unit::new("Hidden Pair", hidden_pair),
    Unit::new("Naked Triplet", naked_triple),
    Unit::new("Swordfish", swordfish),
    Unit::new("Hidden Triplet", hidden_triple),
    Unit::new("XY-Wing", xy_wing),
    Unit::new("XYZ-Wing", xyz_wing),
    Unit::new("W-Wing", wings::w_wing),
    Unit::new("Skyscraper", skyscraper),
    Unit::new("2-String Kite", kite),
    Unit::new("Finned X-Wing", finned_x_wing),
    Unit::new("Unique Rectangle", unique::rectangle),
    Unit::new("Naked Quad", naked_quad),
    Unit::new("Jellyfish", jellyfish),
    Unit::new("Hidden Quad", hidden_quad),
    Unit::new("Finned Swordfish", finned_swordfish),
    Unit::new("Finned Jellyfish", finned_jellyfish),
    Unit::new("BUG", bug::grave),
    Unit::new("Aligned Pair Exclusion", aligned::pair_exclusion),
    Unit::new("Simple Coloring", coloring::simple_coloring),
];

/// The next step on `grid`: the first step of the first unit of `units` that finds one.
pub fn next_step(grid: &Grid, units: &[Unit]) -> Option<Step> {
    next_step_until(grid, units, &Stop::new()).ok().flatten()
}

/// [`next_step`] under the run control `stop`; `Err` when it stopped the search.
pub fn next_step_until(
    grid: &Grid,
    units: &[Unit],
    stop: &Stop,
) -> Result<Option<Step>, StopReason> {
    if grid.is_solved() || grid.is_broken() {
        return Ok(None);
    }
    for unit in units {
        if let Some(step) = unit.find_until(grid, stop)? {
            return Ok(Some(step));
        }
    }
    Ok(None)
}

/// Every step from `grid` to the solution (or to where the units find nothing more), and the
/// grid reached.
pub fn solve(grid: &Grid, units: &[Unit]) -> (Vec<Step>, Grid) {
    let (steps, grid, _) = solve_until(grid, units, &Stop::new());
    (steps, grid)
}

/// [`solve`] under the run control `stop`: the steps taken until the solution, the end of the
/// units or the stop, the grid reached, and why the stop ended the run, if it did.
pub fn solve_until(
    grid: &Grid,
    units: &[Unit],
    stop: &Stop,
) -> (Vec<Step>, Grid, Option<StopReason>) {
    let mut grid = grid.clone();
    let mut steps = Vec::new();
    loop {
        match next_step_until(&grid, units, stop) {
            Ok(Some(step)) => {
                step.apply(&mut grid);
                steps.push(step);
            }
            Ok(None) => return (steps, grid, None),
            Err(reason) => return (steps, grid, Some(reason)),
        }
    }
}
