//! Variant puzzles in a text as the commands read them: one puzzle a line (blank lines and `#`
//! comments passed over; a JSON object, f-puzzles' or SudokuPad's, may span lines), each read by
//! the library with its error placed at the file's line and column.

use dlx_puzzles::sudoku::variant::{self, Variant};

/// The puzzles of a text with the 1-based numbers of their first lines: each line that is not
/// blank nor a `#` comment, or, from a line that opens a JSON object, the lines up to the one
/// that closes it (a pasted f-puzzles object spans many).
pub fn puzzle_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut lines = text.lines().enumerate().peekable();
    std::iter::from_fn(move || loop {
        let (i, line) = lines.next()?;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if !trimmed.starts_with('{') {
            return Some((i + 1, trimmed));
        }
        // From the opening brace to the end of the line that closes the object.
        let start = line.len() - line.trim_start().len() + offset(text, line);
        let mut depth = Braces::default();
        depth.feed(trimmed);
        let mut end = offset(text, line) + line.len();
        while depth.open() {
            let Some((_, next)) = lines.next() else { break };
            depth.feed(next);
            end = offset(text, next) + next.len();
        }
        return Some((i + 1, text[start..end].trim_end()));
    })
}

/// Where `part`, a slice of `text`, starts in it (in bytes).
fn offset(text: &str, part: &str) -> usize {
    part.as_ptr() as usize - text.as_ptr() as usize
}

/// The braces of JSON text still open, strings passed over.
#[derive(Default)]
struct Braces {
    depth: usize,
    in_string: bool,
    escaped: bool,
}

impl Braces {
    fn feed(&mut self, text: &str) {
        for c in text.chars() {
            match (self.in_string, self.escaped, c) {
                (true, true, _) => self.escaped = false,
                (true, false, '\\') => self.escaped = true,
                (true, false, '"') => self.in_string = false,
                (true, false, _) => {}
                (false, _, '"') => self.in_string = true,
                (false, _, '{' | '[') => self.depth += 1,
                (false, _, '}' | ']') => self.depth = self.depth.saturating_sub(1),
                (false, _, _) => {}
            }
        }
    }

    fn open(&self) -> bool {
        self.depth > 0
    }
}

/// Reads the puzzle `text` found at `line` of the input `name` (escaped for the terminal, as
/// [`input::read`](crate::input::read) gives it); the error is the message to print after
/// `dlx: ` (`NAME:LINE:COLUMN: at "ITEM": PROBLEM`).
pub fn read(name: &str, line: usize, text: &str) -> Result<Variant, String> {
    variant::read(text).map_err(|e| {
        format!(
            "{name}:{}:{}: at {:?}: {}",
            line + e.line - 1,
            e.column,
            e.item,
            e.problem
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_puzzles_are_lines_or_whole_json_objects() {
        let text = "# notes\n.Thermo~R1C1~R1C2\n\n{\"size\": 4,\n  \"title\": \"a } in a string\",\n  \"grid\": [[{}]]\n}\n{\"grid\": []}\n  5.3\n";
        let found: Vec<(usize, &str)> = puzzle_lines(text).collect();
        assert_eq!(
            found,
            [
                (2, ".Thermo~R1C1~R1C2"),
                (
                    4,
                    "{\"size\": 4,\n  \"title\": \"a } in a string\",\n  \"grid\": [[{}]]\n}"
                ),
                (8, "{\"grid\": []}"),
                (9, "5.3"),
            ]
        );
        // An object never closed runs to the end of the text.
        assert_eq!(puzzle_lines("{\"grid\": [\n1,\n").count(), 1);
    }
}
