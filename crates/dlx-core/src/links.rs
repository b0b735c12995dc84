//! The node arena in Knuth's layout (dlx1/dlx2): the only place that does index arithmetic.
//!
//! - `items[0]` heads the circular list of active primary items, `items[n + 1]` the list of
//!   secondary items; item `k` of the problem is `items[k + 1]`, and its column header is
//!   `nodes[k + 1]`.
//! - A column header's `item` field holds the column's length (Knuth's `LEN`), its `color` field the
//!   color the item has been purified to (`0` when none).
//! - The nodes of each option lie consecutively between two spacers. A spacer has `item == 0`, `up`
//!   pointing to the first node of the option before it and `down` to the last node of the option
//!   after it, so an option is walked by index. A spacer's `color` holds the number of the option
//!   that ends at it.
//! - An option node's `color` is `0` (none), a color number, or [`DONE`] while its item is purified
//!   to the node's own color (Knuth's `-1`).

use crate::problem::{Entry, Problem};
use crate::unchecked::{get as at, get_mut as at_mut};

/// Marks a node whose colored item is already purified to the node's color.
const DONE: u32 = u32::MAX;

/// A node limit above every node: covers and purifications that take every option.
pub(crate) const NO_LIMIT: u32 = u32::MAX;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Node {
    up: u32,
    down: u32,
    item: u32,
    color: u32,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct ItemLink {
    prev: u32,
    next: u32,
}

/// The mutable state of one search: item lists and option columns.
///
/// Its invariant, which [`Links::new`] establishes and every method keeps (and
/// [`Links::check_invariants`] checks): every link is an index into the arena, every active
/// item's column is a ring whose `up` and `down` links agree and whose length is its header's
/// count, every option node's `item` is its column header, and every option is bracketed by
/// spacers whose links point at its first and last nodes. The arena never changes length after
/// `new` (`clone_from` replaces it whole). The unchecked loops below rely on it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Links {
    items: Vec<ItemLink>,
    nodes: Vec<Node>,
    /// The first node (the spacer before it, plus one) of every option, and one past the end.
    option_first: Vec<u32>,
    /// Whether any option gives a color (otherwise no node is ever [`DONE`]).
    colored: bool,
    /// Algorithm M's state per primary header (empty without multiplicities): how many more
    /// times the item may be covered, and how many of those are optional.
    bound: Vec<u32>,
    slack: Vec<u32>,
}

impl Links {
    /// Lays out `problem` with every item active and every option present.
    pub(crate) fn new(problem: &Problem) -> Links {
        Links::with_order(problem, 0..problem.option_count())
    }

    /// Lays out `problem` with its options in the order `order` gives (every option once), so
    /// each column lists its options in that order; spacers still name the options' own numbers.
    /// [`first_node`](Self::first_node) takes positions in that order.
    pub(crate) fn with_order(problem: &Problem, order: impl IntoIterator<Item = usize>) -> Links {
        let n = problem.item_count();
        let primary = problem.primary_count();
        let mut items = vec![ItemLink::default(); n + 2];
        let link_ring = |items: &mut [ItemLink], root: usize, members: std::ops::Range<usize>| {
            let mut last = root;
            for k in members {
                items[last].next = k as u32;
                items[k].prev = last as u32;
                last = k;
            }
            items[last].next = root as u32;
            items[root].prev = last as u32;
        };
        link_ring(&mut items, 0, 1..primary + 1);
        link_ring(&mut items, n + 1, primary + 1..n + 1);

        let mut nodes: Vec<Node> = (0..=n)
            .map(|k| Node {
                up: k as u32,
                down: k as u32,
                item: 0,
                color: 0,
            })
            .collect();
        let mut option_first = Vec::with_capacity(problem.option_count() + 1);
        let mut spacer = nodes.len();
        nodes.push(Node {
            color: u32::MAX,
            ..Node::default()
        });
        for option in order {
            let first = nodes.len();
            option_first.push(first as u32);
            for &Entry { item, color } in problem.option(option) {
                let header = item + 1;
                let x = nodes.len() as u32;
                let last = nodes[header].up;
                nodes.push(Node {
                    up: last,
                    down: header as u32,
                    item: header as u32,
                    color,
                });
                nodes[last as usize].down = x;
                nodes[header].up = x;
                nodes[header].item += 1;
            }
            let end = nodes.len();
            nodes[spacer].down = (end - 1) as u32;
            spacer = end;
            nodes.push(Node {
                up: first as u32,
                down: 0,
                item: 0,
                color: option as u32,
            });
        }
        option_first.push(nodes.len() as u32);
        let (mut bound, mut slack) = (Vec::new(), Vec::new());
        if problem.has_multiplicities() {
            bound.push(0);
            slack.push(0);
            for item in 0..primary {
                let (min, max) = problem.bounds(item);
                bound.push(max);
                slack.push(max - min);
            }
        }
        Links {
            items,
            nodes,
            colored: problem.color_count() > 0,
            option_first,
            bound,
            slack,
        }
    }

