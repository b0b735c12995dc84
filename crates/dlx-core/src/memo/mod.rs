//! Counting without enumerating: a search whose sub-problems met again are answered from a cache
//! (after Knuth's dlx6 and Nishino, Yasuda, Minato and Nagata, "Dancing with decision diagrams",
//! AAAI 2017).
//!
//! A sub-problem is known by its *signature*: the items the options chosen so far have taken,
//! and the color each colored secondary item has been given. Which options are still possible
//! depends on the signature alone, and so does the item this search branches on (the uncovered
//! primary item with the fewest such options, the lowest-numbered among equals), so the number
//! of solutions of a sub-problem is a function of its signature:
//! `count(s) = Σ count(s + o)` over the options `o` of the chosen item that fit `s`. Each
//! signature's count is cached, and where sub-problems repeat (tilings, most counting problems
//! on boards) the search is orders of magnitude smaller than an enumeration of the solutions.
//!
//! The count is exact, of any size ([`Natural`]). The cache only grows; [`Memo::max_bytes`]
//! bounds it, and the search stops with [`MemoError::Memory`] instead of growing past it. The
//! search is iterative: its own stack holds one frame per option chosen, at most one per
//! primary item. Problems with multiplicities are refused ([`MemoError::Multiplicities`]).
//!
//! ```
//! use dlx_core::{knuth, memo::Memo};
//!
//! // The 2x3 board's cells, and the dominoes on it: 3 tilings.
//! let text = "a b c d e f\na b\nb c\nd e\ne f\na d\nb e\nc f\n";
//! let problem = knuth::parse(text).unwrap().problem;
//! let counted = Memo::new(&problem).count().unwrap();
//! assert_eq!(counted.count.to_u64(), Some(3));
//! ```

mod natural;

use std::collections::HashMap;
use std::fmt;

use thiserror::Error;

use crate::{Problem, Stop, StopReason, Watch};

pub use natural::Natural;

/// The cache's hasher: foldhash's fast hash, far quicker than SipHash on keys of a few words.
type Hasher = foldhash::fast::FixedState;

/// A signature: the taken items as bits, then the colors of the colored secondary items.
type Key = Box<[u64]>;

/// What a memoised count did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemoStats {
    /// Sub-problems searched: each signature met for the first time, the whole problem included.
    pub nodes: u64,
    /// Signatures whose count is cached.
    pub entries: u64,
    /// Sub-problems answered from the cache.
    pub hits: u64,
    /// The most bytes the cache held (an estimate: its table, keys and large counts).
    pub peak_bytes: u64,
}

impl fmt::Display for MemoStats {
    /// `nodes=… entries=… hits=… cache-bytes=…`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "nodes={} entries={} hits={} cache-bytes={}",
            self.nodes, self.entries, self.hits, self.peak_bytes
        )
    }
}

/// The result of a memoised count: the number of solutions and what it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The number of solutions, exactly.
    pub count: Natural,
    /// The search's figures.
    pub stats: MemoStats,
}

/// Why a memoised count gave no answer.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MemoError {
    /// The problem has items with multiplicities, which this search does not count.
    #[error(
        "counting by memo does not take multiplicities (items covered other than exactly once)"
    )]
    Multiplicities,
    /// The cache would have grown past its bound.
    #[error("the memo cache needs more than {limit} bytes")]
    Memory {
        /// The bound, in bytes.
        limit: u64,
        /// The figures when the search stopped.
        stats: MemoStats,
    },
    /// The run's [`Stop`] stopped the search (a budget of nodes, a deadline or the cancel flag).
    #[error("the count stopped: {reason:?}")]
    Stopped {
        /// Why.
        reason: StopReason,
        /// The figures when the search stopped.
        stats: MemoStats,
    },
}

/// A memoised count of a problem's solutions, set up once: [`Memo::new`], then the bounds, then
/// [`Memo::count`].
#[derive(Debug)]
pub struct Memo<'p> {
    problem: &'p Problem,
    /// Words of taken-item bits at the start of a key.
    item_words: usize,
    /// Words of the whole key (the taken bits, then two colors a word).
    key_words: usize,
    /// The bits of the primary items, word by word.
    primary_mask: Vec<u64>,
    /// For each option, the words of its items without a color: `(word, bits)`, from
    /// `word_starts[o]` to `word_starts[o + 1]`.
    word_starts: Vec<usize>,
    words: Vec<(usize, u64)>,
    /// For each option, its colored entries: `(item, slot of the item's color, color)`.
    color_starts: Vec<usize>,
    colored: Vec<(usize, usize, u64)>,
    /// For each primary item, the options that cover it.
    item_starts: Vec<usize>,
    item_options: Vec<usize>,
    max_bytes: u64,
    stop: Stop,
}

/// The counts of the sub-problems searched, by signature, and the bytes they take.
struct Cache {
    map: HashMap<Key, Natural, Hasher>,
    /// Bytes on the heap besides the table: keys and large counts.
    heap: u64,
    /// Bytes of one key on the heap.
    key_bytes: u64,
}

