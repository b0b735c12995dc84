//! `dlx solve`: solve, count or check Sudoku puzzles of any shape, streaming them from files or
//! standard input and answering in input order.

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use dlx_core::Stats;
use dlx_puzzles::sudoku::format::{self, ReadOptions, Reader};
use dlx_puzzles::sudoku::{Alphabet, Answer, GivensError, Layout, Puzzle, Shape, Solver, Verdict};

use crate::input;
use crate::outcome::Outcome;

/// Arguments of `dlx solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Files of puzzles; standard input when none are given, or for `-`.
    files: Vec<PathBuf>,
    /// Print each puzzle's number of solutions instead of a solution.
    #[arg(long, conflicts_with = "check")]
    count: bool,
    /// With --count, stop counting at N solutions (printed as `N+`).
    #[arg(long, value_name = "N", requires = "count")]
    limit: Option<u64>,
    /// Print `unique`, `multiple` or `none` for each puzzle (stops at the second solution).
    #[arg(long)]
    check: bool,
    /// Print `puzzle=K nodes=… updates=… seconds=…` per puzzle and a total on stderr.
    #[arg(long)]
    stats: bool,
    /// The side of the grid, when it cannot be told from the input.
    #[arg(long, value_name = "N")]
    size: Option<usize>,
    /// Boxes of R rows by C columns (e.g. `2x3` for 6x6).
    #[arg(long, value_name = "RxC", value_parser = parse_boxes, conflicts_with = "regions")]
    boxes: Option<(usize, usize)>,
    /// A jigsaw layout: one symbol per cell, row by row, equal symbols for one region.
    #[arg(long, value_name = "FILE")]
    regions: Option<PathBuf>,
    /// Extra regions that need every value once: `x` (the two main diagonals), `windoku` (the
    /// Windoku windows), or a FILE laid out like --regions with `.` for cells outside them.
    /// May be repeated.
    #[arg(long, value_name = "x|windoku|FILE")]
    extra: Vec<String>,
    /// The symbols for values, when the input does not make them clear.
    #[arg(long, value_enum)]
    alphabet: Option<AlphabetArg>,
}

/// The `--alphabet` choices.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum AlphabetArg {
    /// `1`-`9`, then `A`, `B`, … for 10, 11, …
    OneBased,
    /// `0`-`9`, then `A`, `B`, … with `0` a value (empty cells are `.`).
    ZeroBased,
    /// `A`, `B`, … for 1, 2, …
    Letters,
    /// Numbers separated by blanks.
    Numbers,
}

impl From<AlphabetArg> for Alphabet {
    fn from(arg: AlphabetArg) -> Alphabet {
        match arg {
            AlphabetArg::OneBased => Alphabet::OneBased,
            AlphabetArg::ZeroBased => Alphabet::ZeroBased,
            AlphabetArg::Letters => Alphabet::Letters,
            AlphabetArg::Numbers => Alphabet::Numbers,
        }
    }
}

fn parse_boxes(text: &str) -> Result<(usize, usize), String> {
    let parsed = text
        .split_once(['x', 'X'])
        .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)));
    match parsed {
        Some((r, c)) if r > 0 && c > 0 => Ok((r, c)),
        _ => Err(format!("`{text}` is not RxC (e.g. 3x3 or 2x4)")),
    }
}

/// What to print for each puzzle.
#[derive(Clone, Copy, Debug)]
enum Mode {
    Solve,
    Count(Option<u64>),
    Check,
}

/// An extra region asked for on the command line.
#[derive(Clone, Debug)]
enum Extra {
    Diagonals,
    Windows,
    Cells(Vec<Vec<usize>>),
}

/// The shape options of the command line, applied to every puzzle's own shape hint.
#[derive(Debug, Default)]
struct ShapeOptions {
    boxes: Option<(usize, usize)>,
    regions: Option<Vec<u16>>,
    extra: Vec<Extra>,
}

