//! The Sudoku text formats: real files as published, round trips, every error with its
//! position, streaming, and inputs that must never panic.

use std::collections::HashMap;
use std::io::{self, BufRead, Read};
use std::path::{Path, PathBuf};

use dlx_puzzles::sudoku::format::{
    read_answer, read_layout, regions_from_walls, separator, walls_from_regions, write_answer,
    write_puzzle, FormatError, ReadOptions, Reader,
};
use dlx_puzzles::sudoku::{Alphabet, Answer, Frame, Layout, Puzzle, ShapeHint, Verdict};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------------
// Helpers

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/formats")
        .join(name)
}

fn text_of(path: &Path) -> String {
    String::from_utf8(std::fs::read(path).unwrap()).unwrap()
}

fn read_with(text: &str, options: ReadOptions) -> Vec<Result<Puzzle, FormatError>> {
    Reader::new(text.as_bytes(), options).collect()
}

fn read_all(text: &str) -> Vec<Result<Puzzle, FormatError>> {
    read_with(text, ReadOptions::default())
}

/// The puzzles of a file, failing on any error.
fn puzzles_of(path: &Path) -> Vec<Puzzle> {
    let file = std::fs::File::open(path).unwrap();
    Reader::new(io::BufReader::new(file), ReadOptions::default())
        .map(|r| r.unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        .collect()
}

/// The error messages of a text, as displayed.
fn errors(text: &str) -> Vec<String> {
    read_all(text)
        .into_iter()
        .filter_map(|r| r.err().map(|e| e.to_string()))
        .collect()
}

/// The one error of a text.
fn error(text: &str) -> String {
    let all = errors(text);
    assert_eq!(all.len(), 1, "{all:?}");
    all[0].clone()
}

fn error_with(text: &str, options: ReadOptions) -> String {
    let all: Vec<String> = read_with(text, options)
        .into_iter()
        .filter_map(|r| r.err().map(|e| e.to_string()))
        .collect();
    assert_eq!(all.len(), 1, "{all:?}");
    all[0].clone()
}

/// Writes puzzles back, with separators, as the CLI does.
fn write_all(puzzles: &[Puzzle]) -> String {
    let mut out = String::new();
    for (i, p) in puzzles.iter().enumerate() {
        if i > 0 {
            out.push_str(separator(&puzzles[i - 1].layout, &p.layout));
        }
        out.push_str(&write_puzzle(p));
    }
    out
}

fn givens(p: &Puzzle) -> usize {
    p.cells.iter().filter(|&&v| v != 0).count()
}

fn is_line(p: &Puzzle, alphabet: Alphabet) -> bool {
    p.layout == Layout::Line { alphabet }
}

/// Checks that a solution keeps the givens of its puzzle and fills every cell.
fn keeps_givens(puzzle: &Puzzle, solution: &[u16]) -> bool {
    solution.len() == puzzle.cells.len()
        && solution.iter().all(|&v| v != 0)
        && puzzle
            .cells
            .iter()
            .zip(solution)
            .all(|(&g, &s)| g == 0 || g == s)
}

/// Region layout written with symbols `1..`, for comparisons.
fn normalized(symbols: &str) -> Vec<u16> {
    let mut ids: HashMap<char, u16> = HashMap::new();
    symbols
        .chars()
        .map(|c| {
            let next = ids.len() as u16;
            *ids.entry(c).or_insert(next)
        })
        .collect()
}

/// Property-test cases: fewer in unoptimised builds, which run them many times slower.
fn cases(release: u32) -> u32 {
    if cfg!(debug_assertions) {
        release / 8
    } else {
        release
    }
}

// ---------------------------------------------------------------------------------------------
// Real files, as published

#[test]
fn public_sets_read_as_published() {
    let cases: [(&str, usize, usize); 14] = [
        ("puzzles2_17_clue.txt", 5, 9),
        ("top1465.txt", 5, 9),
        ("forum_hardest_1905_11.txt", 5, 9),
        ("forum_hardest_1106.txt", 5, 9),
        ("serg_benchmark.txt", 5, 9),
        ("top50k.txt", 5, 9),
        ("sudoku17_underscores.txt", 5, 9),
        ("invalid_sudokus.txt", 7, 9),
        ("hard_sudokus.txt", 20, 9),
        ("solved_hard_sudokus.txt", 20, 9),
        ("norvig_hardest.txt", 11, 9),
        ("sudoku9_gecode.txt", 5, 9),
        ("sudoku25_gecode.txt", 2, 25),
        ("sudoku_exchange_first5.txt", 5, 9),
    ];
    for (name, count, size) in cases {
        let puzzles = puzzles_of(&data(name));
        assert_eq!(puzzles.len(), count, "{name}");
        for p in &puzzles {
            assert_eq!(p.size, size, "{name}");
            assert_eq!(p.cells.len(), size * size, "{name}");
            assert_eq!(p.shape, ShapeHint::default(), "{name}");
            let alphabet = if size > 9 {
                Alphabet::Letters
            } else {
                Alphabet::OneBased
            };
            assert!(is_line(p, alphabet), "{name}: {:?}", p.layout);
        }
    }
    let seventeen = puzzles_of(&data("puzzles2_17_clue.txt"));
    assert!(seventeen.iter().all(|p| givens(p) == 17));
    assert_eq!(seventeen[0].line, 5);
    let underscores = puzzles_of(&data("sudoku17_underscores.txt"));
    assert!(underscores.iter().all(|p| givens(p) == 17));
    let solved = puzzles_of(&data("solved_hard_sudokus.txt"));
    assert!(solved.iter().all(|p| givens(p) == 81));
}

#[test]
fn judge_tables_read_with_their_layouts() {
    let jigsaws = puzzles_of(&data("jigsaw_puzzles.tsv"));
    assert_eq!(jigsaws.len(), 10);
    assert_eq!(
        jigsaws.iter().map(|p| p.size).collect::<Vec<_>>(),
        [9, 9, 9, 9, 9, 9, 9, 9, 9, 16]
    );
    assert!(jigsaws.iter().all(|p| p.shape.regions.is_some()));
    assert!(is_line(&jigsaws[9], Alphabet::Letters));
    // The table's regions column, renumbered.
    let text = text_of(&data("jigsaw_puzzles.tsv"));
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect())
        .collect();
    for (p, row) in jigsaws.iter().zip(&rows) {
        assert_eq!(p.shape.regions.as_deref(), Some(&normalized(row[3])[..]));
    }

    let variants = puzzles_of(&data("variants_puzzles.tsv"));
    assert_eq!(
        variants.iter().map(|p| p.size).collect::<Vec<_>>(),
        [9, 9, 9, 16, 16, 16, 9]
    );
    assert!(variants.iter().all(|p| p.shape.regions.is_none()));

    // The same jigsaws as `N GIVENS REGIONS SOLUTION ID` lines.
    let sized = puzzles_of(&data("jigsaw_sized_lines.txt"));
    assert_eq!(sized.len(), 9);
    for (a, b) in sized.iter().zip(&jigsaws) {
        assert_eq!((&a.cells, &a.shape.regions), (&b.cells, &b.shape.regions));
    }
}

