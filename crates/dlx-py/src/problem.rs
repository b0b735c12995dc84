//! `dlx.Problem`: an exact-cover problem, its solutions, its count and the statistics of its
//! last run.

use std::ffi::CString;
use std::num::NonZeroUsize;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use dlx_core::cost::Cheapest;
use dlx_core::parallel::Pool;
use dlx_core::{knuth, units, Cancel, Engine, ProblemBuilder, Status};
use dlx_core::{preferred_engine, EngineKind};
use dlx_core::{Stop, StopReason};
use pyo3::exceptions::{PyRuntimeError, PyTimeoutError, PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::errors::{self, ParseError};
use crate::run;

/// An exact-cover problem: primary items (covered exactly once, or within a multiplicity),
/// secondary items (at most once, or with one color), and options, each a list of item names
/// (a secondary item with a color as ``"x:red"``).
///
/// ``Problem(["A", "B", ("C", 1, 2)], [["A", "x:red"], ["B", "C"], ["C"]], secondary=["x"])``:
/// a primary item is a name, or ``(name, count)``, or ``(name, min, max)`` for a multiplicity
/// (Knuth's Algorithm M). Options are numbered from 0 in the order given; solutions are lists
/// of these numbers.
#[pyclass(module = "dlx._dlx", frozen)]
pub struct Problem {
    pub(crate) problem: dlx_core::Problem,
    hash: OnceLock<String>,
    last: Mutex<Option<Stats>>,
}

impl Problem {
    fn wrap(problem: dlx_core::Problem) -> Problem {
        Problem {
            problem,
            hash: OnceLock::new(),
            last: Mutex::new(None),
        }
    }

    /// The problem's content hash, as work units carry it.
    pub(crate) fn hash(&self) -> &str {
        self.hash.get_or_init(|| units::hash(&self.problem))
    }

    fn record(&self, stats: Stats) {
        *self.last.lock().unwrap_or_else(|e| e.into_inner()) = Some(stats);
    }

    fn parse(py: Python<'_>, text: &str) -> PyResult<Problem> {
        let parsed = knuth::parse(text).map_err(|e| {
            errors::at(
                ParseError::new_err(e.to_string()),
                Some(e.line),
                Some(e.column),
            )
        })?;
        for warning in &parsed.warnings {
            let message = CString::new(warning.to_string()).unwrap_or_default();
            PyErr::warn(py, &py.get_type::<PyUserWarning>(), &message, 2)?;
        }
        Ok(Problem::wrap(parsed.problem))
    }
}

/// One primary item as Python gives it: a name, `(name, count)` or `(name, min, max)`.
fn primary_item(item: &Bound<'_, PyAny>) -> PyResult<(String, u32, u32)> {
    if let Ok(name) = item.extract::<String>() {
        return Ok((name, 1, 1));
    }
    if let Ok((name, count)) = item.extract::<(String, u32)>() {
        return Ok((name, count, count));
    }
    if let Ok(bounds) = item.extract::<(String, u32, u32)>() {
        return Ok(bounds);
    }
    Err(pyo3::exceptions::PyTypeError::new_err(
        "a primary item is a name, (name, count) or (name, min, max)",
    ))
}

/// The engines `engine=` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EngineChoice {
    /// The library's choice for the problem and the threads ([`preferred_engine`]).
    Auto,
    Dlx,
    Cells,
    Sat,
}

impl EngineChoice {
    pub(crate) fn parse(name: Option<&str>) -> PyResult<EngineChoice> {
        match name {
            None | Some("auto") => Ok(EngineChoice::Auto),
            Some("dlx") => Ok(EngineChoice::Dlx),
            Some("cells") => Ok(EngineChoice::Cells),
            Some("sat") if cfg!(feature = "sat") => Ok(EngineChoice::Sat),
            Some("sat") => Err(PyValueError::new_err(
                "this build of dlx has no SAT engine (built without the `sat` feature)",
            )),
            Some(other) => Err(PyValueError::new_err(format!(
                "unknown engine {other:?} (expected \"auto\", \"dlx\", \"cells\" or \"sat\")"
            ))),
        }
    }

