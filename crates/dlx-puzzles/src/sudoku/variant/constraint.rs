//! The constraints of a variant puzzle, as setters and ISS state them.
//!
//! Cells are numbered row by row from 0; values run from 1 to the grid's side `n`. Lines keep
//! the order the setter drew them in (a thermometer from its bulb, an arrow from its circle), so
//! a constraint can be written back as it was read. Each rule is stated on a full grid by
//! `check` (the checker), one function per kind.

/// A row or a column, from 0, as outside clues name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// Row `r`, read left to right (right to left from its far end).
    Row(usize),
    /// Column `c`, read top to bottom (bottom to top from its far end).
    Column(usize),
}

impl Line {
    /// The cells of the line on a grid of side `n`, from its top or left end.
    pub fn cells(self, n: usize) -> Vec<usize> {
        match self {
            Line::Row(r) => (0..n).map(|c| r * n + c).collect(),
            Line::Column(c) => (0..n).map(|r| r * n + c).collect(),
        }
    }

    fn index(self) -> usize {
        match self {
            Line::Row(k) | Line::Column(k) => k,
        }
    }
}

/// Which diagonal of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Diagonal {
    /// `\`: from the top-left corner to the bottom-right one (ISS's direction `-1`).
    Main,
    /// `/`: from the top-right corner to the bottom-left one (ISS's direction `1`).
    Anti,
}

impl Diagonal {
    /// Its cells on a grid of side `n`, from the top row down.
    pub fn cells(self, n: usize) -> Vec<usize> {
        match self {
            Diagonal::Main => (0..n).map(|r| r * n + r).collect(),
            Diagonal::Anti => (0..n).map(|r| r * n + (n - 1 - r)).collect(),
        }
    }
}

/// Which way an indexing constraint points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Indexing {
    /// Column indexing: a cell in column `c` holding `v` says that column `v` of its row holds
    /// `c` (both from 1).
    Column,
    /// Row indexing: a cell in row `r` holding `v` says that row `v` of its column holds `r`
    /// (both from 1).
    Row,
}

