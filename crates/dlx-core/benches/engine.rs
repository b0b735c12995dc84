//! Criterion benchmarks of the engine: counting every solution of small Knuth-format instances.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use dlx_core::{knuth, Problem, Search, Status};

/// The instances, by file stem in `tests/data`, with their solution counts.
const INSTANCES: &[(&str, u64)] = &[("queens10", 724), ("langford8", 300), ("pento3x20", 8)];

fn load(name: &str) -> Problem {
    let path = format!("{}/tests/data/{name}.dlx", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    knuth::parse(&text)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .problem
}

/// Counts all solutions; the search's copy of the links is made inside the timed part, which
/// costs little next to the search itself.
fn count(problem: &Problem) -> u64 {
    let mut search = Search::new(problem);
    assert_eq!(search.count(), Status::Exhausted);
    search.stats().solutions
}

fn engine(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for &(name, solutions) in INSTANCES {
        let problem = load(name);
        assert_eq!(count(&problem), solutions, "{name}");
        group.bench_function(name, |b| b.iter(|| count(black_box(&problem))));
    }
    group.finish();
}

criterion_group!(benches, engine);
criterion_main!(benches);
