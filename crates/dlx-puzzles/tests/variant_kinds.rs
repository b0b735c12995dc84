//! Every constraint kind against brute force: random 4x4 puzzles with one to three random
//! constraints of random kinds (and a few givens) are counted by the solver and by trying all
//! 288 grids against the checker; every solution the solver returns passes the checker. On 6x6
//! (grids with a given top band) the same for puzzles of two to four constraints. Each puzzle is
//! counted again by dancing links, dancing cells and the SAT engine on its exact-cover model.

mod common;

use common::variants::all_grids;
use dlx_core::Stop;
use dlx_puzzles::sudoku::variant::cover::CoverEngine;
use dlx_puzzles::sudoku::variant::{
    little_killer_cells, Constraint, Diagonal, Indexing, Line, Variant,
};
use dlx_puzzles::sudoku::Shape;

/// A small xorshift generator: the tests are seeded and repeatable.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn range(&mut self, low: usize, high: usize) -> usize {
        low + self.below(high - low + 1)
    }
}

/// A random walk of `len` distinct orthogonally adjacent cells (shorter if it is boxed in).
fn path(rng: &mut Rng, n: usize, len: usize) -> Vec<usize> {
    let mut cells = vec![rng.below(n * n)];
    while cells.len() < len {
        let last = *cells.last().unwrap();
        let (r, c) = (last / n, last % n);
        let mut next: Vec<usize> = Vec::new();
        if r > 0 {
            next.push(last - n);
        }
        if r + 1 < n {
            next.push(last + n);
        }
        if c > 0 {
            next.push(last - 1);
        }
        if c + 1 < n {
            next.push(last + 1);
        }
        next.retain(|x| !cells.contains(x));
        if next.is_empty() {
            break;
        }
        cells.push(next[rng.below(next.len())]);
    }
    cells
}

fn line(rng: &mut Rng, n: usize) -> Line {
    if rng.below(2) == 0 {
        Line::Row(rng.below(n))
    } else {
        Line::Column(rng.below(n))
    }
}

fn clue(rng: &mut Rng, high: usize) -> Option<u32> {
    (rng.below(3) > 0).then(|| rng.range(0, high) as u32)
}

