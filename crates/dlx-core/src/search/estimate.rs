//! Knuth's random-probe estimate of the size of a search tree (TAOCP 7.2.2, "Estimating the
//! running time", after Knuth 1975).
//!
//! A probe walks from the root to a leaf of the tree the search would search, branching on the
//! item the search would branch on and taking one of its options at random, each with
//! probability `1/d` at a node of degree `d`. A node reached through nodes of degrees `d1 .. dk`
//! stands for the `d1 · … · dk` nodes it would be with the same degrees everywhere: summing
//! those products over the nodes of a probe gives an estimate of the nodes whose expectation is
//! exactly the tree's node count, and the product at a solution one of its solutions. Nodes are
//! counted as the search counts them (`Stats::nodes`: every node entered, plus one per solution),
//! so the estimate is of the figure a count prints. The mean of many probes converges to the
//! truth; their spread says how far to trust it (trees with a few deep, bushy corners have a
//! large one). The same probes walk the tree of dancing cells ([`cells::Search::estimate`]),
//! where forced moves make no node.

use thiserror::Error;

use super::{Search, State};
use crate::problem::Problem;
use crate::rng::Rng;
use crate::{cells, EngineKind};

/// Why a search cannot be estimated.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum EstimateError {
    /// The problem has multiplicities (Algorithm M), whose branches on dancing links are not
    /// single options (dancing cells estimate them).
    #[error("the estimate is not made for problems with multiplicities on dancing links")]
    Multiplicities,
    /// Probes start at the root, before the search does.
    #[error("the search has already started")]
    AlreadyStarted,
}

/// What one probe says of the whole tree.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Probe {
    /// The estimate of the nodes, as [`Stats::nodes`](crate::Stats::nodes) counts them.
    pub nodes: f64,
    /// The estimate of the solutions (0 when the probe ends at a dead end).
    pub solutions: f64,
    /// The levels the probe went down.
    pub depth: usize,
}

/// A figure as many probes estimate it: their mean, its standard error, and the spread of the
/// single probes.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Figure {
    /// The mean over the probes: the estimate.
    pub mean: f64,
    /// The standard error of the mean (the probes' standard deviation over the root of their
    /// number): the truth is within two of them of the mean in about 19 runs out of 20, when the
    /// probes are many enough to have seen the tree's bushy corners.
    pub std_error: f64,
    /// The smallest probe.
    pub min: f64,
    /// The median probe (most probes of a skewed tree say less than the mean).
    pub median: f64,
    /// The largest probe.
    pub max: f64,
}

impl Figure {
    /// The figure of these probes' values (none gives all zeros).
    fn of(mut values: Vec<f64>) -> Figure {
        if values.is_empty() {
            return Figure::default();
        }
        let n = values.len() as f64;
        let mean = values.iter().sum::<f64>() / n;
        let variance = if values.len() > 1 {
            values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        // Linear, not a sort: a progress line refines its estimate at every redraw.
        let min = values.iter().copied().fold(f64::INFINITY, f64::min);
        let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let middle = values.len() / 2;
        let (_, &mut median, _) = values.select_nth_unstable_by(middle, f64::total_cmp);
        Figure {
            mean,
            std_error: (variance / n).sqrt(),
            min,
            median,
            max,
        }
    }
}

/// The estimate of a search tree by many probes.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Estimate {
    /// The probes made.
    pub probes: u64,
    /// The nodes of the tree, as a count's statistics give them.
    pub nodes: Figure,
    /// The solutions.
    pub solutions: Figure,
    /// The deepest probe's levels.
    pub depth: usize,
}

impl Estimate {
    /// The estimate of `probes` probes, probe `i` made by `probe` with stream `i` of `seed`.
    pub(crate) fn of_probes(
        probes: u64,
        seed: u64,
        probe: impl FnMut(&mut Rng) -> Result<Probe, EstimateError>,
    ) -> Result<Estimate, EstimateError> {
        let mut made = Probes::new(seed);
        made.extend(probes, probe)?;
        Ok(made.estimate())
    }
}

/// The probes made so far, probe `i` from stream `i` of the seed: the same seed gives the same
/// probes whether they are made at once or a few at a time.
#[derive(Clone, Debug)]
struct Probes {
    seed: u64,
    nodes: Vec<f64>,
    solutions: Vec<f64>,
    depth: usize,
}

impl Probes {
    fn new(seed: u64) -> Probes {
        Probes {
            seed,
            nodes: Vec::new(),
            solutions: Vec::new(),
            depth: 0,
        }
    }

