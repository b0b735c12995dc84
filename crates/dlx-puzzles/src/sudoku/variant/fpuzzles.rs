//! f-puzzles' puzzle JSON, as its links hold it ([`read`](super::read) takes the links too).
//!
//! The object holds `size`, `grid` (rows of cells: `value` with `given: true` is a given,
//! `givenPencilMarks` the values a cell may take, `region` its jigsaw region; a solver's own
//! entries, `centerPencilMarks` and `cornerPencilMarks` are not the puzzle's and are not read),
//! and a key for each kind of constraint, cells named `R<row>C<column>` from 1 (clues outside
//! the grid in row or column 0 or `size + 1`). Each key maps to [`Constraint`]s of the same
//! meaning:
//!
//! | f-puzzles | kind |
//! |---|---|
//! | `killercage` (a `value` or none) | [`Constraint::Cage`] |
//! | `extraregion` | [`Constraint::Cage`] without a sum |
//! | `arrow` (one circle cell; two or three: a pill) | [`Constraint::Arrow`], [`Constraint::PillArrow`], one a line |
//! | `littlekillersum` | [`Constraint::LittleKiller`]; a diagonal ISS's clues do not run along, [`Constraint::Sum`] |
//! | `thermometer`, `palindrome`, `renban`, `betweenline`, `regionsumline`, `zipperline`, `doublearrow` | their lines |
//! | `whispers` (`value`: the least difference, 5 when none) | [`Constraint::Whisper`] |
//! | `entropicline`, `modularline` | [`Constraint::Entropic`], [`Constraint::Modular`] of modulus 3 |
//! | `difference` (value 1 or none), `ratio` (value 2 or none) | [`Constraint::WhiteDot`], [`Constraint::BlackDot`] |
//! | `xv` | [`Constraint::X`], [`Constraint::V`] |
//! | `nonconsecutive` | [`Constraint::AntiConsecutive`]; with dots, no consecutive values across a pair without one |
//! | `nonconsecutive` and `negative: ["ratio"]` | [`Constraint::StrictKropki`] |
//! | `negative: ["xv"]` | [`Constraint::StrictXV`] |
//! | `sandwichsum`, `xsum`, `skyscraper` | [`Constraint::Sandwich`], [`Constraint::XSum`], [`Constraint::Skyscraper`] |
//! | `minimum`, `maximum` | [`Constraint::GreaterThan`] over the cell and its neighbours |
//! | `odd`, `even`, `givenPencilMarks` | [`Constraint::Allowed`] |
//! | `rowindexer`, `columnindexer` | [`Constraint::Indexing`] |
//! | `clone` | [`Constraint::SameValues`], a pair of cells each |
//! | `quadruple` | [`Constraint::Quad`] |
//! | `antiknight`, `antiking`, `diagonal+`, `diagonal-`, `disjointgroups` | [`Constraint::AntiKnight`], [`Constraint::AntiKing`], [`Constraint::Diagonal`], [`Constraint::DisjointSets`] |
//!
//! Candidates (givens, pencil marks, odd and even) are merged per cell as ISS merges them, so a
//! puzzle read here, written by [`iss::write`](super::iss::write) and read back is the same.
//! Keys no kind holds (slow thermometers, nabner lines, box indexers, lockout lines, other dot
//! values, a negative ratio without nonconsecutive, fog, the drawings `text`, `circle`,
//! `rectangle`, `line` and `cage` whose meaning lives in the rules) are errors that name them;
//! `title`, `author`, `ruleset`, `solution` and the solver's settings are passed over. A clue
//! outside the grid with no number states nothing and is passed over, as f-puzzles does.

use serde_json::Value;

use super::constraint::{little_killer_cells, Constraint, Diagonal, Indexing, Line};
use super::iss::{decimal, IssError, Problem};
use super::marks::Marks;
use super::place::{Source, Step};
use super::Variant;
use crate::sudoku::Shape;

/// The largest side read, as for ISS's strings.
const MAX_SIDE: usize = 16;

