//! The compact killer formats, as pasted on the forums and read by ISS.
//!
//! - **Short** (81 characters, 9x9): each cell is either an arrow to a neighbour in its cage (`<`
//!   left, `>` right, `^` up, `v` down, `` ` `` up-left, `'` up-right, `,` down-left, `.`
//!   down-right) or the head of its cage, whose character is the cage's sum: `0`–`9`, `A`–`Z`
//!   for 10–35, `a`–`j` for 36–45 (`0`: a cage without a sum, its digits distinct only). Every
//!   cell follows arrows to a head; the cells that reach one head are its cage.
//! - **Long** (sudocue): `3x3:d:k:` (`d`, or nothing, for the two diagonals of killer-X), then 81
//!   numbers `256 * sum + cage` separated by `:` (below 256: a cell in no cage), then an empty
//!   field.

use thiserror::Error;

use super::{Constraint, Variant};
use crate::sudoku::Shape;

/// Why a text is not a killer puzzle in either compact format.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum KillerError {
    /// The text is in neither format.
    #[error("not a killer puzzle (expected 81 arrows and cage sums, or `3x3::k:` and 81 numbers)")]
    Unknown,
    /// A character of the short format that is neither an arrow nor a sum.
    #[error("column {column}: {found:?} is neither an arrow (< > ^ v ` ' , .) nor a cage sum (0-9, A-Z, a-j)")]
    Character {
        /// 1-based position.
        column: usize,
        /// The character.
        found: char,
    },
    /// An arrow that points off the grid, or cells whose arrows go round in a circle.
    #[error("column {column}: the arrow leads {why}")]
    Arrow {
        /// 1-based position of the cell where the walk started.
        column: usize,
        /// Off the grid, or round in a circle.
        why: &'static str,
    },
    /// A field of the long format that is not a number.
    #[error("field {field}: {found:?} is not a number (expected 256 * sum + cage)")]
    Field {
        /// 1-based field.
        field: usize,
        /// Its text, cut to 20 characters.
        found: String,
    },
    /// The cells of one cage number in the long format give different sums.
    #[error("cage {cage} has two sums, {first} and {second}")]
    Sums {
        /// The cage's number.
        cage: u32,
        /// The sum of its first cell.
        first: u32,
        /// Another.
        second: u32,
    },
}

/// Reads a killer puzzle in either compact format (blanks around it ignored).
pub fn read(text: &str) -> Result<Variant, KillerError> {
    let text = text.trim();
    if text.starts_with("3x3:") {
        return read_long(text);
    }
    if text.chars().count() == 81 && text.chars().any(|c| "<>^v`',".contains(c)) {
        return read_short(text);
    }
    Err(KillerError::Unknown)
}

/// The neighbour an arrow points to, as a row and column step.
fn step(c: char) -> Option<(isize, isize)> {
    Some(match c {
        '<' => (0, -1),
        '>' => (0, 1),
        '^' => (-1, 0),
        'v' => (1, 0),
        '`' => (-1, -1),
        '\'' => (-1, 1),
        ',' => (1, -1),
        '.' => (1, 1),
        _ => return None,
    })
}

/// A cage head's sum.
fn head_sum(c: char) -> Option<u32> {
    match c {
        '0'..='9' => Some(c as u32 - '0' as u32),
        'A'..='Z' => Some(c as u32 - 'A' as u32 + 10),
        'a'..='j' => Some(c as u32 - 'a' as u32 + 36),
        _ => None,
    }
}

