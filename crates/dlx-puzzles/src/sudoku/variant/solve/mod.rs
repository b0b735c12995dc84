//! The variant solver, after the propagation solvers setters use: a candidate mask per cell;
//! a handler per rule (each house, each sum, the parts two houses do not share) run from a
//! queue to a fixpoint, a placed value taken from every cell that must differ from it; sums
//! implied by the houses added before the search ([`derive`]); and a search that branches on
//! one value of one cell, choosing the cell by its recent conflicts, else by its fewest
//! candidates ([`engine`]).

mod cells;
mod derive;
mod engine;
mod groups;
mod handler;
mod lines;
mod rules;
mod sum;

use cells::Cells;
pub use engine::Effort;
use engine::{Engine, Layout, Mask};
use groups::{Counting, Cover, Same, Taxicab};
use handler::{Handler, Tabled, MAX_ARITY};
use lines::{Lunchbox, Sandwich, Segments, XSum};
use sum::Sum;

use std::cell::RefCell;

use dlx_core::{Stop, Watch};

use super::table::tabulate;
use super::{check, Run, Variant};
use crate::sudoku::shape::House;

/// The most assignments tried to tabulate a rule the checker keeps (a table is built once per
/// puzzle, each assignment by the checker's rule).
const TABLE_TRIED: usize = 1 << 14;

