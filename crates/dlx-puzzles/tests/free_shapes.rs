//! Shapes of any houses (`sudoku::FreeShape`): on random small shapes every engine (dancing
//! links, the any-shape fast path where every house is full, SAT) agrees with a brute-force
//! count on none / one / several, and every solution passes the validator; the built-in Gattai
//! layouts are solved.

use dlx_core::Stop;
use dlx_puzzles::sudoku::freeform::{read_grids, validate_free, write_grid, FreeSolver};
use dlx_puzzles::sudoku::shape::file;
use dlx_puzzles::sudoku::{Cell, EngineChoice, FreeShape};
use proptest::prelude::*;

/// The engines to compare: the fast path only where the shape has one.
fn engines(solver: &FreeSolver) -> Vec<EngineChoice> {
    let mut engines = vec![EngineChoice::Dlx];
    if solver.has_fast_path() {
        engines.push(EngineChoice::Fast);
    }
    #[cfg(feature = "sat")]
    engines.push(EngineChoice::Sat);
    engines
}

/// The number of solutions, by trying every value in every cell in turn (no propagation), with
/// each house's values checked as cells are filled.
fn brute_force(shape: &FreeShape, givens: &[u16]) -> u64 {
    fn fill(shape: &FreeShape, houses_of: &[Vec<usize>], grid: &mut Vec<u16>, cell: usize) -> u64 {
        if cell == grid.len() {
            return 1;
        }
        let values: Vec<u16> = match grid[cell] {
            0 => (1..=shape.values() as u16).collect(),
            given => vec![given],
        };
        let mut count = 0;
        for v in values {
            let clash = houses_of[cell].iter().any(|&h| {
                shape.houses()[h]
                    .iter()
                    .any(|&other| other < cell && grid[other] == v)
            });
            if !clash {
                let kept = grid[cell];
                grid[cell] = v;
                count += fill(shape, houses_of, grid, cell + 1);
                grid[cell] = kept;
            }
        }
        count
    }
    let mut houses_of = vec![Vec::new(); shape.cell_count()];
    for (h, house) in shape.houses().iter().enumerate() {
        for &cell in house {
            houses_of[cell].push(h);
        }
    }
    fill(shape, &houses_of, &mut givens.to_vec(), 0)
}

/// Checks every engine against the brute-force count (up to 3) on `givens`.
fn agree(shape: &FreeShape, givens: &[u16]) -> Result<(), TestCaseError> {
    let mut solver = FreeSolver::new(shape.clone());
    if solver.check_givens(givens).is_err() {
        for engine in engines(&solver) {
            prop_assert!(solver.run(givens, 3, engine, &Stop::new()).is_err());
        }
        return Ok(());
    }
    let expected = brute_force(shape, givens).min(3);
    for engine in engines(&solver) {
        let run = solver.run(givens, 3, engine, &Stop::new()).unwrap();
        prop_assert_eq!(run.found, expected, "{:?} on {:?}", engine, shape);
        prop_assert_eq!(run.first.is_some(), expected > 0);
        if let Some(solution) = &run.first {
            prop_assert!(validate_free(shape, givens, solution).is_ok());
        }
    }
    Ok(())
}

