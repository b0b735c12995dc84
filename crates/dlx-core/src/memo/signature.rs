//! Sub-problems as signatures, and the branching rule that depends on the signature alone.
//!
//! A signature is a few words: the items the options chosen so far have taken, as bits, then
//! the color each colored secondary item has been given (two colors a word). Which options are
//! still possible is a function of the signature, and so is the item a search branches on.

use crate::Problem;

/// A signature: the taken items as bits, then the colors of the colored secondary items.
pub(super) type Key = Box<[u64]>;

/// What the memoised search needs of a problem, laid out for signatures.
#[derive(Debug)]
pub(super) struct Signatures {
    /// Words of taken-item bits at the start of a key.
    item_words: usize,
    /// Words of the whole key (the taken bits, then two colors a word).
    key_words: usize,
    /// The bits of the primary items, word by word.
    primary_mask: Vec<u64>,
    /// For each option, the words of its items without a color: `(word, bits)`, from
    /// `word_starts[o]` to `word_starts[o + 1]`.
    word_starts: Vec<usize>,
    words: Vec<(usize, u64)>,
    /// For each option, its colored entries: `(item, slot of the item's color, color)`.
    color_starts: Vec<usize>,
    colored: Vec<(usize, usize, u64)>,
    /// For each primary item, the options that cover it, in input order.
    item_starts: Vec<usize>,
    item_options: Vec<usize>,
}

impl Signatures {
    /// The layout of `problem`'s signatures.
    pub(super) fn new(problem: &Problem) -> Signatures {
        let items = problem.item_count();
        let item_words = items.div_ceil(64);
        let mut slots = vec![None; items];
        let mut slot_count = 0usize;
        for option in 0..problem.option_count() {
            for entry in problem.option(option) {
                if entry.color != 0 && slots[entry.item].is_none() {
                    slots[entry.item] = Some(slot_count);
                    slot_count += 1;
                }
            }
        }
        let mut primary_mask = vec![0u64; item_words];
        for item in 0..problem.primary_count() {
            primary_mask[item / 64] |= 1 << (item % 64);
        }
        let (mut word_starts, mut words) = (vec![0], Vec::new());
        let (mut color_starts, mut colored) = (vec![0], Vec::new());
        let mut per_item = vec![Vec::new(); problem.primary_count()];
        for option in 0..problem.option_count() {
            let mut bits: Vec<(usize, u64)> = Vec::new();
            for entry in problem.option(option) {
                if entry.item < problem.primary_count() {
                    per_item[entry.item].push(option);
                }
                match slots[entry.item] {
                    Some(slot) if entry.color != 0 => {
                        colored.push((entry.item, slot, u64::from(entry.color)));
                    }
                    _ => {
                        let (word, bit) = (entry.item / 64, 1u64 << (entry.item % 64));
                        match bits.iter_mut().find(|(w, _)| *w == word) {
                            Some((_, b)) => *b |= bit,
                            None => bits.push((word, bit)),
                        }
                    }
                }
            }
            words.extend(bits);
            word_starts.push(words.len());
            color_starts.push(colored.len());
        }
        let mut item_starts = vec![0];
        let mut item_options = Vec::new();
        for options in per_item {
            item_options.extend(options);
            item_starts.push(item_options.len());
        }
        Signatures {
            item_words,
            key_words: item_words + slot_count.div_ceil(2),
            primary_mask,
            word_starts,
            words,
            color_starts,
            colored,
            item_starts,
            item_options,
        }
    }

    /// The signature of the whole problem: nothing taken.
    pub(super) fn root(&self) -> Key {
        vec![0; self.key_words].into_boxed_slice()
    }

    /// Bytes of one key.
    pub(super) fn key_bytes(&self) -> u64 {
        (self.key_words * 8) as u64
    }

    /// The options of primary `item`, in input order.
    pub(super) fn options_of(&self, item: usize) -> &[usize] {
        &self.item_options[self.item_starts[item]..self.item_starts[item + 1]]
    }

    /// Whether `option` fits the sub-problem `key`: its items without a color are free, and
    /// each colored one is free or has its color.
    pub(super) fn fits(&self, option: usize, key: &[u64]) -> bool {
        let words = &self.words[self.word_starts[option]..self.word_starts[option + 1]];
        words.iter().all(|&(word, bits)| key[word] & bits == 0)
            && self.colored[self.color_starts[option]..self.color_starts[option + 1]]
                .iter()
                .all(|&(item, slot, color)| {
                    key[item / 64] >> (item % 64) & 1 == 0 || self.color_of(key, slot) == color
                })
    }

    /// The color held in `slot` of `key`.
    fn color_of(&self, key: &[u64], slot: usize) -> u64 {
        key[self.item_words + slot / 2] >> (32 * (slot % 2)) & 0xffff_ffff
    }

    /// Takes `option`'s items in `key` (which it fits), setting the colors it gives.
    pub(super) fn take(&self, option: usize, key: &mut [u64]) {
        for &(word, bits) in &self.words[self.word_starts[option]..self.word_starts[option + 1]] {
            key[word] |= bits;
        }
        for &(item, slot, color) in
            &self.colored[self.color_starts[option]..self.color_starts[option + 1]]
        {
            key[item / 64] |= 1 << (item % 64);
            key[self.item_words + slot / 2] |= color << (32 * (slot % 2));
        }
    }

    /// Whether every primary item is taken in `key`.
    pub(super) fn solved(&self, key: &[u64]) -> bool {
        key.iter()
            .zip(&self.primary_mask)
            .all(|(&word, &mask)| word & mask == mask)
    }

    /// The item to branch on in the sub-problem `key` (not solved): the free primary item with
    /// the fewest options that fit, the lowest-numbered among equals; `None` when some free
    /// primary item has no option left (the sub-problem has no solution). Adds the options it
    /// tests to `checks`.
    pub(super) fn branch_item(&self, key: &[u64], checks: &mut u64) -> Option<usize> {
        let mut best: Option<(usize, usize)> = None;
        for (w, (&word, &mask)) in key.iter().zip(&self.primary_mask).enumerate() {
            let mut free = !word & mask;
            while free != 0 {
                let item = w * 64 + free.trailing_zeros() as usize;
                free &= free - 1;
                let bound = best.map_or(usize::MAX, |(_, n)| n);
                let mut n = 0;
                for &option in self.options_of(item) {
                    *checks += 1;
                    if self.fits(option, key) {
                        n += 1;
                        if n >= bound {
                            break;
                        }
                    }
                }
                if n == 0 {
                    return None;
                }
                if n < bound {
                    best = Some((item, n));
                }
            }
        }
        best.map(|(item, _)| item)
    }
}
