//! The checks of the fuzz targets (`fuzz/fuzz_targets/`), one function a target: each takes the
//! fuzzer's bytes and panics only when the code under test is wrong. The targets call them, and
//! the regression tests run them on the inputs kept from earlier fuzzing.

use dlx_core::{knuth, Budget, Stop};
use dlx_puzzles::sudoku::format::{
    read_cell_sets, read_layout, regions_from_walls, walls_from_regions, write_puzzle, ReadOptions,
    Reader,
};
use dlx_puzzles::sudoku::freeform::{read_grids, write_grid};
use dlx_puzzles::sudoku::judge::Problem;
use dlx_puzzles::sudoku::shape::{file, usual_boxes};
use dlx_puzzles::sudoku::variant;
use dlx_puzzles::sudoku::FreeShape;
use dlx_puzzles::sudoku::{Alphabet, Frame, Layout, Puzzle, ShapeHint};

/// The most puzzles or cases looked at in one input.
const MOST: usize = 1000;

/// Knuth's format: `parse` never panics, and a parsed problem survives `write` then `parse`.
pub fn knuth(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(parsed) = knuth::parse(text) else {
        return;
    };
    let written = knuth::write(&parsed.problem);
    let again = knuth::parse(&written)
        .unwrap_or_else(|e| panic!("written problem does not parse: {e}\n{written}"));
    // `Problem` has no `==`: the written text is canonical, so it stands for the problem.
    assert_eq!(
        written,
        knuth::write(&again.problem),
        "round trip changed the problem"
    );
    assert!(
        again.warnings.is_empty(),
        "written problem warns\n{written}"
    );
}

/// The reader options chosen by a byte: none, a size, an alphabet, or both.
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

/// Reads `input`; every puzzle read is written and must read back to the same puzzle (its
/// layout may differ: a 1x1 block is also a line).
fn read_and_round_trip(input: &[u8], options: &ReadOptions) {
    for item in Reader::new(input, options.clone()).take(MOST) {
        let Ok(puzzle) = item else { continue };
        let (written, back) = write_and_read_back(&puzzle, options);
        assert_eq!(puzzle.size, back.size, "size\n{written}");
        assert_eq!(puzzle.cells, back.cells, "cells\n{written}");
        assert_eq!(
            effective(puzzle.size, &puzzle.shape),
            effective(back.size, &back.shape),
            "shape\n{written}"
        );
        assert_eq!(puzzle.candidates, back.candidates, "candidates\n{written}");
        if puzzle.size >= 2 {
            in_every_frame(&puzzle, options);
        }
    }
}

/// `puzzle` written, and the first puzzle read back from what was written.
fn write_and_read_back(puzzle: &Puzzle, options: &ReadOptions) -> (String, Puzzle) {
    let written = write_puzzle(puzzle);
    let back = Reader::new(written.as_bytes(), options.clone())
        .next()
        .unwrap_or_else(|| panic!("nothing read back from\n{written}"))
        .unwrap_or_else(|e| panic!("written puzzle does not read: {e}\n{written}"));
    (written, back)
}

/// `puzzle` written as a block in every frame that can carry it reads back with the same
/// cells, regions and candidates (its boxes are drawn, so they may come back where it had none).
fn in_every_frame(puzzle: &Puzzle, options: &ReadOptions) {
    let alphabet = match puzzle.layout {
        Layout::Line { alphabet } | Layout::Block { alphabet, .. } => alphabet,
        _ => return,
    };
    let numbers = alphabet == Alphabet::Numbers;
    let n = puzzle.size;
    let usual = usual_boxes(n).0;
    for frame in Frame::ALL {
        let bands = frame == Frame::Bands;
        let skip = (frame == Frame::Spaced && (numbers || puzzle.candidates.is_some()))
            || (bands
                && (usual < 2
                    || usual == n
                    || puzzle.shape.regions.is_some()
                    || puzzle.candidates.is_some()
                    || puzzle.shape.boxes.is_some_and(|b| b != (usual, n / usual))));
        if skip {
            continue;
        }
        let framed = Puzzle {
            layout: Layout::Block {
                alphabet,
                decorated: !bands || !numbers,
                frame,
            },
            ..puzzle.clone()
        };
        let (written, back) = write_and_read_back(&framed, options);
        assert_eq!(puzzle.cells, back.cells, "cells in {frame:?}\n{written}");
        assert_eq!(
            puzzle.shape.regions, back.shape.regions,
            "regions\n{written}"
        );
        assert_eq!(puzzle.candidates, back.candidates, "candidates\n{written}");
    }
}

/// A shape hint with boxes left out where they are the usual ones of the side (a decorated
/// block draws its boxes, which read back as given): both mean the same shape.
fn effective(n: usize, hint: &ShapeHint) -> ShapeHint {
    let usual = usual_boxes(n).0;
    let mut hint = hint.clone();
    if hint.regions.is_none() && hint.boxes == Some((usual, n / usual.max(1))) {
        hint.boxes = None;
    }
    hint
}

