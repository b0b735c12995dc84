//! Memoised counting with multiplicities: items covered between `min` and `max` times.
//!
//! A sub-problem is known by how often each primary item has been covered so far, what each
//! secondary item holds (free, taken, or a color), and the item being *filled*: once the search
//! branches on an item it takes that item's options one at a time in the order of its list, each
//! after the one before, until the item is full or the search *closes* it (allowed once it is
//! covered `min` times: no more options for it). So every set of options is reached once, never
//! in two orders, and no option twice: a chosen option holds the item being filled, which no
//! option fits once it is closed. The item filled, and the position in its list, are part of the
//! signature; which item to fill next (the one with the fewest fitting options for what it still
//! needs, the lowest number among equals) depends on the signature alone, so every count is a
//! function of it and is cached.
//!
//! On problems such as the 0/1 matrices with `k` ones in every row and column the sub-problems
//! are few (the columns' counts, row after row), and the count is orders of magnitude beyond an
//! enumeration.

use super::counting::Cache;
use super::signature::Key;
use super::{MemoError, MemoStats, Natural};
use crate::{Problem, Stop, Watch};

// A signature here is a word per item (a primary item's count, `FULL` once closed or full; a
// secondary item's `FREE`, `TAKEN` or color), then the item being filled and the position of its
// next option.

/// A secondary item no option has taken.
const FREE: u64 = 0;
/// A secondary item taken without a color.
const TAKEN: u64 = u64::MAX;
/// A primary item that takes no more options (its count no longer matters).
const FULL: u64 = u64::MAX;

/// What a sub-problem comes to before it is searched: a count known at once, or the
/// signature to search.
enum Next {
    Known(u64),
    Search(Key),
}

/// One sub-problem being searched: its signature, the next position in its item's list, whether
/// the branch that closes the item is still to take, and the sum so far.
struct Frame {
    key: Key,
    next: usize,
    close_pending: bool,
    sum: Natural,
}

/// The problem laid out for signatures.
struct Layout<'p> {
    problem: &'p Problem,
    items: usize,
    /// For each primary item, its options in input order.
    options_of: Vec<Vec<usize>>,
}

impl Layout<'_> {
    fn new(problem: &Problem) -> Layout<'_> {
        let mut options_of = vec![Vec::new(); problem.primary_count()];
        for option in 0..problem.option_count() {
            for entry in problem.option(option) {
                if entry.item < problem.primary_count() {
                    options_of[entry.item].push(option);
                }
            }
        }
        Layout {
            problem,
            items: problem.item_count(),
            options_of,
        }
    }

    /// Whether `option` fits the sub-problem `key`.
    fn fits(&self, option: usize, key: &[u64]) -> bool {
        self.problem.option(option).iter().all(|entry| {
            let state = key[entry.item];
            if entry.item < self.problem.primary_count() {
                state != FULL && state < u64::from(self.problem.bounds(entry.item).1)
            } else if entry.color == 0 {
                state == FREE
            } else {
                state == FREE || state == u64::from(entry.color)
            }
        })
    }

    /// Takes `option` into `key`.
    fn take(&self, option: usize, key: &mut [u64]) {
        for entry in self.problem.option(option) {
            key[entry.item] = if entry.item < self.problem.primary_count() {
                let count = key[entry.item] + 1;
                if count == u64::from(self.problem.bounds(entry.item).1) {
                    FULL
                } else {
                    count
                }
            } else if entry.color == 0 {
                TAKEN
            } else {
                u64::from(entry.color)
            };
        }
    }

    /// The sub-problem `key` with no item being filled: solved (1), dead (0), or the signature
    /// with the item to fill next (tested options counted in `checks`).
    fn settle(&self, mut key: Vec<u64>, checks: &mut u64) -> Next {
        let mut best: Option<(usize, usize)> = None; // item, degree
        for (item, options) in self.options_of.iter().enumerate() {
            let count = key[item];
            if count == FULL {
                continue;
            }
            let need = u64::from(self.problem.bounds(item).0).saturating_sub(count) as usize;
            *checks += options.len() as u64;
            let fitting = options.iter().filter(|&&o| self.fits(o, &key)).count();
            if fitting < need {
                return Next::Known(0);
            }
            // The branches: one for each way to take the next option, and closing.
            let degree = fitting + 1 - need;
            if best.map_or(true, |(_, d)| degree < d) {
                best = Some((item, degree));
            }
        }
        match best {
            None => Next::Known(1),
            Some((item, _)) => {
                key[self.items] = item as u64;
                key[self.items + 1] = 0;
                Next::Search(key.into_boxed_slice())
            }
        }
    }
}

