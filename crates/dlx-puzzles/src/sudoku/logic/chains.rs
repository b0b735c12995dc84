//! Forcing chains as Sudoku Explainer builds them: potentials (a candidate on or off) and the
//! implications between them, followed breadth first from an assumption.
//!
//! - Unary chains from one assumption: X-chains (one value, links through houses) and
//!   XY-chains / alternating inference chains (links through bivalue cells too); the assumption
//!   that implies its own negation is false.
//! - Multiple chains: every candidate of a cell (cell forcing chains) or every place of a value
//!   in a house (region forcing chains) implies the same potential.
//! - Dynamic chains follow the grid as the chain changes it; contradiction chains (an
//!   assumption implies a potential both on and off) and double chains (a candidate on and off
//!   imply the same potential); Nishio chains follow one value only.
//! - Nested levels add techniques applied to the grid a chain has made: locked candidates,
//!   pairs and X-Wings (level 1), unary chains (2), multiple chains (3), dynamic chains (4).
//!
//! Difficulty: a base for the kind and one tenth per step of chain length (see
//! [`length_difficulty`]); of all the chains found, the easiest is taken.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;

use dlx_core::{Stop, StopReason, Watch};

use super::grid::{cell_name, cells_of, values, Grid};
use super::implications::{
    cell_of, conjugate, is_on, length_difficulty, pot, value_of, Cause, Implications, Implied, Pot,
    Walk,
};
use super::links::Links;
use super::reach::Reach;
use super::step::{Step, Technique};

/// Which chains to look for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chaining {
    /// Cell and region forcing chains.
    pub multiple: bool,
    /// Chains that follow the grid as they change it.
    pub dynamic: bool,
    /// One value only (with `dynamic`: Nishio).
    pub nishio: bool,
    /// Nesting: techniques applied inside the chain (0 for none).
    pub level: u8,
    /// For level 4, the level of the dynamic chains nested inside.
    pub nesting: u8,
}

impl Chaining {
    /// Unary chains: X-chains, XY-chains, AICs (6.6 to 7.x).
    pub const UNARY: Chaining = Chaining::new(false, false, false, 0);
    /// Nishio forcing chains (7.5 and up).
    pub const NISHIO: Chaining = Chaining::new(false, true, true, 0);
    /// Cell and region forcing chains (8.0 and up).
    pub const MULTIPLE: Chaining = Chaining::new(true, false, false, 0);
    /// Dynamic forcing chains (8.5 and up).
    pub const DYNAMIC: Chaining = Chaining::new(true, true, false, 0);
    /// Dynamic forcing chains with locked candidates, pairs and X-Wings (9.0 and up).
    pub const DYNAMIC_PLUS: Chaining = Chaining::new(true, true, false, 1);

    /// A chaining of the kinds given.
    pub const fn new(multiple: bool, dynamic: bool, nishio: bool, level: u8) -> Chaining {
        Chaining {
            multiple,
            dynamic,
            nishio,
            level,
            nesting: 0,
        }
    }

    /// Nested chains of `level` 2 or more (9.5 and up).
    pub const fn nested(level: u8, nesting: u8) -> Chaining {
        Chaining {
            multiple: true,
            dynamic: true,
            nishio: false,
            level,
            nesting,
        }
    }

    /// The base difficulty of multiple and dynamic chains, in tenths.
    fn base(self) -> u16 {
        if self.level > 0 {
            85 + 5 * u16::from(self.level)
        } else if self.nishio {
            75
        } else if self.dynamic {
            85
        } else {
            80
        }
    }

    fn technique(self, kind: Kind) -> Technique {
        if self.level >= 2 {
            Technique::NestedForcingChain
        } else if self.level == 1 {
            Technique::DynamicForcingChainPlus
        } else if self.nishio {
            Technique::NishioForcingChain
        } else if self.dynamic {
            Technique::DynamicForcingChain
        } else {
            match kind {
                Kind::Region => Technique::RegionForcingChain,
                _ => Technique::CellForcingChain,
            }
        }
    }
}

/// The kind of a hint, for its order among equally hard ones (Explainer's sort keys).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Binary,
    Unary,
    Cell,
    Region,
    Contradiction,
}

/// A chain found: what it sets and removes, its difficulty and complexity, and its words.
#[derive(Clone, Debug)]
pub struct Hint {
    /// The difficulty in tenths.
    pub difficulty: u16,
    /// The complexity: potentials in its chains (nested ones included).
    pub complexity: u32,
    kind: Kind,
    /// The potential it concludes (on: placed, off: removed).
    pub result: Pot,
    /// The step, without its pattern and words (see [`Hint::into_step`]).
    step: Step,
    /// The chains that prove it, each from its assumption.
    paths: Vec<Vec<Pot>>,
    /// The side of the grid.
    n: usize,
    /// The candidates (off) that a nested use of the hint relies on.
    pub rule_parents: Vec<Pot>,
}

impl Hint {
    fn key(&self) -> Key {
        (self.difficulty, self.complexity, self.kind)
    }

    /// The step, with the cells of its chains as its pattern and the chains in words (written
    /// only for the hints taken).
    pub fn into_step(self) -> Step {
        let Hint {
            mut step,
            paths,
            n,
            result,
            ..
        } = self;
        let mut pattern: Vec<(usize, u16)> = paths
            .iter()
            .flatten()
            .map(|&p| (cell_of(p, n), value_of(p, n)))
            .collect();
        pattern.sort_unstable();
        pattern.dedup();
        step.pattern = pattern;
        let chains: Vec<String> = paths.iter().map(|path| describe(path, n)).collect();
        let chains = chains.join("; ");
        step.text = if step.technique == Technique::BidirectionalCycle {
            format!(
                "Bidirectional cycle: {chains}; each link holds both ways, so what sees both \
                 ends of a link goes"
            )
        } else {
            let (cell, value) = (cell_of(result, n), value_of(result, n));
            let sign = if is_on(result) { "=" } else { "≠" };
            format!(
                "{}: {chains}; so {}{sign}{value}",
                step.technique.name(),
                cell_name(cell, n)
            )
        };
        step
    }
}

