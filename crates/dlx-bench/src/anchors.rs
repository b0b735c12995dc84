//! The anchors group: whole `dlx` processes against reference programs that the user built and
//! names with `--anchor NAME=PATH`, so that our figures can be read against well-known programs
//! on the same machine at the same moment.
//!
//! - `ssxcc`, `dlx1`, `dlx2`: Knuth's exact-cover programs, which read a `.dlx` problem on standard
//!   input and print `Altogether N solutions, ...` on standard error. They race `dlx cover --count
//!   --engine cells FILE` and `--engine dlx` on the exact-cover instances.
//! - `tdoku`: a program that reads 81-character puzzle lines on standard input and prints `unique`,
//!   `multiple` or `none` for each, as `dlx solve --check` does; the two race on the 9x9 sets.
//! - `qqwing`: QQwing, for the generate group (`--qqwing PATH` says the same).
//! - `dlx5`: Knuth's min-cost exact cover, which reads a priced `.dlx` problem on standard input
//!   and prints its `k` best costs on standard error; it races `dlx cover --best K` on problems
//!   `dlx gen --prices` makes, and the costs must agree.
//! - `iss`: a checkout of the Interactive Sudoku Solver (a folder, run with Node.js), for the
//!   variants group (see [`crate::variants`]).
//!
//! Every run is a process of its own, one at a time, timed by the processor time (user + system)
//! that the child used; the programs take turns at going first from round to round, so that a
//! drifting machine load falls on all alike, and the medians are compared.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Context, Result};

use crate::instances;
use crate::measure::median;
use crate::process::{self, Finished};
use crate::sudoku;
use crate::table::{self, millis, thousands};

/// The reference programs `--anchor` knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AnchorName {
    /// Knuth's SSXCC: exact cover with colors by dancing cells.
    Ssxcc,
    /// Knuth's DLX1: exact cover by dancing links, without colors.
    Dlx1,
    /// Knuth's DLX2: exact cover by dancing links, with colors.
    Dlx2,
    /// A 9x9 uniqueness checker built on tdoku.
    Tdoku,
    /// QQwing, the puzzle generator (for the generate group).
    Qqwing,
    /// Knuth's DLX5: the cheapest solutions of a problem whose options carry costs.
    Dlx5,
    /// A checkout of the Interactive Sudoku Solver (for the variants group).
    Iss,
}

impl AnchorName {
    /// Every name, in the order the tables show them.
    pub const ALL: [AnchorName; 7] = [
        AnchorName::Ssxcc,
        AnchorName::Dlx1,
        AnchorName::Dlx2,
        AnchorName::Tdoku,
        AnchorName::Qqwing,
        AnchorName::Dlx5,
        AnchorName::Iss,
    ];

    /// The name as written on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            AnchorName::Ssxcc => "ssxcc",
            AnchorName::Dlx1 => "dlx1",
            AnchorName::Dlx2 => "dlx2",
            AnchorName::Tdoku => "tdoku",
            AnchorName::Qqwing => "qqwing",
            AnchorName::Dlx5 => "dlx5",
            AnchorName::Iss => "iss",
        }
    }

    /// Whether it is one of Knuth's exact-cover programs.
    pub fn is_knuth(self) -> bool {
        matches!(
            self,
            AnchorName::Ssxcc | AnchorName::Dlx1 | AnchorName::Dlx2
        )
    }

    /// Why this Knuth program does not run an instance of this kind, or `None` if it does.
    fn refuses(self, kind: Kind) -> Option<&'static str> {
        match (self, kind) {
            (_, Kind::Multiplicities) => Some("it has no multiplicities"),
            (AnchorName::Dlx1, Kind::Colored) => Some("it has no colors (dlx2 takes them)"),
            // dlx2 is dlx1 with colors: on an uncolored problem it only adds their cost.
            (AnchorName::Dlx2, Kind::Plain) => {
                Some("it is meant for colors (dlx1 is the plain one)")
            }
            _ => None,
        }
    }
}

/// One `--anchor NAME=PATH`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Anchor {
    /// Which program it is.
    pub name: AnchorName,
    /// Its binary.
    pub path: PathBuf,
}

