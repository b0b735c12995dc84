//! True candidates: for each cell, the values it holds in at least one solution, and how many
//! solutions hold each (up to a limit), so that a setter sees where a puzzle breaks.
//!
//! No open puzzle is enumerated whole. A first search lists up to [`FIRST_SOLUTIONS`] solutions
//! (one past the limit if that is more): when it ends on its own, it has seen every solution and
//! every count is exact. Otherwise each
//! candidate not yet counted up to the limit is settled by a search of the puzzle with that cell
//! fixed to that value, which goes on until that candidate's count reaches the limit or the
//! search ends. Every solution any search finds counts once for each of its cells (solutions are
//! told apart, so one seen by two searches is not counted twice), and a candidate ruled out
//! (its search found nothing) is left out of the searches after it as a candidate constraint.
//!
//! ```
//! use dlx_core::Stop;
//! use dlx_puzzles::sudoku::variant;
//!
//! // A 4x4 with two rows given: the two lower rows can be filled in four ways.
//! let puzzle = variant::read("1234341200000000").unwrap();
//! let candidates = puzzle.candidates(3, &Stop::new());
//! assert!(candidates.is_finished());
//! assert_eq!(candidates.per_cell[8], [(2, 2), (4, 2)]);
//! // The given is in all four, counted up to the limit.
//! assert_eq!(candidates.per_cell[0], [(1, 3)]);
//! assert_eq!(candidates.count_texts()[0], "1:3+");
//! // With a higher limit every solution is seen: the counts are exact.
//! let candidates = puzzle.candidates(4, &Stop::new());
//! assert!(candidates.every_solution);
//! assert_eq!(candidates.count_texts()[0], "1:4");
//! ```

use std::collections::HashSet;

use dlx_core::{Budget, Stop, StopReason};

use super::{Constraint, Effort, Variant};

/// What [`Variant::candidates`] found.
#[derive(Clone, Debug)]
pub struct Candidates {
    /// The side of the grid (values run from 1 to it).
    pub size: usize,
    /// For each cell, the values found in some solution, in increasing order, each with the
    /// number of solutions found holding it, no more than [`limit`](Self::limit) (a count equal
    /// to the limit may stand for more).
    pub per_cell: Vec<Vec<(u8, u64)>>,
    /// For each cell, the values whose count is not known to be final because the run was
    /// stopped (bit `v - 1` for value `v`): one in no solution found yet but not ruled out, or
    /// one counted fewer times than the limit whose search had not ended. All zero when the run
    /// finished.
    pub unsettled: Vec<u64>,
    /// For each cell, the values whose count may stand for more (bit `v - 1` for value `v`):
    /// those more solutions hold than the limit, or, when not every solution was seen, as many,
    /// and the [unsettled](Self::unsettled) ones.
    pub more: Vec<u64>,
    /// The limit the counts stop at.
    pub limit: u64,
    /// Whether every solution was seen (the puzzle has no more than `limit`), so that every
    /// count is exact, even one equal to the limit.
    pub every_solution: bool,
    /// Why the run stopped before every candidate was settled, if it did.
    pub stopped: Option<StopReason>,
    /// The work of every search, added up.
    pub effort: Effort,
    /// The searches run (the first, and one for each candidate that needed its own).
    pub searches: u64,
}

impl Candidates {
    /// Whether every candidate is settled: the run was not stopped.
    pub fn is_finished(&self) -> bool {
        self.stopped.is_none()
    }

    /// Whether no solution was found (on a finished run: the puzzle has none).
    pub fn is_empty(&self) -> bool {
        self.per_cell.iter().all(Vec::is_empty)
    }

    /// The candidates found of each cell as a bit set (bit `v - 1` for value `v`), as
    /// [`pretty_marks`](crate::sudoku::picture::pretty_marks) draws them.
    pub fn masks(&self) -> Vec<u64> {
        self.per_cell
            .iter()
            .map(|list| list.iter().fold(0, |mask, &(v, _)| mask | 1 << (v - 1)))
            .collect()
    }