/// A constraint of a variant puzzle, over cells numbered row by row from 0.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Constraint {
    /// A killer cage: its cells hold distinct values, adding up to `sum` when one is given.
    Cage {
        /// The cells, as listed.
        cells: Vec<usize>,
        /// The total, or `None` for a cage of distinct values only.
        sum: Option<u32>,
    },
    /// The cells, each times its coefficient (1 when none are given), add up to `sum`; values
    /// may repeat.
    Sum {
        /// The cells.
        cells: Vec<usize>,
        /// The total.
        sum: i32,
        /// One coefficient per cell, or `None` for all 1.
        coefficients: Option<Vec<i32>>,
    },
    /// A rellik cage: distinct values, no one of which nor any sum of several is `sum`.
    RellikCage {
        /// The cells.
        cells: Vec<usize>,
        /// The total no choice of the cage's values may reach.
        sum: u32,
    },
    /// An equality cage: distinct values, as many even as odd, and as many low (`1..=n/2`) as
    /// high (the top `n/2` values); on an odd side the middle value is neither, so it is out.
    EqualityCage {
        /// The cells.
        cells: Vec<usize>,
    },
    /// A thermometer: values strictly increase from the bulb (the first cell).
    Thermo {
        /// From the bulb to the tip.
        cells: Vec<usize>,
    },
    /// An arrow: the values on the shaft add up to the value in the circle.
    Arrow {
        /// The circle.
        circle: usize,
        /// The shaft, from the circle out.
        shaft: Vec<usize>,
    },
    /// A pill arrow: the values on the shaft add up to the number the pill's cells spell in
    /// reading order (row by row, left to right), each after the first a single decimal digit.
    PillArrow {
        /// The pill's 2 or 3 cells, as listed.
        pill: Vec<usize>,
        /// The shaft.
        shaft: Vec<usize>,
    },
    /// A double arrow: the values between the two ends add up to the two ends' values.
    DoubleArrow {
        /// From one circle to the other, circles included.
        cells: Vec<usize>,
    },
    /// A little killer: the values along a diagonal, repeats allowed, add up to `sum`. The
    /// diagonal starts at an edge cell and runs as ISS reads a clue there: from the left edge
    /// down-right, from the right edge up-left, from the top edge down-left, from the bottom
    /// edge up-right.
    LittleKiller {
        /// The total.
        sum: u32,
        /// The diagonal's cells, from the clue's end (see [`little_killer_cells`]).
        cells: Vec<usize>,
    },
    /// A sandwich: the values between the 1 and the `n` of a row or column add up to `sum`.
    Sandwich {
        /// The row or column.
        line: Line,
        /// The total.
        sum: u32,
    },
    /// X-sums: the first `x` values of the line from a clued end add up to the clue, where `x`
    /// is the value in the first cell from that end.
    XSum {
        /// The row or column.
        line: Line,
        /// The clue at the top or left end.
        front: Option<u32>,
        /// The clue at the bottom or right end.
        back: Option<u32>,
    },
    /// Skyscrapers: seen from a clued end, exactly that many values are larger than every value
    /// before them.
    Skyscraper {
        /// The row or column.
        line: Line,
        /// The clue at the top or left end.
        front: Option<u32>,
        /// The clue at the bottom or right end.
        back: Option<u32>,
    },
    /// Numbered rooms: from a clued end, the `x`-th cell holds the clue, where `x` is the value
    /// in the first cell from that end.
    NumberedRoom {
        /// The row or column.
        line: Line,
        /// The clue at the top or left end.
        front: Option<u32>,
        /// The clue at the bottom or right end.
        back: Option<u32>,
    },
    /// Kropki white dots: every two orthogonally adjacent cells of the list hold consecutive
    /// values.
    WhiteDot {
        /// The cells (usually two).
        cells: Vec<usize>,
    },
    /// Kropki black dots: of every two orthogonally adjacent cells of the list, one holds twice
    /// the other's value.
    BlackDot {
        /// The cells (usually two).
        cells: Vec<usize>,
    },
    /// X: every two orthogonally adjacent cells of the list add up to 10.
    X {
        /// The cells (usually two).
        cells: Vec<usize>,
    },
    /// V: every two orthogonally adjacent cells of the list add up to 5.
    V {
        /// The cells (usually two).
        cells: Vec<usize>,
    },
    /// Greater than: a cell of the list holds more than every orthogonally adjacent cell listed
    /// after it.
    GreaterThan {
        /// The cells, larger first.
        cells: Vec<usize>,
    },
    /// Every dot is given: two orthogonally adjacent cells not joined by a white or black dot
    /// hold neither consecutive values nor one twice the other.
    StrictKropki,
    /// Every X and V is given: two orthogonally adjacent cells not marked X or V add up to
    /// neither 5 nor 10.
    StrictXV,
    /// A whisper line: neighbours on the line differ by at least `difference` (5: German
    /// whispers).
    Whisper {
        /// The least difference.
        difference: u32,
        /// The line.
        cells: Vec<usize>,
    },
    /// A renban line: distinct values that form a run of consecutive numbers, in any order.
    Renban {
        /// The line.
        cells: Vec<usize>,
    },
    /// A palindrome line: the values read the same from either end.
    Palindrome {
        /// The line.
        cells: Vec<usize>,
    },
    /// A between line: every value inside the line lies strictly between the values at its ends.
    Between {
        /// The line, from one end to the other.
        cells: Vec<usize>,
    },
    /// A lockout line: the ends differ by at least `min_diff`, and every value inside the line
    /// lies outside the range from one end's value to the other's (ends included).
    Lockout {
        /// The least difference of the ends.
        min_diff: u32,
        /// The line, from one end to the other.
        cells: Vec<usize>,
    },
    /// A zipper line: cells the same distance from the middle add up to the same total, which,
    /// on a line of odd length, is the value in the middle.
    Zipper {
        /// The line.
        cells: Vec<usize>,
    },
    /// A sum line: the line cuts into consecutive segments that each add up to `sum`; on a
    /// loop, the segments may start anywhere round it.
    SumLine {
        /// Each segment's total.
        sum: u32,
        /// The line.
        cells: Vec<usize>,
        /// The line closes on itself (ISS's trailing `LOOP`).
        is_loop: bool,
    },
    /// A region sum line: the line's stretches in each region it passes through (a region
    /// entered twice makes two stretches) add up to the same total.
    RegionSumLine {
        /// The line.
        cells: Vec<usize>,
    },
    /// A modular line: every `modulus` consecutive cells of the line hold values that differ
    /// modulo `modulus` (so cells `modulus` apart are equal modulo it).
    Modular {
        /// The modulus.
        modulus: u32,
        /// The line.
        cells: Vec<usize>,
    },
    /// An entropic line: every three consecutive cells hold one low (1-3), one middle (4-6) and
    /// one high (7-9) value (a line of two: different groups). For values 1..9.
    Entropic {
        /// The line.
        cells: Vec<usize>,
    },
    /// No two cells a knight's move apart hold the same value.
    AntiKnight,
    /// No two cells a king's move apart hold the same value.
    AntiKing,
    /// No two orthogonally adjacent cells hold consecutive values.
    AntiConsecutive,
    /// No two cells holding the same value `v` lie exactly `v` steps apart, counting steps along
    /// rows and columns.
    AntiTaxicab,
    /// A diagonal of the grid holds distinct values.
    Diagonal(Diagonal),
    /// Windoku: the windows (the `k x k` squares one cell in from the boxes, on a side
    /// `n = k * k`) hold distinct values.
    Windoku,
    /// Disjoint sets: the cells at one position of every box (of the usual box shape for the
    /// side) hold distinct values.
    DisjointSets,
    /// Clones: the cells, cut into `sets` consecutive sets of equal size, hold the same values in
    /// every set, counted with repeats.
    SameValues {
        /// How many sets.
        sets: u32,
        /// The cells of every set, one set after the other.
        cells: Vec<usize>,
    },
    /// A quadruple: the 2x2 square whose top-left cell is `top_left` holds every value listed
    /// (a value listed twice, twice).
    Quad {
        /// The square's top-left cell.
        top_left: usize,
        /// The values it must hold.
        values: Vec<u8>,
    },
    /// A lunchbox: distinct values; those between the cells of the smallest and the largest
    /// value add up to `sum`.
    Lunchbox {
        /// The total.
        sum: u32,
        /// The line.
        cells: Vec<usize>,
    },
    /// Indexing: for each cell listed, its value points to a cell of its row (column indexing)
    /// or column (row indexing) that holds the listed cell's column (or row) number.
    Indexing {
        /// Which way the cells point.
        by: Indexing,
        /// The indexing cells.
        cells: Vec<usize>,
    },
    /// Value indexing: with `d` the value of the second cell, the cell `d` places after it
    /// along the line holds the first cell's value.
    ValueIndexing {
        /// The first cell, the control cell, then the cells it counts along.
        cells: Vec<usize>,
    },
    /// Counting circles: a value `v` in a circle means exactly `v` of the circles hold `v`.
    CountingCircles {
        /// The circles.
        cells: Vec<usize>,
    },
    /// Every 2x2 square of the grid holds a value of each class modulo 3.
    GlobalMod,
    /// Every 2x2 square of the grid holds a low (1-3), a middle (4-6) and a high (7-9) value.
    GlobalEntropy,
    /// A cell's candidates: its value is one of `values` (pencil marks, odd or even cells).
    Allowed {
        /// The cell.
        cell: usize,
        /// The values it may hold.
        values: Vec<u8>,
    },
}

