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
//! - Colors (Algorithm C, as Knuth's ssxcc): a secondary item given color `c` by the option
//!   taken is *purified*: every option that gives it another color, or none, leaves the sets.
//!   The item stays active, with only options of color `c` in its set, and is marked with `c`
//!   in `pure`, so that a later option of that color passes over it. The marks are undone from
//!   a trail of purified items, whose length a snapshot keeps beside the lengths.
//! - Multiplicities (Algorithm M, as Knuth's ssmcc): a primary item that may still be covered
//!   `bound` more times, of which `need` (the bound less the item's slack, `max - min`, or 0)
//!   it must be, keeps as its length not the size `l` of its set but its *score* `l - need + 1`:
//!   the number of ways to choose the first of its remaining options (Knuth's branching degree),
//!   which is 1 for a forced move, 0 for a contradiction, and the size of the set for an item
//!   covered exactly once. Its base is shifted by `need - 1` to match (`floor` keeps where the
//!   set really starts), so that removing an option from it is the same operation as for any
//!   other item. Taking an option covers an item whose bound it uses up, and otherwise only takes
//!   the option out of the item's set: the score stays (one fewer option, one fewer needed), or,
//!   once the item needs none, drops by one. Snapshots then keep bases and bounds too.

use crate::problem::Problem;
use crate::unchecked::{get, get_mut};

/// `item` of a spacer.
const SPACER: u32 = u32::MAX;

/// `len` of an item that has been covered.
const INACTIVE: u32 = u32::MAX;

/// Added to the length (and taken from the base) of an item that must never look short (with
/// one option or none): every secondary item, for good, and the item being covered, while its
/// options are removed. An item can carry it twice (a secondary item being covered) and stay
/// below [`INACTIVE`].
const SHIFT: u32 = 1 << 30;

/// A snapshot of the sets, from [`Sets::checkpoint`]: where the lengths are kept, and the active
/// primary items then. Not `Copy`: a checkpoint is released once (a clone goes with a clone of
/// the whole search, whose sets keep their own snapshots).
#[derive(Clone, Debug)]
pub(crate) struct Checkpoint {
    at: usize,
    remaining: u32,
    /// The length of [`Sets::purified`].
    purified: usize,
}

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
    /// The first node of every option.
    firsts: Vec<u32>,
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
    /// The last item that a removal left with one option: most often the next forced move.
    candidate: u32,
    /// The color of every node's entry (0 for none, and for spacers); only read when an option
    /// is taken and when an item is purified.
    colors: Vec<u32>,
    /// Whether any entry has a color.
    colored: bool,
    /// The color every item has been purified with, or 0.
    pure: Vec<u32>,
    /// The items purified, in order, for the snapshots to undo `pure`.
    purified: Vec<u32>,
    /// Whether some primary item has bounds other than `(1, 1)`: then `lens` holds scores for
    /// primary items, and `bound`, `slack` and `floor` apply.
    bounded: bool,
    /// How many more times every primary item may be covered (empty when not `bounded`).
    bound: Vec<u32>,
    /// Every primary item's `max - min` (empty when not `bounded`).
    slack: Vec<u32>,
    /// Where every item's set starts in `set` (`bases` is shifted for scores and secondaries).
    floor: Vec<u32>,
}

/// The node that stands in a list of choices for the choice of no further option for the item
/// branched on (an item whose minimum is met): node 0, a spacer, is never an option's.
pub(crate) const NO_OPTION: u32 = 0;

/// The parts of the sets that the removals change, borrowed apart from the rest of `$sets` (a
/// macro, not a method, so that the caller may still use the sets' other fields meanwhile).
macro_rules! arena {
    ($sets:ident) => {
        Arena {
            nodes: &mut $sets.nodes,
            start: &$sets.start,
            set: &mut $sets.set,
            lens: &mut $sets.lens,
            bases: &mut $sets.bases,
            colors: &$sets.colors,
            primary: $sets.primary,
            candidate: $sets.candidate,
            removed: 0,
        }
    };
}

