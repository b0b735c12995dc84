//! The text format of a [`FreeShape`]: one directive a line, read with the line and column of
//! every error, and written back ([`write()`]) so that reading gives the same shape.
//!
//! ```text
//! # a comment; blank lines are skipped
//! values 9          the values are 1 to 9
//! grid 21 21        the bounding grid: rows, columns
//! sudoku 1 1        the rows, columns and boxes of a values x values grid at row 1, column 1
//! rect 1 1 3 3      one house: the 3x3 rectangle with its top-left cell at row 1, column 1
//! house 1,1 2,3     one house: the cells listed as ROW,COLUMN
//! cells             then one line a row of the grid: `#` a cell, `.` a hole
//! ```
//!
//! `values` and `grid` come first, once each. Rows and columns count from 1. The houses are
//! any number of `sudoku`, `rect` and `house` lines; a `sudoku` grid's boxes are those of the
//! standard shape of its side (3x3 for 9 values, 2x3 for 6). Without `cells`, the cells are the
//! places the houses name; with it, every `#` must be in a house and no house may name a `.`.
//! A house of as many cells as values needs every value once; a shorter one, each at most once.

use std::fmt::Write as _;

use super::free::{square_houses, FreeShape, FreeShapeError};
use super::{Cell, Shape};
use crate::sudoku::format::FormatError;

/// Reads a shape from its text (see the [module](self) for the format).
pub fn read(text: &str) -> Result<FreeShape, FormatError> {
    let mut reader = ShapeReader::default();
    let mut lines = text.lines().enumerate().map(|(k, line)| (k + 1, line));
    while let Some((number, line)) = lines.next() {
        let words = words(line);
        let Some(&(column, directive)) = words.first() else {
            continue;
        };
        if directive.starts_with('#') {
            continue;
        }
        let at = |message: String| FormatError::new(number, column, message);
        let args = &words[1..];
        match directive {
            "values" => reader.values = Some(reader.header(number, directive, args, 1)?[0]),
            "grid" => {
                let size = reader.header(number, directive, args, 2)?;
                reader.grid = Some((size[0], size[1]));
            }
            "cells" => {
                let (rows, columns) = reader.grid_for(number, column, directive)?;
                if reader.picture.is_some() {
                    return Err(at("the cells are given twice".into()));
                }
                let picture = read_picture(&mut lines, number, (rows, columns))?;
                reader.picture = Some(picture);
                reader.picture_line = number;
            }
            "sudoku" | "rect" | "house" => {
                reader.grid_for(number, column, directive)?;
                let houses = reader.houses_of(number, directive, args)?;
                reader
                    .origins
                    .extend(std::iter::repeat((number, column)).take(houses.len()));
                reader.houses.extend(houses);
            }
            other => {
                return Err(at(format!(
                    "unknown directive `{other}` (expected values, grid, cells, sudoku, rect \
                     or house)"
                )))
            }
        }
    }
    reader.finish(text.lines().count().max(1))
}

/// Writes `shape` in the text format: `values`, `grid`, the `cells` picture, then a `house`
/// line for every house.
pub fn write(shape: &FreeShape) -> String {
    let mut out = format!(
        "values {}\ngrid {} {}\ncells\n",
        shape.values(),
        shape.rows(),
        shape.columns()
    );
    for row in 0..shape.rows() {
        for column in 0..shape.columns() {
            let is_cell = shape.cell_at(row, column).is_some();
            out.push(if is_cell { '#' } else { '.' });
        }
        out.push('\n');
    }
    for house in shape.houses() {
        out.push_str("house");
        for &cell in house {
            let at = shape.cell_position(cell);
            // Writing to a String cannot fail.
            let _ = write!(out, " {},{}", at.row + 1, at.column + 1);
        }
        out.push('\n');
    }
    out
}

/// What has been read so far.
#[derive(Default)]
struct ShapeReader {
    values: Option<usize>,
    grid: Option<(usize, usize)>,
    picture: Option<Vec<bool>>,
    /// The line of the `cells` directive.
    picture_line: usize,
    houses: Vec<Vec<Cell>>,
    /// The line and column of the directive that gave each house.
    origins: Vec<(usize, usize)>,
}