/// Splits `NAME=PATH` and checks the name, without looking at the file.
pub fn parse_spec(spec: &str) -> Result<Anchor, String> {
    let names = || {
        AnchorName::ALL
            .iter()
            .map(|n| n.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let Some((name, path)) = spec.split_once('=') else {
        return Err(format!(
            "expected NAME=PATH (NAME one of {}), got `{spec}`",
            names()
        ));
    };
    let Some(&name) = AnchorName::ALL.iter().find(|n| n.as_str() == name) else {
        return Err(format!(
            "unknown anchor `{name}`: NAME is one of {}",
            names()
        ));
    };
    if path.is_empty() {
        return Err(format!("no PATH after `{}=`", name.as_str()));
    }
    Ok(Anchor {
        name,
        path: PathBuf::from(path),
    })
}

/// The value parser of `--anchor`: [`parse_spec`], and the path must be a file (for `iss`, a
/// checkout of ISS: see [`crate::variants::check_checkout`]).
pub fn parse_anchor(spec: &str) -> Result<Anchor, String> {
    let anchor = parse_spec(spec)?;
    if anchor.name == AnchorName::Iss {
        crate::variants::check_checkout(&anchor.path)?;
        return Ok(anchor);
    }
    if !anchor.path.is_file() {
        return Err(format!(
            "{}: no such file: {}",
            anchor.name.as_str(),
            anchor.path.display()
        ));
    }
    Ok(anchor)
}

/// The solution count in the summary that Knuth's programs print on standard error, `Altogether
/// 92 solutions, 1049+... mems, ... nodes, ...` (`1 solution` for one).
pub fn knuth_solutions(stderr: &str) -> Option<u64> {
    stderr.lines().rev().find_map(|line| {
        let rest = &line[line.find("Altogether ")? + "Altogether ".len()..];
        let mut words = rest.split_whitespace();
        let count = words.next()?.parse().ok()?;
        words
            .next()
            .is_some_and(|w| w.starts_with("solution"))
            .then_some(count)
    })
}

/// The exact-cover instances raced by default, by file stem in the data folder; `rect4x5` is
/// colored, for dlx2.
pub const EXACT_COVER: &[&str] = &[
    "queens13",
    "langford12",
    "scott",
    "pento6x10-sym",
    "rect4x5",
];

/// The 9x9 sets raced against tdoku, by file name in the puzzle folder, with how many of their
/// puzzles to take (`None`: all). Whole processes: sets large enough that starting one is small
/// against checking them.
pub const SUDOKU_SETS: &[(&str, Option<usize>)] = &[
    ("puzzles2_17_clue", None),
    ("puzzles3_magictour_top1465", None),
    ("puzzles5_forum_hardest_1905_11+", Some(10_000)),
];

/// What an exact-cover instance asks of a solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Neither colors nor multiplicities.
    Plain,
    /// Some option colors a secondary item.
    Colored,
    /// Some primary item is to be covered other than exactly once.
    Multiplicities,
}

/// What a process answered: the solutions (for Sudoku sets, the puzzles found unique) and, for
/// Sudoku sets, every line's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Answer {
    solutions: u64,
    verdicts: Vec<String>,
}

/// Reads a finished process's answer.
type Reader = fn(Finished) -> Result<Answer>;

/// One program in a race: how to start it and how to read what it printed.
struct Contestant {
    label: String,
    program: PathBuf,
    args: Vec<OsString>,
    stdin: Option<PathBuf>,
    read: Reader,
}

/// A contestant's runs.
struct Timed {
    times: Vec<Duration>,
    answer: Option<Answer>,
    /// Set once a run failed: the contestant then runs no more.
    broken: bool,
}

impl Timed {
    /// The median time, if a run succeeded.
    fn median(&self) -> Option<Duration> {
        (!self.times.is_empty()).then(|| median(self.times.iter().copied()))
    }
}