impl Constraint {
    /// The kind, in words, as the checker names it.
    pub fn name(&self) -> &'static str {
        match self {
            Constraint::Cage { .. } => "killer cage",
            Constraint::Sum { .. } => "sum",
            Constraint::RellikCage { .. } => "rellik cage",
            Constraint::EqualityCage { .. } => "equality cage",
            Constraint::Thermo { .. } => "thermometer",
            Constraint::Arrow { .. } => "arrow",
            Constraint::PillArrow { .. } => "pill arrow",
            Constraint::DoubleArrow { .. } => "double arrow",
            Constraint::LittleKiller { .. } => "little killer",
            Constraint::Sandwich { .. } => "sandwich",
            Constraint::XSum { .. } => "x-sum",
            Constraint::Skyscraper { .. } => "skyscraper",
            Constraint::NumberedRoom { .. } => "numbered room",
            Constraint::WhiteDot { .. } => "white dot",
            Constraint::BlackDot { .. } => "black dot",
            Constraint::X { .. } => "X",
            Constraint::V { .. } => "V",
            Constraint::GreaterThan { .. } => "greater than",
            Constraint::StrictKropki => "strict kropki",
            Constraint::StrictXV => "strict XV",
            Constraint::Whisper { .. } => "whisper",
            Constraint::Renban { .. } => "renban",
            Constraint::Palindrome { .. } => "palindrome",
            Constraint::Between { .. } => "between line",
            Constraint::Lockout { .. } => "lockout line",
            Constraint::Zipper { .. } => "zipper",
            Constraint::SumLine { .. } => "sum line",
            Constraint::RegionSumLine { .. } => "region sum line",
            Constraint::Modular { .. } => "modular line",
            Constraint::Entropic { .. } => "entropic line",
            Constraint::AntiKnight => "anti-knight",
            Constraint::AntiKing => "anti-king",
            Constraint::AntiConsecutive => "anti-consecutive",
            Constraint::AntiTaxicab => "anti-taxicab",
            Constraint::Diagonal(_) => "diagonal",
            Constraint::Windoku => "windoku",
            Constraint::DisjointSets => "disjoint sets",
            Constraint::SameValues { .. } => "same values",
            Constraint::Quad { .. } => "quadruple",
            Constraint::Lunchbox { .. } => "lunchbox",
            Constraint::Indexing { .. } => "indexing",
            Constraint::ValueIndexing { .. } => "value indexing",
            Constraint::CountingCircles { .. } => "counting circles",
            Constraint::GlobalMod => "global mod 3",
            Constraint::GlobalEntropy => "global entropy",
            Constraint::Allowed { .. } => "candidates",
        }
    }

    /// The cells the constraint lists (a pill's and a shaft's, a circle's), empty for the
    /// rules over the whole grid and the outside clues.
    pub fn cells(&self) -> Vec<usize> {
        match self {
            Constraint::Cage { cells, .. }
            | Constraint::Sum { cells, .. }
            | Constraint::RellikCage { cells, .. }
            | Constraint::EqualityCage { cells }
            | Constraint::Thermo { cells }
            | Constraint::DoubleArrow { cells }
            | Constraint::LittleKiller { cells, .. }
            | Constraint::WhiteDot { cells }
            | Constraint::BlackDot { cells }
            | Constraint::X { cells }
            | Constraint::V { cells }
            | Constraint::GreaterThan { cells }
            | Constraint::Whisper { cells, .. }
            | Constraint::Renban { cells }
            | Constraint::Palindrome { cells }
            | Constraint::Between { cells }
            | Constraint::Lockout { cells, .. }
            | Constraint::Zipper { cells }
            | Constraint::SumLine { cells, .. }
            | Constraint::RegionSumLine { cells }
            | Constraint::Modular { cells, .. }
            | Constraint::Entropic { cells }
            | Constraint::SameValues { cells, .. }
            | Constraint::Lunchbox { cells, .. }
            | Constraint::Indexing { cells, .. }
            | Constraint::ValueIndexing { cells }
            | Constraint::CountingCircles { cells } => cells.clone(),
            Constraint::Arrow { circle, shaft } => std::iter::once(*circle)
                .chain(shaft.iter().copied())
                .collect(),
            Constraint::PillArrow { pill, shaft } => pill.iter().chain(shaft).copied().collect(),
            Constraint::Quad { top_left, .. } => vec![*top_left],
            Constraint::Allowed { cell, .. } => vec![*cell],
            Constraint::Sandwich { .. }
            | Constraint::XSum { .. }
            | Constraint::Skyscraper { .. }
            | Constraint::NumberedRoom { .. }
            | Constraint::StrictKropki
            | Constraint::StrictXV
            | Constraint::AntiKnight
            | Constraint::AntiKing
            | Constraint::AntiConsecutive
            | Constraint::AntiTaxicab
            | Constraint::Diagonal(_)
            | Constraint::Windoku
            | Constraint::DisjointSets
            | Constraint::GlobalMod
            | Constraint::GlobalEntropy => Vec::new(),
        }
    }

    /// Whether the constraint fits a grid of side `n`: its cells and lines inside the grid, a
    /// quadruple's square whole, its values and candidates in `1..=n`.
    pub fn fits(&self, n: usize) -> bool {
        let line_fits = match self {
            Constraint::Sandwich { line, .. }
            | Constraint::XSum { line, .. }
            | Constraint::Skyscraper { line, .. }
            | Constraint::NumberedRoom { line, .. } => line.index() < n,
            Constraint::Quad { top_left, values } => {
                top_left % n + 1 < n
                    && top_left / n + 1 < n
                    && values.iter().all(|&v| v >= 1 && usize::from(v) <= n)
            }
            Constraint::Allowed { values, .. } => {
                values.iter().all(|&v| v >= 1 && usize::from(v) <= n)
            }
            Constraint::SameValues { sets, cells } => {
                *sets > 0 && cells.len() % *sets as usize == 0
            }
            _ => true,
        };
        let cells = self.cells();
        let listed = match self {
            Constraint::Sandwich { .. }
            | Constraint::XSum { .. }
            | Constraint::Skyscraper { .. }
            | Constraint::NumberedRoom { .. } => true,
            _ => !cells.is_empty() || is_global(self),
        };
        line_fits && listed && cells.iter().all(|&c| c < n * n)
    }
}

