//! The one place that speaks to the SAT solver (CaDiCaL, built from its C++ source by the
//! `cadical-sys` crate, whose bindings are written with `cxx` and so need no libclang): the
//! clauses in, a solve under a conflict limit and a stop, the model and the counters out.
//!
//! The rest of the engine sees only [`Solver`]: the encodings write into it through `rustsat`'s
//! [`CollectClauses`], and the search reads answers as [`Answer`]s.

use cadical_sys::{CaDiCal, Status as CadicalStatus, Terminator};
use rustsat::encodings::CollectClauses;
use rustsat::types::{Clause, Lit};

use super::search::{Error, Settings};
use crate::Stop;

/// What a solve ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Answer {
    /// A model: read it with [`Solver::is_true`].
    Sat,
    /// No model.
    Unsat,
    /// Stopped before an answer: by the conflict limit or the stop.
    Interrupted,
}

/// A CaDiCaL instance with the settings of [`Settings`], counting the clauses given to it.
pub(super) struct Solver {
    cadical: CaDiCal,
    clauses: usize,
    /// The literal buffer of one clause, kept to add clauses without allocating.
    buffer: Vec<i32>,
}

/// The solver's view of a [`Stop`]: it asks every few conflicts whether to stop.
struct Watch(Stop);

impl Terminator for Watch {
    fn terminated(&mut self) -> bool {
        self.0.halted().is_some()
    }
}

impl Solver {
    /// A solver set up as `settings` say.
    pub(super) fn new(settings: Settings) -> Result<Solver, Error> {
        let mut cadical = CaDiCal::new();
        // CaDiCaL prints nothing unless asked; say so in case an environment variable asks.
        cadical.set("quiet", 1);
        if settings == Settings::Tuned {
            tune(&mut cadical)?;
        }
        Ok(Solver {
            cadical,
            clauses: 0,
            buffer: Vec::new(),
        })
    }

    /// Adds one clause.
    pub(super) fn add(&mut self, clause: impl IntoIterator<Item = Lit>) {
        self.buffer.clear();
        self.buffer
            .extend(clause.into_iter().map(|lit| lit.to_ipasir()));
        self.cadical.clause6(&self.buffer);
        self.clauses += 1;
    }

    /// Solves, giving up after `conflicts` more conflicts (`None`: no limit) or when `stop`
    /// halts (its deadline or cancel flag, looked at by the solver every few conflicts).
    pub(super) fn solve(&mut self, conflicts: Option<u64>) -> Answer {
        if let Some(conflicts) = conflicts {
            let conflicts = i32::try_from(conflicts).unwrap_or(i32::MAX);
            self.cadical.limit("conflicts", conflicts);
        }
        match self.cadical.solve() {
            CadicalStatus::SATISFIABLE => Answer::Sat,
            CadicalStatus::UNSATISFIABLE => Answer::Unsat,
            CadicalStatus::UNKNOWN => Answer::Interrupted,
        }
    }

    /// Whether `lit` is true in the model of the last solve, which answered [`Answer::Sat`].
    pub(super) fn is_true(&mut self, lit: Lit) -> bool {
        let lit = lit.to_ipasir();
        self.cadical.val(lit) == lit
    }

    /// Makes the solver watch `stop`'s deadline and cancel flag during a solve (or nothing, for
    /// a stop that has neither).
    pub(super) fn watch(&mut self, stop: &Stop) {
        if stop.deadline().is_none() && stop.cancel().is_none() {
            self.cadical.disconnect_terminator();
        } else {
            self.cadical.connect_terminator(Watch(stop.clone()));
        }
    }

    /// Conflicts met so far, over every solve.
    pub(super) fn conflicts(&self) -> u64 {
        self.statistic("conflicts")
    }

    /// Decisions made so far.
    pub(super) fn decisions(&self) -> u64 {
        self.statistic("decisions")
    }

    /// Literals set by propagation so far.
    pub(super) fn propagations(&self) -> u64 {
        self.statistic("propagations")
    }

    fn statistic(&self, name: &str) -> u64 {
        // -1 stands for a statistic the solver does not keep: counted as none.
        u64::try_from(self.cadical.get_statistic_value(name)).unwrap_or(0)
    }
}

impl CollectClauses for Solver {
    fn n_clauses(&self) -> usize {
        self.clauses
    }

    fn extend_clauses<T>(&mut self, clauses: T) -> Result<(), rustsat::OutOfMemory>
    where
        T: IntoIterator<Item = Clause>,
    {
        for clause in clauses {
            self.add(clause);
        }
        Ok(())
    }
}

/// CaDiCaL's settings for exact-cover formulas: its `sat` preset (stable mode only, the longer
/// restart intervals of satisfiable instances), without the inprocessing that eliminates,
/// probes, subsumes and vivifies clauses.
///
/// Measured on the residual formulas of minimal 25x25 Sudoku puzzles (a few thousand variables,
/// each puzzle a first solve and a proof that no second solution exists, so both satisfiable and
/// unsatisfiable work), one thread, processor time: the `sat` preset needed about 30 % fewer
/// conflicts than the default and took 0.80 times its time; without the inprocessing, which on
/// formulas this small finds little to remove and costs time at every round, 0.71 times.
/// Proofs that a jigsaw layout admits no grid (unsatisfiable only) did not get slower. The
/// `unsat` preset needed 30 % more conflicts than the default; options of restarts, phases and
/// chronological backtracking, and the order of the variables, changed conflicts by less
/// than their spread from puzzle to puzzle. By conflicts on nine of those puzzles
/// (repeatable for a seed; five seeds spread 4.5 %): initial phases false (+6.7 %), each cell's
/// lowest candidate true and the others false, as the fast path would guess (+0.7 %), no
/// chronological backtracking, no rephasing, no reluctant doubling, no local-search walks, other
/// target phases (+0.7 to +5.9 %); `restartint` is not used in stable mode. Nor do the learned
/// clauses' handling or the scores (the 36 formulas of the eighteen puzzles' first and second
/// solves, each solved from scratch): no minimizing +7 %, no chronological backtracking -3 %;
/// on four of them, reduce targets of 50 and 90 % +45 and +6 %, reduce intervals of 10 and 100
/// +23 and +9 %, no shrinking +29 %, no reason bumping +31 %, VMTF scores +106 %, focused mode
/// +154 %. None pays.
fn tune(cadical: &mut CaDiCal) -> Result<(), Error> {
    if !cadical.configure("sat") {
        return Err(Error::Solver("CaDiCaL has no `sat` configuration".into()));
    }
    for option in ["elim", "probe", "subsume", "vivify"] {
        if !cadical.set(option, 0) {
            return Err(Error::Solver(format!("CaDiCaL has no option `{option}`")));
        }
    }
    Ok(())
}

// SAFETY: `Solver` is moved between threads (a search kept by a binding, a batch's workers), never
// shared: every call takes `&mut self` or `&self` of one owner. `CaDiCal` is not `Send` only
// because `cxx` cannot know that the C++ object it points to has no tie to the thread that made
// it. A CaDiCaL instance keeps all of its state in the object: the library has no thread-local
// storage, and the objects it keeps at file level are constant tables and two sentinel clauses
// whose addresses mark a kind of reason (compared, never written), besides the signal handlers
// of its stand-alone program, which is not built. So a call from another thread sees the same
// object as a call from the first, as with solvers that already run one per thread. The terminator the
// solver calls back is a `Watch`, which holds a `Stop`, itself `Send` and `Sync`.
unsafe impl Send for Solver {}