    /// The first node of the option at `option`'s position in the layout (its number, unless
    /// laid out [`with_order`](Self::with_order)).
    pub(crate) fn first_node(&self, option: usize) -> u32 {
        self.option_first[option]
    }

    /// The number of options.
    pub(crate) fn option_count(&self) -> usize {
        self.option_first.len() - 1
    }

    /// The number of the option that node `x` belongs to.
    pub(crate) fn option_of(&self, mut x: u32) -> usize {
        while self.nodes[x as usize].item != 0 {
            x += 1;
        }
        self.nodes[x as usize].color as usize
    }

    /// Whether `x` is a node of an option (not a column header or a spacer).
    pub(crate) fn is_option_node(&self, x: u32) -> bool {
        x as usize >= self.items.len() && self.nodes[x as usize].item != 0
    }

    /// The header index of the column holding node `x`.
    #[inline]
    pub(crate) fn item_of(&self, x: u32) -> u32 {
        self.nodes[x as usize].item
    }

    /// The next node down the column.
    #[inline]
    pub(crate) fn down(&self, x: u32) -> u32 {
        self.nodes[x as usize].down
    }

    /// The next node up the column.
    #[inline]
    pub(crate) fn up(&self, x: u32) -> u32 {
        self.nodes[x as usize].up
    }

    /// The active primary item after header `i` in the item list (`0`, the list's head, after
    /// the last; `next_primary(0)` is the first).
    #[inline]
    pub(crate) fn next_primary(&self, i: u32) -> u32 {
        self.items[i as usize].next
    }

    /// The number of nodes in the arena (headers, option nodes and spacers).
    pub(crate) fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// Whether no primary item is left to cover.
    #[inline]
    pub(crate) fn all_covered(&self) -> bool {
        self.items[0].next == 0
    }

    /// Whether an item (by header index) is still in its item list.
    pub(crate) fn is_listed(&self, i: u32) -> bool {
        let link = self.items[i as usize];
        self.items[link.prev as usize].next == i
    }

    /// The color node `x` asks of its item (`DONE` counts as satisfied), and the color its item is
    /// purified to.
    pub(crate) fn colors_at(&self, x: u32) -> (u32, u32) {
        let node = self.nodes[x as usize];
        (node.color, self.nodes[node.item as usize].color)
    }

    /// Knuth's branching rule: the active primary item with the fewest options, the leftmost on a
    /// tie. Returns its header index, or `None` if all primary items are covered.
    #[inline]
    pub(crate) fn choose_item(&self) -> Option<u32> {
        let mut best = None;
        let mut fewest = u32::MAX;
        let mut k = self.items[0].next;
        while k != 0 {
            let len = self.nodes[k as usize].item;
            if len < fewest {
                best = Some(k);
                fewest = len;
                if len == 0 {
                    break;
                }
            }
            k = self.items[k as usize].next;
        }
        best
    }

    /// Whether the problem has multiplicities (then Algorithm M's operations below apply).
    pub(crate) fn has_bounds(&self) -> bool {
        !self.bound.is_empty()
    }

    /// How many more times primary header `i` may be covered.
    pub(crate) fn bound(&self, i: u32) -> u32 {
        self.bound[i as usize]
    }

    /// How many of [`bound`](Self::bound)'s coverings are optional.
    pub(crate) fn slack(&self, i: u32) -> u32 {
        self.slack[i as usize]
    }

    /// The number of options left in column `i`.
    pub(crate) fn len(&self, i: u32) -> u32 {
        self.nodes[i as usize].item
    }

