//! Every data file survives `write` then `parse`, and `write` prints exactly its items and options.

use std::path::Path;

use dlx_core::knuth;
use dlx_core::Problem;

/// Items (name, primary?) and options as (item name, color name) lists, so that two problems can
/// be compared whatever numbers their colors were given.
type Shape = (
    Vec<(String, bool)>,
    Vec<(u32, u32)>,
    Vec<Vec<(String, String)>>,
);

fn shape(p: &Problem) -> Shape {
    let items = (0..p.item_count())
        .map(|i| (p.item_name(i).to_string(), i < p.primary_count()))
        .collect();
    let bounds = (0..p.item_count()).map(|i| p.bounds(i)).collect();
    let options = (0..p.option_count())
        .map(|o| {
            p.option(o)
                .iter()
                .map(|e| {
                    let item = p.item_name(e.item).to_string();
                    (item, p.color_name(e.color).to_string())
                })
                .collect()
        })
        .collect();
    (items, bounds, options)
}

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
        assert_eq!(shape(&again.problem), shape(&parsed.problem), "{name}");
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
