//! `sudoku::generate` checked on an independent path: every puzzle made is proved unique by the
//! general dancing-links solver, minimal when asked (each given removed leaves several
//! solutions), symmetric when asked, the same for the same seed on one thread and on two, on
//! every shape.

use std::io;
use std::sync::Arc;

use dlx_puzzles::sudoku::batch::Sink;
use dlx_puzzles::sudoku::generate::{GenerateError, Generated, Generator, Symmetry, Workspace};
use dlx_puzzles::sudoku::{validate, Extra, Shape, Solver, Verdict};

/// The shapes generated on: boxes of several kinds, extra regions, a fixed jigsaw layout.
fn shapes() -> Vec<(&'static str, Shape)> {
    let layout: Vec<u16> =
        "111222333111222333111222333444555666444555666444555666777788999777888999778888999"
            .bytes()
            .map(u16::from)
            .collect();
    vec![
        ("4x4", Shape::standard(4).unwrap()),
        ("6x6 2x3", Shape::standard(6).unwrap()),
        ("6x6 3x2", Shape::boxes(3, 2).unwrap()),
        ("8x8", Shape::standard(8).unwrap()),
        ("9x9", Shape::standard(9).unwrap()),
        ("9x9 X", Shape::standard(9).unwrap().with_diagonals()),
        (
            "9x9 windoku",
            Shape::standard(9).unwrap().with_windows().unwrap(),
        ),
        ("9x9 jigsaw", Shape::jigsaw(9, &layout).unwrap()),
        ("12x12", Shape::standard(12).unwrap()),
    ]
}

/// Checks one generated puzzle of `shape` on the general path: its solution is valid and holds
/// the givens, it is unique, and, when asked, minimal and symmetric.
fn check(name: &str, puzzle: &Generated, minimal: bool, symmetry: Symmetry) {
    let shape = &puzzle.shape;
    let n = shape.size();
    validate(shape, &puzzle.givens, &puzzle.solution)
        .unwrap_or_else(|e| panic!("{name}: the solution is wrong: {e}"));
    let mut general = Solver::general(shape.clone());
    assert!(!general.is_specialised());
    assert_eq!(
        general.verdict(&puzzle.givens).unwrap(),
        Verdict::Unique,
        "{name}"
    );
    assert!(symmetry.holds(n, &puzzle.givens), "{name}: not {symmetry}");
    if minimal {
        let mut givens = puzzle.givens.clone();
        for cell in 0..n * n {
            if givens[cell] == 0 {
                continue;
            }
            givens[cell] = 0;
            assert_eq!(
                general.verdict(&givens).unwrap(),
                Verdict::Multiple,
                "{name}: the given at {cell} is not needed"
            );
            givens[cell] = puzzle.givens[cell];
        }
    }
}

fn make(generator: &Generator, seed: u64, count: u64) -> Vec<Generated> {
    let mut work = Workspace::new(generator);
    (0..count)
        .map(|k| generator.generate(seed, k, &mut work).unwrap())
        .collect()
}

#[test]
fn every_shape_gives_unique_minimal_puzzles() {
    for (name, shape) in shapes() {
        let generator = Generator::new(shape).minimal(true);
        generator.prepare().unwrap();
        for puzzle in make(&generator, 11, 4) {
            check(name, &puzzle, true, Symmetry::None);
        }
    }
}

#[test]
fn every_symmetry_holds_and_stays_minimal() {
    for symmetry in [
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ] {
        for (name, shape) in [
            ("9x9", Shape::standard(9).unwrap()),
            ("6x6", Shape::standard(6).unwrap()),
        ] {
            let plain = Generator::new(shape.clone()).symmetry(symmetry);
            for puzzle in make(&plain, 3, 3) {
                check(name, &puzzle, false, symmetry);
            }
            let minimal = plain.minimal(true);
            for puzzle in make(&minimal, 4, 3) {
                check(name, &puzzle, true, symmetry);
            }
        }
    }
}

