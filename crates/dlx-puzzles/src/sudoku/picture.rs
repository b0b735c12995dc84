//! Pictures of a puzzle and its solution: a boxed grid for a terminal ([`pretty`]), the grid of
//! candidates ([`pretty_marks`]) or of any text per cell ([`pretty_texts`]), and an SVG image
//! ([`svg`]). Every region (a box, or a jigsaw
//! region) is drawn by its border, so a jigsaw reads as one; givens are told from solved values.

use std::fmt::Write;

use super::shape::Shape;

/// How a [`pretty`] grid is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Plain ASCII (`+`, `-`, `|`) instead of Unicode box drawing.
    pub ascii: bool,
    /// Givens in bold (ANSI escape codes: for a terminal only).
    pub bold: bool,
}

/// Where the region borders of `shape` are, on the lattice of cell corners.
struct Borders<'a> {
    shape: &'a Shape,
    n: usize,
}

impl Borders<'_> {
    /// Whether a vertical border stands left of column `c` (`0..=n`) in row `r`.
    fn vertical(&self, r: usize, c: usize) -> bool {
        let n = self.n;
        c == 0 || c == n || self.shape.region_of(r * n + c - 1) != self.shape.region_of(r * n + c)
    }

    /// Whether a horizontal border stands above row `r` (`0..=n`) in column `c`.
    fn horizontal(&self, r: usize, c: usize) -> bool {
        let n = self.n;
        r == 0 || r == n || self.shape.region_of((r - 1) * n + c) != self.shape.region_of(r * n + c)
    }

    /// The arms of the corner at row line `r`, column line `c`: up, right, down, left.
    fn arms(&self, r: usize, c: usize) -> [bool; 4] {
        let n = self.n;
        [
            r > 0 && self.vertical(r - 1, c),
            c < n && self.horizontal(r, c),
            r < n && self.vertical(r, c),
            c > 0 && self.horizontal(r, c - 1),
        ]
    }
}

/// The character of a corner with the given arms (up, right, down, left).
fn corner(arms: [bool; 4], ascii: bool) -> char {
    if ascii {
        return match arms {
            [false, false, false, false] => ' ',
            [true, false, true, false] => '|',
            [false, true, false, true] => '-',
            _ => '+',
        };
    }
    match arms {
        [false, false, false, false] => ' ',
        [true, false, false, false] => '╵',
        [false, true, false, false] => '╶',
        [false, false, true, false] => '╷',
        [false, false, false, true] => '╴',
        [true, false, true, false] => '│',
        [false, true, false, true] => '─',
        [false, true, true, false] => '┌',
        [false, false, true, true] => '┐',
        [true, true, false, false] => '└',
        [true, false, false, true] => '┘',
        [true, true, true, false] => '├',
        [true, false, true, true] => '┤',
        [false, true, true, true] => '┬',
        [true, true, false, true] => '┴',
        [true, true, true, true] => '┼',
    }
}

/// The symbol of a value in a picture: one-based digits and letters up to 35, numbers above.
fn symbol(n: usize, value: u16) -> String {
    if value == 0 {
        ".".to_string()
    } else if n <= 35 {
        let symbols = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        char::from(symbols[usize::from(value).min(35)]).to_string()
    } else {
        value.to_string()
    }
}

