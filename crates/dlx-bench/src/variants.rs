//! The variants group: whole `dlx solve --check --threads 1` processes, one per puzzle, against
//! ISS, the Interactive Sudoku Solver (a checkout named by `--anchor iss=DIR`, run with Node.js),
//! on the variant Sudoku sets of the shared data folder: the killer sets `TAREK_ALL` and
//! `HS_KILLERS` and ISS's displayed examples.
//!
//! Measured per puzzle:
//! - **dlx cpu**: the processor time (user + system) of the whole `dlx` process, its start and the
//!   reading of the puzzle included; its answer must be `unique`, and `--stats` names its engine.
//! - **dlx search**: the `seconds=` that `--stats` gives the puzzle: the wall time of its solve
//!   after reading, to set beside ISS's search.
//! - **ISS search**: what ISS's own benchmark tool reports (`tools/perf/benchmark_puzzles.js
//!   --max-backtracks none --repeat 3 --json`, one Node.js process per set): the median of three
//!   solves in a row of the wall time of the search alone, parsing and building left out, to a
//!   second solution (the proof of uniqueness). Its status must be `unique`.
//! - **ISS cpu**: the processor time of the Node.js process (every thread: the JIT compiler and
//!   the garbage collector count) across parsing, building and searching one puzzle, likewise the
//!   median of three solves in a row in one process, taken by a driver of a few lines
//!   (`data/iss_cpu.mjs`) that calls ISS's parser, builder and `countSolutions(2)`. Node's start
//!   and the loading of ISS's modules are left out (once per process, not per puzzle), which
//!   favours ISS: dlx pays for its process start.
//!
//! The rounds interleave the programs, dlx first in even rounds and ISS first in odd ones (dlx
//! first in the first round, which tells the puzzles it does not support: those are listed and
//! given to neither again). Each figure is the median over the rounds; the totals add the medians
//! of the puzzles both programs answered. A puzzle that takes dlx longer than `--timeout` is
//! listed with ISS's figures, not timed again, and not counted.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Context, Result};

use crate::measure::median;
use crate::process::{self, Finished};
use crate::table::{millis, ratio};

/// ISS's benchmark tool, in its checkout.
const ISS_TOOL: &str = "tools/perf/benchmark_puzzles.js";

/// The modules of ISS the processor-time driver loads, in its checkout.
const ISS_MODULES: [&str; 2] = ["js/sudoku_parser.js", "js/solver/sudoku_builder.js"];

/// Solves in a row of one puzzle in one ISS process, whose median is ISS's figure for the round
/// (as the data's README took it).
const ISS_REPEAT: usize = 3;

/// The driver that times ISS's parsing, building and searching in processor time.
const CPU_DRIVER: &str = include_str!("../data/iss_cpu.mjs");

/// The variant sets of the data folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SetName {
    /// The 42 killers of ISS's `TAREK_ALL` collection (`killers.tsv`).
    #[value(name = "TAREK_ALL")]
    TarekAll,
    /// The 9 killers of ISS's `HS_KILLERS` collection (`killers.tsv`).
    #[value(name = "HS_KILLERS")]
    HsKillers,
    /// ISS's displayed examples, variants of many kinds (`examples.tsv`).
    #[value(name = "examples")]
    Examples,
}

impl SetName {
    /// Every set, in the order they run.
    pub const ALL: [SetName; 3] = [SetName::TarekAll, SetName::HsKillers, SetName::Examples];

    /// The name as written on the command line (and, for the killer sets, ISS's collection).
    pub fn as_str(self) -> &'static str {
        match self {
            SetName::TarekAll => "TAREK_ALL",
            SetName::HsKillers => "HS_KILLERS",
            SetName::Examples => "examples",
        }
    }
}

/// The variant sets, kept beside the repository rather than in it.
pub fn default_data_dir() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.join("../../../shared/data/variants")
}

/// Whether `dir` looks like a checkout of ISS: the tool and the modules this group runs are there.
pub fn check_checkout(dir: &Path) -> Result<(), String> {
    if !dir.is_dir() {
        return Err(format!(
            "iss: no such folder: {} (give a checkout of the Interactive Sudoku Solver)",
            dir.display()
        ));
    }
    for file in std::iter::once(ISS_TOOL).chain(ISS_MODULES) {
        if !dir.join(file).is_file() {
            return Err(format!(
                "iss: {} is not a checkout of the Interactive Sudoku Solver (no {file})",
                dir.display()
            ));
        }
    }
    Ok(())
}

