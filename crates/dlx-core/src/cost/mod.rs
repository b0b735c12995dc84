//! The cheapest solutions: options carry costs, and the search finds the `k` solutions of least
//! total cost (Knuth's Algorithm C$, as his dlx5 does it).
//!
//! - **Taxes.** Each primary item is taxed the least cost of its options, and every option's cost
//!   is lowered by the taxes of its items (item by item, so no cost goes below zero). Every
//!   solution pays each tax exactly once, so the order of solutions by cost is unchanged, but
//!   most options now cost nothing and the expensive ones stand out.
//! - **Columns in order of cost.** The options are laid out in order of their net cost, so every
//!   item's list runs from its cheapest option to its dearest, and "the options cheaper than a
//!   bound" are a prefix of every list: those below one node. Covering an item hides only that
//!   prefix (`Links::cover_below`); the options left behind cost too much to be chosen in any
//!   solution that could still beat the `k` best found so far.
//! - **Branching.** On the uncovered primary item with the fewest options cheap enough to be
//!   chosen, the one whose cheapest option costs most on a tie (that cost must be paid), the
//!   leftmost after that; an item whose cheapest option is already too dear ends the branch.
//!
//! The search keeps the `k` cheapest solutions found; each new one must cost less than the `k`th
//! best so far, so the bound tightens as it goes. Colors are taken, and multiplicities (Knuth's
//! Algorithm M with the same pruning by cost, which dlx5 lacks: see `bounded`). A [`Stop`] ends
//! the search early with the best found so far.
//!
//! ```
//! use dlx_core::{cost::Cheapest, knuth};
//!
//! // Two ways to cover A B C: `A B |5` with `C |1`, or `A |1` with `B C |2`.
//! let text = "A B C\nA B |5\nC |1\nA |1\nB C |2\n";
//! let problem = knuth::parse(text).unwrap().problem;
//! let best = Cheapest::new(&problem).keep(2).search().unwrap();
//! let costs: Vec<u64> = best.solutions.iter().map(|s| s.cost).collect();
//! assert_eq!(costs, [3, 6]);
//! assert_eq!(best.solutions[0].options, [2, 3]);
//! ```

mod bounded;

use std::collections::BinaryHeap;
use std::fmt;

use thiserror::Error;

use crate::links::Links;
use crate::{Problem, Stop, StopReason, Watch};

/// A solution and what it costs.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Priced {
    /// The sum of its options' costs.
    pub cost: u64,
    /// Its options, by number, in the order the search chose them.
    pub options: Vec<usize>,
}

/// What a search for the cheapest solutions did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CostStats {
    /// Nodes of the search tree, solutions included (as Knuth's dlx5 counts them).
    pub nodes: u64,
    /// Options removed from a column.
    pub updates: u64,
    /// Solutions found, each cheaper than the `k`th best before it.
    pub found: u64,
}

impl fmt::Display for CostStats {
    /// `found=… nodes=… updates=…`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "found={} nodes={} updates={}",
            self.found, self.nodes, self.updates
        )
    }
}

/// The result of a search for the cheapest solutions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Best {
    /// The cheapest solutions found, at most `k`, cheapest first (in the order found on a tie).
    pub solutions: Vec<Priced>,
    /// The search's figures.
    pub stats: CostStats,
    /// Why the search ended early, if its [`Stop`] ended it: then cheaper solutions may exist.
    pub stopped: Option<StopReason>,
}

/// Why the cheapest solutions cannot be searched for.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CostError {
    /// `k` is zero: no solution would be kept.
    #[error("the number of cheapest solutions to keep must be at least 1")]
    KeepNothing,
}

/// A search for the `k` cheapest solutions of a problem: [`Cheapest::new`], then the bounds,
/// then [`Cheapest::search`].
#[derive(Debug)]
pub struct Cheapest<'p> {
    problem: &'p Problem,
    keep: usize,
    stop: Stop,
}