/// A grid drawn with its region borders, each cell `text(cell)` (`width` characters wide). A
/// column line that borders a region in some row takes three characters (` │ `), one that
/// never does one (a blank between cells); a row line with no border on it is left out, so that
/// a box shows its cells close together.
fn boxed(shape: &Shape, width: usize, ascii: bool, text: impl Fn(usize) -> String) -> String {
    let n = shape.size();
    let borders = Borders { shape, n };
    let (bar, line) = if ascii { ('|', '-') } else { ('│', '─') };
    let wide: Vec<bool> = (0..=n)
        .map(|c| (0..n).any(|r| borders.vertical(r, c)))
        .collect();
    let ruled: Vec<bool> = (0..=n)
        .map(|r| (0..n).any(|c| borders.horizontal(r, c)))
        .collect();
    let mut out = String::new();
    for (r, &rule) in ruled.iter().enumerate() {
        if rule {
            for (c, &wide_c) in wide.iter().enumerate() {
                let left = c > 0 && borders.horizontal(r, c - 1);
                let right = c < n && borders.horizontal(r, c);
                let fill = |on: bool| if on { line } else { ' ' };
                if wide_c && c > 0 {
                    out.push(fill(left));
                }
                out.push(corner(borders.arms(r, c), ascii));
                if wide_c && c < n {
                    out.push(fill(right));
                }
                if c < n {
                    out.extend(std::iter::repeat(fill(right)).take(width));
                }
            }
            trim_end(&mut out);
            out.push('\n');
        }
        if r == n {
            break;
        }
        for (c, &wide_c) in wide.iter().enumerate() {
            let mark = if borders.vertical(r, c) { bar } else { ' ' };
            match (wide_c, c) {
                (true, 0) => out.extend([mark, ' ']),
                (true, _) if c == n => out.extend([' ', mark]),
                (true, _) => out.extend([' ', mark, ' ']),
                (false, _) => out.push(' '),
            }
            if c < n {
                out.push_str(&text(r * n + c));
            }
        }
        trim_end(&mut out);
        out.push('\n');
    }
    out
}

fn trim_end(out: &mut String) {
    let kept = out.trim_end_matches(' ').len();
    out.truncate(kept);
}

/// The grid `values` (`0` for an empty cell) of `shape` in a box: Unicode lines (ASCII with
/// `style.ascii`) around every region, so that boxes and jigsaw regions show as drawn; the
/// cells of `givens` in bold with `style.bold`.
pub fn pretty(shape: &Shape, givens: &[u16], values: &[u16], style: Style) -> String {
    let n = shape.size();
    let width = if n <= 35 { 1 } else { n.to_string().len() };
    boxed(shape, width, style.ascii, |cell| {
        let value = values.get(cell).copied().unwrap_or(0);
        let text = format!("{:>width$}", symbol(n, value));
        if style.bold && givens.get(cell).is_some_and(|&g| g != 0) {
            format!("\x1b[1m{text}\x1b[0m")
        } else {
            text
        }
    })
}

/// The candidates of every cell (bit `v - 1` for value `v`), as a pencil-mark grid in a box
/// drawn as [`pretty`] draws it: each cell lists its candidates, padded to the longest list.
pub fn pretty_marks(shape: &Shape, candidates: &[u64], style: Style) -> String {
    let n = shape.size();
    let lists: Vec<String> = candidates
        .iter()
        .map(|&mask| {
            let values = (1..=n as u16).filter(|&v| v <= 64 && mask >> (v - 1) & 1 == 1);
            let parts: Vec<String> = values.map(|v| symbol(n, v)).collect();
            parts.join(if n > 35 { "," } else { "" })
        })
        .collect();
    pretty_texts(shape, &lists, style)
}

/// A text in every cell (`texts`, one per cell: candidates with their counts, say), in a box
/// drawn as [`pretty`] draws it, each padded to the longest.
pub fn pretty_texts(shape: &Shape, texts: &[String], style: Style) -> String {
    let width = texts.iter().map(|l| l.chars().count()).max().unwrap_or(1);
    boxed(shape, width, style.ascii, |cell| {
        format!("{:<width$}", texts.get(cell).map_or("", String::as_str))
    })
}

/// The side of a cell in an SVG, in pixels.
const CELL: usize = 40;

/// The margin around an SVG's grid.
const MARGIN: usize = 10;

