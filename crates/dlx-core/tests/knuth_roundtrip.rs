//! Every data file survives `write` then `parse`, and `write` prints exactly its items and options.

use std::path::Path;

use dlx_core::{knuth, Entry, ProblemBuilder};
use dlx_test_support::meaning;

/// The lines of a file that are not comments or blank, with blanks normalised to one space,
/// leaving out the lines numbered in `dropped`.
fn meaningful_lines(text: &str, dropped: &[usize]) -> Vec<String> {
    text.lines()
        .enumerate()
        .filter(|(index, _)| !dropped.contains(&(index + 1)))
        .filter(|(_, line)| !line.trim_start().starts_with('|'))
        .map(|(_, line)| line.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|line| !line.is_empty())
        .collect()
}

fn data_files() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "dlx"))
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    files.sort();
    assert!(files.len() >= 20, "the data files are missing");
    files
}

#[test]
fn every_data_file_round_trips() {
    for (name, text) in data_files() {
        let parsed = knuth::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let dropped: Vec<usize> = parsed.warnings.iter().map(|w| w.line).collect();
        // Knuth's toy2 has an option of secondary items only, which his programs ignore too.
        let expected: &[usize] = if name == "toy2.dlx" { &[5] } else { &[] };
        assert_eq!(dropped, expected, "{name}: unexpected warnings");
        let written = knuth::write(&parsed.problem);
        assert_eq!(
            meaningful_lines(&written, &[]),
            meaningful_lines(&text, &dropped),
            "{name}: written text differs from the file"
        );
        let again = knuth::parse(&written).unwrap_or_else(|e| panic!("{name} rewritten: {e}"));
        assert!(again.warnings.is_empty());
        assert_eq!(meaning(&again.problem), meaning(&parsed.problem), "{name}");
        assert_eq!(knuth::write(&again.problem), written, "{name}");
    }
}

#[test]
fn multiplicities_are_read_from_the_item_line() {
    let (_, text) = data_files()
        .into_iter()
        .find(|(name, _)| name == "toy3.dlx")
        .expect("toy3.dlx is a data file");
    let problem = knuth::parse(&text).unwrap().problem;
    assert_eq!(problem.item_name(2), "C");
    assert_eq!(problem.bounds(2), (2, 3));
    assert!(problem.has_multiplicities());
}

/// A problem built by hand (names with odd characters, colors declared out of order and one
/// never used) reads back the same.
#[test]
fn round_trips_a_built_problem() {
    let mut b = ProblemBuilder::new();
    let a = b.primary("a").unwrap();
    let long = b.primary("a_long-name.with/odd#chars").unwrap();
    let x = b.secondary("x").unwrap();
    let y = b.secondary("ÿ").unwrap();
    // Declared in another order than they are used, and one never used at all.
    let unused = b.color("unused").unwrap();
    let blue = b.color("blue").unwrap();
    let red = b.color("red").unwrap();
    assert_eq!(unused, 1);
    b.option([
        Entry {
            item: y,
            color: red,
        },
        Entry::plain(a),
    ])
    .unwrap();
    b.option([
        Entry::plain(long),
        Entry {
            item: x,
            color: blue,
        },
    ])
    .unwrap();
    b.option([Entry::plain(x)]).unwrap();
    b.option([Entry::plain(a), Entry::plain(long), Entry::plain(x)])
        .unwrap();
    let p = b.build().unwrap();
    let text = knuth::write(&p);
    let back = knuth::parse(&text).unwrap();
    assert!(back.warnings.is_empty());
    assert_eq!(meaning(&back.problem), meaning(&p));
    assert_eq!(knuth::write(&back.problem), text);
}
