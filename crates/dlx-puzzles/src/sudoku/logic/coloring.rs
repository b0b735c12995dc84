//! Simple coloring: the conjugate pairs of one value (houses where it has two places) joined
//! into chains and coloured in turn; one colour is true. Two cells of one colour that see each
//! other make the other colour true; a cell that sees both colours cannot hold the value.

use std::ops::ControlFlow;

use super::grid::{cell_names, Grid};
use super::step::{Step, Technique};
use super::Found;

/// Simple coloring (color trap and color wrap), rated as an X-chain (6.6).
pub fn simple_coloring(grid: &Grid, found: Found<'_>) -> ControlFlow<()> {
    let board = grid.board();
    let n = grid.size();
    let cells = board.cell_count();
    for value in 1..=n as u16 {
        let mut links: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for h in 0..board.houses().len() {
            let places: Vec<usize> = grid.positions(h, value).collect();
            if let [a, b] = places[..] {
                links[a].push(b);
                links[b].push(a);
            }
        }
        let mut colour: Vec<u8> = vec![0; cells];
        for start in 0..cells {
            if links[start].is_empty() || colour[start] != 0 {
                continue;
            }
            let mut members = vec![start];
            colour[start] = 1;
            let mut next = 0;
            while next < members.len() {
                let c = members[next];
                next += 1;
                for &d in &links[c] {
                    if colour[d] == 0 {
                        colour[d] = 3 - colour[c];
                        members.push(d);
                    }
                }
            }
            if members.len() < 4 {
                continue;
            }
            let of = |k: u8| -> Vec<usize> {
                members
                    .iter()
                    .copied()
                    .filter(|&c| colour[c] == k)
                    .collect()
            };
            let (one, two) = (of(1), of(2));
            let pattern: Vec<(usize, u16)> = members.iter().map(|&c| (c, value)).collect();
            let names = |cs: &[usize]| cell_names(cs, n);
            // Color wrap: a colour that sees itself is false.
            for (bad, good) in [(&one, &two), (&two, &one)] {
                let clash = bad
                    .iter()
                    .enumerate()
                    .any(|(i, &a)| bad[i + 1..].iter().any(|&b| board.sees(a, b)));
                if clash {
                    found(Step {
                        technique: Technique::SimpleColoring,
                        houses: Vec::new(),
                        pattern: pattern.clone(),
                        placements: good.iter().map(|&c| (c, value)).collect(),
                        eliminations: bad.iter().map(|&c| (c, value)).collect(),
                        text: format!(
                            "Simple coloring: the chain of {value} colours {} against {}; two \
                             of the first see each other, so {value} goes in the second",
                            names(bad),
                            names(good)
                        ),
                        difficulty: 66,
                    })?;
                }
            }
            // Color trap: a cell that sees both colours.
            let eliminations: Vec<(usize, u16)> = (0..cells)
                .filter(|&c| {
                    grid.has(c, value)
                        && !members.contains(&c)
                        && one.iter().any(|&a| board.sees(c, a))
                        && two.iter().any(|&b| board.sees(c, b))
                })
                .map(|c| (c, value))
                .collect();
            if !eliminations.is_empty() {
                found(Step {
                    technique: Technique::SimpleColoring,
                    houses: Vec::new(),
                    pattern,
                    placements: Vec::new(),
                    eliminations,
                    text: format!(
                        "Simple coloring: the chain of {value} colours {} against {}; one \
                         colour holds {value}, so it leaves the cells that see both",
                        names(&one),
                        names(&two)
                    ),
                    difficulty: 66,
                })?;
            }
        }
    }
    ControlFlow::Continue(())
}
