//! One puzzle as text in, its answer as text out, in one call: [`solve`], [`check`], [`count`].
//!
//! The text may be in any format the [reader](super::format::Reader) detects (a line, a block
//! with or without rules, a JSON object, a jigsaw layout after the grid), of any shape; the
//! solution comes back in the layout the puzzle came in. [`answer`] does the same with shape
//! options and a [`Stop`].
//!
//! ```
//! use dlx_puzzles::sudoku::{self, Verdict};
//!
//! let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let solution = sudoku::solve(puzzle).unwrap().unwrap();
//! assert_eq!(solution, "417369825632158947958724316825437169791586432346912758289643571573291684164875293\n");
//! assert_eq!(sudoku::check(puzzle).unwrap(), Verdict::Unique);
//! assert_eq!(sudoku::check(&".".repeat(81)).unwrap(), Verdict::Multiple);
//! ```

use std::io::BufReader;

use dlx_core::{Stop, StopReason};
use thiserror::Error;

use super::format::{self, FormatError, ReadOptions, Reader};
use super::givens::GivensError;
use super::overrides::{OverrideError, Overrides};
use super::puzzle::{Answer, Puzzle, Verdict};
use super::solver::Solver;

/// Why a puzzle given as text could not be answered.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TextError {
    /// The text is not a puzzle: where, and what was expected.
    #[error(transparent)]
    Format(#[from] FormatError),
    /// The text holds no puzzle.
    #[error("no puzzle in the text")]
    NoPuzzle,
    /// The text holds more than one puzzle (answer them with [`batch`](super::batch)).
    #[error("line {line}: a second puzzle; give one puzzle at a time")]
    SeveralPuzzles {
        /// The line where the second puzzle starts.
        line: usize,
    },
    /// The puzzle's shape cannot be built (with the options given).
    #[error("line {line}: {error}")]
    Shape {
        /// The puzzle's first line.
        line: usize,
        /// What is wrong with the shape.
        error: OverrideError,
    },
    /// The givens do not fit the shape (a wrong length or value; givens that clash directly
    /// give no solution instead).
    #[error("line {line}: {error}")]
    Givens {
        /// The puzzle's first line.
        line: usize,
        /// What is wrong with the givens.
        error: GivensError,
    },
    /// The [`Stop`] stopped the search before the answer was known.
    #[error("the search was stopped ({0:?}) before the answer was known")]
    Stopped(StopReason),
}

impl TextError {
    /// The line of the text the error is about (from 1), when it is about one.
    pub fn line(&self) -> Option<usize> {
        match self {
            TextError::Format(e) => Some(e.line),
            TextError::SeveralPuzzles { line }
            | TextError::Shape { line, .. }
            | TextError::Givens { line, .. } => Some(*line),
            TextError::NoPuzzle | TextError::Stopped(_) => None,
        }
    }

    /// The column of the text the error is about (from 1, in characters), when it is about one.
    pub fn column(&self) -> Option<usize> {
        match self {
            TextError::Format(e) => Some(e.column),
            TextError::SeveralPuzzles { .. }
            | TextError::Shape { .. }
            | TextError::Givens { .. } => Some(1),
            TextError::NoPuzzle | TextError::Stopped(_) => None,
        }
    }
}

/// The first solution of the puzzle in `text`, written in the layout it came in (a line for a
/// line, a block for a block, a JSON object with `"solution"` for a JSON object); `None` when it
/// has no solution (givens that clash directly included).
pub fn solve(text: &str) -> Result<Option<String>, TextError> {
    let (puzzle, answer) = answer(text, Question::Solve, &Overrides::default(), &Stop::new())?;
    Ok(match answer {
        Answer::NoSolution => None,
        answer => Some(format::write_answer(&puzzle, &answer).into_owned()),
    })
}

/// Whether the puzzle in `text` has no solution, one, or more.
pub fn check(text: &str) -> Result<Verdict, TextError> {
    match answer(text, Question::Check, &Overrides::default(), &Stop::new())?.1 {
        Answer::Verdict(verdict) => Ok(verdict),
        _ => unreachable!("a check is answered with a verdict"),
    }
}

/// The number of solutions of the puzzle in `text`, counting no further than `limit` when given
/// (a count equal to the limit may stand for more).
pub fn count(text: &str, limit: Option<u64>) -> Result<u64, TextError> {
    let question = Question::Count(limit);
    match answer(text, question, &Overrides::default(), &Stop::new())?.1 {
        Answer::Count { count, .. } => Ok(count),
        _ => unreachable!("a count is answered with a count"),
    }
}

