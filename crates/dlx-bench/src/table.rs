//! Printing measurements as a markdown table.

use std::fmt::Write;
use std::time::Duration;

use crate::measure::{Measurement, Plan};

/// The table of one group: a heading, the timing rule, one row per case, then the notes. `alt`
/// names our alternative engine's column, if the group has one.
pub fn markdown(
    title: &str,
    timing: &str,
    alt: Option<&str>,
    plan: Plan,
    rows: &[Measurement],
) -> String {
    let mut out = String::new();
    let runs = plan.runs;
    let plural = if runs == 1 { "" } else { "s" };
    // Writing to a String cannot fail.
    let _ = writeln!(out, "### {title}\n");
    let _ = write!(out, "{timing} Median of {runs} run{plural} each");
    if plan.min_batch.is_zero() {
        out.push_str(".\n\n");
    } else {
        let _ = writeln!(
            out,
            "; a run repeats the solve until it has taken {} ms and counts the mean per solve.\n",
            plan.min_batch.as_millis()
        );
    }
    let batches = rows.iter().any(|m| m.items.is_some());
    let mut header = String::from("| instance | solutions | ours median ms |");
    let mut rule = String::from("|---|---:|---:|");
    if let Some(alt) = alt {
        let _ = write!(header, " {alt} median ms |");
        rule.push_str("---:|");
    }
    header.push_str(" peer median ms | peer/ours |");
    rule.push_str("---:|---:|");
    if let Some(alt) = alt {
        let _ = write!(header, " peer/{alt} |");
        rule.push_str("---:|");
    }
    if batches {
        header.push_str(" ours /s | peer /s |");
        rule.push_str("---:|---:|");
    }
    let _ = writeln!(out, "{header}\n{rule}");
    for m in rows {
        let ours = m.ours_median();
        let peer = m.peer_median();
        let _ = write!(
            out,
            "| {} | {} | {} |",
            m.name,
            thousands(m.solutions()),
            millis(ours)
        );
        if alt.is_some() {
            let _ = write!(out, " {} |", m.alt_median().map_or("-".into(), millis));
        }
        let _ = write!(out, " {} | {} |", millis(peer), ratio(peer, ours));
        if alt.is_some() {
            let _ = write!(
                out,
                " {} |",
                m.alt_median().map_or("-".into(), |a| ratio(peer, a))
            );
        }
        if batches {
            let rate = |d: Duration| match m.items {
                Some(n) if !d.is_zero() => thousands((n as f64 / d.as_secs_f64()) as u64),
                _ => "-".to_string(),
            };
            let _ = write!(out, " {} | {} |", rate(ours), rate(peer));
        }
        out.push('\n');
    }
    let notes: Vec<&String> = rows.iter().flat_map(|m| &m.notes).collect();
    if !notes.is_empty() {
        out.push('\n');
        for note in notes {
            let _ = writeln!(out, "- {note}");
        }
    }
    out
}

/// Milliseconds with enough digits to tell small times apart.
pub fn millis(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1e3;
    if ms < 1.0 {
        format!("{ms:.4}")
    } else if ms < 10.0 {
        format!("{ms:.2}")
    } else if ms < 100.0 {
        format!("{ms:.1}")
    } else {
        format!("{ms:.0}")
    }
}

/// `a / b` to two decimals, or `-` when `b` is zero.
pub fn ratio(a: Duration, b: Duration) -> String {
    if b.is_zero() {
        "-".to_string()
    } else {
        format!("{:.2}", a.as_secs_f64() / b.as_secs_f64())
    }
}

/// A number with commas between groups of three digits.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::Run;
    use crate::measure::Sample;

    fn run(ms: u64) -> Sample {
        Sample {
            run: Run {
                elapsed: Duration::from_millis(ms),
                solutions: 14_200,
                nodes: None,
                updates: None,
            },
            solves: 1,
        }
    }

    #[test]
    fn formats_numbers() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
        assert_eq!(thousands(216_288), "216,288");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(millis(Duration::from_nanos(1_234)), "0.0012");
        assert_eq!(millis(Duration::from_micros(4_321)), "4.32");
        assert_eq!(millis(Duration::from_micros(43_210)), "43.2");
        assert_eq!(millis(Duration::from_micros(432_100)), "432");
        assert_eq!(
            ratio(Duration::from_millis(3), Duration::from_millis(2)),
            "1.50"
        );
        assert_eq!(ratio(Duration::from_millis(3), Duration::ZERO), "-");
    }

    #[test]
    fn prints_a_row_per_case_and_the_notes() {
        let m = Measurement {
            name: "queens12".into(),
            ours: vec![run(40), run(50), run(45)],
            alt: Vec::new(),
            peer: vec![run(90), run(80), run(100)],
            failures: Vec::new(),
            notes: vec!["a note".into()],
            items: None,
        };
        let plan = Plan {
            runs: 3,
            min_batch: Duration::from_millis(50),
        };
        let text = markdown("Title", "Timing.", None, plan, std::slice::from_ref(&m));
        assert!(
            text.contains("| queens12 | 14,200 | 45.0 | 90.0 | 2.00 |"),
            "{text}"
        );
        assert!(text
            .contains("Median of 3 runs each; a run repeats the solve until it has taken 50 ms"));
        assert!(text.ends_with("- a note\n"));

        let with_alt = Measurement {
            alt: vec![run(30), run(20), run(25)],
            ..m
        };
        let text = markdown("Title", "Timing.", Some("cells"), plan, &[with_alt]);
        assert!(text.contains("| peer/ours | peer/cells |"), "{text}");
        assert!(
            text.contains("| queens12 | 14,200 | 45.0 | 25.0 | 90.0 | 2.00 | 3.60 |"),
            "{text}"
        );
    }
}