/// A memoised count of a problem with multiplicities under way, resumable after a stop.
pub(super) struct Bounded<'p> {
    layout: Layout<'p>,
    stack: Vec<Frame>,
    /// Each signature's count.
    cache: Cache<Natural>,
    stats: MemoStats,
    /// The whole problem's count, once the search is done.
    done: Option<Natural>,
}

impl<'p> Bounded<'p> {
    /// The count of `problem`, not started.
    pub(super) fn new(problem: &'p Problem) -> Bounded<'p> {
        let layout = Layout::new(problem);
        let key_bytes = (layout.items as u64 + 2) * 8;
        let mut stats = MemoStats {
            nodes: 1,
            ..MemoStats::default()
        };
        let root = vec![0; layout.items + 2];
        let (stack, done) = match layout.settle(root, &mut stats.checks) {
            Next::Known(count) => (Vec::new(), Some(Natural::from(count))),
            Next::Search(key) => (vec![Frame::new(key)], None),
        };
        Bounded {
            layout,
            stack,
            cache: Cache::new(key_bytes),
            stats,
            done,
        }
    }

    /// The search's figures so far.
    pub(super) fn stats(&self) -> MemoStats {
        self.stats
    }

    /// The solutions counted so far: those of the sub-problems and branches already finished.
    pub(super) fn found(&self) -> Natural {
        if let Some(done) = &self.done {
            return done.clone();
        }
        let mut sum = Natural::ZERO;
        for frame in &self.stack {
            sum += &frame.sum;
        }
        sum
    }

    /// Searches on under `stop` (nodes are sub-problems, updates options tested, from the start)
    /// with the cache bounded to about `max_bytes`, until the count is done.
    pub(super) fn resume(&mut self, stop: Stop, max_bytes: u64) -> Result<Natural, MemoError> {
        let mut watch = Watch::new(stop);
        let Bounded {
            layout,
            stack,
            cache,
            stats,
            done,
        } = self;
        if let Some(done) = done {
            return Ok(done.clone());
        }
        while let Some(top) = stack.last_mut() {
            let item = top.key[layout.items] as usize;
            let options = &layout.options_of[item];
            let child = if top.next < options.len() {
                let position = top.next;
                top.next += 1;
                let option = options[position];
                stats.checks += 1;
                if !layout.fits(option, &top.key) {
                    continue;
                }
                let mut child = top.key.to_vec();
                layout.take(option, &mut child);
                if child[item] == FULL {
                    layout.settle(child, &mut stats.checks)
                } else {
                    child[layout.items + 1] = position as u64 + 1;
                    Next::Search(child.into_boxed_slice())
                }
            } else if top.close_pending {
                top.close_pending = false;
                if top.key[item] < u64::from(layout.problem.bounds(item).0) {
                    continue;
                }
                let mut child = top.key.to_vec();
                child[item] = FULL;
                layout.settle(child, &mut stats.checks)
            } else {
                let Some(finished) = stack.pop() else { break };
                match stack.last_mut() {
                    Some(parent) => parent.sum += &finished.sum,
                    None => *done = Some(finished.sum.clone()),
                }
                let heap = finished.sum.heap_bytes();
                cache.insert(finished.key, finished.sum, heap);
                stats.entries = cache.map.len() as u64;
                stats.peak_bytes = stats.peak_bytes.max(cache.bytes());
                if stats.peak_bytes > max_bytes {
                    return Err(MemoError::Memory {
                        limit: max_bytes,
                        stats: *stats,
                    });
                }
                continue;
            };
            let parent = stack.last_mut().expect("the frame that made the child");
            match child {
                Next::Known(count) => parent.sum += &Natural::from(count),
                Next::Search(key) => {
                    if let Some(count) = cache.map.get(&key) {
                        stats.hits += 1;
                        parent.sum += count;
                    } else {
                        stats.nodes += 1;
                        stack.push(Frame::new(key));
                        if let Some(reason) = watch.check(stats.nodes, stats.checks) {
                            return Err(MemoError::Stopped {
                                reason,
                                stats: *stats,
                            });
                        }
                    }
                }
            }
        }
        Ok(done.clone().unwrap_or(Natural::ZERO))
    }
}

impl Frame {
    /// The frame of the sub-problem `key`, from the position its signature holds.
    fn new(key: Key) -> Frame {
        let next = key[key.len() - 1] as usize;
        Frame {
            key,
            next,
            close_pending: true,
            sum: Natural::ZERO,
        }
    }
}