    /// Whether the count of value `value` in `cell` is a lower bound rather than exact (see
    /// [`more`](Self::more)).
    pub fn at_least(&self, cell: usize, value: u8) -> bool {
        self.more[cell] >> (value - 1) & 1 == 1
    }

    /// Each cell's candidates with their counts, as `1:3 5:12+` (`+` for a count that may stand
    /// for more), in the cell order of the grid; on a stopped run the values not settled and not
    /// found in a solution show as `v:0+`.
    pub fn count_texts(&self) -> Vec<String> {
        self.per_cell
            .iter()
            .enumerate()
            .map(|(cell, list)| {
                let open = (1..=self.size as u8)
                    .filter(|&v| self.unsettled[cell] >> (v - 1) & 1 == 1)
                    .filter(|&v| list.iter().all(|&(seen, _)| seen != v))
                    .map(|v| (v, 0));
                let mut all: Vec<(u8, u64)> = list.iter().copied().chain(open).collect();
                all.sort_unstable();
                let parts: Vec<String> = all
                    .iter()
                    .map(|&(v, count)| {
                        let plus = if self.at_least(cell, v) { "+" } else { "" };
                        format!("{}:{count}{plus}", symbol(self.size, v))
                    })
                    .collect();
                parts.join(" ")
            })
            .collect()
    }

    /// The values each cell may hold as far as the run knows, as bit sets: those found in a
    /// solution, and on a stopped run those not yet ruled out ([`unsettled`](Self::unsettled)).
    /// On a finished run these are [`masks`](Self::masks).
    pub fn possible(&self) -> Vec<u64> {
        self.masks()
            .iter()
            .zip(&self.unsettled)
            .map(|(seen, open)| seen | open)
            .collect()
    }
}

/// A value as written in a grid: a digit up to 9, a letter `A`.. from 10 on a larger grid,
/// as [`write_values`](super::write_values) writes it.
fn symbol(size: usize, value: u8) -> String {
    super::write_values(size, &[value])
}

/// The counts of candidates, from the distinct solutions seen.
struct Tally {
    size: usize,
    limit: u64,
    /// `counts[cell * size + value - 1]`: the solutions seen holding it.
    counts: Vec<u64>,
    /// The solutions counted.
    seen: HashSet<Vec<u8>>,
}

impl Tally {
    fn count(&self, cell: usize, value: u8) -> u64 {
        self.counts[cell * self.size + usize::from(value) - 1]
    }

    /// Counts `solution` once for each of its cells, unless it was counted before. The first
    /// search's solutions (`first`) are all new, and each is counted, so that when that search
    /// sees every solution the counts are exact past the limit; the others only while they add
    /// to a count below the limit (once all its values are counted to the limit, a solution is
    /// neither counted nor kept).
    fn add(&mut self, solution: &[u8], first: bool) {
        let fresh = solution
            .iter()
            .enumerate()
            .any(|(cell, &v)| self.count(cell, v) < self.limit);
        let counted = if fresh {
            self.seen.insert(solution.to_vec())
        } else {
            first
        };
        if counted {
            for (cell, &v) in solution.iter().enumerate() {
                self.counts[cell * self.size + usize::from(v) - 1] += 1;
            }
        }
    }
}

/// How one search of a run ended.
enum Ended {
    /// It saw every solution it could find.
    Exhausted,
    /// It was ended early, by its limit or by the caller having seen enough.
    Early,
    /// The run's stop ended it.
    Stopped(StopReason),
}

/// The searches of one run, under one stop whose budget, if any, is shared by all of them.
struct Runner<'a> {
    stop: &'a Stop,
    effort: Effort,
    searches: u64,
}