/// Whether the constraint is a rule over the whole grid, with no cells of its own.
fn is_global(constraint: &Constraint) -> bool {
    matches!(
        constraint,
        Constraint::StrictKropki
            | Constraint::StrictXV
            | Constraint::AntiKnight
            | Constraint::AntiKing
            | Constraint::AntiConsecutive
            | Constraint::AntiTaxicab
            | Constraint::Diagonal(_)
            | Constraint::Windoku
            | Constraint::DisjointSets
            | Constraint::GlobalMod
            | Constraint::GlobalEntropy
    )
}

/// The cells of ISS's little killer diagonal whose clue sits at `start` on a grid of side `n`:
/// from the left edge (rows but the last) down-right, from the right edge (rows but the first
/// and last) up-left, from the top edge (columns but the first) down-left, from the bottom edge
/// (columns but the first and last) up-right. `None` if no clue starts there.
pub fn little_killer_cells(n: usize, start: usize) -> Option<Vec<usize>> {
    if n < 2 || start >= n * n {
        return None;
    }
    let (r, c) = (start / n, start % n);
    let (dr, dc): (isize, isize) = if c == 0 && r < n - 1 {
        (1, 1)
    } else if r == 0 && c >= 1 {
        (1, -1)
    } else if c == n - 1 && r >= 1 && r < n - 1 {
        (-1, -1)
    } else if r == n - 1 && c >= 1 && c < n - 1 {
        (-1, 1)
    } else {
        return None;
    };
    let mut cells = Vec::new();
    let (mut r, mut c) = (r as isize, c as isize);
    let side = n as isize;
    while (0..side).contains(&r) && (0..side).contains(&c) {
        cells.push((r * side + c) as usize);
        r += dr;
        c += dc;
    }
    Some(cells)
}
