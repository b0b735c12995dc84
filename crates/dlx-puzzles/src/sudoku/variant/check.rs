//! Each constraint's rule stated on a full grid: one small function per kind, written for
//! plainness, not speed (the checker is the independent witness for the solver).

use super::constraint::{Constraint, Indexing};
use crate::sudoku::shape::usual_boxes;
use crate::sudoku::Shape;

/// Whether `grid` (one value `1..=n` per cell) keeps constraint number `index` of `all`, on
/// `shape`. `all` is there for the rules that read the others (strict dots, strict XV).
pub(super) fn holds(shape: &Shape, grid: &[u8], all: &[Constraint], index: usize) -> bool {
    let n = shape.size();
    let at = |cells: &[usize]| -> Vec<i64> { cells.iter().map(|&c| i64::from(grid[c])).collect() };
    match &all[index] {
        Constraint::Cage { cells, sum } => {
            let v = at(cells);
            distinct(&v) && sum.map_or(true, |s| v.iter().sum::<i64>() == i64::from(s))
        }
        Constraint::Sum {
            cells,
            sum,
            coefficients,
        } => {
            let v = at(cells);
            let total: i64 = match coefficients {
                Some(k) => v.iter().zip(k).map(|(v, &k)| v * i64::from(k)).sum(),
                None => v.iter().sum(),
            };
            total == i64::from(*sum)
        }
        Constraint::RellikCage { cells, sum } => rellik(&at(cells), i64::from(*sum)),
        Constraint::EqualityCage { cells } => equality(&at(cells), n as i64),
        Constraint::Thermo { cells } => at(cells).windows(2).all(|w| w[0] < w[1]),
        Constraint::Arrow { circle, shaft } => {
            i64::from(grid[*circle]) == at(shaft).iter().sum::<i64>()
        }
        Constraint::PillArrow { pill, shaft } => pill_arrow(grid, pill, &at(shaft)),
        Constraint::DoubleArrow { cells } => {
            let v = at(cells);
            v.len() >= 2 && v[0] + v[v.len() - 1] == v[1..v.len() - 1].iter().sum::<i64>()
        }
        Constraint::LittleKiller { sum, cells } => at(cells).iter().sum::<i64>() == i64::from(*sum),
        Constraint::Sandwich { line, sum } => lunchbox(&at(&line.cells(n)), i64::from(*sum)),
        Constraint::XSum { line, front, back } => ends(&at(&line.cells(n)), *front, *back, x_sum),
        Constraint::Skyscraper { line, front, back } => {
            ends(&at(&line.cells(n)), *front, *back, skyscraper)
        }
        Constraint::NumberedRoom { line, front, back } => {
            ends(&at(&line.cells(n)), *front, *back, numbered_room)
        }
        Constraint::WhiteDot { cells } => pairs(n, cells, grid, |a, b| a.abs_diff(b) == 1),
        Constraint::BlackDot { cells } => pairs(n, cells, grid, |a, b| a == 2 * b || b == 2 * a),
        Constraint::X { cells } => pairs(n, cells, grid, |a, b| a + b == 10),
        Constraint::V { cells } => pairs(n, cells, grid, |a, b| a + b == 5),
        Constraint::GreaterThan { cells } => pairs(n, cells, grid, |a, b| a > b),
        Constraint::StrictKropki | Constraint::StrictXV => keeps_parts(shape, grid, all, index),
        Constraint::Whisper { difference, cells } => at(cells)
            .windows(2)
            .all(|w| w[0].abs_diff(w[1]) >= u64::from(*difference)),
        Constraint::Renban { cells } => {
            let v = at(cells);
            distinct(&v) && span(&v) == v.len() as i64 - 1
        }
        Constraint::Palindrome { cells } => {
            let v = at(cells);
            v.iter().eq(v.iter().rev())
        }
        Constraint::Between { cells } => between(&at(cells)),
        Constraint::Lockout { min_diff, cells } => lockout(&at(cells), i64::from(*min_diff)),
        Constraint::Zipper { cells } => zipper(&at(cells)),
        Constraint::SumLine {
            sum,
            cells,
            is_loop,
        } => sum_line(&at(cells), i64::from(*sum), *is_loop),
        Constraint::RegionSumLine { cells } => region_sum_line(shape, grid, cells),
        Constraint::Modular { modulus, cells } => modular(&at(cells), i64::from(*modulus)),
        Constraint::Entropic { cells } => entropic(&at(cells)),
        Constraint::AntiKnight
        | Constraint::AntiKing
        | Constraint::AntiConsecutive
        | Constraint::AntiTaxicab
        | Constraint::Diagonal(_)
        | Constraint::Windoku
        | Constraint::DisjointSets
        | Constraint::Indexing { .. }
        | Constraint::GlobalMod
        | Constraint::GlobalEntropy => keeps_parts(shape, grid, all, index),
        Constraint::SameValues { sets, cells } => same_values(&at(cells), *sets as usize),
        Constraint::Quad { top_left, values } => {
            let t = *top_left;
            let square = at(&[t, t + 1, t + n, t + n + 1]);
            contains_all(&square, values)
        }
        Constraint::Lunchbox { sum, cells } => {
            let v = at(cells);
            distinct(&v) && lunchbox(&v, i64::from(*sum))
        }
        Constraint::ValueIndexing { cells } => value_indexing(&at(cells)),
        Constraint::CountingCircles { cells } => {
            let v = at(cells);
            v.iter()
                .all(|&x| v.iter().filter(|&&y| y == x).count() as i64 == x)
        }
        Constraint::Allowed { cell, values } => values.contains(&grid[*cell]),
    }
}

