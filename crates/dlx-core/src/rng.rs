//! A small seeded random number generator, SplitMix64, with numbered streams.
//!
//! Whatever is drawn at random must be the same for the same seed on any number of threads, so
//! every piece of work (a generated puzzle, a probe of a search tree) draws from a stream of its
//! own, fixed by the seed and its number alone. SplitMix64 (Steele, Lea and Flood) has one word
//! of state, passes BigCrush, and makes independent-looking streams from nearby starting points,
//! which is all these uses ask of it; a crate for it would be more code to trust than these lines.

/// The golden-ratio increment of SplitMix64.
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// A SplitMix64 stream.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

/// SplitMix64's output function: a bijection of 64-bit words that mixes every bit into every
/// other.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Rng {
    /// The stream number `index` for `seed`: the same pair gives the same stream, and
    /// streams of different pairs start far apart.
    pub fn new(seed: u64, index: u64) -> Rng {
        Rng {
            state: mix(seed ^ mix(index.wrapping_add(GAMMA))),
        }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GAMMA);
        mix(self.state)
    }

    /// A number in `0..n` (`n` at least 1), without the bias of a plain remainder (Lemire's
    /// multiply-and-reject).
    pub fn below(&mut self, n: usize) -> usize {
        let n = n.max(1) as u64;
        let threshold = n.wrapping_neg() % n;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(n);
            if (product as u64) >= threshold {
                return (product >> 64) as usize;
            }
        }
    }

    /// Puts `items` in a random order, every order equally likely (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_fixed_by_seed_and_index() {
        let draw = |seed, index| {
            let mut rng = Rng::new(seed, index);
            (0..4).map(|_| rng.next_u64()).collect::<Vec<_>>()
        };
        assert_eq!(draw(7, 3), draw(7, 3));
        assert_ne!(draw(7, 3), draw(7, 4));
        assert_ne!(draw(7, 3), draw(8, 3));
    }

    #[test]
    fn draws_below_cover_the_range_evenly() {
        let mut rng = Rng::new(1, 0);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[rng.below(6)] += 1;
        }
        assert!(seen.iter().all(|&k| (800..1200).contains(&k)), "{seen:?}");
        assert_eq!(rng.below(1), 0);
    }

    #[test]
    fn a_shuffle_is_a_permutation() {
        let mut rng = Rng::new(2, 0);
        let mut items: Vec<usize> = (0..50).collect();
        rng.shuffle(&mut items);
        assert_ne!(items, (0..50).collect::<Vec<_>>());
        items.sort_unstable();
        assert_eq!(items, (0..50).collect::<Vec<_>>());
    }
}