impl Cache {
    fn new(key_words: usize) -> Cache {
        Cache {
            map: HashMap::default(),
            heap: 0,
            key_bytes: (key_words * 8) as u64,
        }
    }

    /// Caches `count` for `key`; returns the bytes the cache takes now (an estimate: its table,
    /// keys and large counts).
    fn insert(&mut self, key: Key, count: Natural) -> u64 {
        self.heap += self.key_bytes + count.heap_bytes() as u64;
        self.map.insert(key, count);
        let slot_bytes = (std::mem::size_of::<(Key, Natural)>() + 1) as u64;
        self.map.capacity() as u64 * slot_bytes + self.heap
    }
}

/// One sub-problem being searched: its signature, the options of its branching item still to
/// try, and the sum of the counts so far.
struct Frame {
    key: Key,
    next: usize,
    end: usize,
    sum: Natural,
}

impl<'p> Memo<'p> {
    /// A count of `problem`'s solutions, with no bound on memory and no stop.
    pub fn new(problem: &'p Problem) -> Memo<'p> {
        let items = problem.item_count();
        let item_words = items.div_ceil(64);
        let mut slots = vec![None; items];
        let mut slot_count = 0usize;
        for option in 0..problem.option_count() {
            for entry in problem.option(option) {
                if entry.color != 0 && slots[entry.item].is_none() {
                    slots[entry.item] = Some(slot_count);
                    slot_count += 1;
                }
            }
        }
        let mut primary_mask = vec![0u64; item_words];
        for item in 0..problem.primary_count() {
            primary_mask[item / 64] |= 1 << (item % 64);
        }
        let (mut word_starts, mut words) = (vec![0], Vec::new());
        let (mut color_starts, mut colored) = (vec![0], Vec::new());
        let mut per_item = vec![Vec::new(); problem.primary_count()];
        for option in 0..problem.option_count() {
            let mut bits: Vec<(usize, u64)> = Vec::new();
            for entry in problem.option(option) {
                if entry.item < problem.primary_count() {
                    per_item[entry.item].push(option);
                }
                match slots[entry.item] {
                    Some(slot) if entry.color != 0 => {
                        colored.push((entry.item, slot, u64::from(entry.color)));
                    }
                    _ => {
                        let (word, bit) = (entry.item / 64, 1u64 << (entry.item % 64));
                        match bits.iter_mut().find(|(w, _)| *w == word) {
                            Some((_, b)) => *b |= bit,
                            None => bits.push((word, bit)),
                        }
                    }
                }
            }
            words.extend(bits);
            word_starts.push(words.len());
            color_starts.push(colored.len());
        }
        let mut item_starts = vec![0];
        let mut item_options = Vec::new();
        for options in per_item {
            item_options.extend(options);
            item_starts.push(item_options.len());
        }
        Memo {
            problem,
            item_words,
            key_words: item_words + slot_count.div_ceil(2),
            primary_mask,
            word_starts,
            words,
            color_starts,
            colored,
            item_starts,
            item_options,
            max_bytes: u64::MAX,
            stop: Stop::new(),
        }
    }

    /// Bounds the cache to about `bytes`: the count stops with [`MemoError::Memory`] before it
    /// holds more.
    pub fn max_bytes(mut self, bytes: u64) -> Memo<'p> {
        self.max_bytes = bytes;
        self
    }

