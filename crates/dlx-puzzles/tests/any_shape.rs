//! The specialised any-shape path (`sudoku::fastn`, which `Solver::new` takes for every shape but
//! the classic 9x9) and the general exact-cover path give the same answers: verdicts, solutions
//! of unique puzzles, counts with a limit, and the same errors for bad givens.

mod common;

use dlx_puzzles::sudoku::fastn::SolverN;
use dlx_puzzles::sudoku::{validate, FastPath, GivensError, Shape, Solver, Verdict};
use proptest::prelude::*;

/// A fast solver and a general one for `shape`.
fn both(shape: &Shape) -> (Solver, Solver) {
    let fast = Solver::new(shape.clone());
    assert!(fast.is_specialised());
    (fast, Solver::general(shape.clone()))
}

/// Checks that both solvers give the same verdict (and solution, when unique), the same count
/// up to `limit`, or the same error.
fn agree(fast: &mut Solver, general: &mut Solver, givens: &[u16], limit: u64, what: &str) {
    common::assert_same_check(fast, general, givens, what);
    let (a, b) = (
        fast.count(givens, Some(limit)),
        general.count(givens, Some(limit)),
    );
    match (a, b) {
        (Ok(a), Ok(b)) => assert_eq!((a.solutions, a.capped), (b.solutions, b.capped), "{what}"),
        (a, b) => assert_eq!(a.map(|_| ()), b.map(|_| ()), "{what}"),
    }
}

/// A small deterministic generator (an LCG): tests stay reproducible without a dependency.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// `grid` with each cell kept with probability `keep` percent.
fn carve(grid: &[u16], keep: usize, rng: &mut Lcg) -> Vec<u16> {
    grid.iter()
        .map(|&v| if rng.below(100) < keep { v } else { 0 })
        .collect()
}

#[test]
fn the_empty_4x4_counts_alike() {
    let (mut fast, mut general) = both(&Shape::standard(4).unwrap());
    assert_eq!(fast.count(&[0; 16], None).unwrap().solutions, 288);
    agree(&mut fast, &mut general, &[0; 16], 300, "empty 4x4");
    agree(&mut fast, &mut general, &[0; 16], 17, "empty 4x4, limit 17");
}

#[test]
fn generated_puzzles_of_boxed_shapes_agree() {
    let mut rng = Lcg(7);
    for (rows, columns, keeps) in [
        (2, 3, &[20, 35, 50][..]),
        (3, 2, &[30, 45][..]),
        (2, 4, &[35, 50][..]),
        (3, 4, &[45, 60][..]),
        (4, 4, &[55, 70][..]),
    ] {
        let shape = Shape::boxes(rows, columns).unwrap();
        let n = shape.size();
        let (mut fast, mut general) = both(&shape);
        let grid = fast.solve(&vec![0; n * n]).unwrap().unwrap();
        validate(&shape, &vec![0; n * n], &grid).unwrap();
        for &keep in keeps {
            for k in 0..6 {
                let givens = carve(&grid, keep, &mut rng);
                let what = format!("{rows}x{columns} boxes, {keep} % kept, #{k}");
                agree(&mut fast, &mut general, &givens, 5, &what);
            }
        }
    }
}

#[test]
fn judge_16x16_samples_agree() {
    let (mut fast, mut general) = both(&Shape::standard(16).unwrap());
    let text = std::fs::read_to_string(common::data("poj3076_two_cases.txt")).unwrap();
    for block in text.split("\n\n") {
        let line: String = block.split_whitespace().collect();
        let givens = common::cells(&line, 16);
        agree(&mut fast, &mut general, &givens, 3, "POJ 3076");
        assert_eq!(fast.check(&givens).unwrap().verdict, Verdict::Unique);
    }
}

#[test]
fn jigsaw_samples_agree() {
    // ISS example, the HDU 4069 samples and generated HDU 4069 cases.
    for row in common::tsv("jigsaw.tsv") {
        let size: usize = row[1].parse().unwrap();
        let shape = Shape::jigsaw(size, &common::layout(&row[3])).unwrap();
        let (mut fast, mut general) = both(&shape);
        let givens = common::cells(&row[2], size);
        agree(&mut fast, &mut general, &givens, 3, &row[0]);
        let solution = fast.solve(&givens).unwrap().unwrap();
        if row[5] == "verified-unique" {
            assert_eq!(solution, common::cells(&row[4], size), "{}", row[0]);
        }
        // Fewer clues: several solutions (or none), counted alike.
        let mut rng = Lcg(size as u64);
        let fewer: Vec<u16> = givens
            .iter()
            .map(|&v| if rng.below(4) == 0 { 0 } else { v })
            .collect();
        // (The 16x16 one with fewer clues takes plain DLX half a minute.)
        if size <= 9 {
            agree(&mut fast, &mut general, &fewer, 10, &row[0]);
        }
    }
}