/// A random constraint of a random kind on a grid of side `n`.
fn constraint(rng: &mut Rng, n: usize) -> Constraint {
    let p = |rng: &mut Rng, low: usize, high: usize| {
        let len = rng.range(low, high);
        path(rng, n, len)
    };
    let sum_of = |rng: &mut Rng, len: usize| rng.range(len, len * n) as u32;
    match rng.below(45) {
        0 => {
            let cells = p(rng, 2, 4);
            let sum = (rng.below(4) > 0).then(|| sum_of(rng, cells.len()));
            Constraint::Cage { cells, sum }
        }
        1 => {
            let cells = p(rng, 2, 4);
            let coefficients = (rng.below(2) == 0)
                .then(|| cells.iter().map(|_| [-2, -1, 1, 2][rng.below(4)]).collect());
            Constraint::Sum {
                sum: rng.range(0, 3 * n) as i32 - n as i32,
                cells,
                coefficients,
            }
        }
        2 => Constraint::RellikCage {
            cells: p(rng, 2, 3),
            sum: rng.range(2, 2 * n) as u32,
        },
        3 => Constraint::EqualityCage {
            cells: p(rng, 2, 4),
        },
        4 => Constraint::Thermo {
            cells: p(rng, 2, 4),
        },
        5 => {
            let cells = p(rng, 2, 4);
            Constraint::Arrow {
                circle: cells[0],
                shaft: cells[1..].to_vec(),
            }
        }
        6 => {
            let cells = p(rng, 3, 4);
            Constraint::PillArrow {
                pill: cells[..2].to_vec(),
                shaft: cells[2..].to_vec(),
            }
        }
        7 => Constraint::DoubleArrow {
            cells: p(rng, 3, 5),
        },
        8 => {
            let start = rng.below(n * n);
            match little_killer_cells(n, start) {
                Some(cells) => Constraint::LittleKiller {
                    sum: sum_of(rng, cells.len()),
                    cells,
                },
                None => Constraint::AntiKing,
            }
        }
        9 => Constraint::Sandwich {
            line: line(rng, n),
            sum: rng.range(0, n * n / 2) as u32,
        },
        10 => Constraint::XSum {
            line: line(rng, n),
            front: clue(rng, n * n / 2),
            back: clue(rng, n * n / 2),
        },
        11 => Constraint::Skyscraper {
            line: line(rng, n),
            front: clue(rng, n),
            back: clue(rng, n),
        },
        12 => Constraint::NumberedRoom {
            line: line(rng, n),
            front: clue(rng, n),
            back: clue(rng, n),
        },
        13 => Constraint::WhiteDot {
            cells: p(rng, 2, 3),
        },
        14 => Constraint::BlackDot {
            cells: p(rng, 2, 2),
        },
        15 => Constraint::X {
            cells: p(rng, 2, 2),
        },
        16 => Constraint::V {
            cells: p(rng, 2, 2),
        },
        17 => Constraint::GreaterThan {
            cells: p(rng, 2, 3),
        },
        18 => Constraint::StrictKropki,
        19 => Constraint::StrictXV,
        20 => Constraint::Whisper {
            difference: rng.range(1, n / 2 + 1) as u32,
            cells: p(rng, 2, 4),
        },
        21 => Constraint::Renban {
            cells: p(rng, 2, n),
        },
        22 => Constraint::Palindrome {
            cells: p(rng, 2, 5),
        },
        23 => Constraint::Between {
            cells: p(rng, 3, 4),
        },
        24 => Constraint::Lockout {
            min_diff: rng.range(1, n / 2) as u32,
            cells: p(rng, 2, 4),
        },
        25 => Constraint::Zipper {
            cells: p(rng, 3, 5),
        },
        26 => {
            let cells = p(rng, 2, 6);
            Constraint::SumLine {
                sum: rng.range(2, 2 * n) as u32,
                cells,
                is_loop: rng.below(4) == 0,
            }
        }
        27 => Constraint::RegionSumLine {
            cells: p(rng, 3, 6),
        },
        28 => Constraint::Modular {
            modulus: rng.range(2, 3) as u32,
            cells: p(rng, 2, 5),
        },
        29 => Constraint::Entropic {
            cells: p(rng, 2, 4),
        },
        30 => Constraint::AntiKnight,
        31 => Constraint::AntiConsecutive,
        32 => Constraint::AntiTaxicab,
        33 => Constraint::Diagonal(if rng.below(2) == 0 {
            Diagonal::Main
        } else {
            Diagonal::Anti
        }),
        34 => Constraint::DisjointSets,
        35 => {
            let cells = p(rng, 4, 4);
            if cells.len() == 4 {
                Constraint::SameValues { sets: 2, cells }
            } else {
                Constraint::AntiKing
            }
        }
        36 => {
            let (r, c) = (rng.below(n - 1), rng.below(n - 1));
            let values = (0..rng.range(1, 3))
                .map(|_| rng.range(1, n) as u8)
                .collect();
            Constraint::Quad {
                top_left: r * n + c,
                values,
            }
        }
        37 => Constraint::Lunchbox {
            sum: rng.range(0, n * n / 2) as u32,
            cells: p(rng, 2, n),
        },
        38 => {
            let by = if rng.below(2) == 0 {
                Indexing::Column
            } else {
                Indexing::Row
            };
            Constraint::Indexing {
                by,
                cells: p(rng, 1, 2),
            }
        }
        39 => Constraint::ValueIndexing {
            cells: p(rng, 3, 4),
        },
        40 => {
            let cells = (0..rng.range(2, 6))
                .map(|_| rng.below(n * n))
                .collect::<std::collections::BTreeSet<_>>();
            Constraint::CountingCircles {
                cells: cells.into_iter().collect(),
            }
        }
        41 => Constraint::GlobalMod,
        42 => Constraint::GlobalEntropy,
        43 => {
            let mut values: Vec<u8> = (1..=n as u8).filter(|_| rng.below(2) == 0).collect();
            if values.len() < 2 {
                values = vec![1, n as u8];
            }
            Constraint::Allowed {
                cell: rng.below(n * n),
                values,
            }
        }
        _ => Constraint::Windoku,
    }
}

