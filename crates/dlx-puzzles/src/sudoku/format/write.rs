//! Printing puzzles and answers in the layout they were read in.

use std::borrow::Cow;

use crate::sudoku::{Alphabet, Answer, Layout, Puzzle, Verdict};

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
        } => {
            let drawing = Drawing::of(puzzle, *alphabet, *decorated);
            let mut out = drawing.draw(&puzzle.cells, |v| cell_text(*alphabet, v));
            if let Some(regions) = regions {
                let labels = region_labels(regions);
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
            } => {
                Drawing::of(puzzle, *alphabet, *decorated).draw(values, |v| cell_text(*alphabet, v))
            }
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
struct Drawing {
    n: usize,
    spaced: bool,
    width: usize,
    boxes: Option<(usize, usize)>,
}

impl Drawing {
    /// The drawing of a puzzle's blocks: spaced when decorated or numbers; with `|` and rules
    /// between boxes when decorated and the puzzle has boxes (those of its shape hint, else the
    /// usual r x c of its size unless it is a jigsaw).
    fn of(puzzle: &Puzzle, alphabet: Alphabet, decorated: bool) -> Drawing {
        let n = puzzle.size;
        let numbers = alphabet == Alphabet::Numbers;
        let proper = |&(r, c): &(usize, usize)| r > 1 && c > 1 && r * c == n;
        let boxes = if decorated {
            match puzzle.shape.boxes.filter(proper) {
                Some(b) => Some(b),
                None if puzzle.shape.regions.is_none() => Some(usual_boxes(n)).filter(proper),
                None => None,
            }
        } else {
            None
        };
        Drawing {
            n,
            spaced: decorated || numbers,
            width: if numbers { n.to_string().len() } else { 1 },
            boxes,
        }
    }

    /// Draws `values` with `text` for each cell.
    fn draw(&self, values: &[u16], text: impl Fn(u16) -> String) -> String {
        let n = self.n;
        let (r, c) = self.boxes.unwrap_or((n, n));
        let mut out = String::new();
        for row in 0..n {
            let mut line = String::new();
            for col in 0..n {
                if col > 0 && self.spaced {
                    line.push_str(if col % c == 0 { " | " } else { " " });
                }
                let value = values.get(row * n + col).copied().unwrap_or(0);
                line.push_str(&format!("{:>w$}", text(value), w = self.width));
            }
            out.push_str(&line);
            out.push('\n');
            if (row + 1) % r == 0 && row + 1 < n {
                out.extend(line.chars().map(|ch| if ch == '|' { '+' } else { '-' }));
                out.push('\n');
            }
        }
        out
    }
}

/// The usual box shape for side `n`: `r` rows by `c` columns with `r` the largest divisor of
/// `n` not above its square root (3x3 for 9, 2x3 for 6, 3x4 for 12; 1 x n for a prime).
pub(crate) fn usual_boxes(n: usize) -> (usize, usize) {
    let r = (1..=n)
        .take_while(|d| d * d <= n)
        .filter(|d| n % d == 0)
        .last()
        .unwrap_or(1);
    (r, n / r.max(1))
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
        }
    }

    #[test]
    fn usual_box_shapes() {
        assert_eq!(usual_boxes(9), (3, 3));
        assert_eq!(usual_boxes(6), (2, 3));
        assert_eq!(usual_boxes(12), (3, 4));
        assert_eq!(usual_boxes(7), (1, 7));
        assert_eq!(usual_boxes(1), (1, 1));
    }

    #[test]
    fn decorated_blocks() {
        let p = puzzle(
            4,
            Layout::Block {
                alphabet: Alphabet::OneBased,
                decorated: true,
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
