//! The state of a dancing-cells search: every active item keeps its active options in a sparse
//! set, and a snapshot of the set lengths undoes any number of changes at once.
//!
//! - Options are laid out as in Knuth's programs: the *nodes* of each option (one per item it
//!   names) lie consecutively, with a *spacer* before the first option and after every option.
//!   `nodes[x].item` is node `x`'s item, or [`SPACER`]; a spacer's `loc` is the first node of the
//!   option that ends at it, so an option is walked by index.
//! - Item `k`'s set lives in `set[base..base + len]` (`bases[k]` and `lens[k]`): the nodes of its
//!   active options, in any order. `nodes[x].loc` is where node `x` stands in `set`. Removing a
//!   node swaps it with the last member and shortens the set; the removed node stays just past the
//!   end, so giving the old length back restores the set (as a set: the order may differ). Nothing
//!   is ever relinked.
//! - An item that is covered (taken out of the problem) has its length set to [`INACTIVE`]; its set
//!   is not looked at again until the length is restored.
//! - Undoing is restoring every length from a snapshot taken when the search branched: one copy
//!   of a small array per branch, instead of bookkeeping at every removal.

use crate::problem::Problem;

/// `item` of a spacer.
const SPACER: u32 = u32::MAX;

/// `len` of an item that has been covered.
const INACTIVE: u32 = u32::MAX;

/// A node: an option's entry for one item, or a spacer.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// The item, or [`SPACER`].
    item: u32,
    /// Where the node stands in `set`; for a spacer, the first node of the option ending there.
    loc: u32,
}

/// The sparse sets of one search, and the snapshots that undo their changes.
#[derive(Clone, Debug)]
pub(crate) struct Sets {
    /// Every node, spacers included.
    nodes: Vec<Node>,
    /// The option of every node (`u32::MAX` for spacers); only read to report solutions.
    option_of: Vec<u32>,
    /// The first node of every node's option (for a spacer, of the option that follows it).
    start: Vec<u32>,
    /// The members of every item's set, item after item.
    set: Vec<u32>,
    /// How many options every item has left, or [`INACTIVE`]: the only part of the sets that
    /// a snapshot keeps, dense so that [`choose`](Sets::choose) scans it fast.
    lens: Vec<u32>,
    /// Where every item's set starts in `set`; never changes.
    bases: Vec<u32>,
    /// Snapshots of `lens`, one after the other.
    saved: Vec<u32>,
    /// The number of primary items; they are items `0..primary`.
    primary: usize,
    /// How many primary items are still active.
    remaining: u32,
}

