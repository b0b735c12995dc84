//! The dlx solvers in the browser: WebAssembly bindings (wasm-bindgen) for the page in `web/`.
//!
//! Every function takes and returns text: requests and answers are JSON (see [`wire`]), so the
//! same code runs, and is tested, on the host.
//!
//! - Sudoku of every shape the library supports (sizes, boxes, jigsaw layouts, extra regions):
//!   [`read_sudoku`] (the puzzle, its shape and pencil marks, or an error with line and
//!   column), [`write_sudoku`], [`read_regions`], and [`SudokuTask`] for solve, check and count.
//! - Logic and new puzzles: [`LogicTask`] for a hint (the next step), an explanation (every
//!   step) and a rating; [`GenerateTask`] for a new puzzle of a shape, symmetry and rating.
//! - The exact-cover playground, Knuth's format and the classic models: [`CoverTask`].
//!
//! A task searches a slice at a time ([`SudokuTask::run`], [`CoverTask::run`] with a node
//! budget), so that the Web Worker that runs it can report progress between slices; the page
//! cancels a search by ending the worker. Nothing here reads the clock or starts a thread: on
//! `wasm32-unknown-unknown` both panic.

mod adapter;
mod cover;
mod generate;
mod logic;
mod marks;
mod sudoku;
pub mod wire;

use wasm_bindgen::prelude::wasm_bindgen;

/// The version of this crate (the workspace's).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Reads the first puzzle of `text` (any format `dlx solve` reads) with the page's shape
/// choices, `options` as JSON (`{"boxes":[r,c],"regions":[…],"extra":["x","windoku"],
/// "alphabet":NAME}`, every field optional). Answers
/// `{"state":"ok","puzzle":…,"shape":…,"candidates":…,"note":…}` or
/// `{"state":"error","error":{"message","field","line","column","cells"}}`.
#[wasm_bindgen]
pub fn read_sudoku(text: &str, options: &str) -> String {
    sudoku::read(text, options)
}

/// Writes a puzzle (the `puzzle` of [`read_sudoku`], edited) in its layout, with its region
/// layout: `{"state":"ok","text":…}`.
#[wasm_bindgen]
pub fn write_sudoku(puzzle: &str) -> String {
    sudoku::write(puzzle)
}

/// Reads a jigsaw layout: `{"state":"ok","regions":[…]}`, or an error with line and column.
#[wasm_bindgen]
pub fn read_regions(text: &str) -> String {
    sudoku::read_regions(text)
}

/// A solve, check or count of one Sudoku, run a slice at a time.
#[wasm_bindgen]
pub struct SudokuTask(sudoku::SudokuRun);

#[wasm_bindgen]
impl SudokuTask {
    /// Starts `request`: `{"text":…,"options":…,"mode":"solve"|"check"|"count","limit":N}`.
    /// A bad request is reported by the first [`SudokuTask::run`].
    #[wasm_bindgen(constructor)]
    pub fn new(request: &str) -> SudokuTask {
        SudokuTask(sudoku::SudokuRun::new(request))
    }

    /// Searches about `nodes` more nodes: `{"state":"running","nodes","solutions"}`,
    /// `{"state":"done",…}` (`verdict`, `solution`, or `count` and `capped`, with `stats`), or
    /// an error.
    pub fn run(&mut self, nodes: f64) -> String {
        self.0.run(nodes)
    }
}

/// A count or a listing of an exact-cover problem's solutions, run a slice at a time.
#[wasm_bindgen]
pub struct CoverTask(cover::CoverRun);

#[wasm_bindgen]
impl CoverTask {
    /// Starts `request`: `{"source":…,"mode":"count"|"list","first":N,"engine":E}`, the engine
    /// `auto` (the default: dancing cells without multiplicities), `dlx` (Knuth's node counts) or
    /// `cells`, the source one of
    /// `{"knuth":TEXT}`, `{"queens":{"n":N,"order":"organ-pipe"|"plain"}}`,
    /// `{"langford":{"n":N}}`, `{"polyomino":{"board":"6x10"|PICTURE,"pieces":[…],"restrict":"X"}}`.
    #[wasm_bindgen(constructor)]
    pub fn new(request: &str) -> CoverTask {
        CoverTask(cover::CoverRun::new(request))
    }

    /// Searches about `nodes` more nodes: `{"state":"running"|"done","stats",
    /// "found":[…],"complete",…}` (the solutions drawn since the last call), or an error.
    pub fn run(&mut self, nodes: f64) -> String {
        self.0.run(nodes)
    }
}

/// A hint, an explanation or a rating of one Sudoku, run a slice at a time.
#[wasm_bindgen]
pub struct LogicTask(logic::LogicRun);

#[wasm_bindgen]
impl LogicTask {
    /// Starts `request`: `{"text":…,"options":…,"mode":"hint"|"explain"|"rate",
    /// "eliminated":[[cell,value],…]}` (the candidates earlier hints removed).
    #[wasm_bindgen(constructor)]
    pub fn new(request: &str) -> LogicTask {
        LogicTask(logic::LogicRun::new(request))
    }

    /// Checks for about `nodes` more nodes that the puzzle has one solution, then works:
    /// `{"state":"running",…}` (an explanation gives a step a call, in `found`), `{"state":
    /// "done","verdict",…}` with the `step`, the `rating` or the explanation's end, or an error.
    pub fn run(&mut self, nodes: f64) -> String {
        self.0.run(nodes)
    }
}

/// The making of a new Sudoku.
#[wasm_bindgen]
pub struct GenerateTask(generate::GenerateRun);

#[wasm_bindgen]
impl GenerateTask {
    /// Starts `request`: `{"size":N,"options":{"boxes","regions","extra"},"jigsaw":BOOL,
    /// "symmetry":NAME,"minimal":BOOL,"givens":K,"rating":[low,high],"seed":S}`.
    #[wasm_bindgen(constructor)]
    pub fn new(request: &str) -> GenerateTask {
        GenerateTask(generate::GenerateRun::new(request))
    }

    /// Makes the puzzle in one go (the generator cannot pause; `nodes` is not used):
    /// `{"state":"done","text",…}` or an error.
    pub fn run(&mut self, nodes: f64) -> String {
        let _ = nodes;
        self.0.run()
    }
}
