//! Sudoku for the page: reading a text (with the board's shape and pencil marks), writing an
//! edited puzzle back, and solves, checks and counts that run in slices.

use dlx_puzzles::sudoku::format::{read_layout, write_puzzle};
use dlx_puzzles::sudoku::{Puzzle, Shape};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::adapter::{self, Attempts, Counting, Read};
use crate::marks::candidates;
use crate::wire::{answer, json_value, request, InputError, PuzzleWire, ShapeChoice};

/// A shape as the board draws it.
#[derive(Clone, Debug, Serialize)]
struct ShapeWire {
    size: usize,
    /// `[rows, columns]` of a box, for a shape of boxes.
    boxes: Option<(usize, usize)>,
    /// The region of each cell.
    regions: Vec<usize>,
    /// The extra regions' cells.
    extra: Vec<Vec<usize>>,
}

impl From<&Shape> for ShapeWire {
    fn from(shape: &Shape) -> ShapeWire {
        ShapeWire {
            size: shape.size(),
            boxes: shape.box_size(),
            regions: (0..shape.cell_count())
                .map(|c| shape.region_of(c))
                .collect(),
            extra: shape.extra().to_vec(),
        }
    }
}

/// Reads the first puzzle of `text` with the page's shape choices (`options`, JSON):
/// `{"state":"ok","puzzle":…,"shape":…,"candidates":…,"note":…,"clash":…}` or an error. A
/// puzzle whose givens clash still reads (so that the board can show it), with the clash.
pub fn read(text: &str, options: &str) -> String {
    let read = request::<ShapeChoice>(options).and_then(|choice| adapter::read(text, &choice));
    match read {
        Ok(Read {
            puzzle,
            shape,
            note,
        }) => json!({
            "state": "ok",
            "clash": shape.check_givens(&puzzle.cells)
                .err()
                .map(|e| json_value(&adapter::givens_error(&e, &puzzle))),
            "puzzle": json_value(&PuzzleWire::from(&puzzle)),
            "shape": json_value(&ShapeWire::from(&shape)),
            "candidates": candidates(&shape, &puzzle.cells),
            "note": note,
        })
        .to_string(),
        Err(e) => e.to_json(),
    }
}

/// Writes a puzzle (the `puzzle` of [`read`], edited) in its layout, region layout included:
/// `{"state":"ok","text":…}` or an error.
pub fn write(puzzle: &str) -> String {
    match request::<PuzzleWire>(puzzle).and_then(Puzzle::try_from) {
        Ok(puzzle) => answer("ok", "text", &write_puzzle(&puzzle)),
        Err(e) => e.to_json(),
    }
}

/// Reads a jigsaw layout (one symbol per cell, rows of `n`): `{"state":"ok","regions":[…]}`
/// or an error with its line and column.
pub fn read_regions(text: &str) -> String {
    match read_layout(text) {
        Ok(regions) => answer("ok", "regions", &regions),
        Err(e) => InputError::at("regions", e.line, e.column, e.message).to_json(),
    }
}

/// What the page asks of a puzzle.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RunRequest {
    text: String,
    #[serde(default)]
    options: ShapeChoice,
    mode: Mode,
    /// For a count: stop at this many solutions.
    #[serde(default)]
    limit: Option<u64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
enum Mode {
    Solve,
    Check,
    Count,
}

/// The search under way.
#[derive(Clone, Debug)]
enum Work {
    Attempts(Box<Attempts>),
    Count(Box<Counting>, Option<u64>),
    /// The answer given, or the error that stopped the run; given again if asked again.
    Over(String),
}

/// A solve, check or count of one puzzle, run a slice at a time.
#[derive(Clone, Debug)]
pub struct SudokuRun {
    mode: Mode,
    puzzle: Option<Puzzle>,
    work: Work,
}

impl SudokuRun {
    /// Starts what `request` (JSON: `{"text":…,"options":…,"mode":"solve"|"check"|"count",
    /// "limit":N}`) asks for. Errors are reported by the first [`SudokuRun::run`].
    pub fn new(request_json: &str) -> SudokuRun {
        let failed = |e: InputError| SudokuRun {
            mode: Mode::Solve,
            puzzle: None,
            work: Work::Over(e.to_json()),
        };
        let request = match request::<RunRequest>(request_json) {
            Ok(request) => request,
            Err(e) => return failed(e),
        };
        let read = match adapter::read(&request.text, &request.options) {
            Ok(read) => read,
            Err(e) => return failed(e),
        };
        let givens = read.puzzle.cells.clone();
        let work = match request.mode {
            Mode::Solve | Mode::Check => {
                let check = request.mode == Mode::Check;
                Work::Attempts(Box::new(Attempts::new(read.shape, givens, check)))
            }
            Mode::Count => match Counting::new(read.shape, &givens, request.limit) {
                Ok(counting) => Work::Count(Box::new(counting), request.limit),
                Err(e) => Work::Over(adapter::givens_error(&e, &read.puzzle).to_json()),
            },
        };
        SudokuRun {
            mode: request.mode,
            puzzle: Some(read.puzzle),
            work,
        }
    }

