//! What crosses the boundary to JavaScript: requests and answers as JSON text.
//!
//! Every exported function takes and returns plain strings and numbers, so that the same code
//! runs (and is tested) on the host, where wasm-bindgen's JavaScript values do not exist; the
//! page parses each answer with `JSON.parse`, which costs nothing next to a search.

use dlx_puzzles::sudoku::format::{alphabet_name, parse_alphabet};
use dlx_puzzles::sudoku::{Alphabet, Frame, Layout, Puzzle, ShapeHint};
use serde::{Deserialize, Serialize};

/// Something the page sent or asked for that cannot be done, with where it went wrong.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct InputError {
    /// What is wrong, and what was expected.
    pub message: String,
    /// Which input it is about: `text`, `options`, `regions`, `board`, `pieces`, `request`.
    pub field: &'static str,
    /// The 1-based line in that input, when the error has a place.
    pub line: Option<usize>,
    /// The 1-based column (in characters), when the error has a place.
    pub column: Option<usize>,
    /// Cells (row-major indices) that the error is about, to be marked on the board.
    pub cells: Vec<usize>,
}

impl InputError {
    /// An error about `field` without a place.
    pub fn new(field: &'static str, message: impl Into<String>) -> InputError {
        InputError {
            message: message.into(),
            field,
            ..InputError::default()
        }
    }

    /// An error about `field` at `line`, `column`.
    pub fn at(
        field: &'static str,
        line: usize,
        column: usize,
        message: impl Into<String>,
    ) -> InputError {
        InputError {
            line: Some(line),
            column: Some(column),
            ..InputError::new(field, message)
        }
    }

    /// The answer that reports this error: `{"state":"error","error":{...}}`.
    pub fn to_json(&self) -> String {
        answer("error", "error", self)
    }
}

/// `{"state":STATE,KEY:VALUE}` as text.
pub fn answer(state: &str, key: &str, value: &impl Serialize) -> String {
    let mut object = serde_json::Map::new();
    object.insert("state".into(), state.into());
    object.insert(key.into(), json_value(value));
    serde_json::Value::Object(object).to_string()
}

/// `value` as JSON; our answers are plain data, which always serialises.
pub fn json_value(value: &impl Serialize) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}

/// Reads a request, or says what is wrong with it.
pub fn request<'a, T: Deserialize<'a>>(json: &'a str) -> Result<T, InputError> {
    serde_json::from_str(json).map_err(|e| {
        InputError::at(
            "request",
            e.line(),
            e.column(),
            format!("the request is not understood: {e}"),
        )
    })
}

/// The shape choices of the page, applied on top of what the text itself says.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ShapeChoice {
    /// Boxes of `[rows, columns]`, replacing the text's own boxes or layout.
    pub boxes: Option<(usize, usize)>,
    /// A jigsaw layout, one region label per cell, replacing the text's own boxes or layout.
    pub regions: Option<Vec<u16>>,
    /// Extra regions by name: `x` (the two diagonals) or `windoku` (the windows).
    pub extra: Vec<String>,
    /// The alphabet of values, when the reader must not guess it.
    pub alphabet: Option<String>,
}

impl ShapeChoice {
    /// The alphabet chosen, if any.
    pub fn alphabet(&self) -> Result<Option<Alphabet>, InputError> {
        self.alphabet
            .as_deref()
            .map(|name| {
                parse_alphabet(name).ok_or_else(|| {
                    InputError::new(
                        "options",
                        format!("unknown alphabet `{name}` (expected one-based, zero-based, letters or numbers)"),
                    )
                })
            })
            .transpose()
    }
}

/// A puzzle as the page keeps it: what was read, so that it can be edited and written back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleWire {
    /// The side `n`.
    pub size: usize,
    /// `n²` values, `0` for empty.
    pub cells: Vec<u16>,
    /// How it was written.
    pub layout: LayoutWire,
    /// Boxes the text gave.
    #[serde(default)]
    pub boxes: Option<(usize, usize)>,
    /// The region layout the text gave (or the page painted), one label per cell.
    #[serde(default)]
    pub regions: Option<Vec<u16>>,
    /// Extra regions the text gave, as cell lists.
    #[serde(default)]
    pub extra: Vec<Vec<usize>>,
    /// The line where the puzzle starts.
    #[serde(default = "first_line")]
    pub line: usize,
}

fn first_line() -> usize {
    1
}

