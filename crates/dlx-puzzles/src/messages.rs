//! The errors of the crate (the Sudoku givens check, the wall encoding, the judge,
//! the polyomino pictures, and the queens, polyomino and Langford models), each variant
//! triggered from real input with its whole message: what is wrong, where (a cell, or a line and
//! column of the text), and what was expected.
//!
//! Each error type has a `variant!` list of patterns that must cover the type (the compiler
//! checks it), and the test fails unless some case reaches every pattern: a new variant cannot
//! go without a case here. The text formats' errors are one type with a message each, checked
//! where they are read (`tests/formats.rs`, the judge modules).
//!
//! The models wrap the engine's `BuildError`, which their own inputs cannot cause: those cases
//! are made by hand, and the engine's messages are checked in `dlx-core`.

use std::io;

use dlx_core::{BuildError, Search};
use dlx_test_support::{check_messages, variant};

use crate::langford::{Langford, LangfordError};
use crate::polyomino::{
    parse_pieces, pentominoes, Board, PictureErrorKind, Piece, Polyomino, PolyominoError, MAX_CELLS,
};
use crate::queens::{Order, Queens, QueensError};
use crate::sudoku::format::{regions_from_walls, walls_from_regions, WallError};
use crate::sudoku::judge::{self, JudgeError, Problem, UnknownProblem};
use crate::sudoku::{validate, GivensError, Invalid, Model, Shape, ShapeError, ShapeHint, Solver};
use crate::DecodeError;

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
    check_messages(
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
    // Every cell may only be 1.
    let marked = Model::with_candidates(four(), &[0b0001; 16]);
    let mut ruled_out = [0; 16];
    ruled_out[5] = 2;
    check_messages(
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
            (
                marked
                    .start(&mut Search::new(marked.problem()), &ruled_out)
                    .unwrap_err(),
                "row 2, column 2 holds 2, which is not among its candidates",
            ),
        ],
        |e| {
            variant!(
                e,
                GivensError::Clash(_),
                GivensError::Length { .. },
                GivensError::Value { .. },
                GivensError::RuledOut { .. },
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
    check_messages(
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
    check_messages(
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
    check_messages(
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

/// An engine error to stand for the ones the models cannot cause from their inputs.
fn build_error() -> BuildError {
    BuildError::NoPrimaryItems
}

fn polyomino(board: Board, pieces: Vec<Piece>, restrict: Option<char>) -> PolyominoError {
    // Not `unwrap_err`: a built problem is too long to print.
    match Polyomino::new(board, pieces, restrict) {
        Ok(_) => panic!("the problem was built"),
        Err(e) => e,
    }
}

fn piece(name: char, cells: &[(usize, usize)]) -> Piece {
    Piece::new(name, cells).unwrap()
}

#[test]
fn polyomino_errors() {
    let six_by_ten = || Board::rectangle(6, 10).unwrap();
    let domino = |name| piece(name, &[(0, 0), (0, 1)]);
    // A 3x3 square on a 3x3 board: its one placement is symmetric under every symmetry.
    let square: Vec<(usize, usize)> = (0..9).map(|k| (k / 3, k % 3)).collect();
    check_messages(
        vec![
            (Board::rectangle(0, 5).unwrap_err(), "the board has no cells"),
            (Board::rectangle(101, 100).unwrap_err(), "the board is too large (at most 10000 squares)"),
            (Piece::new('A', &[]).unwrap_err(), "`A` cannot be a piece (expected at least one cell, at most 10000 squares across, and a name other than a blank, `.`, `:` or `|`)"),
            (Piece::new(':', &[(0, 0)]).unwrap_err(), "`:` cannot be a piece (expected at least one cell, at most 10000 squares across, and a name other than a blank, `.`, `:` or `|`)"),
            (polyomino(six_by_ten(), Vec::new(), None), "there are no pieces"),
            (polyomino(six_by_ten(), vec![domino('A'), domino('A')], None), "two pieces are called `A`"),
            (polyomino(six_by_ten(), pentominoes(), Some('Q')), "there is no piece `Q` to restrict"),
            (polyomino(Board::rectangle(5, 12).unwrap(), pentominoes(), Some('X')), "restricting `X` would count some solutions twice: some of its placements are symmetric on this board (restrict one of F L N P V W Y Z instead)"),
            (polyomino(Board::rectangle(3, 3).unwrap(), vec![piece('O', &square)], Some('O')), "restricting `O` would count some solutions twice: some of its placements are symmetric on this board (and so are those of every other piece)"),
            // Over 16 million entries: too large to build in a test.
            (PolyominoError::TooLarge, "the problem is too large (more than 16777216 entries)"),
            (PolyominoError::from(build_error()), "the problem has no primary items"),
        ],
        |e| {
            variant!(
                e,
                PolyominoError::EmptyBoard,
                PolyominoError::BoardTooLarge,
                PolyominoError::BadPiece(_),
                PolyominoError::NoPieces,
                PolyominoError::DuplicatePiece(_),
                PolyominoError::UnknownPiece(_),
                PolyominoError::RestrictionNotExact { .. },
                PolyominoError::TooLarge,
                PolyominoError::Build(_),
            )
        },
    );
}

#[test]
fn queens_errors() {
    check_messages(
        vec![
            (
                Queens::new(0, Order::Plain).unwrap_err(),
                "the board must have at least one row (n ≥ 1)",
            ),
            (
                Queens::new(1001, Order::OrganPipe).unwrap_err(),
                "1001 queens is too many (at most 1000)",
            ),
            (
                QueensError::from(build_error()),
                "the problem has no primary items",
            ),
        ],
        |e| {
            variant!(
                e,
                QueensError::Empty,
                QueensError::TooLarge(_),
                QueensError::Build(_)
            )
        },
    );
}

#[test]
fn langford_errors() {
    check_messages(
        vec![
            (
                Langford::new(0).unwrap_err(),
                "there must be at least one pair (n ≥ 1)",
            ),
            (
                Langford::new(1001).unwrap_err(),
                "1001 pairs is too many (at most 1000)",
            ),
            (
                LangfordError::from(build_error()),
                "the problem has no primary items",
            ),
        ],
        |e| {
            variant!(
                e,
                LangfordError::Empty,
                LangfordError::TooLarge(_),
                LangfordError::Build(_),
            )
        },
    );
}

#[test]
fn decode_errors() {
    // Options of 4 queens, plain order: option 4r + c puts a queen on row r, column c.
    let queens = Queens::new(4, Order::Plain).unwrap();
    let langford = Langford::new(3).unwrap();
    check_messages(
        vec![
            (
                queens.decode(&[16]).unwrap_err(),
                "there is no option #16 in this problem",
            ),
            (
                queens.decode(&[1, 2]).unwrap_err(),
                "row 0 is covered twice",
            ),
            (
                queens.decode(&[1, 7, 8]).unwrap_err(),
                "row 3 is not covered",
            ),
            (
                langford.decode(&[0, 0]).unwrap_err(),
                "value 1 is covered twice",
            ),
        ],
        |e| {
            variant!(
                e,
                DecodeError::UnknownOption(_),
                DecodeError::Twice(_),
                DecodeError::Uncovered(_),
            )
        },
    );
}

#[test]
fn unknown_judge_problems() {
    check_messages(
        vec![(
            "poj1".parse::<Problem>().unwrap_err(),
            "unknown problem `poj1` (expected one of: poj2676, poj3074, poj3076, la2659, acwing169, hdu4069, hdu3111, spoj-sudoku)",
        )],
        |e| variant!(e, UnknownProblem { .. }),
    );
}

#[test]
fn judge_errors() {
    let run = |input: &str, out: &mut dyn io::Write| {
        judge::run(Problem::Poj3074, input.as_bytes(), out).unwrap_err()
    };
    let puzzle = ".".repeat(81);
    check_messages(
        vec![
            (run("12x\n", &mut Vec::new()), "line 1, column 3: unexpected character `x` in case 1 (or `end`) (expected a digit 1-9, or `.` or `0` for an empty cell)"),
            // No room for the reply.
            (run(&puzzle, &mut [0u8; 10].as_mut_slice()), "cannot write the answers: failed to write whole buffer"),
            // A puzzle that needs guesses, with none allowed.
            (
                judge::run_within(
                    Problem::Poj3074,
                    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\nend\n".as_bytes(),
                    &mut Vec::new(),
                    dlx_core::Stop::new().with_budget(dlx_core::Budget::Nodes(0)),
                )
                .unwrap_err(),
                "case 1 (line 1) is unfinished: a limit ran out before its reply was known",
            ),
        ],
        |e| variant!(e, JudgeError::Input(_), JudgeError::Write(_), JudgeError::Unfinished { .. }),
    );
}