/// One puzzle of a set: the name ISS gives it and its puzzle string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// `SET#index` for a killer (as ISS's tool names it), else the example's name.
    pub name: String,
    /// The puzzle string, as both programs read it.
    pub input: String,
}

/// The puzzles of `set` in the data folder's TSV `text` (read from `file`, for messages): the
/// columns are found by the header's names.
pub fn parse_set(text: &str, file: &str, set: SetName) -> Result<Vec<Puzzle>> {
    let mut lines = text.lines().enumerate();
    let Some((_, header)) = lines.next() else {
        bail!("{file}: empty");
    };
    let columns: Vec<&str> = header.split('\t').collect();
    let column = |name: &str| {
        columns
            .iter()
            .position(|c| *c == name)
            .with_context(|| format!("{file}:1: no `{name}` column"))
    };
    let input = column("input")?;
    let (name, set_column) = match set {
        SetName::Examples => (column("name")?, None),
        _ => (column("index")?, Some(column("set")?)),
    };
    let mut puzzles = Vec::new();
    for (k, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let field = |c: usize| {
            fields
                .get(c)
                .copied()
                .with_context(|| format!("{file}:{}: {} fields, too few", k + 1, fields.len()))
        };
        if let Some(c) = set_column {
            if field(c)? != set.as_str() {
                continue;
            }
        }
        let name = match set {
            SetName::Examples => field(name)?.to_string(),
            _ => format!("{}#{}", set.as_str(), field(name)?),
        };
        puzzles.push(Puzzle {
            name,
            input: field(input)?.to_string(),
        });
    }
    if puzzles.is_empty() {
        bail!("{file}: no puzzle of the set {}", set.as_str());
    }
    Ok(puzzles)
}

/// The puzzles of `set` in the data folder `dir`.
fn load_set(dir: &Path, set: SetName) -> Result<Vec<Puzzle>> {
    let path = dir.join(match set {
        SetName::Examples => "examples.tsv",
        _ => "killers.tsv",
    });
    let text = fs::read_to_string(&path).with_context(|| {
        format!(
            "reading {} (the variant sets; give --variants DIR)",
            path.display()
        )
    })?;
    parse_set(&text, &path.display().to_string(), set)
}

/// What one `dlx solve --check --stats` process answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DlxAnswer {
    /// A verdict (`unique`, `multiple` or `none`), the engine `--stats` named and the time it
    /// gave the puzzle.
    Verdict {
        /// `unique`, `multiple` or `none`.
        verdict: String,
        /// The engine that answered.
        engine: String,
        /// The puzzle's `seconds=` (wall time of its solve, after reading).
        search: Duration,
    },
    /// The puzzle uses what dlx does not support: the construct it names, and why.
    Unsupported(String),
    /// The process's `--timeout` ran out.
    TimedOut,
}

/// Reads a `dlx solve --check --stats` process's answer from its exit code, standard output and
/// standard error.
pub fn read_dlx(code: Option<i32>, stdout: &str, stderr: &str) -> Result<DlxAnswer, String> {
    let verdict = stdout.trim();
    if verdict == "unfinished" {
        return Ok(DlxAnswer::TimedOut);
    }
    if let Some(at) = stderr.find("not supported") {
        // `FILE:1:2: at "Pair": not supported: WHY`: the construct named before it.
        let before = &stderr[..at];
        let what = before
            .rfind("at \"")
            .map(|k| &before[k + 4..])
            .and_then(|rest| rest.split('"').next())
            .unwrap_or("?");
        let why = stderr[at..]
            .lines()
            .next()
            .unwrap_or("")
            .trim_start_matches("not supported")
            .trim_start_matches(':')
            .trim();
        return Ok(DlxAnswer::Unsupported(format!("`{what}`: {why}")));
    }
    if code != Some(0) {
        let last = stderr.lines().last().unwrap_or("").trim();
        return Err(format!("dlx failed (exit code {code:?}): {last}"));
    }
    if !matches!(verdict, "unique" | "multiple" | "none") {
        return Err(format!(
            "dlx printed `{verdict}`, not unique, multiple or none"
        ));
    }
    let stat = |key: &str| {
        stderr
            .lines()
            .filter(|l| l.starts_with("puzzle="))
            .flat_map(|l| l.split_whitespace())
            .find_map(|w| w.strip_prefix(key))
            .ok_or_else(|| format!("dlx --stats gave no `{key}`: `{}`", stderr.trim()))
    };
    let engine = stat("engine=")?;
    let seconds = stat("seconds=")?;
    let search = seconds
        .parse::<f64>()
        .ok()
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .ok_or_else(|| format!("dlx --stats gave `seconds={seconds}`"))?;
    Ok(DlxAnswer::Verdict {
        verdict: verdict.to_string(),
        engine: engine.to_string(),
        search,
    })
}

