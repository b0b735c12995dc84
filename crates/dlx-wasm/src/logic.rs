//! Logical solving for the page: a hint (the next step), an explanation (every step, one a
//! slice) and a rating, of a puzzle with exactly one solution.
//!
//! The uniqueness check comes first and runs in slices ([`Attempts`]), as a check does; the
//! techniques take no stop, so a long step (nested chains) is cut short by ending the worker.

use std::sync::Arc;

use dlx_puzzles::sudoku::logic::{self, Board, Grid, Step};
use dlx_puzzles::sudoku::{rate, Verdict};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::adapter::{self, Attempts};
use crate::wire::{request, InputError, ShapeChoice};

/// What the page asks of a puzzle's logic.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LogicRequest {
    text: String,
    #[serde(default)]
    options: ShapeChoice,
    mode: Mode,
    /// Candidates already removed by earlier hints, as `[cell, value]`.
    #[serde(default)]
    eliminated: Vec<(usize, u16)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
enum Mode {
    Hint,
    Explain,
    Rate,
}

#[derive(Clone, Debug)]
enum Stage {
    /// Proving that the puzzle has one solution.
    Checking(Box<Attempts>),
    /// Explaining, a step a slice.
    Explaining { steps: usize },
    /// The answer given, or the error that stopped the run; given again if asked again.
    Over(String),
}

/// A hint, explanation or rating of one puzzle, run a slice at a time.
#[derive(Clone, Debug)]
pub struct LogicRun {
    mode: Mode,
    grid: Option<Grid>,
    stage: Stage,
}

impl LogicRun {
    /// Starts what `request` (JSON: `{"text":…,"options":…,"mode":"hint"|"explain"|"rate",
    /// "eliminated":[[cell,value],…]}`) asks for. Errors are reported by the first
    /// [`LogicRun::run`].
    pub fn new(request_json: &str) -> LogicRun {
        match LogicRun::start(request_json) {
            Ok(run) => run,
            Err(e) => LogicRun {
                mode: Mode::Hint,
                grid: None,
                stage: Stage::Over(e.to_json()),
            },
        }
    }

    fn start(request_json: &str) -> Result<LogicRun, InputError> {
        let request = request::<LogicRequest>(request_json)?;
        let read = adapter::read(&request.text, &request.options)?;
        let givens = &read.puzzle.cells;
        read.shape
            .check_givens(givens)
            .map_err(|e| adapter::givens_error(&e, &read.puzzle))?;
        let mut grid = Grid::new(Arc::new(Board::new(&read.shape)), givens);
        let n = read.puzzle.size;
        for &(cell, value) in &request.eliminated {
            if cell >= n * n || value == 0 || usize::from(value) > n {
                return Err(InputError::new(
                    "request",
                    format!("no candidate {value} in cell {cell} of a {n}x{n} grid"),
                ));
            }
            grid.eliminate(cell, value);
        }
        Ok(LogicRun {
            mode: request.mode,
            stage: Stage::Checking(Box::new(Attempts::new(read.shape, givens.clone(), true))),
            grid: Some(grid),
        })
    }