/// Builds the search for a puzzle.
fn build(puzzle: &Variant) -> Engine {
    let shape = &puzzle.shape;
    let (n, cells) = (shape.size(), shape.cell_count());
    let all: Mask = if n >= 16 { Mask::MAX } else { (1 << n) - 1 };
    let mut houses: Vec<Vec<u32>> = Vec::new();
    let (mut rows, mut columns, mut regions) = (Vec::new(), Vec::new(), Vec::new());
    for house in shape.houses() {
        let list: Vec<u32> = shape.cells(house).iter().map(|&c| c as u32).collect();
        match house {
            House::Row(_) => rows.push(houses.len()),
            House::Column(_) => columns.push(houses.len()),
            House::Box(_) | House::Region(_) => regions.push(houses.len()),
            _ => {}
        }
        houses.push(list);
    }
    let rules = rules::rules(puzzle);
    houses.extend(rules.houses.iter().cloned());
    // Cells that must differ: sharing a house or a group of distinct cells, or set apart.
    let mut differ = vec![Cells::new(cells); cells];
    let mut mark = |a: u32, b: u32| {
        differ[a as usize].add(b);
        differ[b as usize].add(a);
    };
    for group in houses.iter().chain(&rules.distinct) {
        for (i, &a) in group.iter().enumerate() {
            for &b in &group[i + 1..] {
                mark(a, b);
            }
        }
    }
    for &(a, b) in &rules.apart {
        mark(a, b);
    }
    let differs = |a: u32, b: u32| differ[a as usize].has(b);
    let peers: Vec<Vec<u32>> = differ.iter().map(Cells::list).collect();
    let mut cell_houses = vec![Vec::new(); cells];
    for (h, house) in houses.iter().enumerate() {
        for &c in house {
            cell_houses[c as usize].push(h as u32);
        }
    }
    let mut handlers: Vec<Handler> = houses
        .iter()
        .map(|h| Handler::House {
            cells: h.clone(),
            all,
        })
        .collect();
    // The smallest house holding all of `list`, less `list`.
    let complement = |list: &[u32]| -> Vec<u32> {
        houses
            .iter()
            .filter(|h| list.iter().all(|c| h.contains(c)))
            .min_by_key(|h| h.len())
            .map(|h| h.iter().copied().filter(|c| !list.contains(c)).collect())
            .unwrap_or_default()
    };
    let mut add_sum = |positive: &[u32], negative: &[u32], total: i32| {
        if positive.len() + negative.len() <= sum::MAX_CELLS {
            let others = if negative.is_empty() {
                complement(positive)
            } else {
                Vec::new()
            };
            let rule = Sum::new(positive, negative, total, n as u32, differs, others);
            handlers.push(Handler::Sum(Box::new(rule)));
        }
    };
    let cages = &rules.cages;
    for (list, total) in cages {
        add_sum(list, &[], *total);
    }
    for (positive, negative, total) in &rules.sums {
        add_sum(positive, negative, *total);
    }
    for implied in derive::implied(cells, n, &houses, (&rows, &columns, &regions), cages) {
        let given = cages
            .iter()
            .any(|(l, _)| *l == implied.positive && implied.negative.is_empty());
        if !given {
            add_sum(&implied.positive, &implied.negative, implied.total);
        }
    }
    for &(a, b, table) in &rules.relations {
        handlers.push(Handler::Relation {
            a,
            b,
            table: Box::new(table),
        });
    }
    for (a, b, c, table) in &rules.triples {
        handlers.push(Handler::Triple {
            cells: [*a, *b, *c],
            table: table.clone(),
        });
    }
    for (terms, total) in &rules.weighted {
        if terms.len() <= sum::MAX_CELLS {
            let rule = Sum::weighted(terms, *total, n as u32, differs, Vec::new());
            handlers.push(Handler::Sum(Box::new(rule)));
        }
    }
    for (line, clue) in &rules.xsums {
        let sums = (1..=line.len())
            .map(|k| Sum::new(&line[..k], &[], *clue, n as u32, differs, Vec::new()))
            .collect();
        handlers.push(Handler::XSum(Box::new(XSum {
            first: line[0],
            sums,
        })));
    }
    for (line, clue) in &rules.sandwiches {
        let len = line.len();
        let mut spans = Vec::with_capacity(len * len);
        for i in 0..len {
            for j in 0..len {
                spans.push(
                    (j > i + 1).then(|| {
                        Sum::new(&line[i + 1..j], &[], *clue, n as u32, differs, Vec::new())
                    }),
                );
            }
        }
        // A whole house's line holds 1 and n.
        let ends = (1, 1 << (n - 1));
        handlers.push(Handler::Sandwich(Box::new(Sandwich {
            cells: line.clone(),
            clue: *clue,
            ends,
            spans,
        })));
    }
    for (line, clue) in &rules.lunchboxes {
        handlers.push(Handler::Lunchbox(Box::new(Lunchbox {
            cells: line.clone(),
            clue: *clue,
        })));
    }
    for (line, total) in &rules.segments {
        handlers.push(Handler::Segments(Box::new(Segments {
            cells: line.clone(),
            total: *total,
        })));
    }
    for (cells, classes) in &rules.covers {
        handlers.push(Handler::Cover(Box::new(Cover {
            cells: cells.clone(),
            classes: classes.clone(),
        })));
    }
    for circles in &rules.counting {
        // Greedy groups of circles that must differ.
        let mut groups: Vec<Vec<u32>> = Vec::new();
        for &c in circles {
            match groups.iter_mut().find(|g| g.iter().all(|&o| differs(o, c))) {
                Some(g) => g.push(c),
                None => groups.push(vec![c]),
            }
        }
        let mut ordered = Vec::new();
        let mut ranges = Vec::new();
        for g in groups {
            ranges.push((ordered.len(), ordered.len() + g.len()));
            ordered.extend(g);
        }
        let sets = (1u32..1 << n)
            .filter(|&m| sum::total(m) as usize == circles.len())
            .map(|m| m as Mask)
            .collect();
        handlers.push(Handler::Counting(Box::new(Counting {
            cells: ordered,
            groups: ranges,
            sets,
        })));
    }
    for (a, b) in &rules.same {
        handlers.push(Handler::Same(Box::new(Same {
            a: a.clone(),
            b: b.clone(),
        })));
    }
    if rules.taxicab {
        for cell in 0..cells {
            let (row, col) = (cell / n, cell % n);
            let rings = (1..=n)
                .map(|d| {
                    (0..cells)
                        .filter(|&o| (o / n).abs_diff(row) + (o % n).abs_diff(col) == d)
                        .map(|o| o as u32)
                        .collect()
                })
                .collect();
            handlers.push(Handler::Taxicab(Box::new(Taxicab {
                cell: cell as u32,
                rings,
            })));
        }
    }
    // A rule the checker keeps, or a part of a rule over the whole grid, becomes a table when
    // its accepted assignments are few.
    let masks: Vec<u32> = puzzle
        .givens
        .iter()
        .map(|&g| if g == 0 { u32::from(all) } else { 1 << (g - 1) })
        .collect();
    let mut scratch = vec![0; cells];
    let differ = |a: usize, b: usize| differs(a as u32, b as u32);
    let mut table = |cells: &[usize], accepts: &dyn Fn(&[u8]) -> bool| {
        let rows = (cells.len() <= MAX_ARITY)
            .then(|| tabulate(cells, &masks, &differ, &mut scratch, accepts, TABLE_TRIED))
            .flatten()?;
        Some(Handler::Table(Box::new(Tabled {
            cells: cells.iter().map(|&c| c as u32).collect(),
            rows,
        })))
    };
    for (index, reads) in &rules.checks {
        let mut unique: Vec<usize> = reads.iter().map(|&c| c as usize).collect();
        unique.sort_unstable();
        unique.dedup();
        let accepts = |grid: &[u8]| check::holds(shape, grid, &puzzle.constraints, *index);
        handlers.push(table(&unique, &accepts).unwrap_or_else(|| Handler::Check {
            index: *index,
            reads: reads.clone(),
        }));
    }
    for (index, part) in &rules.parts {
        let accepts = |grid: &[u8]| part.keeps(grid);
        handlers.push(
            table(&part.cells, &accepts).unwrap_or_else(|| Handler::Check {
                index: *index,
                reads: (0..cells as u32).collect(),
            }),
        );
    }
    let mut priority = vec![0u32; cells];
    for handler in &handlers {
        let weight = handler.priority();
        for c in handler.cells() {
            priority[c as usize] += weight;
        }
    }
    for (list, weight) in &rules.priority {
        for &c in list {
            priority[c as usize] += weight;
        }
    }
    let mut watchers: Vec<Vec<engine::Watch64>> = vec![Vec::new(); cells];
    for (h, handler) in handlers.iter().enumerate() {
        let (word, bit) = ((h / 64) as u32, 1u64 << (h % 64));
        for c in handler.cells() {
            let list = &mut watchers[c as usize];
            match list.iter_mut().find(|(w, _)| *w == word) {
                Some((_, bits)) => *bits |= bit,
                None => list.push((word, bit)),
            }
        }
    }
    let mut start: Vec<Mask> = puzzle
        .givens
        .iter()
        .map(|&g| if g == 0 { all } else { 1 << (g - 1) })
        .collect();
    for &(cell, mask) in &rules.allowed {
        start[cell] &= mask;
    }
    Engine {
        handlers,
        watchers,
        peers,
        layout: Layout {
            houses,
            cell_houses,
            shape: puzzle.shape.clone(),
            constraints: puzzle.constraints.clone(),
            scratch: RefCell::new(vec![0; cells]),
        },
        start,
        priority,
    }
}

/// Searches `puzzle` for up to `limit` solutions, watching `stop`.
pub(super) fn run(
    puzzle: &Variant,
    limit: u64,
    stop: &Stop,
    mut each: impl FnMut(&[u8]) -> bool,
) -> Run {
    let engine = build(puzzle);
    let mut first = None;
    let mut watch = Watch::new(stop.clone());
    let mut values = Vec::with_capacity(engine.start.len());
    let (found, effort, stopped) = engine.search(limit, &mut watch, |grid| {
        values.clear();
        values.extend(grid.iter().map(|m| m.trailing_zeros() as u8 + 1));
        if first.is_none() {
            first = Some(values.clone());
        }
        each(&values)
    });
    Run {
        found,
        first,
        stopped,
        effort,
        engine: "propagation",
    }
}
