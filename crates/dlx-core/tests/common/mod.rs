//! Random small exact-cover problems for the property tests of both engines.

// Each test binary uses a part of this module.
#![allow(dead_code)]

use dlx_core::{
    Budget, Engine, Entry, Problem, ProblemBuilder, Solutions, Splittable, Stats, Status,
    StopReason, Unit,
};
use proptest::prelude::*;

/// A random problem before it is built: item numbers and colors (`0` for none) per option.
#[derive(Clone, Debug)]
pub struct Spec {
    pub primary: usize,
    /// The bounds of the primary items, `(min, max)`; empty for exactly once each.
    pub bounds: Vec<(u32, u32)>,
    pub secondary: usize,
    pub colors: u32,
    pub options: Vec<Vec<Entry>>,
}

impl Spec {
    pub fn build(&self) -> Problem {
        let mut b = ProblemBuilder::new();
        for i in 0..self.primary {
            match self.bounds.get(i) {
                Some(&(min, max)) => b.primary_with_bounds(format!("p{i}"), min, max),
                None => b.primary(format!("p{i}")),
            }
            .unwrap();
        }
        for i in 0..self.secondary {
            b.secondary(format!("s{i}")).unwrap();
        }
        for c in 1..=self.colors {
            assert_eq!(b.color(&format!("c{c}")).unwrap(), c);
        }
        for option in &self.options {
            b.option(option.iter().copied()).unwrap();
        }
        b.build().unwrap()
    }

    /// The options the builder keeps: those with a primary item, in order.
    pub fn kept(&self) -> Vec<Vec<Entry>> {
        self.options
            .iter()
            .filter(|o| o.iter().any(|e| e.item < self.primary))
            .cloned()
            .collect()
    }
}

/// 1 to `max_primary` primary items, 0–4 secondary items, 0 to `max_colors` colors, up to
/// `max_options` options. Each item is in an option with probability 1/3; a secondary one then
/// takes a color or none with equal odds.
pub fn spec(
    max_primary: usize,
    max_colors: u32,
    max_options: usize,
) -> impl Strategy<Value = Spec> {
    let sizes = (1..=max_primary, 0..=4usize, 0..=max_colors);
    sizes.prop_flat_map(move |(primary, secondary, colors)| {
        let items = primary + secondary;
        let option = (
            proptest::collection::vec((0..3u8, 0..=colors), items),
            0..items,
        )
            .prop_map(move |(cells, rotation)| {
                let mut entries: Vec<Entry> = cells
                    .into_iter()
                    .enumerate()
                    .filter(|&(_, (present, _))| present == 0)
                    .map(|(item, (_, color))| Entry {
                        item,
                        color: if item < primary { 0 } else { color },
                    })
                    .collect();
                // Options need not list their items in declaration order.
                if !entries.is_empty() {
                    let len = entries.len();
                    entries.rotate_left(rotation % len);
                }
                entries
            });
        proptest::collection::vec(option, 0..=max_options).prop_map(move |options| Spec {
            primary,
            bounds: Vec::new(),
            secondary,
            colors,
            options,
        })
    })
}

/// [`spec`] with bounds on every primary item: a least number of times from 0 to 2, and a
/// most from the least to 2 more (at least 1).
pub fn bounded_spec(
    max_primary: usize,
    max_colors: u32,
    max_options: usize,
) -> impl Strategy<Value = Spec> {
    spec(max_primary, max_colors, max_options).prop_flat_map(|spec| {
        let bounds = proptest::collection::vec((0u32..=2, 0u32..=2), spec.primary);
        (Just(spec), bounds).prop_map(|(spec, bounds)| Spec {
            bounds: bounds
                .into_iter()
                .map(|(min, extra)| (min, (min + extra).max(1)))
                .collect(),
            ..spec
        })
    })
}

/// Whether `solution` (option numbers) covers every primary item of `problem` within its bounds
/// and every secondary item at most once, or only with options that give it the same color:
/// the definition, checked apart from every engine.
pub fn is_cover(problem: &Problem, solution: &[usize]) -> bool {
    let items = problem.item_count();
    let mut times = vec![0u32; items];
    let mut colors: Vec<Vec<u32>> = vec![Vec::new(); items];
    for &o in solution {
        for e in problem.option(o) {
            times[e.item] += 1;
            colors[e.item].push(e.color);
        }
    }
    let distinct = {
        let mut s = solution.to_vec();
        s.sort_unstable();
        s.dedup();
        s.len() == solution.len()
    };
    distinct
        && (0..items).all(|i| {
            if i < problem.primary_count() {
                let (min, max) = problem.bounds(i);
                (min..=max).contains(&times[i])
            } else {
                times[i] <= 1 || colors[i].iter().all(|&c| c != 0 && c == colors[i][0])
            }
        })
}

