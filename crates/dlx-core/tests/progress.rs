//! A `Progress` listener in the `Stop` sees the work of every engine and of every thread of the
//! pool, as the searches look at their stop.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use dlx_core::parallel::Pool;
use dlx_core::{cells, knuth, Engine, Problem, Progress, Search, Status, Stop, LOOK_EVERY};

fn queens12() -> Problem {
    let path = format!("{}/tests/data/queens12.dlx", env!("CARGO_MANIFEST_DIR"));
    knuth::parse(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .problem
}

/// A listener that counts its calls.
fn listener() -> (Progress, Arc<AtomicU64>) {
    let calls = Arc::new(AtomicU64::new(0));
    let counted = Arc::clone(&calls);
    let progress = Progress::new(move |_| {
        counted.fetch_add(1, Ordering::Relaxed);
    });
    (progress, calls)
}

#[test]
fn one_search_reports_all_its_work_by_its_end() {
    let problem = queens12();
    let engines: [Box<dyn Engine>; 2] = [
        Box::new(Search::new(&problem)),
        Box::new(cells::Search::new(&problem)),
    ];
    for mut engine in engines {
        let (progress, calls) = listener();
        engine.set_stop(Stop::new().with_progress(progress.clone()));
        assert_eq!(engine.count(), Status::Exhausted);
        let (stats, tally) = (engine.stats(), progress.tally());
        assert_eq!(
            (tally.nodes, tally.solutions),
            (stats.nodes, stats.solutions)
        );
        assert!(calls.load(Ordering::Relaxed) >= stats.nodes / LOOK_EVERY);
    }
}

#[test]
fn the_pool_reports_the_work_of_every_thread() {
    let problem = queens12();
    let (progress, calls) = listener();
    let pool = Pool::new(&problem, NonZeroUsize::new(2).unwrap())
        .with_stop(Stop::new().with_progress(progress.clone()));
    let report = pool.count(&[]).unwrap();
    assert_eq!(report.stats.solutions, 14_200);
    // Every unit's work is added when it ends, whichever thread ran it.
    let tally = progress.tally();
    assert_eq!(
        (tally.nodes, tally.solutions),
        (report.stats.nodes, report.stats.solutions)
    );
    assert!(calls.load(Ordering::Relaxed) > 0);
}