#[test]
fn random_jigsaw_layouts_give_unique_puzzles() {
    for (size, extra) in [
        (9, vec![]),
        (6, vec![]),
        (5, vec![]),
        (7, vec![]),
        (9, vec![Extra::Diagonals]),
    ] {
        let generator = Generator::jigsaw(size, extra.clone())
            .unwrap()
            .minimal(true);
        let puzzles = make(&generator, 21, 4);
        for puzzle in &puzzles {
            assert!(puzzle.shape.box_size().is_none());
            assert_eq!(puzzle.shape.extra().len(), extra.len() * 2);
            check(&format!("jigsaw {size}"), puzzle, true, Symmetry::None);
        }
        assert_ne!(
            puzzles[0].shape, puzzles[1].shape,
            "each has its own layout"
        );
    }
    // Windows need a square side.
    assert!(Generator::jigsaw(6, vec![Extra::Windows]).is_err());
    assert!(Generator::jigsaw(0, vec![]).is_err());
}

#[test]
fn a_count_of_givens_is_met_exactly() {
    let shape = Shape::standard(9).unwrap();
    for (k, symmetry) in [
        (30, Symmetry::None),
        (40, Symmetry::Rot180),
        (81, Symmetry::None),
    ] {
        let generator = Generator::new(shape.clone())
            .givens(Some(k))
            .symmetry(symmetry);
        for puzzle in make(&generator, 8, 3) {
            assert_eq!(puzzle.given_count(), k);
            check("9x9", &puzzle, false, symmetry);
        }
    }
    let minimal = Generator::new(shape).givens(Some(25)).minimal(true);
    for puzzle in make(&minimal, 8, 2) {
        assert_eq!(puzzle.given_count(), 25);
        check("9x9", &puzzle, true, Symmetry::None);
    }
}

/// Collects what a run hands over.
struct Collect(Vec<Result<Generated, GenerateError>>);

impl Sink<Result<Generated, GenerateError>> for Collect {
    fn emit(&mut self, result: Result<Generated, GenerateError>) -> io::Result<()> {
        self.0.push(result);
        Ok(())
    }

    fn idle(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_seed_gives_the_same_puzzles_on_any_number_of_threads() {
    let generators = [
        Generator::new(Shape::standard(9).unwrap()).minimal(true),
        Generator::new(Shape::standard(6).unwrap()).symmetry(Symmetry::Rot90),
        Generator::jigsaw(6, vec![]).unwrap(),
    ];
    for generator in generators {
        let run = |threads, seed| {
            let mut sink = Collect(Vec::new());
            generator.run(seed, 40, threads, &mut sink).unwrap();
            sink.0
        };
        let one = run(1, 99);
        assert_eq!(one.len(), 40);
        assert!(one.iter().all(Result::is_ok));
        assert_eq!(run(2, 99), one);
        assert_eq!(run(3, 99), one);
        assert_ne!(run(1, 100), one);
        let indices: Vec<u64> = one.iter().map(|g| g.as_ref().unwrap().index).collect();
        assert_eq!(indices, (0..40).collect::<Vec<_>>());
    }
}

#[test]
fn a_filter_sees_every_candidate() {
    let seen = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let counter = Arc::clone(&seen);
    let generator = Generator::new(Shape::standard(9).unwrap()).filter(Arc::new(
        move |_: &Shape, givens: &[u16]| {
            counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            givens.iter().filter(|&&v| v != 0).count() <= 24
        },
    ));
    for puzzle in make(&generator, 5, 3) {
        assert!(puzzle.given_count() <= 24);
        assert!(seen.load(std::sync::atomic::Ordering::Relaxed) >= puzzle.attempts);
        check("9x9", &puzzle, false, Symmetry::None);
    }
}

#[test]
fn large_grids_are_made_unique_and_quickly() {
    // On 16x16 and 25x25 the default budget of a check lets the run end at once; the puzzles are
    // unique on the general path all the same, and the same for the same seed.
    for size in [16, 25] {
        let shape = Shape::standard(size).unwrap();
        let generator = Generator::new(shape);
        let made = make(&generator, 5, 2);
        for puzzle in &made {
            check(&format!("{size}x{size}"), puzzle, false, Symmetry::None);
            // Far fewer givens than cells: the easy removals were all made.
            assert!(puzzle.given_count() < size * size / 2, "{size}x{size}");
        }
        assert_eq!(made[0].givens, make(&generator, 5, 1)[0].givens);
    }
}
