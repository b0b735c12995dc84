//! The engine against a brute-force oracle on small random problems: the same solutions, however
//! the search is run (iterated, counted, budgeted, limited, with options forced).

use std::collections::BTreeSet;

use dlx_core::{Budget, ForceError, Problem, Search, Stats, Status, Unit};

use proptest::prelude::*;

mod common;

use common::Spec;

/// 1–6 primary items, 0–4 secondary items, 0–3 colors, up to 14 options.
fn spec() -> impl Strategy<Value = Spec> {
    common::spec(6, 3, 14)
}

/// Whether `chosen` options can be together in a solution: no primary item twice, and every
/// secondary item once without a color or any number of times with one and the same color.
fn consistent(p: &Problem, chosen: &[usize]) -> bool {
    uses(p, chosen).iter().enumerate().all(|(item, colors)| {
        if item < p.primary_count() {
            colors.len() <= 1
        } else {
            colors.len() <= 1 || colors.iter().all(|&c| c != 0 && c == colors[0])
        }
    })
}

/// The colors that `chosen` options ask of every item, one per entry.
fn uses(p: &Problem, chosen: &[usize]) -> Vec<Vec<u32>> {
    let mut uses = vec![Vec::new(); p.item_count()];
    for &o in chosen {
        for e in p.option(o) {
            uses[e.item].push(e.color);
        }
    }
    uses
}

fn is_solution(p: &Problem, chosen: &[usize]) -> bool {
    let uses = uses(p, chosen);
    consistent(p, chosen) && uses[..p.primary_count()].iter().all(|u| u.len() == 1)
}

/// Every subset of the options that is a solution, each sorted.
fn brute_force(p: &Problem) -> BTreeSet<Vec<usize>> {
    let m = p.option_count();
    (0u32..1 << m)
        .map(|mask| (0..m).filter(|&o| mask >> o & 1 == 1).collect::<Vec<_>>())
        .filter(|chosen| is_solution(p, chosen))
        .collect()
}

fn sorted(mut solution: Vec<usize>) -> Vec<usize> {
    solution.sort_unstable();
    solution
}

