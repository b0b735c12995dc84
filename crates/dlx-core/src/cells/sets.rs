//! The state of a dancing-cells search: every active item keeps its active options in a sparse
//! set, and a trail of old set sizes undoes any number of changes at once.
//!
//! - Options are laid out as in Knuth's programs: the *nodes* of each option (one per item it
//!   names) lie consecutively, with a *spacer* after every option. `item[x]` is node `x`'s item,
//!   or [`SPACER`]; a spacer's `loc` is the first node of the option that ends at it, so an option
//!   is walked by index, wrapping around at its spacer.
//! - Item `k`'s set lives in `set[base[k]..base[k] + len[k]]`: the nodes of its active options, in
//!   any order. `loc[x]` is where node `x` stands in `set`. Removing a node swaps it with the last
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

/// The sparse sets of one search, and what undoes their changes.
#[derive(Clone, Debug)]
pub(crate) struct Sets {
    /// The item of every node, or [`SPACER`].
    item: Vec<u32>,
    /// Where every node stands in `set`; for a spacer, the first node of its option.
    loc: Vec<u32>,
    /// The option of every node (`u32::MAX` for spacers); only read to report solutions.
    option_of: Vec<u32>,
    /// The members of every item's set, item after item.
    set: Vec<u32>,
    /// Where every item's set starts in `set`.
    base: Vec<u32>,
    /// How many options every item has left, or [`INACTIVE`].
    len: Vec<u32>,
    /// The epoch in which every item's length was last saved on the trail.
    stamp: Vec<u32>,
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
        let mut total = vec![0u32; n];
        let mut entries = 0;
        for o in 0..options {
            for e in problem.option(o) {
                total[e.item] += 1;
                entries += 1;
            }
        }
        let mut base = Vec::with_capacity(n);
        let mut start = 0u32;
        for &t in &total {
            base.push(start);
            start += t;
        }
        let nodes = entries + options + 1;
        let mut item = Vec::with_capacity(nodes);
        let mut loc = Vec::with_capacity(nodes);
        let mut option_of = Vec::with_capacity(nodes);
        let mut set = vec![0u32; entries];
        let mut fill = base.clone();
        item.push(SPACER);
        loc.push(0);
        option_of.push(u32::MAX);
        for o in 0..options {
            let first = item.len() as u32;
            for e in problem.option(o) {
                let x = item.len() as u32;
                let at = fill[e.item];
                fill[e.item] += 1;
                set[at as usize] = x;
                item.push(e.item as u32);
                loc.push(at);
                option_of.push(o as u32);
            }
            item.push(SPACER);
            loc.push(first);
            option_of.push(u32::MAX);
        }
        let primary = problem.primary_count();
        Sets {
            item,
            loc,
            option_of,
            set,
            base,
            len: total,
            stamp: vec![0; n],
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
        self.set[(self.base[i as usize] + t) as usize]
    }

    /// Starts the search: queues every primary item with one option as a forced move. Returns
    /// `false` if some primary item has no option at all.
    pub(crate) fn start(&mut self) -> bool {
        self.forced.clear();
        for (k, &l) in self.len[..self.primary].iter().enumerate() {
            match l {
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
            self.stamp.fill(0);
            self.epoch = 0;
        }
        self.epoch += 1;
    }

    /// Restores every length changed since the trail was `mark` long, and `remaining` as it was
    /// then; forgets the queued forced moves.
    pub(crate) fn undo(&mut self, mark: usize, remaining: u32) {
        for &(k, l) in self.trail[mark..].iter().rev() {
            self.len[k as usize] = l;
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
            if self.len[k as usize] == 1 {
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
        for (k, &l) in self.len[..self.primary].iter().enumerate() {
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
            let j = self.item[w as usize];
            if !self.cover(j, y, updates) {
                return false;
            }
            w += 1;
            if self.item[w as usize] == SPACER {
                w = self.loc[w as usize];
            }
            if w == y {
                return true;
            }
        }
    }

    /// Whether the option of node `y` names item `k`.
    fn names(&self, y: u32, k: u32) -> bool {
        let mut w = y as usize;
        while self.item[w] != SPACER {
            w -= 1;
        }
        w += 1;
        while self.item[w] != SPACER {
            if self.item[w] == k {
                return true;
            }
            w += 1;
        }
        false
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
        *updates += 1;
        while self.len[j] > 0 {
            let l = self.len[j] - 1;
            self.len[j] = l;
            let z = self.set[(self.base[j] + l) as usize];
            // Remove the option of `z` from its other items' sets.
            let mut w = z + 1;
            loop {
                let mut k = self.item[w as usize];
                if k == SPACER {
                    w = self.loc[w as usize];
                    k = self.item[w as usize];
                }
                if w == z {
                    break;
                }
                let k = k as usize;
                self.save(k);
                let nl = self.len[k] - 1;
                self.len[k] = nl;
                let top = self.base[k] + nl;
                let p = self.loc[w as usize];
                let last = self.set[top as usize];
                self.set[p as usize] = last;
                self.loc[last as usize] = p;
                self.set[top as usize] = w;
                self.loc[w as usize] = top;
                *updates += 1;
                if nl <= 1 && k < self.primary {
                    if nl == 1 {
                        self.forced.push(k as u32);
                    } else if !self.names(y, k as u32) {
                        return false;
                    }
                }
                w += 1;
            }
        }
        self.len[j] = INACTIVE;
        true
    }

    /// Saves item `k`'s length on the trail, unless it was saved already in this epoch.
    #[inline]
    fn save(&mut self, k: usize) {
        if self.stamp[k] != self.epoch {
            self.stamp[k] = self.epoch;
            self.trail.push((k as u32, self.len[k]));
        }
    }
}
