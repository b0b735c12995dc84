//! The one place that knows how the library reads and solves a Sudoku today: the format
//! [`Reader`], [`Overrides`], [`Solver`] and the exact-cover [`Model`]. The rest of the crate
//! calls only this module, so that a one-call library API can take its place without touching
//! the bindings.
//!
//! Nothing here reads the clock or starts a thread (both panic on `wasm32-unknown-unknown`):
//! searches are bounded by node budgets only, and the page stops a search by ending its worker.

use dlx_core::{Budget, Search, Stats, Status, Stop};
use dlx_puzzles::sudoku::format::{ReadOptions, Reader};
use dlx_puzzles::sudoku::{
    Extra, GivensError, Model, Overrides, Puzzle, Shape, SolveStats, Solver, Verdict,
};

use crate::wire::{InputError, ShapeChoice};

/// The first puzzle of a text and its shape.
#[derive(Clone, Debug)]
pub struct Read {
    /// The puzzle as read.
    pub puzzle: Puzzle,
    /// Its shape: what the text says, overridden and extended by the page's choices.
    pub shape: Shape,
    /// Something the reader passed over that the user should know about.
    pub note: Option<String>,
}

/// Reads the first puzzle of `text` in any format the reader knows, with its shape.
pub fn read(text: &str, choice: &ShapeChoice) -> Result<Read, InputError> {
    let options = ReadOptions {
        size: None,
        alphabet: choice.alphabet()?,
    };
    let mut reader = Reader::new(text.as_bytes(), options);
    let puzzle = match reader.next() {
        None => return Err(InputError::at(
            "text",
            1,
            1,
            "no puzzle (expected a grid: a line of n² cells, n rows of n cells, or a JSON object)",
        )),
        Some(Err(e)) => return Err(InputError::at("text", e.line, e.column, e.message)),
        Some(Ok(puzzle)) => puzzle,
    };
    let note = match reader.next() {
        None => None,
        Some(Ok(next)) => Some(format!(
            "only the first puzzle is used; another one starts at line {}",
            next.line
        )),
        Some(Err(e)) => Some(format!(
            "the text after the puzzle is not read (line {}, column {}: {})",
            e.line, e.column, e.message
        )),
    };
    let shape = shape_of(&puzzle, choice)?;
    Ok(Read {
        puzzle,
        shape,
        note,
    })
}

/// The shape of `puzzle`: its own hint, with the page's boxes or layout in its place and the
/// page's extra regions added.
pub fn shape_of(puzzle: &Puzzle, choice: &ShapeChoice) -> Result<Shape, InputError> {
    let extra = extras(&choice.extra)?;
    let overrides = Overrides {
        boxes: choice.boxes,
        regions: choice
            .regions
            .clone()
            .map(|layout| (layout, "the layout".to_string())),
        extra,
    };
    overrides.shape_of(puzzle).map_err(|e| InputError {
        line: Some(puzzle.line),
        ..InputError::new(
            if e.origin.is_some() {
                "regions"
            } else {
                "text"
            },
            e.error.to_string(),
        )
    })
}

/// The extra regions named by the page: `x` (the two diagonals), `windoku` (the windows).
pub fn extras(names: &[String]) -> Result<Vec<Extra>, InputError> {
    names
        .iter()
        .map(|name| {
            Extra::named(name).ok_or_else(|| {
                InputError::new(
                    "options",
                    format!("unknown extra region `{name}` (expected x or windoku)"),
                )
            })
        })
        .collect()
}

/// What is wrong with the givens, with the cells to mark.
pub fn givens_error(error: &GivensError, puzzle: &Puzzle) -> InputError {
    let n = puzzle.size;
    let cells = match error {
        GivensError::Clash(clash) => vec![clash.first.index(n), clash.second.index(n)],
        GivensError::Value { cell, .. } => vec![cell.index(n)],
        _ => Vec::new(),
    };
    InputError {
        line: Some(puzzle.line),
        cells,
        ..InputError::new("text", error.to_string())
    }
}

/// The end of a solve or a check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// No solution, one, or more (a solve that found one says `Unique`: it did not look on).
    pub verdict: Verdict,
    /// The first solution found.
    pub solution: Option<Vec<u16>>,
    /// The work of the attempt that finished.
    pub stats: SolveStats,
}

/// A solve or a check on the library's fastest path for the shape, in attempts of growing
/// budgets: that path cannot pause, so an attempt that runs out of its budget is started again
/// with twice as much. The work done in all is at most twice that of one unbounded run, and
/// the page hears from the search after every attempt.
#[derive(Clone, Debug)]
pub struct Attempts {
    solver: Solver,
    givens: Vec<u16>,
    check: bool,
    budget: u64,
    spent: u64,
}

impl Attempts {
    /// A solve (or, when `check`, a uniqueness check) of `givens` on `shape`.
    pub fn new(shape: Shape, givens: Vec<u16>, check: bool) -> Attempts {
        Attempts {
            solver: Solver::new(shape),
            givens,
            check,
            budget: 0,
            spent: 0,
        }
    }

    /// The nodes (guesses on a specialised path) spent by all attempts so far.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// One attempt with a budget of at least `nodes`, and twice the last one's: its answer,
    /// or `None` when the budget ran out.
    pub fn attempt(&mut self, nodes: u64) -> Result<Option<Solved>, GivensError> {
        self.budget = nodes.max(self.budget.saturating_mul(2)).max(1);
        self.solver
            .set_stop(Stop::new().with_budget(Budget::Nodes(self.budget)));
        let solved = if self.check {
            let check = self.solver.check(&self.givens)?;
            Solved {
                verdict: check.verdict,
                solution: check.solution,
                stats: check.stats,
            }
        } else {
            let solution = self.solver.solve(&self.givens)?;
            Solved {
                verdict: if solution.is_some() {
                    Verdict::Unique
                } else {
                    Verdict::None
                },
                solution,
                stats: self.solver.stats(),
            }
        };
        // A specialised path counts guesses, the general one nodes; the other figure is 0.
        let work = solved.stats.guesses.saturating_add(solved.stats.nodes);
        self.spent = self.spent.saturating_add(work);
        Ok(self.solver.stopped().is_none().then_some(solved))
    }
}

/// A count on the exact-cover model, which pauses and resumes exactly where it stopped.
#[derive(Clone, Debug)]
pub struct Counting {
    search: Search,
    done: bool,
}

impl Counting {
    /// A count of the solutions of `givens` on `shape`, stopping at `limit`.
    pub fn new(shape: Shape, givens: &[u16], limit: Option<u64>) -> Result<Counting, GivensError> {
        let model = Model::new(shape);
        let mut search = Search::new(model.problem());
        model.start(&mut search, givens)?;
        search.set_limit(limit);
        Ok(Counting {
            search,
            done: false,
        })
    }

    /// Counts on for about `nodes` more nodes; `true` once the count is complete (or at its
    /// limit).
    pub fn run(&mut self, nodes: u64) -> bool {
        if !self.done {
            let stats = self.search.stats();
            self.search
                .set_budget(Budget::Nodes(stats.nodes.saturating_add(nodes.max(1))));
            self.done = !matches!(self.search.count(), Status::Stopped(_));
        }
        self.done
    }

    /// The work and the solutions so far.
    pub fn stats(&self) -> Stats {
        self.search.stats()
    }
}
