//! The search state: the candidates of every cell as a bit mask, and forced moves to a fixpoint.
//!
//! This is the exact-cover matrix of the shape held as bits: option (cell, value) is alive while
//! bit `value - 1` of the cell's mask is set. The cell items are the masks themselves; the house
//! items (a house and a value) are read off the masks of the house's cells. An item with one
//! option left is a forced move: a cell with one value (a naked single) or a house with one place
//! for a value (a hidden single). An item with none is a contradiction.

use super::tables::{Tables, MAX_PARTS};

/// A search state. Copied whole (a [`Snapshot`]) at each guess; nothing else is saved.
///
/// Invariants: bits only leave `cand`; `places` holds exactly the options of `cand`; a placed
/// cell has mask 0 and its value in `value`, and its
/// value is in `placed` for each of its houses; an unplaced cell's mask never holds a value
/// placed in one of its houses.
#[derive(Clone, Debug, Default)]
pub(super) struct Board {
    /// The options left and the values placed: all that a guess copies.
    pub state: Snapshot,
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
    /// The given cells, as [`Board::start`] lists them (not saved: only the start reads them).
    given: Vec<u16>,
}

/// What a guess keeps of a board to come back to: all of it but the work queues, which are empty
/// between moves.
#[derive(Clone, Debug, Default)]
pub(super) struct Snapshot {
    /// For each cell, the values it may still take (bit `v - 1` for value `v`); 0 once placed.
    pub cand: Vec<u64>,
    /// For each cell, its value once placed, else 0.
    pub value: Vec<u8>,
    /// For each value, the cells that may still take it, as bits: the same options as `cand`,
    /// read the other way, so that the peers losing a placed value are found without looking
    /// at the others. Word `k` of value `v` (cells `64k..64k + 64`) is `places[k * n + v]`:
    /// the words of one cell, all values, lie together.
    pub places: Vec<u64>,
    /// For each house, the values placed in it.
    pub placed: Vec<u64>,
    /// For each part of a family of houses meeting a house A (see [`Tables::families`]), the
    /// values locked in it and already taken out of the rest of its house B: they stay out
    /// while the board lives, so they need no new look.
    pub cleared: Vec<u64>,
    /// The number of cells not placed yet.
    pub left: usize,
}

impl Snapshot {
    /// Copies `other` into this state, reusing its buffers. (A derived `clone_from` would
    /// allocate anew.)
    fn copy_from(&mut self, other: &Snapshot) {
        self.cand.clone_from(&other.cand);
        self.value.clone_from(&other.value);
        self.places.clone_from(&other.places);
        self.placed.clone_from(&other.placed);
        self.cleared.clone_from(&other.cleared);
        self.left = other.left;
    }
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
        // Up to 64 houses take one word: no search for it.
        let (k, word) = match &mut self.0[..] {
            [word] if *word != 0 => (0, word),
            [_] => return None,
            words => words.iter_mut().enumerate().find(|(_, w)| **w != 0)?,
        };
        let bit = word.trailing_zeros() as usize;
        *word &= *word - 1;
        Some(k * 64 + bit)
    }
}

/// Taking a value out of some cells: split borrows of the board, so that its arrays stay in
/// registers.
struct Striking<'a> {
    /// The side.
    n: usize,
    /// The value, and its bit.
    v: usize,
    bit: u64,
    cand: &'a mut [u64],
    places: &'a mut [u64],
    queue: &'a mut [u16],
    queued: &'a mut usize,
}

/// What taking a value out of some cells did.
#[derive(Clone, Copy, Debug)]
struct Struck {
    /// No cell was left without a value.
    alive: bool,
    /// Some cell had the value.
    any: bool,
}

