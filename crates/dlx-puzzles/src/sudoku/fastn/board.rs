//! The search state: the candidates of every cell as a bit mask, and forced moves to a fixpoint.
//!
//! This is the exact-cover matrix of the shape held as bits: option (cell, value) is alive while
//! bit `value - 1` of the cell's mask is set. The cell items are the masks themselves; the house
//! items (a house and a value) are read off the masks of the house's cells. An item with one
//! option left is a forced move: a cell with one value (a naked single) or a house with one place
//! for a value (a hidden single). An item with none is a contradiction.

use super::tables::{Tables, MAX_PARTS};

/// A search state. Copied whole (its four arrays) at each guess; nothing else is saved.
///
/// Invariants: bits only leave `cand`; a placed cell has mask 0 and its value in `value`, and its
/// value is in `placed` for each of its houses; an unplaced cell's mask never holds a value
/// placed in one of its houses.
#[derive(Clone, Debug, Default)]
pub(super) struct Board {
    /// For each cell, the values it may still take (bit `v - 1` for value `v`); 0 once placed.
    pub cand: Vec<u64>,
    /// For each cell, its value once placed, else 0.
    pub value: Vec<u8>,
    /// For each house, the values placed in it.
    pub placed: Vec<u64>,
    /// For each part of a family of houses meeting a house A (see [`Tables::families`]), the
    /// values locked in it and already taken out of the rest of its house B: they stay out
    /// while the board lives, so they need no new look.
    pub cleared: Vec<u64>,
    /// The number of cells not placed yet.
    pub left: usize,
    /// Cells whose mask came down to one value (or none: a contradiction) and that are not
    /// placed yet: the first `queued` entries. The array has room for two entries per cell and
    /// one more, so that a cell can be written at the end before it is known whether it stays:
    /// a cell comes down to one value at most once in the life of a board and to none at most
    /// once (bits only leave), and the queue is empty at a fixpoint, where no unplaced cell has
    /// one value or none.
    queue: Vec<u16>,
    queued: usize,
    /// Houses that lost a candidate since they were last checked for hidden singles, and since
    /// they were last checked for locked candidates, one bit per house. Only these can have
    /// something new to say. (Like the queue, not saved: all are empty at a fixpoint, which is
    /// when the board is copied.)
    unchecked: Dirty,
    unlocked: Dirty,
}

/// A set of houses, as bits.
#[derive(Clone, Debug, Default)]
struct Dirty(Vec<u64>);

impl Dirty {
    /// Empties the set and sizes it for `houses` houses.
    fn reset(&mut self, houses: usize) {
        self.0.clear();
        self.0.resize(houses.div_ceil(64), 0);
    }

    /// Every house of `houses`.
    fn fill(&mut self, houses: usize) {
        self.reset(houses);
        self.0.fill(u64::MAX);
        if houses % 64 != 0 {
            if let Some(last) = self.0.last_mut() {
                *last = (1 << (houses % 64)) - 1;
            }
        }
    }

    fn insert(&mut self, h: usize) {
        self.0[h / 64] |= 1 << (h % 64);
    }

    /// Adds the houses in `words`, as [`Tables::house_bits`] gives them.
    #[inline]
    fn insert_all(&mut self, words: &[u64]) {
        // Up to 64 houses (sides up to 21 without extra regions) take one word: no loop.
        if let ([mine], [w]) = (&mut self.0[..], words) {
            *mine |= w;
            return;
        }
        for (mine, &w) in self.0.iter_mut().zip(words) {
            *mine |= w;
        }
    }

    fn clear(&mut self) {
        self.0.fill(0);
    }

    /// Takes the first house out of the set.
    fn pop(&mut self) -> Option<usize> {
        let (k, word) = self.0.iter_mut().enumerate().find(|(_, w)| **w != 0)?;
        let bit = word.trailing_zeros() as usize;
        *word &= *word - 1;
        Some(k * 64 + bit)
    }
}

/// The bit of value `v` (at most 64), or 0 for an empty cell, without a branch.
fn given_bit(v: u16) -> u64 {
    (1u64 << (v.wrapping_sub(1) & 63)) & 0u64.wrapping_sub(u64::from(v != 0))
}

/// Where to branch, and on what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Target {
    /// A cell: the alternatives are its values.
    Cell(u16),
    /// A house and one value (its bit): the alternatives are the places of the value in the
    /// house, by position in the house.
    Place {
        /// The house.
        house: u16,
        /// The value's bit.
        bit: u64,
    },
}

/// Givens that clash directly: a value twice in a house, or bad input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Refused;