    /// Algorithm M's branching rule: the active primary item with the smallest branching degree
    /// `LEN + 1 - max(BOUND - SLACK, 0)`; on a tie the one with less slack, then the longer
    /// list, then the leftmost. Returns the item and its degree (`0`: a dead end), or `None` if
    /// no primary item is active.
    pub(crate) fn choose_item_with_bounds(&self) -> Option<(u32, u32)> {
        let mut best: Option<(u32, u32, u32, u32)> = None; // item, degree, slack, len
        let mut k = self.items[0].next;
        while k != 0 {
            let len = self.len(k);
            let slack = self.slack(k).min(self.bound(k));
            let degree = (len + 1).saturating_sub(self.bound(k) - slack);
            let better = match best {
                None => true,
                Some((_, d, s, l)) => {
                    degree < d || (degree == d && (slack < s || (slack == s && len > l)))
                }
            };
            if better {
                best = Some((k, degree, slack, len));
            }
            k = self.items[k as usize].next;
        }
        best.map(|(k, degree, _, _)| (k, degree))
    }

    /// Takes primary item `i` out of the active list without covering it.
    pub(crate) fn unlink_item(&mut self, i: u32) {
        let ItemLink { prev, next } = self.items[i as usize];
        self.items[prev as usize].next = next;
        self.items[next as usize].prev = prev;
    }

    /// Undoes [`unlink_item`](Self::unlink_item).
    pub(crate) fn relink_item(&mut self, i: u32) {
        let ItemLink { prev, next } = self.items[i as usize];
        self.items[prev as usize].next = i;
        self.items[next as usize].prev = i;
    }

    /// Uses up one covering of primary header `i`; returns the bound left.
    pub(crate) fn take_bound(&mut self, i: u32) -> u32 {
        self.bound[i as usize] -= 1;
        self.bound[i as usize]
    }

    /// Gives back one covering of primary header `i`.
    pub(crate) fn give_bound(&mut self, i: u32) {
        self.bound[i as usize] += 1;
    }

    /// Knuth's tweak: removes option node `x`, the first in column `i`, from that column, hiding
    /// the rest of its option unless `i` is covered (its options are hidden already).
    /// Counts one update for the removal from the column, and one per node hidden.
    pub(crate) fn tweak(&mut self, x: u32, i: u32, hide_rest: bool, updates: &mut u64) {
        let colored = self.colored;
        let nodes = self.nodes.as_mut_slice();
        if hide_rest {
            // SAFETY: the arena keeps its invariant, and `x` is an option node of column `i`.
            *updates += unsafe { hide_any(nodes, x, colored) };
        }
        let d = nodes[x as usize].down;
        nodes[i as usize].down = d;
        nodes[d as usize].up = i;
        nodes[i as usize].item -= 1;
        // Taking `x` out of the column is an update, like every removal of a node from a column.
        *updates += 1;
    }

    /// Knuth's untweak: puts back into column `i` every option tweaked out of it since `first`
    /// (they still link to each other through their `down` fields).
    pub(crate) fn untweak(&mut self, first: u32, i: u32, unhide_rest: bool) {
        let colored = self.colored;
        let nodes = self.nodes.as_mut_slice();
        let z = nodes[i as usize].down;
        nodes[i as usize].down = first;
        let (mut x, mut y, mut restored) = (first, i, 0);
        while x != z {
            nodes[x as usize].up = y;
            restored += 1;
            if unhide_rest {
                // SAFETY: the arena keeps its invariant, and `x` was tweaked out of column `i`.
                unsafe { unhide_any(nodes, x, colored) };
            }
            y = x;
            x = nodes[x as usize].down;
        }
        nodes[z as usize].up = y;
        nodes[i as usize].item += restored;
    }