/// Runs every contestant `runs` times, one process at a time, the first to go rotating from
/// round to round; every failure or disagreement goes to `failures`. The first contestant is the
/// one the others are checked against.
fn race(
    name: &str,
    contestants: &[Contestant],
    runs: usize,
    verbose: bool,
    failures: &mut Vec<String>,
) -> Vec<Timed> {
    let n = contestants.len();
    let mut timed: Vec<Timed> = (0..n)
        .map(|_| Timed {
            times: Vec::new(),
            answer: None,
            broken: false,
        })
        .collect();
    for round in 0..runs {
        let mut line = format!("{name} run {}:", round + 1);
        for k in (0..n).map(|k| (k + round) % n) {
            let (who, mine) = (&contestants[k], &mut timed[k]);
            if mine.broken {
                continue;
            }
            let result =
                process::run(&who.program, &who.args, who.stdin.as_deref()).and_then(|done| {
                    let time = done.time();
                    (who.read)(done).map(|answer| (time, answer))
                });
            match result {
                Ok((time, answer)) => {
                    let _ = write!(line, " {} {} ms", who.label, millis(time));
                    mine.times.push(time);
                    match &mine.answer {
                        None => mine.answer = Some(answer),
                        Some(first) if *first != answer => {
                            failures.push(format!(
                                "{name}: {}'s runs disagree with each other",
                                who.label
                            ));
                            mine.broken = true;
                        }
                        Some(_) => {}
                    }
                }
                Err(e) => {
                    failures.push(format!("{name}: {}: {e:#}", who.label));
                    mine.broken = true;
                }
            }
        }
        if verbose {
            eprintln!("{line}");
        }
    }
    if let Some(reference) = timed.first().and_then(|t| t.answer.clone()) {
        for (who, mine) in contestants.iter().zip(&timed).skip(1) {
            if let Some(answer) = &mine.answer {
                failures.extend(disagreement(
                    name,
                    (&contestants[0].label, &reference),
                    (&who.label, answer),
                ));
            }
        }
    }
    timed
}

/// How two answers differ, if they do: the solution counts, else the first line whose verdicts
/// differ.
fn disagreement(name: &str, ours: (&str, &Answer), theirs: (&str, &Answer)) -> Option<String> {
    let ((us, a), (them, b)) = (ours, theirs);
    if a.verdicts.len() != b.verdicts.len() {
        return Some(format!(
            "{name}: {us} answered {} puzzles, {them} {}",
            a.verdicts.len(),
            b.verdicts.len()
        ));
    }
    if let Some((k, (x, y))) = a
        .verdicts
        .iter()
        .zip(&b.verdicts)
        .enumerate()
        .find(|(_, (x, y))| x != y)
    {
        return Some(format!(
            "{name}: puzzle {}: {us} says {x}, {them} says {y}",
            k + 1
        ));
    }
    (a.solutions != b.solutions).then(|| {
        format!(
            "{name}: {us} found {} solutions, {them} {}",
            a.solutions, b.solutions
        )
    })
}

/// `dlx cover --count`'s answer: the number it prints (exit code 1 when it is 0).
fn read_count(done: Finished) -> Result<Answer> {
    let text = done.stdout();
    let count = text.trim().parse::<u64>().ok();
    let done = match count {
        Some(0) => done,
        _ => done.succeeded()?,
    };
    let Some(solutions) = count else {
        bail!("{} printed no count: `{}`", done.program, text.trim());
    };
    Ok(Answer {
        solutions,
        verdicts: Vec::new(),
    })
}

/// A Knuth program's answer: the count in its summary line.
fn read_knuth(done: Finished) -> Result<Answer> {
    let done = done.succeeded()?;
    let stderr = done.stderr();
    let Some(solutions) = knuth_solutions(&stderr) else {
        let last = stderr.lines().last().unwrap_or("").trim();
        bail!(
            "{} printed no `Altogether N solutions` line (last line: `{last}`)",
            done.program
        );
    };
    Ok(Answer {
        solutions,
        verdicts: Vec::new(),
    })
}