impl Board {
    /// Sizes the arrays for `t` (no allocation when they already fit).
    fn resize(&mut self, t: &Tables) {
        let cells = t.cell_count();
        self.cand.resize(cells, 0);
        self.value.resize(cells, 0);
        self.placed.resize(t.house_count(), 0);
        self.cleared.resize(t.part_count(), 0);
    }

    /// Sets the board to the givens (`n²` values row by row, 0 for empty), all at once: each
    /// empty cell starts with the values no house of it holds. `Err` when a value is out of
    /// range or given twice in a house; `Ok(false)` when some empty cell has no value left.
    pub fn start(&mut self, t: &Tables, givens: &[u16]) -> Result<bool, Refused> {
        if givens.len() != t.cell_count() {
            return Err(Refused);
        }
        self.resize(t);
        self.placed.fill(0);
        self.cleared.fill(0);
        self.unchecked.fill(t.house_count());
        self.unlocked.fill(t.house_count());
        // Both passes go over every cell the same way, given or empty: a branch on the given
        // would be mispredicted at random, which costs more than the few idle steps.
        let mut bad = false;
        for (cell, &v) in givens.iter().enumerate() {
            bad |= usize::from(v) > t.size;
            let bit = given_bit(v);
            for &h in t.houses_of(cell) {
                let placed = &mut self.placed[usize::from(h)];
                bad |= *placed & bit != 0;
                *placed |= bit;
            }
            // At most 64 unless refused below, so it fits.
            self.value[cell] = v as u8;
        }
        if bad {
            return Err(Refused);
        }
        self.left = 0;
        let mut possible = true;
        // The cells with one value go to the queue without a branch: each is written at the
        // end and kept by moving the end past it. (The queue is empty here.)
        self.queue.clear();
        self.queue.resize(2 * t.cell_count() + 1, 0);
        let mut queued = 0;
        for cell in 0..t.cell_count() {
            let taken = t
                .houses_of(cell)
                .iter()
                .fold(0, |m, &h| m | self.placed[usize::from(h)]);
            let empty = self.value[cell] == 0;
            // All ones for an empty cell, 0 for a given.
            let m = t.full & !taken & 0u64.wrapping_sub(u64::from(empty));
            self.cand[cell] = m;
            self.left += usize::from(empty);
            possible &= m != 0 || !empty;
            self.queue[queued] = cell as u16;
            queued += usize::from(empty & (m & m.wrapping_sub(1) == 0));
        }
        self.queued = queued;
        Ok(possible)
    }

    /// Copies `other`'s state (not its queue, which is empty between moves).
    pub fn copy_from(
        &mut self,
        cand: &[u64],
        value: &[u8],
        placed: &[u64],
        cleared: &[u64],
        left: usize,
    ) {
        self.cand.copy_from_slice(cand);
        self.value.copy_from_slice(value);
        self.placed.copy_from_slice(placed);
        self.cleared.copy_from_slice(cleared);
        self.left = left;
        self.queued = 0;
        self.unchecked.clear();
        self.unlocked.clear();
    }

    /// Notes that `cell` lost candidates: its houses need checking again.
    fn touch(&mut self, t: &Tables, cell: usize) {
        self.unchecked.insert_all(t.house_bits(cell));
    }

    /// Puts the value `bit` in `cell` and removes it from the cell's peers, queueing those left
    /// with one value; false on a contradiction (the cell cannot take it, or a peer is left with
    /// nothing).
    fn place(&mut self, t: &Tables, cell: usize, bit: u64) -> bool {
        if self.cand[cell] & bit == 0 {
            return false;
        }
        self.cand[cell] = 0;
        // A bit of a u64: at most 64.
        self.value[cell] = bit.trailing_zeros() as u8 + 1;
        self.left -= 1;
        for &h in t.houses_of(cell) {
            self.placed[usize::from(h)] |= bit;
        }
        self.touch(t, cell);
        // The houses of the peers that lose the value gather in registers when they fit in a
        // few words (up to 64 houses: sides up to 21; 128: up to 42; 192: all the rest without
        // extra regions), rather than going to memory word by word for every such peer.
        let peers = t.peers(cell);
        let bits = t.house_bits_all();
        match self.unchecked.0.len() {
            1 => self.strike::<1>(peers, bits, bit),
            2 => self.strike::<2>(peers, bits, bit),
            3 => self.strike::<3>(peers, bits, bit),
            _ => self.strike_any(t, peers, bit),
        }
    }

