//! One puzzle as text in, its answer as text out, in one call: [`solve`], [`check`], [`count`].
//!
//! The text may be in any format the [reader](super::format::Reader) detects (a line, a block
//! with or without rules, a JSON object, a jigsaw layout after the grid), of any shape; the
//! solution comes back in the layout the puzzle came in. [`answer`] does the same with shape
//! options and a [`Stop`].
//!
//! A text whose first line is a variant puzzle ([`variant::looks_like`]: ISS's puzzle strings, the
//! compact killer forms) is read as one: [`solve`], [`check`] and [`count`] answer it through
//! [`variant_answer`], its solution written as one line of values. [`candidates`] gives the true
//! candidates of a puzzle of either kind.
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
use super::variant::{self, iss::IssError, Candidates, Variant};

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
    /// The text looks like a variant puzzle but is not one (line and column in the text).
    #[error(transparent)]
    Variant(#[from] IssError),
    /// A classic puzzle asked for a variant's answer (true candidates) is larger than a
    /// variant's grid may be.
    #[error("line {line}: a {size}x{size} grid is larger than the 16x16 a variant takes")]
    TooLarge {
        /// The puzzle's first line.
        line: usize,
        /// Its side.
        size: usize,
    },
}

impl TextError {
    /// The line of the text the error is about (from 1), when it is about one.
    pub fn line(&self) -> Option<usize> {
        match self {
            TextError::Format(e) => Some(e.line),
            TextError::Variant(e) => Some(e.line),
            TextError::SeveralPuzzles { line }
            | TextError::Shape { line, .. }
            | TextError::Givens { line, .. }
            | TextError::TooLarge { line, .. } => Some(*line),
            TextError::NoPuzzle | TextError::Stopped(_) => None,
        }
    }

    /// The column of the text the error is about (from 1, in characters), when it is about one.
    pub fn column(&self) -> Option<usize> {
        match self {
            TextError::Format(e) => Some(e.column),
            TextError::Variant(e) => Some(e.column),
            TextError::SeveralPuzzles { .. }
            | TextError::Shape { .. }
            | TextError::Givens { .. }
            | TextError::TooLarge { .. } => Some(1),
            TextError::NoPuzzle | TextError::Stopped(_) => None,
        }
    }
}

/// The first solution of the puzzle in `text`, written in the layout it came in (a line for a
/// line, a block for a block, a JSON object with `"solution"` for a JSON object; a variant's as
/// one line of values); `None` when it has no solution (givens that clash directly included).
pub fn solve(text: &str) -> Result<Option<String>, TextError> {
    if is_variant(text) {
        let (size, answer) = variant_answer(text, Question::Solve, &Stop::new())?;
        return Ok(write_variant(size, &answer));
    }
    let (puzzle, answer) = answer(text, Question::Solve, &Overrides::default(), &Stop::new())?;
    Ok(match answer {
        Answer::NoSolution => None,
        answer => Some(format::write_answer(&puzzle, &answer).into_owned()),
    })
}

/// Whether the puzzle in `text` has no solution, one, or more.
pub fn check(text: &str) -> Result<Verdict, TextError> {
    let answer = if is_variant(text) {
        variant_answer(text, Question::Check, &Stop::new())?.1
    } else {
        answer(text, Question::Check, &Overrides::default(), &Stop::new())?.1
    };
    match answer {
        Answer::Verdict(verdict) => Ok(verdict),
        _ => unreachable!("a check is answered with a verdict"),
    }
}

/// The number of solutions of the puzzle in `text`, counting no further than `limit` when given
/// (a count equal to the limit may stand for more).
pub fn count(text: &str, limit: Option<u64>) -> Result<u64, TextError> {
    let question = Question::Count(limit);
    let answer = if is_variant(text) {
        variant_answer(text, question, &Stop::new())?.1
    } else {
        answer(text, question, &Overrides::default(), &Stop::new())?.1
    };
    match answer {
        Answer::Count { count, .. } => Ok(count),
        _ => unreachable!("a count is answered with a count"),
    }
}

/// Whether `text` holds a variant puzzle: its first line that is neither blank nor a `#`
/// comment [looks like](variant::looks_like) one.
pub fn is_variant(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#'))
        .is_some_and(variant::looks_like)
}

