//! `dlx candidates`: each puzzle's grid of true candidates equals the values of its every
//! solution (listed apart by the library), with `--counts` their counts up to `--limit`; bad
//! lines are named where they are wrong and the rest still answered; a budget prints what is
//! known and exits 3.

mod common;

use common::{data, dlx, ends};
use dlx_core::Stop;
use dlx_puzzles::sudoku::picture::{self, Style};
use dlx_puzzles::sudoku::variant::candidates::FIRST_SOLUTIONS;
use dlx_puzzles::sudoku::variant::{self, Variant};

/// The puzzle lines of the test data.
fn puzzles() -> Vec<String> {
    std::fs::read_to_string(data("candidates.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// Every solution of `puzzle`.
fn every_solution(puzzle: &Variant) -> Vec<Vec<u8>> {
    let mut all = Vec::new();
    let run = puzzle.solutions(u64::MAX, &Stop::new(), |s| {
        all.push(s.to_vec());
        true
    });
    assert!(run.stopped.is_none());
    all
}

/// What `dlx candidates` should print for `text`: from every solution, the values of each cell
/// (or with `counts`, each with the solutions holding it, up to `limit`).
fn expected(text: &str, counts: Option<u64>) -> String {
    let puzzle = variant::read(text).unwrap();
    let all = every_solution(&puzzle);
    if all.is_empty() {
        return "no solution\n".into();
    }
    let (n, cells) = (puzzle.shape().size(), puzzle.shape().cell_count());
    let style = Style::default();
    match counts {
        None => {
            let masks: Vec<u64> = (0..cells)
                .map(|c| all.iter().fold(0, |m, s| m | 1 << (s[c] - 1)))
                .collect();
            picture::pretty_marks(puzzle.shape(), &masks, style)
        }
        Some(limit) => {
            let texts: Vec<String> = (0..cells)
                .map(|c| {
                    let parts: Vec<String> = (1..=n as u8)
                        .filter_map(|v| {
                            let count = all.iter().filter(|s| s[c] == v).count() as u64;
                            let listed = (all.len() as u64) < (limit + 1).max(FIRST_SOLUTIONS);
                            let plus = if count > limit || (count == limit && !listed) {
                                "+"
                            } else {
                                ""
                            };
                            (count > 0).then(|| format!("{v}:{}{plus}", count.min(limit)))
                        })
                        .collect();
                    parts.join(" ")
                })
                .collect();
            picture::pretty_texts(puzzle.shape(), &texts, style)
        }
    }
}

#[test]
fn candidates_are_the_values_of_every_solution() {
    let path = data("candidates.txt");
    let puzzles = puzzles();
    let want: Vec<String> = puzzles.iter().map(|p| expected(p, None)).collect();
    let (out, _) = ends(&["candidates", &path], "", 0);
    assert_eq!(out, want.join("\n"));
    // A unique puzzle shows its solution, one value a cell.
    assert!(want[0].lines().all(|l| !l.contains("12")));
    for limit in ["1", "2", "5"] {
        let want: Vec<String> = puzzles
            .iter()
            .map(|p| expected(p, Some(limit.parse().unwrap())))
            .collect();
        let (out, _) = ends(&["candidates", "--counts", "--limit", limit, &path], "", 0);
        assert_eq!(out, want.join("\n"), "--limit {limit}");
    }
    // Standard input, one puzzle, ASCII lines.
    let (out, _) = ends(&["candidates", "--ascii"], format!("{}\n", puzzles[2]), 0);
    assert_eq!(
        out,
        expected(&puzzles[2], None)
            .replace('│', "|")
            .replace('─', "-")
            .replace(['┌', '┬', '┐', '├', '┼', '┤', '└', '┴', '┘'], "+")
    );
}

#[test]
fn a_bad_line_is_named_and_the_rest_answered() {
    let puzzles = puzzles();
    // Two givens that clash: no solution.
    let none = ".~R1C1_1~R1C2_1";
    let text = format!(
        "{}\n\n.Thermo~R1C1~Rzz\n{none}\n{}\n",
        puzzles[2], puzzles[0]
    );
    let (out, err) = ends(&["candidates"], text, 2);
    let want = [
        expected(&puzzles[2], None),
        "invalid puzzle\n".to_string(),
        "no solution\n".to_string(),
        expected(&puzzles[0], None),
    ];
    assert_eq!(out, want.join("\n"));
    assert!(
        err.contains("dlx: <stdin>:3:14: at \"Rzz\": bad cell"),
        "{err}"
    );
    let (out, _) = ends(&["candidates"], format!("{none}\n"), 1);
    assert_eq!(out, expected(none, None));
    let (_, err) = ends(&["candidates"], "# nothing\n", 2);
    assert!(err.contains("no puzzle in the input"), "{err}");
    let (_, err) = ends(&["candidates", "--limit", "0"], "", 2);
    assert!(err.contains("--limit"), "{err}");
}

#[test]
fn a_budget_prints_what_is_known_and_exits_3() {
    let open = puzzles()
        .into_iter()
        .find(|p| p.starts_with(".Shape~6x6") && !p.contains("Thermo"))
        .unwrap();
    let puzzle = variant::read(&open).unwrap();
    let all = every_solution(&puzzle);
    let output = dlx()
        .args(["candidates", "--budget", "3", "--ascii"])
        .write_stdin(format!("{open}\n"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3));
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(
        err.contains("<stdin>:1: unfinished: the budget of 3 nodes ran out"),
        "{err}"
    );
    // Every true candidate is still shown: the grid lists no fewer values a cell.
    let out = String::from_utf8(output.stdout).unwrap();
    let cells: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with('|'))
        .flat_map(|l| l.split(['|', ' ']).filter(|t| !t.is_empty()))
        .collect();
    assert_eq!(cells.len(), 36, "{out}");
    for (c, shown) in cells.iter().enumerate() {
        for s in &all {
            assert!(shown.contains(char::from(b'0' + s[c])), "cell {c}: {shown}");
        }
    }
}