impl ShapeOptions {
    fn from_args(args: &SolveArgs) -> Result<ShapeOptions> {
        let regions = match &args.regions {
            Some(path) => Some(read_with(path, format::read_layout)?),
            None => None,
        };
        let mut extra = Vec::new();
        for spec in &args.extra {
            extra.push(match spec.to_ascii_lowercase().as_str() {
                "x" => Extra::Diagonals,
                "windoku" => Extra::Windows,
                _ => Extra::Cells(read_with(Path::new(spec), format::read_cell_sets)?),
            });
        }
        Ok(ShapeOptions {
            boxes: args.boxes,
            regions,
            extra,
        })
    }

    /// The shape of `puzzle`: its own hint, overridden and extended by the options.
    fn shape_of(&self, puzzle: &Puzzle) -> Result<Shape, dlx_puzzles::sudoku::ShapeError> {
        let mut hint = puzzle.shape.clone();
        if let Some(boxes) = self.boxes {
            hint.boxes = Some(boxes);
            hint.regions = None;
        }
        if let Some(regions) = &self.regions {
            hint.regions = Some(regions.clone());
            hint.boxes = None;
        }
        let mut shape = Shape::from_hint(puzzle.size, &hint)?;
        for extra in &self.extra {
            shape = match extra {
                Extra::Diagonals => shape.with_diagonals(),
                Extra::Windows => shape.with_windows()?,
                Extra::Cells(regions) => regions
                    .iter()
                    .try_fold(shape, |shape, cells| shape.with_extra(cells))?,
            };
        }
        Ok(shape)
    }
}

/// Reads a file with one of the format module's readers, reporting errors as
/// `FILE:LINE:COLUMN: message`.
fn read_with<T>(path: &Path, reader: fn(&str) -> Result<T, format::FormatError>) -> Result<T> {
    let input = input::read(Some(path))?;
    reader(&input.text)
        .map_err(|e| anyhow::anyhow!("{}:{}:{}: {}", input.name, e.line, e.column, e.message))
}

/// What is printed in place of a malformed puzzle's answer.
const INVALID: &str = "invalid puzzle\n";

/// Solvers are kept per shape; this many at most (many jigsaw layouts would otherwise pile up).
const MAX_SOLVERS: usize = 64;

/// The state of one `dlx solve` run.
struct Run<W: Write> {
    mode: Mode,
    stats: bool,
    shapes: ShapeOptions,
    solvers: HashMap<Shape, Solver>,
    out: W,
    flush_each: bool,
    outcome: Outcome,
    puzzles: u64,
    total: Stats,
    /// The layout of the last answer written, to separate blocks as the input does.
    previous: Option<Layout>,
}

impl<W: Write> Run<W> {
    fn note(&mut self, outcome: Outcome) {
        self.outcome = self.outcome.max(outcome);
    }

    /// Reads and answers every puzzle of one input.
    fn input(&mut self, name: &str, input: impl BufRead, options: ReadOptions) -> io::Result<()> {
        for item in Reader::new(input, options) {
            self.puzzles += 1;
            match item {
                Ok(puzzle) => self.puzzle(name, &puzzle)?,
                Err(e) => {
                    eprintln!("dlx: {name}:{}:{}: {}", e.line, e.column, e.message);
                    self.note(Outcome::BadInput);
                    // One record per puzzle, even a malformed one, so outputs line up with inputs.
                    self.out.write_all(INVALID.as_bytes())?;
                }
            }
        }
        Ok(())
    }

