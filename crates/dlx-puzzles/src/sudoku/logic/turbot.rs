//! Skyscraper and 2-String Kite: two conjugate pairs of one value (houses where it has only two
//! places) joined at one end, so that one of the two far ends holds the value.

use std::ops::ControlFlow;

use super::grid::{cell_name, Grid};
use super::step::{Step, Technique};
use super::Found;
use crate::sudoku::shape::House;

/// Skyscraper or, with `kite`, 2-String Kite (both rated as an X-chain of four links, 6.6 on
/// SE's scale where it is one).
pub fn search(grid: &Grid, kite: bool, found: Found<'_>) -> ControlFlow<()> {
    let board = grid.board();
    let n = grid.size();
    let (technique, name) = if kite {
        (Technique::TwoStringKite, "2-String Kite")
    } else {
        (Technique::Skyscraper, "Skyscraper")
    };
    for value in 1..=n as u16 {
        // Conjugate pairs in lines: (house, is a row, the two cells).
        let links: Vec<(usize, bool, [usize; 2])> = (0..board.houses().len())
            .filter_map(|h| {
                let row = match board.houses()[h] {
                    House::Row(_) => true,
                    House::Column(_) => false,
                    _ => return None,
                };
                let places: Vec<usize> = grid.positions(h, value).collect();
                match places[..] {
                    [a, b] => Some((h, row, [a, b])),
                    _ => None,
                }
            })
            .collect();
        for (i, &(h1, row1, l1)) in links.iter().enumerate() {
            for &(h2, row2, l2) in &links[i + 1..] {
                if kite == (row1 == row2) {
                    continue;
                }
                for (b1, a1) in [(l1[0], l1[1]), (l1[1], l1[0])] {
                    for (b2, a2) in [(l2[0], l2[1]), (l2[1], l2[0])] {
                        if [a1, b1].contains(&a2) || [a1, b1].contains(&b2) {
                            continue;
                        }
                        let joined = if kite {
                            board.shape().region_of(b1) == board.shape().region_of(b2)
                        } else {
                            // The joined ends share the crossing line, the far ends do not.
                            let line = |c: usize| if row1 { c % n } else { c / n };
                            line(b1) == line(b2) && line(a1) != line(a2)
                        };
                        if !joined {
                            continue;
                        }
                        let eliminations = grid.seen_by_all(&[a1, a2], value, &[b1, b2]);
                        if eliminations.is_empty() {
                            continue;
                        }
                        found(Step {
                            technique,
                            houses: vec![h1, h2],
                            pattern: [a1, b1, b2, a2].iter().map(|&c| (c, value)).collect(),
                            placements: Vec::new(),
                            eliminations,
                            text: format!(
                                "{name}: {value} in {} is in {} or {}, in {} in {} or {}, and \
                                 {} sees {}, so {value} is in {} or {}",
                                board.houses()[h1],
                                cell_name(a1, n),
                                cell_name(b1, n),
                                board.houses()[h2],
                                cell_name(a2, n),
                                cell_name(b2, n),
                                cell_name(b1, n),
                                cell_name(b2, n),
                                cell_name(a1, n),
                                cell_name(a2, n)
                            ),
                            difficulty: 66,
                        })?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}
