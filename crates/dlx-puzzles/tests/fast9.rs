//! The specialised 9x9 solver against published solutions, a brute-force counter, and random
//! puzzles cut from valid grids.

use dlx_puzzles::sudoku::fast9;
use dlx_puzzles::sudoku::{Clash, FastPath, GivensError, House, Shape, Verdict};
use proptest::prelude::*;

/// The specialised solver with the questions these tests ask, on cells as bytes.
#[derive(Default)]
struct Solver9(fast9::Solver9);

impl Solver9 {
    fn new() -> Solver9 {
        Solver9::default()
    }

    /// Runs to `limit` solutions; `Err` with the one check's error when the givens are refused
    /// (and the check must then find one).
    fn run(&mut self, cells: &[u8; 81], limit: u64) -> Result<u64, GivensError> {
        let givens: Vec<u16> = cells.iter().map(|&v| u16::from(v)).collect();
        match self.0.run(&givens, limit) {
            Some(found) => {
                assert_eq!(Shape::standard(9).unwrap().check_givens(&givens), Ok(()));
                Ok(found)
            }
            None => Err(Shape::standard(9)
                .unwrap()
                .check_givens(&givens)
                .expect_err("refused givens are wrong")),
        }
    }

    fn check(&mut self, cells: &[u8; 81]) -> Result<(Verdict, Option<[u8; 81]>), GivensError> {
        let verdict = match self.run(cells, 2)? {
            0 => Verdict::None,
            1 => Verdict::Unique,
            _ => Verdict::Multiple,
        };
        Ok((verdict, self.0.first().copied()))
    }

    fn solve(&mut self, cells: &[u8; 81]) -> Result<Option<[u8; 81]>, GivensError> {
        self.run(cells, 1)?;
        Ok(self.0.first().copied())
    }

    fn count(&mut self, cells: &[u8; 81], limit: u64) -> Result<u64, GivensError> {
        self.run(cells, limit)
    }

    fn guesses(&self) -> u64 {
        self.0.guesses()
    }
}

/// Parses 81 characters: digits are givens, anything else is empty.
fn parse(line: &str) -> [u8; 81] {
    let mut cells = [0u8; 81];
    for (cell, ch) in cells.iter_mut().zip(line.bytes()) {
        if ch.is_ascii_digit() {
            *cell = ch - b'0';
        }
    }
    cells
}

