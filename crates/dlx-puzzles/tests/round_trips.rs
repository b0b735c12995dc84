//! Printing then reading valid grids and puzzles gives them back, in every text format, every
//! alphabet and every shape the writers can print, and in every judge format that can carry a
//! grid.

mod common;

use common::grids::{self, Base, Solved};
use dlx_puzzles::sudoku::format::{
    read_answer, walls_from_regions, write_answer, write_puzzle, ReadOptions, Reader,
};
use dlx_puzzles::sudoku::judge::{Problem, Reply};
use dlx_puzzles::sudoku::{Alphabet, Answer, Frame, Layout, Puzzle, ShapeHint};
use proptest::prelude::*;

/// Every layout a puzzle can be written in.
fn layouts() -> Vec<Layout> {
    let mut layouts = vec![Layout::Json];
    for alphabet in Alphabet::ALL {
        layouts.push(Layout::Line { alphabet });
        let block = |decorated, frame| Layout::Block {
            alphabet,
            decorated,
            frame,
        };
        layouts.push(block(false, Frame::Rules));
        layouts.push(block(false, Frame::Bands));
        for frame in Frame::ALL {
            // Numbers are always spaced: spaced alone, or in bands, is the undecorated block.
            if alphabet != Alphabet::Numbers || !matches!(frame, Frame::Spaced | Frame::Bands) {
                layouts.push(block(true, frame));
            }
        }
    }
    layouts
}

/// What a puzzle written in `layout` says about its shape: JSON says everything; lines and
/// blocks carry a jigsaw layout, and decorated blocks with bars between boxes draw their boxes.
fn carried(hint: &ShapeHint, layout: &Layout) -> ShapeHint {
    match layout {
        Layout::Json => hint.clone(),
        Layout::Line { .. } | Layout::Block { .. } => ShapeHint {
            boxes: match layout {
                Layout::Block {
                    decorated: true,
                    frame,
                    ..
                } if !matches!(frame, Frame::Spaced | Frame::Bands) => hint.boxes,
                _ => None,
            },
            regions: hint.regions.clone(),
            extra: Vec::new(),
        },
    }
}

/// Whether a puzzle of this shape can be written in `layout` and read back in it: bands need
/// the usual boxes of the side, and no jigsaw layout (which follows its grid without a gap); a
/// jigsaw below 5x5 is framed with `+` rather than `*` or `.` (one box's frame would be too
/// short to tell from a row of empty cells).
fn drawable(solved: &Solved, layout: &Layout) -> bool {
    match layout {
        Layout::Block {
            frame: Frame::Star | Frame::Dots,
            ..
        } => solved.hint.regions.is_none() || solved.size >= 5,
        Layout::Block {
            frame: Frame::Bands,
            ..
        } => {
            let n = solved.size;
            let usual = (1..=n).rfind(|d| d * d <= n && n % d == 0).unwrap_or(1);
            solved.hint.regions.is_none()
                && usual > 1
                && solved.hint.boxes.map_or(true, |b| b == (usual, n / usual))
        }
        _ => true,
    }
}

/// Writes `cells` of `solved`'s shape in every layout and reads it back; also the grid as the
/// answer to that puzzle.
fn check_round_trips(solved: &Solved, cells: &[u16]) -> Result<(), TestCaseError> {
    for layout in layouts() {
        let alphabet = match layout {
            Layout::Line { alphabet } | Layout::Block { alphabet, .. } => Some(alphabet),
            Layout::Json => None,
        };
        let shape = carried(&solved.hint, &layout);
        let plain = Layout::Block {
            alphabet: Alphabet::Numbers,
            decorated: true,
            frame: Frame::Rules,
        };
        if (layout == plain && shape.boxes.is_none()) || !drawable(solved, &layout) {
            // Numbers are always spaced: without boxes this is the undecorated block.
            continue;
        }
        let puzzle = Puzzle {
            size: solved.size,
            cells: cells.to_vec(),
            shape,
            layout,
            line: 1,
            candidates: None,
        };
        let text = write_puzzle(&puzzle);
        let options = ReadOptions {
            size: None,
            alphabet,
        };
        let back: Vec<_> = Reader::new(text.as_bytes(), options).collect();
        // Rules between no boxes (a jigsaw, a side without boxes) are a spaced grid.
        let barless = !text.contains('|') && !text.contains('+');
        let expected = match puzzle.layout {
            Layout::Block {
                alphabet,
                decorated: true,
                frame: Frame::Rules,
            } if barless => Puzzle {
                layout: Layout::Block {
                    alphabet,
                    decorated: true,
                    frame: Frame::Spaced,
                },
                ..puzzle.clone()
            },
            _ => puzzle.clone(),
        };
        prop_assert_eq!(back, vec![Ok(expected)], "{}", text);

        let answer = Answer::Solution(solved.grid.clone());
        let text = write_answer(&puzzle, &answer);
        prop_assert_eq!(read_answer(&text, &puzzle), Ok(answer), "{}", text);
    }
    Ok(())
}