    /// Makes `count` more probes with `probe`.
    fn extend(
        &mut self,
        count: u64,
        mut probe: impl FnMut(&mut Rng) -> Result<Probe, EstimateError>,
    ) -> Result<(), EstimateError> {
        for _ in 0..count {
            let made = probe(&mut Rng::new(self.seed, self.nodes.len() as u64))?;
            self.nodes.push(made.nodes);
            self.solutions.push(made.solutions);
            self.depth = self.depth.max(made.depth);
        }
        Ok(())
    }

    /// The estimate of every probe so far.
    fn estimate(&self) -> Estimate {
        Estimate {
            probes: self.nodes.len() as u64,
            nodes: Figure::of(self.nodes.clone()),
            solutions: Figure::of(self.solutions.clone()),
            depth: self.depth,
        }
    }
}

/// A fresh search of either engine kept to probe its tree again and again: an estimate that
/// more probes refine, a few at a time, as time allows (a long count's progress line refines
/// its time left so while the count runs).
#[derive(Clone, Debug)]
pub struct Prober {
    search: Probed,
    probes: Probes,
}

/// The search a [`Prober`] probes.
#[derive(Clone, Debug)]
enum Probed {
    Links(Box<Search>),
    Cells(Box<cells::Search>),
}

impl Prober {
    /// A prober of the tree of `engine` on `problem`, its probes drawn from the streams of
    /// `seed`; an error for multiplicities on dancing links.
    pub fn new(problem: &Problem, engine: EngineKind, seed: u64) -> Result<Prober, EstimateError> {
        let search = match engine {
            EngineKind::Links if problem.has_multiplicities() => {
                return Err(EstimateError::Multiplicities)
            }
            EngineKind::Links => Probed::Links(Box::new(Search::new(problem))),
            EngineKind::Cells => Probed::Cells(Box::new(cells::Search::new(problem))),
        };
        Ok(Prober {
            search,
            probes: Probes::new(seed),
        })
    }

    /// Makes `probes` more probes; the estimate of all of them so far (the same as
    /// [`of`] with as many probes and the same seed).
    pub fn refine(&mut self, probes: u64) -> Result<Estimate, EstimateError> {
        match &mut self.search {
            Probed::Links(search) => self.probes.extend(probes, |rng| search.probe(rng))?,
            Probed::Cells(search) => self.probes.extend(probes, |rng| search.probe(rng))?,
        }
        Ok(self.probes.estimate())
    }
}

impl Search {
    /// One probe from the root of this search (after its forced options), with the random
    /// branches of `rng`. The search is left as it was.
    pub fn probe(&mut self, rng: &mut Rng) -> Result<Probe, EstimateError> {
        self.walk(&mut |degree| rng.below(degree as usize) as u32)
    }

    /// `probes` probes of this search, probe `i` drawing from stream `i` of `seed`, so that the
    /// same seed gives the same estimate. The search is left as it was.
    pub fn estimate(&mut self, probes: u64, seed: u64) -> Result<Estimate, EstimateError> {
        Estimate::of_probes(probes, seed, |rng| self.probe(rng))
    }

    /// A probe whose branch at a node of degree `d` is `pick(d)` (in `0..d`), counted as
    /// [`Search::step`] counts: a node for each node entered, dead ends included, and one more
    /// for a solution. Every link operation is undone before returning.
    fn walk(&mut self, pick: &mut dyn FnMut(u32) -> u32) -> Result<Probe, EstimateError> {
        if self.links.has_bounds() {
            return Err(EstimateError::Multiplicities);
        }
        if self.state != State::Start {
            return Err(EstimateError::AlreadyStarted);
        }
        if self.links.all_covered() {
            return Ok(Probe {
                nodes: 1.0,
                solutions: 1.0,
                depth: 0,
            });
        }
        let links = &mut self.links;
        let mut path = Vec::new();
        // The nodes a node at this level stands for.
        let mut weight = 1.0;
        let (mut nodes, mut solutions) = (0.0, 0.0);
        while let Some(best) = links.choose_item() {
            nodes += weight;
            let degree = links.len(best);
            if degree == 0 {
                break;
            }
            links.cover(best, &mut 0);
            let mut x = links.down(best);
            for _ in 0..pick(degree) {
                x = links.down(x);
            }
            weight *= f64::from(degree);
            links.commit_others(x, &mut 0);
            path.push(x);
            if links.all_covered() {
                nodes += weight;
                solutions = weight;
                break;
            }
        }
        let depth = path.len();
        while let Some(x) = path.pop() {
            links.uncommit_others(x);
            links.uncover(links.item_of(x));
        }
        Ok(Probe {
            nodes,
            solutions,
            depth,
        })
    }
}

