//! `dlx solve --shape`: Samurai and shapes of any houses, answered in the grid layout byte for
//! byte by every engine, checked and counted; bad shape files and grids named by line and column.

mod common;

use common::{assert_prints, assert_run, data};

fn read(name: &str) -> String {
    std::fs::read_to_string(data(name)).unwrap()
}

#[test]
fn samurai_is_answered_in_its_layout_by_every_engine() {
    let (expected, input) = (read("samurai.out"), data("samurai.in"));
    for shape in ["samurai".to_string(), data("samurai.shape")] {
        for engine in ["auto", "fast", "dlx", "sat"] {
            let args = ["solve", "--shape", &shape, "--engine", engine];
            assert_prints(&[&args[..], &[&input]].concat(), 0, &expected);
            let check = [&args[..], &["--check", &input]].concat();
            assert_prints(&check, 0, "unique\n");
        }
    }
}

#[test]
fn samurai_puzzles_follow_one_another() {
    let puzzle = read("samurai.in");
    // The top-left grid's first row emptied: more solutions; a clash: none.
    let open = puzzle.replacen("- - 9 - 4 1 5 - 6", "- - - - - - - - -", 1);
    let clash = puzzle.replacen("- - 9 - 4", "9 - 9 - 4", 1);
    let stdin = format!("{puzzle}\n{open}{clash}");
    assert_run(
        &["solve", "--shape", "samurai", "--count", "--limit", "5"],
        &stdin,
        2,
        Some("1\n5+\ninvalid puzzle\n"),
        "<stdin>:46:1: value 9 is given twice in house 1: at row 1, column 1 and at row 1, column 3",
    );
    assert_run(
        &["solve", "--shape", "samurai"],
        &format!("{open}{puzzle}"),
        0,
        None,
        "<stdin>:1: more than one solution, printed the first",
    );
    assert_run(
        &["solve", "--shape", "samurai", "--strict"],
        &open,
        1,
        None,
        "more than one solution",
    );
}

#[test]
fn a_shape_file_gives_any_houses() {
    // Three values on a 2x3 grid with a hole: a full row, a short column.
    let dir = std::env::temp_dir().join(format!("dlx-shapes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let shape = dir.join("small.shape");
    std::fs::write(
        &shape,
        "values 3\ngrid 2 3\ncells\n###\n.#.\nrect 1 1 1 3\nhouse 1,2 2,2\n",
    )
    .unwrap();
    let shape = shape.to_str().unwrap();
    assert_run(
        &["solve", "--shape", shape, "--count"],
        "2 3\n- - -\n- - -\n",
        0,
        Some("12\n"),
        "",
    );
    assert_run(
        &["solve", "--shape", shape],
        "2 3\n1 - 3\n- - -\n",
        0,
        Some("2 3\n1 2 3\n- 1 -\n"),
        "more than one solution",
    );
    assert_run(
        &["solve", "--shape", shape, "--check"],
        "2 3\n1 2 -\n- 2 -\n",
        2,
        Some("invalid puzzle\n"),
        "<stdin>:1:1: value 2 is given twice in house 2",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_shapes_and_grids_are_named_by_line_and_column() {
    let dir = std::env::temp_dir().join(format!("dlx-bad-shapes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (text, message) in [
        (
            "values 9\ngrid 9 9\nsudoku 1 x\n",
            ":3:10: expected `sudoku ROW COLUMN` with numbers from 1, found `x`",
        ),
        (
            "values 4\ngrid 4 4\nhouse 1,1 1,2\nhouse\n",
            ":4:1: house 2 has no cell",
        ),
        (
            "values 2\ngrid 2 2\nrect 1 1 2 2\n",
            ":3:1: house 1 has 4 cells, more than the 2 values",
        ),
        (
            "values 2\ngrid 1 3\ncells\n##.\nhouse 1,1\n",
            ":4:2: row 1, column 2 belongs to no house",
        ),
        (
            "grid 2 2\n",
            ":1:1: expected `values N`, `grid ROWS COLUMNS` and houses",
        ),
    ] {
        let path = dir.join("bad.shape");
        std::fs::write(&path, text).unwrap();
        let path = path.to_str().unwrap();
        assert_run(
            &["solve", "--shape", path],
            "",
            2,
            Some(""),
            &format!("{path}{message}"),
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
    for (shape, stdin, message) in [
        (
            "samurai",
            "21 21\n1 2 3\n",
            "dlx: <stdin>:2:6: expected 21 places in the row, found 3",
        ),
        (
            "samurai",
            "9 9\n",
            "<stdin>:1:1: expected the size line `21 21` of the shape's grid",
        ),
        ("samurai", "", "<stdin>: no puzzle in the input"),
        (
            "no-such-shape",
            "",
            "no-such-shape is neither a built-in shape (samurai, twodoku, butterfly, flower, \
             sohei) nor a shape file",
        ),
    ] {
        assert_run(&["solve", "--shape", shape], stdin, 2, Some(""), message);
    }
}
