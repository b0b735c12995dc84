//! Solutions drawn uniformly at random from a [`Zdd`]: a number below the count, followed down
//! the diagram by the counts of its nodes.

use super::zdd::Zdd;
use super::{MemoError, MemoStats, Natural};
use crate::rng::Rng;

/// Draws solutions from a [`Zdd`], each of them equally likely: [`Sampler::new`], then
/// [`Sampler::sample`] with a seeded [`Rng`] (the same seed, the same solutions).
///
/// ```
/// use dlx_core::{knuth, memo::{Memo, Sampler}, rng::Rng};
///
/// let text = "a b c d e f\na b\nb c\nd e\ne f\na d\nb e\nc f\n";
/// let problem = knuth::parse(text).unwrap().problem;
/// let (zdd, _) = Memo::new(&problem).zdd().unwrap();
/// let sampler = Sampler::new(&zdd, u64::MAX).unwrap();
/// let mut rng = Rng::new(7, 0);
/// let tiling = sampler.sample(&mut rng).unwrap();
/// assert_eq!(tiling.len(), 3);
/// ```
#[derive(Debug)]
pub struct Sampler<'z> {
    zdd: &'z Zdd,
    /// The number of sets of each node's family, by node number.
    counts: Vec<Natural>,
}

impl<'z> Sampler<'z> {
    /// A sampler of `zdd`'s solutions: the count of every node, in at most about `max_bytes`
    /// (else [`MemoError::Memory`]).
    pub fn new(zdd: &'z Zdd, max_bytes: u64) -> Result<Sampler<'z>, MemoError> {
        let slots = (zdd.len() as u64 + 2) * std::mem::size_of::<Natural>() as u64;
        let memory = |bytes| MemoError::Memory {
            limit: max_bytes,
            stats: MemoStats {
                peak_bytes: bytes,
                ..MemoStats::default()
            },
        };
        if slots > max_bytes {
            return Err(memory(slots));
        }
        let counts = zdd.counts();
        let bytes = slots + counts.iter().map(|c| c.heap_bytes() as u64).sum::<u64>();
        if bytes > max_bytes {
            return Err(memory(bytes));
        }
        Ok(Sampler { zdd, counts })
    }

    /// The number of solutions.
    pub fn count(&self) -> &Natural {
        &self.counts[self.zdd.root() as usize]
    }

    /// One solution, every one equally likely, as its options in the order a search chose them;
    /// `None` when there is none.
    pub fn sample(&self, rng: &mut Rng) -> Option<Vec<usize>> {
        let mut id = self.zdd.root();
        if id == Zdd::EMPTY {
            return None;
        }
        // The solution's rank among those below the node, low branch first.
        let mut rank = below(self.count(), rng);
        let mut options = Vec::new();
        while let Some(node) = self.zdd.node(id) {
            let low = &self.counts[node.lo as usize];
            if rank < *low {
                id = node.lo;
            } else {
                rank -= low;
                options.push(node.option as usize);
                id = node.hi;
            }
        }
        Some(options)
    }
}

/// A number below `n` (not zero), every one equally likely: random limbs, the top one cut to the
/// bits of `n`'s, drawn again while they are not below `n` (fewer than two draws on average).
fn below(n: &Natural, rng: &mut Rng) -> Natural {
    let limbs = n.limbs();
    let top = limbs.last().copied().unwrap_or(0);
    let mask = u64::MAX >> top.leading_zeros();
    loop {
        let mut draw: Vec<u64> = limbs.iter().map(|_| rng.next_u64()).collect();
        if let Some(last) = draw.last_mut() {
            *last &= mask;
        }
        let draw = Natural::from_limbs(draw);
        if draw < *n {
            return draw;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_below_cover_a_range_across_limbs_evenly() {
        // 3 * 2^64: the top limb is 3, so about a quarter of the draws are refused.
        let mut n = Natural::from(u64::MAX);
        n += &Natural::from(1);
        let copy = n.clone();
        n += &copy;
        n += &copy;
        let mut rng = Rng::new(5, 0);
        let mut thirds = [0u32; 3];
        for _ in 0..3000 {
            let draw = below(&n, &mut rng);
            assert!(draw < n);
            thirds[draw.limbs().get(1).copied().unwrap_or(0) as usize] += 1;
        }
        assert!(
            thirds.iter().all(|&k| (850..1150).contains(&k)),
            "{thirds:?}"
        );
        let one = Natural::from(1);
        assert_eq!(below(&one, &mut rng), Natural::ZERO);
    }
}