    /// Takes the value `bit` out of the masks of `peers`, queueing those left with one value,
    /// for shapes whose house sets take `W` words (`bits` holds `W` words per cell); false when
    /// one is left with nothing.
    #[inline(always)]
    fn strike<const W: usize>(&mut self, peers: &[u16], bits: &[u64], bit: u64) -> bool {
        let mut dirty = [0u64; W];
        let mut alive = true;
        // Split borrows keep the mask array in registers through the loop over every peer,
        // which is most of the work: the pushes cannot move it.
        let (cand, queue) = (&mut self.cand[..], &mut self.queue[..]);
        let mut queued = self.queued;
        for &peer in peers {
            let p = usize::from(peer);
            let m = cand[p];
            if m & bit != 0 {
                let m = m ^ bit;
                cand[p] = m;
                for (k, d) in dirty.iter_mut().enumerate() {
                    *d |= bits[p * W + k];
                }
                // Whether the peer is left with one value is hard to predict: it is written at
                // the end of the queue and kept by moving the end past it, without a branch.
                queue[queued] = peer;
                queued += usize::from(m & m.wrapping_sub(1) == 0);
                if m == 0 {
                    alive = false;
                    break;
                }
            }
        }
        self.queued = queued;
        for (mine, d) in self.unchecked.0.iter_mut().zip(dirty) {
            *mine |= d;
        }
        alive
    }

    /// [`Board::strike`] for any number of words: the houses go to memory peer by peer.
    fn strike_any(&mut self, t: &Tables, peers: &[u16], bit: u64) -> bool {
        let (cand, unchecked) = (&mut self.cand[..], &mut self.unchecked);
        for &peer in peers {
            let m = cand[usize::from(peer)];
            if m & bit != 0 {
                let m = m ^ bit;
                cand[usize::from(peer)] = m;
                unchecked.insert_all(t.house_bits(usize::from(peer)));
                if m & m.wrapping_sub(1) == 0 {
                    if m == 0 {
                        return false;
                    }
                    self.queue[self.queued] = peer;
                    self.queued += 1;
                }
            }
        }
        true
    }

    /// Takes alternative `option` (one bit) of a branch on `target`; false on a contradiction.
    pub fn choose(&mut self, t: &Tables, target: Target, option: u64) -> bool {
        match target {
            Target::Cell(cell) => self.place(t, usize::from(cell), option),
            Target::Place { house, bit } => {
                let k = option.trailing_zeros() as usize;
                let cell = t.house(usize::from(house))[k];
                self.place(t, usize::from(cell), bit)
            }
        }
    }