impl Sets {
    /// Lays out `problem` with every item active and every option present, each item's set in
    /// input order.
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
        let primary = problem.primary_count();
        let mut bases = Vec::with_capacity(n);
        let mut start = 0u32;
        for &l in &len {
            bases.push(start);
            start += l;
        }
        let mut fill = bases.clone();
        let floor = bases.clone();
        let bounded = problem.has_multiplicities();
        let (mut bound, mut slack) = (Vec::new(), Vec::new());
        if bounded {
            for k in 0..primary {
                let (min, max) = problem.bounds(k);
                bound.push(max);
                slack.push(max - min);
                // The score `l - min + 1` on a base shifted by `min - 1`; an item with fewer
                // options than its minimum scores 0, which makes the problem infeasible.
                if len[k] >= min {
                    len[k] = len[k] + 1 - min;
                    bases[k] = bases[k].wrapping_add(min).wrapping_sub(1);
                } else {
                    len[k] = 0;
                }
            }
        }
        // A secondary item never runs short: shifted, it never looks it either. (A problem has
        // far fewer than `SHIFT` entries: they are all in memory, four bytes or more each.)
        for k in primary..n {
            len[k] += SHIFT;
            bases[k] = bases[k].wrapping_sub(SHIFT);
        }
        let size = entries + options + 1;
        let mut nodes = Vec::with_capacity(size);
        let mut option_of = Vec::with_capacity(size);
        let mut colors = Vec::with_capacity(size);
        let mut start = Vec::with_capacity(size);
        let mut firsts = Vec::with_capacity(options);
        let mut set = vec![0u32; entries];
        nodes.push(Node {
            item: SPACER,
            loc: 0,
        });
        option_of.push(u32::MAX);
        colors.push(0);
        start.push(1);
        for o in 0..options {
            let first = nodes.len() as u32;
            firsts.push(first);
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
                colors.push(e.color);
            }
            nodes.push(Node {
                item: SPACER,
                loc: first,
            });
            option_of.push(u32::MAX);
            colors.push(0);
            start.push(nodes.len() as u32);
        }
        let colored = colors.iter().any(|&c| c != 0);
        Sets {
            nodes,
            option_of,
            start,
            firsts,
            set,
            lens: len,
            bases,
            saved: Vec::new(),
            primary,
            remaining: primary as u32,
            candidate: 0,
            colors,
            colored,
            pure: vec![0; n],
            purified: Vec::new(),
            bounded,
            bound,
            slack,
            floor,
        }
    }

    /// Whether the problem has multiplicities (see the module's notes).
    pub(crate) fn bounded(&self) -> bool {
        self.bounded
    }

    /// How many options primary item `i`'s set holds.
    fn size(&self, i: usize) -> u32 {
        self.bases[i]
            .wrapping_add(self.lens[i])
            .wrapping_sub(self.floor[i])
    }

    /// Whether the active primary item `i` needs no further option, so that the choice of none
    /// is open to it (always false without multiplicities).
    pub(crate) fn may_stop(&self, i: u32) -> bool {
        let i = i as usize;
        self.bounded && self.bound[i] <= self.slack[i]
    }

    /// Takes the active primary item `i`, which has no options left and needs none, out of the
    /// problem (a move forced on an item with multiplicities).
    pub(crate) fn retire(&mut self, i: u32) {
        debug_assert!(self.may_stop(i) && self.size(i as usize) == 0);
        self.lens[i as usize] = INACTIVE;
        self.remaining -= 1;
    }

    /// Rules out the option of node `z`, open to an active primary item: takes it out of the
    /// sets of all of its items (an option tried before at a branch on an item with
    /// multiplicities, so that no later branch takes the same options in another order).
    /// Returns `false`, leaving the work half done for [`restore`](Self::restore), when that
    /// leaves a primary item with too few options.
    pub(crate) fn exclude(&mut self, z: u32, updates: &mut u64) -> bool {
        let first = self.start[z as usize];
        let mut sets = arena!(self);
        let ok = sets.remove_option(first as usize);
        *updates += sets.removed + 1;
        self.candidate = sets.candidate;
        ok
    }

    /// The option that node `x` belongs to; for [`NO_OPTION`], one past the last option.
    pub(crate) fn option_of(&self, x: u32) -> usize {
        if x == NO_OPTION {
            return self.firsts.len();
        }
        self.option_of[x as usize] as usize
    }

    /// The first node of `option`, if there is such an option.
    pub(crate) fn first_node(&self, option: usize) -> Option<u32> {
        self.firsts.get(option).copied()
    }

    /// Whether node `w` is in the set of its item, which is active.
    fn is_member(&self, w: usize) -> bool {
        let k = self.nodes[w].item as usize;
        let (len, base) = (self.lens[k], self.bases[k]);
        let loc = self.nodes[w].loc;
        let inside = if self.bounded && k < self.primary {
            loc.wrapping_sub(self.floor[k]) < self.size(k)
        } else {
            loc.wrapping_sub(base) < len
        };
        len != INACTIVE && inside && self.set[loc as usize] as usize == w
    }

    /// The first item on which the option of its first node `first` is no longer open (the item
    /// is covered, or the option left its set when another option was taken or another color
    /// purified the item), or `None` when the option may be [selected](Self::select).
    pub(crate) fn closed_item(&self, first: u32) -> Option<usize> {
        let mut w = first as usize;
        while self.nodes[w].item != SPACER {
            if !self.is_member(w) {
                return Some(self.nodes[w].item as usize);
            }
            w += 1;
        }
        None
    }

    /// How many primary items are still active.
    pub(crate) fn remaining(&self) -> u32 {
        self.remaining
    }

    /// The members of item `i`'s set, in no particular order: covering an item reorders its set,
    /// so a caller that tries them one by one must keep its own copy.
    pub(crate) fn members(&self, i: u32) -> &[u32] {
        debug_assert!((i as usize) < self.primary);
        let i = i as usize;
        let top = self.bases[i].wrapping_add(self.lens[i]) as usize;
        if self.bounded {
            &self.set[self.floor[i] as usize..top]
        } else {
            &self.set[self.bases[i] as usize..top]
        }
    }

    /// The choices at a branch on item `i`, in the order of the options: the first options of
    /// its set, as many as its score (after taking one, `i` still needs all but one of those
    /// after it), then [`NO_OPTION`] if it needs none; appended to `tries`.
    pub(crate) fn choices(&self, i: u32, tries: &mut Vec<u32>) {
        let from = tries.len();
        tries.extend_from_slice(self.members(i));
        if !self.bounded {
            return;
        }
        tries[from..].sort_unstable();
        if self.may_stop(i) {
            tries.push(NO_OPTION);
        } else {
            tries.truncate(from + self.lens[i as usize] as usize);
        }
    }

    /// Whether every primary item has an option at all (to be checked before the search starts:
    /// afterwards, [`select`](Self::select) reports an item left with none).
    pub(crate) fn feasible(&self) -> bool {
        self.lens[..self.primary].iter().all(|&l| l != 0)
    }

    /// Takes a snapshot of every set's length and of the active primary items: the token that
    /// [`restore`](Self::restore) goes back to, as often as needed, until
    /// [`release`](Self::release) consumes it. Snapshots nest: the latest is released first.
    pub(crate) fn checkpoint(&mut self) -> Checkpoint {
        let at = self.saved.len();
        self.saved.extend_from_slice(&self.lens);
        if self.bounded {
            self.saved.extend_from_slice(&self.bases[..self.primary]);
            self.saved.extend_from_slice(&self.bound);
        }
        Checkpoint {
            at,
            remaining: self.remaining,
            purified: self.purified.len(),
        }
    }

    /// Restores every length, and the active primary items, as they were at `checkpoint`.
    pub(crate) fn restore(&mut self, checkpoint: &Checkpoint) {
        let n = self.lens.len();
        let at = checkpoint.at;
        self.lens.copy_from_slice(&self.saved[at..at + n]);
        if self.bounded {
            let p = self.primary;
            self.bases[..p].copy_from_slice(&self.saved[at + n..at + n + p]);
            self.bound
                .copy_from_slice(&self.saved[at + n + p..at + n + 2 * p]);
        }
        self.remaining = checkpoint.remaining;
        for &x in &self.purified[checkpoint.purified..] {
            self.pure[x as usize] = 0;
        }
        self.purified.truncate(checkpoint.purified);
    }

    /// Makes the lengths now those that `checkpoint` restores: after options were
    /// [excluded](Self::exclude), which changes nothing else.
    pub(crate) fn resave(&mut self, checkpoint: &Checkpoint) {
        let n = self.lens.len();
        self.saved[checkpoint.at..checkpoint.at + n].copy_from_slice(&self.lens);
    }

    /// Forgets `checkpoint`, the latest, and any snapshot taken after it.
    pub(crate) fn release(&mut self, checkpoint: Checkpoint) {
        self.saved.truncate(checkpoint.at);
    }

    /// Checks the invariant of the sets (see the unchecked loops below): every node of an active
    /// item's set stands where its `loc` says and names that item, and every option in the set
    /// of an active primary item is in the sets of all of its items, which are all active.
    /// Holds between any two steps of the search. Costs a walk over every set.
    pub(crate) fn check_invariants(&self) -> Result<(), String> {
        for k in 0..self.lens.len() {
            let (len, base) = (self.lens[k], self.bases[k]);
            if len == INACTIVE {
                continue;
            }
            // A secondary item's base and length are shifted apart (see `SHIFT`), and so are a
            // primary item's when it has a score.
            let bottom = if k < self.primary { 0 } else { SHIFT };
            if self.bounded && k < self.primary && len == 0 {
                // Fewer options than its minimum from the start: the search never starts.
                continue;
            }
            let (from, to) = if self.bounded && k < self.primary {
                let size = self.size(k);
                let need = self.bound[k].saturating_sub(self.slack[k]);
                if len.wrapping_add(need) != size + 1 {
                    return Err(format!(
                        "item {k} has {size} options and needs {need}, but its score is {len}"
                    ));
                }
                (self.floor[k], self.floor[k] + size)
            } else {
                (base.wrapping_add(bottom), base.wrapping_add(len))
            };
            for at in from..to {
                let at = at as usize;
                let w = *self
                    .set
                    .get(at)
                    .ok_or(format!("item {k}'s set runs past the end"))?;
                let node = self.nodes[w as usize];
                if node.item as usize != k || node.loc as usize != at {
                    return Err(format!("node {w} in item {k}'s set is out of place"));
                }
                let pure = self.pure[k];
                if pure != 0 && self.colors[w as usize] != pure {
                    return Err(format!(
                        "node {w} is in item {k}'s set, purified by another color"
                    ));
                }
                if k >= self.primary {
                    continue;
                }
                let mut x = self.start[w as usize] as usize;
                while self.nodes[x].item != SPACER {
                    if !self.is_member(x) {
                        return Err(format!(
                            "node {x}, of an option open to item {k}, is not in its item's set"
                        ));
                    }
                    x += 1;
                }
            }
        }
        let active = self.lens[..self.primary]
            .iter()
            .filter(|&&l| l != INACTIVE)
            .count();
        let marked = self.pure.iter().filter(|&&c| c != 0).count();
        if marked != self.purified.len() {
            return Err(format!(
                "{marked} items are marked purified, but {} are on the trail",
                self.purified.len()
            ));
        }
        if active != self.remaining as usize {
            return Err(format!(
                "{active} primary items are active, but {} are counted",
                self.remaining
            ));
        }
        Ok(())
    }

    /// The active primary item with the fewest options and its number of options: an item with a
    /// single option if there is one (a forced move; not always the one with the smallest
    /// number), otherwise the one with the smallest number on a tie. Call only when some primary
    /// item is active.
    ///
    /// An item left with one option is not queued as it runs short: that cost a mispredicted
    /// branch at about one removal in six on problems with short sets (Langford pairs). The last
    /// one is remembered without a branch and, most often, is the next forced move; otherwise a
    /// scan finds the least length over the dense lengths (which the compiler turns into vector
    /// code, with no branch on the lengths), then the first item that has it.
    pub(crate) fn choose(&self) -> (u32, u32) {
        if self.lens[self.candidate as usize] == 1 {
            return (self.candidate, 1);
        }
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
    /// end (or purified, which keeps it), so that would be wasted work, and while it stays none of
    /// them can run out of options or be taken for a forced move needlessly.
    ///
    /// A secondary item that the option gives a color is purified instead of covered (once per
    /// color: an item already purified with it is passed over).
    pub(crate) fn select(&mut self, y: u32, updates: &mut u64) -> bool {
        // Two copies of the loop: the test for a color costs 3% of the instructions of a search
        // without colors.
        match (self.bounded, self.colored) {
            (false, true) => self.select_in::<true>(y, updates),
            (false, false) => self.select_in::<false>(y, updates),
            (true, true) => self.select_bounded::<true>(y, updates),
            (true, false) => self.select_bounded::<false>(y, updates),
        }
    }

    /// [`select`](Self::select) with multiplicities: a primary item whose bound the option uses
    /// up is covered; one that may be covered again only loses the option from its set (see
    /// the module's notes), and stays active.
    fn select_bounded<const COLORED: bool>(&mut self, y: u32, updates: &mut u64) -> bool {
        let mut sets = arena!(self);
        let y = y as usize;
        let mut w = y;
        let mut ok = true;
        loop {
            let j = sets.nodes[w].item as usize;
            let color = if COLORED { sets.colors[w] } else { 0 };
            *updates += 1;
            if j < self.primary {
                let bound = self.bound[j] - 1;
                self.bound[j] = bound;
                // The size of `j`'s set, and where it starts.
                let floor = self.floor[j];
                let size = sets.bases[j].wrapping_add(sets.lens[j]).wrapping_sub(floor);
                if bound == 0 {
                    self.remaining -= 1;
                    // Covered as an item without multiplicity: its true length and base.
                    sets.lens[j] = size;
                    sets.bases[j] = floor;
                    if !sets.remove_options(j, w) {
                        ok = false;
                        break;
                    }
                    sets.lens[j] = INACTIVE;
                } else {
                    // The option leaves `j`'s set: swapped with its last member.
                    let top = floor + size - 1;
                    let p = sets.nodes[w].loc;
                    let last = sets.set[top as usize];
                    sets.set[p as usize] = last;
                    sets.nodes[last as usize].loc = p;
                    sets.set[top as usize] = w as u32;
                    sets.nodes[w].loc = top;
                    if bound >= self.slack[j] {
                        // One option fewer, and one fewer needed: the same score.
                        sets.bases[j] = sets.bases[j].wrapping_sub(1);
                    } else {
                        sets.lens[j] -= 1;
                        if sets.lens[j] == 1 {
                            sets.candidate = j as u32;
                        }
                    }
                }
            } else if color == 0 {
                if !sets.remove_options(j, w) {
                    ok = false;
                    break;
                }
                sets.lens[j] = INACTIVE;
            } else if self.pure[j] != color {
                debug_assert_eq!(self.pure[j], 0);
                if !sets.purify(j, color) {
                    ok = false;
                    break;
                }
                self.pure[j] = color;
                self.purified.push(j as u32);
            } else {
                *updates -= 1;
            }
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
        self.candidate = sets.candidate;
        ok
    }

    /// [`select`](Self::select), for a problem with colors or without.
    #[inline(always)]
    fn select_in<const COLORED: bool>(&mut self, y: u32, updates: &mut u64) -> bool {
        let mut sets = arena!(self);
        let y = y as usize;
        let mut w = y;
        let mut ok = true;
        loop {
            let j = sets.nodes[w].item as usize;
            let color = if COLORED { sets.colors[w] } else { 0 };
            if color == 0 {
                self.remaining -= u32::from(j < self.primary);
                *updates += 1;
                if !sets.remove_options(j, w) {
                    ok = false;
                    break;
                }
                sets.lens[j] = INACTIVE;
            } else if self.pure[j] != color {
                // Only another option of the same color could have purified `j`: one of
                // another color would have taken `y`'s option out of `j`'s set.
                debug_assert_eq!(self.pure[j], 0);
                *updates += 1;
                if !sets.purify(j, color) {
                    ok = false;
                    break;
                }
                self.pure[j] = color;
                self.purified.push(j as u32);
            }
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
        self.candidate = sets.candidate;
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
    bases: &'a mut [u32],
    colors: &'a [u32],
    primary: usize,
    /// The last item a removal left with one option.
    candidate: u32,
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
// every option in the set of an active item, except `y`'s and the options taken before it, is in
// the sets of all of its items, and these are all active. It holds at the start (every option in
// every set, every item active). Covering `j` takes each option of `j`'s set but `y`'s out of the
// sets of its other items before marking `j` inactive, so afterwards no option but `y`'s that
// names `j` is left in an active item's set; purifying `x` takes options out of the sets of all of
// their items, and leaves `x` active; restoring gives back the lengths of a moment when the
// invariant held. An option taken stays only in the sets of the items it purified, and the
// removals never walk such a set again: covering one would take an option without a color on it,
// and purifying it again one with another color, and purification removed both kinds. So the
// node `w` that `remove` takes out of item `k`'s set is a member of it: `k` is active, its length
// is at least one, and `top`, its base plus its length less one, lies in `k`'s part of `set`.
// Shifted items are no exception: a secondary item's base and length are shifted by `SHIFT` in
// opposite directions, and the item being covered has its own shifted again while its options are
// removed (and its base shifted back before `remove_options` returns), so the wrapping sum of a
// base and a length is always the top of the set plus one, and a shifted length is at least one.
impl Arena<'_> {
    /// `nodes[x]`, unchecked.
    ///
    /// # Safety
    /// `x < nodes.len()`.
    #[inline(always)]
    unsafe fn node(&self, x: usize) -> Node {
        // SAFETY: the caller promises it.
        unsafe { get(self.nodes, x) }
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
        // itself; and `j` is shifted meanwhile, so that it never looks short. The caller marks `j`
        // inactive, or restores a snapshot (which restores lengths, not bases: the base is
        // shifted back here on both ways out).
        // SAFETY: `own` is a node of the option being selected.
        let p = unsafe { self.node(own) }.loc;
        let bottom = base.wrapping_add(if j < self.primary { 0 } else { SHIFT });
        debug_assert!(p >= bottom && p.wrapping_sub(base) < len);
        let first = self.set[bottom as usize];
        self.set[p as usize] = first;
        self.nodes[first as usize].loc = p;
        self.set[bottom as usize] = own as u32;
        self.nodes[own].loc = bottom;
        self.lens[j] = len + SHIFT;
        self.bases[j] = base.wrapping_sub(SHIFT);
        let top = base.wrapping_add(len);
        let mut ok = true;
        for l in (bottom + 1..top).rev() {
            let z = self.set[l as usize] as usize;
            if !self.remove_option(z) {
                ok = false;
                break;
            }
        }
        self.bases[j] = base;
        ok
    }

    /// Purifies the secondary item `x` for color `color`: removes every option in its set that
    /// gives it another color, or none, from the sets of all of its items. Returns `false` as
    /// soon as a primary item is left with no option.
    ///
    /// The set is walked from the top down, as in covering: an option removed swaps its node
    /// with the top, which is an option already kept (or itself), so every member is seen once.
    fn purify(&mut self, x: usize, color: u32) -> bool {
        let (len, base) = (self.lens[x], self.bases[x]);
        let bottom = base.wrapping_add(SHIFT);
        let top = base.wrapping_add(len);
        for l in (bottom..top).rev() {
            let z = self.set[l as usize] as usize;
            if self.colors[z] != color && !self.remove_option(z) {
                return false;
            }
        }
        true
    }

    /// Removes every node of `z`'s option from its item's set; `z` itself is the top of its
    /// item's set, or a member of a secondary item's set being purified. Removals are counted per option, not per node, `z` excepted.
    #[inline(always)]
    fn remove_option(&mut self, z: usize) -> bool {
        let first = self.start[z] as usize;
        let mut w = first;
        loop {
            // SAFETY: `w` starts at an option's first node and steps up to its spacer (see above).
            let x = unsafe { self.node(w) };
            if x.item == SPACER {
                break;
            }
            // SAFETY: by the invariant above, `w`'s option is open to an active item, so `w` is
            // in the set of its item, which is active.
            if !unsafe { self.remove(w, x) } {
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
    ///
    /// # Safety
    /// `x` is `nodes[w]`, not a spacer, and `w` is a member of its item's set, which is active.
    #[inline(always)]
    unsafe fn remove(&mut self, w: usize, x: Node) -> bool {
        let k = x.item as usize;
        // SAFETY: a node's item is `< lens.len() == bases.len()` (see above).
        let len = unsafe { get_mut(self.lens, k) };
        debug_assert!(*len != 0 && *len != INACTIVE);
        let nl = len.wrapping_sub(1);
        *len = nl;
        // SAFETY: as above; and `w` is in `k`'s set, so its last member `top` lies in `set`.
        let top = unsafe { get(self.bases, k) }.wrapping_add(nl) as usize;
        // SAFETY: as just said.
        let last = unsafe { get(self.set, top) };
        let p = x.loc as usize;
        // SAFETY: a member of `set` is a node index, and a node's `loc` is `< set.len()`.
        unsafe {
            *get_mut(self.set, p) = last;
            get_mut(self.nodes, last as usize).loc = p as u32;
            *get_mut(self.set, top) = w as u32;
            get_mut(self.nodes, w).loc = top as u32;
        }
        // Without a branch (see `Sets::choose`).
        self.candidate = if nl == 1 { k as u32 } else { self.candidate };
        // Rare (a contradiction), so predicted well.
        nl != 0
    }
}
