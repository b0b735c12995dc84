//! The `--engine` choices of the commands: which engine answers, and the default portfolio.

use clap::ValueEnum;
use dlx_core::{preferred_engine, EngineKind, Problem};
use dlx_puzzles::sudoku::EngineChoice as SudokuChoice;

/// The engines an exact-cover search can run on (`dlx cover` and the model commands).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineChoice {
    /// A count, or a search on --threads N: dancing cells without multiplicities, dancing links on
    /// multiplicities. Otherwise dancing links first; when it finds no solution within a
    /// budget, dancing links and SAT take turns, each on a budget twice the last, and the first
    /// to answer goes on alone (the default; --ordered takes dancing links).
    Auto,
    /// Dancing links.
    Dlx,
    /// Dancing cells.
    Cells,
    /// The clause-learning SAT solver CaDiCaL.
    Sat,
}

/// The backtracking engines, whose trees `dlx split` splits and `dlx estimate` estimates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TreeEngine {
    /// Dancing cells without multiplicities, dancing links on multiplicities (as a count takes them).
    Auto,
    /// Dancing links (node counts as Knuth's dlx1/dlx2).
    Dlx,
    /// Dancing cells.
    Cells,
}

impl TreeEngine {
    /// The engine this choice takes on `problem`.
    pub fn kind(self, problem: &Problem) -> EngineKind {
        match self {
            TreeEngine::Auto => preferred_engine(problem),
            TreeEngine::Dlx => EngineKind::Links,
            TreeEngine::Cells => EngineKind::Cells,
        }
    }
}

/// The engines that answer Sudoku puzzles (`dlx solve`, `dlx judge`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum SudokuEngine {
    /// The specialised solver with a budget of guesses, then SAT on the candidates its
    /// propagation leaves (the default; a count stays with the specialised solver unless SAT
    /// proves there is no solution).
    #[default]
    Auto,
    /// The specialised bit-mask solvers alone (dancing links above 64x64).
    Fast,
    /// Dancing links on the exact-cover model.
    Dlx,
    /// SAT on the candidates left by propagation (up to 64x64).
    Sat,
}

impl From<SudokuEngine> for SudokuChoice {
    fn from(engine: SudokuEngine) -> SudokuChoice {
        match engine {
            SudokuEngine::Auto => SudokuChoice::Auto,
            SudokuEngine::Fast => SudokuChoice::Fast,
            SudokuEngine::Dlx => SudokuChoice::Dlx,
            SudokuEngine::Sat => SudokuChoice::Sat,
        }
    }
}