/// A rule over the whole grid, cut into parts that each read a few cells.
pub(super) struct Part {
    /// The cells the part reads.
    pub cells: Vec<usize>,
    /// What their values keep.
    pub rule: PartRule,
}

/// A rule on the values of some cells, given in the order of the cells.
pub(super) type ValuesRule = Box<dyn Fn(&[u8]) -> bool>;

/// What the values of a [`Part`]'s cells keep.
pub(super) enum PartRule {
    /// They are distinct.
    Distinct,
    /// The rule holds of them, given in the order of the part's cells.
    Values(ValuesRule),
}

impl Part {
    fn values(cells: Vec<usize>, rule: impl Fn(&[u8]) -> bool + 'static) -> Part {
        Part {
            cells,
            rule: PartRule::Values(Box::new(rule)),
        }
    }

    fn distinct(cells: Vec<usize>) -> Part {
        Part {
            cells,
            rule: PartRule::Distinct,
        }
    }

    /// Whether `grid` keeps the part's rule.
    pub fn keeps(&self, grid: &[u8]) -> bool {
        let values: Vec<u8> = self.cells.iter().map(|&c| grid[c]).collect();
        match &self.rule {
            PartRule::Distinct => {
                distinct(&values.iter().map(|&v| i64::from(v)).collect::<Vec<_>>())
            }
            PartRule::Values(rule) => rule(&values),
        }
    }
}

/// The parts of constraint number `index` of `all`: for a rule over the whole grid (or, for
/// indexing, over whole rows or columns), the parts the checker states it by; for a line or a
/// set of marks whose rule is a conjunction over pairs or triples of its cells (thermometers,
/// whispers, palindromes, dots, modular, entropic, between and lockout lines), those pairs and
/// triples, which together say exactly what the checker's own statement says. `None` for the
/// other constraints, which read their own few cells ([`reads`]).
pub(super) fn parts(shape: &Shape, all: &[Constraint], index: usize) -> Option<Vec<Part>> {
    let n = shape.size();
    let pairs = |pairs: Vec<(usize, usize)>| pairs.into_iter().map(|(a, b)| vec![a, b]);
    let parts = match &all[index] {
        Constraint::AntiKnight => pairs(steps_apart(n, &[(1, 2), (2, 1), (1, -2), (2, -1)]))
            .map(Part::distinct)
            .collect(),
        Constraint::AntiKing => pairs(steps_apart(n, &[(0, 1), (1, -1), (1, 0), (1, 1)]))
            .map(Part::distinct)
            .collect(),
        Constraint::AntiConsecutive => pairs(neighbours(n))
            .map(|cells| Part::values(cells, |v| v[0].abs_diff(v[1]) != 1))
            .collect(),
        Constraint::StrictKropki | Constraint::StrictXV => {
            let kropki = matches!(all[index], Constraint::StrictKropki);
            let marked = marked_pairs(n, all, kropki);
            let unmarked = neighbours(n).into_iter().filter(|p| !marked.contains(p));
            pairs(unmarked.collect())
                .map(|cells| {
                    Part::values(cells, move |v| {
                        let (x, y) = (v[0], v[1]);
                        if kropki {
                            x.abs_diff(y) != 1 && x != 2 * y && y != 2 * x
                        } else {
                            x + y != 5 && x + y != 10
                        }
                    })
                })
                .collect()
        }
        Constraint::AntiTaxicab => {
            // Cells further apart than the largest value never break the rule.
            let mut parts = Vec::new();
            for a in 0..n * n {
                for b in a + 1..n * n {
                    let distance = (a / n).abs_diff(b / n) + (a % n).abs_diff(b % n);
                    if distance <= n {
                        parts.push(Part::values(vec![a, b], move |v| {
                            v[0] != v[1] || usize::from(v[0]) != distance
                        }));
                    }
                }
            }
            parts
        }
        Constraint::Diagonal(d) => vec![Part::distinct(d.cells(n))],
        Constraint::Windoku => match Shape::standard(n).and_then(Shape::with_windows) {
            Ok(windows) => windows
                .extra()
                .iter()
                .cloned()
                .map(Part::distinct)
                .collect(),
            // No windows on a side that is not a square: the rule cannot be met.
            Err(_) => vec![Part::values(Vec::new(), |_| false)],
        },
        Constraint::DisjointSets => disjoint_sets(n).into_iter().map(Part::distinct).collect(),
        Constraint::Indexing { by, cells } => {
            // A cell holding `v` says the `v`-th cell of its row (or column) holds its place.
            let mut parts = Vec::new();
            for &cell in cells {
                let (r, c) = (cell / n, cell % n);
                for v in 1..=n {
                    let (target, place) = match by {
                        Indexing::Column => (r * n + v - 1, c + 1),
                        Indexing::Row => ((v - 1) * n + c, r + 1),
                    };
                    let (v, place) = (v as u8, place as u8);
                    parts.push(if target == cell {
                        Part::values(vec![cell], move |x| x[0] != v || v == place)
                    } else {
                        Part::values(vec![cell, target], move |x| x[0] != v || x[1] == place)
                    });
                }
            }
            parts
        }
        Constraint::GlobalMod | Constraint::GlobalEntropy => {
            let class: fn(u8) -> u8 = if matches!(all[index], Constraint::GlobalMod) {
                |v| v % 3
            } else {
                |v| (v - 1) / 3
            };
            squares(n)
                .into_iter()
                .map(|square| {
                    Part::values(square.to_vec(), move |v| {
                        (0..3).all(|k| v.iter().any(|&x| class(x) == k))
                    })
                })
                .collect()
        }
        Constraint::Thermo { cells } => chain(cells, 1, |v| v[0] < v[1]),
        Constraint::Whisper { difference, cells } => {
            let d = *difference;
            chain(cells, 1, move |v| u32::from(v[0].abs_diff(v[1])) >= d)
        }
        Constraint::Palindrome { cells } => (0..cells.len() / 2)
            .map(|i| Part::values(vec![cells[i], cells[cells.len() - 1 - i]], |v| v[0] == v[1]))
            .collect(),
        Constraint::WhiteDot { cells } => marks(n, cells, |x, y| x.abs_diff(y) == 1),
        Constraint::BlackDot { cells } => marks(n, cells, |x, y| x == 2 * y || y == 2 * x),
        Constraint::X { cells } => marks(n, cells, |x, y| x + y == 10),
        Constraint::V { cells } => marks(n, cells, |x, y| x + y == 5),
        Constraint::GreaterThan { cells } => marks(n, cells, |x, y| x > y),
        Constraint::Modular { modulus, cells } => {
            let m = (*modulus).max(1) as usize;
            let mut parts = chain(cells, m - 1, move |v| {
                v[0] as usize % m != v[1] as usize % m
            });
            for j in m..cells.len() {
                parts.push(Part::values(vec![cells[j - m], cells[j]], move |v| {
                    v[0] as usize % m == v[1] as usize % m
                }));
            }
            parts
        }
        Constraint::Entropic { cells } => chain(cells, 2, |v| (v[0] - 1) / 3 != (v[1] - 1) / 3),
        Constraint::Between { cells } if cells.len() >= 2 => {
            let (first, last) = (cells[0], cells[cells.len() - 1]);
            let inside = &cells[1..cells.len() - 1];
            inside
                .iter()
                .map(|&mid| {
                    Part::values(vec![first, last, mid], |v| {
                        v[0].min(v[1]) < v[2] && v[2] < v[0].max(v[1])
                    })
                })
                .collect()
        }
        Constraint::Lockout { min_diff, cells } if cells.len() >= 2 => {
            let (first, last) = (cells[0], cells[cells.len() - 1]);
            let d = *min_diff;
            let ends = Part::values(vec![first, last], move |v| {
                u32::from(v[0].abs_diff(v[1])) >= d
            });
            let inside = cells[1..cells.len() - 1].iter().map(|&mid| {
                Part::values(vec![first, last, mid], |v| {
                    v[2] < v[0].min(v[1]) || v[2] > v[0].max(v[1])
                })
            });
            std::iter::once(ends).chain(inside).collect()
        }
        _ => return None,
    };
    Some(parts)
}