impl<'p> Cheapest<'p> {
    /// A search for the single cheapest solution of `problem`, with no stop.
    pub fn new(problem: &'p Problem) -> Cheapest<'p> {
        Cheapest {
            problem,
            keep: 1,
            stop: Stop::new(),
        }
    }

    /// Keeps the `k` cheapest solutions instead of one.
    pub fn keep(mut self, k: usize) -> Cheapest<'p> {
        self.keep = k;
        self
    }

    /// Watches `stop` while searching: a budget counts the search's nodes and updates.
    pub fn with_stop(mut self, stop: Stop) -> Cheapest<'p> {
        self.stop = stop;
        self
    }

    /// Searches, and returns the cheapest solutions found.
    pub fn search(&self) -> Result<Best, CostError> {
        if self.keep == 0 {
            return Err(CostError::KeepNothing);
        }
        let mut run = Run::new(self.problem, self.keep, self.stop.clone());
        let searched = if self.problem.has_multiplicities() {
            run.search_with_bounds()
        } else {
            run.search()
        };
        let stopped = searched.err();
        // Cheapest first; among equal costs, in the order found.
        let solutions = run
            .kept
            .into_sorted_vec()
            .into_iter()
            .map(|kept| Priced {
                cost: kept.net + run.total_tax,
                options: kept.options,
            })
            .collect();
        Ok(Best {
            solutions,
            stats: run.stats,
            stopped,
        })
    }
}

/// A solution kept, by net cost; among equal costs the one found first comes first.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Kept {
    net: u64,
    found: u64,
    options: Vec<usize>,
}

/// The options' net costs after taxes, and the taxes' total.
fn taxed(problem: &Problem) -> (Vec<u64>, u64) {
    let mut net: Vec<u64> = (0..problem.option_count())
        .map(|o| problem.cost(o))
        .collect();
    let mut per_item = vec![Vec::new(); problem.primary_count()];
    for (option, _) in net.iter().enumerate() {
        for entry in problem.option(option) {
            if entry.item < problem.primary_count() {
                per_item[entry.item].push(option);
            }
        }
    }
    let mut total = 0u64;
    for (item, options) in per_item.iter().enumerate() {
        // An item covered `u` times in every solution pays its tax `u` times; one whose count
        // may vary is not taxed, or solutions would pay different taxes.
        let (min, max) = problem.bounds(item);
        if min != max {
            continue;
        }
        let tax = options.iter().map(|&o| net[o]).min().unwrap_or(0);
        for &o in options {
            net[o] -= tax;
        }
        // The taxes of a solution are paid by its options, whose costs add up within a `u64`.
        total = total.saturating_add(tax.saturating_mul(u64::from(min)));
    }
    (net, total)
}

/// A group for every primary item such that no option holds two items of one group (a greedy
/// coloring of the items that share options), indexed by header (item + 1; header 0 unused).
fn groups(problem: &Problem) -> Vec<u32> {
    let primary = problem.primary_count();
    let mut options_of = vec![Vec::new(); primary];
    for option in 0..problem.option_count() {
        for entry in problem.option(option) {
            if entry.item < primary {
                options_of[entry.item].push(option);
            }
        }
    }
    let mut group = vec![u32::MAX; primary];
    let mut taken = Vec::new();
    for item in 0..primary {
        taken.clear();
        for &option in &options_of[item] {
            for entry in problem.option(option) {
                if entry.item < primary && group[entry.item] != u32::MAX {
                    taken.push(group[entry.item]);
                }
            }
        }
        taken.sort_unstable();
        taken.dedup();
        // The least group none of its neighbours is in.
        let free = taken
            .iter()
            .enumerate()
            .find(|&(g, &t)| g as u32 != t)
            .map_or(taken.len(), |(g, _)| g);
        group[item] = free as u32;
    }
    std::iter::once(0).chain(group).collect()
}

