//! The Sudoku model on real puzzles: every answer is checked with the validator.

mod common;

use dlx_puzzles::sudoku::{
    validate, Cell, Clash, GivensError, House, Shape, ShapeError, Solver, Verdict,
};

/// Checks that the puzzle has exactly one solution, and that it is valid.
fn assert_unique(solver: &mut Solver, givens: &[u16]) -> Vec<u16> {
    let check = solver.check(givens).expect("the givens fit the shape");
    assert_eq!(check.verdict, Verdict::Unique);
    let solution = check.solution.expect("a unique puzzle has a solution");
    validate(solver.shape(), givens, &solution).expect("the solution is valid");
    solution
}

/// Solves the puzzle, checks the solution, and returns it.
fn assert_solves(solver: &mut Solver, givens: &[u16]) -> Vec<u16> {
    let solution = solver
        .solve(givens)
        .expect("the givens fit the shape")
        .expect("the puzzle has a solution");
    validate(solver.shape(), givens, &solution).expect("the solution is valid");
    solution
}

#[test]
fn seventeen_clue_puzzles_are_unique() {
    let mut solver = Solver::new(Shape::standard(9).unwrap());
    let lines = common::lines("17_clue.txt");
    assert_eq!(lines.len(), 20);
    for line in &lines {
        let givens = common::cells(line, 9);
        assert_eq!(givens.iter().filter(|&&v| v != 0).count(), 17);
        assert_unique(&mut solver, &givens);
    }
}

#[test]
fn top1465_puzzles_are_unique() {
    let mut solver = Solver::new(Shape::standard(9).unwrap());
    for line in common::lines("top1465.txt") {
        assert_unique(&mut solver, &common::cells(&line, 9));
    }
}

#[test]
fn judge_16x16_puzzles_solve() {
    let mut solver = Solver::new(Shape::standard(16).unwrap());
    let text = std::fs::read_to_string(common::data("poj3076_two_cases.txt")).unwrap();
    let blocks: Vec<String> = text
        .split("\n\n")
        .map(|block| block.split_whitespace().collect())
        .collect();
    assert_eq!(blocks.len(), 2);
    for block in &blocks {
        assert_unique(&mut solver, &common::cells(block, 16));
    }
}

/// Puzzles of a given shape, made by keeping about a third of the cells of a full grid.
fn puzzle_from_grid(grid: &[u16]) -> Vec<u16> {
    grid.iter()
        .enumerate()
        .map(|(k, &v)| if (k * 7 + k / 5) % 3 == 0 { v } else { 0 })
        .collect()
}

#[test]
fn boxes_of_2x4_and_3x4_solve() {
    for (rows, columns) in [(2, 4), (4, 2), (3, 4), (2, 5)] {
        let mut solver = Solver::new(Shape::boxes(rows, columns).unwrap());
        let n = rows * columns;
        let grid = assert_solves(&mut solver, &vec![0; n * n]);
        let givens = puzzle_from_grid(&grid);
        assert_solves(&mut solver, &givens);
        let count = solver.count(&givens, Some(3)).unwrap();
        assert!(count.solutions >= 1, "{rows}x{columns}");
    }
}

#[test]
fn the_standard_8x8_and_12x12_have_2x4_and_3x4_boxes() {
    assert_eq!(Shape::standard(8).unwrap().box_size(), Some((2, 4)));
    assert_eq!(Shape::standard(12).unwrap().box_size(), Some((3, 4)));
}

#[test]
fn a_25x25_puzzle_with_extra_clues_solves() {
    let mut solver = Solver::new(Shape::standard(25).unwrap());
    for line in common::lines("sudoku25.txt") {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let givens = common::cells(fields[0], 25);
        let expected = common::cells(fields[1], 25);
        validate(solver.shape(), &givens, &expected).unwrap();
        // The minimal puzzles are hard for plain DLX; with every third empty cell filled in from
        // the known solution they solve at once.
        let easier = common::with_clues_from(&givens, &expected);
        assert_eq!(assert_unique(&mut solver, &easier), expected);
    }
}

#[test]
#[ignore = "long: a minimal 25x25 puzzle takes plain DLX many minutes"]
fn a_minimal_25x25_puzzle_solves() {
    let mut solver = Solver::new(Shape::standard(25).unwrap());
    let line = &common::lines("sudoku25.txt")[0];
    let fields: Vec<&str> = line.split_whitespace().collect();
    let solution = assert_solves(&mut solver, &common::cells(fields[0], 25));
    assert_eq!(solution, common::cells(fields[1], 25));
}

#[test]
fn the_empty_4x4_has_288_grids() {
    let mut solver = Solver::new(Shape::standard(4).unwrap());
    let count = solver.count(&[0; 16], None).unwrap();
    assert_eq!((count.solutions, count.capped), (288, false));
}

#[test]
#[ignore = "long: counts 28 million grids"]
fn the_empty_6x6_has_28200960_grids() {
    let mut solver = Solver::new(Shape::boxes(2, 3).unwrap());
    let count = solver.count(&[0; 36], None).unwrap();
    assert_eq!((count.solutions, count.capped), (28_200_960, false));
}

/// The three cases of the HDU 3111 example: unique, unsolvable without a direct clash, and a
/// direct clash in the first row.
const HDU3111: [&str; 3] = [
    "1.3...5.9..21.94.....7.4...3..5.2..6.6.....5.7..8.3..4...4.1.....92.58..8.4...1.7",
    "4.3...5.9..21.94.....7.4...3..5.2..6.6.....5.7..8.3..4...4.1.....92.58..8.4...1.7",
    "113...5.9..21.94.....7.4...3..5.2..6.6.....5.7..8.3..4...4.1.....92.58..8.4...1.7",
];

