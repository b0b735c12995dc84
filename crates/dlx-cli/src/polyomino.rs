//! `dlx polyomino`: cover a board with pieces, each used once, turned and flipped at will.

use dlx_core::quote::quote;
use std::path::Path;

use anyhow::{anyhow, bail, Result};
use clap::Args;
use dlx_puzzles::polyomino::{self, Board, PictureError, Piece, Polyomino};

use crate::input;
use crate::model::ModelArgs;
use crate::values;

// What defines a polyomino problem.
#[derive(Args, Debug)]
pub struct PolyominoModel {
    /// The board: `ROWSxCOLS` for a rectangle (`6x10` has 6 rows of 10 cells), or a file with a
    /// picture of it, `#` for cells and `.` for holes (`-` for standard input).
    #[arg(long, value_name = "ROWSxCOLS|FILE")]
    board: String,
    /// The pieces: `pentominoes` (F I L N P T U V W X Y Z), `tetrominoes` (I L O S T), or a file
    /// drawing pieces, each with its own letter; may be given more than once.
    #[arg(long, value_name = "SET|FILE", default_value = "pentominoes")]
    pieces: Vec<String>,
    /// Keep only one of each set of symmetric placements of this piece, so that solutions are
    /// counted up to the board's rotations and reflections.
    #[arg(long, value_name = "PIECE")]
    restrict: Option<char>,
}

impl ModelArgs for PolyominoModel {
    type Model = Polyomino;

    /// Reads the board and the pieces and builds the model.
    fn build(&self) -> Result<Polyomino> {
        let board = read_board(&self.board)?;
        let mut pieces = Vec::new();
        for spec in &self.pieces {
            pieces.extend(read_pieces(spec)?);
        }
        let area: usize = pieces.iter().map(|p| p.cells().len()).sum();
        if area != board.cells().len() {
            eprintln!(
                "dlx: warning: the pieces cover {area} cells but the board has {}: there can be no solution",
                board.cells().len()
            );
        }
        Ok(Polyomino::new(board, pieces, self.restrict)?)
    }

    fn describe(&self) -> String {
        let mut text = format!("polyomino --board {}", self.board);
        for pieces in &self.pieces {
            text.push_str(&format!(" --pieces {pieces}"));
        }
        if let Some(piece) = self.restrict {
            text.push_str(&format!(" --restrict {piece}"));
        }
        text
    }
}

/// A rectangle for `ROWSxCOLS`, or else the picture in the file of that name.
fn read_board(spec: &str) -> Result<Board> {
    let is_number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if let Some((rows, cols)) = spec
        .split_once('x')
        .filter(|(r, c)| is_number(r) && is_number(c))
    {
        let size = |s: &str| {
            s.parse::<usize>()
                .map_err(|_| anyhow!("board {}: {s} is too large a size", quote(spec)))
        };
        return Ok(Board::rectangle(size(rows)?, size(cols)?)?);
    }
    read_picture(
        "board",
        spec,
        "ROWSxCOLS (a rectangle, e.g. 6x10) or a file with a picture of the board",
        Board::parse,
    )
}

/// A built-in set of pieces, or the pieces drawn in the file of that name.
fn read_pieces(spec: &str) -> Result<Vec<Piece>> {
    match spec {
        "pentominoes" => Ok(polyomino::pentominoes()),
        "tetrominoes" => Ok(polyomino::tetrominoes()),
        "" => bail!("empty --pieces (expected pentominoes, tetrominoes or a file)"),
        _ => read_picture(
            "pieces",
            spec,
            "pentominoes, tetrominoes or a file drawing pieces",
            polyomino::parse_pieces,
        ),
    }
}

/// The picture in the file `spec` names, which `--option` takes when `spec` is none of the
/// `choices`; errors as `FILE:LINE:COLUMN: message`.
fn read_picture<T>(
    option: &str,
    spec: &str,
    choices: &str,
    parse: fn(&str) -> Result<T, PictureError>,
) -> Result<T> {
    values::named_or_file(option, spec, choices)?;
    let input = input::read(Some(Path::new(spec)))?;
    parse(&input.text).map_err(|e| anyhow!("{}:{}:{}: {}", input.name, e.line, e.column, e.kind))
}
