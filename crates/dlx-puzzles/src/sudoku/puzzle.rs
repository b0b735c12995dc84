//! A Sudoku puzzle as read from text, before it is checked against a shape: the meeting point of
//! the text formats (`format`) and the model (`shape`, `encode`, `solve`).

/// One puzzle read from an input, with everything needed to print its answer back in kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The side `n` of the grid (9 for the classic puzzle).
    pub size: usize,
    /// The `n * n` cells, row by row: `0` for empty, `1..=n` for a given value.
    pub cells: Vec<u16>,
    /// What the text itself said about the shape, if anything.
    pub shape: ShapeHint,
    /// How the puzzle was written, so that answers are written the same way.
    pub layout: Layout,
    /// Where the puzzle starts in its input (1-based line).
    pub line: usize,
    /// The pencil marks of a candidate grid, cell by cell (bit `v - 1` for value `v`; a given's
    /// one bit too), when the text was one: its cells with one candidate are the givens, and
    /// the marks may be kept as constraints (a cell takes only its listed values).
    pub candidates: Option<Vec<u64>>,
}

impl Puzzle {
    /// An empty grid of side `size` with no shape of its own: where a generator starts, the
    /// shape options then giving it its boxes, regions and extra regions.
    pub fn empty(size: usize) -> Puzzle {
        Puzzle {
            size,
            cells: vec![0; size * size],
            shape: ShapeHint::default(),
            layout: Layout::Json,
            line: 1,
            candidates: None,
        }
    }
}

/// Shape information carried by the text of a puzzle (a JSON record, a jigsaw layout block, ...).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShapeHint {
    /// Box height and width (`r` rows by `c` columns), when the text gives them.
    pub boxes: Option<(usize, usize)>,
    /// A jigsaw layout: for each cell, row by row, its region `0..n`.
    pub regions: Option<Vec<u16>>,
    /// Extra regions (each a list of cell indices) that also need every value once.
    pub extra: Vec<Vec<usize>>,
}

/// The symbols used for values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Alphabet {
    /// `1`-`9` then `A`, `B`, ... for 10, 11, ... (one-based).
    OneBased,
    /// `0`-`9` then `A`, `B`, ... for 1, 2, ... (zero-based hex style: `0` is a value).
    ZeroBased,
    /// `A`, `B`, ... for 1, 2, ... (the 16x16 judge problems).
    Letters,
    /// Decimal numbers separated by blanks (any size).
    Numbers,
}

impl Alphabet {
    /// Every alphabet, in the order of the documentation.
    pub const ALL: [Alphabet; 4] = [
        Alphabet::OneBased,
        Alphabet::ZeroBased,
        Alphabet::Letters,
        Alphabet::Numbers,
    ];
}

/// The text layout of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One puzzle per line.
    Line {
        /// Symbols for values.
        alphabet: Alphabet,
    },
    /// A block of `n` lines (possibly with separators), puzzles separated by blank lines.
    Block {
        /// Symbols for values.
        alphabet: Alphabet,
        /// Whether the input had box separators (`|`, `+---`) or spaces between cells; the
        /// answer is drawn the same way.
        decorated: bool,
        /// How the block was drawn around and between its boxes: [`Frame::Rules`] for a
        /// decorated block without a frame and for an undecorated block (which has neither),
        /// [`Frame::Bands`] for bands separated by blank lines (rows spaced when decorated).
        frame: Frame,
    },
    /// One JSON object per line.
    Json,
}

/// How a decorated block is drawn: the lines around the grid and between its boxes. The answer
/// to a puzzle is drawn in the frame the puzzle came in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Frame {
    /// `|` between boxes and rules between bands (`------+-------+------`), nothing around.
    #[default]
    Rules,
    /// Cells separated by blanks, no bars and no rules (`5 3 . . 7 . . . .`).
    Spaced,
    /// `+-------+-------+-------+` around the grid and between bands, `|` at both ends of a row.
    Plus,
    /// Simple Sudoku's: `*-----------*` above and below, rows `|53.|.7.|...|` without blanks,
    /// `|---+---+---|` between bands.
    Star,
    /// The forum's (Sudoku Explainer, HoDoKu): `.-------.-------.-------.` above,
    /// `:-------+-------+-------:` between bands and `'-------'-------'-------'` below.
    Dots,
    /// Unicode box drawing in light lines: `┌───┬───┐`, `│`, `├───┼───┤`, `└───┴───┘`.
    Light,
    /// Unicode box drawing in double lines: `╔═══╦═══╗`, `║`, `╠═══╬═══╣`, `╚═══╩═══╝`.
    Double,
    /// Bands of rows separated by blank lines, no bars and no rules.
    Bands,
}

impl Frame {
    /// Every frame a block is drawn in, in the order of the documentation.
    pub const ALL: [Frame; 8] = [
        Frame::Rules,
        Frame::Spaced,
        Frame::Plus,
        Frame::Star,
        Frame::Dots,
        Frame::Light,
        Frame::Double,
        Frame::Bands,
    ];
}

/// Whether a puzzle has no solution, exactly one, or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// No solution.
    None,
    /// Exactly one solution.
    Unique,
    /// Two or more solutions.
    Multiple,
}

impl Verdict {
    /// The word printed for this verdict: `none`, `unique` or `multiple`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::None => "none",
            Verdict::Unique => "unique",
            Verdict::Multiple => "multiple",
        }
    }
}

/// What is printed for a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A solution: `n * n` values `1..=n`, row by row.
    Solution(Vec<u16>),
    /// The puzzle has no solution (`no solution`).
    NoSolution,
    /// The number of solutions; `capped` when the count stopped at a limit.
    Count {
        /// Solutions found.
        count: u64,
        /// Whether the search stopped at the limit (there may be more).
        capped: bool,
    },
    /// The uniqueness verdict.
    Verdict(Verdict),
}