    /// Works for about `nodes` more nodes of the check, or one step of an explanation, and
    /// says where it stands: `{"state":"running",…}` (an explanation's new step in `found`),
    /// `{"state":"done",…}` or an error.
    pub fn run(&mut self, nodes: f64) -> String {
        let nodes = if nodes >= 1.0 { nodes as u64 } else { 1 };
        let Some(grid) = self.grid.as_mut() else {
            return match &self.stage {
                Stage::Over(answer) => answer.clone(),
                _ => InputError::new("request", "no puzzle").to_json(),
            };
        };
        let over = match &mut self.stage {
            Stage::Over(answer) => return answer.clone(),
            Stage::Checking(attempts) => match attempts.attempt(nodes) {
                Ok(None) => {
                    return json!({"state": "running", "phase": "check", "nodes": attempts.spent()})
                        .to_string()
                }
                Ok(Some(solved)) if solved.verdict != Verdict::Unique => json!({
                    "state": "done",
                    "mode": self.mode,
                    "verdict": solved.verdict.as_str(),
                })
                .to_string(),
                Ok(Some(_)) => match self.mode {
                    Mode::Hint => {
                        let step = logic::next_step(grid, logic::EXPLAIN);
                        done(
                            self.mode,
                            grid,
                            json!({"step": step.map(|s| step_json(&s, grid))}),
                        )
                    }
                    Mode::Rate => {
                        let rating = rate::rate(grid);
                        let answer = json!({
                            "rating": {
                                "er": rating.er,
                                "ep": rating.ep,
                                "ed": rating.ed,
                                "hardest": rating.hardest,
                                "steps": rating.steps,
                            },
                            "text": format!(
                                "{:.1}/{:.1}/{:.1} {}",
                                rating.er, rating.ep, rating.ed, rating.hardest
                            ),
                        });
                        done(self.mode, grid, answer)
                    }
                    Mode::Explain => {
                        self.stage = Stage::Explaining { steps: 0 };
                        return json!({"state": "running", "phase": "explain", "steps": 0, "found": []})
                            .to_string();
                    }
                },
                Err(e) => InputError::new("text", e.to_string()).to_json(),
            },
            Stage::Explaining { steps } => match logic::next_step(grid, logic::EXPLAIN) {
                Some(step) => {
                    let shown = step_json(&step, grid);
                    step.apply(grid);
                    *steps += 1;
                    return json!({"state": "running", "phase": "explain", "steps": *steps, "found": [shown]})
                        .to_string();
                }
                None => done(self.mode, grid, json!({"steps": *steps, "found": []})),
            },
        };
        self.stage = Stage::Over(over.clone());
        over
    }
}

/// The end of a run: `fields` with the state, the mode, whether the grid is solved and how
/// many cells are left.
fn done(mode: Mode, grid: &Grid, fields: Value) -> String {
    let mut answer = json!({
        "state": "done",
        "mode": mode,
        "verdict": "unique",
        "solved": grid.is_solved(),
        "left": grid.values().iter().filter(|&&v| v == 0).count(),
    });
    if let (Some(answer), Value::Object(fields)) = (answer.as_object_mut(), fields) {
        answer.extend(fields);
    }
    answer.to_string()
}

