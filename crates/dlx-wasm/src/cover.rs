//! The exact-cover playground: a problem in Knuth's format, or one of the classic models
//! (queens, polyominoes, Langford pairs), counted or listed a slice at a time with Knuth's
//! statistics, each solution drawn as its model draws it.

use dlx_core::knuth;
use dlx_core::{preferred_engine, Budget, Engine, EngineKind, Problem, Status, Stop};
use dlx_puzzles::langford::Langford;
use dlx_puzzles::polyomino::{self, Board, PictureError, Piece, Polyomino};
use dlx_puzzles::queens::{Order, Queens};
use serde::Deserialize;
use serde_json::json;

use crate::sudoku::stats;
use crate::wire::{request, InputError};

/// The most solutions a listing hands to the page.
pub const MAX_LISTED: u64 = 10_000;

/// Where a problem comes from.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
enum Source {
    /// Knuth's text format.
    Knuth(String),
    /// `n` queens; `order` is `organ-pipe` (the default) or `plain`.
    Queens {
        n: usize,
        #[serde(default)]
        order: Option<String>,
    },
    /// Langford pairs of `1..=n`.
    Langford { n: usize },
    /// A board (`ROWSxCOLS` or a picture) and sets of pieces (`pentominoes`, `tetrominoes` or
    /// pictures), one piece optionally restricted to break the board's symmetry.
    Polyomino {
        board: String,
        #[serde(default)]
        pieces: Vec<String>,
        #[serde(default)]
        restrict: Option<char>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Mode {
    Count,
    List,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CoverRequest {
    source: Source,
    mode: Mode,
    /// How many solutions a listing shows (at most [`MAX_LISTED`]).
    #[serde(default)]
    first: Option<u64>,
    /// Which engine searches.
    #[serde(default)]
    engine: EngineRequest,
}

/// The engine a request asks for, as `dlx cover --engine` takes it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum EngineRequest {
    /// Dancing cells without multiplicities, dancing links for multiplicities.
    #[default]
    Auto,
    /// Dancing links, whose nodes and updates are those of Knuth's programs.
    Dlx,
    /// Dancing cells.
    Cells,
}

/// A problem with the way its solutions are drawn.
#[derive(Clone, Debug)]
enum Model {
    Options(Problem),
    Queens(Queens),
    Langford(Langford),
    Polyomino(Polyomino),
}

impl Model {
    fn problem(&self) -> &Problem {
        match self {
            Model::Options(problem) => problem,
            Model::Queens(model) => model.problem(),
            Model::Langford(model) => model.problem(),
            Model::Polyomino(model) => model.problem(),
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            Model::Options(_) => "options",
            Model::Queens(_) => "queens",
            Model::Langford(_) => "langford",
            Model::Polyomino(_) => "polyomino",
        }
    }

    /// A solution (its options) drawn: the options one per line as written, or the model's
    /// picture.
    fn draw(&self, options: &[usize]) -> String {
        let picture = match self {
            Model::Options(problem) => {
                return options
                    .iter()
                    .map(|&o| problem.format_option(o) + "\n")
                    .collect()
            }
            Model::Queens(model) => model.decode(options).map(|s| s.to_string()),
            Model::Langford(model) => model.decode(options).map(|s| s.to_string()),
            Model::Polyomino(model) => model.decode(options).map(|s| s.to_string()),
        };
        // A solution of the model's own problem always decodes.
        picture.unwrap_or_else(|e| format!("(not a solution: {e})\n"))
    }
}

/// A model and what building it had to say.
fn build(source: Source) -> Result<(Model, Vec<String>), InputError> {
    let invalid = |field, e: &dyn std::fmt::Display| InputError::new(field, e.to_string());
    Ok(match source {
        Source::Knuth(text) => {
            let parsed = knuth::parse(&text)
                .map_err(|e| InputError::at("text", e.line, e.column, e.kind.to_string()))?;
            let warnings = parsed.warnings.iter().map(ToString::to_string).collect();
            (Model::Options(parsed.problem), warnings)
        }
        Source::Queens { n, order } => {
            let order = match order.as_deref() {
                None | Some("organ-pipe") => Order::OrganPipe,
                Some("plain") => Order::Plain,
                Some(other) => {
                    return Err(InputError::new(
                        "order",
                        format!("unknown order `{other}` (expected organ-pipe or plain)"),
                    ))
                }
            };
            let model = Queens::new(n, order).map_err(|e| invalid("n", &e))?;
            (Model::Queens(model), Vec::new())
        }
        Source::Langford { n } => {
            let model = Langford::new(n).map_err(|e| invalid("n", &e))?;
            (Model::Langford(model), Vec::new())
        }
        Source::Polyomino {
            board,
            pieces,
            restrict,
        } => {
            let board = read_board(&board)?;
            let mut all = Vec::new();
            for spec in if pieces.is_empty() {
                vec!["pentominoes".to_string()]
            } else {
                pieces
            } {
                all.extend(read_pieces(&spec)?);
            }
            let area: usize = all.iter().map(|p| p.cells().len()).sum();
            let mut warnings = Vec::new();
            if area != board.cells().len() {
                warnings.push(format!(
                    "the pieces cover {area} cells but the board has {}: there can be no solution",
                    board.cells().len()
                ));
            }
            let model = Polyomino::new(board, all, restrict).map_err(|e| invalid("pieces", &e))?;
            (Model::Polyomino(model), warnings)
        }
    })
}

fn picture_error(field: &'static str, e: &PictureError) -> InputError {
    InputError::at(field, e.line, e.column, e.kind.to_string())
}

/// `ROWSxCOLS`, or a picture of `#` cells and `.` holes.
fn read_board(spec: &str) -> Result<Board, InputError> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if let Some((rows, cols)) = spec
        .trim()
        .split_once('x')
        .filter(|(r, c)| digits(r) && digits(c))
    {
        let size = |s: &str| {
            s.parse::<usize>()
                .map_err(|_| InputError::new("board", format!("{s} is too large a size")))
        };
        return Board::rectangle(size(rows)?, size(cols)?)
            .map_err(|e| InputError::new("board", e.to_string()));
    }
    Board::parse(spec).map_err(|e| picture_error("board", &e))
}

/// `pentominoes`, `tetrominoes`, or a picture of pieces.
fn read_pieces(spec: &str) -> Result<Vec<Piece>, InputError> {
    match spec.trim() {
        "pentominoes" => Ok(polyomino::pentominoes()),
        "tetrominoes" => Ok(polyomino::tetrominoes()),
        _ => polyomino::parse_pieces(spec).map_err(|e| picture_error("pieces", &e)),
    }
}

/// A count or a listing of one problem's solutions, run a slice at a time, by the engine the
/// request names; by default the one the command line takes (dancing cells, or dancing links for
/// multiplicities).
pub struct CoverRun {
    state: Result<Running, String>,
}

struct Running {
    model: Model,
    search: Box<dyn Engine + Send>,
    mode: Mode,
    warnings: Vec<String>,
    /// The solutions drawn since the last answer.
    found: Vec<String>,
    done: Option<Status>,
    options: Vec<usize>,
}

impl CoverRun {
    /// Starts what `request` (JSON: `{"source":{"knuth":TEXT}|{"queens":{"n":8}}|…,
    /// "mode":"count"|"list","first":N}`) asks for. Errors are reported by the first
    /// [`CoverRun::run`].
    pub fn new(request_json: &str) -> CoverRun {
        let start = || -> Result<Running, InputError> {
            let request = request::<CoverRequest>(request_json)?;
            let (model, warnings) = build(request.source)?;
            let problem = model.problem();
            let engine = match request.engine {
                EngineRequest::Auto => preferred_engine(problem),
                EngineRequest::Dlx => EngineKind::Links,
                EngineRequest::Cells => EngineKind::Cells,
            };
            let mut search = engine.search(problem);
            if request.mode == Mode::List {
                search.set_limit(Some(request.first.unwrap_or(10).min(MAX_LISTED)));
            }
            Ok(Running {
                model,
                search,
                mode: request.mode,
                warnings,
                found: Vec::new(),
                done: None,
                options: Vec::new(),
            })
        };
        CoverRun {
            state: start().map_err(|e| e.to_json()),
        }
    }