/// A checker's answer: a verdict per line, `unique`, `multiple` or `none`.
fn read_verdicts(done: Finished) -> Result<Answer> {
    let done = done.succeeded()?;
    let verdicts: Vec<String> = done
        .stdout()
        .lines()
        .map(|l| l.trim().to_string())
        .collect();
    if let Some(odd) = verdicts
        .iter()
        .find(|v| !matches!(v.as_str(), "unique" | "multiple" | "none"))
    {
        bail!(
            "{} printed `{odd}`, not unique, multiple or none",
            done.program
        );
    }
    Ok(Answer {
        solutions: verdicts.iter().filter(|v| *v == "unique").count() as u64,
        verdicts,
    })
}

/// The priced problems raced against dlx5: `dlx gen` arguments, all with `--prices 99 --seed 1`,
/// and how many of the cheapest solutions to find.
pub const PRICED: &[(&str, usize)] = &[
    ("assignment 50", 5),
    ("transversal 23", 5),
    ("domino 14", 5),
];

/// The cheapest solutions' costs `dlx cover --best K` printed, a `| cost N` line each.
fn read_best(done: Finished) -> Result<Answer> {
    let done = done.succeeded()?;
    let costs: Vec<String> = done
        .stdout()
        .lines()
        .filter_map(|l| l.strip_prefix("| cost "))
        .map(str::to_string)
        .collect();
    Ok(Answer {
        solutions: costs.len() as u64,
        verdicts: costs,
    })
}

/// The costs dlx5 printed after `The optimum cost is` / `costs are:`, each repeated as often as
/// it says (` $161 (repeated 2 times)`).
fn read_dlx5(done: Finished) -> Result<Answer> {
    let done = done.succeeded()?;
    let stderr = done.stderr();
    let Some(start) = stderr.find("The optimum cost") else {
        bail!("{} printed no optimum costs", done.program);
    };
    let mut costs = Vec::new();
    for word in stderr[start..].split('$').skip(1) {
        let digits: String = word.chars().take_while(char::is_ascii_digit).collect();
        let times = word
            .split("repeated ")
            .nth(1)
            .and_then(|r| r.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(1);
        for _ in 0..times {
            costs.push(digits.clone());
        }
    }
    Ok(Answer {
        solutions: costs.len() as u64,
        verdicts: costs,
    })
}

/// `dlx cover --best K` against dlx5 `kK` on the [`PRICED`] problems, written to files first.
fn cheapest(setup: &Setup, dlx5: &Anchor) -> Result<bool> {
    let mut failures = Vec::new();
    let mut rows = Vec::new();
    for (index, &(spec, k)) in PRICED.iter().enumerate() {
        let mut args: Vec<&str> = vec!["gen"];
        args.extend(spec.split(' '));
        args.extend(["--prices", "99", "--seed", "1"]);
        let text = process::run(setup.dlx, &args, None)?.succeeded()?.stdout();
        let path = std::env::temp_dir().join(format!(
            "dlx-bench-{}-priced-{index}.dlx",
            std::process::id()
        ));
        fs::write(&path, &text).with_context(|| format!("writing {}", path.display()))?;
        let contestants = [
            ours(
                setup,
                "dlx",
                &["cover", "--best", &k.to_string()],
                &path,
                read_best,
            ),
            Contestant {
                label: "dlx5".to_string(),
                program: dlx5.path.clone(),
                args: vec![OsString::from(format!("k{k}"))],
                stdin: Some(path.clone()),
                read: read_dlx5,
            },
        ];
        let name = format!("{spec} --prices 99");
        let timed = race(
            &name,
            &contestants,
            setup.runs,
            setup.verbose,
            &mut failures,
        );
        let _ = fs::remove_file(&path);
        let best = timed[0]
            .answer
            .as_ref()
            .and_then(|a| a.verdicts.first().cloned());
        rows.push((name, k, best, timed[0].median(), timed[1].median()));
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "### Cheapest solutions, whole processes: `dlx cover --best K` against Knuth's dlx5\n\n\
         The K cheapest solutions of problems `dlx gen` prices (seed 1); processor time of the \
         whole process, median of {} interleaved run{} each; the costs found must agree.\n\n\
         | problem | K | cheapest | dlx ms | dlx5 ms | dlx/dlx5 |\n|---|---:|---:|---:|---:|---:|",
        setup.runs,
        if setup.runs == 1 { "" } else { "s" }
    );
    for (name, k, best, ours, theirs) in rows {
        let cell = |t: Option<Duration>| t.map_or("–".to_string(), millis);
        let _ = writeln!(
            out,
            "| {name} | {k} | {} | {} | {} | {} |",
            best.unwrap_or_else(|| "–".to_string()),
            cell(ours),
            cell(theirs),
            ratio(ours, theirs)
        );
    }
    println!("{out}");
    for failure in &failures {
        eprintln!("check failed: {failure}");
    }
    Ok(failures.is_empty())
}

/// Where the anchors group finds its inputs and our binary.
pub struct Setup<'a> {
    /// The `dlx` binary.
    pub dlx: &'a Path,
    /// The folder of `.dlx` instances.
    pub data: &'a Path,
    /// The instances to race (empty: [`EXACT_COVER`]).
    pub only: &'a [String],
    /// The folder of the 9x9 sets, if there is one.
    pub puzzles: Option<&'a Path>,
    /// Timed runs per program and instance.
    pub runs: usize,
    /// Print every round's times on stderr.
    pub verbose: bool,
}

