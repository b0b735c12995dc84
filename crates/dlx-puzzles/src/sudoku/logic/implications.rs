//! The potentials of forcing chains and what implies what: a candidate assumed true ("on") or
//! false ("off"), each with the potentials it follows from.

use super::grid::Grid;

/// A potential, as a number: `(cell * n + value - 1) * 2 + on`.
pub type Pot = u32;

/// The potential of `value` in `cell`, on or off, on a grid of side `n`.
pub fn pot(cell: usize, value: u16, on: bool, n: usize) -> Pot {
    (((cell * n + usize::from(value) - 1) << 1) | usize::from(on)) as Pot
}

/// The cell of a potential.
pub fn cell_of(p: Pot, n: usize) -> usize {
    (p as usize >> 1) / n
}

/// The value of a potential.
pub fn value_of(p: Pot, n: usize) -> u16 {
    ((p as usize >> 1) % n) as u16 + 1
}

/// Whether a potential is "on".
pub fn is_on(p: Pot) -> bool {
    p & 1 == 1
}

/// The same candidate in the other state.
pub fn conjugate(p: Pot) -> Pot {
    p ^ 1
}

/// Why a potential follows from its parents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// It is an assumption.
    Assumed,
    /// The cell has one candidate left, or a value on leaves its other candidates.
    Cell,
    /// The value has one place left in this house, or a value on leaves the house's others.
    House(usize),
    /// A technique applied to the grid the chain has made, with the complexity of its own
    /// chain when it is a chain.
    Advanced(u32),
}

/// Potentials found implied by one potential, each with its parents and cause, the parents of
/// all kept in one buffer.
#[derive(Clone, Debug, Default)]
pub struct Implied {
    found: Vec<(Pot, Cause, u32, u32)>,
    parents: Vec<Pot>,
}

impl Implied {
    /// Empties the list.
    pub fn clear(&mut self) {
        self.found.clear();
        self.parents.clear();
    }

    /// Starts the parents of the next potential with `first`; where they start.
    pub fn begin(&mut self, first: Pot) -> usize {
        self.parents.push(first);
        self.parents.len() - 1
    }

    /// Adds a parent to the potential begun.
    pub fn add_parent(&mut self, parent: Pot) {
        self.parents.push(parent);
    }

    /// Ends the potential begun: `q` with the parents added since [`Implied::begin`], which
    /// start at `start`.
    pub fn end(&mut self, q: Pot, cause: Cause, start: usize) {
        let len = self.parents.len() - start;
        self.found.push((q, cause, start as u32, len as u32));
    }

    /// Whether `q` is in the list.
    pub fn contains(&self, q: Pot) -> bool {
        self.found.iter().any(|f| f.0 == q)
    }

    /// The potentials, each with its parents and cause.
    pub fn iter(&self) -> impl Iterator<Item = (Pot, &[Pot], Cause)> + '_ {
        self.found.iter().map(|&(q, cause, start, len)| {
            let start = start as usize;
            (q, &self.parents[start..start + len as usize], cause)
        })
    }
}

/// A set of potentials, each with its parents and cause, in the order they were added.
#[derive(Clone, Debug)]
pub struct Implications {
    slot: Vec<u32>,
    members: Vec<Pot>,
    parent_start: Vec<u32>,
    parent_len: Vec<u32>,
    causes: Vec<Cause>,
    links: Vec<Pot>,
}

const NONE: u32 = u32::MAX;

/// The room of a walk back over the ancestors of a member: which members it has seen (a stamp
/// per member, new for every walk, so that a walk clears nothing) and the potentials still to
/// visit. A search walks back from every potential it might conclude, over sets of hundreds.
#[derive(Clone, Debug, Default)]
pub struct Walk {
    stamps: Vec<u32>,
    stamp: u32,
    todo: Vec<Pot>,
}

impl Walk {
    /// Starts a walk from `p` over a set of `members` members.
    fn start(&mut self, members: usize, p: Pot) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.stamps.fill(0);
            self.stamp = 1;
        }
        if self.stamps.len() < members {
            self.stamps.resize(members, 0);
        }
        self.todo.clear();
        self.todo.push(p);
    }

    /// Whether member number `i` is seen for the first time in this walk (it is then seen).
    fn first_visit(&mut self, i: u32) -> bool {
        let stamp = &mut self.stamps[i as usize];
        let first = *stamp != self.stamp;
        *stamp = self.stamp;
        first
    }
}

impl Implications {
    /// An empty set for a grid of side `n`.
    pub fn new(n: usize) -> Implications {
        Implications {
            slot: vec![NONE; n * n * n * 2],
            // Room for what a typical chain reaches, to spare growing a new set step by step.
            members: Vec::with_capacity(n * n * 2),
            parent_start: Vec::with_capacity(n * n * 2),
            parent_len: Vec::with_capacity(n * n * 2),
            causes: Vec::with_capacity(n * n * 2),
            links: Vec::with_capacity(n * n * 4),
        }
    }

    /// Whether the set is for a grid of side `n`.
    pub fn fits(&self, n: usize) -> bool {
        self.slot.len() == n * n * n * 2
    }

