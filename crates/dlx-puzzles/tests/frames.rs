//! The framed and banded layouts people paste: Simple Sudoku's, the forum's (Sudoku Explainer,
//! HoDoKu), Unicode box drawing, `+---+` frames, bands separated by blank lines, spaced grids
//! without rules. Each reads as one puzzle and its answer is drawn in the frame it came in.

use dlx_puzzles::sudoku::format::{read_answer, write_answer, write_puzzle, ReadOptions, Reader};
use dlx_puzzles::sudoku::{self, Answer, Frame, Layout, Puzzle};

/// The classic puzzle drawn in a frame: a file of `tests/data/frames`.
fn frame(name: &str) -> String {
    let path = format!("{}/tests/data/frames/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap()
}

/// The classic puzzle of Wikipedia's article, row by row.
const GIVENS: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Its solution.
const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn values(text: &str) -> Vec<u16> {
    text.bytes()
        .map(|b| if b == b'.' { 0 } else { u16::from(b - b'0') })
        .collect()
}

/// The one puzzle of `text`, which must read without error.
fn one(text: &str) -> Puzzle {
    let all: Vec<_> = Reader::new(text.as_bytes(), ReadOptions::default()).collect();
    assert_eq!(all.len(), 1, "{text}\n{all:?}");
    all.into_iter().next().unwrap().unwrap()
}

/// The frame a block was read in.
fn frame_of(p: &Puzzle) -> (bool, Frame) {
    match p.layout {
        Layout::Block {
            decorated, frame, ..
        } => (decorated, frame),
        ref other => panic!("not a block: {other:?}"),
    }
}

/// Reads `text`, checks the classic puzzle and its frame, and that the answer is `answer` (the
/// solution drawn the same way), reads back as the answer, and that the puzzle written reads
/// back the same.
fn check(text: &str, frame: Frame, answer: &str) {
    let p = one(text);
    assert_eq!(p.size, 9);
    assert_eq!(p.cells, values(GIVENS), "{text}");
    assert_eq!(frame_of(&p).1, frame, "{text}");
    let solution = Answer::Solution(values(SOLUTION));
    let written = write_answer(&p, &solution);
    assert_eq!(written, answer, "\n{written}");
    assert_eq!(read_answer(&written, &p), Ok(solution));
    let again = write_puzzle(&p);
    assert_eq!(one(&again), p, "\n{again}");
    // And the text itself solves to that answer in one call.
    assert_eq!(sudoku::solve(text).unwrap().as_deref(), Some(answer));
}

#[test]
fn simple_sudoku_frames() {
    let text = &frame("star.txt");
    let answer = "\
*-----------*
|534|678|912|
|672|195|348|
|198|342|567|
|---+---+---|
|859|761|423|
|426|853|791|
|713|924|856|
|---+---+---|
|961|537|284|
|287|419|635|
|345|286|179|
*-----------*
";
    check(text, Frame::Star, answer);
    assert_eq!(one(text).shape.boxes, Some((3, 3)));
}

#[test]
fn forum_frames() {
    let text = &frame("forum.txt");
    let answer = "\
.-------.-------.-------.
| 5 3 4 | 6 7 8 | 9 1 2 |
| 6 7 2 | 1 9 5 | 3 4 8 |
| 1 9 8 | 3 4 2 | 5 6 7 |
:-------+-------+-------:
| 8 5 9 | 7 6 1 | 4 2 3 |
| 4 2 6 | 8 5 3 | 7 9 1 |
| 7 1 3 | 9 2 4 | 8 5 6 |
:-------+-------+-------:
| 9 6 1 | 5 3 7 | 2 8 4 |
| 2 8 7 | 4 1 9 | 6 3 5 |
| 3 4 5 | 2 8 6 | 1 7 9 |
'-------'-------'-------'
";
    check(text, Frame::Dots, answer);
}

#[test]
fn unicode_box_drawing_in_light_lines() {
    let text = "\
┌───────┬───────┬───────┐
│ 5 3 . │ . 7 . │ . . . │
│ 6 . . │ 1 9 5 │ . . . │
│ . 9 8 │ . . . │ . 6 . │
├───────┼───────┼───────┤
│ 8 . . │ . 6 . │ . . 3 │
│ 4 . . │ 8 . 3 │ . . 1 │
│ 7 . . │ . 2 . │ . . 6 │
├───────┼───────┼───────┤
│ . 6 . │ . . . │ 2 8 . │
│ . . . │ 4 1 9 │ . . 5 │
│ . . . │ . 8 . │ . 7 9 │
└───────┴───────┴───────┘
";
    let answer = "\
┌───────┬───────┬───────┐
│ 5 3 4 │ 6 7 8 │ 9 1 2 │
│ 6 7 2 │ 1 9 5 │ 3 4 8 │
│ 1 9 8 │ 3 4 2 │ 5 6 7 │
├───────┼───────┼───────┤
│ 8 5 9 │ 7 6 1 │ 4 2 3 │
│ 4 2 6 │ 8 5 3 │ 7 9 1 │
│ 7 1 3 │ 9 2 4 │ 8 5 6 │
├───────┼───────┼───────┤
│ 9 6 1 │ 5 3 7 │ 2 8 4 │
│ 2 8 7 │ 4 1 9 │ 6 3 5 │
│ 3 4 5 │ 2 8 6 │ 1 7 9 │
└───────┴───────┴───────┘
";
    check(text, Frame::Light, answer);
    // Rows drawn with only the inner lines read too.
    let inner = "\
5 3 . │ . 7 . │ . . .
6 . . │ 1 9 5 │ . . .
. 9 8 │ . . . │ . 6 .
──────┼───────┼──────
8 . . │ . 6 . │ . . 3
4 . . │ 8 . 3 │ . . 1
7 . . │ . 2 . │ . . 6
──────┼───────┼──────
. 6 . │ . . . │ 2 8 .
. . . │ 4 1 9 │ . . 5
. . . │ . 8 . │ . 7 9
";
    let p = one(inner);
    assert_eq!(p.cells, values(GIVENS));
    assert_eq!(p.shape.boxes, Some((3, 3)));
}

#[test]
fn unicode_box_drawing_in_double_lines() {
    let text = "\
╔═══════╦═══════╦═══════╗
║ 5 3 . ║ . 7 . ║ . . . ║
║ 6 . . ║ 1 9 5 ║ . . . ║
║ . 9 8 ║ . . . ║ . 6 . ║
╠═══════╬═══════╬═══════╣
║ 8 . . ║ . 6 . ║ . . 3 ║
║ 4 . . ║ 8 . 3 ║ . . 1 ║
║ 7 . . ║ . 2 . ║ . . 6 ║
╠═══════╬═══════╬═══════╣
║ . 6 . ║ . . . ║ 2 8 . ║
║ . . . ║ 4 1 9 ║ . . 5 ║
║ . . . ║ . 8 . ║ . 7 9 ║
╚═══════╩═══════╩═══════╝
";
    let answer = "\
╔═══════╦═══════╦═══════╗
║ 5 3 4 ║ 6 7 8 ║ 9 1 2 ║
║ 6 7 2 ║ 1 9 5 ║ 3 4 8 ║
║ 1 9 8 ║ 3 4 2 ║ 5 6 7 ║
╠═══════╬═══════╬═══════╣
║ 8 5 9 ║ 7 6 1 ║ 4 2 3 ║
║ 4 2 6 ║ 8 5 3 ║ 7 9 1 ║
║ 7 1 3 ║ 9 2 4 ║ 8 5 6 ║
╠═══════╬═══════╬═══════╣
║ 9 6 1 ║ 5 3 7 ║ 2 8 4 ║
║ 2 8 7 ║ 4 1 9 ║ 6 3 5 ║
║ 3 4 5 ║ 2 8 6 ║ 1 7 9 ║
╚═══════╩═══════╩═══════╝
";
    check(text, Frame::Double, answer);
    // Double outside, light inside: read, and drawn in double lines.
    let mixed = text
        .replace("╠═══════╬═══════╬═══════╣", "╟───────┼───────┼───────╢")
        .replace(" ║ ", " │ ");
    let p = one(&mixed);
    assert_eq!(p.cells, values(GIVENS));
    assert_eq!(frame_of(&p).1, Frame::Double);
}

#[test]
fn plus_frames_are_kept() {
    let text = "\
+-------+-------+-------+
| 5 3 . | . 7 . | . . . |
| 6 . . | 1 9 5 | . . . |
| . 9 8 | . . . | . 6 . |
+-------+-------+-------+
| 8 . . | . 6 . | . . 3 |
| 4 . . | 8 . 3 | . . 1 |
| 7 . . | . 2 . | . . 6 |
+-------+-------+-------+
| . 6 . | . . . | 2 8 . |
| . . . | 4 1 9 | . . 5 |
| . . . | . 8 . | . 7 9 |
+-------+-------+-------+
";
    let answer = "\
+-------+-------+-------+
| 5 3 4 | 6 7 8 | 9 1 2 |
| 6 7 2 | 1 9 5 | 3 4 8 |
| 1 9 8 | 3 4 2 | 5 6 7 |
+-------+-------+-------+
| 8 5 9 | 7 6 1 | 4 2 3 |
| 4 2 6 | 8 5 3 | 7 9 1 |
| 7 1 3 | 9 2 4 | 8 5 6 |
+-------+-------+-------+
| 9 6 1 | 5 3 7 | 2 8 4 |
| 2 8 7 | 4 1 9 | 6 3 5 |
| 3 4 5 | 2 8 6 | 1 7 9 |
+-------+-------+-------+
";
    check(text, Frame::Plus, answer);
}

#[test]
fn bands_separated_by_blank_lines_are_one_grid() {
    let text = "\
53..7....
6..195...
.98....6.

8...6...3
4..8.3..1
7...2...6

.6....28.
...419..5
....8..79
";
    let answer = "\
534678912
672195348
198342567

859761423
426853791
713924856

961537284
287419635
345286179
";
    check(text, Frame::Bands, answer);
    assert_eq!(frame_of(&one(text)), (false, Frame::Bands));
    // Spaced, and as numbers.
    let spaced = text
        .lines()
        .map(|l| l.chars().map(String::from).collect::<Vec<_>>().join(" ") + "\n")
        .collect::<String>();
    let p = one(&spaced);
    assert_eq!(p.cells, values(GIVENS));
    assert_eq!(frame_of(&p), (true, Frame::Bands));
    let zeros = spaced.replace('.', "0");
    let p = one(&zeros);
    assert_eq!(p.cells, values(GIVENS));
    assert_eq!(frame_of(&p), (false, Frame::Bands));
    assert_eq!(write_puzzle(&p), zeros);
    // Two banded grids in a row, as the answers of two puzzles are printed.
    let two = format!("{text}\n{text}");
    let all: Vec<_> = Reader::new(two.as_bytes(), ReadOptions::default()).collect();
    assert_eq!(all.len(), 2);
    assert!(all
        .iter()
        .all(|p| p.as_ref().unwrap().cells == values(GIVENS)));
}

#[test]
fn a_block_short_of_rows_is_not_joined_to_the_next_one() {
    // Six rows, a blank line and a whole grid: an error, then the grid.
    let rows: Vec<String> = GIVENS
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8(r.to_vec()).unwrap())
        .collect();
    let text = format!("{}\n\n{}\n", rows[..6].join("\n"), rows.join("\n"));
    let all: Vec<_> = Reader::new(text.as_bytes(), ReadOptions::default()).collect();
    assert_eq!(all.len(), 2, "{all:?}");
    assert!(all[0].is_err());
    assert_eq!(all[1].as_ref().unwrap().cells, values(GIVENS));
}

