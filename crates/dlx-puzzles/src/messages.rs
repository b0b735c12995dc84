//! The errors of the Sudoku model, the wall encoding and the polyomino pictures, each variant
//! triggered from real input with its whole message: what is wrong, where (a cell, or a line and
//! column of the text), and what was expected.
//!
//! Each error type has a `variant!` list of patterns that must cover the type (the compiler
//! checks it), and the test fails unless some case reaches every pattern: a new variant cannot
//! go without a case here. The text formats' errors are one type with a message each, checked
//! where they are read (`tests/formats.rs`, the judge modules).

use std::fmt::Display;

use crate::polyomino::{parse_pieces, Board, PictureErrorKind, MAX_CELLS};
use crate::sudoku::format::{regions_from_walls, walls_from_regions, WallError};
use crate::sudoku::{validate, GivensError, Invalid, Shape, ShapeError, ShapeHint, Solver};

/// The index of the first of the patterns that `value` matches, and the number of patterns.
/// The patterns must cover the type, so that a new variant is a compile error here.
macro_rules! variant {
    ($value:expr, $($pattern:pat),+ $(,)?) => {{
        let value = $value;
        match value {
            $($pattern)|+ => {}
        }
        let arms = [$(matches!(value, $pattern)),+];
        (arms.iter().position(|&hit| hit).unwrap(), arms.len())
    }};
}