fn read_short(text: &str) -> Result<Variant, KillerError> {
    let chars: Vec<char> = text.chars().collect();
    for (k, &c) in chars.iter().enumerate() {
        if step(c).is_none() && head_sum(c).is_none() {
            return Err(KillerError::Character {
                column: k + 1,
                found: c,
            });
        }
    }
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); 81];
    for start in 0..81 {
        let mut cell = start;
        let mut steps = 0;
        while let Some((dr, dc)) = step(chars[cell]) {
            let (r, c) = ((cell / 9) as isize + dr, (cell % 9) as isize + dc);
            if !(0..9).contains(&r) || !(0..9).contains(&c) {
                return Err(KillerError::Arrow {
                    column: start + 1,
                    why: "off the grid",
                });
            }
            cell = (r * 9 + c) as usize;
            steps += 1;
            if steps > 81 {
                return Err(KillerError::Arrow {
                    column: start + 1,
                    why: "round in a circle",
                });
            }
        }
        members[cell].push(start);
    }
    let constraints = members
        .into_iter()
        .enumerate()
        .filter(|(_, cells)| !cells.is_empty())
        .map(|(head, mut cells)| {
            cells.sort_unstable();
            let sum = head_sum(chars[head]).filter(|&s| s > 0);
            Constraint::Cage { cells, sum }
        })
        .collect();
    let shape = Shape::standard(9).expect("9x9 is a shape");
    Ok(Variant::new(shape, vec![0; 81], constraints))
}

fn read_long(text: &str) -> Result<Variant, KillerError> {
    let fields: Vec<&str> = text.split(':').collect();
    if fields.len() < 84 || fields[2] != "k" {
        return Err(KillerError::Unknown);
    }
    let mut cages: Vec<(u32, u32, Vec<usize>)> = Vec::new();
    for (cell, field) in fields[3..84].iter().enumerate() {
        let v: u32 = field.trim().parse().map_err(|_| KillerError::Field {
            field: cell + 4,
            found: field.chars().take(20).collect(),
        })?;
        if v < 256 {
            continue;
        }
        let (id, sum) = (v % 256, v / 256);
        match cages.iter_mut().find(|(i, _, _)| *i == id) {
            Some((_, s, cells)) => {
                if *s != sum {
                    return Err(KillerError::Sums {
                        cage: id,
                        first: *s,
                        second: sum,
                    });
                }
                cells.push(cell);
            }
            None => cages.push((id, sum, vec![cell])),
        }
    }
    if fields[84..].iter().any(|f| !f.trim().is_empty()) {
        return Err(KillerError::Unknown);
    }
    let mut shape = Shape::standard(9).expect("9x9 is a shape");
    if fields[1] == "d" {
        shape = shape.with_diagonals();
    }
    let constraints = cages
        .into_iter()
        .map(|(_, sum, cells)| Constraint::Cage {
            cells,
            sum: Some(sum),
        })
        .collect();
    Ok(Variant::new(shape, vec![0; 81], constraints))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_formats_read_the_same_cages() {
        // A 9x9 of 27 horizontal cages of three cells, sums 6, 15, 24 in turn, in both formats.
        let mut short = String::new();
        let mut long = String::from("3x3::k");
        for r in 0..9 {
            for c in 0..9 {
                let cage = r * 3 + c / 3;
                let sum = [6, 15, 24][cage % 3];
                short.push(if c % 3 == 0 { head(sum) } else { '<' });
                long += &format!(":{}", sum * 256 + cage as u32 + 1);
            }
        }
        long.push(':');
        let (a, b) = (read(&short).unwrap(), read(&long).unwrap());
        assert_eq!(a.constraints().len(), 27);
        assert_eq!(a.constraints(), b.constraints());
    }

    fn head(sum: u32) -> char {
        char::from_digit(sum, 36)
            .map(|c| c.to_ascii_uppercase())
            .unwrap()
    }

    #[test]
    fn bad_text_is_named_where_it_is_wrong() {
        let mut text = "<".repeat(80);
        text.push('5');
        // The first cell's arrow points off the grid.
        assert_eq!(
            read(&text).unwrap_err(),
            KillerError::Arrow {
                column: 1,
                why: "off the grid"
            }
        );
        let text = format!("{}x{}", "<".repeat(40), "<".repeat(40));
        assert!(matches!(
            read(&text),
            Err(KillerError::Character {
                column: 41,
                found: 'x'
            })
        ));
        let circle = format!("><{}", "5".repeat(79));
        assert!(matches!(
            read(&circle),
            Err(KillerError::Arrow {
                column: 1,
                why: "round in a circle"
            })
        ));
        assert_eq!(read("hello").unwrap_err(), KillerError::Unknown);
    }
}
