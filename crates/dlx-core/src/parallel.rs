//! One problem searched on several threads: the tree split adaptively into sub-problems.
//!
//! Work is a queue of *units*, prefixes of options (see [`Search::frontier`]). Each thread takes a
//! unit, forces its prefix on its own [`Search`] and runs it a slice of updates at a time. After a
//! slice, if another thread is waiting for work and the queue is empty, it hands the rest of its
//! unit back to the queue as that unit's frontier and takes a unit again; otherwise it goes on.
//! The trees of exact-cover problems are very unbalanced, so splitting only on demand, where the
//! work actually is, keeps every thread busy without guessing a depth.
//!
//! Threads take the most recently queued unit: the last of a frontier is an untried option at
//! the shallowest level, the largest piece of work, so a split hands over as much as it can.
//!
//! Plain `std` threads and one mutex: a split is rare (at most once per slice, and only when a
//! thread is idle), so the queue is never contended in the steady state.

use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};
use std::thread;

use crate::{
    cells, Budget, EngineKind, ForceError, Problem, Search, SplitError, Splittable, Stats, Status,
    Stop, StopReason, Unit,
};

/// The updates a thread runs before it checks whether another thread needs work: about half a
/// millisecond of dancing cells, a millisecond of dancing links. A waiting thread waits for the
/// end of a slice: on two threads a slice of 2^20 updates counted langford12 by dancing cells
/// 1.78 times as fast as one thread, 2^17 1.90 times and 2^16 1.95 times (medians of 15
/// interleaved runs), and the check between slices (one lock) is too rare to cost anything.
pub const DEFAULT_SLICE: u64 = 1 << 16;

/// Searches one problem on several threads.
///
/// ```
/// use std::num::NonZeroUsize;
/// use dlx_core::{knuth, parallel::Pool};
///
/// let problem = knuth::parse("A B C\nA B\nC\nA\nB C\nB\n").unwrap().problem;
/// let pool = Pool::new(&problem, NonZeroUsize::new(2).unwrap());
/// assert_eq!(pool.count(&[]).unwrap().stats.solutions, 3);
/// ```
#[derive(Clone, Debug)]
pub struct Pool<'p> {
    problem: &'p Problem,
    threads: NonZeroUsize,
    slice: u64,
    stop: Stop,
    engine: EngineKind,
}

/// Why a parallel search could not run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParallelError {
    /// The problem cannot be split.
    #[error(transparent)]
    Split(#[from] SplitError),
    /// The starting prefix cannot be forced.
    #[error(transparent)]
    Force(#[from] ForceError),
}

/// The queue of units and the threads' bookkeeping, under one lock.
#[derive(Default)]
struct Queue {
    units: Vec<Unit>,
    /// Threads working on a unit.
    running: usize,
    /// Threads waiting for a unit.
    waiting: usize,
    total: Stats,
    units_run: u64,
    /// Why the [`Stop`] stopped the run, if it did.
    stopped: Option<StopReason>,
}

struct Shared {
    queue: Mutex<Queue>,
    changed: Condvar,
    /// Set when a sink asks to stop or the [`Stop`] stopped a thread: threads drop their units
    /// and take no more.
    stop: AtomicBool,
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        // A panic in a sink poisons the lock; the queue itself is always left consistent.
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The next unit, or `None` once every unit is done.
    fn take(&self) -> Option<Unit> {
        let mut queue = self.lock();
        loop {
            if self.stop.load(Ordering::Relaxed) {
                queue.units.clear();
            }
            if let Some(unit) = queue.units.pop() {
                queue.running += 1;
                return Some(unit);
            }
            if queue.running == 0 {
                self.changed.notify_all();
                return None;
            }
            queue.waiting += 1;
            queue = self
                .changed
                .wait(queue)
                .unwrap_or_else(PoisonError::into_inner);
            queue.waiting -= 1;
        }
    }

    /// Whether a thread is waiting with nothing to take.
    fn hungry(&self) -> bool {
        let queue = self.lock();
        queue.waiting > 0 && queue.units.is_empty()
    }

    /// Records a finished (or split) unit, queueing its frontier.
    fn finish(&self, stats: Stats, frontier: Vec<Unit>) {
        let mut queue = self.lock();
        queue.total += stats;
        queue.units_run += 1;
        queue.running -= 1;
        queue.units.extend(frontier);
        self.changed.notify_all();
    }
}

/// What a parallel run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The statistics of all units, summed: solutions, nodes and updates equal a single-threaded
    /// run's (each unit counts its own branch's updates, not those of the path above it).
    pub stats: Stats,
    /// How many units were run (1 when the tree was never split).
    pub units: u64,
    /// Why the [`Stop`] stopped the run before its end (a deadline or a cancel flag), if it did:
    /// the statistics then cover only the work done. (A sink that breaks stops the run too,
    /// which its caller knows.)
    pub stopped: Option<StopReason>,
}

