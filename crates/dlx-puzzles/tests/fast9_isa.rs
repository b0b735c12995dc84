//! Every instruction set this CPU has gives the 9x9 solver's answers and guesses of the baseline.

use dlx_puzzles::sudoku::fast9::{Isa, IsaError, Solver9};
use dlx_puzzles::sudoku::FastPath;

/// The puzzles of every sample file, and each with one given taken out (most then have several
/// solutions, some none after a given is moved).
fn puzzles() -> Vec<Vec<u16>> {
    let dir = format!("{}/tests/data/fast9", env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for name in [
        "17_clue.txt",
        "top1465.txt",
        "forum_hardest_11.txt",
        "serg_multiple.txt",
        "invalid.txt",
    ] {
        let path = format!("{dir}/{name}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        {
            let cells: Vec<u16> = line
                .bytes()
                .take(81)
                .map(|b| match b {
                    b'1'..=b'9' => u16::from(b - b'0'),
                    _ => 0,
                })
                .collect();
            let mut fewer = cells.clone();
            if let Some(given) = fewer.iter_mut().rev().find(|v| **v != 0) {
                *given = 0;
            }
            out.push(cells);
            out.push(fewer);
        }
    }
    out.push(vec![0; 81]);
    out
}

/// What a solver says of a puzzle: the count up to a limit, the first solution, the guesses; and
/// the same with a value taken out of a cell.
fn answers(solver: &mut Solver9, givens: &[u16]) -> Vec<(Option<u64>, Vec<u16>, u64)> {
    let mut out = Vec::new();
    let mut first = Vec::new();
    for limit in [1, 2, 50] {
        let found = solver.run(givens, limit);
        solver.first_into(&mut first);
        out.push((found, first.clone(), solver.guesses()));
    }
    let cell = givens.iter().position(|&v| v == 0).unwrap_or(0);
    let found = solver.run_without(givens, cell, 1 + (cell % 9) as u16, 2);
    solver.first_into(&mut first);
    out.push((found, first.clone(), solver.guesses()));
    out
}

#[test]
fn every_available_isa_agrees_with_the_baseline() {
    let puzzles = puzzles();
    assert!(puzzles.len() > 400, "{} puzzles", puzzles.len());
    let mut baseline = Solver9::with_isa(Isa::Baseline).expect("the baseline is always there");
    assert_eq!(baseline.isa(), Isa::Baseline);
    let expected: Vec<_> = puzzles.iter().map(|p| answers(&mut baseline, p)).collect();
    assert!(expected.iter().any(|a| a[1].0 == Some(2)));
    assert!(expected.iter().any(|a| a[0].2 > 0));
    for isa in Isa::available() {
        let mut solver = Solver9::with_isa(isa).unwrap();
        assert_eq!(solver.isa(), isa);
        for (puzzle, expected) in puzzles.iter().zip(&expected) {
            assert_eq!(
                &answers(&mut solver, puzzle),
                expected,
                "{isa} on {puzzle:?}"
            );
        }
    }
}

#[test]
fn an_isa_the_cpu_lacks_is_refused() {
    for isa in Isa::ALL {
        assert_eq!(Solver9::with_isa(isa).is_some(), isa.is_available());
    }
    assert!(Isa::best().is_available());
    if let Some(lacking) = Isa::ALL.into_iter().find(|isa| !isa.is_available()) {
        let message = IsaError::Unavailable(lacking).to_string();
        assert!(message.contains("lacks"), "{message}");
    }
}

#[test]
fn isa_names_round_trip_and_others_are_errors() {
    for isa in Isa::ALL {
        assert_eq!(Isa::parse(isa.name()), Ok(isa));
        assert_eq!(Isa::parse(&isa.name().to_uppercase()), Ok(isa));
    }
    let error = Isa::parse("sse9").unwrap_err();
    assert_eq!(error, IsaError::Unknown("sse9".into()));
    assert!(error.to_string().contains("baseline, avx2 or avx512"));
}
