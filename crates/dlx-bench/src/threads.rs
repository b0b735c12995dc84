//! The threads group: whole `dlx` processes on `--threads 2` ("ours") against `--threads 1`
//! ("peer"), so that the ratio is the speed-up of a second thread: batch solving with `dlx solve`
//! over a set of puzzles, and one count split among the threads with `dlx cover --count` (dancing
//! cells, the engine a count takes). Each run is a process as a user runs it, writing its answers
//! to a file; the answers are counted after the timing, and both runs must find as many.
//!
//! The alternative column is the machine's own ceiling: two `--threads 1` processes started
//! together, each over the whole set, timed until both end, per set. Nothing is shared between
//! them but the machine, so peer/alternative is what two cores give this work here and now (less
//! than 2 when two busy cores run slower than one, as on a shared virtual machine), and ours
//! against it is what the threads lose on their own.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

use crate::case::{Case, Group, Run};

/// The sets timed, by file name in the puzzle folder (9x9 puzzles, one per line), and whether
/// `--check` is given (else the solutions are printed).
pub const SETS: &[(&str, bool)] = &[("puzzles2_17_clue", true), ("puzzles2_17_clue", false)];

/// The exact-cover instances counted, by name in the instance folder.
pub const COUNTS: &[&str] = &["pento6x10", "langford12"];

/// What a process of a case does.
enum Work {
    /// `dlx solve` over a set of `puzzles` puzzles, with `--check` or printing the solutions.
    Solve { check: bool, puzzles: u64 },
    /// `dlx cover --count --engine cells` of one problem.
    Count,
}

/// The `dlx` binary built beside this one (`cargo build --release` builds both).
pub fn default_dlx() -> Option<PathBuf> {
    let dlx = std::env::current_exe()
        .ok()?
        .with_file_name(format!("dlx{}", std::env::consts::EXE_SUFFIX));
    dlx.is_file().then_some(dlx)
}

/// One set solved, or one problem counted, by a process of `dlx` per run.
pub struct ThreadsCase {
    name: String,
    dlx: PathBuf,
    /// The puzzles or the problem.
    input: PathBuf,
    work: Work,
    /// Where a run's answers go (the second of two processes run together: the second path),
    /// to be counted after its timing.
    answers: [PathBuf; 2],
    /// The wall time of every run so far, in order.
    times: Times,
}

/// The wall times of a case's runs, in order.
#[derive(Default)]
struct Times {
    two_threads: Vec<Duration>,
    one_thread: Vec<Duration>,
    /// Two one-thread processes run together, per set (half their wall time).
    two_processes: Vec<Duration>,
}

impl ThreadsCase {
    /// The set `file` of the puzzle folder `dir`, solved by the binary `dlx`.
    pub fn solving(dlx: &Path, dir: &Path, file: &str, check: bool) -> Result<ThreadsCase> {
        let set = dir.join(file);
        let puzzles = crate::sudoku::puzzle_lines(&set, None)?.len() as u64;
        let command = if check {
            "dlx solve --check"
        } else {
            "dlx solve"
        };
        Ok(ThreadsCase {
            name: format!("{command}, {file} ({puzzles} puzzles)"),
            dlx: dlx.to_path_buf(),
            input: set,
            work: Work::Solve { check, puzzles },
            answers: answer_files(if check { "check" } else { "solve" }),
            times: Times::default(),
        })
    }

    /// The instance `name` of the folder `dir`, counted by the binary `dlx`.
    pub fn counting(dlx: &Path, dir: &Path, name: &str) -> Result<ThreadsCase> {
        let input = dir.join(format!("{name}.dlx"));
        if !input.is_file() {
            bail!("no instance {}", input.display());
        }
        Ok(ThreadsCase {
            name: format!("dlx cover --count --engine cells, {name}"),
            dlx: dlx.to_path_buf(),
            input,
            work: Work::Count,
            answers: answer_files(name),
            times: Times::default(),
        })
    }

    /// The command that solves the set on `threads` threads, writing its answers to the file
    /// `answers`.
    fn command(&self, threads: usize, answers: &Path) -> Result<Command> {
        let out =
            fs::File::create(answers).with_context(|| format!("creating {}", answers.display()))?;
        let mut command = Command::new(&self.dlx);
        match self.work {
            Work::Solve { check, .. } => {
                command.arg("solve");
                if check {
                    command.arg("--check");
                }
                command.arg("--quiet");
            }
            Work::Count => {
                command.args(["cover", "--count", "--engine", "cells"]);
            }
        }
        command
            .args(["--threads", &threads.to_string()])
            .arg(&self.input)
            .stdout(out)
            .stderr(Stdio::null());
        Ok(command)
    }

    /// Waits for a started `dlx` to end successfully.
    fn wait(&self, mut child: Child) -> Result<()> {
        let status = child
            .wait()
            .with_context(|| format!("waiting for {}", self.dlx.display()))?;
        if !status.success() {
            bail!("{} failed: {status}", self.name);
        }
        Ok(())
    }

    /// The solutions in the answers file `answers`: the puzzles found unique (`--check`), the
    /// solutions printed, or the count.
    fn solutions(&self, answers: &Path) -> Result<u64> {
        let text = fs::read_to_string(answers)?;
        let check = match self.work {
            Work::Solve { check, .. } => check,
            Work::Count => {
                return text
                    .trim()
                    .parse()
                    .with_context(|| format!("{}: not a count: {text:?}", self.name));
            }
        };
        let solved = |line: &&str| {
            if check {
                *line == "unique"
            } else {
                line.len() == 81 && line.bytes().all(|b| (b'1'..=b'9').contains(&b))
            }
        };
        Ok(text.lines().filter(solved).count() as u64)
    }