    /// Answers one puzzle.
    fn puzzle(&mut self, name: &str, puzzle: &Puzzle) -> io::Result<()> {
        let shape = match self.shapes.shape_of(puzzle) {
            Ok(shape) => shape,
            Err(e) => {
                eprintln!("dlx: {name}:{}: {e}", puzzle.line);
                self.note(Outcome::BadInput);
                return Ok(());
            }
        };
        if self.solvers.len() >= MAX_SOLVERS && !self.solvers.contains_key(&shape) {
            self.solvers.clear();
        }
        let solver = self
            .solvers
            .entry(shape)
            .or_insert_with_key(|shape| Solver::new(shape.clone()));
        let started = Instant::now();
        let answer = match answer(solver, self.mode, &puzzle.cells) {
            Ok(answer) => answer,
            Err(GivensError::Clash(clash)) => {
                eprintln!("dlx: {name}:{}: {clash}", puzzle.line);
                match self.mode {
                    Mode::Solve => Answer::NoSolution,
                    Mode::Count(_) => Answer::Count {
                        count: 0,
                        capped: false,
                    },
                    Mode::Check => Answer::Verdict(Verdict::None),
                }
            }
            Err(e) => {
                eprintln!("dlx: {name}:{}: {e}", puzzle.line);
                self.note(Outcome::BadInput);
                return Ok(());
            }
        };
        let seconds = started.elapsed().as_secs_f64();
        let stats = solver.stats();
        self.total += stats;
        if self.stats {
            eprintln!(
                "puzzle={} nodes={} updates={} seconds={seconds:.6}",
                self.puzzles, stats.nodes, stats.updates
            );
        }
        let unsolved = matches!(
            answer,
            Answer::NoSolution | Answer::Count { count: 0, .. } | Answer::Verdict(Verdict::None)
        );
        if unsolved {
            self.note(Outcome::NoSolution);
        }
        if let Some(previous) = &self.previous {
            self.out
                .write_all(format::separator(previous, &puzzle.layout).as_bytes())?;
        }
        self.out
            .write_all(format::write_answer(puzzle, &answer).as_bytes())?;
        if self.previous.as_ref() != Some(&puzzle.layout) {
            self.previous = Some(puzzle.layout.clone());
        }
        if self.flush_each {
            self.out.flush()?;
        }
        Ok(())
    }
}

/// What is printed for `givens` in `mode`.
fn answer(solver: &mut Solver, mode: Mode, givens: &[u16]) -> Result<Answer, GivensError> {
    Ok(match mode {
        Mode::Solve => match solver.solve(givens)? {
            Some(solution) => Answer::Solution(solution),
            None => Answer::NoSolution,
        },
        Mode::Count(limit) => {
            let count = solver.count(givens, limit)?;
            Answer::Count {
                count: count.solutions,
                capped: count.capped,
            }
        }
        Mode::Check => Answer::Verdict(solver.check(givens)?.verdict),
    })
}

/// Runs `dlx solve`.
pub fn run(args: &SolveArgs) -> Result<Outcome> {
    let shapes = ShapeOptions::from_args(args)?;
    let mode = if args.count {
        Mode::Count(args.limit)
    } else if args.check {
        Mode::Check
    } else {
        Mode::Solve
    };
    let stdout = io::stdout();
    let flush_each = stdout.is_terminal();
    let mut run = Run {
        mode,
        stats: args.stats,
        shapes,
        solvers: HashMap::new(),
        out: io::BufWriter::new(stdout.lock()),
        flush_each,
        outcome: Outcome::Solved,
        puzzles: 0,
        total: Stats::default(),
        previous: None,
    };
    let started = Instant::now();
    let stdin_only = [PathBuf::from("-")];
    let files = if args.files.is_empty() {
        &stdin_only[..]
    } else {
        &args.files[..]
    };
    let mut written = Ok(());
    for path in files {
        let options = ReadOptions {
            size: args.size,
            alphabet: args.alphabet.map(Alphabet::from),
        };
        written = if path == Path::new("-") {
            run.input("<stdin>", io::stdin().lock(), options)
        } else {
            let name = path.display().to_string();
            match File::open(path) {
                Ok(file) => run.input(&name, BufReader::new(file), options),
                Err(e) => {
                    eprintln!("dlx: cannot read {name}: {e}");
                    run.note(Outcome::BadInput);
                    Ok(())
                }
            }
        };
        if written.is_err() {
            break;
        }
    }
    let written = written.and_then(|()| run.out.flush());
    if args.stats {
        eprintln!(
            "total puzzles={} nodes={} updates={} seconds={:.6}",
            run.puzzles,
            run.total.nodes,
            run.total.updates,
            started.elapsed().as_secs_f64()
        );
    }
    match written {
        // A closed pipe (`dlx solve … | head`) is the reader's choice, not an error.
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            Err(e).context("cannot write the answers")
        }
        _ => Ok(run.outcome),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_are_rows_by_columns() {
        assert_eq!(parse_boxes("2x3"), Ok((2, 3)));
        assert_eq!(parse_boxes("3X4"), Ok((3, 4)));
        assert!(parse_boxes("3").is_err());
        assert!(parse_boxes("0x3").is_err());
        assert!(parse_boxes("axb").is_err());
    }
}
