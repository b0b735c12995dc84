//! Shape options given once for many puzzles (boxes, a jigsaw layout, extra regions), applied to
//! each puzzle's own shape hint: what `dlx solve --boxes`, `--regions` and `--extra` give, and a
//! page's shape controls.

use std::fmt;

use thiserror::Error;

use super::puzzle::Puzzle;
use super::shape::{Shape, ShapeError};

/// An extra region that every puzzle gets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Extra {
    /// The two main diagonals (Sudoku X).
    Diagonals,
    /// The Windoku windows.
    Windows,
    /// Cell sets, each a region, as read from a layout; with where they came from, for messages.
    Cells {
        /// The regions, each its cells.
        regions: Vec<Vec<usize>>,
        /// Where they came from (e.g. `--extra FILE`), named in errors.
        origin: String,
    },
}

impl Extra {
    /// The extra regions known by name: `x` (the two main diagonals) and `windoku` (the
    /// windows); `None` for any other name.
    pub fn named(name: &str) -> Option<Extra> {
        match name {
            "x" => Some(Extra::Diagonals),
            "windoku" => Some(Extra::Windows),
            _ => None,
        }
    }
}

/// The shape options applied to every puzzle: each replaces or extends the puzzle's own hint.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overrides {
    /// Boxes of this many rows by columns, in place of the puzzle's own regions.
    pub boxes: Option<(usize, usize)>,
    /// A jigsaw layout (a region id per cell) in place of the puzzle's own regions, and where it
    /// came from (e.g. `--regions FILE`), named in errors.
    pub regions: Option<(Vec<u16>, String)>,
    /// Extra regions added to every puzzle's.
    pub extra: Vec<Extra>,
}

/// A shape that cannot be built for a puzzle with the options given: the shape's error, and the
/// option it came of, when it came of one that names its origin.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct OverrideError {
    /// Where the option that failed came from (`--regions FILE`), if it was such an option.
    pub origin: Option<String>,
    /// What is wrong with the shape.
    #[source]
    pub error: ShapeError,
}

impl fmt::Display for OverrideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.origin {
            Some(origin) => write!(f, "{origin}: {}", self.error),
            None => write!(f, "{}", self.error),
        }
    }
}

impl Overrides {
    /// The shape of `puzzle`: its own hint, overridden and extended by these options.
    pub fn shape_of(&self, puzzle: &Puzzle) -> Result<Shape, OverrideError> {
        let plain = |error| OverrideError {
            origin: None,
            error,
        };
        let from = |origin: &str| {
            let origin = origin.to_string();
            move |error| OverrideError {
                origin: Some(origin),
                error,
            }
        };
        let mut hint = puzzle.shape.clone();
        if let Some(boxes) = self.boxes {
            hint.boxes = Some(boxes);
            hint.regions = None;
        }
        if let Some((regions, _)) = &self.regions {
            hint.regions = Some(regions.clone());
            hint.boxes = None;
        }
        let shape = Shape::from_hint(puzzle.size, &hint);
        let shape = match &self.regions {
            Some((_, origin)) => shape.map_err(from(origin))?,
            None => shape.map_err(plain)?,
        };
        Extra::apply_all(&self.extra, shape)
    }
}

impl Extra {
    /// `shape` with every region of `extras` added, in order.
    pub fn apply_all(extras: &[Extra], mut shape: Shape) -> Result<Shape, OverrideError> {
        for extra in extras {
            shape = extra.apply(shape)?;
        }
        Ok(shape)
    }

    /// `shape` with these extra regions added.
    pub fn apply(&self, shape: Shape) -> Result<Shape, OverrideError> {
        let origin = |origin: Option<&String>| {
            let origin = origin.cloned();
            move |error| OverrideError { origin, error }
        };
        match self {
            Extra::Diagonals => Ok(shape.with_diagonals()),
            Extra::Windows => shape.with_windows().map_err(origin(None)),
            Extra::Cells {
                regions,
                origin: from,
            } => regions
                .iter()
                .try_fold(shape, |shape, cells| shape.with_extra(cells))
                .map_err(origin(Some(from))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::format::{ReadOptions, Reader};

    fn puzzle(text: &str) -> Puzzle {
        Reader::new(text.as_bytes(), ReadOptions::default())
            .next()
            .unwrap()
            .unwrap()
    }

    #[test]
    fn options_replace_and_extend_the_hint() {
        let p = puzzle(&".".repeat(36));
        assert_eq!(
            Overrides::default().shape_of(&p).unwrap().box_size(),
            Some((2, 3))
        );
        let boxes = Overrides {
            boxes: Some((3, 2)),
            extra: vec![Extra::Diagonals],
            ..Overrides::default()
        };
        let shape = boxes.shape_of(&p).unwrap();
        assert_eq!((shape.box_size(), shape.extra().len()), (Some((3, 2)), 2));
        let wrong = Overrides {
            regions: Some((vec![0; 36], "--regions r.txt".to_string())),
            ..Overrides::default()
        };
        let message = wrong.shape_of(&p).unwrap_err().to_string();
        assert!(message.starts_with("--regions r.txt: "), "{message}");
        let windows = Overrides {
            extra: vec![Extra::Windows],
            ..Overrides::default()
        };
        assert_eq!(
            windows.shape_of(&p).unwrap_err().to_string(),
            "windoku windows need a square side (4, 9, 16, ...), not 6"
        );
    }
}
