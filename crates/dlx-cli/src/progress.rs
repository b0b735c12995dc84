//! A progress bar on stderr for long batch runs: shown only on a terminal, and only once a run has
//! taken about a second, so short runs and pipes never see it.

use std::io::{self, Read};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a run goes before its bar appears.
const DELAY: Duration = Duration::from_secs(1);

/// Items between two updates of the bar (its drawing is rate-limited anyway).
const EVERY: u64 = 64;

/// Progress of a run over inputs of known size (bytes read) or of unknown size (items only).
pub struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
    shown: bool,
    bytes: Arc<AtomicU64>,
    items: u64,
    every: u64,
}

impl Progress {
    /// A bar for inputs of `total` bytes (`None` when unknown, e.g. standard input); `enabled`
    /// false gives one that never shows.
    pub fn new(enabled: bool, total: Option<u64>) -> Progress {
        let bar = enabled.then(|| {
            let (bar, template) = match total {
                Some(total) => (
                    ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden()),
                    "{msg} [{elapsed_precise}] {wide_bar} {percent}% eta {eta}",
                ),
                None => (
                    ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()),
                    "{spinner} {msg} [{elapsed_precise}]",
                ),
            };
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style);
            }
            bar
        });
        Progress {
            bar,
            started: Instant::now(),
            shown: false,
            bytes: Arc::new(AtomicU64::new(0)),
            items: 0,
            every: EVERY,
        }
    }

    /// The same, updated every `items` items (for runs whose items take long each).
    pub fn every(mut self, items: u64) -> Progress {
        self.every = items.max(1);
        self
    }

    /// The counter of bytes read that moves the bar (see [`Counting`]).
    pub fn bytes(&self) -> Arc<AtomicU64> {
        Arc::clone(&self.bytes)
    }

    /// Records one more item done.
    pub fn item_done(&mut self) {
        self.items += 1;
        if self.items % self.every == 0 {
            self.update();
        }
    }

    fn update(&mut self) {
        let Some(bar) = &self.bar else { return };
        let elapsed = self.started.elapsed();
        if !self.shown {
            if elapsed < DELAY {
                return;
            }
            bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
        let rate = self.items as f64 / elapsed.as_secs_f64().max(1e-9);
        bar.set_message(format!("{} puzzles, {rate:.0}/s", self.items));
        bar.set_position(self.bytes.load(Ordering::Relaxed));
    }

    /// Runs `f` (which writes to stderr) with the bar out of the way.
    pub fn suspend<T>(&self, f: impl FnOnce() -> T) -> T {
        match &self.bar {
            Some(bar) if self.shown => bar.suspend(f),
            _ => f(),
        }
    }

    /// Clears the bar at the end of the run.
    pub fn finish(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// A reader that adds the bytes it reads to a counter of [`Progress::bytes`].
pub struct Counting<R> {
    inner: R,
    bytes: Arc<AtomicU64>,
}

impl<R> Counting<R> {
    /// Counts what is read from `inner` into `bytes`.
    pub fn new(inner: R, bytes: Arc<AtomicU64>) -> Counting<R> {
        Counting { inner, bytes }
    }
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}