#[test]
fn gecode_instances_agree() {
    // The classic 9x9 goes to the 9x9 path in `Solver`; here the any-shape path runs on it
    // directly.
    let shape = Shape::standard(9).unwrap();
    let mut fast = SolverN::new(&shape).unwrap();
    let mut general = Solver::general(shape.clone());
    for line in common::lines("formats/sudoku9_gecode.txt") {
        let givens = common::cells(line.split_whitespace().next().unwrap(), 9);
        let check = general.check(&givens).unwrap();
        assert_eq!(check.verdict, Verdict::Unique);
        assert_eq!(fast.run(&givens, 2), Some(1));
        assert_eq!(fast.first(), check.solution.as_deref());
    }
    // 25x25 minimal puzzles are too hard for both paths; with more clues they solve at once.
    let (mut fast, mut general) = both(&Shape::standard(25).unwrap());
    for name in ["sudoku25.txt", "formats/sudoku25_gecode.txt"] {
        for line in common::lines(name) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let expected = common::cells(fields[1], 25);
            let givens = common::with_clues_from(&common::cells(fields[0], 25), &expected);
            agree(&mut fast, &mut general, &givens, 2, fields[2]);
            assert_eq!(fast.solve(&givens).unwrap(), Some(expected));
        }
    }
}

#[test]
fn extra_region_variants_agree() {
    for row in common::tsv("variants.tsv") {
        let size: usize = row[2].parse().unwrap();
        let shape = common::variant_shape(&row[1], size);
        let (mut fast, mut general) = both(&shape);
        let givens = common::cells(&row[3], size);
        let expected = common::cells(&row[4], size);
        // The original puzzles on the fast path, with the known solution.
        let check = fast.check(&givens).unwrap();
        assert_ne!(check.verdict, Verdict::None, "{}", row[0]);
        if row[5] == "verified-unique" {
            assert_eq!(check.verdict, Verdict::Unique, "{}", row[0]);
            assert_eq!(check.solution.unwrap(), expected, "{}", row[0]);
        }
        // Both paths, with more clues where plain DLX is slow.
        let easier = if size > 9 {
            common::with_clues_from(&givens, &expected)
        } else {
            givens.clone()
        };
        agree(&mut fast, &mut general, &easier, 3, &row[0]);
        // Fewer clues: the extra regions must still count alike.
        let mut rng = Lcg(3);
        let fewer = carve(&easier, 60, &mut rng);
        if size <= 9 {
            agree(&mut fast, &mut general, &fewer, 20, &row[0]);
        }
    }
}

#[test]
fn no_solution_and_many_solutions_agree() {
    let (mut fast, mut general) = both(&Shape::boxes(2, 3).unwrap());
    let grid = fast.solve(&[0; 36]).unwrap().unwrap();
    // The first row full, and the second starting with the first two values of the first,
    // swapped: they sit in the first box again, a direct clash.
    let mut none = grid.clone();
    for v in none.iter_mut().skip(6) {
        *v = 0;
    }
    none[6] = grid[1];
    none[7] = grid[0];
    agree(&mut fast, &mut general, &none, 10, "repeated in a box");
    let mut many = vec![0; 36];
    many[0] = 1;
    agree(&mut fast, &mut general, &many, 50, "one clue");
    assert!(fast.count(&many, Some(50)).unwrap().capped);
    // Empty cells that no value fits, without a direct clash.
    let mut stuck = vec![0; 36];
    stuck[..5].copy_from_slice(&[1, 2, 3, 4, 5]);
    stuck[6 * 5 + 5] = 6;
    assert_eq!(fast.check(&stuck).unwrap().verdict, Verdict::None);
    agree(&mut fast, &mut general, &stuck, 10, "stuck cell");
}

#[test]
fn bad_givens_give_the_same_errors() {
    let shape = Shape::jigsaw(4, &common::layout("aabbaabbccddccdd"))
        .unwrap()
        .with_diagonals();
    let (mut fast, mut general) = both(&shape);
    let mut cases: Vec<Vec<u16>> = vec![vec![0; 15], vec![0; 17]];
    let mut value = vec![0; 16];
    value[5] = 5;
    cases.push(value);
    for (a, b) in [(0, 3), (0, 12), (0, 5), (3, 12), (1, 4)] {
        let mut clash = vec![0; 16];
        clash[a] = 2;
        clash[b] = 2;
        cases.push(clash);
    }
    for givens in &cases {
        let error = general.check(givens).unwrap_err();
        assert!(matches!(
            error,
            GivensError::Clash(_) | GivensError::Length { .. } | GivensError::Value { .. }
        ));
        assert_eq!(fast.check(givens), Err(error.clone()));
        assert_eq!(fast.solve(givens), Err(error.clone()));
        assert_eq!(fast.count(givens, None), Err(error));
    }
}

