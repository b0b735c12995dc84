//! Printing puzzles and answers in the layout they were read in.

use std::borrow::Cow;

use crate::sudoku::shape::usual_boxes;
use crate::sudoku::{Alphabet, Answer, Frame, Layout, Puzzle, Verdict};

use super::alphabet::symbol;
use super::{json_write as json, REGION_SYMBOLS};

/// What is printed for a puzzle without a solution (outside JSON).
pub const NO_SOLUTION: &str = "no solution";

/// Writes a puzzle in its layout (for round trips): a line (with its region layout as a second
/// field: `GIVENS REGIONS`; for numbers, a second line), a block (followed directly by the
/// block of its region layout), or a JSON object. Ends with a newline. Extra regions are written
/// only in JSON.
pub fn write_puzzle(puzzle: &Puzzle) -> String {
    let regions = puzzle.shape.regions.as_deref();
    match &puzzle.layout {
        Layout::Line { alphabet } => {
            let mut out = line(puzzle.size, &puzzle.cells, *alphabet);
            if let Some(regions) = regions {
                let labels = region_labels(regions);
                if *alphabet == Alphabet::Numbers {
                    out.push('\n');
                    out.push_str(&line(puzzle.size, &labels, Alphabet::Numbers));
                } else {
                    out.push(' ');
                    out.extend(labels.iter().map(|&r| region_symbol(r)));
                }
            }
            out.push('\n');
            out
        }
        Layout::Block {
            alphabet,
            decorated,
            frame,
        } => {
            let drawing = Drawing::of(puzzle, *alphabet, *decorated, *frame);
            if let Some(marks) = &puzzle.candidates {
                return draw_marks(drawing, marks);
            }
            let mut out = drawing.draw(&puzzle.cells, |v| cell_text(*alphabet, v));
            if let Some(regions) = regions {
                let labels = region_labels(regions);
                // A layout follows its grid without a blank line, so it is never in bands.
                let drawing = Drawing {
                    frame: match drawing.frame {
                        Frame::Bands => Frame::Rules,
                        other => other,
                    },
                    ..drawing
                };
                out.push_str(&drawing.draw(&labels, |r| {
                    if *alphabet == Alphabet::Numbers {
                        r.to_string()
                    } else {
                        region_symbol(r).to_string()
                    }
                }));
            }
            out
        }
        Layout::Json => json::write(puzzle, ""),
    }
}

/// Writes the answer for a puzzle, ending in a newline, in the puzzle's layout:
///
/// | answer | line / block | JSON (the puzzle's object plus) |
/// |---|---|---|
/// | solution | the grid, drawn like the puzzle | `"solution":"..."` |
/// | no solution | `no solution` | `"solution":null,"verdict":"none"` |
/// | count | the number; `N+` when the count stopped at a limit (at least N) | `"count":N,"capped":false` |
/// | verdict | `unique`, `multiple` or `none` | `"verdict":"unique"` |
///
/// Between the answers of consecutive puzzles, print [`separator`]. A verdict outside JSON is
/// a fixed text, borrowed rather than allocated (a batch check writes one per puzzle).
pub fn write_answer(puzzle: &Puzzle, answer: &Answer) -> Cow<'static, str> {
    if puzzle.layout == Layout::Json {
        return json::write(puzzle, &json::answer_fields(puzzle.size, answer)).into();
    }
    match answer {
        Answer::Solution(values) => Cow::Owned(match &puzzle.layout {
            Layout::Line { alphabet } => {
                let mut out = line(puzzle.size, values, *alphabet);
                out.push('\n');
                out
            }
            Layout::Block {
                alphabet,
                decorated,
                frame,
            } => Drawing::of(puzzle, *alphabet, *decorated, *frame)
                .draw(values, |v| cell_text(*alphabet, v)),
            Layout::Json => String::new(),
        }),
        Answer::NoSolution => Cow::Owned(format!("{NO_SOLUTION}\n")),
        Answer::Count { count, capped } => {
            Cow::Owned(format!("{count}{}\n", if *capped { "+" } else { "" }))
        }
        Answer::Verdict(verdict) => Cow::Borrowed(match verdict {
            Verdict::None => "none\n",
            Verdict::Unique => "unique\n",
            Verdict::Multiple => "multiple\n",
        }),
    }
}

/// What to print between the output of `previous` and that of `next`: a blank line when either
/// is a block (as blocks are separated in the input), else nothing.
pub fn separator(previous: &Layout, next: &Layout) -> &'static str {
    let block = |layout: &Layout| matches!(layout, Layout::Block { .. });
    if block(previous) || block(next) {
        "\n"
    } else {
        ""
    }
}