    /// Algorithm M's step M5 at primary header `i`, whose choice is `x` (an option node of its
    /// column, or `i` itself for "no more options for `i`"): whether the choice can be tried,
    /// when `x` is tweaked out of the column (or `i` taken out of the item list); `false` when
    /// the level must end instead ([`restore_item`](Self::restore_item)), too few options being
    /// left to cover `i` often enough. (The dancing-links search writes steps M5 and M8 out in
    /// its own loop: through these calls its loop ran 8 % slower on the 7x7 matrices.)
    #[inline]
    pub(crate) fn prepare_choice(&mut self, i: u32, x: u32, updates: &mut u64) -> bool {
        let (bound, slack) = (self.bound(i), self.slack(i));
        if bound == 0 && slack == 0 {
            return x != i;
        }
        // At the column's end no option is left to try: those tried are tweaked out (and a
        // search by cost that skips the dear ones counts them out too).
        let left = if x == i { 0 } else { self.len(i) };
        if i64::from(left) <= i64::from(bound) - i64::from(slack) {
            return false;
        }
        if x != i {
            self.tweak(x, i, bound != 0, updates);
        } else if bound != 0 {
            self.unlink_item(i);
        }
        true
    }

    /// Algorithm M's step M8 at primary header `i`, whose level tweaked options out of its column
    /// from `first_tweak` on: the column and the item restored, and the covering the level took
    /// given back.
    #[inline]
    pub(crate) fn restore_item(&mut self, i: u32, first_tweak: u32) {
        let (bound, slack) = (self.bound(i), self.slack(i));
        if bound == 0 && slack == 0 {
            self.uncover(i);
        } else {
            self.untweak(first_tweak, i, bound != 0);
            if bound == 0 {
                self.uncover(i);
            }
        }
        self.give_bound(i);
    }

    /// Algorithm M's commit of the rest of an option: a primary item uses up one covering and is
    /// covered when none is left; a secondary item is committed as usual.
    pub(crate) fn commit_others_with_bounds(&mut self, p: u32, updates: &mut u64) {
        let mut q = p + 1;
        while q != p {
            let node = self.nodes[q as usize];
            if node.item == 0 {
                q = node.up;
                continue;
            }
            if (node.item as usize) < self.bound.len() {
                if self.take_bound(node.item) == 0 {
                    self.cover(node.item, updates);
                }
            } else {
                self.commit(q, NO_LIMIT, updates);
            }
            q += 1;
        }
    }