/// Runs the anchors group and prints its tables; `Ok(false)` if some check failed, an error if
/// an input cannot be read.
pub fn run(setup: &Setup, anchors: &[Anchor]) -> Result<bool> {
    let mut ok = true;
    let knuth: Vec<&Anchor> = anchors.iter().filter(|a| a.name.is_knuth()).collect();
    if !knuth.is_empty() {
        ok &= exact_cover(setup, &knuth)?;
    }
    if let Some(dlx5) = anchors.iter().find(|a| a.name == AnchorName::Dlx5) {
        ok &= cheapest(setup, dlx5)?;
    }
    if let Some(tdoku) = anchors.iter().find(|a| a.name == AnchorName::Tdoku) {
        match setup.puzzles {
            Some(dir) => ok &= sudoku(setup, dir, tdoku)?,
            None => eprintln!("dlx-bench: no Sudoku sets (give --puzzles DIR); tdoku skipped"),
        }
    }
    Ok(ok)
}

/// The kind of the instance `problem`.
fn kind_of(problem: &dlx_core::Problem) -> Kind {
    if problem.has_multiplicities() {
        Kind::Multiplicities
    } else if problem.color_count() > 0 {
        Kind::Colored
    } else {
        Kind::Plain
    }
}

/// Our binary as a contestant called `label`: `dlx ARGS FILE`, its answer read by `read`.
fn ours(setup: &Setup, label: &str, args: &[&str], file: &Path, read: Reader) -> Contestant {
    Contestant {
        label: label.to_string(),
        program: setup.dlx.to_path_buf(),
        args: args
            .iter()
            .map(OsString::from)
            .chain([file.as_os_str().to_os_string()])
            .collect(),
        stdin: None,
        read,
    }
}