/// A linear equation: each cell once with its coefficient (none of them 0), and the total.
pub(super) type Equation = (Vec<(usize, i32)>, i32);

/// A constraint whose rule is a set of linear equations of its cells (sums, arrows, double
/// arrows, little killers, pill arrows on a side up to 9, zippers, region sum lines), as those
/// equations. `None` for the other kinds.
pub(super) fn equations(shape: &Shape, constraint: &Constraint) -> Option<Vec<Equation>> {
    let n = shape.size();
    let equations: Vec<(Vec<(usize, i32)>, i32)> = match constraint {
        Constraint::Sum {
            cells,
            sum,
            coefficients,
        } => {
            let k = |i: usize| coefficients.as_ref().map_or(1, |k| k[i]);
            vec![(
                cells.iter().enumerate().map(|(i, &c)| (c, k(i))).collect(),
                *sum,
            )]
        }
        Constraint::Arrow { circle, shaft } => {
            vec![(ones(&[*circle], -1).chain(ones(shaft, 1)).collect(), 0)]
        }
        Constraint::DoubleArrow { cells } if cells.len() >= 2 => {
            let last = cells.len() - 1;
            let ends = [cells[0], cells[last]];
            vec![(ones(&ends, -1).chain(ones(&cells[1..last], 1)).collect(), 0)]
        }
        Constraint::LittleKiller { sum, cells } => vec![(ones(cells, 1).collect(), *sum as i32)],
        // Each pill cell after the first is one decimal digit, as every value is up to 9.
        Constraint::PillArrow { pill, shaft } if n <= 9 => {
            let mut pill = pill.clone();
            pill.sort_unstable();
            let mut place = 1;
            let mut terms = Vec::new();
            for &c in pill.iter().rev() {
                terms.push((c, place));
                place *= 10;
            }
            terms.extend(ones(shaft, -1));
            vec![(terms, 0)]
        }
        // Every pair the same distance from the middle adds up to the middle value (odd
        // length) or to the ends (even length).
        Constraint::Zipper { cells } => {
            let len = cells.len();
            let ends = vec![(cells[0], -1), (cells[len - 1], -1)];
            let middle = vec![(cells[len / 2], -1)];
            let sums_to = if len % 2 == 1 { &middle } else { &ends };
            let pairs = (0..len / 2).filter(|&i| len % 2 == 1 || i > 0);
            pairs
                .map(|i| {
                    let pair = [(cells[i], 1), (cells[len - 1 - i], 1)];
                    (pair.iter().chain(sums_to).copied().collect(), 0)
                })
                .collect()
        }
        // Each stretch in one region adds up to what the next one does.
        Constraint::RegionSumLine { cells } => {
            let mut stretches: Vec<Vec<usize>> = Vec::new();
            let mut region = None;
            for &c in cells {
                if region != Some(shape.region_of(c)) {
                    region = Some(shape.region_of(c));
                    stretches.push(Vec::new());
                }
                stretches.last_mut().expect("a stretch was opened").push(c);
            }
            stretches
                .windows(2)
                .map(|w| (ones(&w[0], 1).chain(ones(&w[1], -1)).collect(), 0))
                .collect()
        }
        _ => return None,
    };
    Some(
        equations
            .into_iter()
            .map(|(terms, total)| (merged(terms), total))
            .collect(),
    )
}