/// The forcing-chain search on one grid.
pub struct Chains<'g> {
    grid: &'g Grid,
    n: usize,
    /// For each cell, its houses in Explainer's order: region, row, column, extras.
    houses: Vec<Vec<usize>>,
    /// The room of the walks back over a chain's ancestors.
    walk: Walk,
    /// When nested: the grid the outer chain started from, to find what a hint relies on.
    outer: Option<&'g Grid>,
    /// What each single "on" assumption implies, for the chaining being searched (a region's
    /// chains assume the same candidates as its cells' chains).
    followed: HashMap<Pot, Rc<Followed>>,
    /// The grid's links without and with the cell rule, once asked for.
    links: [Option<Rc<Links>>; 2],
    /// What leads to what through those links, once asked for (see [`Chains::reach`]).
    reach: [Option<Rc<Reach>>; 3],
    /// Sets of implications no longer used, to be filled again rather than made anew.
    pool: Vec<Implications>,
    /// The room assumptions are followed in.
    room: Room,
    /// The room of the unary chain search.
    unary_room: UnaryRoom,
    /// The room of the cycle search.
    cycle_room: CycleRoom,
    /// When only the easiest hint is wanted: the key of the easiest found so far, beyond which
    /// (or at which, since the first found comes first) searches stop.
    bound: Option<Option<Key>>,
    /// The run control, looked at as potentials are followed, and why it stopped the search.
    watch: Option<Watch>,
    followed_count: u64,
    stopped: Option<StopReason>,
}

/// The room assumptions are followed in, kept to be filled again rather than made anew: the grid
/// a dynamic chain changes, the potentials still to follow of each state, and what one implies.
#[derive(Default)]
struct Room {
    work: Option<Grid>,
    pending_on: VecDeque<Pot>,
    pending_off: VecDeque<Pot>,
    offs: Vec<(Pot, Cause)>,
    ons: Implied,
}

/// The unary chain search's room: the potentials of this level and of the next, and the
/// chains' targets with the potentials they come from.
#[derive(Default)]
struct UnaryRoom {
    level: VecDeque<Pot>,
    next: VecDeque<Pot>,
    targets: Vec<(Pot, Pot, Cause)>,
}

/// The cycle search's room: its nodes (each potential reached with the node it came from), the
/// "on" potentials reached, the nodes of each state still to extend and of the round being
/// extended, and the loops closed; for one loop, its potentials and cells and the candidates
/// its "on" and "off" ends see.
#[derive(Default)]
struct CycleRoom {
    nodes: Vec<(Pot, usize)>,
    on_seen: Vec<bool>,
    pending_on: Vec<usize>,
    pending_off: Vec<usize>,
    round: Vec<usize>,
    found: Vec<usize>,
    loop_nodes: Vec<Pot>,
    cells: Vec<usize>,
    forward: Vec<Pot>,
    back: Vec<Pot>,
}

impl CycleRoom {
    /// The hint of the loop from `source` that closes at node `end`, if it removes anything:
    /// a candidate that sees an "on" end of a link in both directions of the loop.
    fn loop_hint(&mut self, grid: &Grid, source: Pot, base: u16, end: usize) -> Option<Hint> {
        let n = grid.size();
        let CycleRoom {
            nodes,
            loop_nodes,
            cells,
            forward,
            back,
            ..
        } = self;
        // The loop, from its end back to (not including) the source node.
        loop_nodes.clear();
        let mut at = end;
        while nodes[at].1 != usize::MAX {
            loop_nodes.push(nodes[at].0);
            at = nodes[at].1;
        }
        cells.clear();
        cells.extend(loop_nodes.iter().map(|&p| cell_of(p, n)));
        forward.clear();
        back.clear();
        for &p in loop_nodes.iter() {
            let value = value_of(p, n);
            for &c in grid.board().peers(cell_of(p, n)) {
                if !cells.contains(&c) && grid.has(c, value) {
                    if is_on(p) {
                        forward.push(pot(c, value, false, n));
                    } else {
                        back.push(pot(c, value, false, n));
                    }
                }
            }
        }
        forward.sort_unstable();
        forward.dedup();
        back.sort_unstable();
        let eliminations: Vec<(usize, u16)> = forward
            .iter()
            .filter(|e| back.binary_search(e).is_ok())
            .map(|&e| (cell_of(e, n), value_of(e, n)))
            .collect();
        if eliminations.is_empty() {
            return None;
        }
        let complexity = loop_nodes.len() as u32;
        let difficulty = base + length_difficulty(complexity);
        let mut path = loop_nodes.to_vec();
        path.push(source);
        path.reverse();
        let step = Step {
            technique: Technique::BidirectionalCycle,
            houses: Vec::new(),
            pattern: Vec::new(),
            placements: Vec::new(),
            eliminations,
            text: String::new(),
            difficulty,
        };
        Some(Hint {
            difficulty,
            complexity,
            kind: Kind::Unary,
            result: source,
            step,
            paths: vec![path],
            n,
            rule_parents: Vec::new(),
        })
    }
}

/// The most sets of implications kept on a thread between searches.
const SPARE_SETS: usize = 512;

thread_local! {
    /// Sets of implications left by the searches that ended on this thread, for the next one:
    /// a rating runs a search per step and kind of chain, each following hundreds of
    /// assumptions.
    static SPARE: RefCell<Vec<Implications>> = const { RefCell::new(Vec::new()) };
}