/// An SVG image of a puzzle and its solution: thin lines between cells, thick ones along region
/// borders (boxes, jigsaw regions), extra regions shaded, the givens in bold black and the
/// solved values in blue (a `<text>` per filled cell). `values` may be the givens alone.
pub fn svg(shape: &Shape, givens: &[u16], values: &[u16]) -> String {
    let n = shape.size();
    let side = n * CELL + 2 * MARGIN;
    let at = |k: usize| MARGIN + k * CELL;
    let font = if n <= 16 {
        CELL * 6 / 10
    } else {
        CELL * 4 / 10
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}" viewBox="0 0 {side} {side}">"#
    );
    let _ = writeln!(
        out,
        r##"<rect x="0" y="0" width="{side}" height="{side}" fill="#ffffff"/>"##
    );
    for cell in shape.extra().iter().flatten() {
        let (r, c) = (cell / n, cell % n);
        let _ = writeln!(
            out,
            r##"<rect class="extra" x="{}" y="{}" width="{CELL}" height="{CELL}" fill="#e8e8f4"/>"##,
            at(c),
            at(r)
        );
    }
    let borders = Borders { shape, n };
    let mut thin = String::new();
    let mut thick = String::new();
    for r in 0..n {
        for c in 0..=n {
            let path = if borders.vertical(r, c) {
                &mut thick
            } else {
                &mut thin
            };
            let _ = write!(path, "M{} {}V{}", at(c), at(r), at(r + 1));
        }
    }
    for r in 0..=n {
        for c in 0..n {
            let path = if borders.horizontal(r, c) {
                &mut thick
            } else {
                &mut thin
            };
            let _ = write!(path, "M{} {}H{}", at(c), at(r), at(c + 1));
        }
    }
    let _ = writeln!(
        out,
        r##"<path class="cells" d="{thin}" stroke="#999999" stroke-width="1" fill="none"/>"##
    );
    let _ = writeln!(
        out,
        r##"<path class="regions" d="{thick}" stroke="#000000" stroke-width="3" stroke-linecap="square" fill="none"/>"##
    );
    for cell in 0..n * n {
        let value = values.get(cell).copied().unwrap_or(0);
        if value == 0 {
            continue;
        }
        let given = givens.get(cell).is_some_and(|&g| g != 0);
        let (class, style) = if given {
            ("given", r##"fill="#000000" font-weight="bold""##)
        } else {
            ("solved", r##"fill="#1a5fb4""##)
        };
        let (r, c) = (cell / n, cell % n);
        let _ = writeln!(
            out,
            r#"<text class="{class}" x="{}" y="{}" font-family="sans-serif" font-size="{font}" text-anchor="middle" dominant-baseline="central" {style}>{}</text>"#,
            at(c) + CELL / 2,
            at(r) + CELL / 2,
            symbol(n, value)
        );
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_4x4_is_boxed_by_its_regions() {
        let shape = Shape::standard(4).unwrap();
        let givens = [1, 0, 0, 0, 0, 0, 1, 0, 0, 3, 0, 0, 0, 0, 0, 2];
        let drawn = pretty(&shape, &givens, &givens, Style::default());
        assert_eq!(
            drawn,
            "┌─────┬─────┐\n\
             │ 1 . │ . . │\n\
             │ . . │ 1 . │\n\
             ├─────┼─────┤\n\
             │ . 3 │ . . │\n\
             │ . . │ . 2 │\n\
             └─────┴─────┘\n"
        );
        // A jigsaw's regions are drawn by their borders.
        let jigsaw = Shape::jigsaw(4, &[0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3]).unwrap();
        let drawn = pretty(&jigsaw, &[0; 16], &[0; 16], Style::default());
        assert_eq!(
            drawn,
            "┌───────────┬───┐\n\
             │ .   .   . │ . │\n\
             ├───┐   ┌───┘   │\n\
             │ . │ . │ .   . │\n\
             │   └───┼───┐   │\n\
             │ .   . │ . │ . │\n\
             │   ┌───┘   └───┤\n\
             │ . │ .   .   . │\n\
             └───┴───────────┘\n"
        );
        let ascii = pretty(
            &shape,
            &givens,
            &givens,
            Style {
                ascii: true,
                bold: true,
            },
        );
        assert!(
            ascii.starts_with("+-----+-----+\n| \x1b[1m1\x1b[0m . |"),
            "{ascii}"
        );
    }

    #[test]
    fn svgs_have_a_text_per_filled_cell_and_thick_region_borders() {
        let shape = Shape::standard(4).unwrap();
        let givens = [1, 0, 0, 0, 0, 0, 1, 0, 0, 3, 0, 0, 0, 0, 0, 2];
        let solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 3, 4, 1, 4, 1, 2, 3];
        let image = svg(&shape, &givens, &solution);
        assert_eq!(image.matches("<text").count(), 16);
        assert_eq!(image.matches(r#"class="given""#).count(), 4);
        assert!(image.contains(r#"stroke-width="3""#));
        assert!(image.starts_with("<svg xmlns"));
        assert!(image.ends_with("</svg>\n"));
    }
}