impl Runner<'_> {
    /// Runs `puzzle` for up to `limit` solutions, passing each to `each` (which says whether to
    /// go on).
    fn run(&mut self, puzzle: &Variant, limit: u64, mut each: impl FnMut(&[u8]) -> bool) -> Ended {
        let mut stop = self.stop.clone();
        if let Budget::Nodes(nodes) = stop.budget() {
            stop.set_budget(Budget::Nodes(nodes.saturating_sub(self.effort.guesses)));
        }
        let mut enough = false;
        let run = puzzle.solutions(limit, &stop, |values| {
            enough = !each(values);
            !enough
        });
        self.searches += 1;
        self.effort.guesses += run.effort.guesses;
        self.effort.conflicts += run.effort.conflicts;
        match run.stopped {
            Some(reason) => Ended::Stopped(reason),
            None if enough || run.found >= limit => Ended::Early,
            None => Ended::Exhausted,
        }
    }
}

/// The solutions the first search of [`Variant::candidates`] lists before candidates are settled
/// one by one. A puzzle with a few solutions is answered by listing them: on killers with 2 to
/// 15 solutions, a search per candidate took some 0.1 s where listing took 5 ms; an open one
/// marks most of its candidates in the first search this way.
pub const FIRST_SOLUTIONS: u64 = 1024;

/// The true candidates of `puzzle`, counted up to `limit` (at least 1), watching `stop`, with a
/// first search that lists up to `first` solutions (one past the limit if that is more; see
/// [`FIRST_SOLUTIONS`], which [`Variant::candidates`] takes).
pub fn find(puzzle: &Variant, limit: u64, first: u64, stop: &Stop) -> Candidates {
    let limit = limit.max(1);
    let size = puzzle.shape().size();
    let cells = puzzle.shape().cell_count();
    let mut tally = Tally {
        size,
        limit,
        counts: vec![0; cells * size],
        seen: HashSet::new(),
    };
    let mut runner = Runner {
        stop,
        effort: Effort::default(),
        searches: 0,
    };
    let full: u64 = if size >= 64 {
        u64::MAX
    } else {
        (1 << size) - 1
    };
    // The values each cell may still hold: its given, or every value until one is ruled out.
    let mut open: Vec<u64> = puzzle
        .givens()
        .iter()
        .map(|&g| if g == 0 { full } else { 1 << (g - 1) })
        .collect();
    // settled[cell * size + value - 1]: the count is final.
    let mut settled = vec![false; cells * size];
    let mut stopped = None;
    let mut every_solution = false;
    match runner.run(puzzle, limit.saturating_add(1).max(first), |s| {
        tally.add(s, true);
        true
    }) {
        Ended::Exhausted => {
            settled.fill(true);
            every_solution = true;
        }
        Ended::Stopped(reason) => stopped = Some(reason),
        Ended::Early => {}
    }
    'cells: for cell in 0..cells {
        for value in 1..=size as u8 {
            let index = cell * size + usize::from(value) - 1;
            if stopped.is_some() || settled[index] || open[cell] >> (value - 1) & 1 == 0 {
                continue;
            }
            if tally.count(cell, value) >= limit {
                settled[index] = true;
                continue;
            }
            let fixed = fix(puzzle, &open, cell, value);
            let ended = runner.run(&fixed, u64::MAX, |s| {
                tally.add(s, false);
                tally.count(cell, value) < limit
            });
            match ended {
                Ended::Stopped(reason) => {
                    stopped = Some(reason);
                    break 'cells;
                }
                Ended::Exhausted | Ended::Early => settled[index] = true,
            }
            if tally.count(cell, value) == 0 {
                open[cell] &= !(1 << (value - 1));
            }
        }
    }
    let per_cell = (0..cells)
        .map(|cell| {
            (1..=size as u8)
                .map(|v| (v, tally.count(cell, v).min(limit)))
                .filter(|&(_, count)| count > 0)
                .collect()
        })
        .collect();
    let unsettled: Vec<u64> = (0..cells)
        .map(|cell| {
            (1..=size as u8)
                .filter(|&v| {
                    let index = cell * size + usize::from(v) - 1;
                    let possible = open[cell] >> (v - 1) & 1 == 1;
                    possible && !settled[index] && tally.counts[index] < limit
                })
                .fold(0, |mask, v| mask | 1 << (v - 1))
        })
        .collect();
    let more = (0..cells)
        .map(|cell| {
            (1..=size as u8)
                .filter(|&v| {
                    let count = tally.count(cell, v);
                    count > limit || (count == limit && !every_solution)
                })
                .fold(unsettled[cell], |mask, v| mask | 1 << (v - 1))
        })
        .collect();
    Candidates {
        size,
        per_cell,
        unsettled,
        more,
        limit,
        every_solution,
        stopped,
        effort: runner.effort,
        searches: runner.searches,
    }
}

