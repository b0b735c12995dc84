//! The generate group: minimal 9x9 puzzles made on one thread, `sudoku::generate` against the
//! crates.io `sudoku` crate's `generate_with_symmetry(Symmetry::None)` in this process, and,
//! when a QQwing binary is given, whole `dlx generate --minimal` processes against `qqwing
//! --generate` processes. Every peer makes the same kind of puzzle: a random full grid, then
//! givens taken out one at a time in random order while the puzzle stays unique (minimal).

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use dlx_puzzles::sudoku::generate::{Generator, Workspace};
use dlx_puzzles::sudoku::Shape;

use crate::case::{Case, Group, Run};
use crate::process;
use crate::sudoku::PEER_VERSION;

/// Puzzles per in-process run.
const IN_PROCESS: u64 = 100;

/// Puzzles per process run (QQwing makes about a hundred a second).
const PER_PROCESS: u64 = 200;

/// Minimal puzzles in this process: ours against the `sudoku` crate.
struct InProcess {
    generator: Generator,
    work: Workspace,
    /// The seed of the next run, so that runs make different puzzles, as the peer's do.
    seed: u64,
}

impl Case for InProcess {
    fn name(&self) -> &str {
        "minimal 9x9, one thread (crates.io sudoku)"
    }

    fn run_ours(&mut self) -> Run {
        self.seed += 1;
        Run::timed(|| {
            (0..IN_PROCESS)
                .filter(|&k| {
                    self.generator
                        .generate(self.seed, k, &mut self.work)
                        .is_ok()
                })
                .count() as u64
        })
    }

    fn run_peer(&mut self) -> Run {
        Run::timed(|| {
            (0..IN_PROCESS)
                .map(|_| sudoku::Sudoku::generate_with_symmetry(sudoku::Symmetry::None))
                .filter(|s| s.iter().any(|cell| cell.is_some()))
                .count() as u64
        })
    }

    fn items(&self) -> Option<u64> {
        Some(IN_PROCESS)
    }
}

/// Minimal puzzles by whole processes: `dlx generate` against QQwing.
struct Processes {
    dlx: PathBuf,
    qqwing: PathBuf,
    seed: u64,
}

/// Runs `program` with `args` as a whole process and counts the puzzle lines it prints, in wall
/// time; a program that fails is reported on stderr and counts no puzzles, which the comparison
/// of counts then flags.
fn lines_of(program: &Path, args: &[String]) -> Run {
    let done = process::run(program, args, None).and_then(process::Finished::succeeded);
    match done {
        // Counting the lines takes microseconds against the process's milliseconds.
        Ok(done) => Run {
            elapsed: done.wall,
            solutions: done
                .stdout()
                .lines()
                .filter(|line| line.trim().len() >= 81)
                .count() as u64,
            nodes: None,
            updates: None,
        },
        Err(e) => {
            eprintln!("dlx-bench: {e:#}");
            Run::failed()
        }
    }
}

impl Case for Processes {
    fn name(&self) -> &str {
        "minimal 9x9, one thread, whole processes (QQwing)"
    }

    fn run_ours(&mut self) -> Run {
        self.seed += 1;
        let args = [
            "generate",
            "--minimal",
            "--threads",
            "1",
            "--quiet",
            "--count",
        ]
        .map(String::from)
        .into_iter()
        .chain([
            PER_PROCESS.to_string(),
            "--seed".into(),
            self.seed.to_string(),
        ])
        .collect::<Vec<_>>();
        lines_of(&self.dlx, &args)
    }

    fn run_peer(&mut self) -> Run {
        let args = [
            "--generate".into(),
            PER_PROCESS.to_string(),
            "--one-line".into(),
        ];
        lines_of(&self.qqwing, &args)
    }

    fn notes(&self) -> Vec<String> {
        vec![format!(
            "QQwing: `{} --generate {PER_PROCESS} --one-line` (no symmetry, any difficulty); \
             ours: `dlx generate --minimal --threads 1 --count {PER_PROCESS}`",
            self.qqwing.display()
        )]
    }

    fn items(&self) -> Option<u64> {
        Some(PER_PROCESS)
    }
}

/// The generate group; the QQwing case only when `qqwing` names its binary (and `dlx` is built).
pub fn group(dlx: Option<&Path>, qqwing: Option<&Path>) -> Result<Group> {
    let generator = Generator::new(Shape::standard(9).expect("9x9 has boxes")).minimal(true);
    let mut cases: Vec<Box<dyn Case>> = vec![Box::new(InProcess {
        work: Workspace::new(&generator),
        generator,
        seed: 0,
    })];
    if let Some(qqwing) = qqwing {
        let Some(dlx) = dlx else {
            bail!("the QQwing case runs the dlx binary: build it (cargo build --release) or give --dlx PATH");
        };
        if !qqwing.is_file() {
            bail!("no QQwing binary at {}", qqwing.display());
        }
        let dlx = dlx
            .canonicalize()
            .with_context(|| format!("no dlx binary at {}", dlx.display()))?;
        cases.push(Box::new(Processes {
            dlx,
            qqwing: qqwing.to_path_buf(),
            seed: 0,
        }));
    }
    Ok(Group {
        title: format!(
            "Minimal 9x9 puzzles on one thread: `sudoku::generate` against crates.io `sudoku` \
             {PEER_VERSION} and QQwing"
        ),
        timing: "Time to make the puzzles (\"solutions\" = puzzles made); peer/ours above 1 is \
                 faster than the peer."
            .to_string(),
        alt: None,
        cases,
    })
}