/// Keys about the puzzle's story or the solver's settings, not its rules.
const PASSED_OVER: &[&str] = &[
    "title",
    "author",
    "ruleset",
    "solution",
    "disabledlogic",
    "truecandidatesoptions",
    "metadata",
    "highlightConflicts",
];

/// f-puzzles' keys that no [`Constraint`] kind holds, with why.
const REFUSED: &[(&str, &str)] = &[
    (
        "slowthermometer",
        "f-puzzles slow thermometers (no kind holds them)",
    ),
    ("nabner", "f-puzzles nabner lines (no kind holds them)"),
    ("boxindexer", "f-puzzles box indexers (no kind holds them)"),
    (
        "lockout",
        "f-puzzles lockout lines (their least difference is in the rules)",
    ),
    ("fogofwar", "fog of war"),
    ("foglight", "fog of war"),
    ("text", "f-puzzles text: its meaning lives in the rules"),
    (
        "circle",
        "f-puzzles circles: their meaning lives in the rules",
    ),
    (
        "rectangle",
        "f-puzzles rectangles: their meaning lives in the rules",
    ),
    ("line", "f-puzzles lines: their meaning lives in the rules"),
    (
        "cage",
        "f-puzzles cages (not killer cages): their meaning lives in the rules",
    ),
];

/// Reads f-puzzles' JSON as it is pasted (errors placed at their value in the text).
pub fn read(text: &str) -> Result<Variant, IssError> {
    let value = parse(text, None)?;
    from_value(&value, Source::json(text))
}

/// JSON text as a value; an error at serde_json's line and column, or at `packed` (the line and
/// column of the compressed text the JSON came from).
pub(super) fn parse(text: &str, packed: Option<(usize, usize)>) -> Result<Value, IssError> {
    serde_json::from_str(text).map_err(|e| {
        let (line, column) = packed.unwrap_or((e.line(), e.column().max(1)));
        let message = e.to_string();
        let message = match message.rfind(" at line ") {
            Some(cut) => message[..cut].to_string(),
            None => message,
        };
        let near = text
            .lines()
            .nth(e.line().saturating_sub(1))
            .unwrap_or_default()
            .chars()
            .skip(e.column().saturating_sub(1))
            .take(40)
            .collect();
        IssError {
            line,
            column,
            item: near,
            problem: Problem::Json(message),
        }
    })
}

/// The puzzle an f-puzzles object states, errors placed by `source`.
pub(super) fn from_value(value: &Value, source: Source) -> Result<Variant, IssError> {
    let root = value
        .as_object()
        .ok_or_else(|| source.fail(&[], Problem::Invalid("expected a JSON object")))?;
    let grid = root.get("grid").and_then(Value::as_array).ok_or_else(|| {
        source.fail(
            &[Step::Key("grid")],
            Problem::Invalid("expected \"grid\": a list of rows"),
        )
    })?;
    let n = grid.len();
    if !(2..=MAX_SIDE).contains(&n) {
        return Err(source.fail(
            &[Step::Key("grid")],
            Problem::Number {
                expected: "a grid of 2 to 16 rows",
            },
        ));
    }
    if let Some(size) = root.get("size") {
        if size.as_u64() != Some(n as u64) {
            return Err(source.fail(
                &[Step::Key("size")],
                Problem::Invalid("the size is not the grid's number of rows"),
            ));
        }
    }
    let mut reader = Reader {
        n,
        source,
        marks: Marks::new(n * n),
        constraints: Vec::new(),
        dotted: Vec::new(),
        nonconsecutive: false,
        negative_ratio: None,
    };
    let shape = reader.grid(grid)?;
    for (key, value) in root {
        reader.key(key, value)?;
    }
    reader.finish(shape)
}

/// Reads an f-puzzles object into constraints.
struct Reader<'a> {
    n: usize,
    source: Source<'a>,
    /// Each cell's candidates so far.
    marks: Marks,
    constraints: Vec<Constraint>,
    /// The neighbour pairs joined by a kropki dot, smaller cell first.
    dotted: Vec<(usize, usize)>,
    nonconsecutive: bool,
    /// Where `negative` names `ratio`, if it does.
    negative_ratio: Option<usize>,
}

