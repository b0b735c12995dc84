//! Writing JSON lines: a puzzle as an object, with its answer's fields. Written by hand, so that
//! answers are written without the `json` feature that reading them needs.

use crate::sudoku::{Alphabet, Answer, Puzzle};

use super::alphabet::{capacity, symbol};
use super::REGION_SYMBOLS;

/// The largest side written as strings; larger grids use arrays of numbers.
pub(super) const STRING_SIDE: usize = 35;

/// The text of a grid: a string in the one-based alphabet, or an array for large grids.
fn grid_text(n: usize, values: &[u16]) -> String {
    if n <= STRING_SIDE.min(capacity(Alphabet::OneBased)) {
        let s: String = values
            .iter()
            .map(|&v| symbol(Alphabet::OneBased, v))
            .collect();
        format!("\"{s}\"")
    } else {
        array(values.iter().map(|&v| usize::from(v)))
    }
}

/// `[a,b,c]`.
fn array(items: impl Iterator<Item = usize>) -> String {
    let parts: Vec<String> = items.map(|i| i.to_string()).collect();
    format!("[{}]", parts.join(","))
}

/// Writes a puzzle as a JSON object, with `answer` fields (already formatted, each starting
/// with `,`) before the closing brace, and a newline.
pub(crate) fn write(puzzle: &Puzzle, answer: &str) -> String {
    let n = puzzle.size;
    let mut s = format!("{{\"size\":{n}");
    if let Some((r, c)) = puzzle.shape.boxes {
        s.push_str(&format!(",\"boxes\":[{r},{c}]"));
    }
    if let Some(regions) = &puzzle.shape.regions {
        if n < REGION_SYMBOLS.len() && n <= STRING_SIDE {
            let symbols: String = regions
                .iter()
                .map(|&r| {
                    REGION_SYMBOLS
                        .get(usize::from(r) + 1)
                        .map_or('?', |&b| char::from(b))
                })
                .collect();
            s.push_str(&format!(",\"regions\":\"{symbols}\""));
        } else {
            s.push_str(&format!(
                ",\"regions\":{}",
                array(regions.iter().map(|&r| usize::from(r) + 1))
            ));
        }
    }
    if !puzzle.shape.extra.is_empty() {
        let parts: Vec<String> = puzzle
            .shape
            .extra
            .iter()
            .map(|region| array(region.iter().copied()))
            .collect();
        s.push_str(&format!(",\"extra\":[{}]", parts.join(",")));
    }
    s.push_str(&format!(",\"givens\":{}", grid_text(n, &puzzle.cells)));
    s.push_str(answer);
    s.push_str("}\n");
    s
}

/// The answer fields for `answer`.
pub(crate) fn answer_fields(n: usize, answer: &Answer) -> String {
    match answer {
        Answer::Solution(values) => format!(",\"solution\":{}", grid_text(n, values)),
        Answer::NoSolution => ",\"solution\":null,\"verdict\":\"none\"".to_string(),
        Answer::Count { count, capped } => format!(",\"count\":{count},\"capped\":{capped}"),
        Answer::Verdict(v) => format!(",\"verdict\":\"{}\"", v.as_str()),
    }
}