/// The answer to `question` about the variant puzzle in `text` ([`variant::read`]), the search
/// bounded by `stop`, with the grid's side; write a solution with [`write_variant`].
pub fn variant_answer(
    text: &str,
    question: Question,
    stop: &Stop,
) -> Result<(usize, Answer), TextError> {
    let puzzle = variant::read(text)?;
    let limit = match question {
        Question::Solve => 1,
        Question::Check => 2,
        Question::Count(limit) => limit.unwrap_or(u64::MAX),
    };
    let run = puzzle.run(limit, stop);
    if let Some(reason) = run.stopped {
        return Err(TextError::Stopped(reason));
    }
    let answer = match question {
        Question::Solve => run.first.map_or(Answer::NoSolution, |values| {
            Answer::Solution(values.into_iter().map(u16::from).collect())
        }),
        Question::Check => Answer::Verdict(
            [Verdict::None, Verdict::Unique, Verdict::Multiple][run.found.min(2) as usize],
        ),
        Question::Count(_) => Answer::Count {
            count: run.found,
            capped: run.found >= limit,
        },
    };
    Ok((puzzle.shape().size(), answer))
}

/// A variant's solution (from [`variant_answer`]) as one line of values, `None` for any other
/// answer.
pub fn write_variant(size: usize, answer: &Answer) -> Option<String> {
    match answer {
        Answer::Solution(values) => {
            let values: Vec<u8> = values.iter().map(|&v| v as u8).collect();
            Some(format!("{}\n", variant::write_values(size, &values)))
        }
        _ => None,
    }
}

/// The true candidates ([`Variant::candidates`]) of the puzzle in `text`, counted up to `limit`:
/// a variant puzzle, or a classic one in any format the reader takes (as a variant with no
/// constraints, up to 16x16); with the puzzle, whose shape draws them. A stopped run is an
/// answer, not an error: [`Candidates::stopped`] says it.
pub fn candidates(text: &str, limit: u64, stop: &Stop) -> Result<(Variant, Candidates), TextError> {
    let puzzle = if is_variant(text) {
        variant::read(text)?
    } else {
        let puzzle = one_puzzle(text)?;
        let line = puzzle.line;
        let shape = Overrides::default()
            .shape_of(&puzzle)
            .map_err(|error| TextError::Shape { line, error })?;
        let size = shape.size();
        if size > 16 {
            return Err(TextError::TooLarge { line, size });
        }
        // Givens that clash directly give no candidates, as they give no solution.
        match shape.check_givens(&puzzle.cells) {
            Ok(()) | Err(GivensError::Clash(_)) => {}
            Err(error) => return Err(TextError::Givens { line, error }),
        }
        let givens = puzzle.cells.iter().map(|&v| v as u8).collect();
        Variant::new(shape, givens, Vec::new())
    };
    let found = puzzle.candidates(limit, stop);
    Ok((puzzle, found))
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
    fn variants_are_read_as_variants() {
        let killer = ".Shape~4x4.Cage~3~R1C1~R1C2.Cage~5~R2C1~R3C1.Cage~5~R2C2~R2C3\
                      .Cage~7~R3C3~R3C4.Cage~3~R4C3~R4C4.Cage~6~R1C4~R2C4.Cage~7~R4C1~R4C2";
        assert!(is_variant(&format!("# a comment\n\n{killer}")));
        assert!(!is_variant(UNIQUE));
        let solution = solve(killer).unwrap().unwrap();
        let values: Vec<u8> = solution.trim_end().bytes().map(|b| b - b'0').collect();
        assert_eq!(
            variant::read(killer).unwrap().check_solution(&values),
            Ok(())
        );
        assert_eq!(check(killer), Ok(Verdict::Unique));
        let open = ".Shape~4x4.Cage~3~R1C1~R1C2";
        assert_eq!(check(open), Ok(Verdict::Multiple));
        assert_eq!(count(open, Some(5)), Ok(5));
        let clash = ".Shape~4x4.~R1C1_1~R1C2_1";
        assert_eq!((solve(clash), count(clash, None)), (Ok(None), Ok(0)));
        let bad = check("# x\n.Shape~4x4.Cage~3~R1C1~Rzz").unwrap_err();
        assert_eq!((bad.line(), bad.column()), (Some(2), Some(24)));
    }

    #[test]
    fn candidates_of_either_kind() {
        // A classic 4x4 as a block: two rows given, four solutions.
        let (puzzle, found) = candidates("1234\n3412\n....\n....\n", 9, &Stop::new()).unwrap();
        assert_eq!(puzzle.shape().size(), 4);
        assert!(found.every_solution);
        assert_eq!(found.per_cell[15], [(1, 2), (3, 2)]);
        let (_, found) = candidates(".Shape~4x4.~R1C1_1~R1C2_1", 1, &Stop::new()).unwrap();
        assert!(found.is_empty());
        assert!(matches!(
            candidates(&".".repeat(625), 1, &Stop::new()),
            Err(TextError::TooLarge { size: 25, .. })
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