/// A [`Layout`] in JSON: `{"kind":"line"|"block"|"json","alphabet":NAME,"decorated":BOOL,
/// "frame":NAME}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LayoutWire {
    /// `line`, `block` or `json`.
    pub kind: String,
    /// The alphabet's name (`one-based`, ...); ignored for JSON.
    #[serde(default)]
    pub alphabet: Option<String>,
    /// Whether a block had separators.
    #[serde(default)]
    pub decorated: bool,
    /// How a block was framed (see [`FRAMES`]), so that an edited puzzle is written in the
    /// frame it was pasted in; rules when absent.
    #[serde(default)]
    pub frame: Option<String>,
}

/// The frames of a block by name: `|` and rules, spaced cells, `+---+`, Simple Sudoku's `*---*`,
/// the forum's `.---.`, Unicode light and double lines, bands between blank lines.
pub const FRAMES: [(&str, Frame); 8] = [
    ("rules", Frame::Rules),
    ("spaced", Frame::Spaced),
    ("plus", Frame::Plus),
    ("star", Frame::Star),
    ("dots", Frame::Dots),
    ("light", Frame::Light),
    ("double", Frame::Double),
    ("bands", Frame::Bands),
];

fn frame_name(frame: Frame) -> &'static str {
    FRAMES
        .iter()
        .find(|(_, f)| *f == frame)
        .map_or("rules", |(name, _)| name)
}

fn parse_frame(name: Option<&str>) -> Result<Frame, InputError> {
    let Some(name) = name else {
        return Ok(Frame::Rules);
    };
    FRAMES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, frame)| *frame)
        .ok_or_else(|| InputError::new("request", format!("unknown frame `{name}`")))
}

impl From<&Puzzle> for PuzzleWire {
    fn from(puzzle: &Puzzle) -> PuzzleWire {
        let (kind, alphabet, decorated, frame) = match puzzle.layout {
            Layout::Line { alphabet } => ("line", Some(alphabet), false, None),
            Layout::Block {
                alphabet,
                decorated,
                frame,
            } => ("block", Some(alphabet), decorated, Some(frame_name(frame))),
            Layout::Json => ("json", None, false, None),
        };
        PuzzleWire {
            size: puzzle.size,
            cells: puzzle.cells.clone(),
            layout: LayoutWire {
                kind: kind.to_string(),
                alphabet: alphabet.map(|a| alphabet_name(a).to_string()),
                decorated,
                frame: frame.map(str::to_string),
            },
            boxes: puzzle.shape.boxes,
            regions: puzzle.shape.regions.clone(),
            extra: puzzle.shape.extra.clone(),
            line: puzzle.line,
        }
    }
}

impl TryFrom<PuzzleWire> for Puzzle {
    type Error = InputError;

    fn try_from(wire: PuzzleWire) -> Result<Puzzle, InputError> {
        let alphabet = || {
            let name = wire.layout.alphabet.as_deref().unwrap_or("one-based");
            parse_alphabet(name)
                .ok_or_else(|| InputError::new("request", format!("unknown alphabet `{name}`")))
        };
        let layout = match wire.layout.kind.as_str() {
            "line" => Layout::Line {
                alphabet: alphabet()?,
            },
            "block" => Layout::Block {
                alphabet: alphabet()?,
                decorated: wire.layout.decorated,
                frame: parse_frame(wire.layout.frame.as_deref())?,
            },
            "json" => Layout::Json,
            other => {
                return Err(InputError::new(
                    "request",
                    format!("unknown layout `{other}` (expected line, block or json)"),
                ))
            }
        };
        let cells = wire.size.checked_mul(wire.size);
        if cells != Some(wire.cells.len()) {
            return Err(InputError::new(
                "request",
                format!(
                    "{} cells for a grid of side {}",
                    wire.cells.len(),
                    wire.size
                ),
            ));
        }
        if let Some(k) = wire.cells.iter().position(|&v| usize::from(v) > wire.size) {
            return Err(InputError::new(
                "request",
                format!(
                    "cell {k} holds {}, above the side {}",
                    wire.cells[k], wire.size
                ),
            ));
        }
        if wire
            .regions
            .as_ref()
            .is_some_and(|r| r.len() != wire.cells.len())
        {
            return Err(InputError::new(
                "request",
                "the region layout does not have one label per cell",
            ));
        }
        Ok(Puzzle {
            size: wire.size,
            cells: wire.cells,
            shape: ShapeHint {
                boxes: wire.boxes,
                regions: wire.regions,
                extra: wire.extra,
            },
            layout,
            line: wire.line,
            candidates: None,
        })
    }
}