impl<'p> Pool<'p> {
    /// A pool of `threads` threads for `problem`.
    pub fn new(problem: &'p Problem, threads: NonZeroUsize) -> Pool<'p> {
        Pool {
            problem,
            threads,
            slice: DEFAULT_SLICE,
            stop: Stop::new(),
            engine: EngineKind::Links,
        }
    }

    /// Searches with `engine` (dancing links by default); each counts its own tree, so the
    /// report's statistics are that engine's.
    pub fn with_engine(mut self, engine: EngineKind) -> Pool<'p> {
        self.engine = engine;
        self
    }

    /// Stops every thread soon after the deadline of `stop` passes or its cancel flag is raised
    /// (each thread looks between two slices); the report then says why the run
    /// [stopped](Report::stopped). A budget of work, which only one thread's search can count
    /// in order, is not taken: the pool replaces it with its slices.
    pub fn with_stop(mut self, stop: Stop) -> Pool<'p> {
        self.stop = stop;
        self
    }

    /// Sets how many updates a thread runs between checks for idle threads.
    pub fn with_slice(mut self, updates: u64) -> Pool<'p> {
        self.slice = updates.max(1);
        self
    }

    /// Counts the solutions below `prefix` (options forced in order; empty for the whole problem).
    pub fn count(&self, prefix: &[usize]) -> Result<Report, ParallelError> {
        self.run(prefix, None::<&fn(&[usize]) -> ControlFlow<()>>)
    }

    /// Finds the solutions below `prefix`, calling `sink` with each (from any thread, in no
    /// particular order). When `sink` breaks, every thread stops soon after; the report then
    /// covers only the work done.
    pub fn each_solution<F>(&self, prefix: &[usize], sink: &F) -> Result<Report, ParallelError>
    where
        F: Fn(&[usize]) -> ControlFlow<()> + Sync,
    {
        self.run(prefix, Some(sink))
    }

    fn run<F>(&self, prefix: &[usize], sink: Option<&F>) -> Result<Report, ParallelError>
    where
        F: Fn(&[usize]) -> ControlFlow<()> + Sync,
    {
        match self.engine {
            EngineKind::Links => self.run_on::<Search, F>(prefix, sink),
            EngineKind::Cells => self.run_on::<cells::Search, F>(prefix, sink),
        }
    }

    fn run_on<E, F>(&self, prefix: &[usize], sink: Option<&F>) -> Result<Report, ParallelError>
    where
        E: Splittable,
        F: Fn(&[usize]) -> ControlFlow<()> + Sync,
    {
        // Check the prefix and the problem once, here, so the threads cannot fail.
        let mut search = E::start(self.problem)?;
        let root = Unit::path(prefix.to_vec());
        search.enter(&root)?;
        let shared = Shared {
            queue: Mutex::new(Queue {
                units: vec![root],
                ..Queue::default()
            }),
            changed: Condvar::new(),
            stop: AtomicBool::new(false),
        };
        thread::scope(|scope| {
            for _ in 0..self.threads.get() {
                scope.spawn(|| self.work::<E, F>(&shared, sink));
            }
        });
        let queue = shared.lock();
        Ok(Report {
            stats: queue.total,
            units: queue.units_run,
            stopped: queue.stopped,
        })
    }

    /// One thread: takes units until there are none.
    fn work<E, F>(&self, shared: &Shared, sink: Option<&F>)
    where
        E: Splittable,
        F: Fn(&[usize]) -> ControlFlow<()> + Sync,
    {
        let Ok(mut search) = E::start(self.problem) else {
            // `run_on` started one already: the problem is the engine's.
            return;
        };
        let mut solution = Vec::new();
        while let Some(unit) = shared.take() {
            search.restart(self.problem);
            // Units always force: the first was checked, the others were reached by a search.
            let (start, frontier) = match search.enter(&unit) {
                Ok(start) => (
                    start,
                    self.run_unit(&mut search, shared, sink, &mut solution),
                ),
                Err(_) => (search.stats(), Vec::new()),
            };
            shared.finish(search.stats().since(start), frontier);
        }
    }

    /// Runs a forced unit slice by slice until it is done, or until another thread is hungry;
    /// returns what is left of it.
    fn run_unit<E, F>(
        &self,
        search: &mut E,
        shared: &Shared,
        sink: Option<&F>,
        solution: &mut Vec<usize>,
    ) -> Vec<Unit>
    where
        E: Splittable,
        F: Fn(&[usize]) -> ControlFlow<()> + Sync,
    {
        let mut allowed = search.stats().updates;
        search.set_stop(self.stop.clone());
        loop {
            allowed = allowed.saturating_add(self.slice);
            search.set_budget(Budget::Updates(allowed));
            let status = match sink {
                None => search.count(),
                Some(sink) => loop {
                    match search.step() {
                        Status::Solution => {
                            search.solution_into(solution);
                            if sink(solution).is_break() {
                                shared.stop.store(true, Ordering::Relaxed);
                            }
                            if shared.stop.load(Ordering::Relaxed) {
                                break Status::Exhausted;
                            }
                        }
                        other => break other,
                    }
                },
            };
            match status {
                Status::Stopped(StopReason::Budget) => {}
                Status::Stopped(reason) => {
                    shared.lock().stopped.get_or_insert(reason);
                    shared.stop.store(true, Ordering::Relaxed);
                    return Vec::new();
                }
                _ => return Vec::new(),
            }
            if shared.stop.load(Ordering::Relaxed) {
                return Vec::new();
            }
            if shared.hungry() {
                return search.frontier_units();
            }
        }
    }
}

