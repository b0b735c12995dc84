//! What the puzzles read so far tell about the next ones of the same input: their alphabet
//! (settles a grid that reads in two alphabets) and their layout and size (settles a line that
//! could start a block or be a puzzle by itself).

use crate::sudoku::{Alphabet, Layout, Puzzle};

/// Whether a puzzle was a line or a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// One puzzle per line.
    Line,
    /// A block of lines.
    Block,
}

/// The memory of one input.
#[derive(Clone, Debug, Default)]
pub(crate) struct Memory {
    alphabets: Vec<(usize, Alphabet)>,
    last: Option<(Kind, usize)>,
}

impl Memory {
    /// The character alphabet of the last puzzle of side `n`, if any.
    pub(crate) fn alphabet(&self, n: usize) -> Option<Alphabet> {
        self.alphabets
            .iter()
            .find(|(size, _)| *size == n)
            .map(|(_, a)| *a)
    }

    /// The kind and side of the last puzzle.
    pub(crate) fn last(&self) -> Option<(Kind, usize)> {
        self.last
    }

    /// Remembers a puzzle that was read.
    pub(crate) fn remember(&mut self, puzzle: &Puzzle) {
        let (kind, alphabet) = match &puzzle.layout {
            Layout::Line { alphabet } => (Kind::Line, Some(*alphabet)),
            Layout::Block { alphabet, .. } => (Kind::Block, Some(*alphabet)),
            Layout::Json => {
                self.last = None;
                return;
            }
        };
        self.last = Some((kind, puzzle.size));
        if let Some(a) = alphabet.filter(|a| *a != Alphabet::Numbers) {
            match self.alphabets.iter_mut().find(|(n, _)| *n == puzzle.size) {
                Some(entry) => entry.1 = a,
                None => self.alphabets.push((puzzle.size, a)),
            }
        }
    }
}
