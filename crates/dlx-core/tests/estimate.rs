//! Knuth's random-probe estimate against the true figures of GOLDEN.md.
//!
//! The estimate is unbiased (its exact expectation is the truth: the unit tests enumerate every
//! probe of small trees), so on trees whose probes vary little the mean of many probes lands
//! within a few standard errors of the truth. The pentomino trees are the hard case Knuth warns
//! of: their solutions sit in rare, bushy corners that most probes miss, so their means settle
//! slowly; the long test only asks their node estimates to be within four standard errors.

use dlx_core::estimate::{self, Estimate, Figure};
use dlx_core::{cells, knuth, EngineKind, Problem, Status};
use dlx_test_support::golden::{self, Golden};

/// Probes per instance.
const PROBES: u64 = 20_000;

/// The largest distance from the truth allowed, in standard errors, and relative to the truth
/// (solutions are rarer than nodes, and their estimate spreads more: Inkala's Sudoku has one).
const SIGMAS: f64 = 4.0;
const TOLERANCE: f64 = 0.05;
const SOLUTIONS_TOLERANCE: f64 = 0.25;

fn problem(golden: &Golden) -> Problem {
    let path = format!("{}/tests/data/{}", env!("CARGO_MANIFEST_DIR"), golden.file);
    knuth::parse(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .problem
}

/// Whether `figure` is within `SIGMAS` standard errors of `truth`, and within `tolerance` of it
/// (relative).
fn near(figure: &Figure, truth: u64, tolerance: f64) -> bool {
    let truth = truth as f64;
    let off = (figure.mean - truth).abs();
    off <= SIGMAS * figure.std_error && off <= tolerance * truth
}

/// Whether an instance's tree is a bushy one (see the module's comment).
fn bushy(golden: &Golden) -> bool {
    golden.file.starts_with("pento") || golden.file.starts_with("scott")
}

/// The instances with known node and solution counts, with those figures and the estimate.
fn estimated(wanted: fn(&Golden) -> bool) -> Vec<(Golden, Estimate)> {
    golden::all()
        .filter(|golden| golden.nodes.is_some() && golden.solutions.is_some())
        .filter(|golden| golden.file != "toy3.dlx" && wanted(golden))
        .map(|golden| {
            let estimate = estimate::of(&problem(&golden), EngineKind::Links, PROBES, 1).unwrap();
            (golden, estimate)
        })
        .collect()
}

#[test]
fn the_mean_of_many_probes_is_near_the_true_counts() {
    let all = estimated(|golden| !bushy(golden));
    assert_eq!(all.len(), 21);
    for (golden, estimate) in all {
        let (nodes, solutions) = (golden.nodes.unwrap(), golden.solutions.unwrap());
        assert!(
            near(&estimate.nodes, nodes, TOLERANCE),
            "{golden:?}: {estimate:?}"
        );
        assert!(
            near(&estimate.solutions, solutions, SOLUTIONS_TOLERANCE),
            "{golden:?}: {estimate:?}"
        );
        assert_eq!(estimate.probes, PROBES);
        assert!(estimate.nodes.min <= estimate.nodes.median);
        assert!(estimate.nodes.median <= estimate.nodes.max);
    }
}

#[test]
fn a_biased_estimate_would_fail() {
    // Leaving out the node a solution counts (6% of queens10's nodes) is caught.
    let golden = golden::of("queens10.dlx");
    let estimate = estimate::of(&problem(&golden), EngineKind::Links, PROBES, 1).unwrap();
    let biased = Figure {
        mean: estimate.nodes.mean - estimate.solutions.mean,
        ..estimate.nodes
    };
    assert!(near(&estimate.nodes, golden.nodes.unwrap(), TOLERANCE));
    assert!(!near(&biased, golden.nodes.unwrap(), TOLERANCE));
}

#[test]
fn the_same_seed_gives_the_same_estimate() {
    let problem = problem(&golden::of("langford8.dlx"));
    let first = estimate::of(&problem, EngineKind::Links, 500, 9).unwrap();
    assert_eq!(
        estimate::of(&problem, EngineKind::Links, 500, 9).unwrap(),
        first
    );
    assert_ne!(
        estimate::of(&problem, EngineKind::Links, 500, 10).unwrap(),
        first
    );
}

#[test]
fn multiplicities_are_refused() {
    let problem = problem(&golden::of("toy3.dlx"));
    assert_eq!(
        estimate::of(&problem, EngineKind::Links, 1, 0),
        Err(estimate::EstimateError::Multiplicities)
    );
}

#[test]
#[ignore = "long: run with --release -- --ignored"]
fn bushy_trees_are_estimated_within_their_spread() {
    for (golden, estimate) in estimated(bushy) {
        assert!(
            near(&estimate.nodes, golden.nodes.unwrap(), 0.25),
            "{golden:?}: {estimate:?}"
        );
    }
}

#[test]
fn the_cells_estimate_is_near_the_cells_count() {
    let mut checked = 0;
    for golden in golden::all().filter(|golden| {
        golden.file != "toy3.dlx" && !bushy(golden) && golden.nodes.is_some_and(|n| n < 2_000_000)
    }) {
        let problem = problem(&golden);
        let mut search = cells::Search::new(&problem);
        assert_eq!(search.count(), Status::Exhausted);
        let truth = search.stats();
        let estimate = estimate::of(&problem, EngineKind::Cells, PROBES, 1).unwrap();
        assert!(
            near(&estimate.nodes, truth.nodes, TOLERANCE),
            "{golden:?}: {truth:?} {estimate:?}"
        );
        // Inkala's one solution lies where few probes of the cells tree go (half of the mean
        // here): only the standard errors bound the solutions.
        assert!(
            near(&estimate.solutions, truth.solutions, f64::INFINITY),
            "{golden:?}: {truth:?} {estimate:?}"
        );
        checked += 1;
    }
    assert!(checked >= 15, "{checked}");
}