impl Drop for Chains<'_> {
    fn drop(&mut self) {
        self.release_followed();
        let mut pool = std::mem::take(&mut self.pool);
        SPARE.with(|spare| {
            let mut spare = spare.borrow_mut();
            pool.truncate(SPARE_SETS.saturating_sub(spare.len()));
            spare.append(&mut pool);
        });
    }
}

/// The order of hints: difficulty, complexity, kind (then the order found).
type Key = (u16, u32, Kind);

/// What an assumption implies, and the potential implied both ways, if one is.
type Followed = (Implications, Option<(Pot, Pot)>);

impl<'g> Chains<'g> {
    /// The search on `grid`.
    pub fn new(grid: &'g Grid) -> Chains<'g> {
        let board = grid.board();
        let rank = |h: usize| {
            use crate::sudoku::shape::House;
            match board.houses()[h] {
                House::Box(_) | House::Region(_) => 0,
                House::Row(_) => 1,
                House::Column(_) => 2,
                House::Extra(_) | House::Free(_) => 3,
            }
        };
        let houses = (0..board.cell_count())
            .map(|c| {
                let mut hs = board.cell_houses(c).to_vec();
                hs.sort_by_key(|&h| rank(h));
                hs
            })
            .collect();
        Chains {
            grid,
            n: grid.size(),
            houses,
            walk: Walk::default(),
            outer: None,
            followed: HashMap::new(),
            links: [None, None],
            reach: [None, None, None],
            pool: SPARE.with(|spare| std::mem::take(&mut *spare.borrow_mut())),
            room: Room::default(),
            unary_room: UnaryRoom::default(),
            cycle_room: CycleRoom::default(),
            bound: None,
            watch: None,
            followed_count: 0,
            stopped: None,
        }
    }

    /// The search watching `stop` (a deadline, a cancel flag); once it stops the search, the
    /// hints found so far are not to be trusted to be the easiest (see [`Chains::stopped`]).
    pub fn with_stop(mut self, stop: &Stop) -> Chains<'g> {
        if !stop.is_unlimited() {
            self.watch = Some(Watch::new(stop.clone()));
        }
        self
    }

    /// Why the run control stopped the search, if it did.
    pub fn stopped(&self) -> Option<StopReason> {
        self.stopped
    }

    /// Counts `count` potentials followed; whether the search must stop.
    fn tick(&mut self, count: usize) -> bool {
        if let Some(watch) = &mut self.watch {
            self.followed_count += count as u64;
            if self.stopped.is_none() {
                self.stopped = watch.check(self.followed_count, 0);
            }
        }
        self.stopped.is_some()
    }

    /// The links of the grid as it is, with or without the cell rule.
    fn links(&mut self, cell_rule: bool) -> Rc<Links> {
        if let Some(links) = &self.links[usize::from(cell_rule)] {
            return Rc::clone(links);
        }
        let grid = self.grid;
        let n = self.n;
        let unused = Implications::new(n);
        let mut ons = Implied::default();
        let links = Rc::new(Links::new(grid.board().cell_count() * n * 2, |p, out| {
            if !grid.has(cell_of(p, n), value_of(p, n)) {
                return;
            }
            if is_on(p) {
                self.on_to_off(grid, p, cell_rule, out);
            } else {
                // The grid is its own source: no parent beyond `p`, `unused` is not consulted.
                self.off_to_on(grid, grid, p, &unused, cell_rule, &mut ons);
                out.extend(ons.iter().map(|(q, _, cause)| (q, cause)));
            }
        }));
        self.links[usize::from(cell_rule)] = Some(Rc::clone(&links));
        links
    }

    /// What leads to what through the links with the cell rule or without (`cell_rule`), or
    /// with it but of the links from "off" potentials only those through cells (the graph of
    /// the cycles without strong links through houses).
    fn reach(&mut self, cell_rule: bool, house_rule: bool) -> Rc<Reach> {
        let k = match (cell_rule, house_rule) {
            (false, _) => 0,
            (true, true) => 1,
            (true, false) => 2,
        };
        if let Some(reach) = &self.reach[k] {
            return Rc::clone(reach);
        }
        let links = self.links(cell_rule);
        let count = self.grid.board().cell_count() * self.n * 2;
        let reach = Rc::new(Reach::new(&links, count, |p, _, cause| {
            house_rule || is_on(p) || cause == Cause::Cell
        }));
        self.reach[k] = Some(Rc::clone(&reach));
        reach
    }

    /// The hints of `chaining`, easiest first.
    pub fn hints(&mut self, chaining: Chaining) -> Vec<Hint> {
        self.release_followed();
        let mut hints = if chaining.multiple || chaining.dynamic {
            self.multiple_hints(chaining)
        } else {
            self.unary_hints()
        };
        self.release_followed();
        hints.sort_by_key(Hint::key);
        hints
    }

    /// The easiest hint of `chaining`: the first of [`Chains::hints`], found without
    /// following the chains that could only give harder ones.
    pub fn easiest(&mut self, chaining: Chaining) -> Option<Hint> {
        self.bound = Some(None);
        let hints = self.hints(chaining);
        self.bound = None;
        hints.into_iter().next()
    }

    /// An empty set of implications, from the pool when it has one.
    fn fresh(&mut self) -> Implications {
        match self.pool.pop() {
            Some(mut imp) if imp.fits(self.n) => {
                imp.clear();
                imp
            }
            _ => Implications::new(self.n),
        }
    }

    /// Empties the cache of what assumptions imply, its sets back to the pool.
    fn release_followed(&mut self) {
        for (_, followed) in self.followed.drain() {
            if let Ok((imp, _)) = Rc::try_unwrap(followed) {
                self.pool.push(imp);
            }
        }
    }

    /// Whether a hint of `key` would come after one already found, so need not be looked for.
    fn beyond(&self, key: Key) -> bool {
        matches!(self.bound, Some(Some(bound)) if key >= bound)
    }