#[test]
fn every_shape_round_trips_in_every_layout() {
    for &base in grids::ALL {
        let solved = base.solved();
        let some: Vec<bool> = (0..solved.grid.len()).map(|k| k % 3 != 1).collect();
        check_round_trips(&solved, &solved.grid).unwrap();
        check_round_trips(&solved, &solved.puzzle(&some)).unwrap();
    }
}

/// Reads back the judge input made of `text`, with the problem's framing around it.
fn judge_cases(problem: Problem, count: usize, text: &str) -> Vec<(Vec<u16>, usize)> {
    let input = match problem {
        Problem::Poj2676 | Problem::Hdu3111 | Problem::Hdu4069 | Problem::SpojSudoku => {
            format!("{count}\n{text}")
        }
        Problem::Poj3074 => format!("{text}end\n"),
        Problem::Poj3076 | Problem::La2659 | Problem::Acwing169 => text.to_string(),
    };
    problem
        .cases(input.as_bytes())
        .map(|case| {
            let case = case.unwrap_or_else(|e| panic!("{problem}: {e}\n{input}"));
            (case.cells, case.shape.size())
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 24 } else { 200 }))]

    #[test]
    fn valid_grids_and_puzzles_round_trip((solved, keep) in grids::puzzle(grids::ALL, |_| 0..=100)) {
        check_round_trips(&solved, &solved.grid)?;
        check_round_trips(&solved, &solved.puzzle(&keep))?;
    }

    /// The replies a judge prints are grids its input reads: solutions printed, framed as the
    /// problem's input, read back as the same grids. HDU 4069's input carries its jigsaw as
    /// walls: puzzles written with them read back with their shape.
    #[test]
    fn judge_grids_round_trip(seeds in proptest::collection::vec(any::<u64>(), 1..4), keep in proptest::collection::vec(any::<bool>(), 81)) {
        for problem in Problem::ALL {
            let base = match problem {
                Problem::Poj2676 | Problem::Poj3074 | Problem::Hdu3111 => Base::Boxes(3, 3),
                Problem::Poj3076 | Problem::La2659 | Problem::Acwing169 | Problem::SpojSudoku => {
                    Base::Boxes(4, 4)
                }
                Problem::Hdu4069 => Base::Jigsaw(grids::JIGSAW_9),
            };
            let solved: Vec<Solved> = seeds.iter().map(|&seed| grids::shuffled(base, seed)).collect();
            let mut text = Vec::new();
            let mut expected = Vec::new();
            for (k, s) in solved.iter().enumerate() {
                if problem == Problem::Hdu4069 {
                    let puzzle = s.puzzle(&keep);
                    let regions = s.hint.regions.as_deref().unwrap();
                    let walls = walls_from_regions(&puzzle, regions).unwrap();
                    let numbers: Vec<String> = walls.iter().map(u32::to_string).collect();
                    text.extend(numbers.join(" ").bytes());
                    text.push(b'\n');
                    expected.push(puzzle);
                } else {
                    problem.write_reply(&mut text, k + 1, &Reply::Solution(s.grid.clone())).unwrap();
                    expected.push(s.grid.clone());
                }
            }
            let text = String::from_utf8(text).unwrap();
            let back = judge_cases(problem, solved.len(), &text);
            let n = solved[0].size;
            let expected: Vec<(Vec<u16>, usize)> = expected.into_iter().map(|cells| (cells, n)).collect();
            prop_assert_eq!(back, expected, "{}: {}", problem, text);
        }
    }
}
