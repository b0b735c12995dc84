//! Checks the first puzzles of a set with one solver, for instruction counts under callgrind:
//! `sudoku_count FILE N ours|peer` (collect only `run_*` with `--toggle-collect`), or times both
//! solvers, interleaved: `sudoku_count FILE N time [PASSES]`.

use std::hint::black_box;

use dlx_puzzles::sudoku::{Shape, Solver, Verdict};

#[inline(never)]
fn run_ours(puzzles: &[Vec<u16>]) -> u64 {
    let mut solver = Solver::new(Shape::standard(9).expect("9x9 has boxes"));
    let mut unique = 0;
    for cells in puzzles {
        if let Ok(verdict) = solver.verdict(cells) {
            unique += u64::from(verdict == Verdict::Unique);
        }
    }
    unique
}

#[inline(never)]
fn run_peer(puzzles: &[sudoku::Sudoku]) -> u64 {
    puzzles
        .iter()
        .filter(|s| s.solutions_count_up_to(2) == 1)
        .count() as u64
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("readable set");
    let n: usize = args[2].parse().expect("a count");
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(n)
        .collect();
    let ours: Vec<Vec<u16>> = lines
        .iter()
        .map(|l| {
            l.bytes()
                .take(81)
                .map(|b| match b {
                    b'1'..=b'9' => u16::from(b - b'0'),
                    _ => 0,
                })
                .collect()
        })
        .collect();
    let peer: Vec<sudoku::Sudoku> = lines
        .iter()
        .map(|l| sudoku::Sudoku::from_str_line(&l[..81]).expect("a puzzle"))
        .collect();
    if args[3] == "time" {
        // Alternate the two, many passes; the minimum is the least disturbed by other load.
        let (mut best_ours, mut best_peer) = (f64::MAX, f64::MAX);
        for _ in 0..args.get(4).map_or(30, |s| s.parse().unwrap()) {
            let t = std::time::Instant::now();
            black_box(run_ours(black_box(&ours)));
            best_ours = best_ours.min(t.elapsed().as_secs_f64());
            let t = std::time::Instant::now();
            black_box(run_peer(black_box(&peer)));
            best_peer = best_peer.min(t.elapsed().as_secs_f64());
        }
        println!(
            "ours {:.3} ms  peer {:.3} ms  peer/ours {:.3}",
            best_ours * 1e3,
            best_peer * 1e3,
            best_peer / best_ours
        );
        return;
    }
    let unique = if args[3] == "ours" {
        run_ours(black_box(&ours))
    } else {
        run_peer(black_box(&peer))
    };
    println!("{unique} unique of {}", lines.len());
}