    /// Watches `stop` while counting: a budget counts the search's nodes.
    pub fn with_stop(mut self, stop: Stop) -> Memo<'p> {
        self.stop = stop;
        self
    }

    /// Counts the solutions.
    pub fn count(&self) -> Result<Counted, MemoError> {
        if self.problem.has_multiplicities() {
            return Err(MemoError::Multiplicities);
        }
        let mut watch = Watch::new(self.stop.clone());
        let mut cache = Cache::new(self.key_words);
        let mut stats = MemoStats {
            nodes: 1,
            ..MemoStats::default()
        };
        let root: Key = vec![0; self.key_words].into_boxed_slice();
        let mut stack: Vec<Frame> = self
            .branch_item(&root)
            .map(|item| self.frame(root, item))
            .into_iter()
            .collect();
        let mut total = Natural::ZERO;
        while let Some(top) = stack.last_mut() {
            let grown = if top.next < top.end {
                let option = self.item_options[top.next];
                top.next += 1;
                if !self.fits(option, &top.key) {
                    continue;
                }
                let mut child = top.key.clone();
                self.take(option, &mut child);
                if self.solved(&child) {
                    top.sum += &Natural::from(1);
                    continue;
                }
                if let Some(count) = cache.map.get(&child) {
                    stats.hits += 1;
                    top.sum += count;
                    continue;
                }
                stats.nodes += 1;
                if let Some(reason) = watch.check(stats.nodes, 0) {
                    return Err(MemoError::Stopped { reason, stats });
                }
                match self.branch_item(&child) {
                    Some(item) => {
                        stack.push(self.frame(child, item));
                        continue;
                    }
                    None => cache.insert(child, Natural::ZERO),
                }
            } else {
                let Some(done) = stack.pop() else { break };
                match stack.last_mut() {
                    Some(parent) => parent.sum += &done.sum,
                    None => total = done.sum.clone(),
                }
                cache.insert(done.key, done.sum)
            };
            stats.entries = cache.map.len() as u64;
            stats.peak_bytes = grown;
            if grown > self.max_bytes {
                return Err(MemoError::Memory {
                    limit: self.max_bytes,
                    stats,
                });
            }
        }
        Ok(Counted {
            count: total,
            stats,
        })
    }

    /// A frame for the sub-problem `key`, branching on `item`.
    fn frame(&self, key: Key, item: usize) -> Frame {
        Frame {
            key,
            next: self.item_starts[item],
            end: self.item_starts[item + 1],
            sum: Natural::ZERO,
        }
    }

    /// Whether `option` fits the sub-problem `key`: its items without a color are free, and
    /// each colored one is free or has its color.
    fn fits(&self, option: usize, key: &[u64]) -> bool {
        let words = &self.words[self.word_starts[option]..self.word_starts[option + 1]];
        words.iter().all(|&(word, bits)| key[word] & bits == 0)
            && self.colored[self.color_starts[option]..self.color_starts[option + 1]]
                .iter()
                .all(|&(item, slot, color)| {
                    key[item / 64] >> (item % 64) & 1 == 0 || self.color_of(key, slot) == color
                })
    }

    /// The color held in `slot` of `key`.
    fn color_of(&self, key: &[u64], slot: usize) -> u64 {
        key[self.item_words + slot / 2] >> (32 * (slot % 2)) & 0xffff_ffff
    }

    /// Takes `option`'s items in `key` (which it fits), setting the colors it gives.
    fn take(&self, option: usize, key: &mut [u64]) {
        for &(word, bits) in &self.words[self.word_starts[option]..self.word_starts[option + 1]] {
            key[word] |= bits;
        }
        for &(item, slot, color) in
            &self.colored[self.color_starts[option]..self.color_starts[option + 1]]
        {
            key[item / 64] |= 1 << (item % 64);
            key[self.item_words + slot / 2] |= color << (32 * (slot % 2));
        }
    }

    /// Whether every primary item is taken in `key`.
    fn solved(&self, key: &[u64]) -> bool {
        key.iter()
            .zip(&self.primary_mask)
            .all(|(&word, &mask)| word & mask == mask)
    }

    /// The item to branch on in the sub-problem `key` (not solved): the free primary item with
    /// the fewest options that fit, the lowest-numbered among equals; `None` when some free
    /// primary item has no option left (the sub-problem has no solution).
    fn branch_item(&self, key: &[u64]) -> Option<usize> {
        let mut best: Option<(usize, usize)> = None;
        for (w, (&word, &mask)) in key.iter().zip(&self.primary_mask).enumerate() {
            let mut free = !word & mask;
            while free != 0 {
                let item = w * 64 + free.trailing_zeros() as usize;
                free &= free - 1;
                let bound = best.map_or(usize::MAX, |(_, n)| n);
                let mut n = 0;
                for &option in
                    &self.item_options[self.item_starts[item]..self.item_starts[item + 1]]
                {
                    if self.fits(option, key) {
                        n += 1;
                        if n >= bound {
                            break;
                        }
                    }
                }
                if n == 0 {
                    return None;
                }
                if n < bound {
                    best = Some((item, n));
                }
            }
        }
        best.map(|(item, _)| item)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knuth;

    fn problem(text: &str) -> Problem {
        knuth::parse(text).unwrap().problem
    }

    #[test]
    fn colors_agree_or_exclude() {
        // Both options that give X red fit together; X plain takes it alone.
        let p = problem("A B | X\nA X:red\nB X:red\nA B X\nB X:blue\n");
        let counted = Memo::new(&p).count().unwrap();
        assert_eq!(counted.count.to_u64(), Some(2));
    }

    #[test]
    fn no_options_no_solutions() {
        let p = problem("A B\nA\n");
        assert_eq!(Memo::new(&p).count().unwrap().count, Natural::ZERO);
    }

    #[test]
    fn multiplicities_are_refused() {
        let p = problem("2:3|A B\nA\nA B\n");
        assert_eq!(Memo::new(&p).count(), Err(MemoError::Multiplicities));
    }

    #[test]
    fn the_cache_stays_within_its_bound() {
        let p = problem("a b c d e f\na b\nb c\nd e\ne f\na d\nb e\nc f\n");
        match Memo::new(&p).max_bytes(64).count() {
            Err(MemoError::Memory { limit: 64, stats }) => assert!(stats.peak_bytes > 64),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_budget_stops_the_count() {
        let p = problem("a b c d e f\na b\nb c\nd e\ne f\na d\nb e\nc f\n");
        let stop = Stop::new().with_budget(crate::Budget::Nodes(1));
        match Memo::new(&p).with_stop(stop).count() {
            Err(MemoError::Stopped { reason, .. }) => assert_eq!(reason, StopReason::Budget),
            other => panic!("{other:?}"),
        }
    }
}
