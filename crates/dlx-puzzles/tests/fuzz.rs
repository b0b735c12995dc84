//! Inputs the fuzz targets (`fuzz/fuzz_targets/`) found, kept as regression tests: each file of
//! `tests/data/fuzz/TARGET/` goes through the same checks as in its target, without a fuzzer.
//! Every input must give values or errors, never a panic.

use std::path::{Path, PathBuf};

use dlx_puzzles::sudoku::format::{
    read_cell_sets, read_layout, regions_from_walls, walls_from_regions, write_puzzle, ReadOptions,
    Reader,
};
use dlx_puzzles::sudoku::judge::Problem;
use dlx_puzzles::sudoku::Alphabet;

/// The inputs kept for `target`, with their paths.
fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/fuzz")
        .join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).unwrap();
            (path, bytes)
        })
        .collect()
}

/// The reader options chosen by the first byte, as in `fuzz_targets/sudoku_reader.rs`.
fn options(byte: u8) -> ReadOptions {
    let alphabet = match byte & 7 {
        1 => Some(Alphabet::OneBased),
        2 => Some(Alphabet::ZeroBased),
        3 => Some(Alphabet::Letters),
        4 => Some(Alphabet::Numbers),
        _ => None,
    };
    let size = match byte >> 3 {
        0 => None,
        31 => Some(70000),
        k => Some(usize::from(k)),
    };
    ReadOptions { size, alphabet }
}

/// Reads `input`; every puzzle read is written and must read back to the same puzzle.
fn read_and_round_trip(input: &[u8], options: &ReadOptions, name: &Path) {
    for item in Reader::new(input, options.clone()).take(1000) {
        let Ok(puzzle) = item else { continue };
        let written = write_puzzle(&puzzle);
        let back = Reader::new(written.as_bytes(), options.clone())
            .next()
            .unwrap_or_else(|| panic!("{}: nothing read back from\n{written}", name.display()))
            .unwrap_or_else(|e| panic!("{}: {e}\n{written}", name.display()));
        assert_eq!(puzzle.size, back.size, "{}", name.display());
        assert_eq!(puzzle.cells, back.cells, "{}", name.display());
        assert_eq!(puzzle.shape, back.shape, "{}", name.display());
    }
}

#[test]
fn sudoku_reader_inputs() {
    for (path, bytes) in inputs("sudoku_reader") {
        let Some((&first, input)) = bytes.split_first() else {
            continue;
        };
        read_and_round_trip(input, &options(first), &path);
    }
}

#[test]
fn sudoku_json_inputs() {
    for (path, bytes) in inputs("sudoku_json") {
        let text = String::from_utf8_lossy(&bytes);
        let mut input = String::new();
        for line in text.lines() {
            if !line.trim_start().starts_with('{') {
                input.push('{');
            }
            input.push_str(line);
            input.push('\n');
        }
        read_and_round_trip(input.as_bytes(), &ReadOptions::default(), &path);
    }
}

#[test]
fn layout_inputs() {
    for (_, bytes) in inputs("layout") {
        let text = String::from_utf8_lossy(&bytes);
        let _ = read_layout(&text);
        let _ = read_cell_sets(&text);
    }
}

#[test]
fn walls_inputs() {
    for (path, bytes) in inputs("walls") {
        let mut values = Vec::new();
        let mut rest = bytes.iter();
        while let Some(&byte) = rest.next() {
            values.push(match byte {
                0xff => match rest.next() {
                    None | Some(0) => 0xff,
                    Some(&x) => 0x100 + u32::from(x),
                },
                _ => u32::from(byte),
            });
        }
        let Ok((cells, regions)) = regions_from_walls(&values) else {
            continue;
        };
        let walls = walls_from_regions(&cells, &regions).unwrap();
        assert_eq!(
            regions_from_walls(&walls).unwrap(),
            (cells, regions),
            "{}",
            path.display()
        );
    }
}

#[test]
fn judge_inputs() {
    for (_, bytes) in inputs("judge") {
        let Some((&first, input)) = bytes.split_first() else {
            continue;
        };
        let problem = Problem::ALL[usize::from(first) % Problem::ALL.len()];
        for case in problem.cases(input).take(10_000).flatten() {
            assert_eq!(case.cells.len(), case.shape.size() * case.shape.size());
        }
    }
}
