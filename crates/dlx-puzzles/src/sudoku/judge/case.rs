//! What the judge problems share: a case read from the input, what the judge asks of it, and
//! the reply printed for it.

use crate::sudoku::Shape;

/// One test case of a judge input, in the terms of the Sudoku model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The case's number in its input, from 1.
    pub number: usize,
    /// The 1-based line where the case starts.
    pub line: usize,
    /// Its shape: standard boxes, or the jigsaw regions of HDU 4069.
    pub shape: Shape,
    /// The givens, row by row: `0` for an empty cell, `1..=n` for a value.
    pub cells: Vec<u16>,
}

/// What a judge problem asks of each case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Question {
    /// Any solution: the problem promises one (and usually exactly one), or accepts any.
    Solve,
    /// Whether there are none, one or more solutions, with the solution when it is unique.
    Verdict,
}

/// What is printed for a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A solution: `n * n` values `1..=n`, row by row.
    Solution(Vec<u16>),
    /// The case has no solution (a direct clash of givens included).
    NoSolution,
    /// The case has more than one solution (only asked by [`Question::Verdict`]).
    Multiple,
}