    /// Undoes [`commit_others_with_bounds`](Self::commit_others_with_bounds), right to left.
    pub(crate) fn uncommit_others_with_bounds(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            let node = self.nodes[q as usize];
            if node.item == 0 {
                q = node.down;
                continue;
            }
            if (node.item as usize) < self.bound.len() {
                if self.bound(node.item) == 0 {
                    self.uncover(node.item);
                }
                self.give_bound(node.item);
            } else {
                self.uncommit(q, NO_LIMIT);
            }
            q -= 1;
        }
    }

    /// Takes item `i` out of its list and hides every option that holds it.
    #[inline]
    pub(crate) fn cover(&mut self, i: u32, updates: &mut u64) {
        self.cover_below(i, NO_LIMIT, updates);
    }

    /// Takes item `i` out of its list and hides the options of its column that lie below node
    /// `limit` (all of them for [`NO_LIMIT`]). In a layout ordered by cost
    /// ([`with_order`](Self::with_order)) those are the options cheaper than a bound, and the
    /// ones left are never chosen (Knuth's dlx5).
    #[inline]
    pub(crate) fn cover_below(&mut self, i: u32, limit: u32, updates: &mut u64) {
        // Work on local slices: stores into the nodes cannot then force the compiler to reload
        // the vectors' pointers from `self`, which costs a third of the time in this loop.
        let colored = self.colored;
        let nodes = self.nodes.as_mut_slice();
        let mut count = 1;
        let mut p = nodes[i as usize].down;
        // The header `i` lies below every option node, so `p < limit` alone would not end the walk.
        while p != i && p < limit {
            // SAFETY: the arena keeps its invariant, and `p` is an option node of column `i`.
            count += unsafe { hide_any(nodes, p, colored) };
            p = nodes[p as usize].down;
        }
        let ItemLink { prev, next } = self.items[i as usize];
        self.items[prev as usize].next = next;
        self.items[next as usize].prev = prev;
        *updates += count;
    }

    /// Undoes [`cover_below`](Self::cover_below) with the same `limit`, walking the column down as
    /// the cover did (undoing the hides in the order they were made restores the links as well as
    /// the reverse order does).
    pub(crate) fn uncover_below(&mut self, i: u32, limit: u32) {
        let ItemLink { prev, next } = self.items[i as usize];
        self.items[prev as usize].next = i;
        self.items[next as usize].prev = i;
        let colored = self.colored;
        let nodes = self.nodes.as_mut_slice();
        let mut p = nodes[i as usize].down;
        while p != i && p < limit {
            // SAFETY: the arena keeps its invariant, and `p` is an option node of column `i`.
            unsafe { unhide_any(nodes, p, colored) };
            p = nodes[p as usize].down;
        }
    }

    /// Undoes [`cover`](Self::cover).
    #[inline]
    pub(crate) fn uncover(&mut self, i: u32) {
        let ItemLink { prev, next } = self.items[i as usize];
        self.items[prev as usize].next = i;
        self.items[next as usize].prev = i;
        let colored = self.colored;
        let nodes = self.nodes.as_mut_slice();
        let mut p = nodes[i as usize].up;
        while p != i {
            // SAFETY: the arena keeps its invariant, and `p` is an option node of column `i`.
            unsafe { unhide_any(nodes, p, colored) };
            p = nodes[p as usize].up;
        }
    }

    /// Keeps in the column of node `p` only the options that agree with `p`'s color, among those
    /// below node `limit` (as for [`cover_below`](Self::cover_below)).
    fn purify(&mut self, p: u32, limit: u32, updates: &mut u64) {
        let nodes = self.nodes.as_mut_slice();
        let Node { item: i, color, .. } = nodes[p as usize];
        nodes[i as usize].color = color;
        let mut q = nodes[i as usize].down;
        while q != i && q < limit {
            if nodes[q as usize].color == color {
                if q != p {
                    nodes[q as usize].color = DONE;
                }
            } else {
                // SAFETY: the arena keeps its invariant, and `q` is an option node of column `i`.
                *updates += unsafe { hide::<true>(nodes, q) };
            }
            q = nodes[q as usize].down;
        }
    }

    /// Undoes [`purify`](Self::purify) with the same `limit`: for [`NO_LIMIT`] up the column, the
    /// reverse of the purification; below a limit down the column, as the purification went.
    fn unpurify(&mut self, p: u32, limit: u32) {
        let nodes = self.nodes.as_mut_slice();
        let Node { item: i, color, .. } = nodes[p as usize];
        nodes[i as usize].color = 0;
        let undo = |nodes: &mut [Node], q: u32| {
            if nodes[q as usize].color == DONE {
                nodes[q as usize].color = color;
            } else if q != p {
                // SAFETY: the arena keeps its invariant, and `q` is an option node of column `i`.
                unsafe { unhide::<true>(nodes, q) };
            }
        };
        if limit == NO_LIMIT {
            let mut q = nodes[i as usize].up;
            while q != i {
                undo(nodes, q);
                q = nodes[q as usize].up;
            }
        } else {
            let mut q = nodes[i as usize].down;
            while q != i && q < limit {
                undo(nodes, q);
                q = nodes[q as usize].down;
            }
        }
    }

    /// Knuth's commit: covers or purifies the item of node `p`, as its color asks, hiding only
    /// options below node `limit`.
    #[inline]
    fn commit(&mut self, p: u32, limit: u32, updates: &mut u64) {
        let Node { item, color, .. } = self.nodes[p as usize];
        match color {
            0 => self.cover_below(item, limit, updates),
            DONE => {}
            _ => self.purify(p, limit, updates),
        }
    }

    /// Undoes [`commit`](Self::commit) with the same `limit`.
    #[inline]
    fn uncommit(&mut self, p: u32, limit: u32) {
        let Node { item, color, .. } = self.nodes[p as usize];
        match color {
            0 if limit == NO_LIMIT => self.uncover(item),
            0 => self.uncover_below(item, limit),
            DONE => {}
            _ => self.unpurify(p, limit),
        }
    }

    /// Commits every item of the option holding `p` except `p`'s own, left to right.
    #[inline]
    pub(crate) fn commit_others(&mut self, p: u32, updates: &mut u64) {
        self.commit_others_below(p, NO_LIMIT, updates);
    }

    /// Commits every item of the option holding `p` except `p`'s own, left to right, hiding only
    /// options below node `limit`.
    #[inline]
    pub(crate) fn commit_others_below(&mut self, p: u32, limit: u32, updates: &mut u64) {
        let mut q = p + 1;
        while q != p {
            let node = self.nodes[q as usize];
            if node.item == 0 {
                q = node.up;
            } else {
                self.commit(q, limit, updates);
                q += 1;
            }
        }
    }

    /// Undoes [`commit_others`](Self::commit_others), right to left.
    #[inline]
    pub(crate) fn uncommit_others(&mut self, p: u32) {
        self.uncommit_others_below(p, NO_LIMIT);
    }

    /// Undoes [`commit_others_below`](Self::commit_others_below) with the same `limit`.
    #[inline]
    pub(crate) fn uncommit_others_below(&mut self, p: u32, limit: u32) {
        let mut q = p - 1;
        while q != p {
            let node = self.nodes[q as usize];
            if node.item == 0 {
                q = node.down;
            } else {
                self.uncommit(q, limit);
                q -= 1;
            }
        }
    }

    /// Commits every item of the option starting at node `first`.
    pub(crate) fn commit_option(&mut self, first: u32, updates: &mut u64) {
        let mut q = first;
        while self.nodes[q as usize].item != 0 {
            self.commit(q, NO_LIMIT, updates);
            q += 1;
        }
    }

    /// Checks the invariant of the arena (as Knuth's `sanity` does): every active item's column
    /// is a ring whose links agree, whose nodes name it and whose length is its count; every
    /// option is bracketed by spacers that point at its ends; every link is in range. Costs a
    /// walk over the whole arena: for tests and debugging.
    pub(crate) fn check_invariants(&self) -> Result<(), String> {
        let (n, len) = (self.items.len(), self.nodes.len());
        let in_range = |x: u32, what: &str| {
            if (x as usize) < len {
                Ok(x as usize)
            } else {
                Err(format!("{what} {x} is past the arena ({len} nodes)"))
            }
        };
        // The primary items' list, then the secondary items'.
        for root in [0, n - 1] {
            let (mut k, mut steps) = (root, 0);
            loop {
                let next = self.items[k].next as usize;
                if next >= n || self.items[next].prev as usize != k {
                    return Err(format!("the item list breaks after item {k}"));
                }
                k = next;
                if k == root {
                    break;
                }
                self.check_column(k, &in_range)?;
                steps += 1;
                if steps > n {
                    return Err(format!("the item list from {root} does not close"));
                }
            }
        }
        for option in 0..self.option_count() {
            let start = self.option_first[option] as usize;
            let end = self.option_first[option + 1] as usize - 1;
            // The spacers around the option: before it, `down` at its last node; after it, `up`
            // at its first.
            if self.nodes[start - 1].item != 0 || self.nodes[start - 1].down as usize != end - 1 {
                return Err(format!(
                    "the spacer before option {option} does not point at its end"
                ));
            }
            if self.nodes[end].item != 0 || self.nodes[end].up as usize != start {
                return Err(format!(
                    "the spacer after option {option} does not point back"
                ));
            }
            for x in start..end {
                let item = self.nodes[x].item as usize;
                if item == 0 || item >= n - 1 {
                    return Err(format!("node {x} of option {option} names no item"));
                }
            }
        }
        Ok(())
    }

    /// Checks the column of active item `k`: a ring of nodes naming `k`, with agreeing links
    /// and as many nodes as its count.
    fn check_column(
        &self,
        k: usize,
        in_range: &impl Fn(u32, &str) -> Result<usize, String>,
    ) -> Result<(), String> {
        let mut count = 0u32;
        let mut x = k;
        loop {
            let down = in_range(self.nodes[x].down, "a down link")?;
            if in_range(self.nodes[down].up, "an up link")? != x {
                return Err(format!(
                    "in column {k}, node {down} does not link back up to {x}"
                ));
            }
            x = down;
            if x == k {
                break;
            }
            if self.nodes[x].item as usize != k {
                return Err(format!(
                    "node {x} in column {k} names item {}",
                    self.nodes[x].item
                ));
            }
            count += 1;
            if count as usize > self.nodes.len() {
                return Err(format!("column {k} does not close"));
            }
        }
        if count != self.nodes[k].item {
            return Err(format!(
                "column {k} holds {count} nodes but counts {}",
                self.nodes[k].item
            ));
        }
        Ok(())
    }
}