    /// Runs `processes` processes of `dlx` on `threads` threads each, all started together
    /// and timed until the last ends; their wall time per process, and the solutions of one
    /// (all must find as many).
    fn solve(&self, processes: usize, threads: usize) -> Result<Run> {
        let answers = &self.answers[..processes];
        let mut commands = answers
            .iter()
            .map(|path| self.command(threads, path))
            .collect::<Result<Vec<_>>>()?;
        let start = Instant::now();
        let children: Vec<io::Result<Child>> = commands.iter_mut().map(Command::spawn).collect();
        // Every process started is waited for, even when another failed.
        let ended: Vec<Result<()>> = children
            .into_iter()
            .map(|child| {
                let child = child.with_context(|| format!("running {}", self.dlx.display()))?;
                self.wait(child)
            })
            .collect();
        let elapsed = start.elapsed() / processes as u32;
        ended.into_iter().collect::<Result<()>>()?;
        let counts = answers
            .iter()
            .map(|path| self.solutions(path))
            .collect::<Result<Vec<_>>>()?;
        if counts.iter().any(|&count| count != counts[0]) {
            bail!("processes run together found different solutions: {counts:?}");
        }
        Ok(Run {
            elapsed,
            solutions: counts[0],
            nodes: None,
            updates: None,
        })
    }

    /// A run of `processes` processes on `threads` threads each, recorded; a failed run reports
    /// no solutions, which the comparison of counts then flags.
    fn timed(&mut self, processes: usize, threads: usize) -> Run {
        let run = self.solve(processes, threads).unwrap_or_else(|e| {
            eprintln!("dlx-bench: {e:#}");
            Run::failed()
        });
        let times = match (processes, threads) {
            (1, 2) => &mut self.times.two_threads,
            (1, _) => &mut self.times.one_thread,
            _ => &mut self.times.two_processes,
        };
        times.push(run.elapsed);
        run
    }
}

/// The median of `times[k] / against[k]` over the runs where both are known (consecutive runs
/// pair up: the median of their ratios is steadier than the ratio of medians when the machine's
/// speed drifts), and how many pairs there are.
fn median_ratio(times: &[Duration], against: &[Duration]) -> Option<(f64, usize)> {
    let mut ratios: Vec<f64> = times
        .iter()
        .zip(against)
        .filter(|(time, other)| !time.is_zero() && !other.is_zero())
        .map(|(time, other)| time.as_secs_f64() / other.as_secs_f64())
        .collect();
    ratios.sort_by(f64::total_cmp);
    ratios
        .get(ratios.len() / 2)
        .map(|&median| (median, ratios.len()))
}

impl Case for ThreadsCase {
    fn name(&self) -> &str {
        &self.name
    }

    fn run_ours(&mut self) -> Run {
        self.timed(1, 2)
    }

    fn run_peer(&mut self) -> Run {
        self.timed(1, 1)
    }

    fn run_alt(&mut self) -> Option<Run> {
        Some(self.timed(2, 1))
    }

    fn notes(&self) -> Vec<String> {
        let times = &self.times;
        let mut notes = Vec::new();
        if let Some((median, pairs)) = median_ratio(&times.one_thread, &times.two_threads) {
            notes.push(format!(
                "{}: two threads against one, run by run (median of {pairs} pairs): {median:.2}",
                self.name
            ));
        }
        if let Some((median, pairs)) = median_ratio(&times.one_thread, &times.two_processes) {
            notes.push(format!(
                "{}: two one-thread processes together against one alone, run by run (median \
                 of {pairs} pairs): {median:.2}",
                self.name
            ));
        }
        if let Some((median, pairs)) = median_ratio(&times.two_processes, &times.two_threads) {
            notes.push(format!(
                "{}: two threads against two one-thread processes together, run by run (median \
                 of {pairs} pairs): {median:.2}",
                self.name
            ));
        }
        notes
    }

    fn items(&self) -> Option<u64> {
        match self.work {
            Work::Solve { puzzles, .. } => Some(puzzles),
            Work::Count => None,
        }
    }
}

impl Drop for ThreadsCase {
    fn drop(&mut self) {
        for path in &self.answers {
            let _ = fs::remove_file(path);
        }
    }
}

/// The files where the processes of a case write their answers.
fn answer_files(tag: &str) -> [PathBuf; 2] {
    [1, 2].map(|k| {
        std::env::temp_dir().join(format!("dlx-bench-{}-{tag}-{k}.txt", std::process::id()))
    })
}

/// The threads group over the sets in the puzzle folder `puzzles` and the instances of the
/// folder `instances`, run by the binary `dlx`.
pub fn group(dlx: &Path, puzzles: &Path, instances: &Path) -> Result<Group> {
    let mut cases = SETS
        .iter()
        .map(|&(file, check)| {
            ThreadsCase::solving(dlx, puzzles, file, check).map(|c| Box::new(c) as Box<dyn Case>)
        })
        .collect::<Result<Vec<_>>>()?;
    for name in COUNTS {
        cases.push(Box::new(ThreadsCase::counting(dlx, instances, name)?));
    }
    Ok(Group {
        title: "Threads: whole `dlx` processes on `--threads 2` (\"ours\") against `--threads 1` \
                (\"peer\"), peer/ours being the speed-up of a second thread"
            .to_string(),
        timing: "Wall time of a whole process: `dlx solve` over the set, answers written to a \
                 file (\"solutions\" = puzzles found unique, or solutions printed), or `dlx \
                 cover --count --engine cells` of one problem; \"2 processes\": two `--threads 1` \
                 processes started together, half their wall time (peer/2 processes is what two \
                 cores give to work that shares nothing: the ceiling for two threads on this \
                 machine)."
            .to_string(),
        alt: Some("2 processes".to_string()),
        cases,
    })
}
