//! A variant puzzle as exact cover with colors ([`Cover`]), so that every engine of `dlx_core`
//! (dancing links, dancing cells, SAT) can search it, and every count can be checked across
//! engines.
//!
//! ## The model
//! - A primary item per cell, and one per house of the shape and value (each value once in
//!   each house); a group of `n` cells that a rule keeps distinct (a diagonal, a window, a
//!   disjoint set) is a house as well.
//! - A smaller group of cells a rule keeps distinct (a cage without a sum, two cells a knight's
//!   move apart): a secondary item per group and value, so that at most one cell of the group
//!   holds the value.
//! - A rule on the *set* of values of distinct cells (a cage with a sum, renban, equality and
//!   rellik cages), as Knuth models killer cages: a primary item for the cage and one for each
//!   value; an option for each set of values the rule accepts covers the cage and the values
//!   *not* in the set, and each cell's option covers its own value, so every value is covered
//!   once: by a cell, or by the set.
//! - Every other rule is a table: a primary item for the constraint (or for each part of a rule
//!   over the whole grid), and an option for each assignment of its cells that the checker
//!   accepts, giving each cell's secondary item the assigned value as its color; a cell's option
//!   gives that item its own value, so only agreeing assignments remain.
//!
//! Options `0..placements` put a value in a cell ([`Cover::grid`]); the rest are the sets' and
//! the tables'. Tables are enumerated with the cells sharing a house kept distinct and the
//! givens and one-cell rules (candidate sets) applied; a constraint whose table would pass
//! [`MAX_ASSIGNMENTS`] assignments makes the model refuse the puzzle ([`CoverError`]): long sums
//! along a 9x9 diagonal, a lunchbox across a whole row.

use dlx_core::{Engine, Entry, Problem, ProblemBuilder, Status, Stop};
use thiserror::Error;

use super::check::{self, Equation, PartRule, ValuesRule};
use super::table::{tabulate, Rows};
use super::{Constraint, Effort, Run, Variant};

/// The most assignments of one constraint's cells the model enumerates for its table.
pub const MAX_ASSIGNMENTS: usize = 1 << 16;

/// Why a puzzle has no exact-cover model here.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "constraint {} ({what}) has more than {MAX_ASSIGNMENTS} assignments to tabulate",
    index + 1
)]
pub struct CoverError {
    /// The constraint's position among the puzzle's constraints, from 0 (the message counts
    /// from 1).
    pub index: usize,
    /// Its kind.
    pub what: &'static str,
}

/// Which engine of `dlx_core` searches a [`Cover`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CoverEngine {
    /// Dancing links (Algorithm C).
    Links,
    /// Dancing cells.
    Cells,
    /// The SAT engine (clause learning); it finds solutions one at a time.
    #[cfg(feature = "sat")]
    Sat,
}

impl CoverEngine {
    /// The engine's name, as `--engine` and `--stats` spell it.
    pub fn name(self) -> &'static str {
        match self {
            CoverEngine::Links => "dlx",
            CoverEngine::Cells => "cells",
            #[cfg(feature = "sat")]
            CoverEngine::Sat => "sat",
        }
    }
}

/// The exact-cover model of one variant puzzle.
#[derive(Clone, Debug)]
pub struct Cover {
    problem: Problem,
    /// The cell and value of each placement option, by option number.
    placements: Vec<(usize, u8)>,
    cells: usize,
}

/// What a scope's assignments must keep.
enum Rule {
    /// A part of a rule over the whole grid.
    Part(ValuesRule),
    /// The checker's rule of the constraint.
    Checker,
}

/// Cells a rule reads together, before they become a set, a table or a cell's candidates.
struct Scope {
    index: usize,
    cells: Vec<usize>,
    rule: Rule,
}

