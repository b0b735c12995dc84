//! The dlx solvers in the browser: WebAssembly bindings (wasm-bindgen) for the page in `web/`.
//!
//! Every function takes and returns text: requests and answers are JSON (see [`wire`]), so the
//! same code runs, and is tested, on the host.
//!
//! - Sudoku of every shape the library supports (sizes, boxes, jigsaw layouts, extra regions):
//!   [`read_sudoku`] (the puzzle, its shape and pencil marks, or an error with line and
//!   column), [`write_sudoku`], [`read_regions`], and [`SudokuTask`] for solve, check and count.
//! - The exact-cover playground, Knuth's format and the classic models: [`CoverTask`].
//!
//! A task searches a slice at a time ([`SudokuTask::run`], [`CoverTask::run`] with a node
//! budget), so that the Web Worker that runs it can report progress between slices; the page
//! cancels a search by ending the worker. Nothing here reads the clock or starts a thread: on
//! `wasm32-unknown-unknown` both panic.

mod adapter;
mod cover;
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
    /// Starts `request`: `{"source":…,"mode":"count"|"list","first":N}`, the source one of
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