/// What [`answer`] is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// The first solution.
    Solve,
    /// The number of solutions, up to a limit when given.
    Count(Option<u64>),
    /// None, one, or more.
    Check,
}

/// The puzzle in `text` and the answer to `question`, with shape options applied and the search
/// bounded by `stop`; write the answer with [`format::write_answer`].
pub fn answer(
    text: &str,
    question: Question,
    overrides: &Overrides,
    stop: &Stop,
) -> Result<(Puzzle, Answer), TextError> {
    let puzzle = one_puzzle(text)?;
    let shape = overrides
        .shape_of(&puzzle)
        .map_err(|error| TextError::Shape {
            line: puzzle.line,
            error,
        })?;
    let mut solver = Solver::new(shape);
    solver.set_stop(stop.clone());
    let givens = &puzzle.cells;
    let answer = match question {
        Question::Solve => solver
            .solve(givens)
            .map(|found| found.map_or(Answer::NoSolution, Answer::Solution)),
        Question::Check => solver.verdict(givens).map(Answer::Verdict),
        Question::Count(limit) => solver.count(givens, limit).map(|count| Answer::Count {
            count: count.solutions,
            capped: count.capped,
        }),
    };
    let answer = match answer {
        Ok(answer) => answer,
        // Givens that clash directly: no solution, as on every path.
        Err(GivensError::Clash(_)) => match question {
            Question::Solve => Answer::NoSolution,
            Question::Check => Answer::Verdict(Verdict::None),
            Question::Count(_) => Answer::Count {
                count: 0,
                capped: false,
            },
        },
        Err(error) => {
            return Err(TextError::Givens {
                line: puzzle.line,
                error,
            })
        }
    };
    match solver.stopped() {
        Some(reason) => Err(TextError::Stopped(reason)),
        None => Ok((puzzle, answer)),
    }
}

/// The one puzzle of `text`.
fn one_puzzle(text: &str) -> Result<Puzzle, TextError> {
    let mut reader = Reader::new(BufReader::new(text.as_bytes()), ReadOptions::default());
    let puzzle = reader.next().ok_or(TextError::NoPuzzle)??;
    match reader.next() {
        None => Ok(puzzle),
        Some(Ok(second)) => Err(TextError::SeveralPuzzles { line: second.line }),
        Some(Err(e)) => Err(TextError::SeveralPuzzles { line: e.line }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const UNIQUE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn a_block_comes_back_a_block() {
        let block: String = UNIQUE
            .as_bytes()
            .chunks(9)
            .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
            .collect();
        let solution = solve(&block).unwrap().unwrap();
        assert_eq!(solution.lines().count(), 9);
        assert!(solution.starts_with("417369825\n632158947\n"));
    }

    #[test]
    fn answers_and_errors() {
        assert_eq!(check(UNIQUE), Ok(Verdict::Unique));
        let clash = format!("11{}", &UNIQUE[2..]);
        assert_eq!(solve(&clash), Ok(None));
        assert_eq!(check(&clash), Ok(Verdict::None));
        assert_eq!(count(&clash, None), Ok(0));
        let empty = ".".repeat(16);
        assert_eq!(count(&empty, Some(10)), Ok(10));
        assert_eq!(count(&empty, None), Ok(288));
        assert_eq!(solve(""), Err(TextError::NoPuzzle));
        let two = format!("{UNIQUE}\n\n{UNIQUE}\n");
        assert_eq!(solve(&two), Err(TextError::SeveralPuzzles { line: 3 }));
        let bad = solve("#\n123456789x........\n").unwrap_err();
        assert_eq!((bad.line(), bad.column()), (Some(2), Some(17)));
        let prime = ".".repeat(49);
        assert!(matches!(
            solve(&prime),
            Err(TextError::Shape { line: 1, .. })
        ));
    }

    #[test]
    fn a_stop_is_an_error_not_an_answer() {
        let stop = Stop::new().with_budget(dlx_core::Budget::Nodes(0));
        let empty = ".".repeat(81);
        let stopped = answer(&empty, Question::Count(None), &Overrides::default(), &stop);
        assert_eq!(stopped.unwrap_err(), TextError::Stopped(StopReason::Budget));
    }
}