/// A pencil-mark grid: each cell's candidates as digits, left-aligned in columns of one width.
fn draw_marks(drawing: Drawing, marks: &[u64]) -> String {
    let texts: Vec<String> = marks
        .iter()
        .map(|&mask| {
            (0..64)
                .filter(|v| mask >> v & 1 == 1)
                .map(|v| symbol(Alphabet::OneBased, v + 1))
                .collect()
        })
        .collect();
    // Bars tell a pencil-mark grid from a block of numbers: a grid drawn without any gets a
    // frame.
    let frame = match drawing.frame {
        Frame::Rules if drawing.boxes.is_some() => Frame::Rules,
        Frame::Rules | Frame::Spaced | Frame::Bands => Frame::Plus,
        other => other,
    };
    let drawing = Drawing {
        frame,
        // Spaced even in Simple Sudoku's frame: the lists are told apart by blanks.
        spaced: true,
        width: texts.iter().map(String::len).max().unwrap_or(1),
        left: true,
        ..drawing
    };
    let index: Vec<u16> = (0..texts.len()).map(|i| i as u16).collect();
    drawing.draw(&index, |i| texts[usize::from(i)].clone())
}

/// A cell in a character alphabet or as a number.
fn cell_text(alphabet: Alphabet, value: u16) -> String {
    if alphabet == Alphabet::Numbers {
        value.to_string()
    } else {
        symbol(alphabet, value).to_string()
    }
}

/// One line of cells (no newline).
fn line(n: usize, values: &[u16], alphabet: Alphabet) -> String {
    let cells = (0..n.saturating_mul(n)).map(|i| values.get(i).copied().unwrap_or(0));
    if alphabet == Alphabet::Numbers {
        let parts: Vec<String> = cells.map(|v| v.to_string()).collect();
        parts.join(" ")
    } else {
        // Room for the line ending: growing the string would reallocate, and glibc's `realloc`
        // always takes its arena's lock, which threads answering puzzles then queue for (two
        // threads of `dlx solve` switched context about a thousand times on 17-clue puzzles).
        let mut out = String::with_capacity(n.saturating_mul(n) + 1);
        out.extend(cells.map(|v| symbol(alphabet, v)));
        out
    }
}

/// Regions `0..n` as labels `1..=n`.
fn region_labels(regions: &[u16]) -> Vec<u16> {
    regions.iter().map(|&r| r.saturating_add(1)).collect()
}

/// The symbol of region label `1..`: `1`-`9`, `A`-`Z`, `a`-`z`.
fn region_symbol(label: u16) -> char {
    REGION_SYMBOLS
        .get(usize::from(label))
        .map_or('?', |&b| char::from(b))
}

/// How a block is drawn.
#[derive(Clone, Copy)]
struct Drawing {
    n: usize,
    spaced: bool,
    /// The width of every cell, and whether it is filled on the left (or right-aligned).
    width: usize,
    left: bool,
    boxes: Option<(usize, usize)>,
    frame: Frame,
}

/// The characters of a framed drawing: the bar between boxes, the line along rules, and the
/// junctions of the top, middle and bottom rules (left end, between boxes, right end).
struct Pen {
    bar: char,
    line: char,
    top: [char; 3],
    middle: [char; 3],
    bottom: [char; 3],
}

impl Pen {
    /// The pen of a framed drawing; `None` for the frames drawn without one.
    fn of(frame: Frame) -> Option<Pen> {
        let pen = |bar, line, top, middle, bottom| Pen {
            bar,
            line,
            top,
            middle,
            bottom,
        };
        Some(match frame {
            Frame::Plus => pen('|', '-', ['+'; 3], ['+'; 3], ['+'; 3]),
            Frame::Star => pen('|', '-', ['*', '-', '*'], ['|', '+', '|'], ['*', '-', '*']),
            Frame::Dots => pen('|', '-', ['.'; 3], [':', '+', ':'], ['\''; 3]),
            Frame::Light => pen('│', '─', ['┌', '┬', '┐'], ['├', '┼', '┤'], ['└', '┴', '┘']),
            Frame::Double => pen('║', '═', ['╔', '╦', '╗'], ['╠', '╬', '╣'], ['╚', '╩', '╝']),
            _ => return None,
        })
    }
}

impl Drawing {
    /// The drawing of a puzzle's blocks: spaced when decorated or numbers; with `|` and rules
    /// between boxes when decorated and the puzzle has boxes (those of its shape hint, else the
    /// usual r x c of its size unless it is a jigsaw); in the frame it came in.
    fn of(puzzle: &Puzzle, alphabet: Alphabet, decorated: bool, frame: Frame) -> Drawing {
        let n = puzzle.size;
        let numbers = alphabet == Alphabet::Numbers;
        let proper = |&(r, c): &(usize, usize)| r > 1 && c > 1 && r * c == n;
        let boxes = if (decorated && frame != Frame::Spaced) || frame == Frame::Bands {
            match puzzle.shape.boxes.filter(proper) {
                Some(b) => Some(b),
                None if puzzle.shape.regions.is_none() => Some(usual_boxes(n)).filter(proper),
                None => None,
            }
        } else {
            None
        };
        // A frame of one box around a small grid would be too short to tell from a row of
        // empty cells (`*----*`, `.---------.`): such a grid gets `+---+`.
        let frame = match frame {
            Frame::Star | Frame::Dots if boxes.is_none() && n < 5 => Frame::Plus,
            other => other,
        };
        Drawing {
            n,
            spaced: (decorated && frame != Frame::Star) || numbers,
            width: if numbers { n.to_string().len() } else { 1 },
            left: false,
            boxes,
            frame,
        }
    }