/// One row of ISS's tool's `--json` output: the puzzle's name, its status and the median search
/// time.
#[derive(Clone, Debug, PartialEq)]
pub struct IssRow {
    /// The name the tool gives the puzzle (`input` for a puzzle string given as such).
    pub puzzle: String,
    /// `unique`, `multiple`, `no-solution`, or `wrong` when the solution it found is not the one
    /// stored with the puzzle in ISS's data.
    pub status: String,
    /// Solutions found (the search stops at 2).
    pub solutions: u64,
    /// The median over `--repeat` of the search's wall time.
    pub ms_median: Duration,
}

/// Reads the JSON array ISS's tool prints with `--json`.
pub fn read_iss_json(text: &str) -> Result<Vec<IssRow>, String> {
    let value: serde_json::Value =
        serde_json::from_str(text.trim()).map_err(|e| format!("ISS printed no JSON: {e}"))?;
    let rows = value.as_array().ok_or("ISS's JSON is not an array")?;
    rows.iter()
        .map(|row| {
            let text = |key: &str| {
                row.get(key)
                    .and_then(|v| v.as_str())
                    .map(str::to_string)
                    .ok_or_else(|| format!("ISS's row has no `{key}`: {row}"))
            };
            let ms = row
                .get("msMedian")
                .and_then(|v| v.as_f64())
                .filter(|ms| ms.is_finite() && *ms >= 0.0)
                .ok_or_else(|| format!("ISS's row has no `msMedian`: {row}"))?;
            let solutions = row
                .get("solutions")
                .and_then(|v| v.as_u64())
                .ok_or_else(|| format!("ISS's row has no `solutions`: {row}"))?;
            Ok(IssRow {
                puzzle: text("puzzle")?,
                status: text("status")?,
                solutions,
                ms_median: Duration::from_secs_f64(ms / 1e3),
            })
        })
        .collect()
}

/// One line of the processor-time driver: name, solutions (to 2), cpu ms, search ms.
#[derive(Clone, Debug, PartialEq)]
pub struct IssCpu {
    /// The puzzle's name, as given to the driver.
    pub name: String,
    /// Solutions found, stopping at 2.
    pub solutions: u64,
    /// Processor time of parsing, building and searching (median of the solves in a row).
    pub cpu: Duration,
}

/// Reads the driver's output.
pub fn read_iss_cpu(text: &str) -> Result<Vec<IssCpu>, String> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let bad = || format!("the ISS driver printed `{line}`");
            let [name, solutions, cpu, _search] = fields[..] else {
                return Err(bad());
            };
            let cpu: f64 = cpu.parse().map_err(|_| bad())?;
            if !cpu.is_finite() || cpu < 0.0 {
                return Err(bad());
            }
            Ok(IssCpu {
                name: name.to_string(),
                solutions: solutions.parse().map_err(|_| bad())?,
                cpu: Duration::from_secs_f64(cpu / 1e3),
            })
        })
        .collect()
}

/// Where the variants group finds its inputs and programs.
pub struct Setup<'a> {
    /// The `dlx` binary.
    pub dlx: &'a Path,
    /// The checkout of ISS.
    pub iss: &'a Path,
    /// The folder of the variant sets.
    pub data: &'a Path,
    /// The sets to run, in order.
    pub sets: &'a [SetName],
    /// Interleaved rounds; the medians over them are reported.
    pub runs: usize,
    /// Seconds a `dlx` process may take on one puzzle.
    pub timeout: f64,
    /// Print every round's times on stderr.
    pub verbose: bool,
}