/// A random shape on a grid of up to 3x4 with up to 4 values: houses of any cells (from one
/// cell to the number of values; `full` makes every house need every value), the cells those
/// the houses name; and givens for it, most of them empty.
fn shape_and_givens(full: bool) -> impl Strategy<Value = (FreeShape, Vec<u16>)> {
    (1usize..=3, 1usize..=4, 1usize..=4)
        .prop_filter("a full house fits the grid", move |&(r, c, v)| {
            !full || v <= r * c
        })
        .prop_flat_map(move |(rows, columns, values)| {
            let low = if full { values } else { 1 };
            let house = prop::collection::btree_set(0..rows * columns, low..=values);
            let houses = prop::collection::vec(house, 1..=5);
            let givens = prop::collection::vec(0u16..=3 * values as u16, rows * columns);
            (Just((rows, columns, values)), houses, givens)
        })
        .prop_map(|((rows, columns, values), houses, givens)| {
            let houses: Vec<Vec<Cell>> = houses
                .iter()
                .map(|h| h.iter().map(|&p| Cell::from_index(p, columns)).collect())
                .collect();
            let shape = FreeShape::new((rows, columns), values, None, &houses).unwrap();
            // Values above the range are empty cells: most cells are.
            let givens = (0..shape.cell_count())
                .map(|cell| {
                    let at = shape.cell_position(cell);
                    let v = givens[at.index(columns)];
                    if usize::from(v) <= values {
                        v
                    } else {
                        0
                    }
                })
                .collect();
            (shape, givens)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn engines_agree_with_brute_force_on_any_houses((shape, givens) in shape_and_givens(false)) {
        agree(&shape, &givens)?;
    }

    #[test]
    fn engines_agree_with_brute_force_on_full_houses((shape, givens) in shape_and_givens(true)) {
        agree(&shape, &givens)?;
    }
}

#[test]
fn every_gattai_layout_has_a_grid_and_no_unique_empty_one() {
    for name in FreeShape::GATTAI {
        let shape = FreeShape::gattai(name).unwrap();
        let mut solver = FreeSolver::new(shape.clone());
        assert!(solver.has_fast_path(), "{name}");
        let empty = vec![0; shape.cell_count()];
        let run = solver
            .run(&empty, 2, EngineChoice::Fast, &Stop::new())
            .unwrap();
        assert_eq!(run.found, 2, "{name}");
        let grid = run.first.unwrap();
        assert!(validate_free(&shape, &empty, &grid).is_ok(), "{name}");
        // The grid as givens, less one cell, is unique by every engine.
        let mut givens = grid.clone();
        givens[0] = 0;
        for engine in engines(&solver) {
            let run = solver.run(&givens, 2, engine, &Stop::new()).unwrap();
            assert_eq!((run.found, run.first.as_ref()), (1, Some(&grid)), "{name}");
        }
    }
}

/// An empty 16x16 Windoku, which the fast path does not fill twice within its guesses, as a
/// shape of any houses: the default engine hands it over to the SAT engine; the fast path alone
/// stops at a budget where the default engine answers.
#[cfg(feature = "sat")]
#[test]
fn auto_hands_a_hard_shape_over_to_sat() {
    use dlx_core::{Budget, StopReason};
    use dlx_puzzles::sudoku::{Shape, AUTO_GUESSES};

    let windoku = Shape::standard(16).unwrap().with_windows().unwrap();
    let houses: Vec<Vec<Cell>> = windoku
        .houses()
        .map(|h| {
            windoku
                .cells(h)
                .into_iter()
                .map(|c| Cell::from_index(c, 16))
                .collect()
        })
        .collect();
    let shape = FreeShape::new((16, 16), 16, None, &houses).unwrap();
    let mut solver = FreeSolver::new(shape.clone());
    let empty = vec![0; shape.cell_count()];
    let budget = Stop::new().with_budget(Budget::Nodes(AUTO_GUESSES));
    let fast = solver.run(&empty, 2, EngineChoice::Fast, &budget).unwrap();
    assert_eq!(fast.stopped, Some(StopReason::Budget));
    let auto = solver
        .run(&empty, 2, EngineChoice::Auto, &Stop::new())
        .unwrap();
    assert_eq!((auto.found, auto.engine, auto.stopped), (2, "sat", None));
    assert!(validate_free(&shape, &empty, &auto.first.unwrap()).is_ok());
    // Within a budget of no more guesses than its own, the default engine does not hand over.
    let auto = solver.run(&empty, 2, EngineChoice::Auto, &budget).unwrap();
    assert_eq!(
        (auto.engine, auto.stopped),
        ("fast", Some(StopReason::Budget))
    );
}

#[test]
fn givens_that_clash_name_the_house_and_cells() {
    let shape = FreeShape::gattai("samurai").unwrap();
    let solver = FreeSolver::new(shape.clone());
    let mut givens = vec![0; shape.cell_count()];
    // The corner box shared by the top-left grid and the middle one.
    givens[shape.cell_at(6, 6).unwrap()] = 4;
    givens[shape.cell_at(8, 8).unwrap()] = 4;
    assert_eq!(
        solver.check_givens(&givens).unwrap_err().to_string(),
        "value 4 is given twice in house 27: at row 7, column 7 and at row 9, column 9"
    );
    givens[0] = 10;
    assert_eq!(
        solver.check_givens(&givens).unwrap_err().to_string(),
        "row 1, column 1 holds 10, but values go from 1 to 9"
    );
}

proptest! {
    #[test]
    fn shapes_written_read_back((shape, givens) in shape_and_givens(false)) {
        let back = file::read(&file::write(&shape)).unwrap();
        prop_assert_eq!(&back, &shape);
        let grids = read_grids(&write_grid(&shape, &givens), &shape).unwrap();
        prop_assert_eq!(grids, [(1, givens)]);
    }

    #[test]
    fn any_text_is_read_or_refused(text in "(values |grid |sudoku |rect |house |cells\n|[0-9]{1,3}|[ ,.#\n-])*") {
        dlx_test_support::fuzz::free_shape(format!("\0{text}").as_bytes());
    }
}