#[test]
fn spaced_dot_grids_are_written_like_spaced_zero_grids() {
    let dots = "\
5 3 . . 7 . . . .
6 . . 1 9 5 . . .
. 9 8 . . . . 6 .
8 . . . 6 . . . 3
4 . . 8 . 3 . . 1
7 . . . 2 . . . 6
. 6 . . . . 2 8 .
. . . 4 1 9 . . 5
. . . . 8 . . 7 9
";
    let answer = "\
5 3 4 6 7 8 9 1 2
6 7 2 1 9 5 3 4 8
1 9 8 3 4 2 5 6 7
8 5 9 7 6 1 4 2 3
4 2 6 8 5 3 7 9 1
7 1 3 9 2 4 8 5 6
9 6 1 5 3 7 2 8 4
2 8 7 4 1 9 6 3 5
3 4 5 2 8 6 1 7 9
";
    check(dots, Frame::Spaced, answer);
    let zeros = one(&dots.replace('.', "0"));
    let solution = Answer::Solution(values(SOLUTION));
    assert_eq!(write_answer(&zeros, &solution), answer);
}

#[test]
fn framed_jigsaws_and_other_sides_round_trip() {
    // A 6x6 in every frame, and a 4x4 jigsaw with its layout in the same frame.
    let six = "1.....\n..6...\n.1..6.\n.6..1.\n...6..\n6.....\n";
    let jigsaw = "1...\n...2\n....\n..3.\n\nAAAB\nCABB\nCCDB\nCDDD\n";
    for frame in [
        Frame::Plus,
        Frame::Star,
        Frame::Dots,
        Frame::Light,
        Frame::Double,
    ] {
        for text in [six, jigsaw] {
            let mut p = one(text);
            p.layout = match p.layout {
                Layout::Block { alphabet, .. } => Layout::Block {
                    alphabet,
                    decorated: true,
                    frame,
                },
                other => other,
            };
            let written = write_puzzle(&p);
            let back = one(&written);
            assert_eq!(back.cells, p.cells, "\n{written}");
            assert_eq!(back.shape.regions, p.shape.regions, "\n{written}");
            // A small jigsaw's frame of one box is drawn with `+`, which reads unmistakably.
            if p.shape.regions.is_none() || !matches!(frame, Frame::Star | Frame::Dots) {
                assert_eq!(back.layout, p.layout, "\n{written}");
            }
        }
    }
}