impl Cover {
    /// Builds the model of `puzzle`.
    pub fn new(puzzle: &Variant) -> Result<Cover, CoverError> {
        Builder::new(puzzle).build()
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The grid a solution (option numbers) describes: one value per cell.
    pub fn grid(&self, options: &[usize]) -> Vec<u8> {
        let mut grid = vec![0; self.cells];
        for &option in options {
            if let Some(&(cell, value)) = self.placements.get(option) {
                grid[cell] = value;
            }
        }
        grid
    }

    /// Searches for up to `limit` solutions with `engine`, stopping when `stop` says so (its
    /// budget counts the engine's nodes, or the SAT engine's conflicts); calls `each` with
    /// every grid found, which returns whether to go on. The run's effort counts the engine's
    /// nodes as values tried (and the SAT engine's conflicts).
    pub fn run(
        &self,
        engine: CoverEngine,
        limit: u64,
        stop: &Stop,
        each: impl FnMut(&[u8]) -> bool,
    ) -> Run {
        match engine {
            CoverEngine::Links => {
                let mut search = dlx_core::Search::new(&self.problem);
                search.set_stop(stop.clone());
                self.drive(&mut search, engine, limit, each)
            }
            CoverEngine::Cells => {
                let mut search = dlx_core::cells::Search::new(&self.problem);
                search.set_stop(stop.clone());
                self.drive(&mut search, engine, limit, each)
            }
            #[cfg(feature = "sat")]
            CoverEngine::Sat => match dlx_core::sat::Search::new(&self.problem) {
                Ok(mut search) => {
                    search.set_stop(stop.clone());
                    let mut run = self.drive(&mut search, engine, limit, each);
                    run.effort.conflicts = search.sat_stats().conflicts;
                    run
                }
                // A solver that fails to start (out of memory) ends the run as a stop would:
                // unfinished, nothing found, never a wrong answer.
                Err(_) => Run {
                    found: 0,
                    first: None,
                    stopped: Some(dlx_core::StopReason::Budget),
                    effort: Effort::default(),
                    engine: engine.name(),
                },
            },
        }
    }

    fn drive(
        &self,
        search: &mut dyn Engine,
        engine: CoverEngine,
        limit: u64,
        mut each: impl FnMut(&[u8]) -> bool,
    ) -> Run {
        let mut run = Run {
            found: 0,
            first: None,
            stopped: None,
            effort: Effort::default(),
            engine: engine.name(),
        };
        let mut options = Vec::new();
        while run.found < limit {
            match search.step() {
                Status::Solution => {
                    run.found += 1;
                    search.solution_into(&mut options);
                    let grid = self.grid(&options);
                    let more = each(&grid);
                    if run.first.is_none() {
                        run.first = Some(grid);
                    }
                    if !more {
                        break;
                    }
                }
                Status::Stopped(reason) => {
                    run.stopped = Some(reason);
                    break;
                }
                Status::Exhausted | Status::LimitReached => break,
            }
        }
        run.effort.guesses = search.stats().nodes;
        run
    }
}

/// Puts the model together: the scopes of every constraint first, then the items and options.
struct Builder<'a> {
    puzzle: &'a Variant,
    n: usize,
    /// Each cell's possible values, bit `v - 1` for `v`.
    masks: Vec<u32>,
    /// Groups of `n` cells holding every value once: the shape's houses, then the rules'.
    houses: Vec<Vec<usize>>,
    /// Smaller groups of cells holding distinct values.
    groups: Vec<Vec<usize>>,
    /// Cells ruled by their set of values: the cells and the accepted sets.
    sets: Vec<(Vec<usize>, Vec<u32>)>,
    /// Tables: the cells and the accepted assignments.
    tables: Vec<(Vec<usize>, Rows)>,
    /// Linear equations: each cell with its coefficient, and the total.
    sums: Vec<Equation>,
    /// Whether two cells share a house (row-major matrix).
    peers: Vec<bool>,
}

