//! The memoised search itself: an explicit stack of sub-problems, each signature's count cached,
//! and (when asked) the ZDD of the solutions built as the counts are.
//!
//! A sub-problem branching on an item with fruitful options `o1, …, ok` (in input order) becomes
//! a chain of ZDD nodes, as in Knuth's dlx6: the node of `oj` has `oj` as its variable, the
//! chain so far (`o1` to `oj-1`) as its low branch and the sub-problem `oj` leads to as its high
//! branch; the last node of the chain stands for the sub-problem. A node is made only when its
//! high branch is known, so children are always numbered below their parents.

use std::collections::HashMap;

use super::bounded::Bounded;
use super::signature::Key;
use super::zdd::{Node, Zdd};
use super::{Memo, MemoError, MemoStats, Natural};
use crate::{Stop, Watch};

/// The cache's hasher: foldhash's fast hash, far quicker than SipHash on keys of a few words.
type Hasher = foldhash::fast::FixedState;

/// A sub-problem searched: its count and the ZDD node that stands for its solutions
/// ([`Zdd::EMPTY`] when there are none; [`Zdd::UNIT`] for any other when no ZDD is built).
struct Answer {
    count: Natural,
    node: u32,
}

/// What the sub-problems searched came to (`V`: a count, with its ZDD node when one is built),
/// by signature, and the bytes they take.
pub(super) struct Cache<V> {
    pub(super) map: HashMap<Key, V, Hasher>,
    /// Bytes on the heap besides the table: keys and large counts.
    heap: u64,
    /// Bytes of one key on the heap.
    key_bytes: u64,
}

impl<V> Cache<V> {
    /// An empty cache of keys of `key_bytes` bytes each.
    pub(super) fn new(key_bytes: u64) -> Cache<V> {
        Cache {
            map: HashMap::default(),
            heap: 0,
            key_bytes,
        }
    }

    /// Caches `value` for `key`; `value_heap` is what the value takes on the heap (a large
    /// count's limbs).
    pub(super) fn insert(&mut self, key: Key, value: V, value_heap: usize) {
        self.heap += self.key_bytes + value_heap as u64;
        self.map.insert(key, value);
    }

    /// The bytes the cache takes (an estimate: its table, keys and large counts).
    pub(super) fn bytes(&self) -> u64 {
        let slot_bytes = (std::mem::size_of::<(Key, V)>() + 1) as u64;
        self.map.capacity() as u64 * slot_bytes + self.heap
    }
}

/// One sub-problem being searched: its signature, its branching item and the position of the
/// next of its options to try, the sum of the counts so far and the top of its ZDD chain.
struct Frame {
    key: Key,
    item: usize,
    next: usize,
    sum: Natural,
    node: u32,
}

/// A memoised count under way: resumable after a stop ([`Counting::resume`]), its progress
/// readable between turns. Made by [`Memo::counting`].
pub struct Counting<'m, 'p> {
    memo: &'m Memo<'p>,
    stack: Vec<Frame>,
    cache: Cache<Answer>,
    /// The ZDD's nodes, the two terminals first, when one is built.
    zdd: Option<Vec<Node>>,
    stats: MemoStats,
    /// The whole problem's answer, once the search is done.
    done: Option<Answer>,
    /// The search of a problem with multiplicities, which runs instead of the one above.
    bounded: Option<Bounded<'p>>,
}

impl<'m, 'p> Counting<'m, 'p> {
    /// The search of `memo`'s problem, not started; with a ZDD when `zdd`.
    pub(super) fn new(memo: &'m Memo<'p>, zdd: bool) -> Counting<'m, 'p> {
        let sig = &memo.signatures;
        let mut counting = Counting {
            memo,
            stack: Vec::new(),
            cache: Cache::new(sig.key_bytes()),
            zdd: zdd.then(|| vec![Node::TERMINAL; 2]),
            stats: MemoStats {
                nodes: 1,
                zdd_nodes: zdd.then_some(0),
                ..MemoStats::default()
            },
            done: None,
            bounded: None,
        };
        if memo.problem.has_multiplicities() {
            counting.bounded = Some(Bounded::new(memo.problem));
            return counting;
        }
        let root = sig.root();
        if sig.solved(&root) {
            counting.done = Some(Answer {
                count: Natural::from(1),
                node: Zdd::UNIT,
            });
        } else {
            match sig.branch_item(&root, &mut counting.stats.checks) {
                Some(item) => counting.stack.push(Frame::new(root, item)),
                None => {
                    counting.done = Some(Answer {
                        count: Natural::ZERO,
                        node: Zdd::EMPTY,
                    })
                }
            }
        }
        counting
    }

    /// The search's figures so far.
    pub fn stats(&self) -> MemoStats {
        match &self.bounded {
            Some(bounded) => bounded.stats(),
            None => self.stats,
        }
    }

    /// The solutions counted so far: those of the sub-problems and branches already finished.
    pub fn found(&self) -> Natural {
        if let Some(bounded) = &self.bounded {
            return bounded.found();
        }
        if let Some(done) = &self.done {
            return done.count.clone();
        }
        let mut sum = Natural::ZERO;
        for frame in &self.stack {
            sum += &frame.sum;
        }
        sum
    }

