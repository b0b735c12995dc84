//! Running a case several times, ours, our alternative engine's and the peer's runs interleaved,
//! and checking what the runs report.

use std::time::Duration;

use crate::case::{Case, Expected, Run};

/// The most solves one timed run may repeat to reach the minimum batch time.
const MAX_SOLVES: u32 = 10_000;

/// One timed run: a case solved `solves` times in a row, with the mean time per solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The first solve's figures, with the mean time of all solves of the batch.
    pub run: Run,
    /// How many times the case was solved in this run.
    pub solves: u32,
}

/// How a case is timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Timed runs per solver (at least one).
    pub runs: usize,
    /// A run repeats its solve until the solves add up to this much time, so that instances of a
    /// few milliseconds are not at the mercy of one preemption.
    pub min_batch: Duration,
}

/// Every run of one case, and what the checks found.
#[derive(Clone, Debug)]
pub struct Measurement {
    /// The case's name.
    pub name: String,
    /// Our runs, in order.
    pub ours: Vec<Sample>,
    /// Our alternative engine's runs, in order (none if the case has no alternative).
    pub alt: Vec<Sample>,
    /// The peer's runs, in order.
    pub peer: Vec<Sample>,
    /// Disagreements that make the comparison wrong: solution counts differ, or our figures
    /// differ from the known ones.
    pub failures: Vec<String>,
    /// Remarks: the case's own notes, and differences that do not invalidate the timing.
    pub notes: Vec<String>,
    /// Puzzles per solve, for batch cases (see [`Case::items`]).
    pub items: Option<u64>,
}

impl Measurement {
    /// The median over our runs of the time per solve.
    pub fn ours_median(&self) -> Duration {
        median(self.ours.iter().map(|s| s.run.elapsed))
    }

    /// The median over our alternative engine's runs of the time per solve, if it ran.
    pub fn alt_median(&self) -> Option<Duration> {
        (!self.alt.is_empty()).then(|| median(self.alt.iter().map(|s| s.run.elapsed)))
    }

    /// The median over the peer's runs of the time per solve.
    pub fn peer_median(&self) -> Duration {
        median(self.peer.iter().map(|s| s.run.elapsed))
    }

    /// The number of solutions our first run found.
    pub fn solutions(&self) -> u64 {
        self.ours.first().map_or(0, |s| s.run.solutions)
    }
}

/// Runs `case` as `plan` says, ours and the peer's runs interleaved and taking turns at going
/// first, so that drifting machine load falls on both alike (our alternative engine, if any, runs
/// between them); `report` hears about every round of runs as it ends.
pub fn measure(
    case: &mut dyn Case,
    plan: Plan,
    mut report: impl FnMut(&str, usize, &Sample, Option<&Sample>, &Sample),
) -> Measurement {
    let runs = plan.runs.max(1);
    let mut ours = Vec::with_capacity(runs);
    let mut alt = Vec::new();
    let mut peer = Vec::with_capacity(runs);
    let mut has_alt = true;
    for k in 0..runs {
        let mut run_alt = |case: &mut dyn Case| {
            let first = if has_alt { case.run_alt() } else { None };
            has_alt = first.is_some();
            first.map(|first| {
                let again = || {
                    case.run_alt()
                        .expect("the alternative engine stopped running")
                };
                batch_from(first, again, plan.min_batch)
            })
        };
        let (o, a, p) = if k.is_multiple_of(2) {
            let o = batch(|| case.run_ours(), plan.min_batch);
            let a = run_alt(case);
            (o, a, batch(|| case.run_peer(), plan.min_batch))
        } else {
            let p = batch(|| case.run_peer(), plan.min_batch);
            let a = run_alt(case);
            (batch(|| case.run_ours(), plan.min_batch), a, p)
        };
        report(case.name(), k + 1, &o, a.as_ref(), &p);
        ours.push(o);
        alt.extend(a);
        peer.push(p);
    }
    let mut m = Measurement {
        name: case.name().to_string(),
        ours,
        alt,
        peer,
        failures: Vec::new(),
        notes: case.notes(),
        items: case.items(),
    };
    check(&mut m, case.expected());
    m
}

/// Solves until the solves' times add up to `min` (at least once, at most [`MAX_SOLVES`] times).
fn batch(mut solve: impl FnMut() -> Run, min: Duration) -> Sample {
    let first = solve();
    batch_from(first, solve, min)
}

/// Like [`batch`], with the first solve already done.
fn batch_from(first: Run, mut solve: impl FnMut() -> Run, min: Duration) -> Sample {
    let mut total = first.elapsed;
    let mut solves = 1;
    while total < min && solves < MAX_SOLVES {
        total += solve().elapsed;
        solves += 1;
    }
    Sample {
        run: Run {
            elapsed: total / solves,
            ..first
        },
        solves,
    }
}