    /// Searches for about `nodes` more nodes (a solve or check: one more attempt, with at least
    /// that budget) and says where it stands: `{"state":"running","nodes":…,"solutions":…}`,
    /// `{"state":"done",…}` with the answer, or `{"state":"error","error":…}`.
    pub fn run(&mut self, nodes: f64) -> String {
        // A slice of a fraction or a negative number of nodes is one node.
        let nodes = if nodes >= 1.0 { nodes as u64 } else { 1 };
        let over = match &mut self.work {
            Work::Over(answer) => return answer.clone(),
            Work::Attempts(attempts) => match attempts.attempt(nodes) {
                Ok(None) => return running(attempts.spent(), 0),
                Ok(Some(solved)) => json!({
                    "state": "done",
                    "mode": self.mode,
                    "verdict": solved.verdict.as_str(),
                    "solution": solved.solution,
                    "stats": {
                        "solutions": solved.stats.solutions,
                        "guesses": solved.stats.guesses,
                        "nodes": solved.stats.nodes,
                        "updates": solved.stats.updates,
                    },
                    "spent": attempts.spent(),
                })
                .to_string(),
                Err(e) => match &self.puzzle {
                    Some(puzzle) => adapter::givens_error(&e, puzzle).to_json(),
                    None => InputError::new("text", e.to_string()).to_json(),
                },
            },
            Work::Count(counting, limit) => {
                if !counting.run(nodes) {
                    let so_far = counting.stats();
                    return running(so_far.nodes, so_far.solutions);
                }
                let total = counting.stats();
                json!({
                    "state": "done",
                    "mode": self.mode,
                    "count": total.solutions,
                    "capped": limit.is_some_and(|limit| total.solutions >= limit),
                    "stats": stats(&total),
                })
                .to_string()
            }
        };
        self.work = Work::Over(over.clone());
        over
    }
}

fn running(nodes: u64, solutions: u64) -> String {
    json!({"state": "running", "nodes": nodes, "solutions": solutions}).to_string()
}