/// Counts `puzzle` by the engines of `dlx_core` on its exact-cover model (the SAT engine on
/// every fourth case: it finds solutions one at a time), checking every grid found; whether
/// the puzzle has a model.
fn engines_agree(puzzle: &Variant, truth: u64, case: usize) -> bool {
    let Ok(cover) = puzzle.exact_cover() else {
        return false;
    };
    let engines = [CoverEngine::Links, CoverEngine::Cells].into_iter();
    #[cfg(feature = "sat")]
    let engines = engines.chain((case % 4 == 0).then_some(CoverEngine::Sat));
    for engine in engines {
        let run = cover.run(engine, u64::MAX, &Stop::new(), |grid| {
            assert_eq!(
                puzzle.check_solution(grid),
                Ok(()),
                "case {case}: {engine:?}"
            );
            true
        });
        assert_eq!(run.found, truth, "case {case}: {engine:?} {puzzle:?}");
    }
    true
}

/// Counts random puzzles on `shape` by the solver, by each engine on the exact-cover model and
/// by the checker over `grids`.
fn agree(shape: &Shape, grids: &[Vec<u8>], seed: u64, cases: usize, most: usize, top: usize) {
    let n = shape.size();
    let mut rng = Rng(seed);
    let mut kinds_seen = std::collections::BTreeSet::new();
    let mut modelled = 0;
    for case in 0..cases {
        let count = rng.range(1, most);
        let constraints: Vec<Constraint> = (0..count)
            .map(|_| constraint(&mut rng, n))
            .filter(|c| c.fits(n))
            .collect();
        for c in &constraints {
            kinds_seen.insert(c.name());
        }
        // The top band given from a grid (so that brute force over `grids` is the truth), and
        // sometimes a cell more.
        let source = &grids[rng.below(grids.len())];
        let mut givens = vec![0u8; n * n];
        givens[..top].copy_from_slice(&source[..top]);
        if rng.below(3) == 0 {
            let c = rng.below(n * n);
            givens[c] = source[c];
        }
        let puzzle = Variant::new(shape.clone(), givens, constraints);
        let truth = grids
            .iter()
            .filter(|g| puzzle.check_solution(g).is_ok())
            .count() as u64;
        let mut returned = 0;
        let run = puzzle.solutions(u64::MAX, &Stop::new(), |values| {
            assert_eq!(
                puzzle.check_solution(values),
                Ok(()),
                "case {case}: {puzzle:?}"
            );
            returned += 1;
            true
        });
        assert_eq!(run.found, truth, "case {case}: {puzzle:?}");
        assert_eq!(returned, truth);
        modelled += usize::from(engines_agree(&puzzle, truth, case));
    }
    // Every puzzle this small has an exact-cover model.
    assert_eq!(modelled, cases);
    // The generator reaches every kind it draws.
    assert!(kinds_seen.len() >= 40, "{kinds_seen:?}");
}

#[test]
fn every_kind_on_4x4_counts_as_brute_force_does() {
    let shape = Shape::standard(4).unwrap();
    let grids = all_grids(&shape, &[]);
    assert_eq!(grids.len(), 288);
    agree(&shape, &grids, 0x9e37_79b9_7f4a_7c15, 3000, 3, 0);
}

#[test]
fn every_kind_on_6x6_counts_as_brute_force_does() {
    let shape = Shape::standard(6).unwrap();
    let top = [1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3];
    let grids = all_grids(&shape, &top);
    agree(&shape, &grids, 0x2545_f491_4f6c_dd1d, 600, 4, top.len());
}