#[test]
fn jigsaw_layouts_read_on_their_own() {
    let text = text_of(&data("jigsaw_layouts_valid.txt"));
    for line in text.lines() {
        let regions = read_layout(line).unwrap();
        assert_eq!(regions.len(), 81);
        for r in 0..9 {
            assert_eq!(regions.iter().filter(|&&x| x == r).count(), 9);
        }
    }
}

#[test]
fn wall_bits_decode_to_the_listed_layouts() {
    let sample = puzzles_of(&data("hdu4069_sample.in"));
    assert_eq!(sample.len(), 3);
    let tsv = puzzles_of(&data("jigsaw_puzzles.tsv"));
    assert_eq!(
        (&sample[0].cells, &sample[0].shape.regions),
        (&tsv[1].cells, &tsv[1].shape.regions)
    );

    let generated = puzzles_of(&data("hdu4069_generated.in"));
    let cases = text_of(&data("hdu4069_generated.cases.txt"));
    let field = |name: &str| -> Vec<String> {
        cases
            .lines()
            .filter_map(|l| l.trim().strip_prefix(name).map(|s| s.trim().to_string()))
            .collect()
    };
    let (givens_list, layouts) = (field("givens:"), field("layout:"));
    assert_eq!(generated.len(), 15);
    assert_eq!(layouts.len(), 15);
    for ((p, g), l) in generated.iter().zip(&givens_list).zip(&layouts) {
        assert_eq!(
            p.layout,
            Layout::Block {
                alphabet: Alphabet::Numbers,
                decorated: false,
                frame: Frame::Rules
            }
        );
        assert_eq!(p.shape.regions.as_deref(), Some(&normalized(l)[..]));
        let line: Puzzle = read_all(g).remove(0).unwrap();
        assert_eq!(p.cells, line.cells);
    }
}

#[test]
fn judge_blocks_read_with_counts_crlf_and_blank_lines() {
    let poj3076 = puzzles_of(&data("poj3076_two_cases.in"));
    assert_eq!(poj3076.len(), 2);
    for p in &poj3076 {
        assert_eq!(p.size, 16);
        assert_eq!(
            p.layout,
            Layout::Block {
                alphabet: Alphabet::Letters,
                decorated: false,
                frame: Frame::Rules
            }
        );
    }
    assert_eq!(poj3076[1].line, 18);
    let crlf = puzzles_of(&data("poj2676_crlf_blank.in"));
    assert_eq!(crlf.len(), 2);
    assert_eq!(crlf[0].cells, crlf[1].cells);
    assert_eq!(crlf[0].line, 2);
    assert_eq!(crlf[1].line, 12);
}