/// `probes` probes of a fresh search of `problem` by `engine` (see [`Search::estimate`] and
/// [`cells::Search::estimate`]), estimating that engine's figures.
pub fn of(
    problem: &Problem,
    engine: EngineKind,
    probes: u64,
    seed: u64,
) -> Result<Estimate, EstimateError> {
    Prober::new(problem, engine, seed)?.refine(probes)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::{knuth, Status};

    /// The exact expectation of the figures of the probes `walk` makes (each with the branches
    /// it is given): every path of the tree weighed by its probability, the paths enumerated as
    /// an odometer of branch numbers.
    pub(crate) fn expectation(
        mut walk: impl FnMut(&mut dyn FnMut(u32) -> u32) -> Probe,
    ) -> (f64, f64) {
        let (mut nodes, mut solutions) = (0.0, 0.0);
        let mut branches: Vec<(u32, u32)> = Vec::new();
        loop {
            let mut level = 0;
            let mut probability = 1.0;
            let probe = walk(&mut |degree| {
                if level == branches.len() {
                    branches.push((0, degree));
                }
                let (k, d) = branches[level];
                assert_eq!(d, degree, "the same prefix reaches the same node");
                probability /= f64::from(d);
                level += 1;
                k
            });
            branches.truncate(level);
            nodes += probability * probe.nodes;
            solutions += probability * probe.solutions;
            while let Some((k, d)) = branches.pop() {
                if k + 1 < d {
                    branches.push((k + 1, d));
                    break;
                }
            }
            if branches.is_empty() {
                return (nodes, solutions);
            }
        }
    }

    fn truth(problem: &Problem) -> (f64, f64) {
        let mut search = Search::new(problem);
        assert_eq!(search.count(), Status::Exhausted);
        let stats = search.stats();
        (stats.nodes as f64, stats.solutions as f64)
    }

    /// Small trees whose every probe can be enumerated: Knuth's toy problem, a dead end, colors,
    /// no option for an item, a single node, and more branches than one.
    pub(crate) const SMALL_TREES: [&str; 6] = [
        "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
        "A B C\nA B\nB C\nA C\n",
        "A B | X\nA X:red\nB X:red\nA B X:blue\nB X:blue\nA\n",
        "A B\nA\n",
        "A\nA\n",
        "A B C\nA\nB\nC\nA B\nB C\nA B C\n",
    ];

    #[test]
    fn the_expectation_of_a_probe_is_the_truth() {
        for text in SMALL_TREES {
            let problem = knuth::parse(text).unwrap().problem;
            let mut search = Search::new(&problem);
            let (nodes, solutions) = expectation(|pick| search.walk(pick).unwrap());
            let (true_nodes, true_solutions) = truth(&problem);
            assert!((nodes - true_nodes).abs() < 1e-9, "{text:?}: {nodes}");
            assert!((solutions - true_solutions).abs() < 1e-9, "{text:?}");
        }
    }

    #[test]
    fn a_prober_refines_its_estimate_as_one_estimate_of_all_its_probes() {
        let problem = knuth::parse(SMALL_TREES[0]).unwrap().problem;
        for engine in [EngineKind::Links, EngineKind::Cells] {
            let mut prober = Prober::new(&problem, engine, 5).unwrap();
            let few = prober.refine(7).unwrap();
            assert_eq!(few, of(&problem, engine, 7, 5).unwrap());
            let more = prober.refine(30).unwrap();
            assert_eq!(more, of(&problem, engine, 37, 5).unwrap());
            assert_eq!(more.probes, 37);
        }
    }

    #[test]
    fn probes_leave_the_search_as_it_was() {
        let problem = knuth::parse("A B C | X\nA X\nB C\nA B\nC X\nA C\n")
            .unwrap()
            .problem;
        let mut search = Search::new(&problem);
        search.force(1).unwrap();
        let first = search.estimate(50, 3).unwrap();
        assert_eq!(search.estimate(50, 3).unwrap(), first);
        search.check_invariants().unwrap();
        assert_eq!(search.stats().nodes, 0);
        // With `B C` forced, only `A X` is left: two nodes, one solution, on every probe.
        assert_eq!((first.nodes.mean, first.solutions.mean), (2.0, 1.0));
        assert_eq!(first.nodes.std_error, 0.0);
        assert_eq!(search.count(), Status::Exhausted);
        assert_eq!(search.stats().solutions, 1);
        assert_eq!(search.estimate(1, 0), Err(EstimateError::AlreadyStarted));
        let bounded = knuth::parse("2:3|A B\nA\nA B\n").unwrap().problem;
        assert_eq!(
            of(&bounded, EngineKind::Links, 1, 0),
            Err(EstimateError::Multiplicities)
        );
        // Dancing cells probe it: `A` needs both of its options, which are forced, and every
        // probe ends in the one solution, the one node.
        let estimate = of(&bounded, EngineKind::Cells, 8, 0).unwrap();
        assert_eq!((estimate.nodes.mean, estimate.solutions.mean), (1.0, 1.0));
    }
}