impl ShapeReader {
    /// The `count` numbers of a `values` or `grid` line, which may come only once and before
    /// anything else.
    fn header(
        &self,
        line: usize,
        directive: &str,
        args: &[(usize, &str)],
        count: usize,
    ) -> Result<Vec<usize>, FormatError> {
        let given = match directive {
            "values" => self.values.is_some(),
            _ => self.grid.is_some(),
        };
        let end = args
            .last()
            .map_or(directive.len() + 2, |a| a.0 + a.1.chars().count());
        if given {
            return Err(FormatError::new(
                line,
                1,
                format!("`{directive}` is given twice"),
            ));
        }
        if !self.houses.is_empty() || self.picture.is_some() {
            let message = format!("`{directive}` must come before the cells and houses");
            return Err(FormatError::new(line, 1, message));
        }
        let usage = if count == 1 { "N" } else { "ROWS COLUMNS" };
        numbers(line, end, args, count, &format!("`{directive} {usage}`"))
    }

    /// The grid, which a `cells` or house line needs to have been given (with the values).
    fn grid_for(
        &self,
        line: usize,
        column: usize,
        directive: &str,
    ) -> Result<(usize, usize), FormatError> {
        match (self.values, self.grid) {
            (Some(_), Some(grid)) => Ok(grid),
            _ => Err(FormatError::new(
                line,
                column,
                format!("`values N` and `grid ROWS COLUMNS` must come before `{directive}`"),
            )),
        }
    }

    /// The houses a `sudoku`, `rect` or `house` line gives, as places of the grid (from 0).
    fn houses_of(
        &self,
        line: usize,
        directive: &str,
        args: &[(usize, &str)],
    ) -> Result<Vec<Vec<Cell>>, FormatError> {
        let end = args.last().map_or(1, |a| a.0 + a.1.chars().count());
        match directive {
            "sudoku" => {
                let corner = numbers(line, end, args, 2, "`sudoku ROW COLUMN`")?;
                let values = self.values.unwrap_or(0);
                let Some((rows, columns)) = Shape::standard(values).ok().and_then(|s| s.box_size())
                else {
                    return Err(FormatError::new(
                        line,
                        1,
                        format!("a {values}x{values} grid has no standard boxes; give its houses as `rect` lines"),
                    ));
                };
                let side = rows * columns;
                self.fits(line, args, &[corner[0], corner[1], side, side])?;
                Ok(square_houses(from_one(&corner), rows, columns))
            }
            "rect" => {
                let rect = numbers(line, end, args, 4, "`rect ROW COLUMN HEIGHT WIDTH`")?;
                self.fits(line, args, &rect)?;
                let (top, left) = from_one(&rect);
                let cells = (0..rect[2] * rect[3]).map(|k| Cell {
                    row: top + k / rect[3],
                    column: left + k % rect[3],
                });
                Ok(vec![cells.collect()])
            }
            _ => {
                let cells = args.iter().map(|&(column, word)| {
                    cell(word).ok_or_else(|| {
                        let message =
                            format!("expected a cell ROW,COLUMN (from 1), found `{word}`");
                        FormatError::new(line, column, message)
                    })
                });
                Ok(vec![cells.collect::<Result<_, _>>()?])
            }
        }
    }

    /// Checks that the rectangle `[row, column, height, width]` (from 1) lies on the grid.
    fn fits(&self, line: usize, args: &[(usize, &str)], rect: &[usize]) -> Result<(), FormatError> {
        let (rows, columns) = self.grid.unwrap_or_default();
        let inside = |start: usize, length: usize, end: usize| {
            start
                .checked_add(length)
                .is_some_and(|last| last - 1 <= end)
        };
        if inside(rect[0], rect[2], rows) && inside(rect[1], rect[3], columns) {
            return Ok(());
        }
        let message = format!(
            "a {}x{} rectangle at row {}, column {} does not fit the {rows}x{columns} grid",
            rect[2], rect[3], rect[0], rect[1]
        );
        Err(FormatError::new(line, args[0].0, message))
    }

