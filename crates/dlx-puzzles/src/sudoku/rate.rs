//! A puzzle's difficulty on Sudoku Explainer's scale: ER (the hardest step of the logical
//! solution), EP (the hardest step up to the first value placed) and ED (the first step), and
//! the hardest step's technique.
//!
//! The solution is the one [`logic::RATE`] finds: at each step the easiest technique that
//! applies, as Sudoku Explainer rates.
//!
//! ```
//! use dlx_puzzles::sudoku::{rate, Shape};
//!
//! let text = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
//! let givens: Vec<u16> = text.bytes().map(|b| if b == b'.' { 0 } else { u16::from(b - b'0') }).collect();
//! let rating = rate::rate_givens(&Shape::standard(9).unwrap(), &givens).unwrap();
//! // A puzzle of singles: ER at most 2.3 (naked singles), its first step a hidden single.
//! assert!(rating.er <= 2.3 && rating.ed <= 1.5, "{rating}");
//! ```

use std::fmt;
use std::sync::Arc;

use dlx_core::{Stop, StopReason};

use super::givens::GivensError;
use super::logic::{self, Board, Grid, Step};
use super::shape::Shape;

/// The difficulty given to a puzzle the techniques cannot finish (as Sudoku Explainer does).
pub const BEYOND: f64 = 20.0;

/// A rating: ER, EP, ED and the hardest step's technique.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// The hardest step of the solution.
    pub er: f64,
    /// The hardest step up to and including the first that places a value.
    pub ep: f64,
    /// The first step.
    pub ed: f64,
    /// The technique of the hardest step (`Beyond solver` when the techniques stop short).
    pub hardest: String,
    /// Steps taken.
    pub steps: usize,
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:.1}/{:.1}/{:.1}\t{}",
            self.er, self.ep, self.ed, self.hardest
        )
    }
}

/// Rates the puzzle on `grid`, which must have one solution (uniqueness techniques assume it).
pub fn rate(grid: &Grid) -> Rating {
    // An unlimited stop never stops.
    rate_until(grid, &Stop::new()).unwrap_or_else(|_| beyond(0, None, None))
}

/// [`rate`] under the run control `stop` (a deadline, a cancel flag: for a page or a caller
/// that cannot wait for the hardest puzzles); `Err` when it stopped the rating.
pub fn rate_until(grid: &Grid, stop: &Stop) -> Result<Rating, StopReason> {
    let mut grid = grid.clone();
    let (mut er, mut ep, mut ed) = (0u16, None, None);
    let mut hardest = String::from("Solved");
    let mut steps = 0;
    while !grid.is_solved() {
        let Some(step) = logic::next_step_until(&grid, logic::RATE, stop)? else {
            return Ok(beyond(steps, ep, ed));
        };
        steps += 1;
        if step.difficulty > er {
            er = step.difficulty;
            hardest = name(&step);
        }
        ed.get_or_insert(er);
        if ep.is_none() && !step.placements.is_empty() {
            ep = Some(er);
        }
        step.apply(&mut grid);
    }
    Ok(Rating {
        er: tenths(er),
        ep: tenths(ep.unwrap_or(er)),
        ed: tenths(ed.unwrap_or(er)),
        hardest,
        steps,
    })
}

/// The rating of a puzzle the techniques stop short on, after `steps` steps.
fn beyond(steps: usize, ep: Option<u16>, ed: Option<u16>) -> Rating {
    Rating {
        er: BEYOND,
        ep: ep.map_or(BEYOND, tenths),
        ed: ed.map_or(BEYOND, tenths),
        hardest: "Beyond solver".to_string(),
        steps,
    }
}

/// Rates the puzzle `givens` (0 for empty) of `shape`, which must have one solution.
pub fn rate_givens(shape: &Shape, givens: &[u16]) -> Result<Rating, GivensError> {
    shape.check_givens(givens)?;
    Ok(rate(&Grid::new(Arc::new(Board::new(shape)), givens)))
}

fn tenths(value: u16) -> f64 {
    f64::from(value) / 10.0
}

/// The name a rating gives a step's technique (Sudoku Explainer's, where it has one).
fn name(step: &Step) -> String {
    use logic::Technique::*;
    match step.technique {
        FullHouse | HiddenSingle => "Hidden Single".to_string(),
        XChain => "Forcing X-Chain".to_string(),
        XyChain | Aic => "Forcing Chain".to_string(),
        other => other.name().to_string(),
    }
}