/// Steps `search` to its end, pausing every `step` nodes, and checks its invariant (with
/// `check`) before the first step and after every one; returns the solutions found.
pub fn stepped_with_checks<E: Engine>(
    search: &mut E,
    step: u64,
    check: impl Fn(&E) -> Result<(), String>,
) -> Result<Vec<Vec<usize>>, String> {
    check(search)?;
    let mut found = Vec::new();
    let mut allowed = 0;
    loop {
        allowed += step;
        search.set_stop(dlx_core::Stop::new().with_budget(Budget::Nodes(allowed)));
        let status = search.step();
        check(search).map_err(|e| format!("after {status:?}: {e}"))?;
        match status {
            Status::Solution => found.push(search.solution()),
            Status::Stopped(StopReason::Budget) => {}
            Status::Exhausted => return Ok(found),
            other => return Err(format!("unexpected end {other:?}")),
        }
    }
}

/// Splits the tree of `E` on `p` again and again: for each of `budgets`, runs every unit left on
/// a fresh search under the budget `budget(work at entry, b)` and takes its frontier. Returns the
/// solutions found (each sorted), the work done (each unit's own) and the units left.
pub fn frontiers_of_frontiers<E: Splittable>(
    p: &Problem,
    budgets: &[u64],
    budget: impl Fn(Stats, u64) -> Budget,
) -> (Vec<Vec<usize>>, Stats, Vec<Unit>) {
    let mut found = Vec::new();
    let mut done = Stats::default();
    let mut units = vec![Unit::path(Vec::new())];
    for &b in budgets {
        let mut next = Vec::new();
        for unit in &units {
            let mut search = E::start(p).unwrap();
            let start = search.enter(unit).unwrap();
            search.set_budget(budget(start, b));
            found.extend(Solutions::new(&mut search).map(|mut solution| {
                solution.sort_unstable();
                solution
            }));
            done += search.stats().since(start);
            next.extend(search.frontier_units());
        }
        units = next;
    }
    (found, done, units)
}

/// The solutions as sets of option numbers (each sorted), for comparing searches that find them
/// in different orders.
pub fn sorted_set(solutions: &[Vec<usize>]) -> std::collections::BTreeSet<Vec<usize>> {
    solutions
        .iter()
        .map(|s| {
            let mut s = s.clone();
            s.sort_unstable();
            s
        })
        .collect()
}

/// The solutions of a cells unit, and its own statistics.
pub fn run_cells_unit(p: &Problem, unit: &Unit) -> (Vec<Vec<usize>>, Stats) {
    let mut search = dlx_core::cells::Search::new(p);
    let start: Stats = search.enter(unit).unwrap().into();
    let found: Vec<Vec<usize>> = search.solutions().collect();
    let stats: Stats = search.stats().into();
    (found, stats.since(start))
}

/// Checks that `found` and the solutions of every unit are the whole problem's, each once, and
/// that the statistics add up to one cells search's.
pub fn check_cells_partition(
    p: &Problem,
    found: Vec<Vec<usize>>,
    done: Stats,
    units: &[Unit],
) -> Result<(), TestCaseError> {
    let mut whole = dlx_core::cells::Search::new(p);
    let expected: Vec<Vec<usize>> = whole.solutions().collect();
    let mut all = found;
    let mut total = done;
    for unit in units {
        let (solutions, stats) = run_cells_unit(p, unit);
        prop_assert_eq!(stats.solutions, solutions.len() as u64);
        all.extend(solutions);
        total += stats;
    }
    let set = sorted_set(&all);
    prop_assert_eq!(set.len(), all.len(), "a solution was counted twice");
    prop_assert_eq!(set, sorted_set(&expected));
    prop_assert_eq!(total, Stats::from(whole.stats()));
    Ok(())
}

/// Cells searches cut by each of `budgets` in turn (nodes, or updates with `by_updates`), every
/// unit cut again by the next: what they found, the work done and the last units cover the
/// tree, each solution once.
pub fn check_cells_frontiers(
    p: &Problem,
    budgets: &[u64],
    by_updates: bool,
) -> Result<(), TestCaseError> {
    let (found, done, units) =
        frontiers_of_frontiers::<dlx_core::cells::Search>(p, budgets, |_, budget| {
            if by_updates {
                Budget::Updates(budget)
            } else {
                Budget::Nodes(budget)
            }
        });
    check_cells_partition(p, found, done, &units)
}

/// The cells engine's units of a split into `units` partition its tree.
pub fn check_cells_split(p: &Problem, units: usize) -> Result<(), TestCaseError> {
    let split = dlx_core::parallel::split(p, &[], units, dlx_core::EngineKind::Cells).unwrap();
    check_cells_partition(p, Vec::new(), split.above, &split.units)
}

/// A pool of `threads` cells searches, in slices of `slice`, counts as one thread does.
pub fn check_cells_pool(p: &Problem, threads: usize, slice: u64) -> Result<(), TestCaseError> {
    let mut whole = dlx_core::cells::Search::new(p);
    whole.count();
    let threads = std::num::NonZeroUsize::new(threads).unwrap();
    let pool = dlx_core::parallel::Pool::new(p, threads)
        .with_engine(dlx_core::EngineKind::Cells)
        .with_slice(slice);
    let report = pool.count(&[]).unwrap();
    prop_assert_eq!(report.stats, Stats::from(whole.stats()));
    Ok(())
}
