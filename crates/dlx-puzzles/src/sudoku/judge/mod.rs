//! The classic online-judge Sudoku problems, byte for byte: each problem's input read into
//! [`Case`]s (a [`Shape`](crate::sudoku::Shape) and its cells), solved with the same
//! [`Solver`](crate::sudoku::Solver) as any other puzzle, and each reply printed exactly as the
//! judge expects it.
//!
//! | problem | input | reply |
//! |---|---|---|
//! | [`poj2676`] | `T`, then 9 rows of 9 digits per case, `0` empty | the grid |
//! | [`poj3074`] | one 81-cell line per case, `.` empty, until `end` | one line |
//! | [`poj3076`] (= LA 2659) | 16x16 grids of `A`-`P`, `-` empty, until the end | grids, blank line between |
//! | AcWing 169 | as POJ 3076 | grids, blank line after each |
//! | [`spoj_sudoku`] | `K`, then 16x16 grids as POJ 3076 | grids, blank line between |
//! | [`hdu4069`] | `T`, then 81 numbers per case: digit + wall bits | `Case k:`, then the grid, `No solution` or `Multiple Solutions` |
//! | [`hdu3111`] | `T`, then 9 rows of `1`-`9` and `?`, `---` between cases | the grid or `impossible`, `---` between |
//!
//! Every input is read as whitespace-separated tokens, like a judge's `scanf`: CRLF line
//! endings, blank lines, trailing blanks and a missing final newline make no difference. Each
//! module documents what else it tolerates. A malformed input is a
//! [`FormatError`] with its line, column and what was expected there; reading stops there, and
//! the cases before it are still answered ([`run`]).
//!
//! Where a judge promises that every case has a solution and so defines no reply for a case
//! without one (all but HDU 4069 and HDU 3111), the line `no solution` is printed in place of
//! the grid, as `dlx solve` does; [`Summary::unsolved`] counts these cases. A case with several
//! solutions gets the first one found, except in HDU 4069, which asks for the verdict.
//!
//! ```
//! use dlx_puzzles::sudoku::judge::{run, Problem};
//!
//! let input = "1\n103000509\n002109400\n000704000\n300502006\n060000050\n\
//!              700803004\n000401000\n009205800\n804000107\n";
//! let problem: Problem = "poj2676".parse().unwrap();
//! let mut out = Vec::new();
//! let summary = run(problem, input.as_bytes(), &mut out).unwrap();
//! assert_eq!(summary.cases, 1);
//! assert!(out.starts_with(b"143628579\n572139468\n"));
//! ```

mod case;
mod cases;
mod grid;
pub mod hdu3111;
pub mod hdu4069;
pub mod poj2676;
pub mod poj3074;
pub mod poj3076;
mod run;
pub mod spoj_sudoku;
mod tokens;

use std::fmt;
use std::io::{self, BufRead, Write};
use std::str::FromStr;

pub use case::{Case, Question, Reply};
pub use run::{run, run_noting, run_with, run_within, Judge, JudgeError, Summary};

use crate::sudoku::format::FormatError;

/// A judge problem that `dlx judge` answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Problem {
    /// POJ 2676: counted 9x9 grids of digits.
    Poj2676,
    /// POJ 3074: 81-cell lines until `end`.
    Poj3074,
    /// POJ 3076 (= UVa 1309, ZOJ 3122): 16x16 letter grids until the end of the input.
    Poj3076,
    /// LA 2659: the same problem as POJ 3076.
    La2659,
    /// AcWing 169: POJ 3076 with an empty line after every solution.
    Acwing169,
    /// HDU 4069 Squiggly Sudoku: wall-encoded jigsaw grids, with verdicts.
    Hdu4069,
    /// HDU 3111: counted grids with `?` and `---`, `impossible` when unsolvable.
    Hdu3111,
    /// SPOJ SUDOKU: counted 16x16 letter grids.
    SpojSudoku,
}

impl Problem {
    /// Every problem, in the order `dlx judge --list` shows them.
    pub const ALL: [Problem; 8] = [
        Problem::Poj2676,
        Problem::Poj3074,
        Problem::Poj3076,
        Problem::La2659,
        Problem::Acwing169,
        Problem::Hdu4069,
        Problem::Hdu3111,
        Problem::SpojSudoku,
    ];