/// Each of `cells` with the coefficient `k`.
fn ones(cells: &[usize], k: i32) -> impl Iterator<Item = (usize, i32)> + '_ {
    cells.iter().map(move |&c| (c, k))
}

/// Terms with each cell once, its coefficients added up, and no coefficient 0.
fn merged(terms: Vec<(usize, i32)>) -> Vec<(usize, i32)> {
    let mut merged: Vec<(usize, i32)> = Vec::new();
    for (cell, k) in terms {
        match merged.iter_mut().find(|(c, _)| *c == cell) {
            Some((_, sum)) => *sum += k,
            None => merged.push((cell, k)),
        }
    }
    merged.retain(|&(_, k)| k != 0);
    merged
}

/// `rule` on every two cells of `cells` at most `within` places apart along the list.
fn chain(
    cells: &[usize],
    within: usize,
    rule: impl Fn(&[u8]) -> bool + Clone + 'static,
) -> Vec<Part> {
    let mut parts = Vec::new();
    for i in 0..cells.len() {
        for j in i + 1..cells.len().min(i + within + 1) {
            parts.push(Part::values(vec![cells[i], cells[j]], rule.clone()));
        }
    }
    parts
}

/// `rule` on every orthogonally adjacent pair of `cells`, earlier cell first.
fn marks(n: usize, cells: &[usize], rule: fn(u8, u8) -> bool) -> Vec<Part> {
    adjacent_pairs(n, cells)
        .into_iter()
        .map(|(a, b)| Part::values(vec![a, b], move |v| rule(v[0], v[1])))
        .collect()
}

/// Whether `grid` keeps every part of constraint number `index` (a rule with [`parts`]).
fn keeps_parts(shape: &Shape, grid: &[u8], all: &[Constraint], index: usize) -> bool {
    parts(shape, all, index).is_some_and(|parts| parts.iter().all(|p| p.keeps(grid)))
}

/// The cells the checker reads for a constraint that has no [`parts`]: its own cells, a
/// quadruple's square, the line of an outside clue.
pub(super) fn reads(n: usize, constraint: &Constraint) -> Vec<usize> {
    match constraint {
        Constraint::Quad { top_left, .. } => {
            let t = *top_left;
            vec![t, t + 1, t + n, t + n + 1]
        }
        Constraint::Sandwich { line, .. }
        | Constraint::XSum { line, .. }
        | Constraint::Skyscraper { line, .. }
        | Constraint::NumberedRoom { line, .. } => line.cells(n),
        other => other.cells(),
    }
}

fn distinct(values: &[i64]) -> bool {
    values
        .iter()
        .enumerate()
        .all(|(i, v)| !values[..i].contains(v))
}

/// The largest value less the smallest.
fn span(values: &[i64]) -> i64 {
    let max = values.iter().max().copied().unwrap_or(0);
    let min = values.iter().min().copied().unwrap_or(0);
    max - min
}

fn rellik(values: &[i64], sum: i64) -> bool {
    // Every non-empty choice of the cage's cells, as a bit mask.
    let reaches = (1u64..1 << values.len()).any(|mask| {
        let total: i64 = (0..values.len())
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| values[i])
            .sum();
        total == sum
    });
    distinct(values) && !reaches
}

fn equality(values: &[i64], n: i64) -> bool {
    let half = n / 2;
    let count = |f: &dyn Fn(i64) -> bool| values.iter().filter(|&&v| f(v)).count() * 2;
    let len = values.len();
    distinct(values)
        && count(&|v| v % 2 == 0) == len
        && count(&|v| v <= half) == len
        && count(&|v| v > n - half) == len
}

fn pill_arrow(grid: &[u8], pill: &[usize], shaft: &[i64]) -> bool {
    let mut pill = pill.to_vec();
    pill.sort_unstable();
    let digits: Vec<i64> = pill.iter().map(|&c| i64::from(grid[c])).collect();
    let number = digits.iter().fold(0, |acc, d| acc * 10 + d);
    digits.iter().skip(1).all(|&d| d <= 9) && number == shaft.iter().sum::<i64>()
}

/// A clue at each end of a line that has one: `rule` on the line read from that end.
fn ends(
    line: &[i64],
    front: Option<u32>,
    back: Option<u32>,
    rule: fn(&[i64], i64) -> bool,
) -> bool {
    let reversed: Vec<i64> = line.iter().rev().copied().collect();
    front.map_or(true, |clue| rule(line, i64::from(clue)))
        && back.map_or(true, |clue| rule(&reversed, i64::from(clue)))
}

fn x_sum(line: &[i64], clue: i64) -> bool {
    let x = line[0] as usize;
    x <= line.len() && line[..x].iter().sum::<i64>() == clue
}

fn skyscraper(line: &[i64], clue: i64) -> bool {
    let mut highest = 0;
    let mut seen = 0;
    for &v in line {
        if v > highest {
            highest = v;
            seen += 1;
        }
    }
    seen == clue
}

fn numbered_room(line: &[i64], clue: i64) -> bool {
    let x = line[0] as usize;
    x >= 1 && x <= line.len() && line[x - 1] == clue
}

/// The values strictly between the places of the smallest and the largest value add up to
/// `sum`.
fn lunchbox(values: &[i64], sum: i64) -> bool {
    let place = |target: Option<&i64>| values.iter().position(|v| Some(v) == target);
    let (Some(a), Some(b)) = (place(values.iter().min()), place(values.iter().max())) else {
        return sum == 0;
    };
    let (a, b) = (a.min(b), a.max(b));
    values[a + 1..b].iter().sum::<i64>() == sum
}

