//! The state of a dancing-cells search: every active item keeps its active options in a sparse
//! set, and a trail of old set sizes undoes any number of changes at once.
//!
//! - Options are laid out as in Knuth's programs: the *nodes* of each option (one per item it
//!   names) lie consecutively, with a *spacer* before the first option and after every option.
//!   `nodes[x].item` is node `x`'s item, or [`SPACER`]; a spacer's `loc` is the first node of the
//!   option that ends at it, so an option is walked by index, wrapping around at its spacer.
//! - Item `k`'s set lives in `set[base..base + len]` (`heads[k]` holds both): the nodes of its
//!   active options, in any order. `nodes[x].loc` is where node `x` stands in `set`. Removing a node swaps it with the last
//!   member and shortens the set; the removed node stays just past the end, so giving the old
//!   length back restores the set (as a set: the order may differ). Nothing is ever relinked.
//! - An item that is covered (taken out of the problem) has its length set to [`INACTIVE`]; its set
//!   is not looked at again until the length is restored.
//! - The *trail* holds `(item, old length)` for the first change of every length in each *epoch*
//!   (one epoch per option tried at a branch, forced moves included). Undoing pops the trail.

/// `item` of a spacer.
const SPACER: u32 = u32::MAX;

/// `len` of an item that has been covered.
const INACTIVE: u32 = u32::MAX;

use super::Stats;
use crate::problem::Problem;

/// A node: an option's entry for one item, or a spacer.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// The item, or [`SPACER`].
    item: u32,
    /// Where the node stands in `set`; for a spacer, the first node of the option ending there.
    loc: u32,
}

/// An item's set: where it starts in `set`, and how many options it has left.
#[derive(Clone, Copy, Debug)]
struct Head {
    /// How many options the item has left, or [`INACTIVE`].
    len: u32,
    /// Where the item's set starts in `set`.
    base: u32,
    /// The epoch in which `len` was last saved on the trail.
    stamp: u32,
}

/// The sparse sets of one search, and what undoes their changes.
#[derive(Clone, Debug)]
pub(crate) struct Sets {
    /// Every node, spacers included.
    nodes: Vec<Node>,
    /// The option of every node (`u32::MAX` for spacers); only read to report solutions.
    option_of: Vec<u32>,
    /// The members of every item's set, item after item.
    set: Vec<u32>,
    /// Every item's set.
    heads: Vec<Head>,
    /// The number of primary items; they are items `0..primary`.
    primary: usize,
    /// `(item, old length)`, oldest first.
    trail: Vec<(u32, u32)>,
    /// The current epoch (stamps of earlier epochs are smaller or zero).
    epoch: u32,
    /// How many primary items are still active.
    remaining: u32,
    /// Primary items whose length dropped to one: candidates for forced moves.
    forced: Vec<u32>,
}

impl Sets {
    /// Lays out `problem` with every item active and every option present, each item's set in
    /// input order. The caller has checked that the problem has no colors or multiplicities.
    pub(crate) fn new(problem: &Problem) -> Sets {
        let n = problem.item_count();
        let options = problem.option_count();
        let mut heads = vec![
            Head {
                len: 0,
                base: 0,
                stamp: 0
            };
            n
        ];
        let mut entries = 0;
        for o in 0..options {
            for e in problem.option(o) {
                heads[e.item].len += 1;
                entries += 1;
            }
        }
        let mut start = 0u32;
        for head in &mut heads {
            head.base = start;
            start += head.len;
        }
        let size = entries + options + 1;
        let mut nodes = Vec::with_capacity(size);
        let mut option_of = Vec::with_capacity(size);
        let mut set = vec![0u32; entries];
        let mut fill: Vec<u32> = heads.iter().map(|h| h.base).collect();
        nodes.push(Node {
            item: SPACER,
            loc: 0,
        });
        option_of.push(u32::MAX);
        for o in 0..options {
            let first = nodes.len() as u32;
            for e in problem.option(o) {
                let at = fill[e.item];
                fill[e.item] += 1;
                set[at as usize] = nodes.len() as u32;
                nodes.push(Node {
                    item: e.item as u32,
                    loc: at,
                });
                option_of.push(o as u32);
            }
            nodes.push(Node {
                item: SPACER,
                loc: first,
            });
            option_of.push(u32::MAX);
        }
        let primary = problem.primary_count();
        Sets {
            nodes,
            option_of,
            set,
            heads,
            primary,
            trail: Vec::new(),
            epoch: 1,
            remaining: primary as u32,
            forced: Vec::new(),
        }
    }