/// A folder of this run's files, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Scratch> {
        let dir = std::env::temp_dir().join(format!("dlx-bench-{}-variants", std::process::id()));
        fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        Ok(Scratch(dir))
    }

    fn write(&self, name: &str, text: &str) -> Result<PathBuf> {
        let path = self.0.join(name);
        fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
        Ok(path)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// What became of a puzzle on the dlx side.
#[derive(Clone, Debug, PartialEq, Eq)]
enum State {
    /// Answered every round so far.
    Timed,
    /// Not supported by dlx: given to neither program again.
    Unsupported(String),
    /// dlx's timeout ran out: not timed again.
    TimedOut,
    /// Some run failed or disagreed (in the failures).
    Broken,
}

/// A puzzle's runs.
struct Row {
    puzzle: Puzzle,
    file: PathBuf,
    state: State,
    dlx: Vec<Duration>,
    dlx_search: Vec<Duration>,
    verdict: Option<String>,
    engine: Option<String>,
    iss_search: Vec<Duration>,
    /// The status and the solutions ISS's tool reported.
    iss_status: Option<(String, u64)>,
    iss_cpu: Vec<Duration>,
    iss_solutions: Option<u64>,
}

impl Row {
    /// Whether ISS is given the puzzle.
    fn for_iss(&self) -> bool {
        !matches!(self.state, State::Unsupported(_))
    }

    /// Whether both programs answered, alike, every round: the puzzle counts in the totals.
    fn counted(&self) -> bool {
        self.state == State::Timed && self.agree()
    }

    fn agree(&self) -> bool {
        self.verdict.as_deref() == Some("unique") && self.iss_unique()
    }

    /// Whether ISS found exactly one solution, by its tool's count and by the driver's. The tool's
    /// status may be `wrong` while it found one: its stored solution is written another way (for
    /// 16x16, in letters where the tool writes numbers).
    fn iss_unique(&self) -> bool {
        self.iss_status.as_ref().is_some_and(|(_, n)| *n == 1) && self.iss_solutions == Some(1)
    }

    /// ISS's answer in words.
    fn iss_answer(&self) -> String {
        match &self.iss_status {
            Some((status, n)) => format!("{status} ({n} found)"),
            None => "nothing".to_string(),
        }
    }
}

/// How ISS's tool is told the puzzles of a set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Selection {
    /// By ISS's names: the collection for a killer set, the example names otherwise.
    Names,
    /// By their puzzle strings (`input:...` selectors), when ISS does not know a name.
    Inputs,
}

/// Runs the variants group and prints a table per set; `Ok(false)` if some check failed, an error
/// if Node.js, ISS or an input is missing.
pub fn run(setup: &Setup) -> Result<bool> {
    check_checkout(setup.iss).map_err(anyhow::Error::msg)?;
    let node = Path::new("node");
    let version = process::run(node, &["--version"], None)
        .and_then(Finished::succeeded)
        .context(
            "the variants group runs ISS with Node.js, and `node` does not run (install Node.js \
             20 or later, on PATH)",
        )?
        .stdout();
    let scratch = Scratch::new()?;
    let driver = scratch.write("iss_cpu.mjs", CPU_DRIVER)?;
    let mut ok = true;
    let plural = if setup.runs == 1 { "" } else { "s" };
    println!(
        "### Variant Sudoku against ISS\n\n\
         Whole `dlx solve --check --threads 1 --stats` processes, one per puzzle: processor time \
         (user + system) of the process, its start included. ISS ({}, Node.js {}): \"search\" is \
         what its own tool reports (`{ISS_TOOL} --max-backtracks none --repeat {ISS_REPEAT}`: \
         wall time of the search after parsing and building, median of {ISS_REPEAT} solves in a \
         row in one process); \"cpu\" the processor time of the Node.js process (all threads) \
         across parsing, building and searching, likewise the median of {ISS_REPEAT} solves in \
         a row, Node's start and module loading left out. dlx \"search\" is the `seconds=` of \
         `--stats` (wall time of the solve after reading). Both prove uniqueness (search to a \
         second solution). Medians of {} interleaved round{plural}; the ratios are dlx / ISS, \
         search against search and cpu against cpu: below 1 dlx is faster. Totals over the \
         puzzles both answered.\n",
        iss_commit(setup.iss),
        version.trim().trim_start_matches('v'),
        setup.runs
    );
    for &set in setup.sets {
        let puzzles = load_set(setup.data, set)?;
        ok &= run_set(setup, set, puzzles, &scratch, &driver)?;
    }
    Ok(ok)
}

/// ISS's commit, if its checkout is a git work tree (for the heading).
fn iss_commit(dir: &Path) -> String {
    let git = Path::new("git");
    let dir = dir.as_os_str().to_os_string();
    let args = [
        "-C".into(),
        dir,
        "rev-parse".into(),
        "--short=12".into(),
        "HEAD".into(),
    ];
    match process::run(git, &args, None).and_then(Finished::succeeded) {
        Ok(done) => format!("commit {}", done.stdout().trim()),
        Err(_) => "commit unknown".to_string(),
    }
}