/// Our two engines against Knuth's programs on the exact-cover instances.
fn exact_cover(setup: &Setup, knuth: &[&Anchor]) -> Result<bool> {
    let names = instances::select(EXACT_COVER, setup.only);
    let mut failures = Vec::new();
    let mut notes = Vec::new();
    // Which anchor skipped which instances, and why: one note each.
    let mut skipped: Vec<(AnchorName, &str, Vec<String>)> = Vec::new();
    let mut rows = Vec::new();
    for name in &names {
        // Parsed here only to learn what the instance needs; the programs read the file.
        let problem = instances::load_exact_cover(setup.data, name)?;
        let kind = kind_of(&problem);
        let file = setup.data.join(format!("{name}.dlx"));
        let count = |engine: &str| {
            let args = ["cover", "--count", "--threads", "1", "--engine", engine];
            ours(setup, engine, &args, &file, read_count)
        };
        // The first contestant is the one the others are checked against.
        let mut contestants = vec![count("cells"), count("dlx")];
        for anchor in knuth {
            if let Some(why) = anchor.name.refuses(kind) {
                match skipped
                    .iter_mut()
                    .find(|(a, w, _)| *a == anchor.name && *w == why)
                {
                    Some((_, _, names)) => names.push(name.clone()),
                    None => skipped.push((anchor.name, why, vec![name.clone()])),
                }
                continue;
            }
            contestants.push(Contestant {
                label: anchor.name.as_str().to_string(),
                program: anchor.path.clone(),
                args: Vec::new(),
                stdin: Some(file.clone()),
                read: read_knuth,
            });
        }
        let timed = race(name, &contestants, setup.runs, setup.verbose, &mut failures);
        let medians: Vec<(String, Option<Duration>)> = contestants
            .iter()
            .zip(&timed)
            .map(|(who, mine)| (who.label.clone(), mine.median()))
            .collect();
        let solutions = timed
            .first()
            .and_then(|t| t.answer.as_ref())
            .map(|a| a.solutions);
        let label = match kind {
            Kind::Plain => name.clone(),
            Kind::Colored => format!("{name} (colors)"),
            Kind::Multiplicities => format!("{name} (multiplicities)"),
        };
        rows.push((label, solutions, medians));
    }
    for (anchor, why, names) in skipped {
        notes.push(format!(
            "{} not run on {}: {why}",
            anchor.as_str(),
            names.join(", ")
        ));
    }
    let shown: Vec<&Anchor> = knuth
        .iter()
        .copied()
        .filter(|a| {
            rows.iter()
                .any(|(_, _, m)| m.iter().any(|(l, _)| l == a.name.as_str()))
        })
        .collect();
    // Writing to a String cannot fail.
    let mut out = String::new();
    let _ = writeln!(
        out,
        "### Exact cover, whole processes: `dlx cover --count` against Knuth's programs\n"
    );
    let _ = writeln!(
        out,
        "Counting every solution on one thread; processor time (user + system) of the whole \
         process, reading the file included, median of {} interleaved run{} each. \
         Ratio = our time / theirs: below 1, ours is faster.\n",
        setup.runs,
        if setup.runs == 1 { "" } else { "s" }
    );
    let mut header = String::from("| instance | solutions | cells ms | dlx ms |");
    let mut rule = String::from("|---|---:|---:|---:|");
    for a in &shown {
        let _ = write!(header, " {} ms |", a.name.as_str());
        rule.push_str("---:|");
    }
    for a in &shown {
        let _ = write!(header, " cells/{0} | dlx/{0} |", a.name.as_str());
        rule.push_str("---:|---:|");
    }
    let _ = writeln!(out, "{header}\n{rule}");
    for (label, solutions, medians) in &rows {
        let time = |who: &str| medians.iter().find(|(l, _)| l == who).and_then(|(_, t)| *t);
        let cell = |t: Option<Duration>| t.map_or("–".to_string(), millis);
        let _ = write!(
            out,
            "| {label} | {} | {} | {} |",
            solutions.map_or("–".to_string(), thousands),
            cell(time("cells")),
            cell(time("dlx"))
        );
        for a in &shown {
            let _ = write!(out, " {} |", cell(time(a.name.as_str())));
        }
        for a in &shown {
            let theirs = time(a.name.as_str());
            for ours in ["cells", "dlx"] {
                let _ = write!(out, " {} |", ratio(time(ours), theirs));
            }
        }
        out.push('\n');
    }
    if !notes.is_empty() {
        out.push('\n');
        for note in &notes {
            let _ = writeln!(out, "- {note}");
        }
    }
    println!("{out}");
    for failure in &failures {
        eprintln!("check failed: {failure}");
    }
    Ok(failures.is_empty())
}

/// `ours / theirs` as [`table::ratio`] gives it, or `–` when either is missing.
fn ratio(ours: Option<Duration>, theirs: Option<Duration>) -> String {
    match (ours, theirs) {
        (Some(a), Some(b)) => table::ratio(a, b),
        _ => "–".to_string(),
    }
}

/// A set's puzzles written out once, one 81-character line each, for both programs to read;
/// removed when dropped.
struct PuzzleFile {
    path: PathBuf,
    puzzles: usize,
}