impl Striking<'_> {
    /// Takes the value out of those of `cells` (as bits) that still have it, calling `touched`
    /// with each, and queues those left with one value. When one is left with nothing, all of
    /// them are still struck, so `places` and the masks agree.
    #[inline(always)]
    fn run(&mut self, cells: &[u64], mut touched: impl FnMut(usize)) -> Struck {
        let (n, v, bit) = (self.n, self.v, self.bit);
        let mut alive = true;
        let mut any = false;
        let mut queued = *self.queued;
        let (cand, queue) = (&mut *self.cand, &mut *self.queue);
        let mut strike = |cell: usize| {
            let m = cand[cell] ^ bit;
            cand[cell] = m;
            touched(cell);
            // Whether the cell is left with one value is hard to predict: it is written at the
            // end of the queue and kept by moving the end past it, without a branch.
            queue[queued] = cell as u16;
            queued += usize::from(m & m.wrapping_sub(1) == 0);
            alive &= m != 0;
        };
        // Only the cells that have the value: a few, where the cells are many. The loop over
        // them ends at an unpredictable count, so two words (sides 9 to 11) go as one.
        match *cells {
            [low, high] => {
                let seen = u128::from(high) << 64 | u128::from(low);
                let places = u128::from(self.places[n + v]) << 64 | u128::from(self.places[v]);
                let mut hit = places & seen;
                any = hit != 0;
                let left = places & !seen;
                self.places[v] = left as u64;
                self.places[n + v] = (left >> 64) as u64;
                while hit != 0 {
                    strike(hit.trailing_zeros() as usize);
                    hit &= hit - 1;
                }
            }
            ref words => {
                for (k, &seen) in words.iter().enumerate() {
                    let places = &mut self.places[k * n + v];
                    let mut hit = *places & seen;
                    any |= hit != 0;
                    *places &= !seen;
                    while hit != 0 {
                        strike(k * 64 + hit.trailing_zeros() as usize);
                        hit &= hit - 1;
                    }
                }
            }
        }
        *self.queued = queued;
        Struck { alive, any }
    }
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
        self.state.cand.resize(cells, 0);
        self.state.value.resize(cells, 0);
        self.state.places.resize(t.cell_words() * t.size, 0);
        self.state.placed.resize(t.house_count(), 0);
        self.state.cleared.resize(t.part_count(), 0);
    }

    /// Sets the board to the givens (`n²` values row by row, 0 for empty), all at once: each
    /// empty cell starts with the values no house of it holds. `Err` when a value is out of
    /// range or given twice in a house. (An empty cell with no value left makes the first
    /// [`Board::propagate`] fail.)
    ///
    /// The work goes given by given and cell by cell rather than house by house: a puzzle has
    /// far fewer givens than a house table has entries, and a cell's peers are one mask.
    pub fn start(&mut self, t: &Tables, givens: &[u16]) -> Result<(), Refused> {
        if givens.len() != t.cell_count() {
            return Err(Refused);
        }
        self.resize(t);
        self.state.cleared.fill(0);
        self.state.placed.fill(0);
        self.unchecked.fill(t.house_count());
        self.unlocked.fill(t.house_count());
        // The given cells are listed without a branch: each is written at the end of the list
        // and kept by moving the end past it (a branch on the given would be mispredicted at
        // random).
        self.given.resize(t.cell_count(), 0);
        let mut count = 0;
        let mut bad = false;
        for (cell, (value, &v)) in self.state.value.iter_mut().zip(givens).enumerate() {
            bad |= usize::from(v) > t.size;
            // At most 64 unless refused below, so it fits.
            *value = v as u8;
            self.given[count] = cell as u16;
            count += usize::from(v != 0);
        }
        self.given.truncate(count);
        if bad {
            return Err(Refused);
        }
        for &cell in &self.given {
            let bit = 1 << (self.state.value[usize::from(cell)] - 1);
            for &h in t.houses_of(usize::from(cell)) {
                let placed = &mut self.state.placed[usize::from(h)];
                bad |= *placed & bit != 0;
                *placed |= bit;
            }
        }
        if bad {
            return Err(Refused);
        }
        self.state.left = t.cell_count() - count;
        self.start_places(t);
        self.start_masks(t);
        Ok(())
    }

    /// Sets each empty cell's mask to the values no house of it holds (from `placed`), and
    /// each given's to 0, and queues the cells left with one value or none. A cell's row,
    /// column and region are found by position, with no table of houses per cell to walk; the
    /// extra regions, if any, go first, house by house.
    fn start_masks(&mut self, t: &Tables) {
        let Some(region_of) = t.regions() else {
            return self.start_masks_by_houses(t);
        };
        let n = t.size;
        let (lines, rest) = self.state.placed.split_at(2 * n);
        let (rows, columns) = lines.split_at(n);
        let (regions, extras) = rest.split_at(n);
        // Until it is set, a cell's mask holds what its extra regions hold (kept by `extra`).
        let extra = if extras.is_empty() {
            0
        } else {
            self.state.cand.fill(0);
            for (h, &values) in (3 * n..).zip(extras) {
                for &cell in t.house(h) {
                    self.state.cand[usize::from(cell)] |= values;
                }
            }
            u64::MAX
        };
        // The cells with one value go to the queue without a branch, like the givens. (The
        // queue is empty here.) An empty cell with no value is queued too: placing it fails,
        // so the first propagation reports the contradiction.
        self.queue.clear();
        self.queue.resize(2 * t.cell_count() + 1, 0);
        let queue = &mut self.queue[..];
        let mut queued = 0;
        let cells = self
            .state
            .cand
            .chunks_exact_mut(n)
            .zip(self.state.value.chunks_exact(n))
            .zip(region_of.chunks_exact(n));
        for (((masks, values), region_of), (r, &row)) in cells.zip(rows.iter().enumerate()) {
            let cells = masks.iter_mut().zip(values).zip(region_of).zip(columns);
            for (c, (((m, &v), &region), &column)) in cells.enumerate() {
                let taken = row | column | regions[usize::from(region)] | (*m & extra);
                let empty = v == 0;
                // All ones for an empty cell, 0 for a given.
                *m = t.full & !taken & 0u64.wrapping_sub(u64::from(empty));
                queue[queued] = (r * n + c) as u16;
                queued += usize::from(empty & (*m & m.wrapping_sub(1) == 0));
            }
        }
        self.queued = queued;
    }

    /// [`start_masks`](Self::start_masks) for a shape of any houses, which has no rows and
    /// columns to find by position: each empty cell's values are those none of its houses holds.
    fn start_masks_by_houses(&mut self, t: &Tables) {
        self.queue.clear();
        self.queue.resize(2 * t.cell_count() + 1, 0);
        let mut queued = 0;
        for (cell, (m, &v)) in self
            .state
            .cand
            .iter_mut()
            .zip(&self.state.value)
            .enumerate()
        {
            let taken = t
                .houses_of(cell)
                .iter()
                .fold(0, |taken, &h| taken | self.state.placed[usize::from(h)]);
            *m = if v == 0 { t.full & !taken } else { 0 };
            if v == 0 && *m & m.wrapping_sub(1) == 0 {
                // At most 64 * 64 cells: the number fits.
                self.queue[queued] = cell as u16;
                queued += 1;
            }
        }
        self.queued = queued;
    }

    /// Fills `places` from the values and givens of a board being started: value `v` may go
    /// in the empty cells that are not peers of a given `v`.
    fn start_places(&mut self, t: &Tables) {
        let n = t.size;
        let places = &mut self.state.places[..];
        for (values, cells) in places.chunks_exact_mut(n).zip(self.state.value.chunks(64)) {
            let open = cells
                .iter()
                .enumerate()
                .fold(0, |m, (i, &v)| m | u64::from(v == 0) << i);
            values.fill(open);
        }
        for &cell in &self.given[..] {
            let cell = usize::from(cell);
            let v = usize::from(self.state.value[cell]) - 1;
            for (k, &peers) in t.peer_mask(cell).iter().enumerate() {
                places[k * n + v] &= !peers;
            }
        }
    }

    /// Takes value `v + 1` out of the candidates of `cell` on a board just started: it then
    /// holds the solutions where the cell has another value. False when the cell is left with
    /// none. (A given has no candidates left to take.)
    pub fn strike_one(&mut self, t: &Tables, cell: usize, v: usize) -> bool {
        // At most 64 x 64 cells: 64 words.
        let mut cells = [0u64; 64];
        cells[cell / 64 % 64] = 1 << (cell % 64);
        self.strike(t, &cells[..t.cell_words()], v).alive
    }

    /// Keeps the board's state in `snapshot`, reusing its buffers.
    pub fn save(&self, snapshot: &mut Snapshot) {
        snapshot.copy_from(&self.state);
    }

    /// Returns to the state kept in `snapshot` (saved from a board of the same shape).
    pub fn restore(&mut self, snapshot: &Snapshot) {
        self.state.copy_from(snapshot);
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
    #[inline(always)]
    fn place(&mut self, t: &Tables, cell: usize, bit: u64) -> bool {
        if self.state.cand[cell] & bit == 0 {
            return false;
        }
        self.state.cand[cell] = 0;
        // A bit of a u64: at most 64.
        let v = bit.trailing_zeros() as usize;
        self.state.value[cell] = v as u8 + 1;
        self.state.left -= 1;
        for &h in t.houses_of(cell) {
            self.state.placed[usize::from(h)] |= bit;
        }
        self.touch(t, cell);
        // The cell leaves the places of every value, held or not: no branch per value.
        let (word, cell_bit) = (cell / 64, 1u64 << (cell % 64));
        for places in &mut self.state.places[word * t.size..(word + 1) * t.size] {
            *places &= !cell_bit;
        }
        self.strike(t, t.peer_mask(cell), v).alive
    }

    /// Takes value `v` out of the masks of `cells` (given as bits), queueing those left with one
    /// value and marking their houses to check again.
    fn strike(&mut self, t: &Tables, cells: &[u64], v: usize) -> Struck {
        // The houses of the cells that lose the value gather in registers when they fit in a
        // few words (up to 64 houses: sides up to 21; 128: up to 42; 192: all the rest without
        // extra regions), rather than going to memory word by word for every such cell.
        let bits = t.house_bits_all();
        match self.unchecked.0.len() {
            1 => self.strike_gathered::<1>(t, cells, v, bits),
            2 => self.strike_gathered::<2>(t, cells, v, bits),
            3 => self.strike_gathered::<3>(t, cells, v, bits),
            _ => {
                let (mut strike, unchecked) = self.striking(t, v);
                strike.run(cells, |cell| unchecked.insert_all(t.house_bits(cell)))
            }
        }
    }

    /// [`Striking::run`] for shapes whose house sets take `W` words (`bits` holds `W` words per
    /// cell), with the houses that change gathered in registers.
    #[inline(always)]
    fn strike_gathered<const W: usize>(
        &mut self,
        t: &Tables,
        cells: &[u64],
        v: usize,
        bits: &[u64],
    ) -> Struck {
        let mut dirty = [0u64; W];
        let (mut strike, unchecked) = self.striking(t, v);
        let struck = strike.run(cells, |cell| {
            for (k, d) in dirty.iter_mut().enumerate() {
                *d |= bits[cell * W + k];
            }
        });
        for (mine, d) in unchecked.0.iter_mut().zip(dirty) {
            *mine |= d;
        }
        struck
    }

    /// The parts of the board that taking value `v` out of some cells changes, and the houses
    /// to check again, apart.
    fn striking<'a>(&'a mut self, t: &'a Tables, v: usize) -> (Striking<'a>, &'a mut Dirty) {
        let strike = Striking {
            n: t.size,
            v,
            bit: 1 << v,
            cand: &mut self.state.cand,
            places: &mut self.state.places,
            queue: &mut self.queue,
            queued: &mut self.queued,
        };
        (strike, &mut self.unchecked)
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
                if self.state.value[cell] == 0 && !self.place(t, cell, self.state.cand[cell]) {
                    return false;
                }
            }
            let Some(h) = self.unchecked.pop() else {
                return true;
            };
            // A full house has nothing to say (about a quarter of the houses popped): one
            // comparison instead of a scan of its cells.
            if self.state.placed[h] == t.full {
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
            let open = t.full & !self.state.placed[a];
            if open == 0 {
                continue;
            }
            for family in t.families(a) {
                let (part_of, parts) = t.part_of(family);
                // The values of each part; the cells in no part go last. (At most MAX_PARTS
                // parts, and a byte index is masked to stay in the array.)
                let mut values = [0u64; MAX_PARTS + 1];
                for (&cell, &k) in t.house(a).iter().zip(part_of) {
                    values[usize::from(k) & MAX_PARTS] |= self.state.cand[usize::from(cell)];
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
                    let locked = m & alone & !self.state.cleared[part];
                    if locked == 0 {
                        continue;
                    }
                    self.state.cleared[part] |= locked;
                    let mut values = locked;
                    while values != 0 {
                        let v = values.trailing_zeros() as usize;
                        values &= values - 1;
                        let struck = self.strike(t, t.b_only(family, k), v);
                        if !struck.alive {
                            return None;
                        }
                        removed |= struck.any;
                    }
                }
            }
        }
        Some(removed)
    }

    /// The first cell of house `h` where the value `bit` may go.
    fn first_place(&self, t: &Tables, h: usize, bit: u64) -> Option<usize> {
        let v = bit.trailing_zeros() as usize;
        let (first, house) = t.house_span(h);
        (first..)
            .zip(house)
            .map(|(k, &m)| (k, self.state.places[k * t.size + v] & m))
            .find(|&(_, p)| p != 0)
            .map(|(k, p)| k * 64 + p.trailing_zeros() as usize)
    }

    /// Places the values of house `h` that have one place left; false on a contradiction (a
    /// value with no place).
    fn hidden_singles(&mut self, t: &Tables, h: usize) -> bool {
        let cells = t.house(h);
        let (mut once, mut twice) = (0u64, 0u64);
        for &cell in cells {
            let m = self.state.cand[usize::from(cell)];
            twice |= once & m;
            once |= m;
        }
        if once | self.state.placed[h] != t.full {
            return false;
        }
        let mut hidden = once & !twice;
        while hidden != 0 {
            let bit = hidden & hidden.wrapping_neg();
            hidden ^= bit;
            // Placing an earlier hidden single of this house may have taken this value's only
            // cell: then the value has no place.
            let Some(cell) = self.first_place(t, h, bit) else {
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
        for (cell, &m) in self.state.cand.iter().enumerate() {
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
        (Target::Cell(best.1 as u16), self.state.cand[best.1])
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
                let m = self.state.cand[usize::from(cell)];
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
            .filter(|&(_, &c)| self.state.cand[usize::from(c)] & bit != 0)
            .fold(0u64, |m, (k, _)| m | 1 << k);
        let target = Target::Place {
            house: h as u16,
            bit,
        };
        Some((target, places))
    }

    /// Writes each cell's candidates: bit `v - 1` for value `v`, one bit for a placed cell.
    pub fn write_candidates(&self, out: &mut Vec<u64>) {
        out.clear();
        let state = &self.state;
        out.extend(state.cand.iter().zip(&state.value).map(|(&mask, &value)| {
            if value == 0 {
                mask
            } else {
                1 << (value - 1)
            }
        }));
    }

    /// Writes the values of a solved board.
    pub fn write_solution(&self, out: &mut Vec<u16>) {
        out.clear();
        out.extend(self.state.value.iter().map(|&v| u16::from(v)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::fastn::SolverN;
    use crate::sudoku::FastPath;
    use crate::sudoku::Shape;

    /// Whether `places` holds exactly the options of `cand`.
    fn places_agree(board: &Board, t: &Tables) -> bool {
        (0..t.cell_count()).all(|cell| {
            (0..t.size).all(|v| {
                let place = board.state.places[cell / 64 * t.size + v] >> (cell % 64) & 1;
                place == board.state.cand[cell] >> v & 1
            })
        })
    }

    /// Starts boards from solved grids with cells emptied at random, propagates and guesses,
    /// checking that the places agree with the masks at every step.
    #[test]
    fn places_follow_the_masks() {
        let shapes = [
            Shape::standard(4).unwrap(),
            Shape::standard(9).unwrap(),
            Shape::standard(9).unwrap().with_diagonals(),
            Shape::boxes(3, 4).unwrap(),
            Shape::standard(16).unwrap(),
        ];
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for shape in &shapes {
            let t = Tables::new(shape).unwrap();
            let mut solver = SolverN::new(shape).unwrap();
            assert_eq!(solver.run(&vec![0; t.cell_count()], 1), Some(1));
            let grid = solver.first().unwrap().to_vec();
            for keep in [2, 3, 5] {
                let givens: Vec<u16> = grid
                    .iter()
                    .map(|&v| if random() % keep == 0 { v } else { 0 })
                    .collect();
                let mut board = Board::default();
                assert_eq!(board.start(&t, &givens), Ok(()));
                assert!(places_agree(&board, &t));
                while board.propagate(&t) && board.state.left > 0 {
                    assert!(places_agree(&board, &t));
                    let (target, options) = board.branch(&t);
                    let option = options & options.wrapping_neg();
                    board.choose(&t, target, option);
                    assert!(places_agree(&board, &t));
                }
                assert!(places_agree(&board, &t));
            }
        }
    }
}
