//! The Sudoku group: `dlx solve --check`'s path against the crates.io `sudoku` crate, each proving
//! every puzzle of a set unique (stopping at the second solution).

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use dlx_puzzles::sudoku::{Shape, Solver, Verdict};

use crate::case::{Case, Group, Run};

/// The peer's version, as pinned in this crate's manifest.
pub const PEER_VERSION: &str = "0.8.0";

/// The public sets compared by default, by file name in the puzzle folder, with how many of
/// their puzzles to take (`None`: all).
pub const SETS: &[(&str, Option<usize>)] = &[
    ("puzzles2_17_clue", Some(5_000)),
    ("puzzles3_magictour_top1465", None),
    ("puzzles5_forum_hardest_1905_11+", Some(500)),
];

/// The public puzzle sets, kept beside the repository rather than in it.
pub fn default_puzzle_dir() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.join("../../../shared/data/puzzles")
}

/// The puzzle lines of the 9x9 set `path` (`#` comments and blank lines skipped), at most
/// `limit` of them, each cut to its first 81 characters, with its line number (from 1).
pub fn puzzle_lines(path: &Path, limit: Option<usize>) -> Result<Vec<(usize, String)>> {
    let text = fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    Ok(text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.starts_with('#') && !line.trim().is_empty())
        .take(limit.unwrap_or(usize::MAX))
        .map(|(index, line)| (index + 1, line.chars().take(81).collect()))
        .collect())
}

/// One set of 9x9 puzzles, parsed for both solvers before any timing.
pub struct SudokuCase {
    name: String,
    ours: Vec<Vec<u16>>,
    solver: Solver,
    peer: Vec<sudoku::Sudoku>,
}

impl SudokuCase {
    /// Reads at most `limit` puzzles (81-character lines; `#` comments skipped) from `path`.
    pub fn load(path: &Path, limit: Option<usize>) -> Result<SudokuCase> {
        let mut ours = Vec::new();
        let mut peer = Vec::new();
        for (number, grid) in puzzle_lines(path, limit)? {
            let cells: Vec<u16> = grid
                .bytes()
                .map(|b| match b {
                    b'1'..=b'9' => u16::from(b - b'0'),
                    _ => 0,
                })
                .collect();
            let Ok(parsed) = sudoku::Sudoku::from_str_line(&grid) else {
                bail!("{}:{number}: not a 9x9 puzzle line", path.display());
            };
            ours.push(cells);
            peer.push(parsed);
        }
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let solver = Solver::new(Shape::standard(9).expect("9x9 has boxes"));
        Ok(SudokuCase {
            name: format!("{name} ({} puzzles)", ours.len()),
            ours,
            solver,
            peer,
        })
    }
}

impl Case for SudokuCase {
    fn name(&self) -> &str {
        &self.name
    }

    fn run_ours(&mut self) -> Run {
        let (mut nodes, mut updates) = (0, 0);
        let run = Run::timed(|| {
            let mut unique = 0;
            for cells in &self.ours {
                // The verdict alone, as `dlx solve --check` asks for it (and as the peer counts).
                if let Ok(verdict) = self.solver.verdict(cells) {
                    unique += u64::from(verdict == Verdict::Unique);
                    nodes += self.solver.stats().nodes;
                    updates += self.solver.stats().updates;
                }
            }
            unique
        });
        Run {
            nodes: Some(nodes),
            updates: Some(updates),
            ..run
        }
    }

    fn run_peer(&mut self) -> Run {
        Run::timed(|| {
            self.peer
                .iter()
                .filter(|s| s.solutions_count_up_to(2) == 1)
                .count() as u64
        })
    }

    fn items(&self) -> Option<u64> {
        Some(self.ours.len() as u64)
    }
}

/// The Sudoku group over the sets in `dir`, as many of each as `sets` says.
pub fn group(dir: &Path, sets: &[(&str, Option<usize>)]) -> Result<Group> {
    let cases = sets
        .iter()
        .map(|&(file, limit)| {
            SudokuCase::load(&dir.join(file), limit).map(|c| Box::new(c) as Box<dyn Case>)
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Group {
        title: format!(
            "Sudoku 9x9, uniqueness check: `dlx solve --check` against crates.io `sudoku` {PEER_VERSION}"
        ),
        timing: "Time to check every puzzle of the set (\"solutions\" = puzzles found unique); \
                 parsing is not timed."
            .to_string(),
        alt: None,
        cases,
    })
}