impl<'a> Builder<'a> {
    fn new(puzzle: &'a Variant) -> Builder<'a> {
        let shape = puzzle.shape();
        let n = shape.size();
        let full = (1u32 << n) - 1;
        let masks = puzzle
            .givens()
            .iter()
            .map(|&g| if g == 0 { full } else { 1 << (g - 1) })
            .collect();
        let houses: Vec<Vec<usize>> = shape.houses().map(|h| shape.cells(h)).collect();
        let cells = shape.cell_count();
        let mut peers = vec![false; cells * cells];
        for house in &houses {
            for &a in house {
                for &b in house {
                    peers[a * cells + b] = a != b;
                }
            }
        }
        Builder {
            puzzle,
            n,
            masks,
            houses,
            groups: Vec::new(),
            sets: Vec::new(),
            tables: Vec::new(),
            sums: Vec::new(),
            peers,
        }
    }

    fn build(mut self) -> Result<Cover, CoverError> {
        let scopes = self.scopes();
        // One-cell rules narrow the candidates the tables are enumerated with.
        let (single, wider): (Vec<Scope>, Vec<Scope>) =
            scopes.into_iter().partition(|s| s.cells.len() <= 1);
        for scope in single.into_iter().chain(wider) {
            self.add(scope)?;
        }
        Ok(self.assemble())
    }

    /// Every constraint's scopes; distinct groups go straight to the houses and groups.
    fn scopes(&mut self) -> Vec<Scope> {
        let puzzle = self.puzzle;
        let all = puzzle.constraints();
        let mut scopes = Vec::new();
        for (index, constraint) in all.iter().enumerate() {
            if let Some(parts) = check::parts(puzzle.shape(), all, index) {
                for part in parts {
                    match part.rule {
                        PartRule::Distinct => self.distinct(part.cells),
                        PartRule::Values(rule) => scopes.push(Scope {
                            index,
                            cells: part.cells,
                            rule: Rule::Part(rule),
                        }),
                    }
                }
                continue;
            }
            if let Some(equations) = check::equations(puzzle.shape(), constraint) {
                self.sums.extend(equations);
                continue;
            }
            let cells = check::reads(self.n, constraint);
            let unique = is_unique(&cells);
            match constraint {
                Constraint::Cage { sum: None, .. } if unique => self.distinct(cells),
                Constraint::Cage { sum: Some(_), .. }
                | Constraint::Renban { .. }
                | Constraint::EqualityCage { .. }
                | Constraint::RellikCage { .. }
                    if unique =>
                {
                    let accepted = self.accepted_sets(index, &cells);
                    self.sets.push((cells, accepted));
                }
                _ => scopes.push(Scope {
                    index,
                    cells,
                    rule: Rule::Checker,
                }),
            }
        }
        scopes
    }

    /// Distinct cells (no cell listed twice) whose values differ.
    fn distinct(&mut self, cells: Vec<usize>) {
        debug_assert!(is_unique(&cells));
        if cells.len() == self.n {
            self.houses.push(cells);
        } else {
            self.groups.push(cells);
        }
    }

    /// The sets of values (as masks) that distinct `cells` may hold under constraint `index`.
    fn accepted_sets(&self, index: usize, cells: &[usize]) -> Vec<u32> {
        let puzzle = self.puzzle;
        let mut grid = vec![0; puzzle.shape().cell_count()];
        (0u32..1 << self.n)
            .filter(|set| set.count_ones() as usize == cells.len())
            .filter(|&set| {
                let values = (0..self.n as u8).filter(|v| set >> v & 1 == 1);
                for (&cell, v) in cells.iter().zip(values) {
                    grid[cell] = v + 1;
                }
                check::holds(puzzle.shape(), &grid, puzzle.constraints(), index)
            })
            .collect()
    }

    /// Adds a scope: as the candidates of its one cell, or as a table.
    fn add(&mut self, scope: Scope) -> Result<(), CoverError> {
        let puzzle = self.puzzle;
        let mut cells = scope.cells.clone();
        cells.sort_unstable();
        cells.dedup();
        let total = puzzle.shape().cell_count();
        let mut grid = vec![0; total];
        let accepts = |grid: &[u8]| match &scope.rule {
            Rule::Part(rule) => {
                let values: Vec<u8> = scope.cells.iter().map(|&c| grid[c]).collect();
                rule(&values)
            }
            Rule::Checker => check::holds(puzzle.shape(), grid, puzzle.constraints(), scope.index),
        };
        let differ = |a: usize, b: usize| self.peers[a * total + b];
        let rows = tabulate(
            &cells,
            &self.masks,
            &differ,
            &mut grid,
            &accepts,
            MAX_ASSIGNMENTS,
        )
        .ok_or(CoverError {
            index: scope.index,
            what: puzzle.constraints()[scope.index].name(),
        })?;
        match cells.as_slice() {
            [cell] => self.masks[*cell] = rows.iter().fold(0, |m, row| m | 1 << (row[0] - 1)),
            _ => self.tables.push((cells, rows)),
        }
        Ok(())
    }

    fn assemble(self) -> Cover {
        let n = self.n;
        let cells = self.masks.len();
        let mut b = ProblemBuilder::new();
        let mut primary = |name: String| b.primary(name).expect("distinct item names");
        let cell_items: Vec<usize> = (0..cells).map(|k| primary(format!("p{k}"))).collect();
        let value_items = |prefix: &str, k: usize, primary: &mut dyn FnMut(String) -> usize| {
            (1..=n)
                .map(|v| primary(format!("{prefix}{k}.{v}")))
                .collect::<Vec<_>>()
        };
        let house_items: Vec<Vec<usize>> = (0..self.houses.len())
            .map(|h| value_items("h", h, &mut primary))
            .collect();
        let set_items: Vec<(usize, Vec<usize>)> = (0..self.sets.len())
            .map(|s| (primary(format!("s{s}")), value_items("s", s, &mut primary)))
            .collect();
        let table_items: Vec<usize> = (0..self.tables.len())
            .map(|t| primary(format!("t{t}")))
            .collect();
        let chains: Vec<Chain> = self
            .sums
            .iter()
            .map(|(terms, total)| Chain::new(terms, *total, &self.masks))
            .collect();
        let step_items: Vec<Vec<usize>> = chains
            .iter()
            .enumerate()
            .map(|(s, chain)| {
                let steps = chain.terms.len().max(1);
                (0..steps).map(|i| primary(format!("q{s}.{i}"))).collect()
            })
            .collect();
        let mut secondary = |name: String| b.secondary(name).expect("distinct item names");
        let group_items: Vec<Vec<usize>> = (0..self.groups.len())
            .map(|g| (1..=n).map(|v| secondary(format!("g{g}.{v}"))).collect())
            .collect();
        let partial_items: Vec<Vec<usize>> = chains
            .iter()
            .enumerate()
            .map(|(s, chain)| {
                let partials = chain.terms.len().saturating_sub(1);
                (0..partials)
                    .map(|i| secondary(format!("q{s}p{i}")))
                    .collect()
            })
            .collect();
        let mut tabled = vec![None; cells];
        let summed = self
            .sums
            .iter()
            .flat_map(|(terms, _)| terms.iter().map(|t| t.0));
        let listed = self
            .tables
            .iter()
            .flat_map(|(cells, _)| cells.iter().copied());
        for c in listed.chain(summed) {
            if tabled[c].is_none() {
                tabled[c] = Some(secondary(format!("c{c}")));
            }
        }
        let colors: Vec<u32> = (1..=n)
            .map(|v| b.color(&v.to_string()).expect("a valid color name"))
            .collect();
        // Which houses, sets and groups each cell is in.
        let mut member = vec![Vec::new(); cells];
        for (house, items) in self.houses.iter().zip(&house_items) {
            for &c in house {
                member[c].push(items);
            }
        }
        for ((set, _), (_, items)) in self.sets.iter().zip(&set_items) {
            for &c in set {
                member[c].push(items);
            }
        }
        for (group, items) in self.groups.iter().zip(&group_items) {
            for &c in group {
                member[c].push(items);
            }
        }
        let mut placements = Vec::new();
        let mut entries = Vec::new();
        for cell in 0..cells {
            for v in 1..=n {
                if self.masks[cell] >> (v - 1) & 1 == 0 {
                    continue;
                }
                entries.clear();
                entries.push(Entry::plain(cell_items[cell]));
                entries.extend(member[cell].iter().map(|items| Entry::plain(items[v - 1])));
                if let Some(item) = tabled[cell] {
                    entries.push(Entry {
                        item,
                        color: colors[v - 1],
                    });
                }
                add(&mut b, &entries);
                placements.push((cell, v as u8));
            }
        }
        for ((_, accepted), (item, values)) in self.sets.iter().zip(&set_items) {
            for &set in accepted {
                entries.clear();
                entries.push(Entry::plain(*item));
                let missing = (0..n).filter(|v| set >> v & 1 == 0);
                entries.extend(missing.map(|v| Entry::plain(values[v])));
                add(&mut b, &entries);
            }
        }
        for ((table_cells, rows), &item) in self.tables.iter().zip(&table_items) {
            for row in rows.iter() {
                entries.clear();
                entries.push(Entry::plain(item));
                for (&c, &v) in table_cells.iter().zip(row) {
                    let item = tabled[c].expect("a tabled cell has its item");
                    entries.push(Entry {
                        item,
                        color: colors[usize::from(v) - 1],
                    });
                }
                add(&mut b, &entries);
            }
        }
        for ((chain, steps), partials) in chains.iter().zip(&step_items).zip(&partial_items) {
            let mut color = |p: i64| b.color(&format!("s{p}")).expect("a valid color name");
            let mut options: Vec<Vec<Entry>> = Vec::new();
            for (i, step) in chain.steps().enumerate() {
                for (before, cell, value, after) in step {
                    let mut entries = vec![Entry::plain(steps[i])];
                    if let Some(cell) = cell {
                        let item = tabled[cell].expect("a summed cell has its item");
                        entries.push(Entry {
                            item,
                            color: colors[usize::from(value) - 1],
                        });
                    }
                    if i > 0 {
                        entries.push(Entry {
                            item: partials[i - 1],
                            color: color(before),
                        });
                    }
                    if i < partials.len() {
                        entries.push(Entry {
                            item: partials[i],
                            color: color(after),
                        });
                    }
                    options.push(entries);
                }
            }
            for entries in options {
                add(&mut b, &entries);
            }
        }
        let problem = b.build().expect("the model is a valid problem");
        Cover {
            problem,
            placements,
            cells,
        }
    }
}

/// A linear equation as a chain of steps: step `i` adds term `i` to the partial sum of the terms
/// before it; the last one reaches the total. Only partial sums from which the total can still
/// be reached are kept.
struct Chain {
    terms: Vec<(usize, i64)>,
    /// Each cell's candidates, by term.
    values: Vec<Vec<u8>>,
    /// The partial sums that can be reached after each term and still reach the total.
    partials: Vec<Vec<i64>>,
    total: i64,
}

impl Chain {
    fn new(terms: &[(usize, i32)], total: i32, masks: &[u32]) -> Chain {
        let terms: Vec<(usize, i64)> = terms.iter().map(|&(c, k)| (c, i64::from(k))).collect();
        let values: Vec<Vec<u8>> = terms
            .iter()
            .map(|&(c, _)| {
                (1..=32u8)
                    .filter(|v| masks[c] >> (v - 1) & 1 == 1)
                    .collect()
            })
            .collect();
        let step = |from: &[i64], i: usize| -> Vec<i64> {
            let k_i = terms[i].1;
            let mut next: Vec<i64> = from
                .iter()
                .flat_map(|&p| values[i].iter().map(move |&v| p + k_i * i64::from(v)))
                .collect();
            next.sort_unstable();
            next.dedup();
            next
        };
        // Forward: the sums the first terms reach; backward: the sums the last terms add.
        let k = terms.len();
        let mut forward = vec![vec![0i64]];
        for i in 0..k {
            let next = step(&forward[i], i);
            forward.push(next);
        }
        let mut backward = vec![vec![0i64]; k + 1];
        for i in (0..k).rev() {
            backward[i] = step(&backward[i + 1], i);
        }
        let total = i64::from(total);
        let partials = (1..k)
            .map(|i| {
                let reach = |p: &i64| backward[i].binary_search(&(total - p)).is_ok();
                forward[i].iter().copied().filter(reach).collect()
            })
            .collect();
        Chain {
            terms,
            values,
            partials,
            total,
        }
    }