    /// The backtracking engine whose tree is split or estimated (SAT has none).
    pub(crate) fn tree(self, problem: &dlx_core::Problem) -> PyResult<EngineKind> {
        match self.resolve(problem) {
            EngineChoice::Cells => Ok(EngineKind::Cells),
            EngineChoice::Sat => Err(PyValueError::new_err(
                "the sat engine has no search tree to split or estimate (expected \"auto\", \"dlx\" or \"cells\")",
            )),
            EngineChoice::Auto | EngineChoice::Dlx => Ok(EngineKind::Links),
        }
    }

    /// The engine that runs: the one asked for, or the library's choice.
    fn resolve(self, problem: &dlx_core::Problem) -> EngineChoice {
        match self {
            EngineChoice::Auto => match preferred_engine(problem) {
                EngineKind::Cells => EngineChoice::Cells,
                EngineKind::Links => EngineChoice::Dlx,
            },
            chosen => chosen,
        }
    }

    /// A search of `problem` on one thread by this engine (not [`EngineChoice::Auto`]).
    fn start(self, problem: &dlx_core::Problem) -> PyResult<Box<dyn Engine + Send>> {
        Ok(match self {
            EngineChoice::Auto | EngineChoice::Dlx => EngineKind::Links.search(problem),
            EngineChoice::Cells => EngineKind::Cells.search(problem),
            EngineChoice::Sat => sat_search(problem)?,
        })
    }
}

/// A search of `problem` by the SAT engine.
#[cfg(feature = "sat")]
fn sat_search(problem: &dlx_core::Problem) -> PyResult<Box<dyn Engine + Send>> {
    // Owned, since a `solutions` iterator keeps its search between calls.
    let search = dlx_core::sat::Search::owned(problem.clone())
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    Ok(Box::new(search))
}

/// Never called: `EngineChoice::parse` refuses `"sat"` without the feature.
#[cfg(not(feature = "sat"))]
fn sat_search(_: &dlx_core::Problem) -> PyResult<Box<dyn Engine + Send>> {
    Err(PyValueError::new_err("this build of dlx has no SAT engine"))
}

#[pymethods]
impl Problem {
    #[new]
    #[pyo3(signature = (primary, options, secondary = Vec::new(), costs = None))]
    fn new(
        primary: Vec<Bound<'_, PyAny>>,
        options: Vec<Vec<String>>,
        secondary: Vec<String>,
        costs: Option<Vec<u64>>,
    ) -> PyResult<Problem> {
        if costs.as_ref().is_some_and(|c| c.len() != options.len()) {
            return Err(errors::problem(format!(
                "{} costs for {} options (expected one cost per option)",
                costs.as_ref().map_or(0, Vec::len),
                options.len()
            )));
        }
        let mut builder = ProblemBuilder::new();
        for item in &primary {
            let (name, min, max) = primary_item(item)?;
            let declared = if (min, max) == (1, 1) {
                builder.primary(name)
            } else {
                builder.primary_with_bounds(name, min, max)
            };
            declared.map_err(errors::problem)?;
        }
        for name in secondary {
            builder.secondary(name).map_err(errors::problem)?;
        }
        for (number, option) in options.iter().enumerate() {
            let cost = costs.as_ref().map_or(0, |c| c[number]);
            let added = builder
                .option_by_names_with_cost(option.iter().map(String::as_str), cost)
                .map_err(|e| errors::problem(format!("option {number}: {e}")))?;
            if added.is_none() {
                return Err(errors::problem(format!(
                    "option {number} has no primary item (expected at least one, or no \
                     solution could use it)"
                )));
            }
        }
        Ok(Problem::wrap(builder.build().map_err(errors::problem)?))
    }

