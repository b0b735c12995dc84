//! Langford pairs L(2, n) as exact cover.
//!
//! Arrange two copies of each number `1..=n` in a row of `2n` places so that the two `k`s have
//! exactly `k` numbers between them. The items are the values `v1 … vn` and the places
//! `s1 … s2n`; the option "the `k`s go to places `i` and `i+k+1`" covers `vk si s(i+k+1)`. Both
//! a sequence and its mirror image are counted, as in Knuth's `langford*.dlx` files.
//!
//! ```
//! use dlx_core::Search;
//! use dlx_puzzles::langford::Langford;
//!
//! let langford = Langford::new(3).unwrap();
//! let mut search = Search::new(langford.problem());
//! let first = search.solutions().next().unwrap();
//! assert_eq!(langford.decode(&first).unwrap().to_string(), "3 1 2 1 3 2");
//! ```

use std::fmt;

use dlx_core::{BuildError, Entry, Problem, ProblemBuilder};
use thiserror::Error;

use crate::DecodeError;

/// The largest `n` that [`Langford::new`] accepts.
pub const MAX_N: usize = 1000;

/// Why a Langford problem cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LangfordError {
    /// There must be at least one pair.
    #[error("there must be at least one pair (n ≥ 1)")]
    Empty,
    /// `n` is larger than [`MAX_N`].
    #[error("{0} pairs is too many (at most {MAX_N})")]
    TooLarge(usize),
    /// The engine refused the problem.
    #[error(transparent)]
    Build(#[from] BuildError),
}

/// The Langford-pairs problem L(2, n), built once and ready to search.
#[derive(Clone, Debug)]
pub struct Langford {
    n: usize,
    problem: Problem,
    /// For each option: the value and the (0-based) place of its first copy.
    pairs: Vec<(usize, usize)>,
}

impl Langford {
    /// Builds the problem for the numbers `1..=n`.
    ///
    /// The options come value by value, and for each value from the leftmost place to the
    /// rightmost, exactly as in Knuth's files.
    pub fn new(n: usize) -> Result<Langford, LangfordError> {
        if n == 0 {
            return Err(LangfordError::Empty);
        }
        if n > MAX_N {
            return Err(LangfordError::TooLarge(n));
        }
        let mut builder = ProblemBuilder::new();
        let values = (1..=n)
            .map(|k| builder.primary(format!("v{k}")))
            .collect::<Result<Vec<_>, _>>()?;
        let places = (1..=2 * n)
            .map(|i| builder.primary(format!("s{i}")))
            .collect::<Result<Vec<_>, _>>()?;
        let mut pairs = Vec::new();
        for (k, &value) in (1..).zip(&values) {
            for first in 0..2 * n - k - 1 {
                let second = first + k + 1;
                builder.option([value, places[first], places[second]].map(Entry::plain))?;
                pairs.push((k, first));
            }
        }
        Ok(Langford {
            n,
            problem: builder.build()?,
            pairs,
        })
    }

    /// The number of pairs.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// Reads a solution (option numbers, as a [`dlx_core::Search`] gives them) as a sequence.
    pub fn decode(&self, options: &[usize]) -> Result<LangfordSolution, DecodeError> {
        let mut sequence = vec![None; 2 * self.n];
        let mut placed = vec![false; self.n + 1];
        for &option in options {
            let &(k, first) = self
                .pairs
                .get(option)
                .ok_or(DecodeError::UnknownOption(option))?;
            if std::mem::replace(&mut placed[k], true) {
                return Err(DecodeError::Twice(format!("value {k}")));
            }
            for place in [first, first + k + 1] {
                if sequence[place].replace(k).is_some() {
                    return Err(DecodeError::Twice(format!("place {}", place + 1)));
                }
            }
        }
        let sequence = sequence
            .into_iter()
            .enumerate()
            .map(|(i, k)| k.ok_or_else(|| DecodeError::Uncovered(format!("place {}", i + 1))))
            .collect::<Result<_, _>>()?;
        Ok(LangfordSolution { sequence })
    }
}

/// A Langford sequence: `2n` numbers, each of `1..=n` twice.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LangfordSolution {
    sequence: Vec<usize>,
}

impl LangfordSolution {
    /// The numbers from left to right.
    pub fn sequence(&self) -> &[usize] {
        &self.sequence
    }
}

/// The numbers separated by single spaces, without a newline.
impl fmt::Display for LangfordSolution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, k) in self.sequence.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{k}")?;
        }
        Ok(())
    }
}

crate::model::impl_model!(Langford);

#[cfg(test)]
mod tests {
    use dlx_core::{knuth, Search, Status};

    use super::*;

    fn solutions(n: usize) -> Vec<Vec<usize>> {
        let langford = Langford::new(n).unwrap();
        let mut search = Search::new(langford.problem());
        let found: Vec<_> = search
            .solutions()
            .map(|options| langford.decode(&options).unwrap().sequence().to_vec())
            .collect();
        assert_eq!(search.step(), Status::Exhausted);
        found
    }

    #[test]
    fn finds_both_mirror_images() {
        let mut found = solutions(3);
        found.sort();
        assert_eq!(found, [[2, 3, 1, 2, 1, 3], [3, 1, 2, 1, 3, 2]]);
        assert_eq!(solutions(4).len(), 2);
        assert!(solutions(5).is_empty());
        assert!(solutions(1).is_empty());
    }

    #[test]
    fn every_sequence_is_a_langford_sequence() {
        for sequence in solutions(7) {
            for k in 1..=7 {
                let at: Vec<usize> = (0..14).filter(|&i| sequence[i] == k).collect();
                assert_eq!(at.len(), 2);
                assert_eq!(at[1] - at[0], k + 1);
            }
        }
    }

    #[test]
    fn writes_knuths_file() {
        let text = knuth::write(Langford::new(3).unwrap().problem());
        assert_eq!(
            text,
            "v1 v2 v3 s1 s2 s3 s4 s5 s6\nv1 s1 s3\nv1 s2 s4\nv1 s3 s5\nv1 s4 s6\n\
             v2 s1 s4\nv2 s2 s5\nv2 s3 s6\nv3 s1 s5\nv3 s2 s6\n"
        );
    }

    #[test]
    fn one_pair_has_no_option() {
        // The two 1s would need a place between them, and there is none.
        let langford = Langford::new(1).unwrap();
        assert_eq!(langford.problem().option_count(), 0);
    }

    #[test]
    fn rejects_bad_sizes() {
        assert_eq!(Langford::new(0).unwrap_err(), LangfordError::Empty);
        assert_eq!(
            Langford::new(MAX_N + 1).unwrap_err(),
            LangfordError::TooLarge(MAX_N + 1)
        );
    }
}