/// Sub-problems that partition a search tree, and the work of the nodes split to make them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Split {
    /// The sub-problems, in the order the search would reach them.
    pub units: Vec<Unit>,
    /// The nodes entered, and the updates made, at the nodes that were split: with the
    /// figures of every unit (each counted from [`Search::enter`]), a single search's.
    pub above: Stats,
}

/// About `units` sub-problems that partition the tree below `prefix`, in the order the search
/// of `engine` would reach them: the shallowest prefixes are replaced by the branches of the
/// node they lead to, level by level, until there are at least `units` (or none can be split
/// further).
///
/// No search is run beyond the nodes split: the solutions of the units add up to the whole
/// count exactly. A prefix whose node has no branch (an item with no option left, or for dancing
/// cells a contradiction among the forced moves) is dropped, as it holds no solution (its work
/// is counted in [`Split::above`]).
pub fn split(
    problem: &Problem,
    prefix: &[usize],
    units: usize,
    engine: EngineKind,
) -> Result<Split, ParallelError> {
    let mut search = engine.splittable(problem)?;
    let mut above = Stats::default();
    let mut branches = |unit: &Unit| search.node_branches(problem, unit);
    // Check the prefix and the problem even when no split is asked for.
    let root = Unit::path(prefix.to_vec());
    let first = branches(&root)?;
    let (current, node) = match first {
        Some(first) if units > 1 => first,
        _ => {
            return Ok(Split {
                units: vec![root],
                above,
            })
        }
    };
    above += node;
    // Each unit with the level of its node: a prefix's length does not say it, as the cells
    // engine's prefixes hold its forced moves.
    let mut current: Vec<(Unit, usize)> = current.into_iter().map(|u| (u, 1)).collect();
    let mut depth = 1;
    loop {
        let mut next = Vec::with_capacity(current.len());
        for (k, (unit, level)) in current.iter().enumerate() {
            // Units still to come count as they are.
            let planned = next.len() + (current.len() - k);
            if *level != depth || planned >= units {
                next.push((unit.clone(), *level));
                continue;
            }
            match branches(unit)? {
                Some((children, node)) => {
                    next.extend(children.into_iter().map(|u| (u, level + 1)));
                    above += node;
                }
                None => next.push((unit.clone(), *level)),
            }
        }
        let deeper = next.iter().any(|&(_, level)| level > depth);
        current = next;
        if current.len() >= units || !deeper {
            return Ok(Split {
                units: current.into_iter().map(|(unit, _)| unit).collect(),
                above,
            });
        }
        depth += 1;
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::knuth;

    fn queens(n: usize) -> Problem {
        // Rows and columns primary, diagonals secondary.
        let mut text = String::new();
        for r in 0..n {
            text += &format!("r{r} ");
        }
        for c in 0..n {
            text += &format!("c{c} ");
        }
        text += "|";
        for d in 0..2 * n - 1 {
            text += &format!(" a{d} b{d}");
        }
        text += "\n";
        for r in 0..n {
            for c in 0..n {
                text += &format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c);
            }
        }
        knuth::parse(&text).unwrap().problem
    }

    fn single(problem: &Problem) -> Stats {
        let mut search = Search::new(problem);
        search.count();
        search.stats()
    }

    #[test]
    fn counts_nodes_and_updates_equal_one_threads() {
        let problem = queens(8);
        let whole = single(&problem);
        for threads in 1..=4 {
            for slice in [1, 7, 100, DEFAULT_SLICE] {
                let pool =
                    Pool::new(&problem, NonZeroUsize::new(threads).unwrap()).with_slice(slice);
                let report = pool.count(&[]).unwrap();
                assert_eq!(report.stats.solutions, whole.solutions, "{threads} {slice}");
                assert_eq!(report.stats, whole, "{threads} {slice}");
            }
        }
    }

    #[test]
    fn every_solution_is_found_once() {
        let problem = queens(7);
        let mut expected: Vec<Vec<usize>> = Search::new(&problem).solutions().collect();
        expected.sort();
        let found = Mutex::new(Vec::new());
        let pool = Pool::new(&problem, NonZeroUsize::new(3).unwrap()).with_slice(5);
        let report = pool
            .each_solution(&[], &|s: &[usize]| {
                found.lock().unwrap().push(s.to_vec());
                ControlFlow::Continue(())
            })
            .unwrap();
        let mut found = found.into_inner().unwrap();
        found.sort();
        assert_eq!(found, expected);
        assert_eq!(report.stats.solutions, expected.len() as u64);
    }

    #[test]
    fn a_sink_can_stop_the_search() {
        let problem = queens(8);
        let seen = Mutex::new(0);
        let pool = Pool::new(&problem, NonZeroUsize::new(2).unwrap()).with_slice(5);
        pool.each_solution(&[], &|_: &[usize]| {
            let mut seen = seen.lock().unwrap();
            *seen += 1;
            if *seen >= 3 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
        // Each thread stops at its next solution at the latest.
        assert!(*seen.lock().unwrap() <= 4);
    }

    #[test]
    fn a_raised_cancel_flag_stops_every_thread() {
        let problem = queens(9);
        let flag = crate::Cancel::new();
        flag.cancel();
        let pool = Pool::new(&problem, NonZeroUsize::new(2).unwrap())
            .with_slice(10)
            .with_stop(Stop::new().with_cancel(flag.clone()));
        let report = pool.count(&[]).unwrap();
        assert_eq!(report.stopped, Some(StopReason::Cancelled));
        assert!(report.stats.solutions < single(&problem).solutions);
        flag.reset();
        let report = pool.count(&[]).unwrap();
        assert_eq!(report.stopped, None);
        assert_eq!(report.stats.solutions, single(&problem).solutions);
    }

    #[test]
    fn a_prefix_is_checked_and_counted_below() {
        let problem = queens(6);
        let pool = Pool::new(&problem, NonZeroUsize::new(2).unwrap()).with_slice(3);
        let mut search = Search::new(&problem);
        search.force(1).unwrap();
        search.count();
        assert_eq!(
            pool.count(&[1]).unwrap().stats.solutions,
            search.stats().solutions
        );
        assert!(matches!(pool.count(&[0, 1]), Err(ParallelError::Force(_))));
    }

    #[test]
    fn split_units_add_up_in_order() {
        let problem = queens(8);
        let whole = single(&problem);
        let mut search = Search::new(&problem);
        let order: Vec<Vec<usize>> = search.solutions().collect();
        for units in [0, 1, 2, 5, 30, 200, 100_000] {
            let split = split(&problem, &[], units, EngineKind::Links).unwrap();
            let count = split.units.len();
            assert!(count >= units.min(40), "{units}: {count}");
            let mut found = Vec::new();
            let mut stats = split.above;
            for unit in &split.units {
                let mut search = Search::new(&problem);
                let start = search.enter(unit).unwrap();
                found.extend(search.solutions());
                stats += search.stats().since(start);
            }
            assert_eq!(found.len() as u64, whole.solutions);
            // Nodes and updates too: the units and the split nodes are the whole search.
            assert_eq!(stats, whole, "{units}");
            // Solutions come in the one-thread order (forced options first, as the search
            // lists them too).
            assert_eq!(found, order, "{units}");
        }
    }

    #[test]
    fn multiplicities_are_refused() {
        let problem = knuth::parse("2:3|A B\nA B\nA\nB\n").unwrap().problem;
        let pool = Pool::new(&problem, NonZeroUsize::new(2).unwrap());
        assert_eq!(
            pool.count(&[]),
            Err(ParallelError::Split(SplitError::Multiplicities))
        );
    }
}