// The two loops below do nearly all of the engine's work, and bounds checks cost a quarter of
// their instructions (four checks per node removed), so they index without checks, relying on
// the invariant of `Links`: every index they follow is a node index taken from the arena
// itself. `p` comes from a column walk (a `down`/`up` link), `q` moves by one within an option,
// which is bracketed by spacers (so `p + 1` and `p - 1` stay inside), spacers' `up`/`down` point
// at option nodes, and an option node's `item` is its column header; and every store writes an
// index that was read from the arena. So all indices are `< nodes.len()`.

/// [`hide`], specialised at run time on whether the problem has colors at all: without colors the
/// loop need not look at them.
///
/// # Safety
/// As for [`hide`].
#[inline(always)]
unsafe fn hide_any(nodes: &mut [Node], p: u32, colored: bool) -> u64 {
    // SAFETY: the caller keeps the promise of `hide`.
    unsafe {
        if colored {
            hide::<true>(nodes, p)
        } else {
            hide::<false>(nodes, p)
        }
    }
}

/// [`unhide`], specialised like [`hide_any`].
///
/// # Safety
/// As for [`unhide`].
#[inline(always)]
unsafe fn unhide_any(nodes: &mut [Node], p: u32, colored: bool) {
    // SAFETY: the caller keeps the promise of `unhide`.
    unsafe {
        if colored {
            unhide::<true>(nodes, p)
        } else {
            unhide::<false>(nodes, p)
        }
    }
}

