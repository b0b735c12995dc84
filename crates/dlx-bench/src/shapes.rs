//! The shapes group: the specialised any-shape path (`sudoku::fastn`, which `Solver::new` takes
//! for every shape but the classic 9x9) against the general exact-cover path (what
//! `Solver::general` runs), each proving every puzzle of a set unique.

use std::fs;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use dlx_core::{Budget, Search, Status, Stop};
use dlx_puzzles::sudoku::fastn::SolverN;
use dlx_puzzles::sudoku::{FastPath, Model, Shape};

use crate::case::{Case, Group, Run};

/// How the puzzles of a set are read and how hard they are searched.
#[derive(Clone, Copy, Debug)]
pub struct Set {
    /// The file, relative to the puzzle folder.
    pub file: &'static str,
    /// The name shown in the table.
    pub label: &'static str,
    /// `GIVENS REGIONS SOLUTION ...` lines (jigsaw) rather than `PUZZLE [SOLUTION] ...`.
    pub jigsaw: bool,
    /// Fill every third empty cell from the solution in the file (for sets too hard to finish).
    pub easier: bool,
    /// Per-puzzle budget: guesses for the fast path, nodes for the general one (`None`: search
    /// to the end).
    pub budget: Option<(u64, u64)>,
}

/// The sets compared by default.
pub const SETS: &[Set] = &[
    Set {
        file: "nxn/sudoku9_gecode.txt",
        label: "Gecode 9x9",
        jigsaw: false,
        easier: false,
        budget: None,
    },
    Set {
        file: "jigsaw/jigsaw9_janko_smilingwayne.txt",
        label: "jigsaw 9x9 (janko)",
        jigsaw: true,
        easier: false,
        budget: None,
    },
    Set {
        file: "nxn/sudoku16_janko_smilingwayne.txt",
        label: "16x16 (janko)",
        jigsaw: false,
        easier: false,
        budget: None,
    },
    Set {
        file: "nxn/sudoku25_gecode.txt",
        label: "25x25 Gecode, a third of the empty cells given",
        jigsaw: false,
        easier: true,
        budget: None,
    },
    Set {
        file: "nxn/sudoku25_gecode.txt",
        label: "25x25 Gecode minimal, budget 2,000 guesses / 20,000 nodes each",
        jigsaw: false,
        easier: false,
        budget: Some((2_000, 20_000)),
    },
];

/// One puzzle, with the solvers of its shape.
struct Puzzle {
    givens: Vec<u16>,
    /// Index of its shape's solvers.
    shape: usize,
}

/// One set, parsed and with its solvers built before any timing.
pub struct ShapeCase {
    name: String,
    puzzles: Vec<Puzzle>,
    fast: Vec<SolverN>,
    general: Vec<(Arc<Model>, Search)>,
    budget: Option<(u64, u64)>,
    /// Puzzles each path finished within the budget, as last run.
    finished: (u64, u64),
    /// Guesses of the fast path over the set, as last run.
    guesses: u64,
}

/// Cells from text: `.` empty, digits up to 9x9, letters `A`.. above.
fn cells(text: &str, size: usize) -> Option<Vec<u16>> {
    text.bytes()
        .map(|b| match b {
            b'.' | b'0' => Some(0),
            b'1'..=b'9' if size <= 9 => Some(u16::from(b - b'0')),
            b'A'..=b'Z' if size > 9 => Some(u16::from(b - b'A') + 1),
            _ => None,
        })
        .collect()
}

impl ShapeCase {
    /// Reads the set from the puzzle folder `dir`.
    pub fn load(dir: &Path, set: Set) -> Result<ShapeCase> {
        let path = dir.join(set.file);
        let text =
            fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
        let mut case = ShapeCase {
            name: String::new(),
            puzzles: Vec::new(),
            fast: Vec::new(),
            general: Vec::new(),
            budget: set.budget,
            finished: (0, 0),
            guesses: 0,
        };
        for (index, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let bad = || format!("{}:{}: not a puzzle line", path.display(), index + 1);
            let fields: Vec<&str> = line.split_whitespace().collect();
            let size = (1..=64)
                .find(|n| n * n == fields[0].len())
                .with_context(bad)?;
            let mut givens = cells(fields[0], size).with_context(bad)?;
            let (shape, solution) = if set.jigsaw {
                let (Some(regions), Some(solution)) = (fields.get(1), fields.get(2)) else {
                    bail!(bad());
                };
                let layout: Vec<u16> = regions.bytes().map(u16::from).collect();
                (Shape::jigsaw(size, &layout)?, solution)
            } else {
                (Shape::standard(size)?, fields.get(1).unwrap_or(&""))
            };
            if set.easier {
                let solution = cells(solution, size).with_context(bad)?;
                for (k, (g, s)) in givens.iter_mut().zip(solution).enumerate() {
                    if *g == 0 && k % 3 == 0 {
                        *g = s;
                    }
                }
            }
            // One pair of solvers per shape: jigsaw puzzles each have their own.
            if set.jigsaw || case.fast.is_empty() {
                let mut fast = SolverN::new(&shape).context("side above 64")?;
                if let Some((nodes, _)) = set.budget {
                    fast.set_stop(Stop::new().with_budget(Budget::Nodes(nodes)));
                }
                let model = Arc::new(Model::new(shape));
                let search = Search::new(model.problem());
                case.fast.push(fast);
                case.general.push((model, search));
            }
            let shape = case.fast.len() - 1;
            case.puzzles.push(Puzzle { givens, shape });
        }
        case.name = format!("{} ({} puzzles)", set.label, case.puzzles.len());
        Ok(case)
    }
}