/// Whether the cells `a` and `b` (numbers on a grid of side `n`) are orthogonal neighbours.
fn adjacent(n: usize, a: usize, b: usize) -> bool {
    let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
    ra.abs_diff(rb) + ca.abs_diff(cb) == 1
}

/// The orthogonally adjacent pairs among `cells`, each cell with the ones listed after it.
fn adjacent_pairs(n: usize, cells: &[usize]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            if adjacent(n, a, b) {
                out.push((a, b));
            }
        }
    }
    out
}

/// `rule` on the values of every orthogonally adjacent pair of `cells` (earlier cell first).
fn pairs(n: usize, cells: &[usize], grid: &[u8], rule: fn(u8, u8) -> bool) -> bool {
    adjacent_pairs(n, cells)
        .into_iter()
        .all(|(a, b)| rule(grid[a], grid[b]))
}

/// Every pair of orthogonal neighbours of the grid, once each.
fn neighbours(n: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for cell in 0..n * n {
        if cell % n + 1 < n {
            out.push((cell, cell + 1));
        }
        if cell / n + 1 < n {
            out.push((cell, cell + n));
        }
    }
    out
}

/// The neighbour pairs marked by dots (`kropki`) or by X and V, smaller cell first.
fn marked_pairs(n: usize, all: &[Constraint], kropki: bool) -> Vec<(usize, usize)> {
    let mut marked = Vec::new();
    for constraint in all {
        match (constraint, kropki) {
            (Constraint::WhiteDot { cells } | Constraint::BlackDot { cells }, true)
            | (Constraint::X { cells } | Constraint::V { cells }, false) => {
                for (a, b) in adjacent_pairs(n, cells) {
                    marked.push((a.min(b), a.max(b)));
                }
            }
            _ => {}
        }
    }
    marked
}

fn between(values: &[i64]) -> bool {
    let Some((&first, rest)) = values.split_first() else {
        return true;
    };
    let Some((&last, inside)) = rest.split_last() else {
        return true;
    };
    let (low, high) = (first.min(last), first.max(last));
    inside.iter().all(|&v| low < v && v < high)
}

fn lockout(values: &[i64], min_diff: i64) -> bool {
    let (first, last) = (values[0], values[values.len() - 1]);
    let (low, high) = (first.min(last), first.max(last));
    let inside = &values[1..values.len().saturating_sub(1).max(1)];
    high - low >= min_diff && inside.iter().all(|&v| v < low || v > high)
}

fn zipper(values: &[i64]) -> bool {
    let len = values.len();
    let sums: Vec<i64> = (0..len / 2)
        .map(|i| values[i] + values[len - 1 - i])
        .collect();
    let target = if len % 2 == 1 {
        values[len / 2]
    } else {
        sums.first().copied().unwrap_or(0)
    };
    sums.iter().all(|&s| s == target)
}

fn sum_line(values: &[i64], sum: i64, is_loop: bool) -> bool {
    // Cut greedily: values are positive, so each segment ends where its total first reaches sum.
    let cuts = |start: usize| {
        let mut total = 0;
        for k in 0..values.len() {
            total += values[(start + k) % values.len()];
            if total == sum {
                total = 0;
            } else if total > sum {
                return false;
            }
        }
        total == 0
    };
    if is_loop {
        (0..values.len()).any(cuts)
    } else {
        cuts(0)
    }
}

fn region_sum_line(shape: &Shape, grid: &[u8], cells: &[usize]) -> bool {
    let mut totals: Vec<i64> = Vec::new();
    let mut region = None;
    for &c in cells {
        if region != Some(shape.region_of(c)) {
            region = Some(shape.region_of(c));
            totals.push(0);
        }
        *totals.last_mut().expect("a stretch was opened") += i64::from(grid[c]);
    }
    totals.windows(2).all(|w| w[0] == w[1])
}

fn modular(values: &[i64], modulus: i64) -> bool {
    let m = modulus.max(1) as usize;
    let residues: Vec<i64> = values.iter().map(|v| v % modulus.max(1)).collect();
    let first = &residues[..m.min(residues.len())];
    distinct(first) && (m..residues.len()).all(|j| residues[j] == residues[j - m])
}

fn entropic(values: &[i64]) -> bool {
    let groups: Vec<i64> = values.iter().map(|v| (v - 1) / 3).collect();
    if groups.len() < 3 {
        distinct(&groups)
    } else {
        groups.windows(3).all(distinct)
    }
}

/// Every pair of cells one of `steps` apart (rows down, columns across), once each.
fn steps_apart(n: usize, steps: &[(isize, isize)]) -> Vec<(usize, usize)> {
    let side = n as isize;
    let mut out = Vec::new();
    for cell in 0..n * n {
        let (r, c) = ((cell / n) as isize, (cell % n) as isize);
        for &(dr, dc) in steps {
            let (rr, cc) = (r + dr, c + dc);
            if (0..side).contains(&rr) && (0..side).contains(&cc) {
                out.push((cell, (rr * side + cc) as usize));
            }
        }
    }
    out
}

/// For each place in a box (of the usual box shape for side `n`), the cells at that place.
fn disjoint_sets(n: usize) -> Vec<Vec<usize>> {
    let (h, w) = usual_boxes(n);
    (0..n)
        .map(|place| {
            (0..n)
                .map(|b| {
                    let (top, left) = ((b / (n / w)) * h, (b % (n / w)) * w);
                    (top + place / w) * n + left + place % w
                })
                .collect()
        })
        .collect()
}

