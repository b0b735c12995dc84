//! Wings: a pivot cell and two pincers that see it, so that one value is true in a pincer
//! whichever the pivot holds; W-Wings, two equal bivalue cells joined by a conjugate pair.

use std::ops::ControlFlow;

use super::grid::{cell_name, values, Grid, Mask};
use super::step::{Step, Technique};
use super::Found;

fn pair_of(mask: Mask) -> Option<(u16, u16)> {
    let mut vs = values(mask);
    match (vs.next(), vs.next(), vs.next()) {
        (Some(a), Some(b), None) => Some((a, b)),
        _ => None,
    }
}

/// XY-Wing (4.2) and, with `xyz`, XYZ-Wing (4.4).
pub fn xy(grid: &Grid, xyz: bool, found: Found<'_>) -> ControlFlow<()> {
    let board = grid.board();
    let n = grid.size();
    let (technique, name, size) = if xyz {
        (Technique::XyzWing, "XYZ-Wing", 3)
    } else {
        (Technique::XyWing, "XY-Wing", 2)
    };
    for pivot in 0..board.cell_count() {
        let pm = grid.candidates(pivot);
        if pm.count_ones() != size {
            continue;
        }
        let pincers: Vec<usize> = board
            .peers(pivot)
            .iter()
            .copied()
            .filter(|&c| {
                let m = grid.candidates(c);
                m.count_ones() == 2 && (m & pm).count_ones() == if xyz { 2 } else { 1 }
            })
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ma, mb) = (grid.candidates(a), grid.candidates(b));
                if ma == mb {
                    continue;
                }
                let common = ma & mb;
                if common.count_ones() != 1 {
                    continue;
                }
                let z = common.trailing_zeros() as u16 + 1;
                let ok = if xyz {
                    pm & common != 0 && (ma | mb) == pm
                } else {
                    pm & common == 0 && (ma | mb) & !common == pm
                };
                if !ok {
                    continue;
                }
                let wing: Vec<usize> = if xyz { vec![pivot, a, b] } else { vec![a, b] };
                let eliminations = grid.seen_by_all(&wing, z, &[]);
                if eliminations.is_empty() {
                    continue;
                }
                found(Step {
                    technique,
                    houses: Vec::new(),
                    pattern: grid.candidates_of(&[pivot, a, b]),
                    placements: Vec::new(),
                    eliminations,
                    text: format!(
                        "{name}: pivot {} with pincers {} and {}: one of them is {z}, so {z} \
                         leaves the cells that see {}",
                        cell_name(pivot, n),
                        cell_name(a, n),
                        cell_name(b, n),
                        if xyz { "all three" } else { "both pincers" }
                    ),
                    difficulty: if xyz { 44 } else { 42 },
                })?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// W-Wing: two cells with the same two values that do not see each other, joined by a house
/// where one of the values has only two places, each seen by one of the cells: the other value
/// is in one of the two cells.
pub fn w_wing(grid: &Grid, found: Found<'_>) -> ControlFlow<()> {
    let board = grid.board();
    let n = grid.size();
    let cells = board.cell_count();
    for a in 0..cells {
        let Some((x, y)) = pair_of(grid.candidates(a)) else {
            continue;
        };
        for b in a + 1..cells {
            if grid.candidates(b) != grid.candidates(a) || board.sees(a, b) {
                continue;
            }
            for (link, other) in [(x, y), (y, x)] {
                for h in 0..board.houses().len() {
                    let places: Vec<usize> = grid.positions(h, link).collect();
                    let [p, q] = places[..] else {
                        continue;
                    };
                    if [p, q].contains(&a) || [p, q].contains(&b) {
                        continue;
                    }
                    let joined = (board.sees(p, a) && board.sees(q, b))
                        || (board.sees(p, b) && board.sees(q, a));
                    if !joined {
                        continue;
                    }
                    let eliminations = grid.seen_by_all(&[a, b], other, &[]);
                    if eliminations.is_empty() {
                        continue;
                    }
                    found(Step {
                        technique: Technique::WWing,
                        houses: vec![h],
                        pattern: vec![(a, x), (a, y), (b, x), (b, y), (p, link), (q, link)],
                        placements: Vec::new(),
                        eliminations,
                        text: format!(
                            "W-Wing: {} and {} hold {x}{y}, and {link} in {} is in {} or {}, \
                             so one of the two cells is {other}, which leaves the cells that \
                             see both",
                            cell_name(a, n),
                            cell_name(b, n),
                            board.houses()[h],
                            cell_name(p, n),
                            cell_name(q, n)
                        ),
                        difficulty: 44,
                    })?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}
