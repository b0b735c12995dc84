//! The shape options that `dlx solve`, `dlx explain`, `dlx hint`, `dlx rate` and `dlx generate`
//! share: how they are parsed and what they give the library; and the options of a run over
//! many puzzles that `dlx solve` and explain/hint/rate share.

use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::{Args, ValueEnum};
use dlx_core::quote::quote;
use dlx_puzzles::sudoku::format::{self, ReadOptions};
use dlx_puzzles::sudoku::shape::MAX_SIZE;
use dlx_puzzles::sudoku::{Alphabet, Extra, Overrides};

use crate::input::read_with;
use crate::values;

// `--size`, `--boxes`, `--regions` and `--extra`.
#[derive(Args, Debug)]
pub struct ShapeArgs {
    /// The side of the grid, when it cannot be told from the input (at most 100).
    #[arg(long, value_name = "N", value_parser = parse_size)]
    pub size: Option<usize>,
    /// Boxes of R rows by C columns (e.g. `2x3` for 6x6).
    #[arg(long, value_name = "RxC", value_parser = parse_boxes, conflicts_with = "regions")]
    pub boxes: Option<(usize, usize)>,
    /// A jigsaw layout: one symbol per cell, row by row, equal symbols for one region.
    #[arg(long, value_name = "FILE")]
    pub regions: Option<PathBuf>,
    /// Extra regions that need every value once: `x` (the two main diagonals), `windoku` (the
    /// Windoku windows), or a FILE laid out like --regions with `.` for cells outside them.
    /// May be repeated.
    #[arg(long, value_name = "x|windoku|FILE")]
    pub extra: Vec<String>,
}

impl ShapeArgs {
    /// The shape options, applied to every puzzle's own shape hint; the files they name are
    /// read once for every puzzle of a run, and an error that comes of one names it.
    pub fn overrides(&self) -> Result<Overrides> {
        Ok(Overrides {
            boxes: self.boxes,
            regions: self.regions()?,
            extra: extras(&self.extra)?,
        })
    }

    /// The layout of `--regions FILE`, with the words that name it in messages.
    pub fn regions(&self) -> Result<Option<(Vec<u16>, String)>> {
        self.regions
            .as_deref()
            .map(|path| {
                Ok((
                    read_with(path, format::read_layout)?,
                    format!("--regions {}", path.display()),
                ))
            })
            .transpose()
    }

    /// Whether a puzzle's region layout may follow it on its line (no option gives the shape).
    pub fn line_layouts(&self) -> bool {
        self.regions.is_none() && self.boxes.is_none()
    }
}

// The shape options with `--alphabet`: how puzzles are read.
#[derive(Args, Debug)]
pub struct ReadArgs {
    /// The shape options.
    #[command(flatten)]
    pub shape: ShapeArgs,
    /// The symbols for values, when the input does not make them clear.
    #[arg(long, value_enum)]
    pub alphabet: Option<AlphabetArg>,
}

impl ReadArgs {
    /// What the format reader is told.
    pub fn options(&self) -> ReadOptions {
        ReadOptions {
            size: self.shape.size,
            alphabet: self.alphabet.map(Alphabet::from),
        }
    }
}

// `--threads` and `--quiet`: how a command works on many puzzles.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// Threads that solve puzzles (default: all cores); answers keep the input order.
    #[arg(long, value_name = "N", value_parser = values::parse_threads)]
    pub threads: Option<NonZeroUsize>,
    /// No progress bar (it is shown only on a terminal, for runs longer than a second).
    #[arg(long, short)]
    pub quiet: bool,
}

/// The `--alphabet` choices.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum AlphabetArg {
    /// `1`-`9`, then `A`, `B`, … for 10, 11, …
    OneBased,
    /// `0`-`9`, then `A`, `B`, … with `0` a value (empty cells are `.`).
    ZeroBased,
    /// `A`, `B`, … for 1, 2, …
    Letters,
    /// Numbers separated by blanks.
    Numbers,
}

impl From<AlphabetArg> for Alphabet {
    fn from(arg: AlphabetArg) -> Alphabet {
        match arg {
            AlphabetArg::OneBased => Alphabet::OneBased,
            AlphabetArg::ZeroBased => Alphabet::ZeroBased,
            AlphabetArg::Letters => Alphabet::Letters,
            AlphabetArg::Numbers => Alphabet::Numbers,
        }
    }
}

/// Parses `--size`: a side from 1 to the largest grid solved.
pub fn parse_size(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n @ 1..=MAX_SIZE) => Ok(n),
        Ok(n) if n > MAX_SIZE => Err(format!(
            "a {n}x{n} grid is too large (at most {MAX_SIZE}x{MAX_SIZE})"
        )),
        _ => Err(format!(
            "{} is not a grid side (1 to {MAX_SIZE})",
            quote(text)
        )),
    }
}

/// Parses `--boxes RxC`.
pub fn parse_boxes(text: &str) -> Result<(usize, usize), String> {
    let parsed = text
        .split_once(['x', 'X'])
        .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)));
    match parsed {
        Some((r, c)) if r > 0 && c > 0 => Ok((r, c)),
        _ => Err(format!("{} is not RxC (e.g. 3x3 or 2x4)", quote(text))),
    }
}

/// The extra regions of `--extra` options: `x`, `windoku` or a file of cell sets.
pub fn extras(specs: &[String]) -> Result<Vec<Extra>> {
    let mut extra = Vec::new();
    for spec in specs {
        extra.push(match Extra::named(&spec.to_ascii_lowercase()) {
            Some(named) => named,
            None => {
                values::named_or_file(
                    "extra",
                    spec,
                    "x (the two main diagonals), windoku (the Windoku windows) or a file of \
                     cell sets",
                )?;
                Extra::Cells {
                    regions: read_with(Path::new(spec), format::read_cell_sets)?,
                    origin: format!("--extra {spec}"),
                }
            }
        });
    }
    Ok(extra)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_are_rows_by_columns() {
        assert_eq!(parse_boxes("2x3"), Ok((2, 3)));
        assert_eq!(parse_boxes("3X4"), Ok((3, 4)));
        assert!(parse_boxes("3").is_err());
        assert!(parse_boxes("0x3").is_err());
        assert!(parse_boxes("axb").is_err());
    }

    #[test]
    fn sizes_stop_at_the_largest_grid() {
        assert_eq!(parse_size("9"), Ok(9));
        assert_eq!(parse_size("100"), Ok(100));
        assert_eq!(
            parse_size("1000"),
            Err("a 1000x1000 grid is too large (at most 100x100)".to_string())
        );
        assert!(parse_size("0").is_err());
        assert!(parse_size("x").is_err());
    }
}
