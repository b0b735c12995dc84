//! A progress bar on stderr for long batch runs: shown only on a terminal, and only once a run has
//! taken about a second, so short runs and pipes never see it.

use std::io::{self, Read};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use dlx_core::estimate::Prober;
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

/// Probes of the estimate behind a search's time left: a few milliseconds on the largest trees.
const LINE_PROBES: u64 = 300;

/// Probes added to that estimate at each redraw, while the search runs: a tenth of a
/// millisecond or so per redraw (0.05% of a thread), which narrows the estimate's spread as the
/// square root of the probes made, up to [`REFINED_PROBES`] (which the tests of the estimate
/// find within a few percent of the truth; more would cost each redraw more than they add).
const REFINE_PROBES: u64 = 30;

/// The probes at which the estimate behind a line stops being refined.
const REFINED_PROBES: u64 = 20_000;

/// Time between two redraws of a search's line.
const REDRAW: Duration = Duration::from_millis(200);

/// The progress line of a long count, on stderr: solutions so far, nodes per second and the time
/// left, drawn from the searches' own looks at their `Stop` (every few thousand nodes, on their
/// threads), once the run has taken about a second. The estimate of the tree behind the time
/// left gets more probes at every redraw, so that it is refined as the search goes.
pub struct SearchLine {
    bar: ProgressBar,
    listener: dlx_core::Progress,
}

impl SearchLine {
    /// The line of a count whose tree `prober` estimates in the engine's nodes (`None` when
    /// there is no estimate: then no time left is shown); `None` when not `enabled`.
    pub fn new(enabled: bool, prober: Option<Prober>) -> Option<SearchLine> {
        if !enabled {
            return None;
        }
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} [{elapsed_precise}]") {
            bar.set_style(style);
        }
        let drawn = bar.clone();
        let started = Instant::now();
        let mut prober = prober;
        let estimate = prober.as_mut().and_then(|p| p.refine(LINE_PROBES).ok());
        // When the line was last drawn, the prober and its estimate so far.
        let state = std::sync::Mutex::new((None::<Instant>, prober, estimate));
        let listener = dlx_core::Progress::new(move |tally| {
            // Another thread drawing now has just drawn: nothing to add.
            let Ok(mut state) = state.try_lock() else {
                return;
            };
            let (last, prober, estimate) = &mut *state;
            let now = Instant::now();
            let elapsed = now - started;
            if elapsed < DELAY || last.is_some_and(|at| now - at < REDRAW) {
                return;
            }
            if last.is_none() {
                drawn.set_draw_target(ProgressDrawTarget::stderr());
            }
            *last = Some(now);
            if let Some(prober) = prober
                .as_mut()
                .filter(|_| estimate.is_some_and(|e| e.probes < REFINED_PROBES))
            {
                *estimate = prober.refine(REFINE_PROBES).ok();
            }
            let rate = tally.nodes as f64 / elapsed.as_secs_f64();
            drawn.set_message(line(tally, rate, estimate.map(|e| e.nodes.mean)));
            drawn.tick();
        });
        Some(SearchLine { bar, listener })
    }

    /// The listener to give the run's `Stop`.
    pub fn listener(&self) -> dlx_core::Progress {
        self.listener.clone()
    }

    /// Clears the line at the end of the run.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// Lays out a search's line; a tree of about `estimate` nodes gives the time left, until the
/// search has gone past the estimate.
fn line(tally: dlx_core::Tally, rate: f64, estimate: Option<f64>) -> String {
    let done = tally.nodes as f64;
    let left = match estimate {
        Some(total) if total > done && rate > 0.0 => format!(
            ", about {} left (of an estimated {} nodes)",
            crate::estimate::duration((total - done) / rate),
            crate::estimate::number(total)
        ),
        Some(total) => format!(
            ", past the estimate of {} nodes",
            crate::estimate::number(total)
        ),
        None => String::new(),
    };
    format!(
        "{} solutions, {} nodes/s{left}",
        tally.solutions,
        crate::estimate::number(rate)
    )
}

/// The prober of the tree of `engine` behind a line, with the seed `dlx estimate` takes by
/// default (`None` where the estimate does not apply: multiplicities).
pub fn prober(problem: &dlx_core::Problem, engine: dlx_core::EngineKind) -> Option<Prober> {
    Prober::new(problem, engine, 1).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_core::Tally;

    #[test]
    fn a_line_says_the_time_left_until_past_the_estimate() {
        let tally = Tally {
            nodes: 1_000_000,
            solutions: 92,
        };
        assert_eq!(
            line(tally, 1e6, Some(3e6)),
            "92 solutions, 1.000e6 nodes/s, about 2.0 s left (of an estimated 3.000e6 nodes)"
        );
        assert_eq!(
            line(tally, 1e6, Some(5e5)),
            "92 solutions, 1.000e6 nodes/s, past the estimate of 500000 nodes"
        );
        assert_eq!(line(tally, 2e6, None), "92 solutions, 2.000e6 nodes/s");
    }
}