/// `puzzle` with `cell` fixed to `value`, and every value ruled out so far (a value not in
/// `open`) left out of its cell.
fn fix(puzzle: &Variant, open: &[u64], cell: usize, value: u8) -> Variant {
    let size = puzzle.shape().size();
    let mut givens = puzzle.givens().to_vec();
    givens[cell] = value;
    let mut constraints = puzzle.constraints().to_vec();
    for (c, &mask) in open.iter().enumerate() {
        let full = mask.count_ones() as usize == size;
        if c != cell && givens[c] == 0 && !full {
            let values = (1..=size as u8)
                .filter(|&v| mask >> (v - 1) & 1 == 1)
                .collect();
            constraints.push(Constraint::Allowed { cell: c, values });
        }
    }
    Variant::new(puzzle.shape().clone(), givens, constraints)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Shape;

    /// The 4x4 killer of the module's example in `mod.rs`: unique.
    fn unique() -> Variant {
        let cage = |cells: &[usize], sum| Constraint::Cage {
            cells: cells.to_vec(),
            sum: Some(sum),
        };
        let cages = [
            ([0, 1], 3),
            ([4, 8], 5),
            ([5, 6], 5),
            ([10, 11], 7),
            ([14, 15], 3),
            ([3, 7], 6),
            ([12, 13], 7),
        ];
        let cages = cages.iter().map(|(c, s)| cage(c, *s)).collect();
        Variant::new(Shape::standard(4).unwrap(), vec![0; 16], cages)
    }

    #[test]
    fn a_unique_puzzle_gives_its_solution_in_one_search() {
        let puzzle = unique();
        let (_, solution) = puzzle.count(1);
        let found = puzzle.candidates(1, &Stop::new());
        assert!(found.is_finished());
        assert_eq!(found.searches, 1);
        let expected: Vec<Vec<(u8, u64)>> =
            solution.unwrap().iter().map(|&v| vec![(v, 1)]).collect();
        assert_eq!(found.per_cell, expected);
        assert!(found.unsettled.iter().all(|&m| m == 0));
    }

    #[test]
    fn a_spent_budget_is_unfinished_and_says_what_is_open() {
        let open = Variant::new(Shape::standard(4).unwrap(), vec![0; 16], vec![]);
        let stop = Stop::new().with_budget(Budget::Nodes(3));
        let found = open.candidates(1, &stop);
        assert_eq!(found.stopped, Some(StopReason::Budget));
        assert!(found.effort.guesses <= 3);
        // The cells hold 4 values each, found or still open.
        for (cell, list) in found.per_cell.iter().enumerate() {
            let seen = found.masks()[cell];
            assert_eq!((seen | found.unsettled[cell]).count_ones(), 4, "{list:?}");
        }
        // With the budget it needs, the same run finishes: every value in every cell.
        let found = open.candidates(1, &Stop::new());
        assert!(found.is_finished());
        assert!(found.masks().iter().all(|&m| m == 0b1111));
        assert!(found
            .count_texts()
            .iter()
            .all(|t| t == "1:1+ 2:1+ 3:1+ 4:1+"));
    }
}