/// All solutions of a fresh search, in the order found, and its statistics.
fn run(p: &Problem) -> (Vec<Vec<usize>>, Stats) {
    let mut search = Search::new(p);
    let solutions: Vec<Vec<usize>> = search.solutions().collect();
    (solutions, search.stats())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Knuth's `sanity`: the links keep their invariant after every step, pauses included.
    #[test]
    fn the_links_keep_their_invariant_after_every_step(spec in spec(), step in 1..6u64) {
        let p = spec.build();
        let mut search = Search::new(&p);
        let found = common::stepped_with_checks(&mut search, step, Search::check_invariants);
        let found = found.map_err(TestCaseError::fail)?;
        prop_assert_eq!(found, run(&p).0);
    }

    #[test]
    fn search_finds_exactly_the_brute_force_solutions(spec in spec()) {
        let p = spec.build();
        let kept = spec.kept();
        prop_assert_eq!(p.option_count(), kept.len());
        for (o, entries) in kept.iter().enumerate() {
            prop_assert_eq!(p.option(o), &entries[..]);
        }

        let expected = brute_force(&p);
        let (found, stats) = run(&p);
        let set: BTreeSet<Vec<usize>> = found.iter().cloned().map(sorted).collect();
        prop_assert_eq!(found.len(), set.len(), "a solution was found twice");
        prop_assert_eq!(&set, &expected);
        prop_assert_eq!(stats.solutions, expected.len() as u64);

        let mut counting = Search::new(&p);
        prop_assert_eq!(counting.count(), Status::Exhausted);
        prop_assert_eq!(counting.stats(), stats);
        prop_assert_eq!(counting.count(), Status::Exhausted);
        prop_assert_eq!(counting.stats(), stats);

        // A reset search starts over from nothing.
        counting.set_limit(Some(0));
        counting.reset(&p);
        prop_assert_eq!(counting.stats(), Stats::default());
        prop_assert_eq!(counting.count(), Status::Exhausted);
        prop_assert_eq!(counting.stats(), stats);
    }

    #[test]
    fn budgeted_runs_add_up_to_one_run(spec in spec(), step in 1..6u64, by_updates: bool) {
        let p = spec.build();
        let (all, stats) = run(&p);
        let budget = |n| if by_updates { Budget::Updates(n) } else { Budget::Nodes(n) };

        let mut search = Search::new(&p);
        let mut found = Vec::new();
        let mut allowed = 0;
        let mut rounds = 0;
        loop {
            search.set_budget(budget(allowed));
            let mut solutions = search.solutions();
            found.extend(solutions.by_ref());
            match solutions.status() {
                Some(Status::Stopped(dlx_core::StopReason::Budget)) => allowed += step,
                Some(Status::Exhausted) => break,
                other => prop_assert!(false, "unexpected end {:?}", other),
            }
            rounds += 1;
            prop_assert!(rounds < 1_000_000, "the budgeted search makes no progress");
        }
        prop_assert_eq!(&found, &all);
        prop_assert_eq!(search.stats(), stats);

        // The same with `count`, which stores nothing.
        let mut search = Search::new(&p);
        let mut allowed = 0;
        loop {
            search.set_budget(budget(allowed));
            match search.count() {
                Status::Stopped(dlx_core::StopReason::Budget) => allowed += step,
                Status::Exhausted => break,
                other => prop_assert!(false, "unexpected end {:?}", other),
            }
        }
        prop_assert_eq!(search.stats(), stats);
    }

    #[test]
    fn a_limit_stops_after_exactly_that_many(spec in spec(), limit in 0..8u64) {
        let p = spec.build();
        let (all, stats) = run(&p);
        let total = all.len() as u64;

        let mut search = Search::new(&p);
        search.set_limit(Some(limit));
        let status = search.count();
        prop_assert_eq!(search.stats().solutions, limit.min(total));
        let expected = if limit <= total { Status::LimitReached } else { Status::Exhausted };
        prop_assert_eq!(status, expected);

        search.set_limit(None);
        prop_assert_eq!(search.count(), Status::Exhausted);
        prop_assert_eq!(search.stats(), stats);

        let mut search = Search::new(&p);
        search.set_limit(Some(limit));
        let first: Vec<Vec<usize>> = search.solutions().collect();
        prop_assert_eq!(&first[..], &all[..limit.min(total) as usize]);
    }

    #[test]
    fn forcing_the_options_of_a_solution_finds_it(spec in spec()) {
        let p = spec.build();
        let (all, _) = run(&p);
        for solution in all.iter().take(8) {
            let mut search = Search::new(&p);
            for &o in solution {
                prop_assert_eq!(search.force(o), Ok(()));
            }
            prop_assert_eq!(search.forced(), &solution[..]);
            let again: Vec<Vec<usize>> = search.solutions().collect();
            prop_assert_eq!(&again, &vec![solution.clone()]);
            prop_assert_eq!(search.stats().solutions, 1);
        }
    }

    #[test]
    fn forcing_two_options_fails_exactly_when_they_clash(spec in spec()) {
        let p = spec.build();
        let m = p.option_count();
        for a in 0..m {
            for b in 0..m {
                let mut search = Search::new(&p);
                prop_assert_eq!(search.force(a), Ok(()));
                let result = search.force(b);
                if a != b && consistent(&p, &[a, b]) {
                    prop_assert_eq!(result, Ok(()), "options {} and {} agree", a, b);
                } else {
                    match result {
                        Err(ForceError::Conflict { option, item }) => {
                            prop_assert_eq!(option, b);
                            prop_assert!(clashes_on(&p, &[a], b, item), "no clash on item {}", item);
                        }
                        other => prop_assert!(false, "options {} and {} clash, got {:?}", a, b, other),
                    }
                }
            }
        }
    }

    #[test]
    fn forced_options_restrict_the_solutions(
        spec in spec(),
        picks in proptest::collection::vec(0..16usize, 0..5),
    ) {
        let p = spec.build();
        let mut search = Search::new(&p);
        let mut accepted: Vec<usize> = Vec::new();
        for &pick in &picks {
            let result = search.force(pick);
            if pick >= p.option_count() {
                prop_assert_eq!(result, Err(ForceError::NoSuchOption(pick)));
                continue;
            }
            let mut with = accepted.clone();
            with.push(pick);
            if !accepted.contains(&pick) && consistent(&p, &with) {
                prop_assert_eq!(result, Ok(()));
                accepted.push(pick);
            } else {
                match result {
                    Err(ForceError::Conflict { option, item }) => {
                        prop_assert_eq!(option, pick);
                        prop_assert!(clashes_on(&p, &accepted, pick, item));
                    }
                    other => prop_assert!(false, "expected a conflict, got {:?}", other),
                }
            }
        }
        prop_assert_eq!(search.forced(), &accepted[..]);

        let found: Vec<Vec<usize>> = search.solutions().collect();
        for solution in &found {
            prop_assert_eq!(&solution[..accepted.len()], &accepted[..]);
        }
        let found: BTreeSet<Vec<usize>> = found.into_iter().map(sorted).collect();
        let expected: BTreeSet<Vec<usize>> = brute_force(&p)
            .into_iter()
            .filter(|s| accepted.iter().all(|o| s.contains(o)))
            .collect();
        prop_assert_eq!(found, expected);
        prop_assert_eq!(search.force(0), Err(ForceError::AlreadyStarted));
    }
}