impl PuzzleFile {
    /// The first `limit` puzzles of `source` (`#` comments and blank lines skipped; every line
    /// cut to its first 81 characters) in a file of their own, `index` telling it from the
    /// others.
    fn write(source: &Path, limit: Option<usize>, index: usize) -> Result<PuzzleFile> {
        let lines = sudoku::puzzle_lines(source, limit)?;
        let mut out = String::new();
        for (number, grid) in &lines {
            if grid.chars().count() != 81 {
                bail!("{}:{number}: not a 9x9 puzzle line", source.display());
            }
            out.push_str(grid);
            out.push('\n');
        }
        let puzzles = lines.len();
        let path = std::env::temp_dir().join(format!(
            "dlx-bench-{}-anchor-{index}.txt",
            std::process::id()
        ));
        fs::write(&path, out).with_context(|| format!("writing {}", path.display()))?;
        Ok(PuzzleFile { path, puzzles })
    }
}

impl Drop for PuzzleFile {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

/// `dlx solve --check` against the tdoku checker on the 9x9 sets of `dir`.
fn sudoku(setup: &Setup, dir: &Path, tdoku: &Anchor) -> Result<bool> {
    let mut failures = Vec::new();
    // Writing to a String cannot fail.
    let mut out = String::new();
    let _ = writeln!(
        out,
        "### Sudoku 9x9, whole processes: `dlx solve --check --threads 1` against tdoku\n"
    );
    let _ = writeln!(
        out,
        "Every puzzle of the set proved unique, multiple or none, the verdicts compared line by \
         line; processor time (user + system) of the whole process, reading the set included, \
         median of {} interleaved run{} each (\"unique\" = puzzles found unique). \
         Ratio = our time / theirs: below 1, ours is faster.\n",
        setup.runs,
        if setup.runs == 1 { "" } else { "s" }
    );
    let _ = writeln!(
        out,
        "| set | puzzles | unique | ours ms | tdoku ms | ours/tdoku | ours /s | tdoku /s |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|"
    );
    for (index, &(set, limit)) in SUDOKU_SETS.iter().enumerate() {
        let file = PuzzleFile::write(&dir.join(set), limit, index)?;
        let name = format!("{set} ({} puzzles)", thousands(file.puzzles as u64));
        let contestants = [
            Contestant {
                label: "ours".to_string(),
                program: setup.dlx.to_path_buf(),
                args: ["solve", "--check", "--quiet", "--threads", "1"]
                    .iter()
                    .map(OsString::from)
                    .chain([file.path.clone().into_os_string()])
                    .collect(),
                stdin: None,
                read: read_verdicts,
            },
            Contestant {
                label: "tdoku".to_string(),
                program: tdoku.path.clone(),
                args: Vec::new(),
                stdin: Some(file.path.clone()),
                read: read_verdicts,
            },
        ];
        let timed = race(
            &name,
            &contestants,
            setup.runs,
            setup.verbose,
            &mut failures,
        );
        let time = |k: usize| timed[k].median();
        let rate = |t: Option<Duration>| match t {
            Some(t) if !t.is_zero() => thousands((file.puzzles as f64 / t.as_secs_f64()) as u64),
            _ => "–".to_string(),
        };
        let unique = timed[0].answer.as_ref().map(|a| a.solutions);
        let cell = |t: Option<Duration>| t.map_or("–".to_string(), millis);
        let _ = writeln!(
            out,
            "| {set} | {} | {} | {} | {} | {} | {} | {} |",
            thousands(file.puzzles as u64),
            unique.map_or("–".to_string(), thousands),
            cell(time(0)),
            cell(time(1)),
            ratio(time(0), time(1)),
            rate(time(0)),
            rate(time(1))
        );
    }
    println!("{out}");
    for failure in &failures {
        eprintln!("check failed: {failure}");
    }
    Ok(failures.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_anchor_specs() {
        let a = parse_spec("ssxcc=bin/ssxcc").unwrap();
        assert_eq!(a.name, AnchorName::Ssxcc);
        assert_eq!(a.path, PathBuf::from("bin/ssxcc"));
        // Only the first `=` splits: a path may hold more.
        assert_eq!(parse_spec("tdoku=a=b").unwrap().path, PathBuf::from("a=b"));
        for name in AnchorName::ALL {
            let spec = format!("{}=x", name.as_str());
            assert_eq!(parse_spec(&spec).unwrap().name, name);
        }
        let err = parse_spec("dlx9=x").unwrap_err();
        assert!(
            err.contains("unknown anchor `dlx9`") && err.contains("ssxcc"),
            "{err}"
        );
        assert!(parse_spec("ssxcc").unwrap_err().contains("NAME=PATH"));
        assert!(parse_spec("dlx1=").unwrap_err().contains("no PATH"));
        assert!(parse_spec("SSXCC=x").is_err(), "names are lower case");
    }

    #[test]
    fn an_anchor_must_be_a_file() {
        let dir = std::env::temp_dir();
        let err = parse_anchor(&format!("dlx1={}", dir.display())).unwrap_err();
        assert!(err.contains("no such file"), "{err}");
        let file = dir.join(format!("dlx-bench-anchor-test-{}", std::process::id()));
        fs::write(&file, "").unwrap();
        let parsed = parse_anchor(&format!("dlx1={}", file.display()));
        let _ = fs::remove_file(&file);
        assert_eq!(parsed.unwrap().path, file);
    }

    #[test]
    fn parses_knuths_summary_line() {
        let dlx1 = "(64 options, 16+26 items, 316 entries successfully read)\n\
                    Altogether 92 solutions, 10434+239467 mems, 16680 updates, 6464 bytes, \
                    1049 nodes, ccost 5%.\n";
        assert_eq!(knuth_solutions(dlx1), Some(92));
        let dlx2 = "Altogether 1309 solutions, 149818+135631256-23389512 mems, 8414600 updates, \
                    921442 cleansings, 75236 bytes, 131811 nodes, ccost 1%.";
        assert_eq!(knuth_solutions(dlx2), Some(1309));
        assert_eq!(knuth_solutions("Altogether 1 solution, 5+6 mems"), Some(1));
        assert_eq!(knuth_solutions("Altogether 0 solutions, 5+6 mems"), Some(0));
        assert_eq!(knuth_solutions("3: R0 x00:a (no summary)"), None);
        assert_eq!(knuth_solutions("Altogether many solutions"), None);
        assert_eq!(knuth_solutions("Altogether 12 mems"), None);
        assert_eq!(knuth_solutions(""), None);
    }

    #[test]
    fn which_knuth_program_takes_which_instance() {
        use AnchorName::*;
        assert!(Ssxcc.refuses(Kind::Colored).is_none() && Ssxcc.refuses(Kind::Plain).is_none());
        assert!(Dlx1.refuses(Kind::Plain).is_none() && Dlx1.refuses(Kind::Colored).is_some());
        assert!(Dlx2.refuses(Kind::Colored).is_none() && Dlx2.refuses(Kind::Plain).is_some());
        assert!(Ssxcc.refuses(Kind::Multiplicities).is_some());
    }

    fn verdicts(lines: &[&str]) -> Answer {
        Answer {
            solutions: lines.iter().filter(|l| **l == "unique").count() as u64,
            verdicts: lines.iter().map(|l| l.to_string()).collect(),
        }
    }

    #[test]
    fn finds_the_first_disagreement() {
        let a = verdicts(&["unique", "none", "multiple"]);
        assert_eq!(disagreement("s", ("ours", &a), ("tdoku", &a.clone())), None);
        let b = verdicts(&["unique", "multiple", "multiple"]);
        assert_eq!(
            disagreement("s", ("ours", &a), ("tdoku", &b)).unwrap(),
            "s: puzzle 2: ours says none, tdoku says multiple"
        );
        let c = verdicts(&["unique"]);
        assert!(disagreement("s", ("ours", &a), ("tdoku", &c))
            .unwrap()
            .contains("answered 3 puzzles, tdoku 1"));
        let count = |solutions| Answer {
            solutions,
            verdicts: Vec::new(),
        };
        assert_eq!(
            disagreement("q", ("cells", &count(92)), ("ssxcc", &count(93))).unwrap(),
            "q: cells found 92 solutions, ssxcc 93"
        );
    }
}