    /// The shape read, or the first error, at the directive that caused it.
    fn finish(self, last_line: usize) -> Result<FreeShape, FormatError> {
        let (Some(values), Some(grid)) = (self.values, self.grid) else {
            let message = "expected `values N`, `grid ROWS COLUMNS` and houses";
            return Err(FormatError::new(last_line, 1, message));
        };
        FreeShape::new(grid, values, self.picture.as_deref(), &self.houses).map_err(|err| {
            let house = match err {
                FreeShapeError::EmptyHouse { house }
                | FreeShapeError::HouseTooBig { house, .. }
                | FreeShapeError::Outside { house, .. }
                | FreeShapeError::Repeated { house, .. }
                | FreeShapeError::Hole { house, .. } => Some(house),
                _ => None,
            };
            let (line, column) = match (house, &err) {
                (Some(house), _) => self.origins[house],
                (None, FreeShapeError::Homeless { cell }) => {
                    (self.picture_line + 1 + cell.row, cell.column + 1)
                }
                _ => (last_line, 1),
            };
            FormatError::new(line, column, err.to_string())
        })
    }
}

/// The words of a line with the column (from 1, in characters) where each starts.
fn words(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (k, (byte, ch)) in line.char_indices().enumerate() {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some((k + 1, byte)),
            (true, Some((column, from))) => {
                out.push((column, &line[from..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((column, from)) = start {
        out.push((column, &line[from..]));
    }
    out
}

/// Exactly `count` whole numbers from 1, or an error naming `usage` (at the first bad word, or
/// at `end` when words are missing).
fn numbers(
    line: usize,
    end: usize,
    args: &[(usize, &str)],
    count: usize,
    usage: &str,
) -> Result<Vec<usize>, FormatError> {
    if let Some(&(column, _)) = args.get(count) {
        return Err(FormatError::new(
            line,
            column,
            format!("expected {usage}, found more"),
        ));
    }
    let mut out = Vec::with_capacity(count);
    for &(column, word) in args {
        match word.parse::<usize>() {
            Ok(k) if k >= 1 => out.push(k),
            _ => {
                let message = format!("expected {usage} with numbers from 1, found `{word}`");
                return Err(FormatError::new(line, column, message));
            }
        }
    }
    if out.len() < count {
        return Err(FormatError::new(line, end, format!("expected {usage}")));
    }
    Ok(out)
}

/// A row and column from 1 (the first two numbers) as a place from 0.
fn from_one(numbers: &[usize]) -> (usize, usize) {
    (numbers[0] - 1, numbers[1] - 1)
}

/// A cell written `ROW,COLUMN` from 1.
fn cell(word: &str) -> Option<Cell> {
    let (row, column) = word.split_once(',')?;
    let (row, column) = (row.parse::<usize>().ok()?, column.parse::<usize>().ok()?);
    (row >= 1 && column >= 1).then(|| Cell {
        row: row - 1,
        column: column - 1,
    })
}

/// The `rows` lines of a `cells` picture after line `line`: one flag a place.
fn read_picture<'t>(
    lines: &mut impl Iterator<Item = (usize, &'t str)>,
    line: usize,
    (rows, columns): (usize, usize),
) -> Result<Vec<bool>, FormatError> {
    let mut picture = Vec::with_capacity(rows * columns);
    for row in 0..rows {
        let Some((number, text)) = lines.next() else {
            let message = format!("expected {rows} rows of cells after `cells`, found {row}");
            return Err(FormatError::new(line, 1, message));
        };
        let text = text.trim_end();
        let mut found = 0;
        for (k, ch) in text.chars().enumerate() {
            let flag = match ch {
                '#' => true,
                '.' => false,
                other => {
                    let message = format!("expected `#` (a cell) or `.` (a hole), found `{other}`");
                    return Err(FormatError::new(number, k + 1, message));
                }
            };
            if k == columns {
                let message = format!("expected {columns} places in a row, found more");
                return Err(FormatError::new(number, k + 1, message));
            }
            picture.push(flag);
            found += 1;
        }
        if found < columns {
            let message = format!("expected {columns} places in a row, found {found}");
            return Err(FormatError::new(number, found + 1, message));
        }
    }
    Ok(picture)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMURAI: &str = "# five 9x9 grids\nvalues 9\ngrid 21 21\n\
        sudoku 1 1\nsudoku 1 13\nsudoku 7 7\nsudoku 13 1\nsudoku 13 13\n";

    #[test]
    fn samurai_in_five_lines_is_the_built_in_one() {
        let shape = read(SAMURAI).unwrap();
        assert_eq!(shape, FreeShape::gattai("samurai").unwrap());
    }

    #[test]
    fn every_shape_written_reads_back_the_same() {
        for name in FreeShape::GATTAI {
            let shape = FreeShape::gattai(name).unwrap();
            assert_eq!(read(&write(&shape)).unwrap(), shape, "{name}");
        }
        let text =
            "values 3\ngrid 2 3\ncells\n##.\n.##\nhouse 1,1 1,2\nrect 1 2 2 1\nhouse 2,2 2,3\n";
        let shape = read(text).unwrap();
        assert_eq!(shape.cell_count(), 4);
        assert_eq!(shape.houses().len(), 3);
        assert!((0..3).all(|h| !shape.needs_all(h)));
        assert_eq!(read(&write(&shape)).unwrap(), shape);
    }

    #[test]
    fn errors_give_the_line_and_column() {
        let err = |text: &str| read(text).unwrap_err().to_string();
        assert_eq!(
            err("values 4\ngrid 4 4\nhous 1,1"),
            "line 3, column 1: unknown directive `hous` (expected values, grid, cells, sudoku, \
             rect or house)"
        );
        assert_eq!(
            err("values 4\ngrid 4 4\nhouse 1,1 2;2"),
            "line 3, column 11: expected a cell ROW,COLUMN (from 1), found `2;2`"
        );
        assert_eq!(
            err("values 4\nhouse 1,1"),
            "line 2, column 1: `values N` and `grid ROWS COLUMNS` must come before `house`"
        );
        assert_eq!(
            err("values 4\ngrid 4 x"),
            "line 2, column 8: expected `grid ROWS COLUMNS` with numbers from 1, found `x`"
        );
        assert_eq!(
            err("values 4\ngrid 4"),
            "line 2, column 7: expected `grid ROWS COLUMNS`"
        );
        assert_eq!(
            err("values 4\nvalues 4"),
            "line 2, column 1: `values` is given twice"
        );
        assert_eq!(
            err("values 2\ngrid 2 2\n  house 1,1 1,2 2,1"),
            "line 3, column 3: house 1 has 3 cells, more than the 2 values"
        );
        assert_eq!(
            err("values 2\ngrid 2 2\nrect 1 2 1 2"),
            "line 3, column 6: a 1x2 rectangle at row 1, column 2 does not fit the 2x2 grid"
        );
        assert_eq!(
            err("values 2\ngrid 2 2\nrect 1 1 18446744073709551615 2"),
            "line 3, column 6: a 18446744073709551615x2 rectangle at row 1, column 1 does not fit \
             the 2x2 grid"
        );
        assert_eq!(
            err("values 4\ngrid 5 5\nsudoku 3 1"),
            "line 3, column 8: a 4x4 rectangle at row 3, column 1 does not fit the 5x5 grid"
        );
        assert_eq!(
            err("values 2\ngrid 2 2\nhouse 1,1 3,1"),
            "line 3, column 1: house 1 names row 3, column 1, outside the 2x2 grid"
        );
        assert_eq!(
            err("values 2\ngrid 2 2\ncells\n#.\n#x\n"),
            "line 5, column 2: expected `#` (a cell) or `.` (a hole), found `x`"
        );
        assert_eq!(
            err("values 2\ngrid 2 2\ncells\n#.\n#\n"),
            "line 5, column 2: expected 2 places in a row, found 1"
        );
        assert_eq!(
            err("values 2\ngrid 2 2\ncells\n#.\n##\nhouse 1,1 2,1\n"),
            "line 5, column 2: row 2, column 2 belongs to no house"
        );
        assert_eq!(
            err("values 5\ngrid 5 5\nsudoku 1 1"),
            "line 3, column 1: a 5x5 grid has no standard boxes; give its houses as `rect` lines"
        );
        assert_eq!(
            err("# nothing\n"),
            "line 1, column 1: expected `values N`, `grid ROWS COLUMNS` and houses"
        );
    }
}