/// Runs one set's rounds and prints its table.
fn run_set(
    setup: &Setup,
    set: SetName,
    puzzles: Vec<Puzzle>,
    scratch: &Scratch,
    driver: &Path,
) -> Result<bool> {
    let mut failures = Vec::new();
    let mut rows = Vec::with_capacity(puzzles.len());
    for (k, puzzle) in puzzles.into_iter().enumerate() {
        let file = scratch.write(
            &format!("{}-{k}.txt", set.as_str()),
            &format!("{}\n", puzzle.input),
        )?;
        rows.push(Row {
            puzzle,
            file,
            state: State::Timed,
            dlx: Vec::new(),
            dlx_search: Vec::new(),
            verdict: None,
            engine: None,
            iss_search: Vec::new(),
            iss_status: None,
            iss_cpu: Vec::new(),
            iss_solutions: None,
        });
    }
    let mut selection = Selection::Names;
    for round in 0..setup.runs {
        if round % 2 == 0 {
            dlx_pass(setup, &mut rows, &mut failures);
            iss_passes(setup, set, &mut rows, &mut selection, scratch, driver)?;
        } else {
            iss_passes(setup, set, &mut rows, &mut selection, scratch, driver)?;
            dlx_pass(setup, &mut rows, &mut failures);
        }
        if setup.verbose {
            let mut line = format!("{} round {}:", set.as_str(), round + 1);
            for row in &rows {
                let last = |t: &[Duration], show: fn(Duration) -> String| {
                    t.last().map_or("–".to_string(), |d| show(*d))
                };
                let _ = write!(
                    line,
                    "\n  {}: dlx {} ms, ISS search {} ms, ISS cpu {} ms",
                    row.puzzle.name,
                    last(&row.dlx, millis),
                    last(&row.iss_search, tenths),
                    last(&row.iss_cpu, millis)
                );
            }
            eprintln!("{line}");
        }
    }
    for row in &rows {
        // Past its timeout dlx has no answer, but ISS's must still be right.
        let wrong = match row.state {
            State::Timed => !row.agree(),
            State::TimedOut => !row.iss_unique(),
            _ => false,
        };
        if wrong {
            failures.push(format!(
                "{}: dlx says {}, ISS's tool {}, ISS's driver found {} solutions",
                row.puzzle.name,
                row.verdict.as_deref().unwrap_or("nothing"),
                row.iss_answer(),
                row.iss_solutions
                    .map_or("no".to_string(), |n| n.to_string())
            ));
        }
    }
    println!("{}", set_table(set, &rows, selection, setup.timeout));
    for failure in &failures {
        eprintln!("check failed: {failure}");
    }
    Ok(failures.is_empty())
}

/// One round of dlx processes, one per puzzle still timed.
fn dlx_pass(setup: &Setup, rows: &mut [Row], failures: &mut Vec<String>) {
    let timeout = setup.timeout.to_string();
    for row in rows.iter_mut().filter(|r| r.state == State::Timed) {
        let args = [
            "solve".as_ref(),
            "--check".as_ref(),
            "--threads".as_ref(),
            "1".as_ref(),
            "--stats".as_ref(),
            "--timeout".as_ref(),
            timeout.as_ref(),
            row.file.as_os_str(),
        ];
        let answer = process::run(setup.dlx, &args, None)
            .map_err(|e| format!("{e:#}"))
            .and_then(|done| {
                read_dlx(done.output.status.code(), &done.stdout(), &done.stderr())
                    .map(|a| (a, done.time()))
            });
        let name = &row.puzzle.name;
        match answer {
            Ok((
                DlxAnswer::Verdict {
                    verdict,
                    engine,
                    search,
                },
                time,
            )) => {
                if row.verdict.as_ref().is_some_and(|v| *v != verdict) {
                    failures.push(format!("{name}: dlx's runs disagree with each other"));
                    row.state = State::Broken;
                    continue;
                }
                row.dlx.push(time);
                row.dlx_search.push(search);
                row.verdict = Some(verdict);
                row.engine = Some(engine);
            }
            Ok((DlxAnswer::Unsupported(what), _)) => row.state = State::Unsupported(what),
            Ok((DlxAnswer::TimedOut, _)) => row.state = State::TimedOut,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                row.state = State::Broken;
            }
        }
    }
}