fn same_values(values: &[i64], sets: usize) -> bool {
    if sets == 0 || values.len() % sets != 0 {
        return false;
    }
    let size = values.len() / sets;
    let sorted = |k: usize| {
        let mut set = values[k * size..(k + 1) * size].to_vec();
        set.sort_unstable();
        set
    };
    (1..sets).all(|k| sorted(k) == sorted(0))
}

/// `square` holds every value of `needed`, each as often as it is listed.
fn contains_all(square: &[i64], needed: &[u8]) -> bool {
    needed.iter().all(|&v| {
        let wanted = needed.iter().filter(|&&w| w == v).count();
        square.iter().filter(|&&x| x == i64::from(v)).count() >= wanted
    })
}

fn value_indexing(values: &[i64]) -> bool {
    let Some(&d) = values.get(1) else {
        return false;
    };
    values.get(1 + d as usize) == Some(&values[0])
}

/// Every 2x2 square of the grid, by its four cells.
fn squares(n: usize) -> Vec<[usize; 4]> {
    let mut out = Vec::new();
    for r in 0..n.saturating_sub(1) {
        for c in 0..n - 1 {
            let t = r * n + c;
            out.push([t, t + 1, t + n, t + n + 1]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::variant::{little_killer_cells, Diagonal, Line, Variant};

    /// A classic solution, and solutions that keep some global rules (written by hand or found
    /// by a small search; each is checked to be a valid grid below).
    const CLASSIC: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    /// Anti-king, anti-knight, anti-consecutive, disjoint sets, global entropy.
    const MIRACLE: &str =
        "483726159726159483159483726837261594261594837594837261372615948615948372948372615";
    /// Both diagonals.
    const X_GRID: &str =
        "681945237792316584435827619523784961817639425946152873369478152158293746274561398";
    /// Anti-taxicab.
    const TAXICAB: &str =
        "264581793351697248798423165975146382426378951813259674639815427182764539547932816";
    /// Windoku.
    const WINDOKU: &str =
        "215438679369271845478569321834196752726345198951782463683927514142653987597814236";
    /// Global mod 3.
    const MOD3: &str =
        "879162354621543798435987216387419562196235487254876139943621875518794623762358941";

    fn grid(text: &str) -> Vec<u8> {
        text.bytes().map(|b| b - b'0').collect()
    }

    /// Row `r`, column `c`, both from 1.
    fn at(r: usize, c: usize) -> usize {
        (r - 1) * 9 + c - 1
    }

    fn cells(list: &[(usize, usize)]) -> Vec<usize> {
        list.iter().map(|&(r, c)| at(r, c)).collect()
    }

    /// Whether `constraints` all hold on `text` (a valid 9x9 grid).
    fn holds_all(text: &str, constraints: Vec<Constraint>) -> bool {
        let puzzle = Variant::new(Shape::standard(9).unwrap(), vec![0; 81], constraints);
        match puzzle.check_solution(&grid(text)) {
            Ok(()) => true,
            Err(crate::sudoku::variant::Broken::Constraint { .. }) => false,
            Err(other) => panic!("not a valid grid: {other}"),
        }
    }

    /// `good` holds on the classic grid and `bad` does not.
    fn case(good: Constraint, bad: Constraint) {
        assert!(
            holds_all(CLASSIC, vec![good.clone()]),
            "{good:?} should hold"
        );
        assert!(
            !holds_all(CLASSIC, vec![bad.clone()]),
            "{bad:?} should break"
        );
    }

    #[test]
    fn variant_cages_and_sums() {
        let two = cells(&[(1, 1), (1, 2)]);
        case(
            Constraint::Cage {
                cells: two.clone(),
                sum: Some(8),
            },
            Constraint::Cage {
                cells: two.clone(),
                sum: Some(9),
            },
        );
        case(
            Constraint::Cage {
                cells: cells(&[(1, 1), (1, 2), (1, 3)]),
                sum: None,
            },
            // Adds up, but repeats a 5.
            Constraint::Cage {
                cells: cells(&[(1, 1), (5, 5), (1, 2)]),
                sum: Some(13),
            },
        );
        let column = cells(&[(1, 1), (2, 1)]);
        case(
            Constraint::Sum {
                cells: column.clone(),
                sum: 4,
                coefficients: Some(vec![2, -1]),
            },
            Constraint::Sum {
                cells: column.clone(),
                sum: 12,
                coefficients: None,
            },
        );
        case(
            Constraint::RellikCage {
                cells: two.clone(),
                sum: 4,
            },
            Constraint::RellikCage { cells: two, sum: 8 },
        );
        case(
            Constraint::EqualityCage {
                cells: cells(&[(1, 2), (1, 6)]),
            },
            Constraint::EqualityCage {
                cells: cells(&[(1, 2), (1, 8)]),
            },
        );
        let row4 = Line::Row(3).cells(9);
        case(
            Constraint::Lunchbox {
                sum: 8,
                cells: cells(&[(1, 8), (1, 1), (1, 2), (1, 7)]),
            },
            Constraint::Lunchbox {
                sum: 12,
                cells: row4,
            },
        );
        case(
            Constraint::Lunchbox {
                sum: 13,
                cells: Line::Row(3).cells(9),
            },
            Constraint::Lunchbox {
                sum: 0,
                cells: cells(&[(1, 1), (5, 5)]),
            },
        );
        case(
            Constraint::Quad {
                top_left: at(1, 1),
                values: vec![3, 6],
            },
            Constraint::Quad {
                top_left: at(1, 1),
                values: vec![3, 3],
            },
        );
        case(
            Constraint::SameValues {
                sets: 2,
                cells: cells(&[(1, 1), (1, 2), (2, 6), (3, 4)]),
            },
            Constraint::SameValues {
                sets: 2,
                cells: cells(&[(1, 1), (1, 2), (1, 3), (1, 4)]),
            },
        );
        case(
            Constraint::Allowed {
                cell: at(1, 1),
                values: vec![5, 7],
            },
            Constraint::Allowed {
                cell: at(1, 1),
                values: vec![2, 4],
            },
        );
    }

    #[test]
    fn variant_arrows_and_outside_clues() {
        case(
            Constraint::Thermo {
                cells: cells(&[(3, 1), (3, 6), (3, 4)]),
            },
            Constraint::Thermo {
                cells: cells(&[(3, 2), (3, 3)]),
            },
        );
        case(
            Constraint::Arrow {
                circle: at(1, 7),
                shaft: cells(&[(1, 1), (1, 3)]),
            },
            Constraint::Arrow {
                circle: at(1, 6),
                shaft: cells(&[(1, 1), (1, 3)]),
            },
        );
        case(
            Constraint::PillArrow {
                pill: cells(&[(1, 9), (1, 8)]),
                shaft: cells(&[(1, 6), (1, 3)]),
            },
            Constraint::PillArrow {
                pill: cells(&[(1, 8), (1, 9)]),
                shaft: cells(&[(1, 6), (1, 1)]),
            },
        );
        case(
            Constraint::DoubleArrow {
                cells: cells(&[(1, 1), (1, 8), (1, 4), (1, 9)]),
            },
            Constraint::DoubleArrow {
                cells: cells(&[(1, 1), (1, 2), (1, 9)]),
            },
        );
        let diagonal = little_killer_cells(9, 0).unwrap();
        assert_eq!(diagonal, Diagonal::Main.cells(9));
        case(
            Constraint::LittleKiller {
                sum: 50,
                cells: diagonal.clone(),
            },
            Constraint::LittleKiller {
                sum: 49,
                cells: diagonal,
            },
        );
        let row = Line::Row(3);
        case(
            Constraint::Sandwich { line: row, sum: 13 },
            Constraint::Sandwich { line: row, sum: 12 },
        );
        case(
            Constraint::XSum {
                line: row,
                front: Some(42),
                back: Some(9),
            },
            Constraint::XSum {
                line: row,
                front: None,
                back: Some(10),
            },
        );
        case(
            Constraint::Skyscraper {
                line: row,
                front: Some(2),
                back: Some(5),
            },
            Constraint::Skyscraper {
                line: row,
                front: Some(3),
                back: None,
            },
        );
        case(
            Constraint::NumberedRoom {
                line: row,
                front: Some(2),
                back: Some(4),
            },
            Constraint::NumberedRoom {
                line: row,
                front: Some(2),
                back: Some(5),
            },
        );
        case(
            Constraint::Indexing {
                by: Indexing::Column,
                cells: cells(&[(3, 1), (4, 3)]),
            },
            Constraint::Indexing {
                by: Indexing::Column,
                cells: cells(&[(4, 3), (1, 1)]),
            },
        );
        case(
            Constraint::Indexing {
                by: Indexing::Row,
                cells: cells(&[(1, 7), (2, 3)]),
            },
            Constraint::Indexing {
                by: Indexing::Row,
                cells: cells(&[(1, 1)]),
            },
        );
        case(
            Constraint::ValueIndexing {
                cells: cells(&[(1, 1), (1, 8), (5, 5)]),
            },
            Constraint::ValueIndexing {
                cells: cells(&[(1, 1), (1, 8), (1, 2)]),
            },
        );
        case(
            Constraint::CountingCircles {
                cells: cells(&[(1, 8), (1, 9), (2, 3)]),
            },
            Constraint::CountingCircles {
                cells: cells(&[(1, 9), (1, 8)]),
            },
        );
    }

    #[test]
    fn variant_dots_and_lines() {
        case(
            Constraint::WhiteDot {
                cells: cells(&[(1, 2), (1, 3)]),
            },
            Constraint::WhiteDot {
                cells: cells(&[(1, 1), (1, 2)]),
            },
        );
        case(
            Constraint::BlackDot {
                cells: cells(&[(1, 8), (1, 9)]),
            },
            Constraint::BlackDot {
                cells: cells(&[(3, 1), (3, 2)]),
            },
        );
        case(
            Constraint::X {
                cells: cells(&[(1, 3), (1, 4)]),
            },
            Constraint::X {
                cells: cells(&[(1, 8), (1, 9)]),
            },
        );
        case(
            Constraint::V {
                cells: cells(&[(1, 8), (2, 8)]),
            },
            Constraint::V {
                cells: cells(&[(1, 3), (1, 4)]),
            },
        );
        case(
            Constraint::GreaterThan {
                cells: cells(&[(1, 4), (1, 3)]),
            },
            Constraint::GreaterThan {
                cells: cells(&[(1, 3), (1, 4)]),
            },
        );
        case(
            Constraint::Whisper {
                difference: 5,
                cells: cells(&[(1, 8), (1, 7), (1, 9)]),
            },
            Constraint::Whisper {
                difference: 5,
                cells: cells(&[(1, 1), (1, 2)]),
            },
        );
        case(
            Constraint::Renban {
                cells: cells(&[(1, 1), (1, 2), (1, 3)]),
            },
            Constraint::Renban {
                cells: cells(&[(1, 1), (1, 2), (1, 9)]),
            },
        );
        case(
            Constraint::Palindrome {
                cells: cells(&[(1, 1), (1, 2), (5, 5)]),
            },
            Constraint::Palindrome {
                cells: cells(&[(1, 1), (1, 2)]),
            },
        );
        case(
            Constraint::Between {
                cells: cells(&[(3, 1), (1, 1), (3, 2)]),
            },
            Constraint::Between {
                cells: cells(&[(1, 1), (3, 1), (3, 2)]),
            },
        );
        case(
            Constraint::Lockout {
                min_diff: 4,
                cells: cells(&[(3, 1), (1, 6), (1, 1)]),
            },
            Constraint::Lockout {
                min_diff: 4,
                cells: cells(&[(3, 1), (1, 2), (1, 1)]),
            },
        );
        case(
            Constraint::Lockout {
                min_diff: 4,
                cells: cells(&[(3, 1), (1, 1)]),
            },
            Constraint::Lockout {
                min_diff: 5,
                cells: cells(&[(3, 1), (1, 1)]),
            },
        );
        case(
            Constraint::Zipper {
                cells: cells(&[(1, 8), (1, 2), (1, 9)]),
            },
            Constraint::Zipper {
                cells: cells(&[(1, 1), (1, 2), (1, 3), (1, 4)]),
            },
        );
        case(
            Constraint::Zipper {
                cells: cells(&[(1, 8), (1, 2), (1, 9), (1, 3)]),
            },
            Constraint::Zipper {
                cells: cells(&[(1, 8), (1, 1), (1, 9)]),
            },
        );
        let around = cells(&[(1, 3), (1, 8), (1, 7), (1, 4)]);
        case(
            Constraint::SumLine {
                sum: 10,
                cells: cells(&[(1, 8), (1, 7), (1, 3), (1, 4)]),
                is_loop: false,
            },
            Constraint::SumLine {
                sum: 10,
                cells: around.clone(),
                is_loop: false,
            },
        );
        case(
            Constraint::SumLine {
                sum: 10,
                cells: around,
                is_loop: true,
            },
            Constraint::SumLine {
                sum: 10,
                cells: cells(&[(1, 7), (1, 8), (1, 3)]),
                is_loop: true,
            },
        );
        case(
            Constraint::RegionSumLine {
                cells: cells(&[(1, 2), (1, 3), (1, 4), (2, 4)]),
            },
            Constraint::RegionSumLine {
                cells: cells(&[(1, 3), (1, 4)]),
            },
        );
        case(
            Constraint::Modular {
                modulus: 3,
                cells: cells(&[(1, 1), (1, 2), (1, 3), (1, 9)]),
            },
            Constraint::Modular {
                modulus: 3,
                cells: cells(&[(1, 1), (1, 2), (1, 3), (1, 8)]),
            },
        );
        case(
            Constraint::Entropic {
                cells: cells(&[(1, 1), (1, 2), (1, 7), (1, 4)]),
            },
            Constraint::Entropic {
                cells: cells(&[(1, 1), (1, 2), (1, 7), (1, 6)]),
            },
        );
    }

    /// Every dot (or X and V) the classic grid allows, marked: strict holds; one left out, it
    /// breaks.
    #[test]
    fn variant_strict_marks() {
        let g = grid(CLASSIC);
        for kropki in [true, false] {
            let mut marks = Vec::new();
            for (a, b) in neighbours(9) {
                let (x, y) = (g[a], g[b]);
                let cells = vec![a, b];
                if kropki && x.abs_diff(y) == 1 {
                    marks.push(Constraint::WhiteDot { cells });
                } else if kropki && (x == 2 * y || y == 2 * x) {
                    marks.push(Constraint::BlackDot { cells });
                } else if !kropki && x + y == 10 {
                    marks.push(Constraint::X { cells });
                } else if !kropki && x + y == 5 {
                    marks.push(Constraint::V { cells });
                }
            }
            let strict = if kropki {
                Constraint::StrictKropki
            } else {
                Constraint::StrictXV
            };
            let mut all = marks.clone();
            all.push(strict.clone());
            assert!(holds_all(CLASSIC, all), "{strict:?}");
            let mut fewer = marks[1..].to_vec();
            fewer.push(strict.clone());
            assert!(!holds_all(CLASSIC, fewer), "{strict:?}");
        }
    }

    #[test]
    fn variant_global_rules() {
        let cases = [
            (Constraint::AntiKnight, MIRACLE),
            (Constraint::AntiKing, MIRACLE),
            (Constraint::AntiConsecutive, MIRACLE),
            (Constraint::DisjointSets, MIRACLE),
            (Constraint::GlobalEntropy, MIRACLE),
            (Constraint::Diagonal(Diagonal::Main), X_GRID),
            (Constraint::Diagonal(Diagonal::Anti), X_GRID),
            (Constraint::AntiTaxicab, TAXICAB),
            (Constraint::Windoku, WINDOKU),
            (Constraint::GlobalMod, MOD3),
        ];
        for (rule, good) in cases {
            assert!(holds_all(good, vec![rule.clone()]), "{rule:?} should hold");
            assert!(
                !holds_all(CLASSIC, vec![rule.clone()]),
                "{rule:?} should break"
            );
        }
    }

    #[test]
    fn variant_checker_names_the_broken_constraint() {
        let puzzle = Variant::new(
            Shape::standard(9).unwrap(),
            vec![0; 81],
            vec![
                Constraint::AntiKnight,
                Constraint::Thermo {
                    cells: cells(&[(3, 3), (3, 2)]),
                },
            ],
        );
        let found = puzzle.check_solution(&grid(MIRACLE));
        assert_eq!(
            found,
            Err(crate::sudoku::variant::Broken::Constraint {
                index: 1,
                what: "thermometer"
            })
        );
    }
}