/// Statistics as JSON.
pub fn stats(stats: &dlx_core::Stats) -> serde_json::Value {
    json!({"solutions": stats.solutions, "nodes": stats.nodes, "updates": stats.updates})
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    const PUZZLE17: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn parse(text: &str) -> Value {
        serde_json::from_str(text).unwrap()
    }

    /// Runs to the end in slices of `nodes`; the answer and how many slices it took.
    fn finish(request: Value, nodes: f64) -> (Value, usize) {
        let mut run = SudokuRun::new(&request.to_string());
        for slices in 1.. {
            let answer = parse(&run.run(nodes));
            if answer["state"] != "running" {
                return (answer, slices);
            }
        }
        unreachable!()
    }

    #[test]
    fn reads_the_shape_and_the_pencil_marks() {
        let read = parse(&super::read(PUZZLE17, "{}"));
        assert_eq!(read["state"], "ok");
        assert_eq!(read["puzzle"]["size"], 9);
        assert_eq!(read["puzzle"]["cells"][0], 4);
        assert_eq!(read["shape"]["boxes"], json!([3, 3]));
        assert_eq!(read["shape"]["regions"][80], 8);
        assert_eq!(read["candidates"][0], json!([]));
        // Row 1 holds 4 and box 1 holds 3: neither is a mark of the second cell.
        let marks = read["candidates"][1].as_array().unwrap();
        assert!(!marks.contains(&json!(4)) && !marks.contains(&json!(3)));
        let x = parse(&super::read(PUZZLE17, r#"{"extra":["x","windoku"]}"#));
        assert_eq!(x["shape"]["extra"].as_array().unwrap().len(), 6);
    }

    #[test]
    fn errors_name_the_line_and_column() {
        let error = parse(&super::read("1234\n34x2\n2143\n4321\n", "{}"));
        assert_eq!(error["state"], "error");
        assert_eq!(error["error"]["field"], "text");
        assert_eq!(
            (
                error["error"]["line"].clone(),
                error["error"]["column"].clone()
            ),
            (json!(2), json!(3))
        );
        let none = parse(&super::read("  \n", "{}"));
        assert_eq!(none["error"]["line"], 1);
        let request = parse(&super::read(PUZZLE17, r#"{"boxes":"3x3"}"#));
        assert_eq!(request["error"]["field"], "request");
        let layout = parse(&read_regions("1122\n1122\n3344\n3344\n"));
        assert_eq!(layout["state"], "ok");
        let layout = parse(&read_regions("11\n1\n"));
        assert_eq!(layout["error"]["field"], "regions");
        assert!(layout["error"]["line"].is_number());
    }

    #[test]
    fn a_clash_names_both_cells() {
        let text = format!("44{}", &PUZZLE17[2..]);
        let read = parse(&super::read(&text, "{}"));
        assert_eq!(read["state"], "ok");
        assert_eq!(read["clash"]["cells"], json!([0, 1]));
        assert_eq!(parse(&super::read(PUZZLE17, "{}"))["clash"], Value::Null);
        let (answer, _) = finish(json!({"text": text, "mode": "solve"}), 100.0);
        assert_eq!(answer["state"], "error");
        assert_eq!(answer["error"]["cells"], json!([0, 1]));
        assert!(answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("given twice"));
    }

    #[test]
    fn solves_checks_and_counts() {
        let (solved, _) = finish(json!({"text": PUZZLE17, "mode": "solve"}), 1e6);
        assert_eq!(solved["verdict"], "unique");
        let solution: Vec<u64> = serde_json::from_value(solved["solution"].clone()).unwrap();
        assert_eq!(solution.len(), 81);
        assert_eq!(solution[0], 4);
        let (checked, _) = finish(json!({"text": PUZZLE17, "mode": "check"}), 1e6);
        assert_eq!(checked["verdict"], "unique");
        let (counted, _) = finish(json!({"text": PUZZLE17, "mode": "count"}), 1e6);
        assert_eq!(
            (counted["count"].clone(), counted["capped"].clone()),
            (json!(1), json!(false))
        );
        let empty = ".".repeat(16);
        let (all, slices) = finish(json!({"text": empty, "mode": "count"}), 20.0);
        assert_eq!(all["count"], 288);
        assert!(slices > 5, "{slices}");
        let (some, _) = finish(json!({"text": empty, "mode": "count", "limit": 10}), 20.0);
        assert_eq!(
            (some["count"].clone(), some["capped"].clone()),
            (json!(10), json!(true))
        );
        let (many, _) = finish(json!({"text": empty, "mode": "check"}), 1.0);
        assert_eq!(many["verdict"], "multiple");
    }

    #[test]
    fn no_solution_is_an_answer() {
        // No direct clash, but the fourth cell can take nothing.
        let text = "1 2 3 .\n3 4 . .\n. . . .\n. . . 4\n";
        for mode in ["solve", "check"] {
            let (answer, _) = finish(json!({"text": text, "mode": mode}), 1e6);
            assert_eq!(
                (answer["verdict"].clone(), answer["solution"].clone()),
                (json!("none"), Value::Null)
            );
        }
        let (count, _) = finish(json!({"text": text, "mode": "count"}), 1e6);
        assert_eq!(count["count"], 0);
    }

    #[test]
    fn hard_searches_take_several_slices_and_agree() {
        // The empty 16x16 grid is solved by guessing; small budgets need several attempts.
        let empty = ".".repeat(256);
        let (solved, slices) = finish(json!({"text": empty, "mode": "solve"}), 1.0);
        assert_eq!(solved["verdict"], "unique");
        assert!(slices >= 1);
        let jigsaw = json!({
            "text": ".".repeat(16),
            "mode": "count",
            "options": {"regions": [1,1,2,2, 1,1,2,2, 3,3,4,4, 3,3,4,4]},
        });
        assert_eq!(finish(jigsaw, 7.0).0["count"], 288);
    }

    #[test]
    fn edited_puzzles_are_written_in_their_layout() {
        let read = parse(&super::read("1...\n....\n....\n...2\n", "{}"));
        let mut puzzle = read["puzzle"].clone();
        puzzle["cells"][1] = json!(3);
        puzzle["regions"] = json!([0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]);
        let written = parse(&write(&puzzle.to_string()));
        assert_eq!(
            written["text"],
            "13..\n....\n....\n...2\n1122\n1122\n3344\n3344\n"
        );
        puzzle["cells"][1] = json!(7);
        assert_eq!(parse(&write(&puzzle.to_string()))["state"], "error");
        let line = parse(&super::read(PUZZLE17, "{}"));
        let written = parse(&write(&line["puzzle"].to_string()));
        assert_eq!(written["text"], format!("{PUZZLE17}\n"));
    }

    #[test]
    fn edited_puzzles_keep_the_frame_they_were_pasted_in() {
        let star = "*-----------*\n|4..|...|8.5|\n|.3.|...|...|\n|...|7..|...|\n|---+---+---|\n\
                    |.2.|...|.6.|\n|...|.8.|4..|\n|...|.1.|...|\n|---+---+---|\n\
                    |...|6.3|.7.|\n|5..|2..|...|\n|1.4|...|...|\n*-----------*\n";
        let read = parse(&super::read(star, "{}"));
        assert_eq!(read["puzzle"]["layout"]["frame"], "star", "{read}");
        let mut puzzle = read["puzzle"].clone();
        puzzle["cells"][1] = json!(6);
        let written = parse(&write(&puzzle.to_string()));
        let text = written["text"].as_str().unwrap();
        assert!(text.starts_with("*-----------*\n|46.|...|8.5|\n"), "{text}");
        assert!(text.contains("|---+---+---|"), "{text}");
        assert_eq!(
            parse(&super::read(text, "{}"))["puzzle"]["cells"],
            puzzle["cells"]
        );
        puzzle["layout"]["frame"] = json!("spiral");
        assert_eq!(parse(&write(&puzzle.to_string()))["state"], "error");
    }
}