impl Case for ShapeCase {
    fn name(&self) -> &str {
        &self.name
    }

    fn run_ours(&mut self) -> Run {
        let start = Instant::now();
        let (mut unique, mut guesses, mut finished) = (0, 0, 0);
        for p in &self.puzzles {
            let solver = &mut self.fast[p.shape];
            if let Some(found) = solver.run(&p.givens, 2) {
                let stopped = solver.stopped().is_some();
                unique += u64::from(found == 1 && !stopped);
                finished += u64::from(!stopped);
                guesses += solver.guesses();
            }
        }
        self.finished.0 = finished;
        self.guesses = guesses;
        Run {
            elapsed: start.elapsed(),
            solutions: self.solutions(unique),
            nodes: Some(guesses),
            updates: None,
        }
    }

    fn run_peer(&mut self) -> Run {
        let start = Instant::now();
        let (mut unique, mut finished) = (0, 0);
        let budget = self
            .budget
            .map_or(Budget::Unlimited, |b| Budget::Nodes(b.1));
        for p in &self.puzzles {
            let (model, search) = &mut self.general[p.shape];
            if model.start(search, &p.givens).is_err() {
                continue;
            }
            // What `Solver::general(..).check(..)` runs, with a budget.
            search.set_limit(Some(2));
            search.set_budget(budget);
            let first = search.step();
            let second = if first == Status::Solution {
                search.step()
            } else {
                first
            };
            let stopped = second == Status::Stopped(dlx_core::StopReason::Budget);
            unique +=
                u64::from(first == Status::Solution && !stopped && second != Status::Solution);
            finished += u64::from(!stopped);
        }
        self.finished.1 = finished;
        Run {
            elapsed: start.elapsed(),
            solutions: self.solutions(unique),
            nodes: None,
            updates: None,
        }
    }

    fn notes(&self) -> Vec<String> {
        let total = self.puzzles.len();
        let mut notes = vec![format!(
            "{}: the fast path guessed {:.1} times per puzzle",
            self.name,
            self.guesses as f64 / total.max(1) as f64
        )];
        notes.extend(self.budget.map(|(guesses, nodes)| {
            format!(
                "{}: within the budget the fast path finished {} of {total} puzzles \
                 ({guesses} guesses each), the general path {} ({nodes} nodes each); \
                 \"solutions\" counts the puzzles tried",
                self.name, self.finished.0, self.finished.1
            )
        }));
        notes
    }

    fn items(&self) -> Option<u64> {
        Some(self.puzzles.len() as u64)
    }
}

impl ShapeCase {
    /// What a run reports as its solutions: the puzzles found unique, or with a budget (where
    /// the two paths stop at different places) the puzzles tried.
    fn solutions(&self, unique: u64) -> u64 {
        match self.budget {
            Some(_) => self.puzzles.len() as u64,
            None => unique,
        }
    }
}

/// The shapes group over the sets in the puzzle folder `dir`.
pub fn group(dir: &Path, sets: &[Set]) -> Result<Group> {
    let cases = sets
        .iter()
        .map(|&set| ShapeCase::load(dir, set).map(|c| Box::new(c) as Box<dyn Case>))
        .collect::<Result<Vec<_>>>()?;
    Ok(Group {
        title: "Sudoku of other shapes, uniqueness check: the specialised path `sudoku::fastn` \
                (\"ours\") against the general exact-cover path of `Solver::general` (\"peer\")"
            .to_string(),
        timing: "Time to check every puzzle of the set (\"solutions\" = puzzles found unique); \
                 parsing and building the solvers (one per shape: one per puzzle for jigsaw) \
                 are not timed."
            .to_string(),
        alt: None,
        cases,
    })
}