    /// The option that node `x` belongs to.
    pub(crate) fn option_of(&self, x: u32) -> usize {
        self.option_of[x as usize] as usize
    }

    /// How many primary items are still active.
    pub(crate) fn remaining(&self) -> u32 {
        self.remaining
    }

    /// The length of the trail, to undo back to later.
    pub(crate) fn mark(&self) -> usize {
        self.trail.len()
    }

    /// The `t`-th member of item `i`'s set.
    pub(crate) fn member(&self, i: u32, t: u32) -> u32 {
        self.set[(self.heads[i as usize].base + t) as usize]
    }

    /// Starts the search: queues every primary item with one option as a forced move. Returns
    /// `false` if some primary item has no option at all.
    pub(crate) fn start(&mut self) -> bool {
        self.forced.clear();
        for (k, head) in self.heads[..self.primary].iter().enumerate() {
            match head.len {
                0 => return false,
                1 => self.forced.push(k as u32),
                _ => {}
            }
        }
        true
    }

    /// Starts a new epoch: later changes are undone together by [`undo`](Self::undo).
    pub(crate) fn next_epoch(&mut self) {
        if self.epoch == u32::MAX {
            // Old stamps could now match a new epoch: forget them all (saving a length twice in
            // one epoch is harmless, missing one is not).
            self.heads.iter_mut().for_each(|h| h.stamp = 0);
            self.epoch = 0;
        }
        self.epoch += 1;
    }

    /// Restores every length changed since the trail was `mark` long, and `remaining` as it was
    /// then; forgets the queued forced moves.
    pub(crate) fn undo(&mut self, mark: usize, remaining: u32) {
        for &(k, l) in self.trail[mark..].iter().rev() {
            self.heads[k as usize].len = l;
        }
        self.trail.truncate(mark);
        self.remaining = remaining;
        self.forced.clear();
    }

    /// Applies the queued forced moves until none is left, pushing each move's node on
    /// `chosen`. Returns `false` on a contradiction (some primary item has no option left).
    pub(crate) fn propagate(&mut self, chosen: &mut Vec<u32>, stats: &mut Stats) -> bool {
        while let Some(k) = self.forced.pop() {
            // A queued item may have been covered since (its length is then INACTIVE); it
            // cannot have dropped to zero, which `select` reports at once.
            if self.heads[k as usize].len == 1 {
                let y = self.member(k, 0);
                chosen.push(y);
                stats.forced += 1;
                if !self.select(y, &mut stats.updates) {
                    return false;
                }
            }
        }
        true
    }

    /// The active primary item with the fewest options, the one with the smallest number on a
    /// tie, and its number of options. Call only when some primary item is active and no forced
    /// move is pending (every active primary item then has at least two options).
    pub(crate) fn choose(&self) -> (u32, u32) {
        let mut best = (0, INACTIVE);
        for (k, head) in self.heads[..self.primary].iter().enumerate() {
            let l = head.len;
            if l < best.1 {
                best = (k as u32, l);
                if l <= 2 {
                    break;
                }
            }
        }
        best
    }

    /// Puts the option of node `y` into the solution: covers `y`'s item first, then the option's
    /// other items. Returns `false`, leaving the work half done for [`undo`](Self::undo), as soon
    /// as some other primary item is left without options.
    pub(crate) fn select(&mut self, y: u32, updates: &mut u64) -> bool {
        let mut w = y;
        loop {
            let j = self.nodes[w as usize].item;
            if !self.cover(j, y, updates) {
                return false;
            }
            w += 1;
            let next = self.nodes[w as usize];
            if next.item == SPACER {
                w = next.loc;
            }
            if w == y {
                return true;
            }
        }
    }

    /// Covers item `j`, on behalf of the option of node `y`: removes every option of `j` from the
    /// sets of its other items, and marks `j` inactive. Returns `false` as soon as a primary item
    /// that `y`'s option does not name is left without options.
    fn cover(&mut self, j: u32, y: u32, updates: &mut u64) -> bool {
        let j = j as usize;
        self.save(j);
        if j < self.primary {
            self.remaining -= 1;
        }
        let outcome = remove_options(
            &mut self.nodes,
            &mut self.set,
            &mut self.heads,
            j,
            y as usize,
            self.epoch,
            self.primary,
            &mut self.trail,
            &mut self.forced,
        );
        match outcome {
            Some(removed) => {
                *updates += removed + 1;
                self.heads[j].len = INACTIVE;
                true
            }
            None => false,
        }
    }