#[test]
fn verdicts_for_none_one_and_many_solutions() {
    let mut solver = Solver::new(Shape::standard(9).unwrap());
    let unique = common::cells(HDU3111[0], 9);
    let solution = assert_unique(&mut solver, &unique);
    assert_eq!(
        solution.iter().map(|v| v.to_string()).collect::<String>(),
        "143628579572139468986754231391542786468917352725863914237481695619275843854396127"
    );

    let none = common::cells(HDU3111[1], 9);
    let check = solver.check(&none).unwrap();
    assert_eq!((check.verdict, check.solution), (Verdict::None, None));
    assert_eq!(solver.solve(&none).unwrap(), None);
    assert_eq!(solver.count(&none, None).unwrap().solutions, 0);

    // A 17-clue puzzle without one of its clues has several solutions.
    let mut many = common::cells(&common::lines("17_clue.txt")[0], 9);
    let clue = many.iter().position(|&v| v != 0).unwrap();
    many[clue] = 0;
    let check = solver.check(&many).unwrap();
    assert_eq!(check.verdict, Verdict::Multiple);
    validate(solver.shape(), &many, &check.solution.unwrap()).unwrap();
    let count = solver.count(&many, Some(5)).unwrap();
    assert_eq!((count.solutions, count.capped), (5, true));
}

#[test]
fn clashes_are_reported_with_their_cells() {
    let mut solver = Solver::new(Shape::standard(9).unwrap());
    let clash = common::cells(HDU3111[2], 9);
    let expected = GivensError::Clash(Clash {
        value: 1,
        first: Cell { row: 0, column: 0 },
        second: Cell { row: 0, column: 1 },
        house: House::Row(0),
    });
    assert_eq!(solver.solve(&clash), Err(expected.clone()));
    assert_eq!(solver.check(&clash), Err(expected.clone()));
    assert_eq!(solver.count(&clash, None), Err(expected));
    let message = solver.solve(&clash).unwrap_err().to_string();
    assert_eq!(
        message,
        "value 1 is given twice in row 1: at row 1, column 1 and at row 1, column 2"
    );
}

#[test]
fn jigsaw_puzzles_solve() {
    let rows = common::tsv("jigsaw.tsv");
    assert_eq!(rows.len(), 10);
    for row in rows {
        let (name, size) = (&row[0], row[1].parse::<usize>().unwrap());
        let shape = Shape::jigsaw(size, &common::layout(&row[3])).unwrap();
        assert_eq!(shape.box_size(), None);
        let mut solver = Solver::new(shape);
        let givens = common::cells(&row[2], size);
        let expected = common::cells(&row[4], size);
        let found = if row[5] == "verified-unique" {
            assert_unique(&mut solver, &givens)
        } else {
            assert_solves(&mut solver, &givens)
        };
        assert_eq!(found, expected, "{name}");
    }
}

#[test]
fn broken_jigsaw_layouts_are_rejected() {
    let rows = common::tsv("jigsaw.tsv");
    let good = common::layout(&rows[0][3]);
    assert!(Shape::jigsaw(9, &good).is_ok());

    // Give the first cell to the region of the last: one region too small, one too large.
    let mut sizes = good.clone();
    sizes[0] = good[80];
    let err = Shape::jigsaw(9, &sizes).unwrap_err();
    assert!(
        matches!(err, ShapeError::RegionSize { cells: 8 | 10, .. }),
        "{err}"
    );

    // Swap a corner with the opposite corner: sizes stay, two regions fall apart.
    let mut apart = good.clone();
    apart.swap(0, 80);
    let err = Shape::jigsaw(9, &apart).unwrap_err();
    assert!(matches!(err, ShapeError::Disconnected { .. }), "{err}");
    assert!(err.to_string().contains("is not connected"), "{err}");

    // Merge two regions into one: eight regions.
    let merged: Vec<u16> = good
        .iter()
        .map(|&g| if g == good[80] { good[0] } else { g })
        .collect();
    assert_eq!(
        Shape::jigsaw(9, &merged),
        Err(ShapeError::RegionCount { size: 9, found: 8 })
    );
    assert_eq!(
        Shape::jigsaw(9, &good[..80]),
        Err(ShapeError::LayoutLength { size: 9, found: 80 })
    );
}

#[test]
fn variant_puzzles_solve() {
    let rows = common::tsv("variants.tsv");
    assert_eq!(rows.len(), 7);
    for row in rows {
        let (name, variant) = (&row[0], &row[1]);
        let size: usize = row[2].parse().unwrap();
        let mut solver = Solver::new(common::variant_shape(variant, size));
        assert!(!solver.shape().extra().is_empty(), "{name}");
        let givens = common::cells(&row[3], size);
        let expected = common::cells(&row[4], size);
        validate(solver.shape(), &givens, &expected).unwrap();
        if row[5] == "verified-unique" {
            assert_eq!(assert_unique(&mut solver, &givens), expected, "{name}");
        } else {
            // The 16x16 variants are slow for plain DLX (the Windoku one very slow): solve them
            // with more clues.
            assert_solves(&mut solver, &common::with_clues_from(&givens, &expected));
        }
    }
}

#[test]
#[ignore = "long in debug builds: plain DLX needs half a million nodes"]
fn hard_16x16_sudoku_x_solves() {
    let rows = common::tsv("variants.tsv");
    let row = rows
        .iter()
        .find(|row| row[0] == "16x16: Sudoku X, hard")
        .unwrap();
    let mut solver = Solver::new(common::variant_shape(&row[1], 16));
    assert_solves(&mut solver, &common::cells(&row[3], 16));
}
