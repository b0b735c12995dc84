//! ISS puzzle strings against `iss::read` and the checker.
//!
//! `variant_iss_reference_rows` is ignored: it reads reference data outside the repository,
//! named by `ISS_EXAMPLES` (a list of paths to tab-separated files with `input` and `solution`
//! columns, separated by the system's path separator). Run it by hand:
//! `ISS_EXAMPLES=examples.tsv:killers.tsv cargo test -p dlx-puzzles --test variant_iss -- --ignored --nocapture`.
//! Every row must read with its solution passing the checker, or fail with a "not supported"
//! error.

use dlx_puzzles::sudoku::variant::iss::{self, Problem};

/// A solution column as values: digits, or letters `A`.. for sides above 9.
fn values(solution: &str) -> Vec<u8> {
    solution
        .chars()
        .map(|c| match c {
            '1'..='9' => c as u8 - b'0',
            'A'..='Z' => c as u8 - b'A' + 1,
            _ => 0,
        })
        .collect()
}

#[test]
#[ignore = "reads reference data named by ISS_EXAMPLES"]
fn variant_iss_reference_rows() {
    let paths = std::env::var_os("ISS_EXAMPLES").expect("ISS_EXAMPLES names the files");
    let (mut passed, mut unsupported, mut failed) = (0, 0, Vec::new());
    for path in std::env::split_paths(&paths) {
        let text = std::fs::read_to_string(&path).expect("a readable file");
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
        let column = |name: &str| header.iter().position(|&h| h == name).expect(name);
        let (input, solution) = (column("input"), column("solution"));
        for (k, line) in lines.enumerate() {
            let fields: Vec<&str> = line.split('\t').collect();
            let name = format!("{}:{} {}", path.display(), k + 2, fields[..2].join(" "));
            match iss::read(fields[input]) {
                Ok(puzzle) => match puzzle.check_solution(&values(fields[solution])) {
                    Ok(()) => {
                        passed += 1;
                        println!("passes       {name}");
                    }
                    Err(broken) => {
                        println!("BROKEN       {name}: {broken}");
                        failed.push(name);
                    }
                },
                Err(e) if matches!(e.problem, Problem::Unsupported(_)) => {
                    unsupported += 1;
                    println!("unsupported  {name}: {e}");
                }
                Err(e) => {
                    println!("ERROR        {name}: {e}");
                    failed.push(name);
                }
            }
        }
    }
    println!(
        "{passed} pass, {unsupported} not supported, {} fail",
        failed.len()
    );
    assert!(failed.is_empty(), "{failed:?}");
}