/// The sample lines of a data file: (puzzle, rest of the line).
fn sample(name: &str) -> Vec<([u8; 81], String)> {
    let path = format!("{}/tests/data/fast9/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .map(|l| (parse(&l[..81]), l[81..].trim().to_string()))
        .collect()
}

/// Asserts that `grid` is a complete valid grid that keeps the givens of `puzzle`.
fn assert_valid(puzzle: &[u8; 81], grid: &[u8; 81]) {
    for (i, (&p, &g)) in puzzle.iter().zip(grid).enumerate() {
        assert!((1..=9).contains(&g), "cell {i} holds {g}");
        assert!(p == 0 || p == g, "given at cell {i} changed");
    }
    for h in 0..9 {
        let (mut row, mut col, mut bx) = (0u16, 0u16, 0u16);
        for k in 0..9 {
            row |= 1 << grid[9 * h + k];
            col |= 1 << grid[9 * k + h];
            bx |= 1 << grid[9 * (h / 3 * 3 + k / 3) + h % 3 * 3 + k % 3];
        }
        assert_eq!(
            (row, col, bx),
            (0x3fe, 0x3fe, 0x3fe),
            "house {h} incomplete"
        );
    }
}

/// An independent counter: plain backtracking on the cell with the fewest values, no other
/// inference. Counts up to `limit`.
fn brute_count(cells: &[u8; 81], limit: u64) -> u64 {
    fn go(g: &mut [u8; 81], used: &mut [[u16; 9]; 3], found: &mut u64, limit: u64) {
        let mut best: Option<(usize, u16)> = None;
        for (i, _) in g.iter().enumerate().filter(|(_, &v)| v == 0) {
            let (r, c) = (i / 9, i % 9);
            let free = !(used[0][r] | used[1][c] | used[2][r / 3 * 3 + c / 3]) & 0x3fe;
            if best.map_or(true, |(_, f)| free.count_ones() < f.count_ones()) {
                best = Some((i, free));
            }
        }
        let Some((i, free)) = best else {
            *found += 1;
            return;
        };
        let (r, c) = (i / 9, i % 9);
        let b = r / 3 * 3 + c / 3;
        for v in 1..=9u8 {
            if free & (1 << v) == 0 {
                continue;
            }
            g[i] = v;
            used[0][r] ^= 1 << v;
            used[1][c] ^= 1 << v;
            used[2][b] ^= 1 << v;
            go(g, used, found, limit);
            used[0][r] ^= 1 << v;
            used[1][c] ^= 1 << v;
            used[2][b] ^= 1 << v;
            g[i] = 0;
            if *found >= limit {
                return;
            }
        }
    }
    let mut used = [[0u16; 9]; 3];
    for (i, &v) in cells.iter().enumerate() {
        if v != 0 {
            let (r, c) = (i / 9, i % 9);
            let bit = 1u16 << v;
            for (kind, h) in [r, c, r / 3 * 3 + c / 3].into_iter().enumerate() {
                if used[kind][h] & bit != 0 {
                    return 0;
                }
                used[kind][h] |= bit;
            }
        }
    }
    let mut g = *cells;
    let mut found = 0;
    if limit > 0 {
        go(&mut g, &mut used, &mut found, limit);
    }
    found
}

fn unique_set(name: &str) {
    let mut solver = Solver9::new();
    let puzzles = sample(name);
    assert!(puzzles.len() >= 50);
    for (puzzle, known) in &puzzles {
        let known = parse(known);
        let (verdict, solution) = solver.check(puzzle).unwrap();
        assert_eq!(verdict, Verdict::Unique);
        let solution = solution.unwrap();
        assert_valid(puzzle, &solution);
        assert_eq!(solution, known);
        assert_eq!(solver.solve(puzzle).unwrap(), Some(known));
        assert_eq!(solver.count(puzzle, 10).unwrap(), 1);
    }
}

#[test]
fn seventeen_clue_sample_matches_published_solutions() {
    unique_set("17_clue.txt");
}

#[test]
fn top1465_sample_matches_published_solutions() {
    unique_set("top1465.txt");
}

#[test]
fn forum_hardest_sample_matches_published_solutions() {
    unique_set("forum_hardest_11.txt");
}

#[test]
fn serg_sample_has_several_solutions_and_counts_agree() {
    let mut solver = Solver9::new();
    for (puzzle, _) in sample("serg_multiple.txt") {
        let (verdict, solution) = solver.check(&puzzle).unwrap();
        assert_eq!(verdict, Verdict::Multiple);
        assert_valid(&puzzle, &solution.unwrap());
        assert_valid(&puzzle, &solver.solve(&puzzle).unwrap().unwrap());
        let limit = 200;
        assert_eq!(
            solver.count(&puzzle, limit).unwrap(),
            brute_count(&puzzle, limit)
        );
    }
}

#[test]
fn invalid_sample_clashes_or_has_no_solution() {
    let mut solver = Solver9::new();
    for (puzzle, comment) in sample("invalid.txt") {
        let result = solver.check(&puzzle);
        match comment.split_whitespace().next() {
            Some(kind @ ("box" | "row" | "column")) => match result {
                Err(GivensError::Clash(Clash {
                    house,
                    first,
                    second,
                    value,
                })) => {
                    let want = match house {
                        House::Row(_) => "row",
                        House::Column(_) => "column",
                        House::Box(_) => "box",
                        other => panic!("{comment}: {other:?}"),
                    };
                    assert_eq!(want, kind, "{comment}");
                    assert_eq!(u16::from(puzzle[first.index(9)]), value);
                    assert_eq!(u16::from(puzzle[second.index(9)]), value);
                }
                other => panic!("{comment}: {other:?}"),
            },
            _ => {
                assert_eq!(result, Ok((Verdict::None, None)), "{comment}");
                assert_eq!(solver.count(&puzzle, 5), Ok(0));
                assert_eq!(brute_count(&puzzle, 5), 0);
            }
        }
    }
}

#[test]
fn out_of_range_values_are_errors() {
    let mut solver = Solver9::new();
    for bad in [10u8, 11, 200, 255] {
        let mut cells = [0u8; 81];
        cells[40] = bad;
        assert_eq!(
            solver.solve(&cells),
            Err(GivensError::Value {
                cell: dlx_puzzles::sudoku::Cell { row: 4, column: 4 },
                value: u16::from(bad),
                size: 9,
            })
        );
        assert!(solver.check(&cells).is_err());
        assert!(solver.count(&cells, 3).is_err());
    }
}

#[test]
fn empty_grid_counts_to_the_limit() {
    let mut solver = Solver9::new();
    let empty = [0u8; 81];
    assert_eq!(solver.count(&empty, 0).unwrap(), 0);
    assert_eq!(solver.count(&empty, 1000).unwrap(), 1000);
    let (verdict, solution) = solver.check(&empty).unwrap();
    assert_eq!(verdict, Verdict::Multiple);
    assert_valid(&empty, &solution.unwrap());
}

#[test]
fn guesses_are_reported_for_hard_puzzles() {
    let mut solver = Solver9::new();
    let (puzzle, _) = &sample("forum_hardest_11.txt")[0];
    solver.check(puzzle).unwrap();
    assert!(solver.guesses() > 0);
}

/// Long test: every puzzle of the three big public sets against the published solutions. Set
/// `DLX_SHARED_DATA` to the folder holding `puzzles/` to run it; it passes quietly otherwise.
#[test]
#[ignore]
fn big_public_sets_match_published_solutions() {
    let Some(root) = std::env::var_os("DLX_SHARED_DATA") else {
        return;
    };
    let root = std::path::PathBuf::from(root).join("puzzles");
    let mut solver = Solver9::new();
    for name in [
        "puzzles2_17_clue",
        "puzzles3_magictour_top1465",
        "puzzles5_forum_hardest_1905_11+",
    ] {
        let puzzles = std::fs::read_to_string(root.join(name)).unwrap();
        let solutions =
            std::fs::read_to_string(root.join("solutions").join(format!("{name}.solutions")))
                .unwrap();
        let puzzles = puzzles
            .lines()
            .map(|l| l.trim_end_matches('\r'))
            .filter(|l| l.len() >= 81 && !l.starts_with('#'));
        let mut n = 0;
        for (puzzle, known) in puzzles.zip(solutions.lines()) {
            let cells = parse(&puzzle[..81]);
            let (verdict, solution) = solver.check(&cells).unwrap();
            let got = match verdict {
                Verdict::None => "0".to_string(),
                Verdict::Multiple => "2+".to_string(),
                Verdict::Unique => solution
                    .unwrap()
                    .iter()
                    .map(|d| (b'0' + d) as char)
                    .collect(),
            };
            assert_eq!(got, known.trim(), "{name}: {puzzle}");
            n += 1;
        }
        assert!(n > 1000, "{name}: only {n} puzzles");
    }
}

/// A valid grid: a fixed pattern relabelled and shuffled by symmetries that keep it valid.
fn grid_from(digits: &[u8], rows: &[usize], cols: &[usize], transpose: bool) -> [u8; 81] {
    let mut g = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (r2, c2) = (rows[r], cols[c]);
            let (r2, c2) = if transpose { (c2, r2) } else { (r2, c2) };
            let base = (r2 * 3 + r2 / 3 + c2) % 9;
            g[9 * r + c] = digits[base];
        }
    }
    g
}

