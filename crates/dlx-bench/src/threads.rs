//! The threads group: batch solving with `dlx solve --threads 2` ("ours") against `--threads 1`
//! ("peer"), so that the ratio is the speed-up of a second thread. Each run is a whole process of
//! the `dlx` binary over a set, as a user runs it, writing its answers to a file; the answers are
//! counted after the timing, and both runs must find as many.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

use crate::case::{Case, Expected, Group, Run};

/// The sets timed, by file name in the puzzle folder (9x9 puzzles, one per line), and whether
/// `--check` is given (else the solutions are printed).
pub const SETS: &[(&str, bool)] = &[("puzzles2_17_clue", true), ("puzzles2_17_clue", false)];

/// The `dlx` binary built beside this one (`cargo build --release` builds both).
pub fn default_dlx() -> Option<PathBuf> {
    let dlx = std::env::current_exe()
        .ok()?
        .with_file_name(format!("dlx{}", std::env::consts::EXE_SUFFIX));
    dlx.is_file().then_some(dlx)
}

/// One set, solved by a process of `dlx solve` per run.
pub struct ThreadsCase {
    name: String,
    dlx: PathBuf,
    set: PathBuf,
    check: bool,
    puzzles: u64,
    /// Where a run's answers go, to be counted after its timing.
    answers: PathBuf,
    /// The wall time of every run so far, on two threads and on one, in order.
    times: (Vec<Duration>, Vec<Duration>),
}

impl ThreadsCase {
    /// The set `file` of the puzzle folder `dir`, solved by the binary `dlx`.
    pub fn new(dlx: &Path, dir: &Path, file: &str, check: bool) -> Result<ThreadsCase> {
        let set = dir.join(file);
        let text =
            fs::read_to_string(&set).with_context(|| format!("reading {}", set.display()))?;
        let puzzles = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .count() as u64;
        let command = if check {
            "dlx solve --check"
        } else {
            "dlx solve"
        };
        let answers = std::env::temp_dir().join(format!(
            "dlx-bench-{}-{}.txt",
            std::process::id(),
            if check { "check" } else { "solve" }
        ));
        Ok(ThreadsCase {
            name: format!("{command}, {file} ({puzzles} puzzles)"),
            dlx: dlx.to_path_buf(),
            set,
            check,
            puzzles,
            answers,
            times: (Vec::new(), Vec::new()),
        })
    }

    /// Runs `dlx solve` on `threads` threads; the solutions are the puzzles it found unique
    /// (`--check`) or the solutions it printed.
    fn solve(&self, threads: usize) -> Result<Run> {
        let out = fs::File::create(&self.answers)
            .with_context(|| format!("creating {}", self.answers.display()))?;
        let mut command = Command::new(&self.dlx);
        command.arg("solve");
        if self.check {
            command.arg("--check");
        }
        command
            .args(["--quiet", "--threads", &threads.to_string()])
            .arg(&self.set)
            .stdout(out)
            .stderr(Stdio::null());
        let start = Instant::now();
        let status = command
            .status()
            .with_context(|| format!("running {}", self.dlx.display()))?;
        let elapsed = start.elapsed();
        if !status.success() {
            bail!("{} solve failed: {status}", self.dlx.display());
        }
        let answers = fs::read_to_string(&self.answers)?;
        let solved = |line: &&str| {
            if self.check {
                *line == "unique"
            } else {
                line.len() == 81 && line.bytes().all(|b| (b'1'..=b'9').contains(&b))
            }
        };
        Ok(Run {
            elapsed,
            solutions: answers.lines().filter(solved).count() as u64,
            nodes: None,
            updates: None,
        })
    }

    /// A run on `threads` threads, recorded; a failed run reports no solutions, which the
    /// comparison of counts then flags.
    fn timed(&mut self, threads: usize) -> Run {
        let run = self.solve(threads).unwrap_or_else(|e| {
            eprintln!("dlx-bench: {e:#}");
            Run {
                elapsed: Duration::ZERO,
                solutions: 0,
                nodes: None,
                updates: None,
            }
        });
        let times = if threads == 2 {
            &mut self.times.0
        } else {
            &mut self.times.1
        };
        times.push(run.elapsed);
        run
    }
}

impl Case for ThreadsCase {
    fn name(&self) -> &str {
        &self.name
    }

    fn run_ours(&mut self) -> Run {
        self.timed(2)
    }

    fn run_peer(&mut self) -> Run {
        self.timed(1)
    }

    fn expected(&self) -> Option<Expected> {
        None
    }

    fn notes(&self) -> Vec<String> {
        // Consecutive runs pair up (the runner alternates which goes first): the median of their
        // ratios is steadier than the ratio of medians when the machine's speed drifts.
        let mut ratios: Vec<f64> = self
            .times
            .0
            .iter()
            .zip(&self.times.1)
            .filter(|(two, _)| !two.is_zero())
            .map(|(two, one)| one.as_secs_f64() / two.as_secs_f64())
            .collect();
        ratios.sort_by(f64::total_cmp);
        let Some(&median) = ratios.get(ratios.len() / 2) else {
            return Vec::new();
        };
        vec![format!(
            "{}: two threads against one, run by run (median of {} pairs): {median:.2}",
            self.name,
            ratios.len()
        )]
    }

    fn items(&self) -> Option<u64> {
        Some(self.puzzles)
    }
}

impl Drop for ThreadsCase {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.answers);
    }
}

/// The threads group over the sets in the puzzle folder `dir`, run by the binary `dlx`.
pub fn group(dlx: &Path, dir: &Path) -> Result<Group> {
    let cases = SETS
        .iter()
        .map(|&(file, check)| {
            ThreadsCase::new(dlx, dir, file, check).map(|c| Box::new(c) as Box<dyn Case>)
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Group {
        title: "Batch solving: `dlx solve --threads 2` (\"ours\") against `--threads 1` \
                (\"peer\"), peer/ours being the speed-up of a second thread"
            .to_string(),
        timing: "Wall time of a whole `dlx solve` process over the set, answers written to a file \
                 (\"solutions\" = puzzles found unique, or solutions printed)."
            .to_string(),
        alt: None,
        cases,
    })
}
