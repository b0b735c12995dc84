//! Which potentials lead to which through a grid's [`Links`]: the links' strongly connected
//! components (Tarjan), and for each component the components it reaches, as bits.
//!
//! A unary chain from an assumption exists only if the assumption leads to its negation, and a
//! loop through a potential only if the potential's component holds more than itself. Working
//! that out for all potentials at once costs about one pass over the links per word of
//! components; the chain search would otherwise follow every assumption to its end to find
//! nothing, which on the steps of hard puzzles is most of them.

use super::implications::{Cause, Pot};
use super::links::Links;

/// The components of a graph of potentials and what each reaches.
#[derive(Debug)]
pub struct Reach {
    /// The component of each potential.
    component: Vec<u32>,
    /// How many potentials each component holds.
    size: Vec<u32>,
    /// For each component, `words` words: the components it reaches (itself included).
    reached: Vec<u64>,
    words: usize,
}

const UNSEEN: u32 = u32::MAX;

impl Reach {
    /// The reach of the links of `count` potentials, through the links `keep(p, q, cause)`
    /// accepts (from `p` to `q`).
    pub fn new(links: &Links, count: usize, keep: impl Fn(Pot, Pot, Cause) -> bool) -> Reach {
        let keep = &keep;
        let edges = |p: usize| {
            links
                .of(p as Pot)
                .iter()
                .filter(move |&&(q, cause)| keep(p as Pot, q, cause))
                .map(|&(q, _)| q as usize)
        };
        // Only potentials with links, from or to them, make components of interest (the
        // candidates of a grid, a fraction of all potentials): the others have no bits.
        let mut linked = vec![false; count];
        for p in 0..count {
            let out = links.of(p as Pot);
            linked[p] |= !out.is_empty();
            for &(q, _) in out {
                linked[q as usize] = true;
            }
        }
        let words = linked.iter().filter(|&&l| l).count().div_ceil(64);
        let mut order = vec![UNSEEN; count];
        let mut low = vec![0u32; count];
        let mut component = vec![UNSEEN; count];
        let mut size = Vec::new();
        let mut reached: Vec<u64> = Vec::with_capacity(64 * words * words);
        let mut stack: Vec<usize> = Vec::new();
        // The depth-first path: each potential with the number of its links taken so far.
        let mut path: Vec<(usize, usize)> = Vec::new();
        let mut visited = 0u32;
        for root in 0..count {
            if order[root] != UNSEEN || !linked[root] {
                continue;
            }
            path.push((root, 0));
            order[root] = visited;
            low[root] = visited;
            visited += 1;
            stack.push(root);
            while let Some(&mut (p, ref mut taken)) = path.last_mut() {
                let out = links.of(p as Pot);
                if let Some(&(q, cause)) = out.get(*taken) {
                    *taken += 1;
                    let q = q as usize;
                    if !keep(p as Pot, q as Pot, cause) {
                        continue;
                    }
                    if order[q] == UNSEEN {
                        order[q] = visited;
                        low[q] = visited;
                        visited += 1;
                        stack.push(q);
                        path.push((q, 0));
                    } else if component[q] == UNSEEN {
                        // On the stack: in the component being built.
                        low[p] = low[p].min(order[q]);
                    }
                    continue;
                }
                path.pop();
                if let Some(&(parent, _)) = path.last() {
                    low[parent] = low[parent].min(low[p]);
                }
                if low[p] != order[p] {
                    continue;
                }
                // `p` roots a component: its members are the stack down to `p`. Every
                // component they link to outside it was finished before, so its reach is known.
                let c = size.len();
                let start = stack.iter().rposition(|&s| s == p).unwrap_or(0);
                for &member in &stack[start..] {
                    component[member] = c as u32;
                }
                size.push((stack.len() - start) as u32);
                reached.resize((c + 1) * words, 0);
                reached[c * words + c / 64] |= 1 << (c % 64);
                // Components finished before this one come before it.
                let (before, mine) = reached.split_at_mut(c * words);
                for &member in &stack[start..] {
                    for q in edges(member) {
                        let d = component[q] as usize;
                        if d != c {
                            for (m, &r) in mine.iter_mut().zip(&before[d * words..(d + 1) * words])
                            {
                                *m |= r;
                            }
                        }
                    }
                }
                stack.truncate(start);
            }
        }
        Reach {
            component,
            size,
            reached,
            words,
        }
    }

    /// Whether a chain of links leads from `p` to `q` (`p` to itself when it has links).
    pub fn leads(&self, p: Pot, q: Pot) -> bool {
        let (c, d) = (self.component[p as usize], self.component[q as usize]);
        if c == UNSEEN || d == UNSEEN {
            return false;
        }
        let (c, d) = (c as usize, d as usize);
        self.reached[c * self.words + d / 64] >> (d % 64) & 1 == 1
    }

    /// Whether a chain of links leads from `p` back to itself.
    pub fn loops(&self, p: Pot) -> bool {
        let c = self.component[p as usize];
        c != UNSEEN && self.size[c as usize] > 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The links of a graph given as lists of successors.
    fn graph(successors: &[&[Pot]]) -> Links {
        Links::new(successors.len(), |p, out| {
            out.extend(successors[p as usize].iter().map(|&q| (q, Cause::Cell)));
        })
    }

    /// Whether `q` is reachable from `p`, by a plain search.
    fn reachable(successors: &[&[Pot]], p: Pot, q: Pot) -> bool {
        let mut seen = vec![false; successors.len()];
        let mut todo = vec![p];
        while let Some(r) = todo.pop() {
            if r == q {
                return true;
            }
            if !std::mem::replace(&mut seen[r as usize], true) {
                todo.extend_from_slice(successors[r as usize]);
            }
        }
        false
    }

    #[test]
    fn agrees_with_a_plain_search_on_small_graphs() {
        // Pseudo-random graphs of up to 150 nodes (past two words of components).
        let mut x = 7u64;
        let mut next = |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        for round in 0..40 {
            let count = 2 + next(150) as usize;
            let lists: Vec<Vec<Pot>> = (0..count)
                .map(|_| {
                    let degree = next(if round % 2 == 0 { 2 } else { 4 });
                    (0..degree).map(|_| next(count as u64) as Pot).collect()
                })
                .collect();
            let successors: Vec<&[Pot]> = lists.iter().map(Vec::as_slice).collect();
            let reach = Reach::new(&graph(&successors), count, |_, _, _| true);
            let linked = |p: Pot| {
                !successors[p as usize].is_empty() || successors.iter().any(|s| s.contains(&p))
            };
            for p in 0..count as Pot {
                for q in 0..count as Pot {
                    // A potential without links leads nowhere, not even to itself.
                    let expected = reachable(&successors, p, q) && (p != q || linked(p));
                    assert_eq!(reach.leads(p, q), expected, "{p} {q}");
                }
                let back = successors[p as usize]
                    .iter()
                    .any(|&s| s != p && reachable(&successors, s, p));
                assert_eq!(reach.loops(p), back, "{p}");
            }
        }
    }

    #[test]
    fn links_left_out_are_not_followed() {
        let successors: [&[Pot]; 3] = [&[1], &[2], &[0]];
        let links = graph(&successors);
        assert!(Reach::new(&links, 3, |_, _, _| true).loops(0));
        let cut = Reach::new(&links, 3, |p, _, _| p != 2);
        assert!(!cut.loops(0));
        assert!(cut.leads(0, 2));
        assert!(!cut.leads(2, 0));
    }
}