/// Records in `m` what is wrong with its runs (failures) or worth knowing (notes).
fn check(m: &mut Measurement, expected: Option<Expected>) {
    let name = m.name.clone();
    let first = m.ours[0].run;
    let peer = m.peer[0].run;
    let disagree = |runs: &[Sample]| runs.iter().any(|s| !same_figures(&s.run, &runs[0].run));
    for (who, disagrees) in [
        ("our", disagree(&m.ours)),
        (
            "the alternative engine's",
            !m.alt.is_empty() && disagree(&m.alt),
        ),
        ("the peer's", disagree(&m.peer)),
    ] {
        if disagrees {
            m.failures
                .push(format!("{name}: {who} runs disagree with each other"));
        }
    }
    if peer.solutions != first.solutions {
        m.failures.push(format!(
            "{name}: ours found {} solutions, the peer {}",
            first.solutions, peer.solutions
        ));
    }
    if let Some(alt) = m.alt.first() {
        if alt.run.solutions != first.solutions {
            m.failures.push(format!(
                "{name}: ours found {} solutions, the alternative engine {}",
                first.solutions, alt.run.solutions
            ));
        }
    }
    if let Some(want) = expected {
        let figures = [
            ("solutions", Some(want.solutions), Some(first.solutions)),
            ("nodes", want.nodes, first.nodes),
            ("updates", want.updates, first.updates),
        ];
        for (what, want, got) in figures {
            if let (Some(want), Some(got)) = (want, got) {
                if want != got {
                    m.failures.push(format!(
                        "{name}: ours reports {got} {what}, Knuth's figure is {want}"
                    ));
                }
            }
        }
    }
    if let (Some(ours), Some(theirs)) = (first.nodes, peer.nodes) {
        if ours != theirs {
            m.notes.push(format!(
                "{name}: the peer searched a different tree ({theirs} nodes against our {ours})"
            ));
        }
    }
}

/// Whether two runs report the same figures, whatever their times.
fn same_figures(a: &Run, b: &Run) -> bool {
    (a.solutions, a.nodes, a.updates) == (b.solutions, b.nodes, b.updates)
}

/// The median of some durations (the mean of the middle two for an even count; zero for none).
pub fn median(times: impl IntoIterator<Item = Duration>) -> Duration {
    let mut times: Vec<Duration> = times.into_iter().collect();
    times.sort_unstable();
    let n = times.len();
    match n {
        0 => Duration::ZERO,
        _ if n % 2 == 1 => times[n / 2],
        _ => (times[n / 2 - 1] + times[n / 2]) / 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::{Case, Expected, Run};

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn median_of_odd_even_and_empty() {
        assert_eq!(median([ms(5), ms(1), ms(3)]), ms(3));
        assert_eq!(median([ms(4), ms(1), ms(2), ms(8)]), ms(3));
        assert_eq!(median([]), Duration::ZERO);
    }

    struct Fake {
        ours: u64,
        peer: u64,
        expected: Option<Expected>,
        calls: Vec<&'static str>,
    }

    fn run(solutions: u64) -> Run {
        Run {
            elapsed: ms(1),
            solutions,
            nodes: Some(10),
            updates: Some(20),
        }
    }

    impl Case for Fake {
        fn name(&self) -> &str {
            "fake"
        }
        fn run_ours(&mut self) -> Run {
            self.calls.push("ours");
            run(self.ours)
        }
        fn run_peer(&mut self) -> Run {
            self.calls.push("peer");
            run(self.peer)
        }
        fn expected(&self) -> Option<Expected> {
            self.expected
        }
    }

    fn plan(runs: usize) -> Plan {
        Plan {
            runs,
            min_batch: Duration::ZERO,
        }
    }

    #[test]
    fn repeats_short_solves_and_reports_the_mean() {
        let mut times = [ms(2), ms(4), ms(6)].into_iter();
        let sample = batch(
            || Run {
                elapsed: times.next().unwrap(),
                ..run(1)
            },
            ms(5),
        );
        assert_eq!(sample.solves, 2);
        assert_eq!(sample.run.elapsed, ms(3));
    }

    #[test]
    fn interleaves_runs_and_alternates_who_goes_first() {
        let mut case = Fake {
            ours: 2,
            peer: 2,
            expected: None,
            calls: Vec::new(),
        };
        let mut heard = 0;
        let m = measure(&mut case, plan(3), |_, _, _, _, _| heard += 1);
        assert_eq!(heard, 3);
        assert_eq!(case.calls, ["ours", "peer", "peer", "ours", "ours", "peer"]);
        assert!(m.failures.is_empty());
        assert_eq!(m.solutions(), 2);
    }

    #[test]
    fn reports_disagreements() {
        let mut case = Fake {
            ours: 2,
            peer: 3,
            expected: Some(Expected {
                solutions: 2,
                nodes: Some(11),
                updates: None,
            }),
            calls: Vec::new(),
        };
        let m = measure(&mut case, plan(1), |_, _, _, _, _| {});
        assert_eq!(m.failures.len(), 2, "{:?}", m.failures);
    }
}