    /// The problem written in Knuth's format (`text`), as his programs dlx1, dlx2 and dlx3 read
    /// it: the item line (``A B 2:3|C | x y``), then one option a line. An option without a
    /// primary item is dropped with a ``UserWarning``; the others are numbered from 0 in order.
    /// Raises ``ParseError`` with ``line`` and ``column``.
    #[staticmethod]
    fn from_knuth(py: Python<'_>, text: &str) -> PyResult<Problem> {
        Problem::parse(py, text)
    }

    /// The problem in Knuth's format; ``Problem.from_knuth`` reads it back to the same problem.
    fn to_knuth(&self) -> String {
        knuth::write(&self.problem)
    }

    /// The names of the primary items, in order.
    #[getter]
    fn primary(&self) -> Vec<String> {
        let p = &self.problem;
        (0..p.primary_count())
            .map(|i| p.item_name(i).to_string())
            .collect()
    }

    /// The names of the secondary items, in order.
    #[getter]
    fn secondary(&self) -> Vec<String> {
        let p = &self.problem;
        (p.primary_count()..p.item_count())
            .map(|i| p.item_name(i).to_string())
            .collect()
    }

    /// The multiplicities of the primary items that have one: ``{name: (min, max)}``.
    #[getter]
    fn multiplicities<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let p = &self.problem;
        let dict = PyDict::new(py);
        for item in (0..p.primary_count()).filter(|&i| p.bounds(i) != (1, 1)) {
            dict.set_item(p.item_name(item), p.bounds(item))?;
        }
        Ok(dict)
    }

    /// The options, each as the item names it covers (``"x:red"`` for a color).
    #[getter]
    fn options(&self) -> Vec<Vec<String>> {
        (0..self.problem.option_count())
            .map(|o| self.option(o))
            .collect()
    }

    /// Option number `index` as the item names it covers.
    fn option(&self, index: usize) -> Vec<String> {
        self.problem
            .format_option(index)
            .split_whitespace()
            .map(str::to_string)
            .collect()
    }

    /// Each option's cost (``0`` for an option given none), in option order.
    #[getter]
    fn costs(&self) -> Vec<u64> {
        (0..self.problem.option_count())
            .map(|o| self.problem.cost(o))
            .collect()
    }

    /// The ``k`` cheapest solutions, cheapest first, each as ``(cost, options)`` with the
    /// option numbers in the order chosen (Knuth's dlx5: options cost what ``costs`` says, a
    /// solution the sum of its options). One thread, with the GIL released; ``timeout`` in
    /// seconds ends the search with the cheapest found so far (``stats().complete`` is then
    /// ``False``: cheaper ones may exist); Ctrl-C raises ``KeyboardInterrupt``. Colors and
    /// multiplicities are taken.
    #[pyo3(signature = (k = 1, timeout = None))]
    fn best(
        &self,
        py: Python<'_>,
        k: usize,
        timeout: Option<f64>,
    ) -> PyResult<Vec<(u64, Vec<usize>)>> {
        let cancel = Cancel::new();
        let stop = with_timeout(Stop::new().with_cancel(cancel.clone()), timeout)?;
        let started = Instant::now();
        let search = Cheapest::new(&self.problem).keep(k).with_stop(stop);
        let best = run::on_helper(py, &cancel, || search.search())?.map_err(errors::problem)?;
        self.record(Stats {
            solutions: best.stats.found,
            nodes: best.stats.nodes,
            updates: best.stats.updates,
            seconds: started.elapsed().as_secs_f64(),
            engine: "cost".to_string(),
            threads: 1,
            complete: best.stopped.is_none(),
        });
        Ok(best
            .solutions
            .into_iter()
            .map(|s| (s.cost, s.options))
            .collect())
    }

    /// The content hash of the problem that work units carry (16 hex digits).
    #[getter(hash)]
    fn content_hash(&self) -> &str {
        self.hash()
    }

    /// The number of options.
    fn __len__(&self) -> usize {
        self.problem.option_count()
    }

    fn __repr__(&self) -> String {
        let p = &self.problem;
        format!(
            "<dlx.Problem: {} primary items, {} secondary, {} options>",
            p.primary_count(),
            p.item_count() - p.primary_count(),
            p.option_count()
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Problem>()
            .is_ok_and(|other| knuth::write(&other.get().problem) == knuth::write(&self.problem))
    }

    fn __hash__(&self) -> u64 {
        u64::from_str_radix(self.hash(), 16).unwrap_or_default()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let module = py.import("dlx._dlx")?;
        let rebuild = module.getattr("problem_from_knuth")?;
        (rebuild, (self.to_knuth(),)).into_pyobject(py)
    }

    /// The solutions, one at a time, each a list of option numbers; at most `limit` of them.
    /// ``engine`` is ``"auto"`` (the default: ``"cells"`` without multiplicities, else ``"dlx"``),
    /// ``"dlx"`` (Knuth's dancing links), ``"cells"`` (dancing cells) or ``"sat"`` (a SAT solver, solutions in no particular order). The
    /// search runs with the GIL released.
    #[pyo3(signature = (limit = None, engine = None))]
    fn solutions(
        slf: &Bound<'_, Problem>,
        limit: Option<u64>,
        engine: Option<&str>,
    ) -> PyResult<Solutions> {
        let problem = &slf.get().problem;
        let choice = EngineChoice::parse(engine)?.resolve(problem);
        let mut search = choice.start(problem)?;
        search.set_limit(limit);
        Ok(Solutions {
            owner: slf.clone().unbind(),
            search: Mutex::new(Some(search)),
            seconds: Mutex::new(0.0),
        })
    }

    /// The number of solutions. ``threads`` (default: every core) split the search tree among
    /// them (the ``"dlx"`` and ``"cells"`` engines; dancing links count a problem with
    /// multiplicities on one thread). ``engine`` as for ``solutions``: ``"auto"`` counts with dancing cells where they
    /// apply, else with dancing links; ``"sat"`` finds the solutions one by one (for few of
    /// them; one thread). ``timeout`` in seconds raises ``TimeoutError`` once passed. The
    /// search runs with the GIL released; Ctrl-C raises ``KeyboardInterrupt`` within a few
    /// milliseconds; ``stats().engine`` says which engine ran.
    #[pyo3(signature = (threads = None, engine = None, timeout = None))]
    fn count(
        &self,
        py: Python<'_>,
        threads: Option<usize>,
        engine: Option<&str>,
        timeout: Option<f64>,
    ) -> PyResult<u64> {
        let asked = EngineChoice::parse(engine)?;
        if threads == Some(0) {
            return Err(PyValueError::new_err("threads must be at least 1"));
        }
        let choice = asked.resolve(&self.problem);
        let many = threads.is_some_and(|n| n > 1);
        if many && choice == EngineChoice::Sat {
            return Err(PyValueError::new_err(
                "the sat engine runs on one thread (leave out threads)",
            ));
        }
        // Dancing links do not split multiplicities.
        let unsplit = choice == EngineChoice::Dlx && self.problem.has_multiplicities();
        if many && unsplit {
            return Err(PyValueError::new_err(
                "a problem with multiplicities cannot be split by dancing links: count it on one \
                 thread, or with engine=\"cells\"",
            ));
        }
        let threads = match threads {
            _ if unsplit || choice == EngineChoice::Sat => 1,
            Some(n) => n,
            None => std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
        };
        let cancel = Cancel::new();
        let stop = with_timeout(Stop::new().with_cancel(cancel.clone()), timeout)?;
        let started = Instant::now();
        let (stats, stopped, name) = match NonZeroUsize::new(threads).filter(|n| n.get() > 1) {
            Some(threads) => {
                let engine = match choice {
                    EngineChoice::Cells => EngineKind::Cells,
                    _ => EngineKind::Links,
                };
                let pool = Pool::new(&self.problem, threads)
                    .with_engine(engine)
                    .with_stop(stop);
                let report =
                    run::on_helper(py, &cancel, || pool.count(&[]))?.map_err(errors::problem)?;
                (report.stats, report.stopped, engine.name())
            }
            None => {
                let mut search = choice.start(&self.problem)?;
                let status = run::step(py, search.as_mut(), &stop, true)?;
                let stopped = match status {
                    Status::Stopped(reason) => Some(reason),
                    _ => None,
                };
                (search.stats(), stopped, search.name())
            }
        };
        self.record(Stats {
            solutions: stats.solutions,
            nodes: stats.nodes,
            updates: stats.updates,
            seconds: started.elapsed().as_secs_f64(),
            engine: name.to_string(),
            threads,
            complete: stopped.is_none(),
        });
        match stopped {
            None => Ok(stats.solutions),
            Some(StopReason::Deadline) => Err(PyTimeoutError::new_err(format!(
                "the count ran out of time after {} solutions (there may be more)",
                stats.solutions
            ))),
            Some(reason) => Err(PyRuntimeError::new_err(format!(
                "the count was stopped ({reason:?}) after {} solutions",
                stats.solutions
            ))),
        }
    }

    /// Knuth's random-probe estimate of the tree a count of ``engine`` searches (``"auto"``:
    /// the engine a count takes, dancing cells without multiplicities; ``"dlx"``; ``"cells"``), made
    /// without searching it: ``probes`` probes (more narrow the spread), probe ``i`` drawing
    /// from stream ``i`` of ``seed`` (the same seed, the same estimate), as ``dlx estimate``.
    /// Raises ``ValueError`` for the ``"sat"`` engine, ``ProblemError`` for multiplicities on ``"dlx"``. The
    /// GIL is released.
    #[pyo3(signature = (probes = 1000, seed = 1, engine = None))]
    fn estimate(
        &self,
        py: Python<'_>,
        probes: u64,
        seed: u64,
        engine: Option<&str>,
    ) -> PyResult<crate::estimate::Estimate> {
        if probes == 0 {
            return Err(PyValueError::new_err("probes must be at least 1"));
        }
        let kind = EngineChoice::parse(engine)?.tree(&self.problem)?;
        let made = py.detach(|| dlx_core::estimate::of(&self.problem, kind, probes, seed));
        let estimate = made.map_err(errors::problem)?;
        Ok(crate::estimate::Estimate::new(estimate, seed, kind.name()))
    }

    /// The number of solutions by memoised search (after Knuth's dlx6, as ``dlx cover --count
    /// --memo``), an exact ``int`` however large: far beyond any enumeration where sub-problems
    /// repeat, as in tilings. One thread, the GIL released; ``max_memory`` bytes bound its
    /// cache (``MemoryError`` past them). Problems with multiplicities are counted too.
    #[pyo3(signature = (max_memory = DEFAULT_MAX_MEMORY))]
    fn zdd_count(&self, py: Python<'_>, max_memory: u64) -> PyResult<Py<PyAny>> {
        crate::memo::count(py, &self.problem, max_memory)
    }

    /// ``n`` solutions drawn from the ZDD of all solutions (as ``dlx cover --sample``), each
    /// solution equally likely at each draw, as lists of option numbers like ``solutions``
    /// yields; the same ``seed``, the same draws. An empty list when there is no solution.
    /// ``max_memory`` as for ``zdd_count``; ``ProblemError`` for multiplicities (no ZDD is built
    /// for them).
    #[pyo3(signature = (n, seed = 1, max_memory = DEFAULT_MAX_MEMORY))]
    fn sample(
        &self,
        py: Python<'_>,
        n: u64,
        seed: u64,
        max_memory: u64,
    ) -> PyResult<Vec<Vec<usize>>> {
        crate::memo::sample(py, &self.problem, n, seed, max_memory)
    }

    /// The statistics of the last run (a count, or a ``solutions`` iterator so far), or
    /// ``None`` before any.
    fn stats(&self) -> Option<Stats> {
        self.last.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

/// `stop` with a time limit of `timeout` seconds, if one is given.
fn with_timeout(stop: Stop, timeout: Option<f64>) -> PyResult<Stop> {
    let Some(seconds) = timeout else {
        return Ok(stop);
    };
    let limit = Duration::try_from_secs_f64(seconds).map_err(|_| {
        PyValueError::new_err(format!(
            "timeout {seconds} is not a number of seconds (expected 0 or more)"
        ))
    })?;
    Ok(stop.with_timeout(limit))
}

/// The default bound of a memoised count's memory: 2 GiB, as `dlx cover --max-memory`.
const DEFAULT_MAX_MEMORY: u64 = 2 << 30;

/// A problem read from Knuth's format (what pickling a ``Problem`` calls).
#[pyfunction]
pub fn problem_from_knuth(py: Python<'_>, text: &str) -> PyResult<Problem> {
    Problem::parse(py, text)
}

/// The statistics of a run: ``solutions``, ``nodes`` and ``updates`` (Knuth's definitions for
/// the ``"dlx"`` engine, the same on any number of threads), ``seconds``, ``engine``,
/// ``threads``, and whether the run was ``complete`` (searched to its end or limit).
#[pyclass(module = "dlx._dlx", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct Stats {
    solutions: u64,
    nodes: u64,
    updates: u64,
    seconds: f64,
    engine: String,
    threads: usize,
    complete: bool,
}

#[pymethods]
impl Stats {
    fn __repr__(&self) -> String {
        format!(
            "Stats(solutions={}, nodes={}, updates={}, seconds={:.4}, engine={:?}, threads={}, \
             complete={})",
            self.solutions,
            self.nodes,
            self.updates,
            self.seconds,
            self.engine,
            self.threads,
            if self.complete { "True" } else { "False" }
        )
    }

    /// The statistics as a dict.
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("solutions", self.solutions)?;
        dict.set_item("nodes", self.nodes)?;
        dict.set_item("updates", self.updates)?;
        dict.set_item("seconds", self.seconds)?;
        dict.set_item("engine", &self.engine)?;
        dict.set_item("threads", self.threads)?;
        dict.set_item("complete", self.complete)?;
        Ok(dict)
    }
}