    /// Searches for about `nodes` more nodes and says where it stands:
    /// `{"state":"running"|"done","stats":…,"found":[…]}` (the solutions drawn since the last
    /// call), or `{"state":"error",…}`.
    pub fn run(&mut self, nodes: f64) -> String {
        let nodes = if nodes >= 1.0 { nodes as u64 } else { 1 };
        let run = match &mut self.state {
            Ok(run) => run,
            Err(error) => return error.clone(),
        };
        if run.done.is_none() {
            let spent = run.search.stats().nodes;
            run.search
                .set_stop(Stop::new().with_budget(Budget::Nodes(spent.saturating_add(nodes))));
            let status = match run.mode {
                Mode::Count => run.search.count(),
                Mode::List => loop {
                    let status = run.search.step();
                    if status != Status::Solution {
                        break status;
                    }
                    run.search.solution_into(&mut run.options);
                    let drawn = run.model.draw(&run.options);
                    run.found.push(drawn);
                },
            };
            if !matches!(status, Status::Stopped(_)) {
                run.done = Some(status);
            }
        }
        let problem = run.model.problem();
        json!({
            "state": if run.done.is_some() { "done" } else { "running" },
            "model": run.model.kind(),
            "engine": run.search.name(),
            "stats": stats(&run.search.stats()),
            "complete": run.done == Some(Status::Exhausted),
            "found": std::mem::take(&mut run.found),
            "warnings": std::mem::take(&mut run.warnings),
            "items": problem.item_count(),
            "options": problem.option_count(),
        })
        .to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn finish(request: Value, nodes: f64) -> (Value, Vec<String>, usize) {
        let mut run = CoverRun::new(&request.to_string());
        let mut found = Vec::new();
        for slices in 1.. {
            let answer: Value = serde_json::from_str(&run.run(nodes)).unwrap();
            if let Some(list) = answer["found"].as_array() {
                found.extend(list.iter().map(|s| s.as_str().unwrap().to_string()));
            }
            if answer["state"] != "running" {
                return (answer, found, slices);
            }
        }
        unreachable!()
    }

    #[test]
    fn knuths_figures_for_eight_queens() {
        let (answer, _, slices) = finish(
            json!({"source": {"queens": {"n": 8}}, "mode": "count", "engine": "dlx"}),
            100.0,
        );
        assert_eq!(
            answer["stats"],
            json!({"solutions": 92, "nodes": 1049, "updates": 16680})
        );
        assert_eq!(answer["engine"], "dlx");
        assert_eq!(answer["complete"], true);
        assert!(slices > 5);
    }

    #[test]
    fn counts_take_dancing_cells_unless_asked() {
        let queens = json!({"source": {"queens": {"n": 8}}, "mode": "count"});
        let (answer, _, slices) = finish(queens.clone(), 20.0);
        assert_eq!(answer["engine"], "cells");
        assert_eq!(answer["stats"]["solutions"], 92);
        assert_eq!(answer["complete"], true);
        assert!(slices > 5, "a cells count pauses and resumes too");
        let mut asked = queens;
        asked["engine"] = json!("cells");
        assert_eq!(finish(asked, 20.0).0["stats"], answer["stats"]);
        // Multiplicities, on either engine: B once, A twice: A B with either of the two
        // options A.
        let knuth = "2:2|A B\nA\nA B\nA\n";
        for engine in ["dlx", "cells"] {
            let (answer, _, _) = finish(
                json!({"source": {"knuth": knuth}, "mode": "count", "engine": engine}),
                1.0,
            );
            assert_eq!(answer["engine"], engine);
            assert_eq!(answer["stats"]["solutions"], 2);
        }
        let (answer, _, _) = finish(
            json!({"source": {"queens": {"n": 4}}, "mode": "count", "engine": "sat"}),
            1.0,
        );
        assert_eq!(answer["state"], "error");
    }

    #[test]
    fn listings_draw_the_first_solutions() {
        let (answer, found, _) = finish(
            json!({"source": {"queens": {"n": 4}}, "mode": "list", "first": 1}),
            3.0,
        );
        assert_eq!(answer["complete"], false);
        assert_eq!(found.len(), 1);
        assert!(found[0] == ".Q..\n...Q\nQ...\n..Q.\n" || found[0] == "..Q.\nQ...\n...Q\n.Q..\n");
        let (_, found, _) = finish(
            json!({"source": {"langford": {"n": 3}}, "mode": "list"}),
            1e6,
        );
        assert_eq!(found.len(), 2);
        let text = "A B C | X\nA X\nB C\nA B\nC X\n";
        let (answer, found, _) = finish(json!({"source": {"knuth": text}, "mode": "list"}), 1e6);
        assert_eq!(answer["complete"], true);
        assert_eq!(found, ["A X\nB C\n", "A B\nC X\n"]);
        let board = "2x3";
        let pieces = "AAA\n\nBBB\n";
        let (answer, found, _) = finish(
            json!({"source": {"polyomino": {"board": board, "pieces": [pieces]}}, "mode": "list"}),
            1e6,
        );
        assert_eq!(answer["model"], "polyomino");
        assert_eq!(found.len(), 2);
        assert!(found.contains(&"AAA\nBBB\n".to_string()), "{found:?}");
    }

    #[test]
    fn errors_and_warnings_say_where() {
        let (answer, _, _) = finish(
            json!({"source": {"knuth": "A B\nA Q\n"}, "mode": "count"}),
            1.0,
        );
        assert_eq!(answer["error"]["line"], 2);
        assert_eq!(answer["error"]["column"], 3);
        let (answer, _, _) = finish(
            json!({"source": {"knuth": "A | X\nA\nX\n"}, "mode": "count"}),
            1.0,
        );
        assert_eq!(answer["warnings"].as_array().unwrap().len(), 1);
        let (answer, _, _) = finish(
            json!({"source": {"polyomino": {"board": "#?#\n"}}, "mode": "count"}),
            1.0,
        );
        assert_eq!(
            (
                answer["error"]["field"].clone(),
                answer["error"]["column"].clone()
            ),
            (json!("board"), json!(2))
        );
        let (answer, _, _) = finish(
            json!({"source": {"queens": {"n": 0}}, "mode": "count"}),
            1.0,
        );
        assert_eq!(answer["state"], "error");
        let (answer, _, _) = finish(json!({"source": {"sudoku": 1}, "mode": "count"}), 1.0);
        assert_eq!(answer["error"]["field"], "request");
    }
}