/// The Sudoku reader over arbitrary bytes, the first choosing the options; every puzzle read
/// reads back the same once written.
pub fn sudoku_reader(data: &[u8]) {
    if let Some((&first, input)) = data.split_first() {
        read_and_round_trip(input, &options(first));
    }
}

/// JSON lines through the Sudoku reader: every line is made to look like a JSON object, so
/// that the fuzzer spends its time in the JSON records; the same round trip.
pub fn sudoku_json(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut input = String::new();
    for line in text.lines() {
        if !line.trim_start().starts_with('{') {
            input.push('{');
        }
        input.push_str(line);
        input.push('\n');
    }
    read_and_round_trip(input.as_bytes(), &ReadOptions::default());
}

/// Jigsaw layouts and extra cell sets given on their own (`--regions FILE`, `--extra FILE`): a
/// layout read is square, with every region in range.
pub fn layout(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(regions) = read_layout(text) {
        let n = (1..=regions.len())
            .find(|n| n * n >= regions.len())
            .unwrap_or(0);
        assert_eq!(n * n, regions.len(), "not a square layout");
        assert!(
            regions.iter().all(|&r| usize::from(r) < n),
            "region out of range"
        );
    }
    let _ = read_cell_sets(text);
}

/// Wall-encoded cells (HDU 4069), one byte a value (`ff 00` is 0xff, `ff x` is 0x100 + x, an
/// invalid bit): decoding never panics, and a decoded grid encodes and decodes back to itself.
pub fn walls(data: &[u8]) {
    let mut values = Vec::with_capacity(data.len());
    let mut bytes = data.iter();
    while let Some(&byte) = bytes.next() {
        values.push(match byte {
            0xff => match bytes.next() {
                None | Some(0) => 0xff,
                Some(&x) => 0x100 + u32::from(x),
            },
            _ => u32::from(byte),
        });
    }
    let Ok((cells, regions)) = regions_from_walls(&values) else {
        return;
    };
    let walls = walls_from_regions(&cells, &regions).expect("a decoded grid encodes");
    let back = regions_from_walls(&walls).expect("an encoded grid decodes");
    assert_eq!((cells, regions), back);
}

/// Every judge problem's input reader, the first byte choosing the problem: every case read
/// has one cell per cell of its shape.
pub fn judge(data: &[u8]) {
    let Some((&first, input)) = data.split_first() else {
        return;
    };
    let problem = Problem::ALL[usize::from(first) % Problem::ALL.len()];
    for case in problem.cases(input).take(10 * MOST).flatten() {
        assert_eq!(case.cells.len(), case.shape.size() * case.shape.size());
    }
}

/// A shape file and a Samurai grid: reading never panics; a shape read is written and read back
/// the same, and so is every grid read (the first byte chooses the built-in layout of the grid).
pub fn free_shape(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    if let Ok(shape) = file::read(text) {
        let back = file::read(&file::write(&shape)).expect("a written shape reads");
        assert_eq!(back, shape);
    }
    let name = FreeShape::GATTAI[usize::from(first) % FreeShape::GATTAI.len()];
    let shape = FreeShape::gattai(name).expect("a built-in layout");
    if let Ok(grids) = read_grids(text, &shape) {
        for (_, givens) in grids.into_iter().take(MOST) {
            let back =
                read_grids(&write_grid(&shape, &givens), &shape).expect("a written grid reads");
            assert_eq!(back, [(1, givens)]);
        }
    }
}

/// Variant puzzles (ISS's strings and the killer forms): reading never panics; a puzzle read is
/// written in ISS's form and read back the same; its search, on a small budget, never panics and
/// returns only grids the checker accepts.
pub fn variant(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = variant::killer::read(text);
    if let Ok(puzzle) = variant::read(text) {
        read_back_and_search(&puzzle);
    }
}

/// f-puzzles' JSON (and its links, through `variant::read`): reading never panics; what reads is
/// checked as [`variant()`] checks it.
pub fn fpuzzles(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(puzzle) = variant::fpuzzles::read(text) {
        read_back_and_search(&puzzle);
    }
    if let Ok(puzzle) = variant::read(&format!("fpuzzles{}", text.trim())) {
        read_back_and_search(&puzzle);
    }
}

/// SudokuPad's JSON, shortened or plain, and compressed (the bytes after `scl` in a link):
/// parsing and reading never panic; what reads is checked as [`variant()`] checks it.
pub fn sudokupad(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = variant::sudokupad::parse(text);
    if let Ok(puzzle) = variant::read(&format!("scl{}", text.trim())) {
        read_back_and_search(&puzzle);
    }
}

/// A puzzle read is written in ISS's form and read back the same; its search, on a small
/// budget, never panics and returns only grids the checker accepts.
fn read_back_and_search(puzzle: &variant::Variant) {
    let back = variant::iss::read(&variant::iss::write(puzzle)).expect("a written puzzle reads");
    assert_eq!(&back, puzzle);
    let stop = Stop::new().with_budget(Budget::Nodes(200));
    puzzle.solutions(3, &stop, |grid| {
        assert_eq!(puzzle.check_solution(grid), Ok(()));
        true
    });
}
