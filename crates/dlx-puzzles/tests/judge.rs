//! The judge readers on hostile input: arbitrary text and mutated judge files never panic, every
//! case read fits its shape, and every error has a position.

use std::path::PathBuf;

use dlx_puzzles::sudoku::judge::{run, Problem};
use proptest::prelude::*;

/// Fewer property cases in debug builds, where the solver is slow.
fn cases(release: u32) -> u32 {
    if cfg!(debug_assertions) {
        release / 8
    } else {
        release
    }
}

/// A judge file kept with the CLI's tests.
fn fixture(folder: &str, name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../dlx-cli/tests/data/judge")
        .join(folder)
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Reads every case of `text`, checking what the readers promise: cases numbered from 1 with
/// `n * n` cells of `0..=n`, at most one error, last, with a position inside the text.
fn check_reading(problem: Problem, text: &str) -> Result<(), TestCaseError> {
    let lines = text.split('\n').count();
    let mut expected = 1;
    let mut failed = false;
    for item in problem.cases(text.as_bytes()) {
        prop_assert!(!failed, "{problem}: an item after an error");
        match item {
            Ok(case) => {
                let n = case.shape.size();
                prop_assert_eq!(case.number, expected);
                prop_assert_eq!(case.cells.len(), n * n);
                prop_assert!(case.cells.iter().all(|&v| usize::from(v) <= n));
                prop_assert!(case.line >= 1 && case.line <= lines);
                expected += 1;
            }
            Err(e) => {
                prop_assert!(e.line >= 1 && e.line <= lines, "{problem}: {e}");
                prop_assert!(e.column >= 1, "{problem}: {e}");
                failed = true;
            }
        }
    }
    Ok(())
}

/// Text made of the pieces judge inputs are made of, glued by assorted blanks.
fn judgeish_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        (0u32..4).prop_map(|k| k.to_string()),
        (0u32..300).prop_map(|k| k.to_string()),
        proptest::string::string_regex("[0-9.?]{9}").unwrap(),
        proptest::string::string_regex("[1-9.0]{81}").unwrap(),
        proptest::string::string_regex("[A-P-]{16}").unwrap(),
        proptest::string::string_regex("[0-9A-Pa-z.?\\-é]{0,20}").unwrap(),
        Just("end".to_string()),
        Just("---".to_string()),
    ];
    let blank = prop_oneof![
        Just(" "),
        Just("\n"),
        Just("\r\n"),
        Just("\t"),
        Just("  \r\n\r\n"),
        Just("")
    ];
    proptest::collection::vec((piece, blank), 0..40).prop_map(|parts| {
        parts
            .into_iter()
            .map(|(piece, blank)| piece + blank)
            .collect()
    })
}

/// A judge file with a few characters replaced.
fn mutated(text: String) -> impl Strategy<Value = String> {
    let len = text.len();
    let edit = (0..len, "[0-9.?\\- \nAx]");
    proptest::collection::vec(edit, 1..4).prop_map(move |edits| {
        let mut bytes = text.clone().into_bytes();
        for (at, with) in edits {
            // Every fixture is ASCII, so any byte may be replaced by an ASCII character.
            bytes[at] = with.as_bytes()[0];
        }
        String::from_utf8(bytes).expect("ASCII")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(256)))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        for problem in Problem::ALL {
            check_reading(problem, &text)?;
        }
    }

    #[test]
    fn judgeish_text_reads_into_cases_or_a_positioned_error(text in judgeish_text()) {
        for problem in Problem::ALL {
            check_reading(problem, &text)?;
        }
        // The 9x9 problems that only ask for a solution are solved too (quick for any givens).
        for problem in [Problem::Poj2676, Problem::Poj3074, Problem::Hdu3111] {
            let mut out = Vec::new();
            let _ = run(problem, text.as_bytes(), &mut out);
        }
    }

    #[test]
    fn mutated_16x16_files_read_without_panic(text in mutated(fixture("spoj_sudoku", "two_cases.in"))) {
        check_reading(Problem::SpojSudoku, &text)?;
        check_reading(Problem::Poj3076, &text)?;
    }
}

/// A 9x9 judge file of each problem with a few characters replaced, and the problem.
fn mutated_9x9_file() -> impl Strategy<Value = (Problem, String)> {
    let files: Vec<(Problem, String)> = [
        (Problem::Poj2676, "poj2676", "robust_crlf_blank.in"),
        (Problem::Hdu4069, "hdu4069", "sample.in"),
        (Problem::Hdu3111, "hdu3111", "constructed.in"),
    ]
    .into_iter()
    .map(|(problem, folder, name)| (problem, fixture(folder, name)))
    .collect();
    proptest::sample::select(files)
        .prop_flat_map(|(problem, text)| mutated(text).prop_map(move |text| (problem, text)))
}

proptest! {
    // As many cases as one block of the above for each of the three files.
    #![proptest_config(ProptestConfig::with_cases(3 * cases(256)))]

    #[test]
    fn mutated_9x9_files_are_read_and_answered_without_panic((problem, text) in mutated_9x9_file()) {
        check_reading(problem, &text)?;
        let _ = run(problem, text.as_bytes(), &mut Vec::new());
    }
}

#[test]
fn the_judge_files_read_without_error() {
    for (problem, folder, name, count) in [
        (Problem::Poj2676, "poj2676", "top95.in", 95),
        (Problem::Poj3074, "poj3074", "sudoku_exchange40.in", 40),
        (Problem::Poj3076, "poj3076", "two_cases.in", 2),
        (Problem::Hdu4069, "hdu4069", "bulk200.in", 200),
        (Problem::Hdu3111, "hdu3111", "constructed.in", 3),
        (Problem::SpojSudoku, "spoj_sudoku", "two_cases.in", 2),
    ] {
        let text = fixture(folder, name);
        let read: Result<Vec<_>, _> = problem.cases(text.as_bytes()).collect();
        assert_eq!(read.unwrap().len(), count, "{folder}/{name}");
    }
}
