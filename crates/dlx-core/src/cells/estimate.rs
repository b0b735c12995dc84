//! Knuth's random-probe estimate of the dancing-cells tree (see [`crate::estimate`]): the same
//! probes as for dancing links, walking this engine's tree, where forced moves make no node.

use super::search::{Search, State};
use super::sets::NO_OPTION;
use crate::estimate::{Estimate, EstimateError, Probe};
use crate::rng::Rng;

impl Search {
    /// One probe from the root of this search (after its forced options), with the random
    /// branches of `rng`: an estimate of this engine's nodes and solutions ([`Stats`]). The
    /// search keeps its tree and statistics (its sets may list their options in another order,
    /// so that its solutions may come in another order).
    ///
    /// [`Stats`]: super::Stats
    pub fn probe(&mut self, rng: &mut Rng) -> Result<Probe, EstimateError> {
        self.walk(&mut |degree| rng.below(degree as usize) as u32)
    }

    /// `probes` probes of this search, probe `i` drawing from stream `i` of `seed`, so that the
    /// same seed gives the same estimate (see [`probe`](Self::probe)).
    pub fn estimate(&mut self, probes: u64, seed: u64) -> Result<Estimate, EstimateError> {
        Estimate::of_probes(probes, seed, |rng| self.probe(rng))
    }

    /// A probe whose branch at a node of degree `d` is `pick(d)` (in `0..d`), counted as
    /// [`Search::step`] counts: a node for each branch point and one for a solution; a forced
    /// move, and a contradiction among them, make none. The lengths of the sets are restored
    /// before returning.
    pub(super) fn walk(
        &mut self,
        pick: &mut dyn FnMut(u32) -> u32,
    ) -> Result<Probe, EstimateError> {
        if self.state != State::Start {
            return Err(EstimateError::AlreadyStarted);
        }
        let mut probe = Probe {
            nodes: 0.0,
            solutions: 0.0,
            depth: 0,
        };
        if self.dead || !self.sets.feasible() {
            return Ok(probe);
        }
        let sets = &mut self.sets;
        let start = sets.checkpoint();
        // The nodes a node at this level stands for.
        let mut weight = 1.0;
        let mut updates = 0;
        let mut choices = Vec::new();
        loop {
            if sets.remaining() == 0 {
                probe.nodes += weight;
                probe.solutions = weight;
                break;
            }
            let (item, count) = sets.choose();
            if count == 1 && sets.may_stop(item) {
                sets.retire(item);
                continue;
            }
            let y = if count == 1 {
                sets.members(item)[0]
            } else {
                probe.nodes += weight;
                weight *= f64::from(count);
                probe.depth += 1;
                let branch = pick(count) as usize;
                // With multiplicities, the choices before the one taken are ruled out.
                choices.clear();
                sets.choices(item, &mut choices);
                if !choices[..branch]
                    .iter()
                    .all(|&z| sets.exclude(z, &mut updates))
                {
                    break;
                }
                choices[branch]
            };
            if y != NO_OPTION && !sets.select(y, &mut updates) {
                break;
            }
        }
        sets.restore(&start);
        sets.release(start);
        Ok(probe)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::estimate::tests::{expectation, SMALL_TREES};
    use crate::{knuth, Status};

    #[test]
    fn the_expectation_of_a_probe_is_the_truth() {
        // Forced moves into a contradiction, a solution by forced moves alone.
        let forced = ["A B C D\nA B\nA C\nB D\nC D\nA D\n", "A B C\nA\nB C\n"];
        // Five queens: rows and columns primary, diagonals secondary.
        let mut queens = String::from("r0 r1 r2 r3 r4 c0 c1 c2 c3 c4 |");
        for d in 0..9 {
            queens += &format!(" a{d} b{d}");
        }
        queens.push('\n');
        for r in 0..5 {
            for c in 0..5 {
                queens += &format!("r{r} c{c} a{} b{}\n", r + c, 4 + r - c);
            }
        }
        // Multiplicities: branches that rule out the options tried before, choices of none,
        // and a two-ones-per-line 4x4 matrix.
        let bounded = [
            "2:3|A 0:2|B C | x\nA B\nA\nA C x:1\nB C\nA B C x:2\nB x:1\nA x:2\n",
            "0:1|A 1:2|B\nA\nA B\nB\nA B\n",
        ];
        let mut matrix = String::from("2|r0 2|r1 2|r2 2|r3 2|c0 2|c1 2|c2 2|c3\n");
        for r in 0..4 {
            for c in 0..4 {
                matrix += &format!("r{r} c{c}\n");
            }
        }
        for text in SMALL_TREES
            .into_iter()
            .chain(forced)
            .chain(bounded)
            .chain([queens.as_str(), matrix.as_str()])
        {
            let problem = knuth::parse(text).unwrap().problem;
            // A fresh search for every path: a probe leaves the sets' members in another order,
            // and the paths are enumerated by their branch numbers.
            let (nodes, solutions) = expectation(|pick| {
                let mut search = Search::new(&problem);
                let probe = search.walk(pick).unwrap();
                search.check_invariants().unwrap();
                probe
            });
            let mut search = Search::new(&problem);
            assert_eq!(search.count(), Status::Exhausted);
            let stats = search.stats();
            assert!(
                (nodes - stats.nodes as f64).abs() < 1e-9,
                "{text:?}: {nodes}"
            );
            assert!(
                (solutions - stats.solutions as f64).abs() < 1e-9,
                "{text:?}"
            );
        }
    }

    #[test]
    fn probes_keep_the_tree_and_follow_the_forced_options() {
        let problem = knuth::parse("A B C | X\nA X\nB C\nA B\nC X\nA C\n")
            .unwrap()
            .problem;
        let mut whole = Search::new(&problem);
        assert_eq!(whole.count(), Status::Exhausted);
        let mut search = Search::new(&problem);
        let first = search.estimate(50, 3).unwrap();
        assert_eq!(search.estimate(50, 3).unwrap(), first);
        assert_eq!(search.stats(), Default::default());
        assert_eq!(search.count(), Status::Exhausted);
        assert_eq!(search.stats(), whole.stats());
        assert_eq!(search.estimate(1, 0), Err(EstimateError::AlreadyStarted));
        // With `B C` forced, `A X` is forced too: one node, the solution, on every probe.
        let mut forced = Search::new(&problem);
        forced.force(1).unwrap();
        let estimate = forced.estimate(20, 1).unwrap();
        assert_eq!((estimate.nodes.mean, estimate.solutions.mean), (1.0, 1.0));
        assert_eq!(estimate.nodes.std_error, 0.0);
    }
}