/// One search: the links laid out by net cost, the levels, and the solutions kept.
struct Run {
    links: Links,
    /// Net cost of the option at each position of the layout, ascending.
    sorted: Vec<u64>,
    /// Net cost of the option holding each node (spacers and headers: 0).
    node_net: Vec<u64>,
    total_tax: u64,
    /// The group of each primary item, by header index: no option holds two items of a group.
    group: Vec<u32>,
    /// Scratch for [`choose`](Self::choose): the cost paid so far plus each group's cheapest
    /// options.
    group_sums: Vec<u64>,
    keep: usize,
    kept: BinaryHeap<Kept>,
    stats: CostStats,
    watch: Watch,
}

/// The state of one level of the search.
#[derive(Clone, Copy)]
struct Level {
    /// The item branched on.
    item: u32,
    /// The node of the option tried.
    choice: u32,
    /// The net cost of the options chosen above this level.
    cost: u64,
    /// The node limit the item was covered with.
    item_limit: u32,
    /// The node limit the rest of the option tried was committed with.
    limit: u32,
}

impl Run {
    fn new(problem: &Problem, keep: usize, stop: Stop) -> Run {
        let (net, total_tax) = taxed(problem);
        let mut order: Vec<usize> = (0..problem.option_count()).collect();
        order.sort_by_key(|&o| net[o]);
        let sorted: Vec<u64> = order.iter().map(|&o| net[o]).collect();
        let links = Links::with_order(problem, order);
        let mut node_net = vec![0; links.node_count()];
        for (position, &cost) in sorted.iter().enumerate() {
            let (first, end) = (links.first_node(position), links.first_node(position + 1));
            node_net[first as usize..end as usize].fill(cost);
        }
        let group = groups(problem);
        let group_count = group.iter().max().map_or(0, |&g| g as usize + 1);
        Run {
            links,
            group,
            group_sums: vec![0; group_count],
            sorted,
            node_net,
            total_tax,
            keep,
            kept: BinaryHeap::with_capacity(keep + 1),
            stats: CostStats::default(),
            watch: Watch::new(stop),
        }
    }

    /// The net cost a solution must stay below: the `k`th best so far, once `k` are kept.
    fn cutoff(&self) -> Option<u64> {
        (self.kept.len() == self.keep).then(|| self.kept.peek().map_or(0, |k| k.net))
    }

    /// The first node of the options that cost `budget` or more (past every node if none does).
    fn limit_for(&self, budget: Option<u64>) -> u32 {
        let position = match budget {
            Some(budget) => self.sorted.partition_point(|&c| c < budget),
            None => self.sorted.len(),
        };
        self.links.first_node(position)
    }

    /// What may still be spent below a partial solution of net cost `cost`.
    fn budget(&self, cost: u64) -> Option<u64> {
        self.cutoff().map(|c| c.saturating_sub(cost))
    }

    /// The net cost of the option holding node `x`.
    fn cost_of(&self, x: u32) -> u64 {
        self.node_net[x as usize]
    }

    /// The item to branch on below a partial solution that costs `cost`, or `None` when some
    /// item has no option cheap enough left (a dead end).
    fn choose(&mut self, cost: u64) -> Option<u32> {
        let budget = self.budget(cost);
        let limit = self.limit_for(budget);
        let links = &self.links;
        let mut best: Option<(u32, u32, u64)> = None; // item, usable options, cheapest
                                                      // A lower bound on what the rest of a solution pays: the cheapest options of a group's
                                                      // items (no option holds two of them) are all paid, whatever else is chosen.
        let cutoff = self.cutoff();
        let mut paid = std::mem::take(&mut self.group_sums);
        paid.fill(cost);
        let mut k = links.next_primary(0);
        let mut dead = false;
        while k != 0 {
            let first = links.down(k);
            if first == k || first >= limit {
                dead = true;
                break;
            }
            let cheapest = self.cost_of(first);
            if let Some(cutoff) = cutoff {
                let group = &mut paid[self.group[k as usize] as usize];
                *group = group.saturating_add(cheapest);
                if *group >= cutoff {
                    dead = true;
                    break;
                }
            }
            let fewest = best.map_or(u32::MAX, |(_, n, _)| n);
            // Nodes of a column lie in the order of the layout: all of it is usable when its
            // last node is; otherwise count up to the limit, or to the fewest seen so far.
            let usable = if links.up(k) < limit {
                links.len(k)
            } else {
                let (mut n, mut x) = (0, first);
                while x != k && x < limit && n <= fewest {
                    n += 1;
                    x = links.down(x);
                }
                n
            };
            let better = match best {
                None => true,
                Some((_, n, c)) => usable < n || (usable == n && cheapest > c),
            };
            if better {
                best = Some((k, usable, cheapest));
            }
            k = links.next_primary(k);
        }
        self.group_sums = paid;
        if dead {
            return None;
        }
        best.map(|(k, _, _)| k)
    }

