//! Checks the jigsaw puzzles of a set (`GIVENS REGIONS ...` lines, a solver per puzzle as the
//! shapes group builds them) with `sudoku::fastn`, PASSES times over, and prints the fastest and
//! the median time per puzzle: `jigsaw_count FILE PASSES`. For instruction counts, run it under
//! `valgrind --tool=callgrind --toggle-collect='*run_fast*'`. With `START=1` in the environment
//! it only starts each puzzle (a limit of 0 solutions), to see what that costs alone; with
//! `GENERAL=1` it runs the general dancing-links path instead (`run_general`), as the shapes
//! group does.

use std::hint::black_box;
use std::time::Instant;

use dlx_core::{Search, Status};
use dlx_puzzles::sudoku::fastn::SolverN;
use dlx_puzzles::sudoku::{FastPath, Model, Shape};

#[inline(never)]
fn run_fast(solvers: &mut [SolverN], puzzles: &[Vec<u16>], limit: u64) -> u64 {
    let mut unique = 0;
    for (solver, givens) in solvers.iter_mut().zip(puzzles) {
        unique += u64::from(solver.run(givens, limit) == Some(1));
    }
    unique
}

#[inline(never)]
fn run_general(general: &mut [(Model, Search)], puzzles: &[Vec<u16>]) -> u64 {
    let mut unique = 0;
    for ((model, search), givens) in general.iter_mut().zip(puzzles) {
        if model.start(search, givens).is_ok() {
            search.set_limit(Some(2));
            let first = search.step();
            unique += u64::from(first == Status::Solution && search.step() != Status::Solution);
        }
    }
    unique
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("readable set");
    let passes: usize = args[2].parse().expect("a count");
    let (mut solvers, mut general, mut puzzles) = (Vec::new(), Vec::new(), Vec::new());
    let lines = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    for line in lines {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let givens: Vec<u16> = fields[0]
            .bytes()
            .map(|b| match b {
                b'1'..=b'9' => u16::from(b - b'0'),
                _ => 0,
            })
            .collect();
        let layout: Vec<u16> = fields[1].bytes().map(u16::from).collect();
        let shape = Shape::jigsaw(9, &layout).expect("a 9x9 jigsaw layout");
        solvers.push(SolverN::new(&shape).expect("side 9"));
        let model = Model::new(shape);
        let search = Search::new(model.problem());
        general.push((model, search));
        puzzles.push(givens);
    }
    let limit = if std::env::var_os("START").is_some() {
        0
    } else {
        2
    };
    let general_path = std::env::var_os("GENERAL").is_some();
    // The fastest pass is the least disturbed by other load on a shared machine.
    let mut unique = 0;
    let mut times = Vec::with_capacity(passes);
    for _ in 0..passes.max(1) {
        let start = Instant::now();
        unique += if general_path {
            black_box(run_general(&mut general, black_box(&puzzles)))
        } else {
            black_box(run_fast(&mut solvers, black_box(&puzzles), limit))
        };
        times.push(start.elapsed().as_secs_f64() / puzzles.len() as f64 * 1e6);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{unique} unique; per puzzle: fastest pass {:.2} us, median {:.2} us",
        times[0],
        times[times.len() / 2]
    );
}