/// Small jigsaw layouts, one symbol per cell.
const LAYOUTS: &[(usize, &str)] = &[
    (4, "aabbaabbccddccdd"),
    (4, "aaabcabbccdbcddd"),
    (5, "aaabbacccbaccbbdddeeddeee"),
    (6, "aaabbbaacbbbacccddeeccddeeffddeeffff"),
];

/// A random shape: boxes or a jigsaw layout, with up to two random extra regions.
fn shape_strategy() -> impl Strategy<Value = Shape> {
    let base = prop_oneof![
        Just((2usize, 2usize, None)),
        Just((2, 3, None)),
        Just((3, 2, None)),
        Just((1, 4, None)),
        (0..LAYOUTS.len()).prop_map(|k| (0, 0, Some(k))),
    ];
    (base, any::<u64>(), 0..3usize).prop_filter_map(
        "a valid shape",
        |((r, c, jig), seed, extras)| {
            let shape = match jig {
                Some(k) => Shape::jigsaw(LAYOUTS[k].0, &common::layout(LAYOUTS[k].1)).ok()?,
                None => Shape::boxes(r, c).ok()?,
            };
            let n = shape.size();
            let mut rng = Lcg(seed);
            (0..extras).try_fold(shape, |shape, _| {
                let mut cells: Vec<usize> = (0..n * n).collect();
                for k in 0..n {
                    let j = k + rng.below(n * n - k);
                    cells.swap(k, j);
                }
                shape.with_extra(&cells[..n]).ok()
            })
        },
    )
}

/// A random shape with up to eleven clues, each a random value in a random cell (so that some
/// clash, and some land on a cell twice).
fn puzzle_strategy() -> impl Strategy<Value = (Shape, Vec<u16>)> {
    (shape_strategy(), any::<u64>(), 0..12usize).prop_map(|(shape, seed, clues)| {
        let n = shape.size();
        let mut rng = Lcg(seed);
        let mut givens = vec![0u16; n * n];
        for _ in 0..clues {
            givens[rng.below(n * n)] = 1 + rng.below(n) as u16;
        }
        (shape, givens)
    })
}

#[test]
fn the_random_layouts_are_valid() {
    for &(size, layout) in LAYOUTS {
        assert!(
            Shape::jigsaw(size, &common::layout(layout)).is_ok(),
            "{layout}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn both_paths_agree_on_random_puzzles((shape, givens) in puzzle_strategy()) {
        let (mut fast, mut general) = both(&shape);
        agree(&mut fast, &mut general, &givens, 30, &format!("{givens:?}"));
    }
}

/// The SAT path says what the general path says: the verdict (on givens and on an empty grid,
/// where it fixes the first row), the solution of a unique puzzle, the same clash; each grid it
/// finds is valid.
#[cfg(feature = "sat")]
fn sat_agrees(general: &mut Solver, givens: &[u16]) -> Result<(), TestCaseError> {
    use dlx_core::Stop;
    use dlx_puzzles::sudoku::sat::{self, Goal};
    let shape = general.shape().clone();
    let expected = general.check(givens);
    let found = sat::check(&shape, givens, Stop::new());
    match (expected, found) {
        (Ok(expected), Ok(found)) => {
            prop_assert_eq!(Some(expected.verdict), found.verdict);
            prop_assert!(found.stopped.is_none());
            if expected.verdict == Verdict::Unique {
                prop_assert_eq!(&expected.solution, &found.solution);
            }
            if let Some(solution) = &found.solution {
                prop_assert!(validate(&shape, givens, solution).is_ok());
            }
            let first = sat::run(&shape, givens, Goal::Solve, Stop::new()).unwrap();
            prop_assert_eq!(first.solution.is_some(), expected.verdict != Verdict::None);
        }
        (Err(expected), Err(sat::Error::Givens(found))) => prop_assert_eq!(expected, found),
        (expected, found) => prop_assert!(false, "{:?} against {:?}", expected, found),
    }
    Ok(())
}

#[cfg(feature = "sat")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    #[test]
    fn the_sat_path_agrees_on_random_puzzles((shape, givens) in puzzle_strategy()) {
        let mut general = Solver::general(shape);
        sat_agrees(&mut general, &givens)?;
        // Where a search stood: the candidates of the givens, handed over as they are.
        let mut fast = SolverN::new(general.shape()).unwrap();
        let mut candidates = Vec::new();
        if fast.candidates(&givens, &mut candidates) == Some(true) {
            let check = general.check(&givens).unwrap();
            let found = dlx_puzzles::sudoku::sat::check_candidates(
                general.shape(),
                &candidates,
                dlx_puzzles::sudoku::sat::Goal::Check,
                dlx_core::Stop::new(),
            )
            .unwrap();
            prop_assert_eq!(Some(check.verdict), found.verdict);
        }
    }
}