    /// The name on the command line: `poj2676`, ..., `spoj-sudoku`.
    pub fn name(self) -> &'static str {
        match self {
            Problem::Poj2676 => "poj2676",
            Problem::Poj3074 => "poj3074",
            Problem::Poj3076 => "poj3076",
            Problem::La2659 => "la2659",
            Problem::Acwing169 => "acwing169",
            Problem::Hdu4069 => "hdu4069",
            Problem::Hdu3111 => "hdu3111",
            Problem::SpojSudoku => "spoj-sudoku",
        }
    }

    /// A one-line description: the input, and what is printed.
    pub fn summary(self) -> &'static str {
        match self {
            Problem::Poj2676 => {
                "POJ 2676: T, then 9 rows of 9 digits per grid (0 empty); prints each solution"
            }
            Problem::Poj3074 => {
                "POJ 3074: one 81-cell line per puzzle (. empty) until `end`; prints one line each"
            }
            Problem::Poj3076 => {
                "POJ 3076 / UVa 1309: 16x16 grids of A-P (- empty); solutions with a blank line \
                 between"
            }
            Problem::La2659 => "LA 2659: the same problem as poj3076",
            Problem::Acwing169 => "AcWing 169: as poj3076, with a blank line after each solution",
            Problem::Hdu4069 => {
                "HDU 4069 Squiggly Sudoku: T, then 81 numbers per grid (digit + wall bits); \
                 `Case k:` and the solution, `No solution` or `Multiple Solutions`"
            }
            Problem::Hdu3111 => {
                "HDU 3111: T, then 9 rows per grid (? empty), `---` between; each solution or \
                 `impossible`"
            }
            Problem::SpojSudoku => {
                "SPOJ SUDOKU: K, then K 16x16 grids of A-P (- empty); solutions with a blank \
                 line between"
            }
        }
    }

    /// What the judge asks of each case.
    pub fn question(self) -> Question {
        match self {
            Problem::Hdu4069 => Question::Verdict,
            _ => Question::Solve,
        }
    }

    /// Whether the judge defines the reply to a case without solution (`No solution`,
    /// `impossible`); elsewhere such a case is outside the problem's promise.
    pub fn replies_no_solution(self) -> bool {
        matches!(self, Problem::Hdu4069 | Problem::Hdu3111)
    }

    /// The cases of `input`, read as they are needed; after an error, nothing more.
    pub fn cases<'a, R: BufRead + 'a>(
        self,
        input: R,
    ) -> Box<dyn Iterator<Item = Result<Case, FormatError>> + 'a> {
        match self {
            Problem::Poj2676 => Box::new(poj2676::cases(input)),
            Problem::Poj3074 => Box::new(poj3074::cases(input)),
            Problem::Poj3076 | Problem::La2659 | Problem::Acwing169 => {
                Box::new(poj3076::cases(input))
            }
            Problem::Hdu4069 => Box::new(hdu4069::cases(input)),
            Problem::Hdu3111 => Box::new(hdu3111::cases(input)),
            Problem::SpojSudoku => Box::new(spoj_sudoku::cases(input)),
        }
    }

    /// Writes the reply to case `number` (from 1), with the separator the judge puts before or
    /// after it.
    pub fn write_reply<W: Write + ?Sized>(
        self,
        out: &mut W,
        number: usize,
        reply: &Reply,
    ) -> io::Result<()> {
        match self {
            Problem::Poj2676 => poj2676::write_reply(out, number, reply),
            Problem::Poj3074 => poj3074::write_reply(out, number, reply),
            Problem::Poj3076 | Problem::La2659 => poj3076::write_reply(out, number, reply),
            Problem::Acwing169 => poj3076::write_reply_after_each(out, number, reply),
            Problem::Hdu4069 => hdu4069::write_reply(out, number, reply),
            Problem::Hdu3111 => hdu3111::write_reply(out, number, reply),
            Problem::SpojSudoku => spoj_sudoku::write_reply(out, number, reply),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A problem name that is not one of [`Problem::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown problem `{name}` (expected one of: {})", known_names())]
pub struct UnknownProblem {
    /// The name given.
    pub name: String,
}

fn known_names() -> String {
    let names: Vec<&str> = Problem::ALL.iter().map(|p| p.name()).collect();
    names.join(", ")
}

impl FromStr for Problem {
    type Err = UnknownProblem;

    /// Reads a problem name, ignoring case and treating `_` as `-` (`SPOJ_SUDOKU`).
    fn from_str(name: &str) -> Result<Problem, UnknownProblem> {
        let wanted = name.trim().to_ascii_lowercase().replace('_', "-");
        Problem::ALL
            .into_iter()
            .find(|p| p.name() == wanted)
            .ok_or_else(|| UnknownProblem {
                name: name.to_string(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_list_the_known() {
        for problem in Problem::ALL {
            assert_eq!(problem.name().parse::<Problem>(), Ok(problem));
            assert!(!problem.summary().is_empty());
        }
        assert_eq!("SPOJ_sudoku".parse::<Problem>(), Ok(Problem::SpojSudoku));
        let err = "poj1".parse::<Problem>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown problem `poj1` (expected one of: poj2676, poj3074, poj3076, la2659, \
             acwing169, hdu4069, hdu3111, spoj-sudoku)"
        );
    }

    /// What `problem` answers to `input`: the summary and the output.
    fn answer(problem: Problem, input: &str) -> (Summary, String) {
        let mut out = Vec::new();
        let summary = run(problem, input.as_bytes(), &mut out).unwrap();
        (summary, String::from_utf8(out).unwrap())
    }

    fn summary(cases: usize, unsolved: usize) -> Summary {
        Summary { cases, unsolved }
    }

    #[test]
    fn runs_answer_the_cases_before_an_error() {
        let row = "103000509\n";
        let input = format!(
            "1\n{row}002109400\n000704000\n300502006\n060000050\n700803004\n000401000\n\
             009205800\n804000107\n"
        );
        let (first, out) = answer(Problem::Poj2676, &input);
        assert_eq!(first, summary(1, 0));
        let doubled = format!("2\n{}{}", &input[2..], &input[2..52]);
        let mut again = Vec::new();
        let err = run(Problem::Poj2676, doubled.as_bytes(), &mut again).unwrap_err();
        assert_eq!(again, out.as_bytes());
        assert_eq!(
            err.to_string(),
            "line 15, column 10: expected row 6 of case 2 (9 cells), found the end of the input"
        );
    }

    #[test]
    fn unsolvable_cases_are_counted_where_the_judge_has_no_reply_for_them() {
        // Two 1s in the first row: a direct clash.
        let input = format!("113{}\nend\n", ".".repeat(78));
        assert_eq!(
            answer(Problem::Poj3074, &input),
            (summary(1, 1), "no solution\n".to_string())
        );
        let input = format!("1\n113??????\n{}", "?????????\n".repeat(8));
        assert_eq!(
            answer(Problem::Hdu3111, &input),
            (summary(1, 0), "impossible\n".to_string())
        );
    }
}
