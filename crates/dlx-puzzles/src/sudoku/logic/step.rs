//! A step of a logical solution: what was found, what it places and removes, and why.

use std::fmt;

use super::grid::Grid;

/// The techniques, named as players name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Technique {
    /// The last empty cell of a house.
    FullHouse,
    /// A value with one place left in a house.
    HiddenSingle,
    /// Locked candidates of a region in a line that leave a hidden single.
    DirectPointing,
    /// Locked candidates of a line in a region that leave a hidden single.
    DirectClaiming,
    /// A hidden pair that leaves a hidden single.
    DirectHiddenPair,
    /// A cell with one candidate left.
    NakedSingle,
    /// A hidden triple that leaves a hidden single.
    DirectHiddenTriple,
    /// A value of a region confined to one line.
    Pointing,
    /// A value of a line confined to one region.
    Claiming,
    /// Two cells of a house with the same two candidates.
    NakedPair,
    /// Fish of size 2.
    XWing,
    /// Two values of a house confined to two cells.
    HiddenPair,
    /// Three cells of a house with three candidates between them.
    NakedTriple,
    /// Fish of size 3.
    Swordfish,
    /// Three values of a house confined to three cells.
    HiddenTriple,
    /// Two conjugate pairs on parallel lines, joined at one end.
    Skyscraper,
    /// A conjugate pair in a row and one in a column, joined in a box.
    TwoStringKite,
    /// A pivot and two pincers.
    XyWing,
    /// A three-candidate pivot and two pincers.
    XyzWing,
    /// Two equal bivalue cells joined by a conjugate pair.
    WWing,
    /// A finned X-Wing.
    FinnedXWing,
    /// A finned Swordfish.
    FinnedSwordfish,
    /// A finned Jellyfish.
    FinnedJellyfish,
    /// Two colours of a value's conjugate pairs.
    SimpleColoring,
    /// A deadly rectangle avoided.
    UniqueRectangle,
    /// Four cells of a house with four candidates between them.
    NakedQuad,
    /// Fish of size 4.
    Jellyfish,
    /// Four values of a house confined to four cells.
    HiddenQuad,
    /// Bivalue universal grave plus one.
    BugPlusOne,
    /// Bivalue universal grave of types 2 to 4: several cells besides it.
    Bug,
    /// Two cells whose pairs of values are limited by the bivalue cells that see both.
    AlignedPairExclusion,
    /// A loop of strong and weak links.
    BidirectionalCycle,
    /// An X-chain: one value, alternating links.
    XChain,
    /// An XY-chain: bivalue cells.
    XyChain,
    /// An alternating inference chain.
    Aic,
    /// A contradiction reached from one value alone (Nishio).
    NishioForcingChain,
    /// Every candidate of a cell leads to the same conclusion.
    CellForcingChain,
    /// Every place of a value in a house leads to the same conclusion.
    RegionForcingChain,
    /// A candidate and its negation lead to the same conclusion, or one leads to a
    /// contradiction, following changes of the grid.
    DynamicForcingChain,
    /// Dynamic forcing chains that also use locked candidates, pairs and X-Wings.
    DynamicForcingChainPlus,
    /// Forcing chains inside forcing chains.
    NestedForcingChain,
}

impl Technique {
    /// The name printed for this technique.
    pub fn name(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse => "Full House",
            HiddenSingle => "Hidden Single",
            DirectPointing => "Direct Pointing",
            DirectClaiming => "Direct Claiming",
            DirectHiddenPair => "Direct Hidden Pair",
            NakedSingle => "Naked Single",
            DirectHiddenTriple => "Direct Hidden Triplet",
            Pointing => "Pointing",
            Claiming => "Claiming",
            NakedPair => "Naked Pair",
            XWing => "X-Wing",
            HiddenPair => "Hidden Pair",
            NakedTriple => "Naked Triplet",
            Swordfish => "Swordfish",
            HiddenTriple => "Hidden Triplet",
            Skyscraper => "Skyscraper",
            TwoStringKite => "2-String Kite",
            XyWing => "XY-Wing",
            XyzWing => "XYZ-Wing",
            WWing => "W-Wing",
            FinnedXWing => "Finned X-Wing",
            FinnedSwordfish => "Finned Swordfish",
            FinnedJellyfish => "Finned Jellyfish",
            SimpleColoring => "Simple Coloring",
            UniqueRectangle => "Unique Rectangle",
            NakedQuad => "Naked Quad",
            Jellyfish => "Jellyfish",
            HiddenQuad => "Hidden Quad",
            BugPlusOne => "BUG+1",
            Bug => "BUG",
            AlignedPairExclusion => "Aligned Pair Exclusion",
            BidirectionalCycle => "Bidirectional Cycle",
            XChain => "X-Chain",
            XyChain => "XY-Chain",
            Aic => "Forcing Chain",
            NishioForcingChain => "Nishio Forcing Chains",
            CellForcingChain => "Cell Forcing Chains",
            RegionForcingChain => "Region Forcing Chains",
            DynamicForcingChain => "Dynamic Forcing Chains",
            DynamicForcingChainPlus => "Dynamic Forcing Chains (+)",
            NestedForcingChain => "Nested Forcing Chains",
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One step: the technique, its pattern, what it places and removes, one line of explanation,
/// and its difficulty on Sudoku Explainer's scale.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The houses of the pattern (for locked candidates and fish: the base houses, then the
    /// cover houses), by number in [`Board::houses`](super::grid::Board::houses).
    pub houses: Vec<usize>,
    /// The cells and candidates of the pattern, as `(cell, value)`.
    pub pattern: Vec<(usize, u16)>,
    /// The values placed, as `(cell, value)`.
    pub placements: Vec<(usize, u16)>,
    /// The candidates removed, as `(cell, value)`.
    pub eliminations: Vec<(usize, u16)>,
    /// One line of explanation.
    pub text: String,
    /// The difficulty in tenths (12 for 1.2) on Sudoku Explainer's scale.
    pub difficulty: u16,
}

impl Step {
    /// A step that places `value` in `cell` and removes nothing: a single.
    pub fn single(
        technique: Technique,
        houses: Vec<usize>,
        (cell, value): (usize, u16),
        text: String,
        difficulty: u16,
    ) -> Step {
        Step {
            technique,
            houses,
            pattern: vec![(cell, value)],
            placements: vec![(cell, value)],
            eliminations: Vec::new(),
            text,
            difficulty,
        }
    }

    /// Applies this step to `grid`: eliminations first, then placements.
    pub fn apply(&self, grid: &mut Grid) {
        for &(cell, value) in &self.eliminations {
            grid.eliminate(cell, value);
        }
        for &(cell, value) in &self.placements {
            if grid.value(cell) == 0 {
                grid.place(cell, value);
            }
        }
    }

    /// Whether applying this step changes `grid`.
    pub fn changes(&self, grid: &Grid) -> bool {
        self.placements.iter().any(|&(c, _)| grid.value(c) == 0)
            || self.eliminations.iter().any(|&(c, v)| grid.has(c, v))
    }
}