    /// Whether a unary chain or cycle of `complexity` on `base` would come after one found.
    fn beyond_unary(&self, base: u16, complexity: u32) -> bool {
        self.beyond((
            base + length_difficulty(complexity),
            complexity,
            Kind::Unary,
        ))
    }

    /// Notes the hints found since `from` for [`Chains::beyond`].
    fn found(&mut self, hints: &[Hint], from: usize) {
        if let Some(bound) = &mut self.bound {
            for key in hints[from..].iter().map(Hint::key) {
                if bound.map_or(true, |b| key < b) {
                    *bound = Some(key);
                }
            }
        }
    }

    /// What a potential that is on turns off.
    fn on_to_off(&self, work: &Grid, p: Pot, cell_rule: bool, out: &mut Vec<(Pot, Cause)>) {
        let n = self.n;
        let (cell, value) = (cell_of(p, n), value_of(p, n));
        out.clear();
        if cell_rule {
            for v in values(work.candidates(cell)) {
                if v != value {
                    out.push((pot(cell, v, false, n), Cause::Cell));
                }
            }
        }
        let board = work.board();
        let houses = &self.houses[cell];
        for (k, &h) in houses.iter().enumerate() {
            for c in work.positions(h, value) {
                // A cell of an earlier house was turned off there.
                if c != cell && !houses[..k].iter().any(|&g| board.in_house(g, c)) {
                    out.push((pot(c, value, false, n), Cause::House(h)));
                }
            }
        }
    }

    /// What a potential that is off turns on, each with its parents: `p` and, in a dynamic
    /// chain, the potentials that removed the other candidates (found in `imp`).
    #[allow(clippy::too_many_arguments)]
    fn off_to_on(
        &self,
        work: &Grid,
        source: &Grid,
        p: Pot,
        imp: &Implications,
        cell_rule: bool,
        out: &mut Implied,
    ) {
        let n = self.n;
        let (cell, value) = (cell_of(p, n), value_of(p, n));
        out.clear();
        if cell_rule && work.candidates(cell).count_ones() == 2 {
            if let Some(other) = values(work.candidates(cell)).find(|&v| v != value) {
                let start = out.begin(p);
                for v in values(source.candidates(cell) & !work.candidates(cell)) {
                    let q = pot(cell, v, false, n);
                    if imp.contains(q) {
                        out.add_parent(q);
                    }
                }
                out.end(pot(cell, other, true, n), Cause::Cell, start);
            }
        }
        let (word, cell_bit) = (cell / 64, 1u64 << (cell % 64));
        let (places, was) = (work.places(value), source.places(value));
        for &h in &self.houses[cell] {
            let house = work.board().house_set(h);
            // The one other place of the value in the house, if it has exactly one.
            let mut other = None;
            let mut count = 0;
            for (w, (&x, &m)) in places.iter().zip(house).enumerate() {
                let x = x & m & if w == word { !cell_bit } else { !0 };
                if x != 0 && other.is_none() {
                    other = Some(64 * w + x.trailing_zeros() as usize);
                }
                count += x.count_ones();
            }
            let (Some(c), 1) = (other, count) else {
                continue;
            };
            let q = pot(c, value, true, n);
            if out.contains(q) {
                continue;
            }
            let start = out.begin(p);
            let removed = was
                .iter()
                .zip(places)
                .zip(house)
                .map(|((&s, &x), &m)| s & !x & m);
            for d in cells_of(removed) {
                let r = pot(d, value, false, n);
                if imp.contains(r) {
                    out.add_parent(r);
                }
            }
            out.end(q, Cause::House(h), start);
        }
    }

    /// Follows `starts` (assumptions) to everything they imply. Returns the implications and,
    /// when some potential is implied both on and off, that pair (on, off).
    fn follow(&mut self, chaining: Chaining, starts: &[Pot]) -> Followed {
        let followed = self.follow_from(chaining, starts);
        self.tick(followed.0.members().len());
        followed
    }

    /// [`Chains::follow`], without counting the potentials followed.
    fn follow_from(&mut self, chaining: Chaining, starts: &[Pot]) -> Followed {
        let mut room = std::mem::take(&mut self.room);
        let followed = self.follow_in(chaining, starts, &mut room);
        self.room = room;
        followed
    }

    /// [`Chains::follow_from`] in `room`.
    fn follow_in(&mut self, chaining: Chaining, starts: &[Pot], room: &mut Room) -> Followed {
        let n = self.n;
        let mut imp = self.fresh();
        let Room {
            work,
            pending_on,
            pending_off,
            offs,
            ons,
        } = room;
        let work = work.get_or_insert_with(|| self.grid.clone());
        work.clone_from(self.grid);
        pending_on.clear();
        pending_off.clear();
        for &s in starts {
            imp.insert(s, &[], Cause::Assumed);
            if is_on(s) {
                pending_on.push_back(s);
            } else {
                pending_off.push_back(s);
            }
        }
        let cell_rule = !chaining.nishio;
        // A chain that does not change the grid follows its links.
        let links = (!chaining.dynamic && chaining.level == 0).then(|| self.links(cell_rule));
        loop {
            if let Some(p) = pending_on.pop_front() {
                if let Some(links) = &links {
                    offs.clear();
                    offs.extend_from_slice(links.of(p));
                } else {
                    self.on_to_off(work, p, cell_rule, offs);
                }
                for &(q, cause) in offs.iter() {
                    if imp.contains(conjugate(q)) {
                        imp.insert(q, &[p], cause);
                        return (imp, Some((conjugate(q), q)));
                    }
                    if imp.insert(q, &[p], cause) {
                        pending_off.push_back(q);
                    }
                }
                continue;
            }
            if let Some(p) = pending_off.pop_front() {
                if let Some(links) = &links {
                    ons.clear();
                    for &(q, cause) in links.of(p) {
                        let start = ons.begin(p);
                        ons.end(q, cause, start);
                    }
                } else {
                    self.off_to_on(work, self.grid, p, &imp, cell_rule, ons);
                }
                if chaining.dynamic {
                    work.eliminate(cell_of(p, n), value_of(p, n));
                }
                for (q, parents, cause) in ons.iter() {
                    if imp.contains(conjugate(q)) {
                        imp.insert(q, parents, cause);
                        return (imp, Some((q, conjugate(q))));
                    }
                    if imp.insert(q, parents, cause) {
                        pending_on.push_back(q);
                    }
                }
                continue;
            }
            if chaining.level == 0 {
                break;
            }
            let mut added = false;
            for (q, parents, nested) in self.advanced(chaining, work, &imp) {
                if imp.insert(q, &parents, Cause::Advanced(nested)) {
                    pending_off.push_back(q);
                    added = true;
                }
            }
            if !added {
                break;
            }
        }
        (imp, None)
    }