    /// Empties the set, keeping its room.
    pub fn clear(&mut self) {
        for &p in &self.members {
            self.slot[p as usize] = NONE;
        }
        self.members.clear();
        self.parent_start.clear();
        self.parent_len.clear();
        self.causes.clear();
        self.links.clear();
    }

    /// Whether `p` is in the set.
    pub fn contains(&self, p: Pot) -> bool {
        self.slot[p as usize] != NONE
    }

    /// Adds `p` with its parents and cause, unless it is there; whether it was added.
    pub fn insert(&mut self, p: Pot, parents: &[Pot], cause: Cause) -> bool {
        if self.contains(p) {
            return false;
        }
        self.slot[p as usize] = self.members.len() as u32;
        self.members.push(p);
        self.parent_start.push(self.links.len() as u32);
        self.parent_len.push(parents.len() as u32);
        self.causes.push(cause);
        self.links.extend_from_slice(parents);
        true
    }

    /// The members, in the order they were added.
    pub fn members(&self) -> &[Pot] {
        &self.members
    }

    /// The parents of a member.
    pub fn parents(&self, p: Pot) -> &[Pot] {
        let i = self.slot[p as usize] as usize;
        let start = self.parent_start[i] as usize;
        &self.links[start..start + self.parent_len[i] as usize]
    }

    /// The cause of a member.
    pub fn cause(&self, p: Pot) -> Cause {
        self.causes[self.slot[p as usize] as usize]
    }

    /// The complexity of the chain that ends at member `p`: its distinct ancestors, itself
    /// included, plus the complexity of every nested chain among them.
    pub fn complexity(&self, p: Pot, walk: &mut Walk) -> u32 {
        walk.start(self.members.len(), p);
        let mut count = 0;
        while let Some(q) = walk.todo.pop() {
            let i = self.slot[q as usize];
            if i == NONE || !walk.first_visit(i) {
                continue;
            }
            count += 1;
            if let Cause::Advanced(nested) = self.causes[i as usize] {
                count += nested;
            }
            walk.todo.extend_from_slice(self.parents(q));
        }
        count
    }

    /// The chain that leads to member `p`, following first parents back to an assumption, from
    /// the assumption to `p`.
    pub fn path(&self, p: Pot) -> Vec<Pot> {
        let mut out = vec![p];
        let mut q = p;
        while let Some(&parent) = self.parents(q).first() {
            if out.len() > self.members.len() {
                break;
            }
            out.push(parent);
            q = parent;
        }
        out.reverse();
        out
    }

    /// The candidates the techniques of a nested chain rely on: those of `p`'s ancestors that
    /// are "on" by a single and were removed between `source` and `current`.
    pub fn rule_parents(
        &self,
        p: Pot,
        source: &Grid,
        current: &Grid,
        walk: &mut Walk,
        out: &mut Vec<Pot>,
    ) {
        let n = source.size();
        let board = source.board();
        walk.start(self.members.len(), p);
        while let Some(q) = walk.todo.pop() {
            let i = self.slot[q as usize];
            if i == NONE || !walk.first_visit(i) {
                continue;
            }
            if is_on(q) {
                let (cell, value) = (cell_of(q, n), value_of(q, n));
                match self.causes[i as usize] {
                    Cause::Cell => {
                        for v in 1..=n as u16 {
                            if source.has(cell, v) && !current.has(cell, v) {
                                out.push(pot(cell, v, false, n));
                            }
                        }
                    }
                    Cause::House(h) => {
                        for &c in board.house_cells(h) {
                            if source.has(c, value) && !current.has(c, value) {
                                out.push(pot(c, value, false, n));
                            }
                        }
                    }
                    _ => {}
                }
            }
            walk.todo.extend_from_slice(self.parents(q));
        }
        out.sort_unstable();
        out.dedup();
    }
}

/// The difficulty added for a chain of `complexity` potentials, in tenths: one tenth past 4,
/// 6, 8, 12, 16, 24, ... (each bound half again, then a third again, the previous one).
pub fn length_difficulty(complexity: u32) -> u16 {
    let length = complexity as i64 - 2;
    let mut ceil: i64 = 4;
    let mut added = 0;
    let mut odd = false;
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_steps_follow_the_scale() {
        assert_eq!(length_difficulty(6), 0);
        assert_eq!(length_difficulty(7), 1);
        assert_eq!(length_difficulty(8), 1);
        assert_eq!(length_difficulty(9), 2);
        assert_eq!(length_difficulty(10), 2);
        assert_eq!(length_difficulty(11), 3);
        assert_eq!(length_difficulty(14), 3);
        assert_eq!(length_difficulty(15), 4);
        assert_eq!(length_difficulty(18), 4);
        assert_eq!(length_difficulty(19), 5);
    }

    #[test]
    fn potentials_round_trip() {
        let p = pot(40, 7, true, 9);
        assert_eq!((cell_of(p, 9), value_of(p, 9), is_on(p)), (40, 7, true));
        assert!(!is_on(conjugate(p)));
    }
}