    /// Searches on under `stop` (its budget counts sub-problems as nodes and options tested as
    /// updates, from the start of the count)
    /// until the count is done: then the number of solutions. After [`MemoError::Stopped`] the
    /// search can resume; after [`MemoError::Memory`] it cannot.
    pub fn resume(&mut self, stop: Stop) -> Result<Natural, MemoError> {
        if let Some(bounded) = &mut self.bounded {
            return bounded.resume(stop, self.memo.max_bytes);
        }
        let sig = &self.memo.signatures;
        let max_bytes = self.memo.max_bytes;
        let mut watch = Watch::new(stop);
        let Counting {
            stack,
            cache,
            zdd,
            stats,
            done,
            ..
        } = self;
        if let Some(done) = done {
            return Ok(done.count.clone());
        }
        if let Some(reason) = watch.check(stats.nodes, stats.checks) {
            return Err(MemoError::Stopped {
                reason,
                stats: *stats,
            });
        }
        while let Some(top) = stack.last_mut() {
            let options = sig.options_of(top.item);
            let grew = if let Some(&option) = options.get(top.next) {
                top.next += 1;
                stats.checks += 1;
                if !sig.fits(option, &top.key) {
                    continue;
                }
                let mut child = top.key.clone();
                sig.take(option, &mut child);
                if sig.solved(&child) {
                    top.add(option, &Natural::from(1), Zdd::UNIT, zdd)
                } else if let Some(answer) = cache.map.get(&child) {
                    stats.hits += 1;
                    top.add(option, &answer.count, answer.node, zdd)
                } else {
                    stats.nodes += 1;
                    let grew = match sig.branch_item(&child, &mut stats.checks) {
                        Some(item) => {
                            stack.push(Frame::new(child, item));
                            false
                        }
                        None => {
                            let node = Zdd::EMPTY;
                            cache.insert(child, Answer::new(Natural::ZERO, node), 0);
                            true
                        }
                    };
                    if let Some(reason) = watch.check(stats.nodes, stats.checks) {
                        return Err(MemoError::Stopped {
                            reason,
                            stats: *stats,
                        });
                    }
                    grew
                }
            } else {
                let Some(finished) = stack.pop() else { break };
                let answer = Answer::new(finished.sum, finished.node);
                match stack.last_mut() {
                    Some(parent) => {
                        let option = sig.options_of(parent.item)[parent.next - 1];
                        parent.add(option, &answer.count, answer.node, zdd);
                    }
                    None => {
                        *done = Some(Answer::new(answer.count.clone(), answer.node));
                    }
                }
                let heap = answer.count.heap_bytes();
                cache.insert(finished.key, answer, heap);
                true
            };
            if grew {
                stats.entries = cache.map.len() as u64;
                let zdd_bytes = zdd.as_ref().map_or(0, |nodes| {
                    stats.zdd_nodes = Some(nodes.len() as u64 - 2);
                    (nodes.capacity() * std::mem::size_of::<Node>()) as u64
                });
                stats.peak_bytes = stats.peak_bytes.max(cache.bytes() + zdd_bytes);
                let full = zdd
                    .as_ref()
                    .is_some_and(|nodes| nodes.len() >= Zdd::MAX_NODES);
                if stats.peak_bytes > max_bytes || full {
                    return Err(MemoError::Memory {
                        limit: max_bytes,
                        stats: *stats,
                    });
                }
            }
        }
        Ok(self
            .done
            .as_ref()
            .map_or(Natural::ZERO, |d| d.count.clone()))
    }

    /// The ZDD of the solutions, once the search is done (and was asked to build one).
    pub fn into_zdd(self) -> Option<Zdd> {
        let root = self.done?.node;
        self.zdd.map(|nodes| Zdd::from_parts(nodes, root))
    }
}

impl Answer {
    /// `count` solutions, whose ZDD is `node`.
    fn new(count: Natural, node: u32) -> Answer {
        Answer { count, node }
    }
}

impl Frame {
    /// The sub-problem `key`, branching on `item`, nothing counted yet.
    fn new(key: Key, item: usize) -> Frame {
        Frame {
            key,
            item,
            next: 0,
            sum: Natural::ZERO,
            node: Zdd::EMPTY,
        }
    }

    /// Adds what `option` leads to (`count` solutions, ZDD node `node`) to this sub-problem,
    /// extending its chain when a ZDD is built. Returns whether the ZDD grew.
    fn add(
        &mut self,
        option: usize,
        count: &Natural,
        node: u32,
        zdd: &mut Option<Vec<Node>>,
    ) -> bool {
        if node == Zdd::EMPTY {
            return false;
        }
        self.sum += count;
        match zdd {
            Some(nodes) => {
                // Below Zdd::MAX_NODES, which the search checks as the ZDD grows.
                let id = nodes.len() as u32;
                nodes.push(Node {
                    option: option as u32,
                    lo: self.node,
                    hi: node,
                });
                self.node = id;
                true
            }
            None => {
                self.node = Zdd::UNIT;
                false
            }
        }
    }
}