/// A step as the page draws it, with the grid it applies to: `{"technique","text",
/// "difficulty","pattern","placements","eliminations","values","marks"}` (pairs `[cell,
/// value]`; `marks` one bit mask of candidates per cell, bit `v - 1` for `v`, on sides up to
/// 52, where a mask is a safe JavaScript number).
pub fn step_json(step: &Step, grid: &Grid) -> Value {
    let n = grid.size();
    let marks: Option<Vec<u64>> = (n <= 52).then(|| {
        (0..grid.board().cell_count())
            .map(|cell| grid.candidates(cell) as u64)
            .collect()
    });
    json!({
        "technique": step.technique.name(),
        "text": step.text,
        "difficulty": f64::from(step.difficulty) / 10.0,
        "pattern": step.pattern,
        "placements": step.placements,
        "eliminations": step.eliminations,
        "values": grid.values(),
        "marks": marks,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::SudokuRun;

    const PUZZLE17: &str =
        ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....";
    /// Rated 2.0/1.2/1.2 by Sudoku Explainer.
    const EASY: &str =
        "...7..8....6....31.4...2....24.7.....1..3..8.....6.29....8...7.86....5....2..6...";

    fn parse(text: &str) -> Value {
        serde_json::from_str(text).unwrap()
    }

    /// Runs to the end; the answer and every step found on the way.
    fn finish(request: Value) -> (Value, Vec<Value>) {
        let mut run = LogicRun::new(&request.to_string());
        let mut found = Vec::new();
        loop {
            let answer = parse(&run.run(50.0));
            if let Some(steps) = answer["found"].as_array() {
                found.extend(steps.iter().cloned());
            }
            if answer["state"] != "running" {
                return (answer, found);
            }
        }
    }

    fn solution(text: &str) -> Vec<u16> {
        let mut run = SudokuRun::new(&json!({"text": text, "mode": "solve"}).to_string());
        let answer = parse(&run.run(1e9));
        serde_json::from_value(answer["solution"].clone()).unwrap()
    }

    fn pairs(value: &Value) -> Vec<(usize, u16)> {
        serde_json::from_value(value.clone()).unwrap()
    }

    #[test]
    fn a_hint_agrees_with_the_solution() {
        let solution = solution(PUZZLE17);
        let (answer, _) = finish(json!({"text": PUZZLE17, "mode": "hint"}));
        assert_eq!(answer["state"], "done", "{answer}");
        let step = &answer["step"];
        let (placed, removed) = (pairs(&step["placements"]), pairs(&step["eliminations"]));
        assert!(!placed.is_empty() || !removed.is_empty(), "{step}");
        assert!(placed.iter().all(|&(c, v)| solution[c] == v));
        assert!(removed.iter().all(|&(c, v)| solution[c] != v));
        assert!(!step["text"].as_str().unwrap().is_empty());
        assert!(!pairs(&step["pattern"]).is_empty());
        assert_eq!(step["values"].as_array().unwrap().len(), 81);
    }

    #[test]
    fn hints_go_on_from_the_candidates_removed() {
        // Apply each hint: its placements as givens, its eliminations passed back.
        let solution = solution(EASY);
        let mut givens: Vec<u16> = EASY
            .bytes()
            .map(|b| if b == b'.' { 0 } else { u16::from(b - b'0') })
            .collect();
        let mut eliminated: Vec<(usize, u16)> = Vec::new();
        for _ in 0..200 {
            let text: String = givens.iter().map(|v| char::from(b'0' + *v as u8)).collect();
            let (answer, _) =
                finish(json!({"text": text, "mode": "hint", "eliminated": eliminated}));
            if answer["solved"] == true {
                assert_eq!(givens, solution);
                return;
            }
            let step = &answer["step"];
            for (c, v) in pairs(&step["placements"]) {
                givens[c] = v;
            }
            eliminated.extend(pairs(&step["eliminations"]));
        }
        panic!("hints did not reach the solution");
    }

    #[test]
    fn an_explanation_reaches_the_solution() {
        let solution = solution(EASY);
        let (answer, steps) = finish(json!({"text": EASY, "mode": "explain"}));
        assert_eq!(
            (answer["solved"].clone(), answer["left"].clone()),
            (json!(true), json!(0))
        );
        assert_eq!(answer["steps"], steps.len());
        let mut values: Vec<u16> = serde_json::from_value(steps[0]["values"].clone()).unwrap();
        for step in &steps {
            let before: Vec<u16> = serde_json::from_value(step["values"].clone()).unwrap();
            assert_eq!(before, values, "each step starts where the last one left");
            for (c, v) in pairs(&step["placements"]) {
                assert_eq!(solution[c], v);
                values[c] = v;
            }
        }
        assert_eq!(values, solution);
    }

    #[test]
    fn a_rating_on_sudoku_explainers_scale() {
        let (answer, _) = finish(json!({"text": EASY, "mode": "rate"}));
        assert_eq!(answer["text"], "2.0/1.2/1.2 Direct Hidden Pair", "{answer}");
        assert_eq!(answer["rating"]["er"], 2.0);
    }

    #[test]
    fn only_puzzles_with_one_solution() {
        let (answer, _) = finish(json!({"text": ".".repeat(81), "mode": "hint"}));
        assert_eq!(
            (answer["state"].clone(), answer["verdict"].clone()),
            (json!("done"), json!("multiple"))
        );
        let (answer, _) =
            finish(json!({"text": "1 2 3 .\n3 4 . .\n. . . .\n. . . 4\n", "mode": "rate"}));
        assert_eq!(answer["verdict"], "none");
        let (answer, _) =
            finish(json!({"text": format!("44{}", &PUZZLE17[2..]), "mode": "explain"}));
        assert_eq!(answer["error"]["cells"], json!([0, 1]));
        let (answer, _) =
            finish(json!({"text": PUZZLE17, "mode": "hint", "eliminated": [[81, 1]]}));
        assert_eq!(answer["error"]["field"], "request");
    }
}