    /// What the assumption `start` (on) implies, computed once per search.
    fn follow_on(&mut self, chaining: Chaining, start: Pot) -> Rc<Followed> {
        if let Some(done) = self.followed.get(&start) {
            return Rc::clone(done);
        }
        let done = Rc::new(self.follow(chaining, &[start]));
        self.followed.insert(start, Rc::clone(&done));
        done
    }

    /// The eliminations that techniques find on the grid a chain has made, each with the
    /// potentials of the chain it relies on and the complexity of a nested chain.
    fn advanced(
        &mut self,
        chaining: Chaining,
        work: &Grid,
        imp: &Implications,
    ) -> Vec<(Pot, Vec<Pot>, u32)> {
        let n = self.n;
        let source = self.grid;
        let mut out = Vec::new();
        type Inner<'a> = Box<dyn Fn(&Grid) -> Vec<(Step, Vec<Pot>, u32)> + 'a>;
        let mut inner: Vec<Inner<'_>> = vec![
            Box::new(|g: &Grid| rule_steps(g, source, Rule::Locked)),
            Box::new(|g: &Grid| rule_steps(g, source, Rule::Hidden)),
            Box::new(|g: &Grid| rule_steps(g, source, Rule::Naked)),
            Box::new(|g: &Grid| rule_steps(g, source, Rule::Fish)),
        ];
        let nested: Vec<Chaining> = match chaining.level {
            0 | 1 => vec![],
            2 => vec![Chaining::UNARY],
            3 => vec![Chaining::UNARY, Chaining::MULTIPLE],
            _ => vec![Chaining::nested(chaining.nesting, 0)],
        };
        // Nested searches watch the same deadline and flag.
        let stop = self.watch.as_ref().map(|w| w.stop().clone());
        for c in nested {
            let stop = stop.clone();
            inner.push(Box::new(move |g: &Grid| {
                let mut chains = Chains::new(g);
                if let Some(stop) = &stop {
                    chains = chains.with_stop(stop);
                }
                chains.outer = Some(source);
                chains
                    .hints(c)
                    .into_iter()
                    .map(|h| (h.step, h.rule_parents, h.complexity))
                    .collect()
            }));
        }
        for rule in inner {
            for (step, parents, nested) in rule(work) {
                let parents: Vec<Pot> = parents.into_iter().filter(|&p| imp.contains(p)).collect();
                if parents.is_empty() {
                    continue;
                }
                for &(cell, value) in &step.eliminations {
                    out.push((pot(cell, value, false, n), parents.clone(), nested));
                }
                for &(cell, value) in &step.placements {
                    for v in values(work.candidates(cell)) {
                        if v != value {
                            out.push((pot(cell, v, false, n), parents.clone(), nested));
                        }
                    }
                }
            }
            if !out.is_empty() {
                break;
            }
        }
        out
    }

    fn complexity(&mut self, imp: &Implications, p: Pot) -> u32 {
        imp.complexity(p, &mut self.walk)
    }

    /// Unary chains from every candidate: X-chains, then chains through cells too.
    fn unary_hints(&mut self) -> Vec<Hint> {
        let grid = self.grid;
        let n = self.n;
        let mut hints = Vec::new();
        for cell in 0..grid.board().cell_count() {
            if grid.candidates(cell).count_ones() < 2 {
                continue;
            }
            if self.stopped.is_some() {
                break;
            }
            let bivalue = grid.candidates(cell).count_ones() == 2;
            for value in values(grid.candidates(cell)) {
                let source = pot(cell, value, true, n);
                // X-cycles, Y-cycles (from bivalue cells), XY-cycles.
                for (cell_rule, house_rule) in [(false, true), (true, false), (true, true)] {
                    if cell_rule && !house_rule && !bivalue {
                        continue;
                    }
                    // No loop through the source: nothing to look for.
                    if !self.reach(cell_rule, house_rule).loops(source) {
                        continue;
                    }
                    let from = hints.len();
                    self.cycles(source, cell_rule, house_rule, &mut hints);
                    self.found(&hints, from);
                }
                for cell_rule in [false, true] {
                    for on in [true, false] {
                        let source = pot(cell, value, on, n);
                        // No chain to its negation: nothing to look for.
                        if !self.reach(cell_rule, true).leads(source, conjugate(source)) {
                            continue;
                        }
                        let from = hints.len();
                        self.unary(source, cell_rule, &mut hints);
                        self.found(&hints, from);
                    }
                }
            }
        }
        hints
    }

    /// The chains from `source` that come back to its negation (breadth first, as Explainer's
    /// forcing chains: all "on" potentials of a round, then all "off" ones).
    fn unary(&mut self, source: Pot, cell_rule: bool, hints: &mut Vec<Hint>) {
        let grid = self.grid;
        let links = self.links(cell_rule);
        let base = if cell_rule { 70 } else { 66 };
        let mut imp = self.fresh();
        imp.insert(source, &[], Cause::Assumed);
        // One level at a time: the potentials of one state, those they imply of the other.
        let mut room = std::mem::take(&mut self.unary_room);
        let UnaryRoom {
            level,
            next,
            targets,
        } = &mut room;
        level.clear();
        level.push_back(source);
        next.clear();
        targets.clear();
        let mut depth = 0;
        // Each potential's consequences, onto the queue of the other state.
        let mut spread =
            |p: Pot, queue: &mut VecDeque<Pot>, targets: &mut Vec<(Pot, Pot, Cause)>| {
                for &(q, cause) in links.of(p) {
                    if conjugate(q) == source && !targets.iter().any(|t| t.0 == q) {
                        targets.push((q, p, cause));
                    }
                    if imp.insert(q, &[p], cause) {
                        queue.push_back(q);
                    }
                }
            };
        while !level.is_empty() {
            // A chain back from this level has one potential per level and its target.
            let complexity = depth + 2;
            if self.beyond_unary(base, complexity) {
                break;
            }
            // The chains of a level found (all of one length) are shorter than any to come,
            // which only the full list of hints wants.
            if self.bound.is_some() && !targets.is_empty() {
                break;
            }
            while let Some(p) = level.pop_front() {
                spread(p, next, targets);
            }
            std::mem::swap(level, next);
            depth += 1;
        }
        for &(target, parent, _) in targets.iter() {
            let complexity = 1 + self.complexity(&imp, parent);
            let mut path = imp.path(parent);
            path.push(target);
            let xy = cell_rule && is_xy(&path, self.n);
            let technique = if !cell_rule {
                Technique::XChain
            } else if xy {
                Technique::XyChain
            } else {
                Technique::Aic
            };
            if let Some(step) =
                self.conclude(technique, target, base + length_difficulty(complexity))
            {
                let mut rule_parents = Vec::new();
                if let Some(outer) = self.outer {
                    imp.rule_parents(parent, outer, grid, &mut self.walk, &mut rule_parents);
                }
                hints.push(Hint {
                    difficulty: step.difficulty,
                    complexity,
                    kind: Kind::Unary,
                    result: target,
                    step,
                    paths: vec![path],
                    n: self.n,
                    rule_parents,
                });
            }
        }
        self.unary_room = room;
        self.tick(imp.members().len());
        self.pool.push(imp);
    }

    /// The loops from `source` (on) back to itself: each link of a loop works both ways, so a
    /// candidate that sees an "on" end of a link in both directions of the loop is removed.
    /// `cell_rule` allows weak and strong links through cells, `house_rule` strong links
    /// through houses (weak links through houses are always allowed).
    fn cycles(&mut self, source: Pot, cell_rule: bool, house_rule: bool, hints: &mut Vec<Hint>) {
        let grid = self.grid;
        let n = self.n;
        let mut room = std::mem::take(&mut self.cycle_room);
        // The potentials reached, each with the node it came from (one parent: not dynamic).
        room.nodes.clear();
        room.nodes.push((source, usize::MAX));
        room.on_seen
            .resize(grid.board().cell_count() * n * 2, false);
        room.on_seen[source as usize] = true;
        room.pending_on.clear();
        room.pending_on.push(0);
        room.pending_off.clear();
        room.found.clear();
        let mut length = 0;
        let offs = self.links(cell_rule);
        // Strong links through houses too, or through cells only.
        let ons = self.links(if house_rule { cell_rule } else { true });
        let is_ancestor = |nodes: &[(Pot, usize)], mut at: usize, q: Pot| {
            while nodes[at].1 != usize::MAX {
                at = nodes[at].1;
                if nodes[at].0 == q {
                    return true;
                }
            }
            false
        };
        let base = if cell_rule && house_rule { 70 } else { 65 };
        while !room.pending_on.is_empty() || !room.pending_off.is_empty() {
            // The loops this round closes have one node per level.
            let complexity = length + 2;
            if self.beyond_unary(base, complexity) {
                break;
            }
            let CycleRoom {
                nodes,
                on_seen,
                pending_on,
                pending_off,
                round,
                found,
                ..
            } = &mut room;
            length += 1;
            std::mem::swap(round, pending_on);
            pending_on.clear();
            for &at in round.iter() {
                for &(q, _) in offs.of(nodes[at].0) {
                    if !is_ancestor(nodes, at, q) {
                        nodes.push((q, at));
                        pending_off.push(nodes.len() - 1);
                    }
                }
            }
            length += 1;
            std::mem::swap(round, pending_off);
            pending_off.clear();
            let closed = found.len();
            for &at in round.iter() {
                for &(q, cause) in ons.of(nodes[at].0) {
                    if !house_rule && cause != Cause::Cell {
                        continue;
                    }
                    if length >= 4 && q == source {
                        nodes.push((q, at));
                        found.push(nodes.len() - 1);
                    }
                    if !std::mem::replace(&mut on_seen[q as usize], true) {
                        nodes.push((q, at));
                        pending_on.push(nodes.len() - 1);
                    }
                }
            }
            let before = hints.len();
            for k in closed..room.found.len() {
                let end = room.found[k];
                if let Some(hint) = room.loop_hint(grid, source, base, end) {
                    hints.push(hint);
                }
            }
            // The loops of a round (all of one length) are shorter than any to come, which
            // only the full list of hints wants.
            if self.bound.is_some() && hints.len() > before {
                break;
            }
            if room.nodes.len() > 1 << 16 {
                break;
            }
        }
        self.tick(room.nodes.len());
        for &(p, _) in room.nodes.iter() {
            room.on_seen[p as usize] = false;
        }
        self.cycle_room = room;
    }

    /// Multiple and dynamic chains from every cell.
    fn multiple_hints(&mut self, chaining: Chaining) -> Vec<Hint> {
        let grid = self.grid;
        let mut hints = Vec::new();
        for cell in 0..grid.board().cell_count() {
            if self.stopped.is_some() {
                break;
            }
            let count = grid.candidates(cell).count_ones();
            if count > 2 || (count > 1 && chaining.dynamic) {
                self.cell_hints(chaining, cell, count, &mut hints);
            }
        }
        hints
    }

    fn cell_hints(&mut self, chaining: Chaining, cell: usize, count: u32, hints: &mut Vec<Hint>) {
        let grid = self.grid;
        let n = self.n;
        let base = chaining.base();
        let mut branches: Vec<(u16, Rc<Followed>)> = Vec::new();
        for value in values(grid.candidates(cell)) {
            let p_on = pot(cell, value, true, n);
            let p_off = conjugate(p_on);
            let followed = self.follow_on(chaining, p_on);
            let (on_imp, on_absurd) = (&followed.0, followed.1);
            let contradiction = chaining.dynamic || chaining.nishio;
            if contradiction {
                if let Some((a, b)) = on_absurd {
                    let complexity = self.complexity(on_imp, a) + self.complexity(on_imp, b);
                    self.push(
                        hints,
                        on_imp,
                        chaining,
                        Kind::Contradiction,
                        p_off,
                        base,
                        complexity,
                        || [on_imp.path(a), on_imp.path(b)],
                        &[a, b],
                    );
                }
            }
            let need_off = contradiction || (count >= 3 && chaining.dynamic && !chaining.nishio);
            if need_off {
                let (off_imp, off_absurd) = self.follow(chaining, &[p_off]);
                if let Some((a, b)) = off_absurd.filter(|_| contradiction) {
                    let complexity = self.complexity(&off_imp, a) + self.complexity(&off_imp, b);
                    self.push(
                        hints,
                        &off_imp,
                        chaining,
                        Kind::Contradiction,
                        p_on,
                        base,
                        complexity,
                        || [off_imp.path(a), off_imp.path(b)],
                        &[a, b],
                    );
                }
                if count >= 3 && chaining.dynamic && !chaining.nishio {
                    for &q in on_imp.members() {
                        if q == p_on || !off_imp.contains(q) {
                            continue;
                        }
                        let complexity = self.complexity(on_imp, q) + self.complexity(&off_imp, q);
                        self.push(
                            hints,
                            on_imp,
                            chaining,
                            Kind::Binary,
                            q,
                            base,
                            complexity,
                            || [on_imp.path(q), off_imp.path(q)],
                            &[q],
                        );
                    }
                }
                self.pool.push(off_imp);
            }
            if !chaining.nishio {
                self.region_hints(chaining, cell, value, on_imp, hints);
            }
            branches.push((value, Rc::clone(&followed)));
        }
        if chaining.nishio || !(count == 2 || chaining.multiple) {
            return;
        }
        let (first, rest) = branches.split_first().expect("a cell with candidates");
        for &q in first.1 .0.members() {
            if cell_of(q, n) == cell && is_on(q) {
                continue;
            }
            if !rest.iter().all(|(_, f)| f.0.contains(q)) {
                continue;
            }
            let complexity: u32 = branches
                .iter()
                .map(|(_, f)| f.0.complexity(q, &mut self.walk))
                .sum();
            let technique = chaining.technique(Kind::Cell);
            let difficulty = base + length_difficulty(complexity);
            if self.beyond((difficulty, complexity, Kind::Cell)) {
                continue;
            }
            let Some(step) = self.conclude(technique, q, difficulty) else {
                continue;
            };
            let paths = branches.iter().map(|(_, f)| f.0.path(q)).collect();
            let mut rule_parents = Vec::new();
            if let Some(outer) = self.outer {
                for (_, f) in &branches {
                    f.0.rule_parents(q, outer, grid, &mut self.walk, &mut rule_parents);
                }
                let cell_parents: Vec<Pot> =
                    values(outer.candidates(cell) & !grid.candidates(cell))
                        .map(|v| pot(cell, v, false, n))
                        .collect();
                rule_parents.extend(cell_parents);
            }
            hints.push(Hint {
                difficulty,
                complexity,
                kind: Kind::Cell,
                result: q,
                step,
                paths,
                n,
                rule_parents,
            });
        }
    }

    fn region_hints(
        &mut self,
        chaining: Chaining,
        cell: usize,
        value: u16,
        on_imp: &Implications,
        hints: &mut Vec<Hint>,
    ) {
        let grid = self.grid;
        let n = self.n;
        let houses = self.houses[cell].clone();
        for h in houses {
            let places: Vec<usize> = grid.positions(h, value).collect();
            if !(places.len() == 2 || (chaining.multiple && places.len() > 2)) || places[0] != cell
            {
                continue;
            }
            let branches: Vec<Rc<Followed>> = places[1..]
                .iter()
                .map(|&other| self.follow_on(chaining, pot(other, value, true, n)))
                .collect();
            for &q in on_imp.members() {
                if cell_of(q, n) == cell && value_of(q, n) == value {
                    continue;
                }
                if !branches.iter().all(|f| f.0.contains(q)) {
                    continue;
                }
                let complexity = on_imp.complexity(q, &mut self.walk)
                    + branches
                        .iter()
                        .map(|f| f.0.complexity(q, &mut self.walk))
                        .sum::<u32>();
                let difficulty = chaining.base() + length_difficulty(complexity);
                if self.beyond((difficulty, complexity, Kind::Region)) {
                    continue;
                }
                let Some(step) = self.conclude(chaining.technique(Kind::Region), q, difficulty)
                else {
                    continue;
                };
                let mut paths = vec![on_imp.path(q)];
                paths.extend(branches.iter().map(|f| f.0.path(q)));
                let mut rule_parents = Vec::new();
                if let Some(outer) = self.outer {
                    on_imp.rule_parents(q, outer, grid, &mut self.walk, &mut rule_parents);
                    for f in &branches {
                        f.0.rule_parents(q, outer, grid, &mut self.walk, &mut rule_parents);
                    }
                    for &d in grid.board().house_cells(h) {
                        if outer.has(d, value) && !grid.has(d, value) {
                            rule_parents.push(pot(d, value, false, n));
                        }
                    }
                }
                hints.push(Hint {
                    difficulty,
                    complexity,
                    kind: Kind::Region,
                    result: q,
                    step,
                    paths,
                    n,
                    rule_parents,
                });
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        hints: &mut Vec<Hint>,
        imp: &Implications,
        chaining: Chaining,
        kind: Kind,
        result: Pot,
        base: u16,
        complexity: u32,
        paths: impl FnOnce() -> [Vec<Pot>; 2],
        ends: &[Pot],
    ) {
        let difficulty = base + length_difficulty(complexity);
        if self.beyond((difficulty, complexity, kind)) {
            return;
        }
        let Some(step) = self.conclude(chaining.technique(kind), result, difficulty) else {
            return;
        };
        let mut rule_parents = Vec::new();
        if let Some(outer) = self.outer {
            for &e in ends {
                imp.rule_parents(e, outer, self.grid, &mut self.walk, &mut rule_parents);
            }
        }
        hints.push(Hint {
            difficulty,
            complexity,
            kind,
            result,
            step,
            paths: paths().into(),
            n: self.n,
            rule_parents,
        });
    }

    /// The step that concludes `result` (its words and pattern left to [`Hint::into_step`]);
    /// `None` if it changes nothing.
    fn conclude(&self, technique: Technique, result: Pot, difficulty: u16) -> Option<Step> {
        let grid = self.grid;
        let n = self.n;
        let (cell, value) = (cell_of(result, n), value_of(result, n));
        let (placements, eliminations) = if is_on(result) {
            if grid.value(cell) != 0 || grid.candidates(cell).count_ones() < 2 {
                return None;
            }
            (vec![(cell, value)], Vec::new())
        } else {
            if !grid.has(cell, value) {
                return None;
            }
            (Vec::new(), vec![(cell, value)])
        };
        Some(Step {
            technique,
            houses: Vec::new(),
            pattern: Vec::new(),
            placements,
            eliminations,
            text: String::new(),
            difficulty,
        })
    }
}

/// Whether a unary chain's strong links are all through bivalue cells (an XY-chain).
fn is_xy(path: &[Pot], n: usize) -> bool {
    path.windows(2)
        .filter(|w| is_on(w[1]))
        .all(|w| cell_of(w[0], n) == cell_of(w[1], n))
}

/// A chain in words: `r1c2=5 → r1c7≠5 → r3c8=5`.
fn describe(path: &[Pot], n: usize) -> String {
    path.iter()
        .map(|&p| {
            format!(
                "{}{}{}",
                cell_name(cell_of(p, n), n),
                if is_on(p) { "=" } else { "≠" },
                value_of(p, n)
            )
        })
        .collect::<Vec<_>>()
        .join(" → ")
}

/// The kinds of techniques nested chains use, for what each relies on.
#[derive(Clone, Copy)]
enum Rule {
    Locked,
    Hidden,
    Naked,
    Fish,
}

/// Every step of a technique on `work`, with the candidates (removed since `source`) it relies
/// on, as Explainer counts them.
fn rule_steps(work: &Grid, source: &Grid, rule: Rule) -> Vec<(Step, Vec<Pot>, u32)> {
    let n = work.size();
    let board = work.board();
    let mut out = Vec::new();
    let mut take = |step: Step| {
        let mut parents = Vec::new();
        match rule {
            Rule::Locked | Rule::Fish => {
                // The base houses lost the value outside the cover houses.
                let value = step.pattern.first().map_or(0, |p| p.1);
                let half = step.houses.len() / 2;
                let (base, cover) = step.houses.split_at(half.max(1));
                for &h in base {
                    for &c in board.house_cells(h) {
                        let covered = cover.iter().any(|&k| board.house_cells(k).contains(&c));
                        if !covered && source.has(c, value) && !work.has(c, value) {
                            parents.push(pot(c, value, false, n));
                        }
                    }
                }
            }
            Rule::Hidden => {
                let cells: Vec<usize> = step.pattern.iter().map(|p| p.0).collect();
                let set: Vec<u16> = step.pattern.iter().map(|p| p.1).collect();
                for &c in board.house_cells(step.houses[0]) {
                    if cells.contains(&c) {
                        continue;
                    }
                    for &v in &set {
                        if source.has(c, v) {
                            parents.push(pot(c, v, false, n));
                        }
                    }
                }
            }
            Rule::Naked => {
                let set: Vec<u16> = step.pattern.iter().map(|p| p.1).collect();
                for &(c, _) in &step.pattern {
                    for v in values(source.candidates(c)) {
                        if !set.contains(&v) {
                            parents.push(pot(c, v, false, n));
                        }
                    }
                }
            }
        }
        parents.sort_unstable();
        parents.dedup();
        out.push((step, parents, 0));
        std::ops::ControlFlow::Continue(())
    };
    let _ = match rule {
        Rule::Locked => super::locked::locked(work, &mut take),
        Rule::Hidden => super::subsets::hidden(work, 2, &mut take),
        Rule::Naked => super::subsets::naked(work, 2, &mut take),
        Rule::Fish => super::fish::basic(work, 2, &mut take),
    };
    out
}