#[test]
fn reference_answers_pair_with_their_puzzles() {
    let pairs = [
        ("top1465.txt", "top1465.solutions"),
        ("serg_benchmark.txt", "serg_benchmark.solutions"),
        ("norvig_hardest.txt", "norvig_hardest.solutions"),
        ("hard_sudokus.txt", "solved_hard_sudokus.txt"),
    ];
    for (puzzles, answers) in pairs {
        let puzzles = puzzles_of(&data(puzzles));
        let answers = text_of(&data(answers));
        let answers: Vec<&str> = answers.lines().collect();
        assert_eq!(puzzles.len(), answers.len());
        for (p, a) in puzzles.iter().zip(answers) {
            match read_answer(a, p).unwrap() {
                Answer::Solution(s) => assert!(keeps_givens(p, &s)),
                Answer::Count {
                    count: 2,
                    capped: true,
                } => {}
                other => panic!("unexpected answer {other:?}"),
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Round trips of canonical texts: write_puzzle(read(x)) == x

const LINE_9: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";

const BLOCK_PLAIN_9: &str = "\
4.....8.5
.3.......
...7.....
.2.....6.
....8.4..
....1....
...6.3.7.
5..2.....
1.4......
";

const BLOCK_DECORATED_9: &str = "\
4 . . | . . . | 8 . 5
. 3 . | . . . | . . .
. . . | 7 . . | . . .
------+-------+------
. 2 . | . . . | . 6 .
. . . | . 8 . | 4 . .
. . . | . 1 . | . . .
------+-------+------
. . . | 6 . 3 | . 7 .
5 . . | 2 . . | . . .
1 . 4 | . . . | . . .
";

const BLOCK_DECORATED_6: &str = "\
1 . . | . . 6
. . 6 | 1 . .
------+------
. 1 . | . 6 .
. 6 . | . 1 .
------+------
. . 1 | 6 . .
6 . . | . . 1
";

const BLOCK_NUMBERS_10: &str = concat!(
    " 1  0  0  0  0  0  0  0  0 10\n",
    " 0  2  0  0  0  0  0  0  9  0\n",
    " 0  0  3  0  0  0  0  8  0  0\n",
    " 0  0  0  4  0  0  7  0  0  0\n",
    " 0  0  0  0  5  6  0  0  0  0\n",
    " 0  0  0  0  6  5  0  0  0  0\n",
    " 0  0  0  7  0  0  4  0  0  0\n",
    " 0  0  8  0  0  0  0  3  0  0\n",
    " 0  9  0  0  0  0  0  0  2  0\n",
    "10  0  0  0  0  0  0  0  0  1\n",
);

const BLOCK_NUMBERS_DECORATED_4: &str = "\
1 0 | 0 2
0 0 | 0 0
----+----
0 0 | 0 0
3 0 | 0 4
";

const JIGSAW_LINE: &str =
    "3.......71.......5....68.....5.19......9.............28....3......235..1.......9. \
111111123456616123456666223456622223455577323445777333445577778499998888999998888\n";

const JIGSAW_BLOCK: &str = "\
1...
..2.
.3..
...4
1122
1122
3344
3344
";

const JIGSAW_BLOCK_DECORATED: &str = "\
1 . . .
. . 2 .
. 3 . .
. . . 4
1 1 2 2
1 2 2 3
1 4 3 3
4 4 4 3
";

const NUMBERS_LINE_WITH_REGIONS: &str =
    "1 0 0 0 0 0 2 0 0 3 0 0 0 0 0 4\n1 1 2 2 1 1 2 2 3 3 4 4 3 3 4 4\n";

const JSON_FULL: &str = "{\"size\":4,\"boxes\":[2,2],\"regions\":\"1122112233443344\",\
\"extra\":[[0,5,10,15],[3,6,9,12]],\"givens\":\"1....2....3....4\"}\n";

#[test]
fn canonical_texts_round_trip() {
    let hex = format!("{}\n", "0123456789ABCDEF.".repeat(15) + "0");
    let letters = format!("{}\n", "ABCDEFGHIJKLMNOP.".repeat(15) + "A");
    let one_based = format!("{}\n", "123456789ABCDEFG.".repeat(15) + "1");
    let json_large = format!(
        "{{\"size\":36,\"givens\":[1{},36]}}\n",
        ",0".repeat(36 * 36 - 2)
    );
    let texts: Vec<String> = vec![
        LINE_9.to_string(),
        hex,
        letters,
        one_based,
        BLOCK_PLAIN_9.to_string(),
        BLOCK_DECORATED_9.to_string(),
        BLOCK_DECORATED_6.to_string(),
        BLOCK_NUMBERS_10.to_string(),
        BLOCK_NUMBERS_DECORATED_4.to_string(),
        JIGSAW_LINE.to_string(),
        JIGSAW_BLOCK.to_string(),
        JIGSAW_BLOCK_DECORATED.to_string(),
        NUMBERS_LINE_WITH_REGIONS.to_string(),
        JSON_FULL.to_string(),
        json_large,
    ];
    for text in &texts {
        let puzzles: Vec<Puzzle> = read_all(text)
            .into_iter()
            .map(|r| r.unwrap_or_else(|e| panic!("{e}\n{text}")))
            .collect();
        assert_eq!(puzzles.len(), 1, "{text}");
        assert_eq!(write_all(&puzzles), *text);
    }
    // All of them in one input, in order, separated as the writer separates them.
    let mut mixed = String::new();
    let mut previous: Option<Puzzle> = None;
    for text in &texts {
        let p = read_all(text).remove(0).unwrap();
        if let Some(prev) = &previous {
            mixed.push_str(separator(&prev.layout, &p.layout));
        }
        mixed.push_str(text);
        previous = Some(p);
    }
    let puzzles: Vec<Puzzle> = read_all(&mixed).into_iter().map(Result::unwrap).collect();
    assert_eq!(puzzles.len(), texts.len());
    assert_eq!(write_all(&puzzles), mixed);
}

#[test]
fn canonical_layouts_are_recognised() {
    let one = |text: &str| read_all(text).remove(0).unwrap();
    let decorated_6 = one(BLOCK_DECORATED_6);
    assert_eq!(decorated_6.shape.boxes, Some((2, 3)));
    assert_eq!(
        decorated_6.layout,
        Layout::Block {
            alphabet: Alphabet::OneBased,
            decorated: true,
            frame: Frame::Rules
        }
    );
    let numbers = one(BLOCK_NUMBERS_10);
    assert_eq!(numbers.size, 10);
    assert_eq!(numbers.cells[9], 10);
    let jigsaw = one(JIGSAW_BLOCK_DECORATED);
    assert_eq!(
        jigsaw.shape.regions,
        Some(vec![0, 0, 1, 1, 0, 1, 1, 2, 0, 3, 2, 2, 3, 3, 3, 2])
    );
    assert_eq!(jigsaw.shape.boxes, None);
    // The layout block may follow after a blank line, and is not read as a puzzle.
    let spaced = JIGSAW_BLOCK_DECORATED.replacen("4\n1", "4\n\n1", 1);
    let results = read_all(&spaced);
    assert_eq!(results.len(), 1);
    assert_eq!(
        results[0].as_ref().unwrap().shape.regions,
        jigsaw.shape.regions
    );
    let json = one(JSON_FULL);
    assert_eq!(
        json.shape.extra,
        vec![vec![0, 5, 10, 15], vec![3, 6, 9, 12]]
    );
    assert_eq!(
        one(&format!("{}\n", "0123456789ABCDEF.".repeat(15) + "0")).layout,
        Layout::Line {
            alphabet: Alphabet::ZeroBased
        }
    );
}

// ---------------------------------------------------------------------------------------------
// Round trips of generated puzzles: read(write(p)) == p

/// Box shapes of the generated puzzles.
const SHAPES: [(usize, usize, usize); 6] = [
    (4, 2, 2),
    (9, 3, 3),
    (16, 4, 4),
    (25, 5, 5),
    (6, 2, 3),
    (12, 3, 4),
];

/// Connected layouts: the boxes, the boxes turned, or the rows.
fn layout_of(kind: u8, n: usize, r: usize, c: usize) -> Vec<u16> {
    let raw: Vec<usize> = (0..n * n)
        .map(|i| {
            let (row, col) = (i / n, i % n);
            match kind {
                0 => (row / r) * (n / c) + col / c,
                1 => (row / c) * (n / r) + col / r,
                _ => row,
            }
        })
        .collect();
    let mut ids: HashMap<usize, u16> = HashMap::new();
    raw.iter()
        .map(|x| {
            let next = ids.len() as u16;
            *ids.entry(*x).or_insert(next)
        })
        .collect()
}

fn puzzle_strategy() -> impl Strategy<Value = Puzzle> {
    (
        0..SHAPES.len(),
        0u8..10,
        any::<bool>(),
        0u8..4,
        any::<u64>(),
    )
        .prop_flat_map(|(shape, layout_pick, decorated, regions_pick, seed)| {
            let (n, r, c) = SHAPES[shape];
            let cells = proptest::collection::vec(prop_oneof![Just(0u16), 1..=(n as u16)], n * n);
            let extra = proptest::collection::vec(proptest::collection::vec(0..n * n, 1..=n), 0..3);
            (cells, extra).prop_map(move |(cells, extra)| {
                let alphabets: Vec<Alphabet> = Alphabet::ALL
                    .into_iter()
                    .filter(|a| *a == Alphabet::Numbers || *a != Alphabet::Letters || n <= 26)
                    .collect();
                let alphabet = alphabets[(seed as usize) % alphabets.len()];
                let regions = (regions_pick < 3).then(|| layout_of(regions_pick, n, r, c));
                let (layout, boxes, extra) = match layout_pick {
                    0..=3 => (Layout::Line { alphabet }, None, Vec::new()),
                    4..=7 => {
                        let frames: Vec<Frame> = Frame::ALL
                            .into_iter()
                            .filter(|f| *f != Frame::Bands)
                            .collect();
                        let frame = match frames[(seed >> 8) as usize % frames.len()] {
                            _ if !decorated => Frame::Rules,
                            Frame::Spaced if alphabet == Alphabet::Numbers => Frame::Rules,
                            frame => frame,
                        };
                        (
                            Layout::Block {
                                alphabet,
                                decorated,
                                frame,
                            },
                            (decorated && frame != Frame::Spaced).then_some((r, c)),
                            Vec::new(),
                        )
                    }
                    _ => (Layout::Json, (seed % 2 == 0).then_some((r, c)), extra),
                };
                Puzzle {
                    size: n,
                    cells,
                    shape: ShapeHint {
                        boxes,
                        regions,
                        extra,
                    },
                    layout,
                    line: 1,
                    candidates: None,
                }
            })
        })
}

/// The alphabet a puzzle is read back in.
fn options_for(p: &Puzzle) -> ReadOptions {
    let alphabet = match &p.layout {
        Layout::Line { alphabet } | Layout::Block { alphabet, .. } => Some(*alphabet),
        Layout::Json => None,
    };
    ReadOptions {
        size: None,
        alphabet,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(256)))]

    #[test]
    fn generated_puzzles_round_trip(p in puzzle_strategy()) {
        let text = write_puzzle(&p);
        let back = read_with(&text, options_for(&p));
        prop_assert_eq!(back.len(), 1, "{}", text);
        let back = back.into_iter().next().unwrap();
        prop_assert_eq!(back, Ok(p.clone()), "{}", text);
    }

    #[test]
    fn generated_streams_round_trip(ps in proptest::collection::vec(puzzle_strategy(), 1..6)) {
        // One alphabet per stream (as one input would have), so that options fit all.
        let alphabet = options_for(&ps[0]).alphabet.unwrap_or(Alphabet::Numbers);
        let ps: Vec<Puzzle> = ps.into_iter().map(|mut p| {
            p.layout = match p.layout {
                Layout::Line { .. } => Layout::Line { alphabet },
                // Numbers are always spaced: spaced alone is the undecorated block.
                Layout::Block { frame: Frame::Spaced, .. } if alphabet == Alphabet::Numbers => {
                    Layout::Block { alphabet, decorated: false, frame: Frame::Rules }
                }
                Layout::Block { decorated, frame, .. } => Layout::Block { alphabet, decorated, frame },
                Layout::Json => Layout::Json,
            };
            p
        }).collect();
        let text = write_all(&ps);
        let options = ReadOptions { size: None, alphabet: Some(alphabet) };
        let back: Vec<Result<Puzzle, FormatError>> = read_with(&text, options);
        prop_assert_eq!(back.len(), ps.len(), "{}", text);
        for (b, p) in back.into_iter().zip(&ps) {
            let mut b = b.map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            b.line = p.line;
            prop_assert_eq!(&b, p, "{}", text);
        }
    }

    #[test]
    fn answers_round_trip(p in puzzle_strategy(), pick in 0u8..4, count in any::<u64>(), capped in any::<bool>()) {
        let n = p.size as u16;
        let answer = match pick {
            0 => Answer::Solution((0..p.size * p.size).map(|i| (i as u16 % n) + 1).collect()),
            1 => Answer::NoSolution,
            2 => Answer::Count { count, capped },
            _ => Answer::Verdict([Verdict::None, Verdict::Unique, Verdict::Multiple][(count % 3) as usize]),
        };
        let text = write_answer(&p, &answer);
        prop_assert!(text.ends_with('\n'));
        prop_assert_eq!(read_answer(&text, &p), Ok(answer), "{}", text);
    }

    #[test]
    fn guessed_alphabets_are_right_or_ambiguous(p in puzzle_strategy()) {
        // Grids that use every value: the guess is the writer's alphabet, or an error asking
        // for --alphabet (zero-based grids up to 9x9 read as one-based by design).
        let mut p = p;
        let n = p.size;
        for v in 0..n {
            p.cells[v * n + (v + 1) % n] = v as u16 + 1;
        }
        let alphabet = match p.layout {
            Layout::Line { alphabet } | Layout::Block { alphabet, .. } => alphabet,
            Layout::Json => return Ok(()),
        };
        prop_assume!(!(alphabet == Alphabet::ZeroBased && n <= 9));
        let text = write_puzzle(&p);
        let back = read_all(&text).remove(0);
        match back {
            // A grid with no empty cell in one-based spaced digits is also a grid of numbers:
            // either reading is right when it gives the same cells and writes the same text.
            Ok(back) if back != p => {
                prop_assert_eq!(&back.cells, &p.cells, "{}", text);
                prop_assert_eq!(write_puzzle(&back), text);
            }
            Ok(_) => {}
            Err(e) => prop_assert!(e.message.contains("more than one alphabet"), "{}\n{}", e, text),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Errors, each with its position

#[test]
fn line_errors() {
    let short = &LINE_9[1..];
    assert_eq!(
        error(&format!("{LINE_9}{short}")),
        "line 2, column 81: expected 81 cells, found 80"
    );
    assert_eq!(
        error(&format!("# c\n{}5 x\n", LINE_9.trim_end())),
        "line 2, column 82: expected 81 cells, found 82"
    );
    assert_eq!(
        error(&LINE_9.replacen('8', "x", 1)),
        "line 1, column 7: unexpected character `x` (expected a digit 1-9 or an empty-cell mark . 0 - _ *)"
    );
    assert_eq!(
        error(&format!("{}\n", "1F.".repeat(85) + ".")),
        "line 1, column 1: the cells read in more than one alphabet (one-based 1-9 A-G, \
         zero-based 0-9 A-F); choose one with --alphabet"
    );
    assert_eq!(
        error("end\n"),
        "line 1, column 1: expected a puzzle (n x n cells in one line, or n lines of n cells), found `end`"
    );
    assert_eq!(
        error(&format!("{LINE_9}end\n")),
        "line 2, column 1: expected 81 cells, found 3"
    );
    let layout: String = std::iter::once("111111111122222222".to_string())
        .chain((3..=9).map(|d| d.to_string().repeat(9)))
        .collect();
    assert_eq!(
        error(&format!("{} {layout}\n", LINE_9.trim_end())),
        "line 1, column 83: in the region layout: region `1` has 10 cells (expected 9)"
    );
    assert_eq!(
        error(&format!("{}\n", "1".repeat(37 * 37))),
        "line 1, column 1: a 37x37 grid has more values than one character per cell can write \
         (at most 36x36); write its cells as blank-separated numbers"
    );
    let letters = ReadOptions {
        size: None,
        alphabet: Some(Alphabet::Letters),
    };
    assert_eq!(
        error_with(&format!("{}\n", ".".repeat(36 * 36)), letters),
        "line 1, column 1: a 36x36 grid needs more symbols than the letters alphabet has \
         (it writes grids up to 26x26)"
    );
    let zero_based = ReadOptions {
        size: None,
        alphabet: Some(Alphabet::ZeroBased),
    };
    assert_eq!(
        error_with(&LINE_9.replacen('4', "9", 1), zero_based),
        "line 1, column 1: unexpected character `9` (expected a digit 0-8 or an empty-cell mark . - _ *)"
    );
    let sized = ReadOptions {
        size: Some(4),
        alphabet: None,
    };
    assert_eq!(
        error_with(LINE_9, sized),
        "line 1, column 17: expected 16 cells, found 81"
    );
}

#[test]
fn block_errors() {
    let long_row = BLOCK_PLAIN_9.replacen(".3.......", ".3........", 1);
    assert_eq!(
        error(&long_row),
        "line 2, column 10: expected 9 cells in this row, found 10"
    );
    // A bad first row, and the next puzzle is still read.
    let short_first = format!("{}\n{BLOCK_PLAIN_9}", &BLOCK_PLAIN_9[1..]);
    let results = read_all(&short_first);
    assert_eq!(results.len(), 2);
    assert_eq!(
        results[0].as_ref().unwrap_err().to_string(),
        "line 1, column 9: expected 9 cells in this row, found 8"
    );
    assert_eq!(results[1].as_ref().unwrap().line, 11);
    let missing_row = BLOCK_PLAIN_9.replacen("1.4......\n", "", 1);
    assert_eq!(
        error(&format!("{missing_row}\n{BLOCK_PLAIN_9}")),
        "line 9, column 1: expected 9 rows of 9 cells, found 8 before this line"
    );
    assert_eq!(
        error(&BLOCK_DECORATED_9.replacen(". 3 .", ". x .", 1)),
        "line 2, column 3: unexpected character `x` (expected a digit 1-9 or an empty-cell mark . 0 - _ *)"
    );
    assert_eq!(
        error(&BLOCK_NUMBERS_10.replacen(" 9  0\n", "11  0\n", 1)),
        "line 2, column 25: unexpected `11` (expected a number 0-10 or an empty-cell mark)"
    );
    assert_eq!(
        error("+-----+\n\n"),
        "line 1, column 1: expected rows of cells after this rule line"
    );
    // Wall bits whose regions have 5 and 3 cells.
    let regions = [0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3];
    let walls = walls_from_regions(&[0; 16], &regions).unwrap();
    let text: String = walls
        .chunks(4)
        .map(|row| {
            let cells: Vec<String> = row.iter().map(u32::to_string).collect();
            cells.join(" ") + "\n"
        })
        .collect();
    assert_eq!(
        error(&text),
        "line 1, column 1: in the wall layout: row 1, column 1: the region of this cell has 5 \
         cells (expected 4)"
    );
}

#[test]
fn json_errors_carry_their_line() {
    let text = format!("{}{{\"givens\":\"1..x\"}}\n", JSON_FULL);
    assert_eq!(
        error(&text),
        "line 2, column 15: unexpected character `x` (expected a digit 1-2 or an empty-cell mark . 0 - _ *)"
    );
    assert_eq!(
        error("{\"givens\":\"1...\"\n"),
        "line 1, column 16: invalid JSON: EOF while parsing an object"
    );
}

#[test]
fn encoding_and_read_errors() {
    let text = b"1\xff..";
    let results: Vec<_> = Reader::new(&text[..], ReadOptions::default()).collect();
    assert_eq!(
        results[0].as_ref().unwrap_err().to_string(),
        "line 1, column 2: unexpected character `\\xff` (expected a digit 1-2 or an empty-cell mark . 0 - _ *)"
    );

    /// Gives some text, then fails.
    struct Failing(&'static [u8]);
    impl Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("disk on fire"));
            }
            let n = self.0.len().min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let input = io::BufReader::new(Failing(b"1...2...3...4...\n.2..1..."));
    let results: Vec<Result<Puzzle, FormatError>> =
        Reader::new(input, ReadOptions::default()).collect();
    assert_eq!(results.len(), 2);
    assert!(results[0].is_ok());
    assert_eq!(
        results[1].as_ref().unwrap_err().to_string(),
        "line 2, column 1: cannot read the input: disk on fire"
    );
}

#[test]
fn answer_errors() {
    let line = read_all(LINE_9).remove(0).unwrap();
    let err = |text: &str| read_answer(text, &line).unwrap_err().to_string();
    assert_eq!(
        err("123456789012345678901234"),
        "line 1, column 1: count `123456789012345678901234` is too large"
    );
    assert_eq!(
        err(LINE_9),
        "line 1, column 1: expected a complete solution, found an empty cell at row 1, column 2"
    );
    let solution =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    assert_eq!(
        read_answer(solution, &line).unwrap(),
        Answer::Solution(solution.bytes().map(|b| u16::from(b - b'0')).collect())
    );
    assert_eq!(
        err(&format!("{solution}\n{solution}\n")),
        "line 2, column 1: unexpected text after the solution"
    );
    assert_eq!(
        err("\n\n"),
        "line 1, column 1: expected an answer: a solution grid, `no solution`, a count or a verdict"
    );
    assert_eq!(
        err(&solution.replace('4', "x")),
        "line 1, column 1: unexpected character `x` (expected a digit 1-9 or an empty-cell mark . 0 - _ *)"
    );
}

// ---------------------------------------------------------------------------------------------
// Streaming

#[test]
fn a_stream_of_good_and_bad_puzzles_yields_one_item_each_in_order() {
    let text = format!(
        "# mixed input\r\n{LINE_9}{}\n{BLOCK_PLAIN_9}\n{}\n{JSON_FULL}{{\"givens\":7}}\n\n{BLOCK_DECORATED_9}\n1...2...3...4...",
        &LINE_9[2..].trim_end(),
        BLOCK_DECORATED_6.replacen("1 .", "1 x", 1),
    );
    let results = read_all(&text);
    let summary: Vec<(bool, usize)> = results
        .iter()
        .map(|r| match r {
            Ok(p) => (true, p.line),
            Err(e) => (false, e.line),
        })
        .collect();
    assert_eq!(
        summary,
        vec![
            (true, 2),
            (false, 3),
            (true, 4),
            (false, 14),
            (true, 23),
            (false, 24),
            (true, 26),
            (true, 38),
        ]
    );
}

#[test]
fn crlf_blank_lines_bom_and_no_final_newline() {
    let text = format!(
        "\u{feff}\r\n\r\n{}\r\n\r\n\r\n{}",
        LINE_9.trim_end(),
        BLOCK_PLAIN_9.trim_end().replace('\n', "\r\n")
    );
    let puzzles: Vec<Puzzle> = read_all(&text).into_iter().map(Result::unwrap).collect();
    assert_eq!(puzzles.len(), 2);
    assert_eq!(puzzles[0].cells, puzzles[1].cells);
    assert_eq!((puzzles[0].line, puzzles[1].line), (3, 6));
}

#[test]
fn a_count_line_before_judge_blocks_is_skipped() {
    let text = format!("2\n{BLOCK_PLAIN_9}\n{BLOCK_PLAIN_9}");
    let puzzles: Vec<Puzzle> = read_all(&text).into_iter().map(Result::unwrap).collect();
    assert_eq!(puzzles.len(), 2);
    // A 1x1 puzzle followed by another is not a count.
    assert_eq!(read_all("1\n1\n").len(), 2);
}

#[test]
fn sizes_and_alphabets_can_be_forced() {
    // Nine 3x3 lines would be a 9x9 block; --size 3 says otherwise.
    let text = "123231312\n".repeat(9);
    assert_eq!(read_all(&text).len(), 1);
    let three = ReadOptions {
        size: Some(3),
        alphabet: None,
    };
    let lines: Vec<Puzzle> = read_with(&text, three)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(lines.len(), 9);
    assert!(lines.iter().all(|p| p.size == 3));
    // An ambiguous 16x16 line, read both ways.
    let line = format!("{}\n", "1F.".repeat(85) + ".");
    for (alphabet, f) in [(Alphabet::OneBased, 15), (Alphabet::ZeroBased, 16)] {
        let options = ReadOptions {
            size: None,
            alphabet: Some(alphabet),
        };
        let p = read_with(&line, options).remove(0).unwrap();
        assert_eq!(p.cells[1], f);
    }
    // An impossible side is the only item.
    let huge = ReadOptions {
        size: Some(usize::MAX),
        alphabet: None,
    };
    assert_eq!(
        error_with(LINE_9, huge),
        format!(
            "line 1, column 1: the grid side must be from 1 to 65535, not {}",
            usize::MAX
        )
    );
    // Once an input has shown its alphabet, ambiguous puzzles of that size follow it.
    let text = format!("{}\n{line}", "1G.".repeat(85) + ".");
    let puzzles: Vec<Puzzle> = read_all(&text).into_iter().map(Result::unwrap).collect();
    assert!(puzzles.iter().all(|p| is_line(p, Alphabet::OneBased)));
}

// ---------------------------------------------------------------------------------------------
// Never panic

/// Characters that exercise every path of the readers.
fn tricky_text() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just('.'),
            Just('0'),
            Just('1'),
            Just('5'),
            Just('9'),
            Just('A'),
            Just('F'),
            Just('G'),
            Just('P'),
            Just('z'),
            Just('-'),
            Just('_'),
            Just('*'),
            Just('|'),
            Just('+'),
            Just('='),
            Just(' '),
            Just('\t'),
            Just('\n'),
            Just('\n'),
            Just('\r'),
            Just('#'),
            Just('{'),
            Just('}'),
            Just('"'),
            Just(':'),
            Just(','),
            Just('['),
            Just(']'),
            Just('?'),
            Just('é'),
        ],
        0..400,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

fn any_options() -> impl Strategy<Value = ReadOptions> {
    (
        proptest::option::of(0usize..40),
        proptest::option::of(prop_oneof![
            Just(Alphabet::OneBased),
            Just(Alphabet::ZeroBased),
            Just(Alphabet::Letters),
            Just(Alphabet::Numbers),
        ]),
    )
        .prop_map(|(size, alphabet)| ReadOptions { size, alphabet })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(512)))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>(), options in any_options()) {
        let lines = text.lines().count();
        let items = Reader::new(text.as_bytes(), options).take(lines + 2).count();
        prop_assert!(items <= lines + 1);
    }

    #[test]
    fn tricky_text_never_panics(text in tricky_text(), options in any_options()) {
        let lines = text.lines().count();
        let results: Vec<_> = Reader::new(text.as_bytes(), options).take(lines + 2).collect();
        prop_assert!(results.len() <= lines + 1);
        for r in results.into_iter().flatten() {
            prop_assert_eq!(r.cells.len(), r.size * r.size);
            let _ = write_puzzle(&r);
        }
        let _ = read_layout(&text);
    }

    #[test]
    fn answers_and_walls_never_panic(text in tricky_text(), p in puzzle_strategy(), values in proptest::collection::vec(any::<u32>(), 0..300)) {
        let _ = read_answer(&text, &p);
        let _ = regions_from_walls(&values);
        let small: Vec<u32> = values.iter().map(|v| v % 256).collect();
        let _ = regions_from_walls(&small);
        let mut odd = p.clone();
        odd.cells.truncate(3);
        odd.size += 1;
        let _ = write_puzzle(&odd);
        let _ = write_answer(&odd, &Answer::Solution(vec![99; 2]));
    }
}