    /// Draws `values` with `text` for each cell.
    fn draw(&self, values: &[u16], text: impl Fn(u16) -> String) -> String {
        let cell = |row: usize, col: usize| {
            let value = values.get(row * self.n + col).copied().unwrap_or(0);
            if self.left {
                format!("{:<w$}", text(value), w = self.width)
            } else {
                format!("{:>w$}", text(value), w = self.width)
            }
        };
        match Pen::of(self.frame) {
            Some(pen) => self.framed(&pen, cell),
            None => self.open(cell),
        }
    }

    /// A drawing without a frame: rules between bands (`Rules`), blank lines (`Bands`), or
    /// neither.
    fn open(&self, cell: impl Fn(usize, usize) -> String) -> String {
        let n = self.n;
        let (r, c) = self.boxes.unwrap_or((n, n));
        let bars = self.frame == Frame::Rules;
        let mut out = String::new();
        for row in 0..n {
            let mut line = String::new();
            for col in 0..n {
                if col > 0 && self.spaced {
                    line.push_str(if bars && col % c == 0 { " | " } else { " " });
                }
                line.push_str(&cell(row, col));
            }
            line.truncate(line.trim_end().len());
            out.push_str(&line);
            out.push('\n');
            if (row + 1) % r == 0 && row + 1 < n {
                if bars {
                    out.extend(line.chars().map(|ch| if ch == '|' { '+' } else { '-' }));
                }
                out.push('\n');
            }
        }
        out
    }

    /// A drawing in a frame: a bar at both ends of each row and between boxes, a rule above,
    /// between bands and below.
    fn framed(&self, pen: &Pen, cell: impl Fn(usize, usize) -> String) -> String {
        let n = self.n;
        let (r, c) = self.boxes.unwrap_or((n, n));
        let pad = if self.spaced { " " } else { "" };
        // Each box's part of a row: its cells, spaced or not, with room for the bars.
        let part = c * self.width + if self.spaced { c + 1 } else { 0 };
        let rule = |ends: [char; 3]| {
            let mut line = String::new();
            line.push(ends[0]);
            for k in 0..n / c {
                if k > 0 {
                    line.push(ends[1]);
                }
                line.extend(std::iter::repeat(pen.line).take(part));
            }
            line.push(ends[2]);
            line.push('\n');
            line
        };
        let mut out = rule(pen.top);
        for row in 0..n {
            if row > 0 && row % r == 0 {
                out.push_str(&rule(pen.middle));
            }
            out.push(pen.bar);
            for col in 0..n {
                if col > 0 && col % c == 0 {
                    out.push_str(pad);
                    out.push(pen.bar);
                }
                out.push_str(pad);
                out.push_str(&cell(row, col));
            }
            out.push_str(pad);
            out.push(pen.bar);
            out.push('\n');
        }
        out.push_str(&rule(pen.bottom));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::{ShapeHint, Verdict};

    fn puzzle(size: usize, layout: Layout) -> Puzzle {
        Puzzle {
            size,
            cells: (0..size * size).map(|i| (i % (size + 1)) as u16).collect(),
            shape: ShapeHint::default(),
            layout,
            line: 1,
            candidates: None,
        }
    }

    #[test]
    fn decorated_blocks() {
        let p = puzzle(
            4,
            Layout::Block {
                alphabet: Alphabet::OneBased,
                decorated: true,
                frame: Frame::Rules,
            },
        );
        assert_eq!(
            write_puzzle(&p),
            ". 1 | 2 3\n4 . | 1 2\n----+----\n3 4 | . 1\n2 3 | 4 .\n"
        );
        let numbers = puzzle(
            4,
            Layout::Block {
                alphabet: Alphabet::Numbers,
                decorated: false,
                frame: Frame::Rules,
            },
        );
        assert_eq!(
            write_puzzle(&numbers),
            "0 1 2 3\n4 0 1 2\n3 4 0 1\n2 3 4 0\n"
        );
    }

    #[test]
    fn answers_outside_json() {
        let p = puzzle(
            2,
            Layout::Line {
                alphabet: Alphabet::Letters,
            },
        );
        assert_eq!(
            write_answer(&p, &Answer::Solution(vec![1, 2, 2, 1])),
            "ABBA\n"
        );
        assert_eq!(write_answer(&p, &Answer::NoSolution), "no solution\n");
        let count = |count, capped| Answer::Count { count, capped };
        assert_eq!(write_answer(&p, &count(288, false)), "288\n");
        assert_eq!(write_answer(&p, &count(2, true)), "2+\n");
        for verdict in [Verdict::None, Verdict::Unique, Verdict::Multiple] {
            let text = write_answer(&p, &Answer::Verdict(verdict));
            assert_eq!(text, format!("{}\n", verdict.as_str()));
        }
    }
}