    /// Each step's options: the partial sum before, the cell and its value, the partial sum
    /// after (the total after the last). An equation without terms is one step without a
    /// cell, there when the total is 0.
    fn steps(&self) -> impl Iterator<Item = Vec<(i64, Option<usize>, u8, i64)>> + '_ {
        let k = self.terms.len();
        let empty = (k == 0).then(|| {
            let holds = self.total == 0;
            holds.then_some((0, None, 1, 0)).into_iter().collect()
        });
        let steps = (0..k).map(move |i| {
            let before: &[i64] = if i == 0 { &[0] } else { &self.partials[i - 1] };
            let (cell, k_i) = self.terms[i];
            let mut options = Vec::new();
            for &p in before {
                for &v in &self.values[i] {
                    let after = p + k_i * i64::from(v);
                    let fits = if i + 1 == k {
                        after == self.total
                    } else {
                        self.partials[i].binary_search(&after).is_ok()
                    };
                    if fits {
                        options.push((p, Some(cell), v, after));
                    }
                }
            }
            options
        });
        empty.into_iter().chain(steps)
    }
}

/// Adds an option the builder cannot refuse: distinct items, each declared, one primary.
fn add(b: &mut ProblemBuilder, entries: &[Entry]) {
    b.option(entries.iter().copied())
        .expect("the model's options are well formed");
}

fn is_unique(cells: &[usize]) -> bool {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    sorted.windows(2).all(|w| w[0] != w[1])
}

impl Variant {
    /// The puzzle as exact cover with colors ([`Cover`]), for the engines of `dlx_core`.
    pub fn exact_cover(&self) -> Result<Cover, CoverError> {
        Cover::new(self)
    }
}