    /// Searches until the end, or until the stop says why not.
    fn search(&mut self) -> Result<(), StopReason> {
        let mut levels: Vec<Level> = Vec::new();
        let mut cost = 0u64;
        'enter: loop {
            if let Some(reason) =
                self.watch
                    .check_with(self.stats.nodes, self.stats.updates, self.stats.found)
            {
                return Err(reason);
            }
            self.stats.nodes += 1;
            // Either a level is entered (`Some`), or the search backs up from a dead end.
            let mut entered = None;
            if let Some(item) = self.choose(cost) {
                let choice = self.links.down(item);
                let next = cost + self.cost_of(choice);
                let item_limit = self.limit_for(self.budget(next));
                self.links
                    .cover_below(item, item_limit, &mut self.stats.updates);
                entered = Some(Level {
                    item,
                    choice,
                    cost,
                    item_limit,
                    limit: 0,
                });
            }
            let Some(mut level) = entered.or_else(|| self.back_up(&mut levels)) else {
                return Ok(());
            };
            loop {
                // Try `level.choice`, whose net cost keeps the solution under the cutoff.
                let next = level.cost + self.cost_of(level.choice);
                level.limit = self.limit_for(self.budget(next));
                self.links
                    .commit_others_below(level.choice, level.limit, &mut self.stats.updates);
                if self.links.all_covered() {
                    self.stats.nodes += 1;
                    levels.push(level);
                    let options: Vec<usize> = levels
                        .iter()
                        .map(|l| self.links.option_of(l.choice))
                        .collect();
                    levels.pop();
                    self.record(&options, next);
                } else {
                    levels.push(level);
                    cost = next;
                    continue 'enter;
                }
                // Undo the option and go on with the next one, or back up.
                match self
                    .next_choice(level)
                    .or_else(|| self.back_up(&mut levels))
                {
                    Some(l) => level = l,
                    None => return Ok(()),
                }
            }
        }
    }

    /// Undoes the option tried at `level` and moves to the next one cheap enough, or, when none
    /// is left, uncovers the level's item and returns `None`.
    fn next_choice(&mut self, mut level: Level) -> Option<Level> {
        self.links.uncommit_others_below(level.choice, level.limit);
        level.choice = self.links.down(level.choice);
        let cheap_enough = level.choice != level.item
            && match self.cutoff() {
                Some(cutoff) => level.cost + self.cost_of(level.choice) < cutoff,
                None => true,
            };
        if cheap_enough {
            Some(level)
        } else {
            self.links.uncover_below(level.item, level.item_limit);
            None
        }
    }

    /// Backs up to the deepest level that has another option to try, undoing the levels passed.
    fn back_up(&mut self, levels: &mut Vec<Level>) -> Option<Level> {
        while let Some(level) = levels.pop() {
            if let Some(level) = self.next_choice(level) {
                return Some(level);
            }
        }
        None
    }

    /// Keeps a solution of net cost `net`, which is under the cutoff.
    fn record(&mut self, options: &[usize], net: u64) {
        self.stats.found += 1;
        self.kept.push(Kept {
            net,
            found: self.stats.found,
            options: options.to_vec(),
        });
        if self.kept.len() > self.keep {
            self.kept.pop();
        }
    }
}
