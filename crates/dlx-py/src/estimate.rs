//! Knuth's random-probe estimate of a search tree from Python (`Problem.estimate`): what
//! `dlx estimate` prints, as objects.

use pyo3::prelude::*;

/// A figure as many probes estimate it: ``mean`` (the estimate), ``std_error`` (of the mean),
/// and the ``min``, ``median`` and ``max`` of the single probes.
#[pyclass(module = "dlx._dlx", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct Figure {
    mean: f64,
    std_error: f64,
    min: f64,
    median: f64,
    max: f64,
}

impl From<dlx_core::estimate::Figure> for Figure {
    fn from(f: dlx_core::estimate::Figure) -> Figure {
        Figure {
            mean: f.mean,
            std_error: f.std_error,
            min: f.min,
            median: f.median,
            max: f.max,
        }
    }
}

#[pymethods]
impl Figure {
    fn __repr__(&self) -> String {
        format!(
            "Figure(mean={}, std_error={}, min={}, median={}, max={})",
            self.mean, self.std_error, self.min, self.median, self.max
        )
    }
}

/// The estimate of a search tree: the ``nodes`` and ``solutions`` of the tree of ``engine``
/// (``"dlx"`` or ``"cells"``, as ``Problem.stats()`` counts them), from ``probes`` probes with
/// ``seed``, the deepest of which went ``depth`` levels down.
#[pyclass(module = "dlx._dlx", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct Estimate {
    nodes: Figure,
    solutions: Figure,
    probes: u64,
    seed: u64,
    depth: usize,
    engine: String,
}

impl Estimate {
    /// The estimate `estimate` of the tree of `engine`, made with `seed`.
    pub fn new(estimate: dlx_core::estimate::Estimate, seed: u64, engine: &str) -> Estimate {
        Estimate {
            nodes: estimate.nodes.into(),
            solutions: estimate.solutions.into(),
            probes: estimate.probes,
            seed,
            depth: estimate.depth,
            engine: engine.to_string(),
        }
    }
}

#[pymethods]
impl Estimate {
    fn __repr__(&self) -> String {
        format!(
            "Estimate(nodes={}, solutions={}, probes={}, seed={}, depth={}, engine={:?})",
            self.nodes.__repr__(),
            self.solutions.__repr__(),
            self.probes,
            self.seed,
            self.depth,
            self.engine
        )
    }
}