    /// Saves item `k`'s length on the trail, unless it was saved already in this epoch.
    #[inline]
    fn save(&mut self, k: usize) {
        let head = &mut self.heads[k];
        if head.stamp != self.epoch {
            head.stamp = self.epoch;
            self.trail.push((k as u32, head.len));
        }
    }
}

/// Whether the option of node `y` names item `k`.
fn names(nodes: &[Node], y: usize, k: usize) -> bool {
    let mut w = y;
    while nodes[w].item != SPACER {
        w -= 1;
    }
    nodes[w + 1..]
        .iter()
        .take_while(|n| n.item != SPACER)
        .any(|n| n.item as usize == k)
}

// The loop below does nearly all of the engine's work, and bounds checks cost a third of its
// instructions, so it reads nodes and heads, and writes `set` at positions read from nodes,
// without checks. It checks the one index it computes (`top`).
//
// SAFETY: the indices it follows without a check come from the arrays themselves, and
// `Sets::new` creates them in range: every member of `set` is the index of a node that is not a
// spacer; such a node's `item` is `< heads.len()` and its `loc` is `< set.len()`; the nodes of an
// option are followed by a spacer (the last node is one), so stepping from a non-spacer node to the
// next stays in range; a spacer's `loc` is the index of a node. The loop keeps all of this true:
// it never changes an `item` or a spacer's `loc`, it stores into `set` only node indices read from
// `set` or the index `w` of a node it has checked is not a spacer, and it stores into a node's
// `loc` only a position read from a `loc` or the position `top`, checked `< set.len()`.

/// `nodes[x]`, unchecked.
#[inline(always)]
fn node(nodes: &[Node], x: usize) -> Node {
    debug_assert!(x < nodes.len());
    // SAFETY: see above.
    unsafe { *nodes.get_unchecked(x) }
}

/// `&mut nodes[x]`, unchecked.
#[inline(always)]
fn node_mut(nodes: &mut [Node], x: usize) -> &mut Node {
    debug_assert!(x < nodes.len());
    // SAFETY: see above.
    unsafe { nodes.get_unchecked_mut(x) }
}

/// `&mut heads[k]`, unchecked.
#[inline(always)]
fn head_mut(heads: &mut [Head], k: usize) -> &mut Head {
    debug_assert!(k < heads.len());
    // SAFETY: see above.
    unsafe { heads.get_unchecked_mut(k) }
}

/// `&mut set[p]`, unchecked.
#[inline(always)]
fn member_mut(set: &mut [u32], p: usize) -> &mut u32 {
    debug_assert!(p < set.len());
    // SAFETY: see above.
    unsafe { set.get_unchecked_mut(p) }
}

/// Empties item `j`'s set on behalf of the option of node `y`, removing each of `j`'s options
/// from the sets of the option's other items. Returns the number of nodes removed from other sets,
/// or `None` as soon as a primary item that `y`'s option does not name is left with no option.
/// Lengths are saved on `trail` as [`Sets::save`] does.
#[allow(clippy::too_many_arguments)]
fn remove_options(
    nodes: &mut [Node],
    set: &mut [u32],
    heads: &mut [Head],
    j: usize,
    y: usize,
    epoch: u32,
    primary: usize,
    trail: &mut Vec<(u32, u32)>,
    forced: &mut Vec<u32>,
) -> Option<u64> {
    let mut removed = 0;
    let Head { len, base, .. } = heads[j];
    // Pop `j`'s options from the top, so that its set keeps its order (the search tries a
    // branch item's options by position).
    for l in (0..len).rev() {
        heads[j].len = l;
        let z = set[(base + l) as usize] as usize;
        // Remove the option of `z` from its other items' sets.
        let mut w = z + 1;
        loop {
            let mut x = node(nodes, w);
            if x.item == SPACER {
                w = x.loc as usize;
                x = node(nodes, w);
            }
            if w == z {
                break;
            }
            let k = x.item as usize;
            let head = head_mut(heads, k);
            if head.stamp != epoch {
                head.stamp = epoch;
                trail.push((k as u32, head.len));
            }
            let nl = head.len.wrapping_sub(1);
            head.len = nl;
            let top = head.base.wrapping_add(nl);
            let last = *set
                .get(top as usize)
                .expect("an active item's set holds the options of its active items");
            *member_mut(set, x.loc as usize) = last;
            node_mut(nodes, last as usize).loc = x.loc;
            *member_mut(set, top as usize) = w as u32;
            node_mut(nodes, w).loc = top;
            removed += 1;
            if nl <= 1 && k < primary {
                if nl == 1 {
                    forced.push(k as u32);
                } else if !names(nodes, y, k) {
                    return None;
                }
            }
            w += 1;
        }
    }
    Some(removed)
}