/// A numbered member of a list, for paths.
type Entry<'v> = (usize, &'v Value);

impl Reader<'_> {
    fn fail(&self, path: &[Step], problem: Problem) -> IssError {
        self.source.fail(path, problem)
    }

    /// The cells' givens, pencil marks and regions; the shape.
    fn grid(&mut self, grid: &[Value]) -> Result<Shape, IssError> {
        let n = self.n;
        let standard = Shape::standard(n).map_err(|e| self.fail(&[], Problem::Shape(e)))?;
        let mut regions = Vec::with_capacity(n * n);
        for (r, row) in grid.iter().enumerate() {
            let row_path = [Step::Key("grid"), Step::Index(r)];
            let row = row.as_array().filter(|row| row.len() == n).ok_or_else(|| {
                self.fail(
                    &row_path,
                    Problem::Invalid("expected a row of as many cells as the grid has rows"),
                )
            })?;
            for (c, cell) in row.iter().enumerate() {
                let path = [Step::Key("grid"), Step::Index(r), Step::Index(c)];
                let index = r * n + c;
                let Some(cell) = cell.as_object() else {
                    return Err(self.fail(&path, Problem::Invalid("expected a cell object")));
                };
                let region = match cell.get("region") {
                    None => standard.region_of(index),
                    Some(Value::Null) => {
                        return Err(self.fail(&path, Problem::Unsupported("a cell in no region")))
                    }
                    Some(v) => match v.as_u64().filter(|&k| (k as usize) < n) {
                        Some(k) => k as usize,
                        None => {
                            return Err(self.fail(
                                &path,
                                Problem::Number {
                                    expected: "a region from 0 to the side less 1",
                                },
                            ))
                        }
                    },
                };
                regions.push(region);
                let given = cell.get("given").and_then(Value::as_bool) == Some(true);
                if given {
                    let value = self.value(cell.get("value"), &path)?;
                    self.marks.allow(index, vec![value]);
                }
                if let Some(marks) = cell.get("givenPencilMarks").filter(|v| !v.is_null()) {
                    let marks_path = [
                        Step::Key("grid"),
                        Step::Index(r),
                        Step::Index(c),
                        Step::Key("givenPencilMarks"),
                    ];
                    let Some(marks) = marks.as_array() else {
                        return Err(self.fail(&marks_path, Problem::Invalid("expected a list")));
                    };
                    if !marks.is_empty() {
                        let values = marks
                            .iter()
                            .map(|v| self.value(Some(v), &marks_path))
                            .collect::<Result<_, _>>()?;
                        self.marks.allow(index, values);
                    }
                }
            }
        }
        if (0..n * n).all(|cell| regions[cell] == standard.region_of(cell)) {
            return Ok(standard);
        }
        // Region ids by first appearance, as ISS's layouts number them.
        let mut seen: Vec<usize> = Vec::new();
        let layout: Vec<u16> = regions
            .iter()
            .map(|&region| {
                let id = seen.iter().position(|&s| s == region).unwrap_or_else(|| {
                    seen.push(region);
                    seen.len() - 1
                });
                id as u16
            })
            .collect();
        Shape::jigsaw(n, &layout).map_err(|e| self.fail(&[Step::Key("grid")], Problem::Shape(e)))
    }

    /// A cell's value: a number (or a numeric string) from 1 to the side.
    fn value(&self, value: Option<&Value>, path: &[Step]) -> Result<u8, IssError> {
        value
            .and_then(number)
            .filter(|&v| v >= 1 && v as usize <= self.n)
            .map(|v| v as u8)
            .ok_or_else(|| {
                self.fail(
                    path,
                    Problem::Number {
                        expected: "a value from 1 to the side",
                    },
                )
            })
    }

    /// A cell id, `R<row>C<column>` from 1, as a row and a column from 0 to `n + 1` (0 and
    /// `n + 1` outside the grid).
    fn place(&self, value: Option<&Value>, path: &[Step]) -> Result<(usize, usize), IssError> {
        let text = value.and_then(Value::as_str).unwrap_or_default();
        let upper = text.to_ascii_uppercase();
        let parsed = upper.strip_prefix('R').and_then(|rest| {
            let (r, c) = rest.split_once('C')?;
            Some((decimal(r)?, decimal(c)?))
        });
        match parsed {
            Some((r, c)) if r <= self.n + 1 && c <= self.n + 1 => Ok((r, c)),
            Some(_) => Err(self.fail(path, Problem::Outside { size: self.n })),
            None => Err(self.fail(path, Problem::Cell)),
        }
    }

    /// A cell of the grid.
    fn cell(&self, value: Option<&Value>, path: &[Step]) -> Result<usize, IssError> {
        let (r, c) = self.place(value, path)?;
        if r == 0 || c == 0 || r > self.n || c > self.n {
            return Err(self.fail(path, Problem::Outside { size: self.n }));
        }
        Ok((r - 1) * self.n + c - 1)
    }

    /// A list of one or more cells of the grid.
    fn cells(&self, value: Option<&Value>, path: &[Step]) -> Result<Vec<usize>, IssError> {
        let list = value
            .and_then(Value::as_array)
            .filter(|list| !list.is_empty())
            .ok_or_else(|| self.fail(path, Problem::Invalid("expected a list of cells")))?;
        let mut out = Vec::with_capacity(list.len());
        for (k, cell) in list.iter().enumerate() {
            let mut at = path.to_vec();
            at.push(Step::Index(k));
            out.push(self.cell(Some(cell), &at)?);
        }
        Ok(out)
    }

    /// An entry's `lines`: one or more lists of cells.
    fn lines(&self, entry: Entry, key: &str) -> Result<Vec<Vec<usize>>, IssError> {
        let path = [Step::Key(key), Step::Index(entry.0), Step::Key("lines")];
        let lines = entry
            .1
            .get("lines")
            .and_then(Value::as_array)
            .filter(|lines| !lines.is_empty())
            .ok_or_else(|| self.fail(&path, Problem::Invalid("expected a list of lines")))?;
        let mut out = Vec::with_capacity(lines.len());
        for (k, line) in lines.iter().enumerate() {
            let at = [
                Step::Key(key),
                Step::Index(entry.0),
                Step::Key("lines"),
                Step::Index(k),
            ];
            out.push(self.cells(Some(line), &at)?);
        }
        Ok(out)
    }

    /// An entry's `value` as a whole number: `None` when absent or empty.
    fn clue(&self, entry: Entry, key: &str) -> Result<Option<u32>, IssError> {
        let path = [Step::Key(key), Step::Index(entry.0), Step::Key("value")];
        match entry.1.get("value") {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(v) => number(v).map(Some).ok_or_else(|| {
                self.fail(
                    &path,
                    Problem::Number {
                        expected: "a whole number",
                    },
                )
            }),
        }
    }

    /// The entries of a list key.
    fn entries<'v>(&self, key: &str, value: &'v Value) -> Result<&'v [Value], IssError> {
        value
            .as_array()
            .map(Vec::as_slice)
            .ok_or_else(|| self.fail(&[Step::Key(key)], Problem::Invalid("expected a list")))
    }

    /// Reads one key of the object.
    fn key(&mut self, key: &str, value: &Value) -> Result<(), IssError> {
        let n = self.n;
        let at = |k: usize, field: &'static str| [Step::Key(key), Step::Index(k), Step::Key(field)];
        match key {
            "size" | "grid" => {}
            _ if PASSED_OVER.contains(&key) => {}
            "antiknight" | "antiking" | "disjointgroups" | "nonconsecutive" | "diagonal+"
            | "diagonal-" => {
                let Some(on) = value.as_bool() else {
                    return Err(self.fail(
                        &[Step::Key(key)],
                        Problem::Invalid("expected true or false"),
                    ));
                };
                if on {
                    match key {
                        "antiknight" => self.constraints.push(Constraint::AntiKnight),
                        "antiking" => self.constraints.push(Constraint::AntiKing),
                        "disjointgroups" => self.constraints.push(Constraint::DisjointSets),
                        "diagonal+" => self.constraints.push(Constraint::Diagonal(Diagonal::Anti)),
                        "diagonal-" => self.constraints.push(Constraint::Diagonal(Diagonal::Main)),
                        _ => self.nonconsecutive = true,
                    }
                }
            }
            "negative" => {
                for (k, what) in self.entries(key, value)?.iter().enumerate() {
                    match what.as_str() {
                        Some("ratio") => self.negative_ratio = Some(k),
                        Some("xv") => self.constraints.push(Constraint::StrictXV),
                        _ => {
                            return Err(self.fail(
                                &[Step::Key(key), Step::Index(k)],
                                Problem::Unsupported(
                                    "a negative constraint other than ratio and xv",
                                ),
                            ))
                        }
                    }
                }
            }
            "killercage" | "extraregion" => {
                for (k, entry) in self.entries(key, value)?.iter().enumerate() {
                    let cells = self.cells(entry.get("cells"), &at(k, "cells"))?;
                    // A sum of 0 is no sum, as ISS reads it.
                    let sum = match key {
                        "killercage" => self.clue((k, entry), key)?.filter(|&s| s > 0),
                        _ => None,
                    };
                    self.constraints.push(Constraint::Cage { cells, sum });
                }
            }
            "arrow" => {
                for (k, entry) in self.entries(key, value)?.iter().enumerate() {
                    let circle = self.cells(entry.get("cells"), &at(k, "cells"))?;
                    if circle.len() > 3 {
                        return Err(self.fail(
                            &at(k, "cells"),
                            Problem::Unsupported("an arrow's circle of more than three cells"),
                        ));
                    }
                    for line in self.lines((k, entry), key)? {
                        let shaft: Vec<usize> = line
                            .iter()
                            .copied()
                            .skip_while(|c| circle.contains(c))
                            .collect();
                        if shaft.is_empty() {
                            return Err(self.fail(
                                &at(k, "lines"),
                                Problem::Invalid("an arrow's line needs cells outside its circle"),
                            ));
                        }
                        self.constraints.push(match circle[..] {
                            [circle] => Constraint::Arrow { circle, shaft },
                            _ => Constraint::PillArrow {
                                pill: circle.clone(),
                                shaft,
                            },
                        });
                    }
                }
            }
            "littlekillersum" | "littlekiller" => {
                for (k, entry) in self.entries(key, value)?.iter().enumerate() {
                    let Some(sum) = self.clue((k, entry), key)? else {
                        continue;
                    };
                    let constraint = self.little_killer((k, entry), key, sum)?;
                    self.constraints.push(constraint);
                }
            }
            "thermometer" | "palindrome" | "renban" | "betweenline" | "regionsumline"
            | "zipperline" | "doublearrow" | "entropicline" | "modularline" | "whispers" => {
                for (k, entry) in self.entries(key, value)?.iter().enumerate() {
                    let difference = match key {
                        "whispers" => self.clue((k, entry), key)?.unwrap_or(5),
                        _ => 0,
                    };
                    if key == "entropicline" && n != 9 {
                        return Err(self.fail(
                            &[Step::Key(key), Step::Index(k)],
                            Problem::Invalid("this rule needs values 1 to 9"),
                        ));
                    }
                    for cells in self.lines((k, entry), key)? {
                        if key == "doublearrow" && cells.len() < 3 {
                            return Err(self.fail(
                                &at(k, "lines"),
                                Problem::Invalid("a double arrow needs at least 3 cells"),
                            ));
                        }
                        self.constraints.push(match key {
                            "thermometer" => Constraint::Thermo { cells },
                            "palindrome" => Constraint::Palindrome { cells },
                            "renban" => Constraint::Renban { cells },
                            "betweenline" => Constraint::Between { cells },
                            "regionsumline" => Constraint::RegionSumLine { cells },
                            "zipperline" => Constraint::Zipper { cells },
                            "doublearrow" => Constraint::DoubleArrow { cells },
                            "entropicline" => Constraint::Entropic { cells },
                            "modularline" => Constraint::Modular { modulus: 3, cells },
                            _ => Constraint::Whisper { difference, cells },
                        });
                    }
                }
            }
            "difference" | "ratio" | "xv" => {
                for (k, entry) in self.entries(key, value)?.iter().enumerate() {
                    let cells = self.cells(entry.get("cells"), &at(k, "cells"))?;
                    let mark = entry
                        .get("value")
                        .map(|v| match v {
                            Value::String(s) => s.trim().to_string(),
                            v => v.to_string(),
                        })
                        .unwrap_or_default();
                    let constraint = match (key, mark.as_str()) {
                        ("difference", "" | "1") => Constraint::WhiteDot { cells },
                        ("ratio", "" | "2") => Constraint::BlackDot { cells },
                        ("xv", "x" | "X") => Constraint::X { cells },
                        ("xv", "v" | "V") => Constraint::V { cells },
                        _ => {
                            return Err(self.fail(
                                &at(k, "value"),
                                Problem::Unsupported(match key {
                                    "difference" => "a difference dot other than 1",
                                    "ratio" => "a ratio dot other than 2",
                                    _ => "an XV mark other than X or V",
                                }),
                            ))
                        }
                    };
                    if key != "xv" {
                        for w in constraint.cells().windows(2) {
                            self.dotted.push((w[0].min(w[1]), w[0].max(w[1])));
                        }
                    }
                    self.constraints.push(constraint);
                }
            }
            "odd" | "even" | "minimum" | "maximum" => {
                for (k, entry) in self.entries(key, value)?.iter().enumerate() {
                    let cell = self.cell(entry.get("cell"), &at(k, "cell"))?;
                    match key {
                        "odd" | "even" => {
                            let parity = u8::from(key == "odd");
                            let values = (1..=n as u8).filter(|v| v % 2 == parity).collect();
                            self.marks.allow(cell, values);
                        }
                        _ => {
                            let (r, c) = (cell / n, cell % n);
                            let mut around = Vec::new();
                            if r > 0 {
                                around.push(cell - n);
                            }
                            if c > 0 {
                                around.push(cell - 1);
                            }
                            if c + 1 < n {
                                around.push(cell + 1);
                            }
                            if r + 1 < n {
                                around.push(cell + n);
                            }
                            // Larger first: the maximum before its neighbours, or they before the
                            // minimum (neighbours of one cell are never neighbours of each other).
                            let cells = if key == "maximum" {
                                std::iter::once(cell).chain(around).collect()
                            } else {
                                around.into_iter().chain(std::iter::once(cell)).collect()
                            };
                            self.constraints.push(Constraint::GreaterThan { cells });
                        }
                    }
                }
            }
            "rowindexer" | "columnindexer" => {
                for (k, entry) in self.entries(key, value)?.iter().enumerate() {
                    let cells = self.cells(entry.get("cells"), &at(k, "cells"))?;
                    let by = match key {
                        "rowindexer" => Indexing::Row,
                        _ => Indexing::Column,
                    };
                    self.constraints.push(Constraint::Indexing { by, cells });
                }
            }
            "clone" => {
                for (k, entry) in self.entries(key, value)?.iter().enumerate() {
                    let cells = self.cells(entry.get("cells"), &at(k, "cells"))?;
                    let clones = self.cells(entry.get("cloneCells"), &at(k, "cloneCells"))?;
                    if cells.len() != clones.len() {
                        return Err(self.fail(
                            &at(k, "cloneCells"),
                            Problem::Invalid("a clone needs as many cells as the original"),
                        ));
                    }
                    for (a, b) in cells.into_iter().zip(clones).filter(|(a, b)| a != b) {
                        self.constraints.push(Constraint::SameValues {
                            sets: 2,
                            cells: vec![a, b],
                        });
                    }
                }
            }
            "quadruple" => {
                for (k, entry) in self.entries(key, value)?.iter().enumerate() {
                    let mut cells = self.cells(entry.get("cells"), &at(k, "cells"))?;
                    cells.sort_unstable();
                    let top_left = cells[0];
                    if top_left % n + 1 >= n
                        || cells != [top_left, top_left + 1, top_left + n, top_left + n + 1]
                    {
                        return Err(self.fail(
                            &at(k, "cells"),
                            Problem::Invalid("a quadruple needs the four cells of a 2x2 square"),
                        ));
                    }
                    let values_path = at(k, "values");
                    let Some(list) = entry.get("values").and_then(Value::as_array) else {
                        return Err(self.fail(&values_path, Problem::Invalid("expected a list")));
                    };
                    let values = list
                        .iter()
                        .map(|v| self.value(Some(v), &values_path))
                        .collect::<Result<_, _>>()?;
                    self.constraints.push(Constraint::Quad { top_left, values });
                }
            }
            "sandwichsum" | "xsum" | "skyscraper" => {
                for (k, entry) in self.entries(key, value)?.iter().enumerate() {
                    let (line, front) = self.outside(entry.get("cell"), &at(k, "cell"))?;
                    let Some(clue) = self.clue((k, entry), key)? else {
                        continue;
                    };
                    if clue == 0 && key != "sandwichsum" {
                        return Err(self.fail(
                            &at(k, "value"),
                            Problem::Number {
                                expected: "a clue above 0",
                            },
                        ));
                    }
                    let (front, back) = if front {
                        (Some(clue), None)
                    } else {
                        (None, Some(clue))
                    };
                    self.constraints.push(match key {
                        "sandwichsum" => Constraint::Sandwich { line, sum: clue },
                        "xsum" => Constraint::XSum { line, front, back },
                        _ => Constraint::Skyscraper { line, front, back },
                    });
                }
            }
            _ => {
                let entries = value.as_array().map_or(0, Vec::len);
                let empty = value.is_null() || value == &Value::Bool(false) || {
                    entries == 0 && value.is_array()
                };
                if empty || (key == "cage" && self.only_notes(value)) {
                    return Ok(());
                }
                let why = REFUSED
                    .iter()
                    .find(|(name, _)| *name == key)
                    .map_or("an f-puzzles key dlx does not know", |(_, why)| *why);
                return Err(self.fail(&[Step::Key(key)], Problem::Unsupported(why)));
            }
        }
        Ok(())
    }

    /// Whether every f-puzzles `cage` is a note (`title: …`, `rules: …` and the like), not a rule.
    fn only_notes(&self, value: &Value) -> bool {
        value.as_array().is_some_and(|cages| {
            cages.iter().all(|cage| {
                cage.get("value").and_then(Value::as_str).is_some_and(|v| {
                    v.split_once(": ").is_some_and(|(name, _)| {
                        !name.is_empty() && name.chars().all(|c| c.is_ascii_alphabetic())
                    })
                })
            })
        })
    }

    /// A clue outside the grid: its row or column, and whether it is at the top or left end.
    fn outside(&self, value: Option<&Value>, path: &[Step]) -> Result<(Line, bool), IssError> {
        let n = self.n;
        let (r, c) = self.place(value, path)?;
        let inside = |k: usize| (1..=n).contains(&k);
        match (r, c) {
            (0, c) if inside(c) => Ok((Line::Column(c - 1), true)),
            (r, c) if r == n + 1 && inside(c) => Ok((Line::Column(c - 1), false)),
            (r, 0) if inside(r) => Ok((Line::Row(r - 1), true)),
            (r, c) if c == n + 1 && inside(r) => Ok((Line::Row(r - 1), false)),
            _ => Err(self.fail(
                path,
                Problem::Invalid("a clue outside the grid, next to a row or a column"),
            )),
        }
    }

    /// A little killer clue: its diagonal from the clue's cell, one step in its direction first
    /// when the clue is outside the grid, as f-puzzles draws it.
    fn little_killer(&self, entry: Entry, key: &str, sum: u32) -> Result<Constraint, IssError> {
        let n = self.n as isize;
        let path = [Step::Key(key), Step::Index(entry.0), Step::Key("direction")];
        let (dr, dc) = match entry.1.get("direction").and_then(Value::as_str) {
            Some("UR") => (-1, 1),
            Some("UL") => (-1, -1),
            Some("DR") => (1, 1),
            Some("DL") => (1, -1),
            _ => {
                return Err(self.fail(
                    &path,
                    Problem::Invalid("expected a direction: UR, UL, DR or DL"),
                ))
            }
        };
        let cell_path = [Step::Key(key), Step::Index(entry.0), Step::Key("cell")];
        let (r, c) = self.place(entry.1.get("cell"), &cell_path)?;
        let (mut r, mut c) = (r as isize - 1, c as isize - 1);
        let inside = |r: isize, c: isize| (0..n).contains(&r) && (0..n).contains(&c);
        if !inside(r, c) {
            r += dr;
            c += dc;
        }
        let mut cells = Vec::new();
        while inside(r, c) {
            cells.push((r * n + c) as usize);
            r += dr;
            c += dc;
        }
        let (Some(&first), Some(&last)) = (cells.first(), cells.last()) else {
            return Err(self.fail(
                &cell_path,
                Problem::Invalid("the little killer's diagonal misses the grid"),
            ));
        };
        let side = self.n;
        if little_killer_cells(side, first).as_deref() == Some(&cells[..]) {
            return Ok(Constraint::LittleKiller { sum, cells });
        }
        cells.reverse();
        if little_killer_cells(side, last).as_deref() == Some(&cells[..]) {
            return Ok(Constraint::LittleKiller { sum, cells });
        }
        cells.reverse();
        Ok(Constraint::Sum {
            cells,
            sum: i32::try_from(sum).unwrap_or(i32::MAX),
            coefficients: None,
        })
    }

    /// The puzzle: the kropki negatives resolved against the dots, the candidates merged.
    fn finish(mut self, shape: Shape) -> Result<Variant, IssError> {
        let n = self.n;
        match (self.nonconsecutive, self.negative_ratio) {
            (true, Some(_)) => self.constraints.push(Constraint::StrictKropki),
            (true, None) if self.dotted.is_empty() => {
                self.constraints.push(Constraint::AntiConsecutive)
            }
            (true, None) => {
                // No consecutive values across a pair without a dot: a difference of at least 2.
                for a in 0..n * n {
                    for b in [a + 1, a + n] {
                        let neighbours = b < n * n && (b == a + n || b % n != 0);
                        if neighbours && !self.dotted.contains(&(a, b)) {
                            self.constraints.push(Constraint::Whisper {
                                difference: 2,
                                cells: vec![a, b],
                            });
                        }
                    }
                }
            }
            (false, Some(k)) => {
                return Err(self.fail(
                    &[Step::Key("negative"), Step::Index(k)],
                    Problem::Unsupported(
                        "a negative ratio without nonconsecutive (no kind holds it alone)",
                    ),
                ))
            }
            (false, None) => {}
        }
        let mut constraints = self.constraints;
        let givens = self.marks.finish(n, &mut constraints);
        if let Some(bad) = constraints.iter().position(|c| !c.fits(n)) {
            return Err(self.source.fail(
                &[],
                Problem::Invalid(match constraints[bad] {
                    Constraint::Allowed { .. } => "a cell's candidates outside 1 to the side",
                    _ => "a constraint that does not fit the grid",
                }),
            ));
        }
        Ok(Variant::new(shape, givens, constraints))
    }
}

/// A whole number, as a JSON number or a string of digits.
pub(super) fn number(value: &Value) -> Option<u32> {
    match value {
        Value::Number(k) => k.as_u64().and_then(|k| u32::try_from(k).ok()),
        Value::String(s) => decimal(s.trim()),
        _ => None,
    }
}