/// One round of ISS: its own tool over the set, then the processor-time driver.
fn iss_passes(
    setup: &Setup,
    set: SetName,
    rows: &mut [Row],
    selection: &mut Selection,
    scratch: &Scratch,
    driver: &Path,
) -> Result<()> {
    let given: Vec<usize> = (0..rows.len()).filter(|&k| rows[k].for_iss()).collect();
    if given.is_empty() {
        return Ok(());
    }
    let node = Path::new("node");
    // ISS's tool, by name first; a name it does not know makes it fail as a whole, and then
    // every puzzle of the set goes to it as a puzzle string.
    let found = loop {
        let selectors: Vec<String> = match (*selection, set) {
            (Selection::Names, SetName::Examples) => {
                given.iter().map(|&k| rows[k].puzzle.name.clone()).collect()
            }
            (Selection::Names, _) => vec![set.as_str().to_string()],
            (Selection::Inputs, _) => given
                .iter()
                .map(|&k| format!("input:{}", rows[k].puzzle.input))
                .collect(),
        };
        let tool = setup.iss.join(ISS_TOOL);
        let repeat = ISS_REPEAT.to_string();
        let selectors = selectors.join(",");
        let args = [
            tool.as_os_str(),
            "--max-backtracks".as_ref(),
            "none".as_ref(),
            "--repeat".as_ref(),
            repeat.as_ref(),
            "--json".as_ref(),
            "--puzzles".as_ref(),
            selectors.as_ref(),
        ];
        let done = process::run(node, &args, None)?;
        if !done.output.status.success()
            && *selection == Selection::Names
            && done.stderr().contains("Unknown puzzle")
        {
            *selection = Selection::Inputs;
            continue;
        }
        let done = done.succeeded()?;
        break read_iss_json(&done.stdout()).map_err(anyhow::Error::msg)?;
    };
    match *selection {
        Selection::Names => {
            let by_name: HashMap<&str, &IssRow> =
                found.iter().map(|r| (r.puzzle.as_str(), r)).collect();
            for &k in &given {
                let row = &mut rows[k];
                let Some(iss) = by_name.get(row.puzzle.name.as_str()) else {
                    bail!("ISS's tool printed no row for {}", row.puzzle.name);
                };
                row.iss_search.push(iss.ms_median);
                row.iss_status = Some((iss.status.clone(), iss.solutions));
            }
        }
        Selection::Inputs => {
            if found.len() != given.len() {
                bail!(
                    "ISS's tool printed {} rows for {} puzzles",
                    found.len(),
                    given.len()
                );
            }
            for (&k, iss) in given.iter().zip(&found) {
                rows[k].iss_search.push(iss.ms_median);
                rows[k].iss_status = Some((iss.status.clone(), iss.solutions));
            }
        }
    }
    // The driver, on the same puzzle strings dlx reads.
    let mut list = String::new();
    for &k in &given {
        let _ = writeln!(list, "{}\t{}", rows[k].puzzle.name, rows[k].puzzle.input);
    }
    let list = scratch.write(&format!("{}-iss.tsv", set.as_str()), &list)?;
    let repeat = ISS_REPEAT.to_string();
    let args = [
        driver.as_os_str(),
        setup.iss.as_os_str(),
        list.as_os_str(),
        repeat.as_ref(),
    ];
    let done = process::run(node, &args, None)?.succeeded()?;
    let timed = read_iss_cpu(&done.stdout()).map_err(anyhow::Error::msg)?;
    if timed.len() != given.len() {
        bail!(
            "the ISS driver printed {} lines for {} puzzles",
            timed.len(),
            given.len()
        );
    }
    for (&k, cpu) in given.iter().zip(&timed) {
        rows[k].iss_cpu.push(cpu.cpu);
        rows[k].iss_solutions = Some(cpu.solutions);
    }
    Ok(())
}

/// The median of some times, or `None` for none.
fn med(times: &[Duration]) -> Option<Duration> {
    (!times.is_empty()).then(|| median(times.iter().copied()))
}

/// `a / b`, or `–` when either is missing.
fn ratio_of(a: Option<Duration>, b: Option<Duration>) -> String {
    match (a, b) {
        (Some(a), Some(b)) => ratio(a, b),
        _ => "–".to_string(),
    }
}

/// Milliseconds to the tenth, as ISS's tool reports them (it rounds to the tenth).
fn tenths(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1e3)
}