/// The solutions of a problem, one list of option numbers at a time (from
/// ``Problem.solutions``).
#[pyclass(module = "dlx._dlx", frozen)]
pub struct Solutions {
    owner: Py<Problem>,
    /// The search; `None` once it is over.
    search: Mutex<Option<Box<dyn Engine + Send>>>,
    seconds: Mutex<f64>,
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Vec<usize>>> {
        // Another thread stepping this iterator holds the lock with the GIL released: waiting
        // for it here, holding the GIL, would never end.
        let mut guard = self.search.try_lock().map_err(|_| {
            PyRuntimeError::new_err("the solutions are being read by another thread")
        })?;
        let Some(search) = guard.as_mut() else {
            return Ok(None);
        };
        let started = Instant::now();
        let status = run::step(py, search.as_mut(), &Stop::new(), false);
        let mut seconds = self.seconds.lock().unwrap_or_else(|e| e.into_inner());
        *seconds += started.elapsed().as_secs_f64();
        let status = status?;
        let stats = search.stats();
        let done = status != Status::Solution;
        let solution = (!done).then(|| search.solution());
        self.owner.get().record(Stats {
            solutions: stats.solutions,
            nodes: stats.nodes,
            updates: stats.updates,
            seconds: *seconds,
            engine: search.name().to_string(),
            threads: 1,
            complete: done,
        });
        if done {
            *guard = None;
        }
        Ok(solution)
    }
}
