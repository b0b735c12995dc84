//! The grid layout of a puzzle on a [`FreeShape`], as the Samurai puzzles of the judge data
//! come: a line `ROWS COLUMNS`, then a line a row of the bounding grid, its places separated by
//! blanks: a value, or `-` for an empty cell or a hole (`.` and `0` are read as `-` too). Puzzles
//! follow one another, blank lines between them skipped. Answers are written the same way.

use crate::sudoku::format::FormatError;
use crate::sudoku::FreeShape;

/// Reads every puzzle of `text` for `shape`: the line of each one's size line, and its givens,
/// one value per cell in cell order (0 for empty).
pub fn read_grids(text: &str, shape: &FreeShape) -> Result<Vec<(usize, Vec<u16>)>, FormatError> {
    let (rows, columns) = (shape.rows(), shape.columns());
    let mut puzzles = Vec::new();
    let mut lines = text.lines().enumerate().map(|(k, line)| (k + 1, line));
    while let Some((number, line)) = lines.next() {
        if line.trim().is_empty() {
            continue;
        }
        let size: Vec<&str> = line.split_whitespace().collect();
        if size != [rows.to_string(), columns.to_string()] {
            let column = line.len() - line.trim_start().len() + 1;
            let message = format!("expected the size line `{rows} {columns}` of the shape's grid");
            return Err(FormatError::new(number, column, message));
        }
        let mut givens = vec![0u16; shape.cell_count()];
        for row in 0..rows {
            let Some((number, line)) = lines.next() else {
                let message = format!("expected {rows} rows after the size line, found {row}");
                return Err(FormatError::new(number + row, 1, message));
            };
            read_row(line, number, row, shape, &mut givens)?;
        }
        puzzles.push((number, givens));
    }
    Ok(puzzles)
}

/// Reads row `row` of the grid from `line` (line number `number`) into `givens`.
fn read_row(
    line: &str,
    number: usize,
    row: usize,
    shape: &FreeShape,
    givens: &mut [u16],
) -> Result<(), FormatError> {
    let (columns, n) = (shape.columns(), shape.values());
    let mut column = 0;
    for (at, token) in tokens(line) {
        let error = |message: String| Err(FormatError::new(number, at, message));
        if column == columns {
            return error(format!("expected {columns} places in the row, found more"));
        }
        let value = match token {
            "-" | "." | "0" => 0,
            _ => match token.parse::<u16>() {
                Ok(v) if v >= 1 && usize::from(v) <= n => v,
                _ => {
                    return error(format!(
                        "expected a value from 1 to {n} or `-`, found `{token}`"
                    ))
                }
            },
        };
        match shape.cell_at(row, column) {
            Some(cell) => givens[cell] = value,
            None if value != 0 => {
                return error(format!(
                    "row {}, column {} is a hole of the shape: expected `-`, found `{token}`",
                    row + 1,
                    column + 1
                ))
            }
            None => {}
        }
        column += 1;
    }
    if column < columns {
        let end = line.trim_end().chars().count() + 1;
        let message = format!("expected {columns} places in the row, found {column}");
        return Err(FormatError::new(number, end, message));
    }
    Ok(())
}

/// The blank-separated tokens of a line, with the column (from 1, in characters) of each.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 1;
    line.split(|c: char| c.is_whitespace())
        .filter_map(move |token| {
            let at = column;
            column += token.chars().count() + 1;
            (!token.is_empty()).then_some((at, token))
        })
}

/// Writes `values` (one per cell of `shape`, 0 for empty) in the grid layout, with its size
/// line: `-` for holes and empty cells.
pub fn write_grid(shape: &FreeShape, values: &[u16]) -> String {
    let mut out = format!("{} {}\n", shape.rows(), shape.columns());
    for row in 0..shape.rows() {
        let places = (0..shape.columns()).map(|column| {
            match shape.cell_at(row, column).map(|cell| values[cell]) {
                Some(v) if v != 0 => v.to_string(),
                _ => "-".to_string(),
            }
        });
        out.push_str(&places.collect::<Vec<_>>().join(" "));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn twodoku() -> FreeShape {
        FreeShape::gattai("twodoku").unwrap()
    }

    #[test]
    fn grids_read_back_as_written() {
        let shape = twodoku();
        let values: Vec<u16> = (0..shape.cell_count()).map(|c| (c % 10) as u16).collect();
        let text = write_grid(&shape, &values);
        assert!(text.starts_with("15 15\n- 1 2 3 4 5 6 7 8 - - - - - -\n"));
        let twice = format!("{text}\n{text}");
        let read = read_grids(&twice, &shape).unwrap();
        assert_eq!(read, [(1, values.clone()), (18, values)]);
    }

    #[test]
    fn bad_grids_give_the_line_and_column() {
        let shape = twodoku();
        let empty = write_grid(&shape, &vec![0; shape.cell_count()]);
        let short: String = empty.lines().take(5).map(|l| format!("{l}\n")).collect();
        let cases = [
            (
                "9 9\n".to_string(),
                "line 1, column 1: expected the size line `15 15` of the shape's grid",
            ),
            (
                empty.replacen("- - - - - -\n", "- - - - - 5\n", 1),
                "line 2, column 29: row 1, column 15 is a hole of the shape: expected `-`, found `5`",
            ),
            (
                empty.replacen('-', "x", 1),
                "line 2, column 1: expected a value from 1 to 9 or `-`, found `x`",
            ),
            (
                empty.replacen(" -\n", "\n", 1),
                "line 2, column 28: expected 15 places in the row, found 14",
            ),
            (
                empty.replacen("-\n", "- -\n", 1),
                "line 2, column 31: expected 15 places in the row, found more",
            ),
            (
                short,
                "line 5, column 1: expected 15 rows after the size line, found 4",
            ),
        ];
        for (text, message) in cases {
            assert_eq!(read_grids(&text, &shape).unwrap_err().to_string(), message);
        }
    }
}