/// The table of one set: a row per puzzle ISS was given, the totals, then what was not counted.
fn set_table(set: SetName, rows: &[Row], selection: Selection, timeout: f64) -> String {
    let cell = |t: Option<Duration>, show: fn(Duration) -> String| t.map_or("–".to_string(), show);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "#### {} ({} puzzles)\n\n\
         | puzzle | dlx cpu ms | dlx search ms | ISS search ms | ISS cpu ms | search dlx/ISS | cpu dlx/ISS | engine | answers |\n\
         |---|---:|---:|---:|---:|---:|---:|---|---|",
        set.as_str(),
        rows.len()
    );
    let mut totals = [Duration::ZERO; 4];
    let mut counted = 0;
    for row in rows.iter().filter(|r| r.for_iss()) {
        let times = [
            med(&row.dlx),
            med(&row.dlx_search),
            med(&row.iss_search),
            med(&row.iss_cpu),
        ];
        let [cpu, search, iss_search, iss_cpu] = times;
        let answers = match (&row.state, row.agree()) {
            (State::TimedOut, _) => format!("dlx over {timeout} s"),
            (State::Broken, _) => "dlx failed".to_string(),
            (_, true) => "both unique".to_string(),
            (_, false) => format!(
                "DIFFER: dlx {}, ISS {}",
                row.verdict.as_deref().unwrap_or("–"),
                row.iss_answer()
            ),
        };
        let dlx_cell = match row.state {
            State::TimedOut => format!("> {}", millis(Duration::from_secs_f64(timeout))),
            _ => cell(cpu, millis),
        };
        let _ = writeln!(
            out,
            "| {} | {dlx_cell} | {} | {} | {} | {} | {} | {} | {answers} |",
            row.puzzle.name.replace('|', "\\|"),
            cell(search, millis),
            cell(iss_search, tenths),
            cell(iss_cpu, millis),
            ratio_of(search, iss_search),
            ratio_of(cpu, iss_cpu),
            row.engine.as_deref().unwrap_or("–"),
        );
        if row.counted() && times.iter().all(Option::is_some) {
            for (total, time) in totals.iter_mut().zip(times) {
                *total += time.unwrap_or_default();
            }
            counted += 1;
        }
    }
    let [cpu, search, iss_search, iss_cpu] = totals;
    let _ = writeln!(
        out,
        "| **total ({counted} puzzles)** | **{}** | **{}** | **{}** | **{}** | **{}** | **{}** | | |",
        millis(cpu),
        millis(search),
        tenths(iss_search),
        millis(iss_cpu),
        ratio(search, iss_search),
        ratio(cpu, iss_cpu)
    );
    let listed = |state: fn(&State) -> Option<String>| -> Vec<String> {
        rows.iter()
            .filter_map(|r| state(&r.state).map(|why| format!("{}{why}", r.puzzle.name)))
            .collect()
    };
    let unsupported = listed(|s| match s {
        State::Unsupported(what) => Some(format!(" ({what})")),
        _ => None,
    });
    let slow = listed(|s| (*s == State::TimedOut).then(String::new));
    let mut notes = Vec::new();
    if !unsupported.is_empty() {
        notes.push(format!(
            "Not supported by dlx, not run and not counted: {}.",
            unsupported.join(", ")
        ));
    }
    if !slow.is_empty() {
        notes.push(format!(
            "Over dlx's timeout of {timeout} s (one run, then not timed again), not counted: {}.",
            slow.join(", ")
        ));
    }
    let odd: Vec<String> = rows
        .iter()
        .filter(|r| r.counted())
        .filter_map(|r| {
            let (status, _) = r.iss_status.as_ref()?;
            (status != "unique").then(|| format!("{}: `{status}`", r.puzzle.name))
        })
        .collect();
    if !odd.is_empty() {
        notes.push(format!(
            "ISS's tool found exactly one solution, exhausting the search, but reported another \
             status, counted as unique ({}); `wrong` says that the solution it found is not \
             written like the one stored with the puzzle.",
            odd.join("; ")
        ));
    }
    if selection == Selection::Inputs {
        notes.push(
            "ISS's tool did not know some name of this set: it was given every puzzle as its \
             puzzle string (`input:...`)."
                .to_string(),
        );
    }
    if !notes.is_empty() {
        out.push('\n');
        for note in notes {
            let _ = writeln!(out, "- {note}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const KILLERS: &str = "set\tindex\tinput\tsolution\n\
                           TAREK_ALL\t0\tAB<\ts\n\
                           HS_KILLERS\t0\tCD<\ts\n\
                           TAREK_ALL\t1\tEF<\ts\n";

    #[test]
    fn reads_a_set_by_its_header() {
        let tarek = parse_set(KILLERS, "k.tsv", SetName::TarekAll).unwrap();
        let names: Vec<&str> = tarek.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["TAREK_ALL#0", "TAREK_ALL#1"]);
        assert_eq!(tarek[1].input, "EF<");
        let hs = parse_set(KILLERS, "k.tsv", SetName::HsKillers).unwrap();
        assert_eq!(hs[0].name, "HS_KILLERS#0");
        let examples = "input\tname\n.Cage~3~R1C1~R1C2\tKiller\n";
        let ex = parse_set(examples, "e.tsv", SetName::Examples).unwrap();
        assert_eq!(ex[0].name, "Killer");
        assert_eq!(ex[0].input, ".Cage~3~R1C1~R1C2");
        let err = parse_set("set\tindex\n", "k.tsv", SetName::TarekAll).unwrap_err();
        assert!(format!("{err:#}").contains("no `input` column"), "{err:#}");
        let err = parse_set(KILLERS, "e.tsv", SetName::Examples).unwrap_err();
        assert!(format!("{err:#}").contains("no `name` column"), "{err:#}");
        let short = "set\tindex\tinput\nTAREK_ALL\t0\n";
        let err = parse_set(short, "k.tsv", SetName::TarekAll).unwrap_err();
        assert!(format!("{err:#}").contains("k.tsv:2"), "{err:#}");
    }

    #[test]
    fn reads_dlx_answers() {
        let stats = "puzzle=1 nodes=42 seconds=0.000975 engine=propagation\n";
        assert_eq!(
            read_dlx(Some(0), "unique\n", stats).unwrap(),
            DlxAnswer::Verdict {
                verdict: "unique".into(),
                engine: "propagation".into(),
                search: Duration::from_micros(975),
            }
        );
        let unsupported = "dlx: f.txt:1:2: at \"Pair\": not supported: this ISS constraint \
                           type has no Constraint here\n";
        assert_eq!(
            read_dlx(Some(2), "", unsupported).unwrap(),
            DlxAnswer::Unsupported(
                "`Pair`: this ISS constraint type has no Constraint here".into()
            )
        );
        assert_eq!(
            read_dlx(Some(3), "unfinished\n", "").unwrap(),
            DlxAnswer::TimedOut
        );
        assert!(read_dlx(Some(0), "unique\n", "")
            .unwrap_err()
            .contains("no `engine=`"));
        assert!(
            read_dlx(Some(0), "unique\n", "puzzle=1 engine=fast seconds=x\n")
                .unwrap_err()
                .contains("seconds=x")
        );
        assert!(read_dlx(Some(0), "maybe\n", stats)
            .unwrap_err()
            .contains("`maybe`"));
        assert!(read_dlx(Some(2), "", "dlx: bad line\n")
            .unwrap_err()
            .contains("bad line"));
    }

    #[test]
    fn reads_iss_output() {
        let json = r#"[{"puzzle":"TAREK_ALL#0","status":"unique","solutions":1,"ms":26.4,
            "msMedian":12.5,"msMax":30},{"puzzle":"Odd & even","status":"multiple","solutions":2,
            "msMedian":0}]"#;
        let rows = read_iss_json(json).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].puzzle, "TAREK_ALL#0");
        assert_eq!(rows[0].ms_median, Duration::from_micros(12_500));
        assert_eq!(
            (rows[1].status.as_str(), rows[1].solutions),
            ("multiple", 2)
        );
        assert!(read_iss_json("puzzle status\n").is_err());
        assert!(
            read_iss_json(r#"[{"puzzle":"x","status":"unique","solutions":1}]"#)
                .unwrap_err()
                .contains("msMedian")
        );
        assert!(
            read_iss_json(r#"[{"puzzle":"x","status":"unique","msMedian":1}]"#)
                .unwrap_err()
                .contains("solutions")
        );

        let cpu = read_iss_cpu("Killer\t1\t4.500\t0.400\nX\t2\t1\t0.5\n").unwrap();
        assert_eq!(cpu[0].name, "Killer");
        assert_eq!(cpu[0].cpu, Duration::from_micros(4_500));
        assert_eq!(cpu[1].solutions, 2);
        assert!(read_iss_cpu("Killer\t1\n").is_err());
        assert!(read_iss_cpu("Killer\tone\t1\t1\n").is_err());
    }

    #[test]
    fn an_iss_checkout_needs_its_tool() {
        let dir = std::env::temp_dir().join(format!("dlx-bench-iss-test-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        assert!(check_checkout(&dir).unwrap_err().contains("no such folder"));
        fs::create_dir_all(&dir).unwrap();
        let err = check_checkout(&dir).unwrap_err();
        assert!(err.contains("benchmark_puzzles.js"), "{err}");
        for file in std::iter::once(ISS_TOOL).chain(ISS_MODULES) {
            let path = dir.join(file);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, "").unwrap();
        }
        let found = check_checkout(&dir);
        let _ = fs::remove_dir_all(&dir);
        assert_eq!(found, Ok(()));
    }
}