/// The solutions (each sorted) and statistics of the subtree below a forced `prefix`, without
/// the updates of forcing it.
fn run_prefix(p: &Problem, prefix: &[usize]) -> (Vec<Vec<usize>>, Stats) {
    run_unit(p, &Unit::path(prefix.to_vec()))
}

/// The solutions of a unit, and its own statistics (counted as [`Search::enter`] says).
fn run_unit(p: &Problem, unit: &Unit) -> (Vec<Vec<usize>>, Stats) {
    let mut search = Search::new(p);
    let start = search.enter(unit).unwrap();
    let found = search.solutions().map(sorted).collect();
    (found, search.stats().since(start))
}

/// Checks that `found` plus the solutions of every unit are the whole problem's, each once, and
/// that the statistics add up: solutions, nodes and updates.
fn check_partition(
    p: &Problem,
    found: Vec<Vec<usize>>,
    done: Stats,
    units: &[Unit],
) -> Result<(), TestCaseError> {
    let (_, whole) = run(p);
    let mut all: Vec<Vec<usize>> = found;
    let mut total = done;
    for unit in units {
        let (solutions, stats) = run_unit(p, unit);
        prop_assert_eq!(stats.solutions, solutions.len() as u64);
        all.extend(solutions);
        total += stats;
    }
    let set: BTreeSet<Vec<usize>> = all.iter().cloned().collect();
    prop_assert_eq!(set.len(), all.len(), "a solution was counted twice");
    prop_assert_eq!(set, brute_force(p));
    prop_assert_eq!(total, whole);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn a_frontier_and_the_work_done_partition_the_tree(
        spec in spec(),
        budget in 0..40u64,
        by_updates: bool,
        forced in proptest::option::of(0..14usize),
    ) {
        let p = spec.build();
        let mut search = Search::new(&p);
        if let Some(o) = forced {
            if search.force(o).is_err() {
                return Ok(());
            }
        }
        let before = search.stats();
        search.set_budget(if by_updates { Budget::Updates(budget) } else { Budget::Nodes(budget) });
        let found: Vec<Vec<usize>> = search.solutions().map(sorted).collect();
        let units = search.frontier_units().unwrap();
        for unit in &units {
            prop_assert_eq!(&unit.prefix[..search.forced().len()], search.forced());
        }
        let prefixes: Vec<Vec<usize>> = units.iter().map(|u| u.prefix.clone()).collect();
        prop_assert_eq!(search.frontier().unwrap(), prefixes);
        if let Some(o) = forced {
            // The partition is of the forced problem: the solutions holding the forced option.
            let expected: BTreeSet<Vec<usize>> =
                brute_force(&p).into_iter().filter(|s| s.contains(&o)).collect();
            let mut all = found;
            for unit in &units {
                all.extend(run_unit(&p, unit).0);
            }
            let set: BTreeSet<Vec<usize>> = all.iter().cloned().collect();
            prop_assert_eq!(set.len(), all.len(), "a solution was counted twice");
            prop_assert_eq!(set, expected);
        } else {
            check_partition(&p, found, search.stats().since(before), &units)?;
        }
    }

    #[test]
    fn frontiers_of_frontiers_partition_the_tree(spec in spec(), budgets in proptest::collection::vec(0..12u64, 1..4)) {
        let p = spec.build();
        // Split every unit again with the next budget.
        let (found, done, units) = common::frontiers_of_frontiers::<Search>(&p, &budgets, |start, budget| {
            Budget::Nodes(start.nodes + budget)
        });
        check_partition(&p, found, done, &units)?;
    }

    #[test]
    fn a_frontier_after_a_solution_partitions_the_rest(spec in spec(), solutions in 1..4usize) {
        let p = spec.build();
        let mut search = Search::new(&p);
        let found: Vec<Vec<usize>> = search.solutions().take(solutions).map(sorted).collect();
        let units = search.frontier_units().unwrap();
        check_partition(&p, found, search.stats(), &units)?;
    }

    #[test]
    fn split_units_partition_the_tree(spec in spec(), units in 0..40usize) {
        let p = spec.build();
        let split = dlx_core::parallel::split(&p, &[], units, dlx_core::EngineKind::Links).unwrap();
        check_partition(&p, Vec::new(), split.above, &split.units)?;
    }

    #[test]
    fn root_branches_partition_the_tree(spec in spec()) {
        let p = spec.build();
        let search = Search::new(&p);
        let units = search.root_branches().unwrap();
        // The root itself is entered by neither the units nor anyone else, unless nothing is
        // left to choose at it.
        let (_, whole) = run(&p);
        let mut all = Vec::new();
        let mut nodes = 0;
        for unit in &units {
            let (solutions, stats) = run_prefix(&p, unit);
            all.extend(solutions);
            nodes += stats.nodes;
        }
        let set: BTreeSet<Vec<usize>> = all.iter().cloned().collect();
        prop_assert_eq!(set.len(), all.len());
        prop_assert_eq!(set, brute_force(&p));
        let root = if p.primary_count() == 0 || units == [Vec::<usize>::new()] { 0 } else { 1 };
        prop_assert_eq!(nodes + root, whole.nodes);
    }
}

