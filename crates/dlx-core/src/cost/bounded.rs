//! The cheapest solutions of a problem with multiplicities: Knuth's Algorithm M (steps M2–M9,
//! as [`crate::Search`] runs them) on the layout ordered by cost, with the cost search's pruning.
//!
//! Covers here take every option (Algorithm M's tweaks walk whole columns), so the pruning is by
//! choice: the options of a column are tried cheapest first, and once one would make the partial
//! solution cost the cutoff or more, the rest are skipped and the level goes on with its last
//! branch, "no more options for this item" (the skipped options stay in other columns, but every
//! deeper level finds them too dear as well: costs only grow down the tree, and the cutoff only
//! falls). A level is a dead end when an item still short of its minimum has no option cheap
//! enough, or when the groups' bound, each item's shortfall times its cheapest option, reaches the
//! cutoff.

use super::Run;
use crate::search::multiplicity::Step;
use crate::StopReason;

/// One level of Algorithm M with costs.
#[derive(Clone, Copy)]
struct Level {
    /// The item branched on.
    item: u32,
    /// The node of the option tried, or `item` for "no more options for it".
    choice: u32,
    /// The first node tweaked out of the item's column at this level.
    first_tweak: u32,
    /// The net cost of the options chosen above this level.
    cost: u64,
}

impl Run {
    /// Searches a problem with multiplicities until the end, or until the stop says why not.
    pub(super) fn search_with_bounds(&mut self) -> Result<(), StopReason> {
        let mut levels: Vec<Level> = Vec::new();
        let mut cost = 0u64;
        let mut step = Step::Enter;
        loop {
            match step {
                Step::Enter => {
                    if let Some(reason) = self.watch.check_with(
                        self.stats.nodes,
                        self.stats.updates,
                        self.stats.found,
                    ) {
                        return Err(reason);
                    }
                    self.stats.nodes += 1;
                    // Degree 0: some item can no longer be covered often enough.
                    let chosen = self.links.choose_item_with_bounds();
                    let Some((item, _)) = chosen.filter(|&(_, degree)| degree > 0) else {
                        step = Step::Leave;
                        continue;
                    };
                    if self.short_and_dear(cost) {
                        step = Step::Leave;
                        continue;
                    }
                    let choice = self.links.down(item);
                    if self.links.take_bound(item) == 0 {
                        self.links.cover(item, &mut self.stats.updates);
                    }
                    levels.push(Level {
                        item,
                        choice,
                        first_tweak: choice,
                        cost,
                    });
                    step = Step::Tweak;
                }
                Step::Tweak => {
                    let level = levels.last_mut().expect("a level is entered");
                    let i = level.item;
                    // The options left are the dearest: once one is too dear, all are.
                    if level.choice != i
                        && self
                            .cutoff()
                            .is_some_and(|c| level.cost + self.node_net[level.choice as usize] >= c)
                    {
                        level.choice = i;
                    }
                    let x = level.choice;
                    step = if self.links.prepare_choice(i, x, &mut self.stats.updates) {
                        Step::Try
                    } else {
                        Step::Restore
                    };
                }
                Step::Try => {
                    let level = *levels.last().expect("a level is entered");
                    let (i, x) = (level.item, level.choice);
                    let mut next = level.cost;
                    if x != i {
                        next += self.node_net[x as usize];
                        self.links
                            .commit_others_with_bounds(x, &mut self.stats.updates);
                    }
                    if self.links.all_covered() {
                        self.stats.nodes += 1;
                        let options: Vec<usize> = levels
                            .iter()
                            .filter(|l| l.choice != l.item)
                            .map(|l| self.links.option_of(l.choice))
                            .collect();
                        self.record(&options, next);
                        step = Step::TryAgain;
                    } else {
                        cost = next;
                        step = Step::Enter;
                    }
                }
                Step::TryAgain => {
                    let level = levels.last_mut().expect("a level is entered");
                    let (i, x) = (level.item, level.choice);
                    if x == i {
                        if self.links.bound(i) != 0 {
                            self.links.relink_item(i);
                        }
                        step = Step::Restore;
                    } else {
                        self.links.uncommit_others_with_bounds(x);
                        level.choice = self.links.down(x);
                        step = Step::Tweak;
                    }
                }
                Step::Restore => {
                    let level = levels.pop().expect("a level is entered");
                    self.links.restore_item(level.item, level.first_tweak);
                    step = Step::Leave;
                }
                Step::Leave => {
                    if levels.is_empty() {
                        return Ok(());
                    }
                    step = Step::TryAgain;
                }
            }
        }
    }

    /// Whether a partial solution of net cost `cost` cannot beat the cutoff: some active item
    /// short of its minimum has no option left cheap enough, or some group's items, each paying
    /// its shortfall times its cheapest option (no option serves two items of a group), reach
    /// the cutoff.
    fn short_and_dear(&mut self, cost: u64) -> bool {
        let Some(cutoff) = self.cutoff() else {
            return false;
        };
        let links = &self.links;
        let mut paid = std::mem::take(&mut self.group_sums);
        paid.fill(cost);
        let mut dead = false;
        let mut k = links.next_primary(0);
        while k != 0 {
            let short = links.bound(k).saturating_sub(links.slack(k));
            if short > 0 {
                let first = links.down(k);
                let cheapest = self.node_net[first as usize];
                let group = &mut paid[self.group[k as usize] as usize];
                *group = group.saturating_add(cheapest.saturating_mul(u64::from(short)));
                if first == k || cost.saturating_add(cheapest) >= cutoff || *group >= cutoff {
                    dead = true;
                    break;
                }
            }
            k = links.next_primary(k);
        }
        self.group_sums = paid;
        dead
    }
}
