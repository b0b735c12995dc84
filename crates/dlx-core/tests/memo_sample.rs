//! Solutions drawn from a memo's ZDD: every solution drawn, each about equally often, the same
//! draws for the same seed.

use std::collections::HashMap;

use dlx_core::memo::{Memo, Sampler};
use dlx_core::rng::Rng;
use dlx_core::{knuth, Search, Status};

/// The domino tilings of a 3x4 board (11 of them, found by dancing links below), with one
/// secondary item colored by two options, so that colors take part.
fn board() -> dlx_core::Problem {
    let mut text = String::from("a0 a1 a2 a3 b0 b1 b2 b3 c0 c1 c2 c3 | x\n");
    for row in ["a", "b", "c"] {
        for col in 0..3 {
            text += &format!("{row}{col} {row}{}\n", col + 1);
        }
    }
    for (top, bottom) in [("a", "b"), ("b", "c")] {
        for col in 0..4 {
            text += &format!("{top}{col} {bottom}{col}");
            text += if col == 0 { " x:red\n" } else { "\n" };
        }
    }
    text += "a3 b3 x:red\n";
    knuth::parse(&text).unwrap().problem
}

#[test]
fn every_solution_is_drawn_about_equally_often() {
    let problem = board();
    let mut search = Search::new(&problem);
    let mut solutions = Vec::new();
    while search.step() == Status::Solution {
        let mut options = search.solution();
        options.sort_unstable();
        solutions.push(options);
    }
    let n = solutions.len();
    assert!(n >= 10, "{n}");
    let (zdd, counted) = Memo::new(&problem).zdd().unwrap();
    assert_eq!(counted.count.to_u64(), Some(n as u64));
    let sampler = Sampler::new(&zdd, u64::MAX).unwrap();
    let draws = 400 * n;
    let mut seen: HashMap<Vec<usize>, usize> = HashMap::new();
    let mut rng = Rng::new(11, 0);
    for _ in 0..draws {
        let mut options = sampler.sample(&mut rng).unwrap();
        options.sort_unstable();
        assert!(solutions.contains(&options), "not a solution: {options:?}");
        *seen.entry(options).or_default() += 1;
    }
    assert_eq!(seen.len(), n, "every solution drawn");
    // 400 expected each: a standard deviation of about 19.
    for (options, &times) in &seen {
        assert!(
            (300..=500).contains(&times),
            "{options:?} drawn {times} times"
        );
    }
    // Pearson's statistic, with n - 1 degrees of freedom: far below 60 unless the draws are
    // biased (its mean is n - 1, about 10).
    let expected = draws as f64 / n as f64;
    let chi2: f64 = seen
        .values()
        .map(|&k| (k as f64 - expected).powi(2) / expected)
        .sum();
    assert!(chi2 < 60.0, "chi-square {chi2}");
}

#[test]
fn the_same_seed_draws_the_same_solutions() {
    let problem = board();
    let (zdd, _) = Memo::new(&problem).zdd().unwrap();
    let sampler = Sampler::new(&zdd, u64::MAX).unwrap();
    let draw = |seed| {
        let mut rng = Rng::new(seed, 0);
        (0..20)
            .map(|_| sampler.sample(&mut rng).unwrap())
            .collect::<Vec<_>>()
    };
    assert_eq!(draw(3), draw(3));
    assert_ne!(draw(3), draw(4));
    // A sampler bounded below its counts' size is refused.
    assert!(Sampler::new(&zdd, 16).is_err());
}

#[test]
fn no_solution_draws_nothing() {
    let problem = knuth::parse("a b\na\n").unwrap().problem;
    let (zdd, counted) = Memo::new(&problem).zdd().unwrap();
    assert!(counted.count.is_zero() && zdd.is_empty());
    let sampler = Sampler::new(&zdd, u64::MAX).unwrap();
    assert_eq!(sampler.sample(&mut Rng::new(1, 0)), None);
}
