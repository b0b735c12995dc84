//! Sums implied by the puzzle, added before the search: they hold in every solution, and give
//! the propagation more to work with (the setter's "innies and outies").
//!
//! Each house adds up to `1 + 2 + … + n`. So:
//! - the cells of a house outside the sums wholly inside it add up to the rest (the 45 rule);
//! - a sum sticking out of a house by one cell ties that cell to the house's other cells;
//! - the sums that together cover a house add up, outside it, to their total less the house's;
//! - walking rows (columns, boxes) in order, the first `k` of them against the sums mostly
//!   inside them: what lies inside and not in those sums, less what lies in them and outside,
//!   is fixed;
//! - the cells of the grid outside every sum add up to the grid's total less the sums'.

use super::cells::Cells;

/// A sum known to hold: positive cells less negative cells equals `total`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Implied {
    /// Cells counted positively, sorted.
    pub positive: Vec<u32>,
    /// Cells counted negatively, sorted.
    pub negative: Vec<u32>,
    /// The total.
    pub total: i32,
}

/// The largest sum derived (cells counted), after ISS's choice: larger ones rarely prune.
const MOST_CELLS: usize = 6;

/// The implied sums of a grid of `cells` cells whose `houses` each hold `1..=n` once, given
/// the `sums` (cells of distinct values, with their totals). Houses are given rows first,
/// then columns, then regions, each in order.
pub(super) fn implied(
    cells: usize,
    n: usize,
    houses: &[Vec<u32>],
    lines: (&[usize], &[usize], &[usize]),
    sums: &[(Vec<u32>, i32)],
) -> Vec<Implied> {
    let house_total = (n * (n + 1) / 2) as i32;
    // Sums that share no cell, those touching the fewest others first.
    let mut order: Vec<usize> = (0..sums.len()).collect();
    let overlaps = |i: usize| {
        sums.iter()
            .filter(|(o, _)| o.iter().any(|c| sums[i].0.contains(c)))
            .count()
    };
    order.sort_by_key(|&i| overlaps(i));
    let mut taken = Cells::new(cells);
    let mut pieces: Vec<(Cells, Vec<u32>, i32)> = Vec::new();
    for i in order {
        let (list, total) = &sums[i];
        if list.iter().any(|&c| taken.has(c)) {
            continue;
        }
        list.iter().for_each(|&c| taken.add(c));
        pieces.push((Cells::of(cells, list), list.clone(), *total));
    }
    let mut out = Vec::new();
    let mut push = |positive: Vec<u32>, negative: Vec<u32>, total: i32| {
        if positive.is_empty() && negative.is_empty() {
            return;
        }
        let implied = Implied {
            positive,
            negative,
            total,
        };
        if !out.contains(&implied) {
            out.push(implied);
        }
    };
    // The grid's cells outside every sum.
    let every: Vec<u32> = (0..cells as u32).collect();
    let rest = Cells::of(cells, &every).minus(&taken);
    if (1..n).contains(&rest.count()) && cells % n == 0 {
        let covered: i32 = pieces.iter().map(|p| p.2).sum();
        push(
            rest.list(),
            Vec::new(),
            (cells / n) as i32 * house_total - covered,
        );
    }
    // Each house against the sums that meet it.
    for house in houses {
        let inside = Cells::of(cells, house);
        let (mut within, mut within_total) = (Cells::new(cells), 0);
        let mut outies = Vec::new();
        let (mut meeting, mut meeting_total) = (Cells::new(cells), 0);
        for (set, list, total) in &pieces {
            let shared = list.iter().filter(|&&c| inside.has(c)).count();
            if shared == 0 {
                continue;
            }
            list.iter().for_each(|&c| meeting.add(c));
            meeting_total += total;
            if shared == list.len() {
                list.iter().for_each(|&c| within.add(c));
                within_total += total;
            } else if list.len() - shared == 1 {
                outies.push((set, list, *total));
            }
        }
        let left = inside.minus(&within);
        let left_total = house_total - within_total;
        if within.count() > 1 && left.count() > 0 {
            push(left.list(), Vec::new(), left_total);
        }
        for (set, _, total) in outies {
            let positive = left.minus(set);
            let negative = set.minus(&inside);
            if positive.count() + negative.count() <= MOST_CELLS {
                push(positive.list(), negative.list(), left_total - total);
            }
        }
        // The sums covering the house, outside it.
        if inside.minus(&meeting).count() == 0 {
            let beyond = meeting.minus(&inside);
            let count = beyond.count();
            if count > 0 && count <= MOST_CELLS {
                push(beyond.list(), Vec::new(), meeting_total - house_total);
            }
        }
    }
    // Runs of rows, columns and regions against the sums mostly inside them.
    let (rows, columns, regions) = lines;
    let runs: [Vec<usize>; 5] = [
        rows.to_vec(),
        rows.iter().rev().copied().collect(),
        columns.to_vec(),
        columns.iter().rev().copied().collect(),
        regions.to_vec(),
    ];
    for run in runs.iter().filter(|r| r.len() == n) {
        let mut region = Cells::new(cells);
        let mut used = vec![false; pieces.len()];
        let (mut covered, mut covered_total) = (Cells::new(cells), 0);
        for (i, &h) in run.iter().enumerate().take(n - 1) {
            houses[h].iter().for_each(|&c| region.add(c));
            for (p, (_, list, total)) in pieces.iter().enumerate() {
                if !used[p] && 2 * list.iter().filter(|&&c| region.has(c)).count() > list.len() {
                    used[p] = true;
                    list.iter().for_each(|&c| covered.add(c));
                    covered_total += total;
                }
            }
            if i == 0 {
                continue;
            }
            let innies = region.minus(&covered);
            let outies = covered.minus(&region);
            let (a, b) = (innies.count(), outies.count());
            if a + b == 0 || a + b > n || (a > 2 && b > 2) {
                continue;
            }
            if (innies.list().iter().chain(&outies.list())).all(|&c| taken.has(c))
                && a + b > MOST_CELLS
            {
                continue;
            }
            let total = (i as i32 + 1) * house_total - covered_total;
            push(innies.list(), outies.list(), total);
        }
    }
    out
}