/// Whether `option` is at odds with one of `forced` on `item`.
fn clashes_on(p: &Problem, forced: &[usize], option: usize, item: usize) -> bool {
    let Some(mine) = p.option(option).iter().find(|e| e.item == item) else {
        return false;
    };
    forced.iter().any(|&f| {
        p.option(f).iter().any(|e| {
            e.item == item
                && (item < p.primary_count()
                    || e.color == 0
                    || mine.color == 0
                    || e.color != mine.color)
        })
    })
}

/// Every solution the SAT engine finds, each sorted, with each checked by the validator.
#[cfg(feature = "sat")]
fn sat_solutions(p: &Problem) -> BTreeSet<Vec<usize>> {
    let mut search = dlx_core::sat::Search::new(p).unwrap();
    let mut found = BTreeSet::new();
    while search.step() == Status::Solution {
        let solution = search.solution().to_vec();
        assert_eq!(dlx_core::sat::check(p, &solution), Ok(()));
        assert!(found.insert(solution), "a solution was found twice");
    }
    assert_eq!(search.step(), Status::Exhausted);
    assert_eq!(search.sat_stats().solutions, found.len() as u64);
    found
}

#[cfg(feature = "sat")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The SAT engine finds exactly the solutions of dancing links (with colors), so it agrees on
    /// none, one and several; and the validator accepts exactly the brute-force solutions.
    #[test]
    fn the_sat_engine_finds_the_same_solutions(spec in spec()) {
        let p = spec.build();
        let (found, _) = run(&p);
        let expected: BTreeSet<Vec<usize>> = found.into_iter().map(sorted).collect();
        prop_assert_eq!(sat_solutions(&p), expected);
        let m = p.option_count().min(10);
        for mask in 0u32..1 << m {
            let chosen: Vec<usize> = (0..m).filter(|&o| mask >> o & 1 == 1).collect();
            prop_assert_eq!(
                dlx_core::sat::check(&p, &chosen).is_ok(),
                is_solution(&p, &chosen),
                "{:?}", chosen
            );
        }
    }

    /// A solution limit stops the SAT engine after exactly that many solutions.
    #[test]
    fn the_sat_engine_stops_at_its_limit(spec in spec(), limit in 0..4u64) {
        let p = spec.build();
        let all = brute_force(&p).len() as u64;
        let mut search = dlx_core::sat::Search::new(&p).unwrap();
        search.set_limit(Some(limit));
        let status = dlx_core::Engine::count(&mut search);
        prop_assert_eq!(search.sat_stats().solutions, all.min(limit));
        prop_assert_eq!(status == Status::LimitReached, all >= limit);
    }
}

