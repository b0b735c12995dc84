//! Stopping a long search from outside it: a time limit (`--timeout`) or Ctrl-C.
//!
//! Both raise one process-wide flag, which searches look at only between slices of a few
//! thousand nodes (never inside the hot loop); a search that sees it raised stops and reports
//! what it found, and [`reason`] tells which of the two stopped it. The time limit is kept by a
//! timer thread, so the searches never read the clock.

use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::time::Duration;

use anyhow::{Context, Result};
use dlx_puzzles::sudoku::Limits;

/// Raised when a search must stop: the time limit passed, or Ctrl-C was pressed.
pub static FLAG: AtomicBool = AtomicBool::new(false);

/// Why [`FLAG`] was raised: one of the `Reason` values as a number, 0 while it is not.
static WHY: AtomicU8 = AtomicU8::new(0);

/// Why a search was stopped from outside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The time limit of `--timeout` passed.
    Timeout,
    /// Ctrl-C (SIGINT) was received.
    Interrupt,
}

/// The process exit code after an interrupt: 128 plus SIGINT's number, as shells report it.
pub const INTERRUPTED_EXIT: u8 = 130;

/// Records `reason` (the first one wins) and raises the flag.
fn raise(reason: Reason) {
    let code = match reason {
        Reason::Timeout => 1,
        Reason::Interrupt => 2,
    };
    let _ = WHY.compare_exchange(0, code, Ordering::SeqCst, Ordering::SeqCst);
    FLAG.store(true, Ordering::SeqCst);
}

/// Why the flag was raised, if it was.
pub fn reason() -> Option<Reason> {
    match WHY.load(Ordering::SeqCst) {
        1 => Some(Reason::Timeout),
        2 => Some(Reason::Interrupt),
        _ => None,
    }
}

/// Raises the flag once `limit` has passed, from a timer thread (which dies with the process).
pub fn arm_timeout(limit: Duration) {
    std::thread::spawn(move || {
        std::thread::sleep(limit);
        raise(Reason::Timeout);
    });
}

/// Makes Ctrl-C raise the flag instead of killing the process, so that the search stops at its
/// next check and prints what it found. A second Ctrl-C, when the first has not been acted on,
/// ends the process at once with the interrupted exit code.
///
/// Only commands whose search looks at the flag may call this: elsewhere Ctrl-C would be lost.
pub fn catch_interrupt() -> Result<()> {
    ctrlc::set_handler(|| {
        if reason() == Some(Reason::Interrupt) {
            std::process::exit(i32::from(INTERRUPTED_EXIT));
        }
        raise(Reason::Interrupt);
    })
    .context("cannot catch Ctrl-C")
}

/// Parses `--timeout SECONDS`: a positive number of seconds, fractions allowed.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds (e.g. 10 or 0.5)"))?;
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(format!(
            "the time limit must be above 0 seconds, not {text}"
        ));
    }
    Duration::try_from_secs_f64(seconds).map_err(|_| format!("`{text}` seconds is too long"))
}

/// A duration as the user wrote it, for messages: `2s`, `0.5s`.
pub fn describe(limit: Duration) -> String {
    format!("{}s", limit.as_secs_f64())
}

/// The limit of a Sudoku search that ran out, for messages: the time limit `timeout` once the
/// deadline of `limits` has passed, else the node budget.
pub fn spent_limit(limits: &Limits, timeout: Option<Duration>) -> String {
    match (timeout, limits.nodes) {
        (Some(limit), _) if limits.past_deadline() => {
            format!("the time limit of {}", describe(limit))
        }
        (_, Some(nodes)) => format!("the budget of {nodes} nodes"),
        _ => "a limit".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_are_positive_numbers() {
        assert_eq!(parse_seconds("2"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_seconds("0.25"), Ok(Duration::from_millis(250)));
        assert!(parse_seconds("0").is_err());
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("NaN").is_err());
        assert!(parse_seconds("1e300").is_err());
        assert!(parse_seconds("soon").is_err());
        assert_eq!(describe(Duration::from_millis(1500)), "1.5s");
    }
}