// ---------------------------------------------------------------------------------------------
// The whole shared data set (slow; needs a local copy: DLX_SHARED_DATA=<dir with puzzles/ and
// judge/>)

/// Every file under `dir`, sorted.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// Non-comment, non-blank lines of a file.
fn record_lines(path: &Path) -> usize {
    let file = std::fs::File::open(path).unwrap();
    io::BufReader::new(file)
        .lines()
        .map(Result::unwrap)
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .count()
}

#[test]
#[ignore = "reads the whole shared data set; set DLX_SHARED_DATA"]
fn every_shared_puzzle_file_reads() {
    let Some(root) = std::env::var_os("DLX_SHARED_DATA").map(PathBuf::from) else {
        return;
    };
    let puzzles_dir = root.join("puzzles");
    let mut by_name: HashMap<String, Vec<Puzzle>> = HashMap::new();
    for path in files_under(&puzzles_dir) {
        let name = path
            .strip_prefix(&puzzles_dir)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if name.ends_with(".md") || name.starts_with("solutions") {
            continue;
        }
        let puzzles = puzzles_of(&path);
        assert_eq!(puzzles.len(), record_lines(&path), "{name}");
        let jigsaw = name.starts_with("jigsaw");
        for p in &puzzles {
            assert_eq!(p.shape.regions.is_some(), jigsaw, "{name} line {}", p.line);
            assert!(matches!(p.layout, Layout::Line { .. }), "{name}");
        }
        by_name.insert(name, puzzles);
    }
    // Reference answers, line by line.
    for path in files_under(&puzzles_dir.join("solutions")) {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let source = by_name
            .iter()
            .find(|(name, _)| {
                Path::new(name.as_str())
                    .file_stem()
                    .is_some_and(|s| s.to_string_lossy() == stem)
            })
            .map(|(_, p)| p)
            .unwrap_or_else(|| panic!("no puzzles for {stem}"));
        let text = text_of(&path);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), source.len(), "{stem}");
        for (p, line) in source.iter().zip(lines) {
            match read_answer(line, p).unwrap() {
                Answer::Solution(s) => assert!(keeps_givens(p, &s), "{stem} line {}", p.line),
                Answer::Count {
                    count: 2,
                    capped: true,
                }
                | Answer::Count {
                    count: 0,
                    capped: false,
                } => {}
                other => panic!("{stem}: unexpected answer {other:?}"),
            }
        }
    }
    // The solved_ files of Emerentius are the solutions of their puzzle files.
    for name in [
        "top50k",
        "sudoku17",
        "easy_sudokus",
        "medium_sudokus",
        "hard_sudokus",
    ] {
        let puzzles = &by_name[&format!("emerentius/{name}.txt")];
        let solved = &by_name[&format!("emerentius/solved_{name}.txt")];
        assert_eq!(puzzles.len(), solved.len());
        for (p, s) in puzzles.iter().zip(solved) {
            assert!(keeps_givens(p, &s.cells), "{name} line {}", p.line);
        }
    }
    // Jigsaw rows: GIVENS REGIONS SOLUTION; the solution keeps the givens.
    for name in [
        "jigsaw/jigsaw_janko_smilingwayne.txt",
        "jigsaw/jigsaw9_janko_smilingwayne.txt",
    ] {
        let path = puzzles_dir.join(name);
        let text = text_of(&path);
        for (p, line) in by_name[name]
            .iter()
            .zip(text.lines().filter(|l| !l.starts_with('#')))
        {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let solution = fields[fields.len() - 3];
            let s = read_answer(solution, p).unwrap();
            assert!(
                matches!(&s, Answer::Solution(s) if keeps_givens(p, s)),
                "{name} line {}",
                p.line
            );
        }
    }

    // Judge data: the tables, the layouts, and the judge inputs this reader understands.
    let judge = root.join("judge");
    assert_eq!(puzzles_of(&judge.join("jigsaw/puzzles.tsv")).len(), 10);
    assert_eq!(puzzles_of(&judge.join("variants/puzzles.tsv")).len(), 7);
    for name in [
        "layouts_valid.txt",
        "layouts_invalid_easy.txt",
        "layouts_invalid_hard.txt",
    ] {
        let text = text_of(&judge.join("jigsaw").join(name));
        for line in text.lines() {
            assert_eq!(read_layout(line).unwrap().len(), 81, "{name}");
        }
    }
    let expect = [
        ("poj2676/sample.in", 1),
        ("poj2676/top95.in", 95),
        ("poj2676/robust_crlf_blank.in", 2),
        ("poj3076/sample.in", 1),
        ("poj3076/two_cases.in", 2),
        ("spoj_sudoku/two_cases.in", 2),
        ("hdu4069/sample.in", 3),
        ("hdu4069/generated.in", 15),
        ("hdu4069/bulk200.in", 200),
        ("community/sudoku_exchange_diabolical_first40.txt", 40),
    ];
    for (name, count) in expect {
        assert_eq!(puzzles_of(&judge.join(name)).len(), count, "{name}");
    }
}
