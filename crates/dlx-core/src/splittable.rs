//! What the parallel pool and the work units need of an engine: a search that starts over on a
//! problem, enters a [`Unit`], runs a budget at a time and hands back the rest of its tree as
//! units. Dancing links and dancing cells both split this way, each counting its own tree.

use crate::parallel::ParallelError;
use crate::{
    cells, Budget, Engine, EngineKind, ForceError, Problem, Search, SplitError, Stats, Unit,
};

/// A search whose tree splits into [`Unit`]s that partition it, solutions and statistics alike.
pub trait Splittable: Engine + Send {
    /// A search over `problem`, or why the engine cannot split it (multiplicities).
    fn start(problem: &Problem) -> Result<Self, SplitError>
    where
        Self: Sized;

    /// Starts over on `problem`, as fresh, keeping the [`Stop`](crate::Stop).
    fn restart(&mut self, problem: &Problem);

    /// Forces `unit` on a search that has not started; returns the statistics from which its
    /// own work is counted ([`Stats::since`]).
    fn enter(&mut self, unit: &Unit) -> Result<Stats, ForceError>;

    /// The rest of the search as units, in the order the search would reach them.
    fn frontier_units(&self) -> Vec<Unit>;

    /// Replaces the budget of the [`Stop`](crate::Stop), keeping its deadline and flag.
    fn set_budget(&mut self, budget: Budget);

    /// The branches of the first node below `unit` (the search started over on `problem`),
    /// with the work of reaching that node and of the node, which no branch counts; `None` for
    /// a unit that is a leaf.
    fn node_branches(
        &mut self,
        problem: &Problem,
        unit: &Unit,
    ) -> Result<Option<(Vec<Unit>, Stats)>, ParallelError>;
}

impl Splittable for Search {
    fn start(problem: &Problem) -> Result<Search, SplitError> {
        if problem.has_multiplicities() {
            return Err(SplitError::Multiplicities);
        }
        Ok(Search::new(problem))
    }

    fn restart(&mut self, problem: &Problem) {
        self.reset(problem);
    }

    fn enter(&mut self, unit: &Unit) -> Result<Stats, ForceError> {
        Search::enter(self, unit)
    }

    fn frontier_units(&self) -> Vec<Unit> {
        Search::frontier_units(self).unwrap_or_default()
    }

    fn set_budget(&mut self, budget: Budget) {
        Search::set_budget(self, budget);
    }

    fn node_branches(
        &mut self,
        problem: &Problem,
        unit: &Unit,
    ) -> Result<Option<(Vec<Unit>, Stats)>, ParallelError> {
        Search::node_branches(self, problem, unit)
    }
}

impl Splittable for cells::Search {
    fn start(problem: &Problem) -> Result<cells::Search, SplitError> {
        Ok(cells::Search::new(problem))
    }

    fn restart(&mut self, problem: &Problem) {
        self.reset(problem);
    }

    fn enter(&mut self, unit: &Unit) -> Result<Stats, ForceError> {
        cells::Search::enter(self, unit).map(Stats::from)
    }

    fn frontier_units(&self) -> Vec<Unit> {
        cells::Search::frontier_units(self)
    }

    fn set_budget(&mut self, budget: Budget) {
        cells::Search::set_budget(self, budget);
    }

    fn node_branches(
        &mut self,
        problem: &Problem,
        unit: &Unit,
    ) -> Result<Option<(Vec<Unit>, Stats)>, ParallelError> {
        cells::Search::node_branches(self, problem, unit)
            .map(|found| found.map(|(units, work)| (units, work.into())))
    }
}

impl EngineKind {
    /// A search of this engine over `problem`, ready to split.
    pub fn splittable(self, problem: &Problem) -> Result<Box<dyn Splittable>, SplitError> {
        Ok(match self {
            EngineKind::Links => Box::new(<Search as Splittable>::start(problem)?),
            EngineKind::Cells => Box::new(<cells::Search as Splittable>::start(problem)?),
        })
    }
}
