//! Stopping a long search from outside it: a time limit (`--timeout`) or Ctrl-C.
//!
//! Both become a [`Stop`] that the searches look at themselves, every few thousand nodes (never
//! inside the hot loop): the deadline, and a cancel flag that Ctrl-C raises. A search that
//! reaches one stops and says which ([`StopReason`]), and the command reports what it found.

use dlx_core::quote::quote;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use dlx_core::{Cancel, Stop, StopReason};

/// The process exit code after an interrupt: 128 plus SIGINT's number, as shells report it.
pub const INTERRUPTED_EXIT: u8 = 130;

/// The flag Ctrl-C raises, once the handler is installed.
static INTERRUPT: OnceLock<Cancel> = OnceLock::new();

/// The run control of a command: Ctrl-C raises its flag instead of killing the process, and
/// `timeout`, if given, is its deadline from now. A second Ctrl-C, when the first has not been
/// acted on, ends the process at once with the interrupted exit code.
///
/// Only commands whose searches watch the returned `Stop` may call this: elsewhere Ctrl-C would
/// be lost.
pub fn control(timeout: Option<Duration>) -> Result<Stop> {
    let stop = Stop::new().with_cancel(interrupt()?);
    // A limit too far ahead to be an instant is no limit.
    Ok(
        match timeout.and_then(|limit| Instant::now().checked_add(limit)) {
            Some(deadline) => stop.with_deadline(deadline),
            None => stop,
        },
    )
}

/// The flag Ctrl-C raises, installing the handler the first time.
fn interrupt() -> Result<Cancel> {
    if let Some(flag) = INTERRUPT.get() {
        return Ok(flag.clone());
    }
    let flag = Cancel::new();
    let raised = flag.clone();
    ctrlc::set_handler(move || {
        if raised.is_cancelled() {
            std::process::exit(i32::from(INTERRUPTED_EXIT));
        }
        raised.cancel();
    })
    .context("cannot catch Ctrl-C")?;
    Ok(INTERRUPT.get_or_init(|| flag).clone())
}

/// The limit that stopped a search, for messages: `the budget of N nodes`, `the time limit of
/// 2.5s`; `None` for an interrupt, which commands report their own way.
pub fn spent_limit(
    reason: StopReason,
    budget: Option<u64>,
    timeout: Option<Duration>,
) -> Option<String> {
    match reason {
        StopReason::Budget => Some(format!(
            "the budget of {} nodes",
            budget.unwrap_or_default()
        )),
        StopReason::Deadline => Some(format!(
            "the time limit of {}",
            describe(timeout.unwrap_or_default())
        )),
        StopReason::Cancelled => None,
    }
}

/// Parses `--timeout SECONDS`: a positive number of seconds, fractions allowed.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text.trim().parse().map_err(|_| {
        format!(
            "{} is not a number of seconds (e.g. 10 or 0.5)",
            quote(text)
        )
    })?;
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(format!(
            "the time limit must be above 0 seconds, not {text}"
        ));
    }
    Duration::try_from_secs_f64(seconds).map_err(|_| format!("{} seconds is too long", quote(text)))
}

/// A duration as the user wrote it, for messages: `2s`, `0.5s`.
pub fn describe(limit: Duration) -> String {
    format!("{}s", limit.as_secs_f64())
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