/// The puzzles of a shared data file, `#` comments skipped, split in fields.
fn shared(dir: &str, file: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(format!("{dir}/puzzles/{file}")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// Every puzzle of the shared 16x16, jigsaw and 25x25 sets, when `DLX_SHARED_DATA` names the
/// shared data folder (`cargo test --release -p dlx-puzzles --test any_shape -- --ignored`): the
/// fast path finds the solutions given in the files (the general path is too slow for most).
#[test]
#[ignore = "long: needs DLX_SHARED_DATA and a release build"]
fn the_shared_sets_solve_as_published() {
    let Ok(dir) = std::env::var("DLX_SHARED_DATA") else {
        return;
    };
    let mut fast = Solver::new(Shape::standard(16).unwrap());
    for (k, fields) in shared(&dir, "nxn/sudoku16_janko_smilingwayne.txt")
        .iter()
        .enumerate()
    {
        let givens = common::cells(&fields[0], 16);
        let check = fast.check(&givens).unwrap();
        assert_eq!(check.verdict, Verdict::Unique, "16x16 #{k}");
        assert_eq!(
            check.solution.unwrap(),
            common::cells(&fields[1], 16),
            "#{k}"
        );
    }
    for fields in shared(&dir, "jigsaw/jigsaw9_janko_smilingwayne.txt") {
        let shape = Shape::jigsaw(9, &common::layout(&fields[1])).unwrap();
        let (mut fast, mut general) = both(&shape);
        let givens = common::cells(&fields[0], 9);
        agree(&mut fast, &mut general, &givens, 3, &fields[3]);
        let check = fast.check(&givens).unwrap();
        let solution = check.solution.unwrap();
        if fields[4] == "nsol=1" {
            assert_eq!(check.verdict, Verdict::Unique, "{}", fields[3]);
            assert_eq!(solution, common::cells(&fields[2], 9), "{}", fields[3]);
        } else {
            assert_eq!(check.verdict, Verdict::Multiple, "{}", fields[3]);
            let published = common::cells(&fields[2], 9);
            validate(fast.shape(), &givens, &published).unwrap();
        }
    }
    // The minimal 25x25 puzzles are beyond both paths in reasonable time: with a third of the
    // empty cells given from the published solution, the solution must come out unique.
    let mut fast = Solver::new(Shape::standard(25).unwrap());
    for fields in shared(&dir, "nxn/sudoku25_gecode.txt") {
        let expected = common::cells(&fields[1], 25);
        let givens = common::with_clues_from(&common::cells(&fields[0], 25), &expected);
        let check = fast.check(&givens).unwrap();
        assert_eq!(check.verdict, Verdict::Unique, "{}", fields[2]);
        assert_eq!(check.solution.unwrap(), expected, "{}", fields[2]);
    }
}

#[cfg(feature = "sat")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// The SAT engine and the default portfolio, as engines of a `Solver`, answer as dancing
    /// links does: verdicts, unique solutions, counts up to a limit (a count with solutions goes
    /// back to the specialised path), the same errors.
    #[test]
    fn every_engine_of_a_solver_agrees_with_dancing_links(
        shape in shape_strategy(),
        seed in any::<u64>(),
        clues in 0..12usize,
    ) {
        use dlx_puzzles::sudoku::EngineChoice;
        let n = shape.size();
        let mut general = Solver::general(shape.clone());
        let mut rng = Lcg(seed);
        let mut givens = vec![0u16; n * n];
        for _ in 0..clues {
            givens[rng.below(n * n)] = 1 + rng.below(n) as u16;
        }
        for engine in [EngineChoice::Sat, EngineChoice::Auto, EngineChoice::Fast] {
            let mut solver = Solver::with_engine(shape.clone(), engine);
            prop_assert_eq!(solver.engine(), engine);
            agree(&mut solver, &mut general, &givens, 30, &format!("{engine:?} {givens:?}"));
            prop_assert_eq!(solver.stopped(), None);
        }
    }
}
