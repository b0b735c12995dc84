//! The solvers of one thread, one per shape, kept and reused from puzzle to puzzle.

use dlx_core::Stop;

use super::puzzle::{Puzzle, ShapeHint};
use super::shape::Shape;
use super::solver::{EngineChoice, Solver};

/// Solvers are kept per shape; this many at most (many jigsaw layouts would otherwise pile up,
/// as every case of a jigsaw judge input may have its own).
const MAX_SOLVERS: usize = 64;

/// A thread's solvers, one per shape, each made when its shape is first met and bounded by the
/// same [`Stop`].
///
/// Consecutive puzzles nearly always share a shape hint, so the last solver is found from the
/// hint alone ([`Solvers::for_puzzle`]): building and comparing a shape for each puzzle costs
/// more than solving a 17-clue puzzle.
#[derive(Debug, Default)]
pub struct Solvers {
    solvers: Vec<Solver>,
    /// The size and shape hint of the last puzzle, and the index of its solver.
    last: Option<(usize, ShapeHint, usize)>,
    stop: Stop,
    engine: EngineChoice,
}

impl Solvers {
    /// No solver yet; each one made will be bounded by `stop`.
    pub fn new(stop: Stop) -> Solvers {
        Solvers {
            solvers: Vec::new(),
            last: None,
            stop,
            engine: EngineChoice::default(),
        }
    }

    /// The same, with every solver made on `engine` (those made before are dropped).
    pub fn with_engine(mut self, engine: EngineChoice) -> Solvers {
        self.solvers.clear();
        self.last = None;
        self.engine = engine;
        self
    }

    /// The run control every solver is bounded by.
    pub fn stop(&self) -> &Stop {
        &self.stop
    }

    /// The solver of `shape`, made if it is new.
    pub fn for_shape(&mut self, shape: &Shape) -> &mut Solver {
        let index = match self.position(shape) {
            Some(index) => index,
            None => self.add(shape.clone()),
        };
        self.last = None;
        &mut self.solvers[index]
    }

    /// The solver of `puzzle`, whose shape `shape_of` gives when the puzzle's size and shape
    /// hint differ from the last puzzle's; made if the shape is new.
    pub fn for_puzzle<E>(
        &mut self,
        puzzle: &Puzzle,
        shape_of: impl FnOnce(&Puzzle) -> Result<Shape, E>,
    ) -> Result<&mut Solver, E> {
        let index = match &self.last {
            Some((size, hint, index)) if *size == puzzle.size && *hint == puzzle.shape => *index,
            _ => {
                let shape = shape_of(puzzle)?;
                let index = match self.position(&shape) {
                    Some(index) => index,
                    None => self.add(shape),
                };
                self.last = Some((puzzle.size, puzzle.shape.clone(), index));
                index
            }
        };
        Ok(&mut self.solvers[index])
    }

    /// Where the solver of `shape` is, if there is one.
    fn position(&self, shape: &Shape) -> Option<usize> {
        self.solvers.iter().position(|s| s.shape() == shape)
    }

    /// Makes the solver of `shape` (the shape is new), and says where it is.
    fn add(&mut self, shape: Shape) -> usize {
        if self.solvers.len() >= MAX_SOLVERS {
            self.solvers.clear();
        }
        let mut solver = Solver::with_engine(shape, self.engine);
        solver.set_stop(self.stop.clone());
        self.solvers.push(solver);
        self.solvers.len() - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_core::{Budget, StopReason};

    #[test]
    fn one_solver_a_shape_each_bounded_by_the_stop() {
        let mut solvers = Solvers::new(Stop::new().with_budget(Budget::Nodes(0)));
        let four = Shape::standard(4).unwrap();
        let six = Shape::standard(6).unwrap();
        solvers.for_shape(&four).count(&[0; 16], None).unwrap();
        assert_eq!(solvers.for_shape(&four).stopped(), Some(StopReason::Budget));
        solvers.for_shape(&six);
        assert_eq!(solvers.solvers.len(), 2);
        solvers.for_shape(&four);
        assert_eq!(solvers.solvers.len(), 2);
        // More shapes than are kept: the cache starts over rather than grow.
        let shapes: Vec<Shape> = (1..=100).filter_map(|n| Shape::standard(n).ok()).collect();
        assert!(shapes.len() > MAX_SOLVERS);
        for shape in &shapes {
            assert_eq!(solvers.for_shape(shape).shape(), shape);
            assert!(solvers.solvers.len() <= MAX_SOLVERS);
        }
    }
}