/// Removes the other nodes of the option holding `p` from their columns (Knuth's hide'), and
/// returns how many it removed.
///
/// # Safety
/// `nodes` is the arena of a [`Links`] that keeps its invariant, and `p` an option node in it.
#[inline]
unsafe fn hide<const COLORED: bool>(nodes: &mut [Node], p: u32) -> u64 {
    // Walk with `usize` indices: converting at every step costs register moves in this loop.
    let p = p as usize;
    let mut removed = 0;
    let mut q = p + 1;
    while q != p {
        // SAFETY: by the invariant, `q` stays within `p`'s option and its spacers, and the links
        // read from its nodes are indices into the arena.
        let node = unsafe { at(nodes, q) };
        if node.item == 0 {
            q = node.up as usize;
        } else {
            if !COLORED || node.color != DONE {
                // SAFETY: as above.
                unsafe {
                    at_mut(nodes, node.up as usize).down = node.down;
                    at_mut(nodes, node.down as usize).up = node.up;
                    at_mut(nodes, node.item as usize).item -= 1;
                }
                removed += 1;
            }
            q += 1;
        }
    }
    removed
}

/// Undoes [`hide`], walking the option backwards.
///
/// # Safety
/// As for [`hide`], and `p`'s option was hidden by it last.
#[inline]
unsafe fn unhide<const COLORED: bool>(nodes: &mut [Node], p: u32) {
    let p = p as usize;
    let mut q = p - 1;
    while q != p {
        // SAFETY: as in `hide`.
        let node = unsafe { at(nodes, q) };
        if node.item == 0 {
            q = node.down as usize;
        } else {
            if !COLORED || node.color != DONE {
                // SAFETY: as in `hide`.
                unsafe {
                    at_mut(nodes, node.up as usize).down = q as u32;
                    at_mut(nodes, node.down as usize).up = q as u32;
                    at_mut(nodes, node.item as usize).item += 1;
                }
            }
            q -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::knuth;

    use super::*;

    #[test]
    fn the_check_finds_a_broken_link() {
        let problem = knuth::parse("A B C | X\nA X\nB C\nA B\nC X\n")
            .unwrap()
            .problem;
        let mut links = Links::new(&problem);
        assert_eq!(links.check_invariants(), Ok(()));
        let mut updates = 0;
        links.cover(1, &mut updates);
        assert_eq!(links.check_invariants(), Ok(()));
        links.uncover(1);
        let good = links.clone();
        links.nodes[8].up = 3;
        assert!(links.check_invariants().is_err());
        links = good.clone();
        links.nodes[2].item += 1;
        assert!(links.check_invariants().unwrap_err().contains("counts"));
        links = good;
        links.items[0].next = 3;
        assert!(links.check_invariants().is_err());
    }
}
