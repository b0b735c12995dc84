//! How a command ended, and the exit code that says so.

use std::io;
use std::process::ExitCode;

use anyhow::{Context, Result};

/// The overall result of a command; the exit codes are part of the CLI's contract.
///
/// The variants are in order of precedence: a run of many puzzles ends with the largest outcome
/// of any of them, so bad input (2) wins over an unfinished puzzle (3), which wins over a puzzle
/// without solution (1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    /// Everything was solved (exit 0).
    Solved,
    /// Some problem or puzzle has no solution, or with `dlx solve --strict` more than one
    /// (exit 1).
    NoSolution,
    /// The search stopped at its budget before the end: what was printed is correct but may
    /// not be everything (exit 3).
    Unfinished,
    /// Bad usage or bad input (exit 2).
    BadInput,
    /// Ctrl-C stopped the run; what was printed is correct but may not be everything (exit 130,
    /// as a shell reports a process killed by SIGINT).
    Interrupted,
}

impl Outcome {
    /// This outcome, once the output is written: a failed write is an error (`cannot write the
    /// WHAT`), except a closed pipe (`dlx … | head`), which is the reader's choice.
    pub fn after_writing(self, written: io::Result<()>, what: &str) -> Result<Outcome> {
        match written {
            Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
                Err(e).with_context(|| format!("cannot write the {what}"))
            }
            _ => Ok(self),
        }
    }

    /// The process exit code for this outcome.
    pub fn exit_code(self) -> ExitCode {
        ExitCode::from(match self {
            Outcome::Solved => 0,
            Outcome::NoSolution => 1,
            Outcome::BadInput => 2,
            Outcome::Unfinished => 3,
            Outcome::Interrupted => crate::stop::INTERRUPTED_EXIT,
        })
    }
}