/// A permutation of 0..9 that keeps the three groups of three (bands or stacks) together.
fn band_perm() -> impl Strategy<Value = Vec<usize>> {
    (
        Just(vec![0usize, 1, 2]).prop_shuffle(),
        proptest::collection::vec(Just(vec![0usize, 1, 2]).prop_shuffle(), 3),
    )
        .prop_map(|(outer, inner)| {
            outer
                .iter()
                .flat_map(|&o| inner[o].iter().map(move |&i| 3 * o + i))
                .collect()
        })
}

fn grid() -> impl Strategy<Value = [u8; 81]> {
    (
        Just((1..=9u8).collect::<Vec<_>>()).prop_shuffle(),
        band_perm(),
        band_perm(),
        any::<bool>(),
    )
        .prop_map(|(d, r, c, t)| grid_from(&d, &r, &c, t))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A puzzle cut from a valid grid keeps that grid among its solutions: it is solvable, and
    /// stays solvable with any one more cell of the grid given.
    #[test]
    fn cut_puzzles_keep_their_grid(grid in grid(), keep in proptest::collection::vec(any::<bool>(), 81)) {
        let mut puzzle = grid;
        for (cell, k) in puzzle.iter_mut().zip(&keep) {
            if !k {
                *cell = 0;
            }
        }
        let mut solver = Solver9::new();
        let solution = solver.solve(&puzzle).unwrap().unwrap();
        assert_valid(&puzzle, &solution);
        for i in 0..81 {
            if puzzle[i] == 0 {
                let mut more = puzzle;
                more[i] = grid[i];
                prop_assert!(solver.solve(&more).unwrap().is_some());
            }
        }
        let mut full = grid;
        prop_assert_eq!(solver.check(&full).unwrap(), (Verdict::Unique, Some(grid)));
        full[0] = 0;
        prop_assert_eq!(solver.count(&full, 5).unwrap(), 1);
    }

    /// The verdict agrees with brute force, most often on puzzles with many solutions. A third of
    /// the cells are kept: with a quarter, brute force on the rare puzzle with one solution could
    /// take minutes in a debug build.
    #[test]
    fn verdicts_agree_with_brute_force(grid in grid(), keep in proptest::collection::vec(0u8..3, 81)) {
        let mut puzzle = grid;
        for (cell, k) in puzzle.iter_mut().zip(&keep) {
            if *k != 0 {
                *cell = 0;
            }
        }
        let mut solver = Solver9::new();
        let brute = brute_count(&puzzle, 2);
        let (verdict, _) = solver.check(&puzzle).unwrap();
        let want = match brute {
            0 => Verdict::None,
            1 => Verdict::Unique,
            _ => Verdict::Multiple,
        };
        prop_assert_eq!(verdict, want);
        prop_assert_eq!(solver.count(&puzzle, 2).unwrap(), brute);
    }
}