    /// Applies forced moves until none is left, then locked candidates, and again until neither
    /// finds anything; false on a contradiction.
    pub fn propagate(&mut self, t: &Tables) -> bool {
        loop {
            if !self.singles(t) {
                return false;
            }
            match self.locked(t) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Applies naked and hidden singles until none is left; false on a contradiction.
    fn singles(&mut self, t: &Tables) -> bool {
        loop {
            while self.queued > 0 {
                self.queued -= 1;
                let cell = usize::from(self.queue[self.queued]);
                if self.value[cell] == 0 && !self.place(t, cell, self.cand[cell]) {
                    return false;
                }
            }
            let Some(h) = self.unchecked.pop() else {
                return true;
            };
            // A full house has nothing to say (about a quarter of the houses popped): one
            // comparison instead of a scan of its cells.
            if self.placed[h] == t.full {
                continue;
            }
            // A house that changed needs locked candidates again too.
            self.unlocked.insert(h);
            if !self.hidden_singles(t, h) {
                return false;
            }
        }
    }

    /// Locked candidates: a value whose places in a house A all lie in a house B leaves the
    /// rest of B (a value confined to one row of a box leaves the rest of the row, and so on).
    /// `Some(true)` if it removed anything, `None` on a contradiction.
    fn locked(&mut self, t: &Tables) -> Option<bool> {
        let mut removed = false;
        while let Some(a) = self.unlocked.pop() {
            let open = t.full & !self.placed[a];
            if open == 0 {
                continue;
            }
            for family in t.families(a) {
                let (part_of, parts) = t.part_of(family);
                // The values of each part; the cells in no part go last. (At most MAX_PARTS
                // parts, and a byte index is masked to stay in the array.)
                let mut values = [0u64; MAX_PARTS + 1];
                for (&cell, &k) in t.house(a).iter().zip(part_of) {
                    values[usize::from(k) & MAX_PARTS] |= self.cand[usize::from(cell)];
                }
                let (mut once, mut twice) = (0u64, 0u64);
                for &m in &values[..=parts] {
                    twice |= once & m;
                    once |= m;
                }
                // Values of A not yet placed with all their places in one part. (A value with
                // no place at all is a contradiction the next round of singles reports.)
                let alone = open & once & !twice;
                if alone == 0 {
                    continue;
                }
                for (k, &m) in values[..parts].iter().enumerate() {
                    let part = t.part_index(family, k);
                    let locked = m & alone & !self.cleared[part];
                    if locked == 0 {
                        continue;
                    }
                    self.cleared[part] |= locked;
                    for &cell in t.b_only(family, k) {
                        let cell = usize::from(cell);
                        let m = self.cand[cell];
                        if m & locked != 0 {
                            let m = m & !locked;
                            self.cand[cell] = m;
                            removed = true;
                            self.touch(t, cell);
                            if m & m.wrapping_sub(1) == 0 {
                                if m == 0 {
                                    return None;
                                }
                                self.queue[self.queued] = cell as u16;
                                self.queued += 1;
                            }
                        }
                    }
                }
            }
        }
        Some(removed)
    }

    /// Places the values of house `h` that have one place left; false on a contradiction (a
    /// value with no place).
    fn hidden_singles(&mut self, t: &Tables, h: usize) -> bool {
        let cells = t.house(h);
        let (mut once, mut twice) = (0u64, 0u64);
        for &cell in cells {
            let m = self.cand[usize::from(cell)];
            twice |= once & m;
            once |= m;
        }
        if once | self.placed[h] != t.full {
            return false;
        }
        let mut hidden = once & !twice;
        while hidden != 0 {
            let bit = hidden & hidden.wrapping_neg();
            hidden ^= bit;
            // Placing an earlier hidden single of this house may have taken this value's only
            // cell: then the value has no place.
            let Some(cell) = cells
                .iter()
                .map(|&c| usize::from(c))
                .find(|&c| self.cand[c] & bit != 0)
            else {
                return false;
            };
            if !self.place(t, cell, bit) {
                return false;
            }
        }
        true
    }

    /// Where to branch at a fixpoint with cells left, and the alternatives as a mask of at least
    /// two bits: the item with the fewest options, as dancing links would choose it. That is a
    /// cell with the fewest values, unless a house has a value with fewer places (ties go to
    /// the cell; among cells, to the first row by row; among houses, to the first).
    pub fn branch(&self, t: &Tables) -> (Target, u64) {
        let mut best = (u32::MAX, 0usize);
        for (cell, &m) in self.cand.iter().enumerate() {
            if m != 0 {
                let k = m.count_ones();
                if k < best.0 {
                    best = (k, cell);
                    if k == 2 {
                        break;
                    }
                }
            }
        }
        if best.0 > 2 {
            if let Some(place) = self.fewest_places(t, best.0) {
                return place;
            }
        }
        (Target::Cell(best.1 as u16), self.cand[best.1])
    }

    /// The value with the fewest places in a house, if it has fewer than `below` (and two or
    /// three): the house, the value, and its places as positions in the house.
    fn fewest_places(&self, t: &Tables, below: u32) -> Option<(Target, u64)> {
        let mut best: Option<(u32, usize, u64)> = None;
        let mut bound = below.min(4);
        for h in 0..t.house_count() {
            // Places per value, counted bit-parallel up to four: `at_least[k]` has the values
            // with more than k places.
            let mut at_least = [0u64; 4];
            for &cell in t.house(h) {
                let m = self.cand[usize::from(cell)];
                at_least[3] |= at_least[2] & m;
                at_least[2] |= at_least[1] & m;
                at_least[1] |= at_least[0] & m;
                at_least[0] |= m;
            }
            for k in 2..bound as usize {
                let with_k = at_least[k - 1] & !at_least[k];
                if with_k != 0 {
                    let bit = with_k & with_k.wrapping_neg();
                    best = Some((k as u32, h, bit));
                    bound = k as u32;
                    break;
                }
            }
            if bound == 2 {
                break;
            }
        }
        let (_, h, bit) = best?;
        let places = t
            .house(h)
            .iter()
            .enumerate()
            .filter(|&(_, &c)| self.cand[usize::from(c)] & bit != 0)
            .fold(0u64, |m, (k, _)| m | 1 << k);
        let target = Target::Place {
            house: h as u16,
            bit,
        };
        Some((target, places))
    }

    /// Writes the values of a solved board.
    pub fn write_solution(&self, out: &mut Vec<u16>) {
        out.clear();
        out.extend(self.value.iter().map(|&v| u16::from(v)));
    }
}
