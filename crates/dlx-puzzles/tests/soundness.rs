//! The long soundness check over the public 9x9 sets (not in the usual run: it takes hours on
//! the whole sets): every step of the rating's and the explanation's solution is checked
//! against the solution from the exact-cover solvers, and the steps must reach it.
//!
//! ```text
//! cargo test --release -p dlx-puzzles --test soundness -- --ignored --nocapture
//! ```
//!
//! Settings, from the environment: `DLX_SOUNDNESS_DIR` the folder of the sets (default: the
//! shared data beside the repository), `DLX_SOUNDNESS_SETS` a comma-separated list of files
//! in it, `DLX_SOUNDNESS_STRIDE` every how many puzzles one is checked (1), `DLX_SOUNDNESS_LIMIT`
//! the most puzzles checked from each set, `DLX_SOUNDNESS_THREADS` (1).

mod common;

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use dlx_puzzles::sudoku::logic;
use dlx_puzzles::sudoku::Shape;

/// The public 9x9 sets, easiest first.
const SETS: &[&str] = &[
    "norvig/top95.txt",
    "norvig/hardest.txt",
    "nxn/sudoku9_gecode.txt",
    "puzzles3_magictour_top1465",
    "puzzles6_forum_hardest_1106",
    "emerentius/top50k.txt",
    "puzzles2_17_clue",
    "puzzles5_forum_hardest_1905_11+",
];

fn setting(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
}

fn number(name: &str, default: usize) -> usize {
    setting(name).map_or(default, |v| {
        v.parse()
            .unwrap_or_else(|_| panic!("{name} must be a number, not `{v}`"))
    })
}

/// The 9x9 puzzles of a set: lines of 81 cells (`.`, `0` or `_` for empty), comments and
/// shorter lines skipped.
fn puzzles(path: &PathBuf) -> Vec<Vec<u16>> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.get(..81))
        .map(|cells| common::cells(cells, 9))
        .collect()
}

/// What a set's run found.
#[derive(Default)]
struct Tally {
    checked: usize,
    steps: usize,
    unsolved: usize,
    failures: Vec<String>,
}

#[test]
#[ignore = "hours on the whole public sets; run by hand"]
fn every_step_on_the_public_sets_is_sound() {
    let dir = setting("DLX_SOUNDNESS_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/puzzles"),
        PathBuf::from,
    );
    let sets: Vec<String> = setting("DLX_SOUNDNESS_SETS").map_or_else(
        || SETS.iter().map(|s| s.to_string()).collect(),
        |v| v.split(',').map(str::to_string).collect(),
    );
    let stride = number("DLX_SOUNDNESS_STRIDE", 1).max(1);
    let limit = number("DLX_SOUNDNESS_LIMIT", usize::MAX);
    let threads = number("DLX_SOUNDNESS_THREADS", 1).max(1);
    let shape = Shape::standard(9).unwrap();
    let mut failed = 0;
    for set in &sets {
        let all = puzzles(&dir.join(set));
        let chosen: Vec<(usize, &Vec<u16>)> =
            all.iter().enumerate().step_by(stride).take(limit).collect();
        let next = AtomicUsize::new(0);
        let tally = Mutex::new(Tally::default());
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(line, givens)) = chosen.get(k) else {
                        break;
                    };
                    let mut outcome = Vec::new();
                    for (units, what) in [(logic::RATE, "rate"), (logic::EXPLAIN, "explain")] {
                        outcome.push((what, common::steps::checked_steps(&shape, givens, units)));
                    }
                    let mut tally = tally.lock().unwrap();
                    tally.checked += 1;
                    for (what, result) in outcome {
                        match result {
                            Ok(run) => {
                                tally.steps += run.steps;
                                tally.unsolved += usize::from(!run.solved);
                            }
                            Err(e) => tally
                                .failures
                                .push(format!("{set} line {} ({what}): {e}", line + 1)),
                        }
                    }
                    if tally.checked % 500 == 0 {
                        eprintln!(
                            "{set}: {} of {} checked, {} failures",
                            tally.checked,
                            chosen.len(),
                            tally.failures.len()
                        );
                    }
                });
            }
        });
        let tally = tally.into_inner().unwrap();
        eprintln!(
            "{set}: {} puzzles checked ({} steps, rating and explanation), {} runs short of the \
             solution, {} unsound",
            tally.checked,
            tally.steps,
            tally.unsolved,
            tally.failures.len()
        );
        for failure in &tally.failures {
            eprintln!("  {failure}");
        }
        failed += tally.failures.len();
    }
    assert_eq!(failed, 0, "unsound steps found");
}