impl Sets {
    /// Lays out `problem` with every item active and every option present, each item's set in
    /// input order. The caller has checked that the problem has no colors or multiplicities.
    pub(crate) fn new(problem: &Problem) -> Sets {
        let n = problem.item_count();
        let options = problem.option_count();
        let mut len = vec![0u32; n];
        let mut entries = 0;
        for o in 0..options {
            for e in problem.option(o) {
                len[e.item] += 1;
                entries += 1;
            }
        }
        let mut bases = Vec::with_capacity(n);
        let mut start = 0u32;
        for &l in &len {
            bases.push(start);
            start += l;
        }
        let size = entries + options + 1;
        let mut nodes = Vec::with_capacity(size);
        let mut option_of = Vec::with_capacity(size);
        let mut start = Vec::with_capacity(size);
        let mut set = vec![0u32; entries];
        let mut fill = bases.clone();
        nodes.push(Node {
            item: SPACER,
            loc: 0,
        });
        option_of.push(u32::MAX);
        start.push(1);
        for o in 0..options {
            let first = nodes.len() as u32;
            for e in problem.option(o) {
                start.push(first);
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
            start.push(nodes.len() as u32);
        }
        let primary = problem.primary_count();
        Sets {
            nodes,
            option_of,
            start,
            set,
            lens: len,
            bases,
            saved: Vec::new(),
            primary,
            remaining: primary as u32,
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

    /// The members of item `i`'s set, in no particular order: covering an item reorders its set,
    /// so a caller that tries them one by one must keep its own copy.
    pub(crate) fn members(&self, i: u32) -> &[u32] {
        let base = self.bases[i as usize];
        &self.set[base as usize..(base + self.lens[i as usize]) as usize]
    }

    /// Whether every primary item has an option at all (to be checked before the search starts:
    /// afterwards, [`select`](Self::select) reports an item left with none).
    pub(crate) fn feasible(&self) -> bool {
        self.lens[..self.primary].iter().all(|&l| l != 0)
    }

    /// Takes a snapshot of every set's length, and returns where it is kept.
    pub(crate) fn checkpoint(&mut self) -> usize {
        let at = self.saved.len();
        self.saved.extend_from_slice(&self.lens);
        at
    }

    /// Restores every length from the snapshot kept at `at`, and `remaining` as it was then.
    pub(crate) fn restore(&mut self, at: usize, remaining: u32) {
        let n = self.lens.len();
        self.lens.copy_from_slice(&self.saved[at..at + n]);
        self.remaining = remaining;
    }

    /// Forgets the snapshot kept at `at` (the latest) and any later one.
    pub(crate) fn release(&mut self, at: usize) {
        self.saved.truncate(at);
    }

    /// The active primary item with the fewest options, the one with the smallest number on a
    /// tie, and its number of options (one for a forced move). Call only when some primary item
    /// is active.
    ///
    /// Forced moves are found here, by a whole scan, rather than queued as items run short: the
    /// test for that was a mispredicted branch at about one removal in six on problems with short
    /// sets (Langford pairs), and the scan costs less there. The least length is found first, over
    /// the dense lengths (which the compiler turns into vector code), then its first item.
    pub(crate) fn choose(&self) -> (u32, u32) {
        let lens = &self.lens[..self.primary];
        let least = lens.iter().fold(INACTIVE, |m, &l| m.min(l));
        let best = lens.iter().position(|&l| l == least).unwrap_or(0);
        (best as u32, least)
    }

    /// Puts the option of node `y` into the solution: covers `y`'s item first, then the option's
    /// other items (covering an item removes all of its options but `y`'s from the sets of their
    /// other items, and marks it inactive). Returns `false`, leaving the work half done for
    /// [`restore`](Self::restore), as soon as a primary item is left without options.
    ///
    /// `y`'s option itself is never taken out of its items' sets: they are all covered by the
    /// end, so that would be wasted work, and while it stays none of them can run out of options
    /// or be taken for a forced move needlessly.
    pub(crate) fn select(&mut self, y: u32, updates: &mut u64) -> bool {
        let mut sets = Arena {
            nodes: &mut self.nodes,
            start: &self.start,
            set: &mut self.set,
            lens: &mut self.lens,
            bases: &self.bases,
            primary: self.primary,
            removed: 0,
        };
        let y = y as usize;
        let mut w = y;
        let mut ok = true;
        loop {
            let j = sets.nodes[w].item as usize;
            self.remaining -= u32::from(j < sets.primary);
            *updates += 1;
            if !sets.remove_options(j, w) {
                ok = false;
                break;
            }
            sets.lens[j] = INACTIVE;
            w += 1;
            let next = sets.nodes[w];
            if next.item == SPACER {
                w = next.loc as usize;
            }
            if w == y {
                break;
            }
        }
        *updates += sets.removed;
        ok
    }
}

/// The parts of [`Sets`] that covering an item changes, borrowed apart so that stores into one
/// cannot make the compiler reload the others' addresses.
struct Arena<'a> {
    nodes: &'a mut [Node],
    start: &'a [u32],
    set: &'a mut [u32],
    lens: &'a mut [u32],
    bases: &'a [u32],
    primary: usize,
    /// Nodes removed from sets so far.
    removed: u64,
}

// The loops below do nearly all of the engine's work, and bounds checks cost a third of their
// instructions, so they read nodes, lengths and bases, and write `set` at positions read from
// nodes, without checks; and the one index they compute, `top`, follows from an invariant of the
// search (checking it cost 6% of all instructions, and a register the loops need).
//
// SAFETY: the indices followed without a check come from the arrays themselves, and `Sets::new`
// creates them in range: every member of `set` is the index of a node that is not a spacer; such
// a node's `item` is `< lens.len() == bases.len()` and its `loc` is `< set.len()`; the nodes of an
// option are followed by a spacer (the last node is one), so stepping from a non-spacer node to the
// next stays in range; a spacer's `loc` is the index of a node. The loops keep all of this true:
// they never change an `item` or a spacer's `loc`, they store into `set` only node indices read
// from `set` or the index `w` of a node they have checked is not a spacer, and they store into a
// node's `loc` only a position read from a `loc` or the position `top`.
//
// `top` is in range because of this invariant: while `select(y)` runs (and between two calls),
// every option in the set of an active item, `y`'s option excepted, is in the sets of all of its
// items, and these are all active. It holds at the start (every option in every set, every item
// active). Covering `j` takes each option of `j`'s set but `y`'s out of the sets of its other
// items before marking `j` inactive, so afterwards no option but `y`'s that names `j` is left in an
// active item's set; restoring gives back the lengths of a moment when the invariant held. So the
// node `w` that `remove` takes out of item `k`'s set is a member of it: `k` is active, its length
// is at least one, and `top`, its base plus its length less one, lies in `k`'s part of `set`.
// The item `j` being covered is also active while its nodes are removed, and `own`, at the bottom
// of its set, is never removed, so its length stays at least one.
impl Arena<'_> {
    /// `nodes[x]`, unchecked.
    #[inline(always)]
    fn node(&self, x: usize) -> Node {
        debug_assert!(x < self.nodes.len());
        // SAFETY: see above.
        unsafe { *self.nodes.get_unchecked(x) }
    }

    /// Covers item `j` on behalf of the option of node `own`, `j`'s node in it: removes each of
    /// `j`'s other options from the sets of its other items. Returns `false` as soon as a primary
    /// item is left with no option.
    #[inline(always)]
    fn remove_options(&mut self, j: usize, own: usize) -> bool {
        let len = self.lens[j];
        let base = self.bases[j];
        // `own` goes to the bottom of `j`'s set, and the options above it are taken from the top
        // down, each walked whole, `j`'s node included, so that the walk has no test for that node
        // (whose place in the option varies, which made the test and the loop ends mispredicted).
        // Removing `j`'s node then changes nothing: it is the top of `j`'s set and swaps with
        // itself, and `j` keeps one option, `own`, so it never looks dead. The caller marks `j`
        // inactive, or restores a snapshot.
        let p = self.node(own).loc;
        debug_assert!(p >= base && p < base + len);
        let bottom = self.set[base as usize];
        self.set[p as usize] = bottom;
        self.nodes[bottom as usize].loc = p;
        self.set[base as usize] = own as u32;
        self.nodes[own].loc = base;
        for l in (base + 1..base + len).rev() {
            let z = self.set[l as usize] as usize;
            if !self.remove_option(z) {
                return false;
            }
        }
        true
    }

    /// Removes every node of `z`'s option from its item's set; `z` itself is the top of its
    /// item's set. Removals are counted per option, not per node, `z` excepted.
    #[inline(always)]
    fn remove_option(&mut self, z: usize) -> bool {
        let first = self.start[z] as usize;
        let mut w = first;
        loop {
            let x = self.node(w);
            if x.item == SPACER {
                break;
            }
            if !self.remove(w, x) {
                self.removed += (w - first) as u64 - u64::from(z < w);
                return false;
            }
            w += 1;
        }
        self.removed += (w - first - 1) as u64;
        true
    }

    /// Removes node `w` (which is `x`) from its item's set. Returns `false` if that leaves a
    /// primary item with no option.
    #[inline(always)]
    fn remove(&mut self, w: usize, x: Node) -> bool {
        let k = x.item as usize;
        debug_assert!(k < self.lens.len() && k < self.bases.len());
        // SAFETY: see above.
        let len = unsafe { self.lens.get_unchecked_mut(k) };
        // The invariant above: `k` is active and `w` is in its set.
        debug_assert!(*len != 0 && *len != INACTIVE);
        let nl = len.wrapping_sub(1);
        *len = nl;
        // SAFETY: see above.
        let top = unsafe { *self.bases.get_unchecked(k) }.wrapping_add(nl) as usize;
        debug_assert!(top < self.set.len());
        // SAFETY: see above.
        let last = unsafe { *self.set.get_unchecked(top) };
        let p = x.loc as usize;
        debug_assert!(p < self.set.len() && (last as usize) < self.nodes.len());
        // SAFETY: see above.
        unsafe {
            *self.set.get_unchecked_mut(p) = last;
            self.nodes.get_unchecked_mut(last as usize).loc = p as u32;
            *self.set.get_unchecked_mut(top) = w as u32;
            self.nodes.get_unchecked_mut(w).loc = top as u32;
        }
        // Rare (a contradiction), so predicted well; an item left with one option is found by
        // `Sets::choose`.
        !(nl == 0 && k < self.primary)
    }
}