/// Checks each error's message, and that the cases reach every variant.
fn check<E: Display>(cases: Vec<(E, &str)>, variant: impl Fn(&E) -> (usize, usize)) {
    let mut wrong = Vec::new();
    let mut reached = Vec::new();
    let mut variants = 0;
    for (error, message) in &cases {
        if error.to_string() != *message {
            wrong.push(format!(
                "expected {message:?}\n   found {:?}",
                error.to_string()
            ));
        }
        let (k, n) = variant(error);
        reached.push(k);
        variants = n;
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    reached.sort_unstable();
    reached.dedup();
    let missing: Vec<usize> = (0..variants).filter(|k| !reached.contains(k)).collect();
    assert!(
        missing.is_empty(),
        "no case reaches the variants {missing:?}"
    );
}

fn jigsaw(layout: &str) -> ShapeError {
    let n = (1..=layout.len()).find(|n| n * n >= layout.len()).unwrap();
    let ids: Vec<u16> = layout
        .chars()
        .map(|c| {
            if c == '.' {
                Shape::UNASSIGNED
            } else {
                c as u16
            }
        })
        .collect();
    Shape::jigsaw(n, &ids).unwrap_err()
}

fn four() -> Shape {
    Shape::standard(4).unwrap()
}

#[test]
fn shape_errors() {
    let both = ShapeHint {
        boxes: Some((2, 2)),
        regions: Some(vec![0; 16]),
        extra: Vec::new(),
    };
    check(
        vec![
            (Shape::standard(0).unwrap_err(), "the grid size must be at least 1"),
            (Shape::standard(101).unwrap_err(), "a 101x101 grid is too large (at most 100x100)"),
            (Shape::standard(7).unwrap_err(), "a 7x7 grid has no box shape (7 is prime): give the boxes (--boxes RxC) or a region layout"),
            (Shape::boxes_for(9, 2, 4).unwrap_err(), "boxes of 2x4 do not fit a 9x9 grid (2 * 4 must be 9)"),
            (Shape::from_hint(4, &both).unwrap_err(), "give either boxes or a region layout, not both"),
            (Shape::jigsaw(4, &[0; 15]).unwrap_err(), "the region layout has 15 cells, but a 4x4 grid has 16"),
            (Shape::jigsaw(4, &[0]).unwrap_err(), "the region layout has 1 cell, but a 4x4 grid has 16"),
            (jigsaw("AABBAABBCCDDCCD."), "row 4, column 4 belongs to no region"),
            (jigsaw("AABBAABBCCDDCCDE"), "the region layout has 5 regions, but a 4x4 grid needs 4"),
            (jigsaw("AAABAABBCCDDCCDD"), "region 1 (the one at row 1, column 1) has 5 cells, but it needs 4"),
            (jigsaw("AABBCABBACDDCCDD"), "region 1 (the one at row 1, column 1) is not connected: row 3, column 1 cannot be reached from row 1, column 1"),
            (four().with_extra(&[0, 5, 10]).unwrap_err(), "extra region 1 has 3 cells, but it needs 4"),
            (four().with_extra(&[5]).unwrap_err(), "extra region 1 has 1 cell, but it needs 4"),
            (four().with_extra(&[0, 5, 10, 16]).unwrap_err(), "extra region 1 names cell #16, outside the grid"),
            (four().with_extra(&[0, 5, 10, 5]).unwrap_err(), "extra region 1 names row 2, column 2 twice"),
            (Shape::standard(6).unwrap().with_windows().unwrap_err(), "windoku windows need a square side (4, 9, 16, ...), not 6"),
        ],
        |e| {
            variant!(
                e,
                ShapeError::Empty,
                ShapeError::TooLarge { .. },
                ShapeError::NoBoxes { .. },
                ShapeError::BoxesMismatch { .. },
                ShapeError::BoxesAndRegions,
                ShapeError::LayoutLength { .. },
                ShapeError::Unassigned { .. },
                ShapeError::RegionCount { .. },
                ShapeError::RegionSize { .. },
                ShapeError::Disconnected { .. },
                ShapeError::ExtraSize { .. },
                ShapeError::ExtraOutside { .. },
                ShapeError::ExtraRepeated { .. },
                ShapeError::NoWindows { .. },
            )
        },
    );
}

#[test]
fn givens_errors() {
    let mut six = Solver::new(Shape::standard(6).unwrap());
    let mut nine = Solver::new(Shape::standard(9).unwrap());
    let mut clash = vec![0; 36];
    (clash[7], clash[8]) = (5, 5);
    let mut high = vec![0; 81];
    high[10] = 10;
    check(
        vec![
            (
                six.solve(&clash).unwrap_err(),
                "value 5 is given twice in row 2: at row 2, column 2 and at row 2, column 3",
            ),
            (
                six.check(&[0; 35]).unwrap_err(),
                "35 cells given, but the grid has 36",
            ),
            (
                nine.count(&high, None).unwrap_err(),
                "row 2, column 2 holds 10, but values go from 1 to 9",
            ),
        ],
        |e| {
            variant!(
                e,
                GivensError::Clash(_),
                GivensError::Length { .. },
                GivensError::Value { .. },
            )
        },
    );
}

#[test]
fn invalid_solutions() {
    let shape = four();
    let good = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    let mut empty = good;
    empty[6] = 0;
    let mut changed = [0; 16];
    changed[0] = 2;
    let mut repeated = good;
    repeated.swap(0, 1);
    check(
        vec![
            (
                validate(&shape, &[0; 16], &good[1..]).unwrap_err(),
                "15 cells, but the grid has 16",
            ),
            (
                validate(&shape, &[0; 16], &empty).unwrap_err(),
                "row 2, column 3 holds 0, but values go from 1 to 4",
            ),
            (
                validate(&shape, &changed, &good).unwrap_err(),
                "row 1, column 1 was given as 2 but holds 1",
            ),
            (
                validate(&shape, &[0; 16], &repeated).unwrap_err(),
                "value 2 appears twice in column 1: at row 1, column 1 and at row 3, column 1",
            ),
        ],
        |e| {
            variant!(
                e,
                Invalid::Length { .. },
                Invalid::Value { .. },
                Invalid::GivenChanged { .. },
                Invalid::Repeated { .. },
            )
        },
    );
}

#[test]
fn wall_errors() {
    check(
        vec![
            (regions_from_walls(&[0; 5]).unwrap_err(), "expected n x n cells with n from 1 to 15, found 5"),
            (walls_from_regions(&[0; 4], &[0; 3]).unwrap_err(), "expected as many regions as cells, found 3 regions for 4 cells"),
            (walls_from_regions(&[0; 4], &[0]).unwrap_err(), "expected as many regions as cells, found 1 region for 4 cells"),
            (regions_from_walls(&[0, 0, 256, 0]).unwrap_err(), "row 2, column 1: value 256 has bits above 255 (expected a digit plus walls 16, 32, 64, 128)"),
            (regions_from_walls(&[0, 3, 0, 0]).unwrap_err(), "row 1, column 2: digit 3 is larger than the grid side 2"),
            // No walls: one region.
            (regions_from_walls(&[0; 4]).unwrap_err(), "the walls make 1 region (expected 2)"),
            // The top-left cell walled off from the rest.
            (regions_from_walls(&[32 + 64, 128, 16, 0]).unwrap_err(), "row 1, column 1: the region of this cell has 1 cell (expected 2)"),
        ],
        |e| {
            variant!(
                e,
                WallError::NotSquare { .. },
                WallError::Mismatch { .. },
                WallError::Bits { .. },
                WallError::Digit { .. },
                WallError::RegionCount { .. },
                WallError::RegionSize { .. },
            )
        },
    );
}

#[test]
fn picture_errors() {
    let wide = "#".repeat(MAX_CELLS + 1);
    check(
        vec![
            (Board::parse("##\n#\t#\n").unwrap_err(), "line 2, column 2: a tab (expected spaces, so that columns line up)"),
            (Board::parse("##\n#x\n").unwrap_err(), "line 2, column 2: unexpected `x` in a board (expected `#` for a cell, `.` or a space for a hole)"),
            (parse_pieces("AA\nA:\n").unwrap_err(), "line 2, column 2: `:` cannot name a piece (expected any character but `.`, `:`, `|` and blanks)"),
            (parse_pieces("A.A\n").unwrap_err(), "line 1, column 1: piece `A` falls apart (expected its cells to be connected through their sides)"),
            (Board::parse("..\n\n").unwrap_err(), "line 3, column 1: no cells (expected a picture with at least one cell)"),
            (Board::parse(&wide).unwrap_err(), "line 1, column 10001: the picture is too large (expected at most 10000 squares)"),
        ],
        |e| {
            variant!(
                &e.kind,
                PictureErrorKind::Tab,
                PictureErrorKind::NotABoardMark(_),
                PictureErrorKind::InvalidPieceName(_),
                PictureErrorKind::Disconnected(_),
                PictureErrorKind::Empty,
                PictureErrorKind::TooLarge(_),
            )
        },
    );
}