#[cfg(feature = "sat")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Runs cut short by a conflict budget and resumed with a larger one find every solution
    /// once, as one run does, each accepted by the validator.
    #[test]
    fn budgeted_sat_runs_add_up_to_one_run(spec in spec(), step in 1..4u64) {
        let p = spec.build();
        let mut search = dlx_core::sat::Search::new(&p).unwrap();
        let mut found = BTreeSet::new();
        let mut allowed = 0;
        loop {
            search.set_stop(dlx_core::Stop::new().with_budget(Budget::Nodes(allowed)));
            match search.step() {
                Status::Solution => {
                    let solution = search.solution().to_vec();
                    prop_assert_eq!(dlx_core::sat::check(&p, &solution), Ok(()));
                    prop_assert!(found.insert(solution), "a solution was found twice");
                }
                Status::Stopped(dlx_core::StopReason::Budget) => allowed += step,
                Status::Exhausted => break,
                other => prop_assert!(false, "unexpected end {:?}", other),
            }
            prop_assert!(allowed < 100_000, "the budgeted SAT run makes no progress");
        }
        prop_assert_eq!(found, brute_force(&p));
    }

    /// Forced options restrict the SAT engine to the solutions that hold them all: none when
    /// two of them clash, and the same solutions as dancing links forced alike otherwise.
    #[test]
    fn forced_options_restrict_the_sat_solutions(
        spec in spec(),
        picks in proptest::collection::vec(0..14usize, 0..3),
    ) {
        let p = spec.build();
        let mut forced: Vec<usize> = picks.into_iter().filter(|&o| o < p.option_count()).collect();
        forced.sort_unstable();
        forced.dedup();
        let mut search = dlx_core::sat::Search::new(&p).unwrap();
        for &o in &forced {
            prop_assert!(search.force(o).is_ok());
        }
        let mut found = BTreeSet::new();
        while search.step() == Status::Solution {
            let solution = search.solution().to_vec();
            prop_assert_eq!(dlx_core::sat::check(&p, &solution), Ok(()));
            prop_assert!(found.insert(solution));
        }
        let expected: BTreeSet<Vec<usize>> = brute_force(&p)
            .into_iter()
            .filter(|s| forced.iter().all(|o| s.contains(o)))
            .collect();
        prop_assert_eq!(&found, &expected);
        // Dancing links, given the same options, agrees whenever it accepts them.
        let mut links = Search::new(&p);
        if forced.iter().all(|&o| links.force(o).is_ok()) {
            let by_links: BTreeSet<Vec<usize>> = links.solutions().map(sorted).collect();
            prop_assert_eq!(&found, &by_links);
        } else {
            prop_assert!(found.is_empty());
        }
    }
}
