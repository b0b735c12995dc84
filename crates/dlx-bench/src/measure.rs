//! Running a case several times, ours and the peer's runs interleaved, and checking what the runs
//! report.

use std::time::Duration;

use crate::case::{Case, Expected, Run};

/// Every run of one case, and what the checks found.
#[derive(Clone, Debug)]
pub struct Measurement {
    /// The case's name.
    pub name: String,
    /// Our runs, in order.
    pub ours: Vec<Run>,
    /// The peer's runs, in order.
    pub peer: Vec<Run>,
    /// Disagreements that make the comparison wrong: solution counts differ, or our figures
    /// differ from the known ones.
    pub failures: Vec<String>,
    /// Remarks: the case's own notes, and differences that do not invalidate the timing.
    pub notes: Vec<String>,
}

impl Measurement {
    /// The median of our run times.
    pub fn ours_median(&self) -> Duration {
        median(self.ours.iter().map(|r| r.elapsed))
    }

    /// The median of the peer's run times.
    pub fn peer_median(&self) -> Duration {
        median(self.peer.iter().map(|r| r.elapsed))
    }

    /// The number of solutions our first run found.
    pub fn solutions(&self) -> u64 {
        self.ours.first().map_or(0, |r| r.solutions)
    }
}

/// Runs `case` `runs` times each way (at least once), alternating which solver goes first so that
/// drifting machine load falls on both alike; `report` hears about every run as it ends.
pub fn measure(
    case: &mut dyn Case,
    runs: usize,
    mut report: impl FnMut(&str, usize, &Run, &Run),
) -> Measurement {
    let runs = runs.max(1);
    let mut ours = Vec::with_capacity(runs);
    let mut peer = Vec::with_capacity(runs);
    for k in 0..runs {
        let (o, p) = if k.is_multiple_of(2) {
            let o = case.run_ours();
            (o, case.run_peer())
        } else {
            let p = case.run_peer();
            (case.run_ours(), p)
        };
        report(case.name(), k + 1, &o, &p);
        ours.push(o);
        peer.push(p);
    }
    let mut m = Measurement {
        name: case.name().to_string(),
        ours,
        peer,
        failures: Vec::new(),
        notes: case.notes(),
    };
    check(&mut m, case.expected());
    m
}

fn check(m: &mut Measurement, expected: Option<Expected>) {
    let name = m.name.clone();
    let first = m.ours[0];
    let peer = m.peer[0];
    for (who, runs) in [("our", m.ours.clone()), ("the peer's", m.peer.clone())] {
        if runs.iter().any(|r| !same_figures(r, &runs[0])) {
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
        fn notes(&self) -> Vec<String> {
            Vec::new()
        }
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
        let m = measure(&mut case, 3, |_, _, _, _| heard += 1);
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
        let m = measure(&mut case, 1, |_, _, _, _| {});
        assert_eq!(m.failures.len(), 2, "{:?}", m.failures);
    }
}
