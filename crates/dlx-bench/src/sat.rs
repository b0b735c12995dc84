//! The SAT groups: Sudoku by the default engine (`EngineChoice::Auto`: the fast path with a
//! budget of guesses, then the SAT path) and by the SAT path alone (`sudoku::sat`: the
//! candidates left by the fast path's propagation as clauses), against the plain standard
//! encoding (every cell and value a variable, exactly one per cell, row, column and region, the
//! givens as unit clauses) given to the same CaDiCaL; and the choice of at-most-one encodings on
//! exact-cover instances.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use cpu_time::ThreadTime;

use anyhow::{bail, Context, Result};
use dlx_core::sat::{self, AtMostOne, Encoding};
use dlx_core::{Engine, Problem, Status, Stop};
use dlx_puzzles::sudoku::{self, Model, Shape, Solver, Verdict};

use crate::case::{Case, Expected, Group, Run};

/// The judge data beside the repository, where the jigsaw layouts are (`--judge DIR` elsewhere).
pub fn default_judge_dir() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.join("../../../shared/data/judge")
}

/// The at-most-one encoding of the plain standard encoding: pairwise, as it is usually given.
const PAIRWISE: Encoding = Encoding {
    long: AtMostOne::Pairwise,
    pairwise_up_to: usize::MAX,
};

/// The number a verdict counts as, so that both sides' runs can be compared.
fn verdict_count(verdict: Option<Verdict>) -> u64 {
    match verdict {
        Some(Verdict::None) => 0,
        Some(Verdict::Unique) => 1,
        Some(Verdict::Multiple) => 2,
        // Not reached without a stop; counted apart so it never agrees by accident.
        None => u64::MAX,
    }
}

/// The verdict of the plain encoding of `model` with `givens` as unit clauses, given to CaDiCaL
/// as it comes (its default settings): two solves at most, as the SAT path makes. Returns it with the solver's conflicts.
fn plain_check(model: &Model, givens: &[u16]) -> (Option<Verdict>, u64) {
    let mut search = sat::Search::with_settings(model.problem(), PAIRWISE, sat::Settings::Defaults)
        .expect("the encoding fits in memory");
    for (cell, &value) in givens.iter().enumerate() {
        if value != 0 {
            search
                .force(model.option(cell, value))
                .expect("a given is an option");
        }
    }
    let first = search.step();
    let verdict = match first {
        Status::Exhausted => Some(Verdict::None),
        Status::Solution => {
            let grid = model.decode(search.solution());
            assert!(
                sudoku::validate(model.shape(), givens, &grid).is_ok(),
                "the plain encoding's solution is checked"
            );
            match search.step() {
                Status::Exhausted => Some(Verdict::Unique),
                Status::Solution => Some(Verdict::Multiple),
                _ => None,
            }
        }
        _ => None,
    };
    (verdict, search.sat_stats().conflicts)
}

/// The verdict of the default engine (auto) on `givens`, with the SAT engine's conflicts and
/// whether it answered.
fn auto_check(solver: &mut Solver, givens: &[u16]) -> (Option<Verdict>, u64, bool) {
    let check = solver.check(givens).expect("the givens fit");
    let verdict = solver.stopped().is_none().then_some(check.verdict);
    (verdict, check.stats.conflicts, check.stats.sat > 0)
}

/// One grid (a puzzle, or an empty grid of some shape), checked three ways.
struct GridCase {
    name: String,
    model: Arc<Model>,
    /// The default engine's solver, kept from run to run as `dlx solve` keeps it.
    solver: Solver,
    givens: Vec<u16>,
    /// The verdict all must reach.
    expected: Verdict,
    /// Conflicts of the last run of the SAT path alone and of the plain encoding.
    conflicts: (u64, u64),
    /// Whether the SAT engine answered the default engine's last run.
    by_sat: bool,
}

impl GridCase {
    fn new(name: String, model: Arc<Model>, givens: Vec<u16>, expected: Verdict) -> GridCase {
        GridCase {
            name,
            solver: Solver::with_model(model.clone()),
            model,
            givens,
            expected,
            conflicts: (0, 0),
            by_sat: false,
        }
    }
}

impl Case for GridCase {
    fn name(&self) -> &str {
        &self.name
    }

    fn run_ours(&mut self) -> Run {
        let start = ThreadTime::now();
        let (verdict, conflicts, by_sat) = auto_check(&mut self.solver, &self.givens);
        let elapsed = start.elapsed();
        self.by_sat = by_sat;
        Run {
            elapsed,
            solutions: verdict_count(verdict),
            nodes: Some(conflicts),
            updates: None,
        }
    }

    fn run_alt(&mut self) -> Option<Run> {
        let start = ThreadTime::now();
        let outcome = sudoku::sat::check(self.model.shape(), &self.givens, Stop::new())
            .expect("the SAT path answers");
        let elapsed = start.elapsed();
        self.conflicts.0 = outcome.stats.conflicts;
        Some(Run {
            elapsed,
            solutions: verdict_count(outcome.verdict),
            nodes: Some(outcome.stats.conflicts),
            updates: None,
        })
    }

    fn run_peer(&mut self) -> Run {
        let start = ThreadTime::now();
        let (verdict, conflicts) = plain_check(&self.model, &self.givens);
        let elapsed = start.elapsed();
        self.conflicts.1 = conflicts;
        Run {
            elapsed,
            solutions: verdict_count(verdict),
            nodes: None,
            updates: None,
        }
    }

    fn expected(&self) -> Option<Expected> {
        Some(Expected {
            solutions: verdict_count(Some(self.expected)),
            nodes: None,
            updates: None,
        })
    }

    fn notes(&self) -> Vec<String> {
        vec![format!(
            "{}: answered by {}; {} conflicts on the residual (SAT alone), {} on the plain \
             encoding",
            self.name,
            if self.by_sat { "SAT" } else { "the fast path" },
            self.conflicts.0,
            self.conflicts.1
        )]
    }
}

/// Every layout of a file, each checked on an empty grid three ways.
struct LayoutsCase {
    name: String,
    models: Vec<Model>,
    expected: Verdict,
    /// Per-layout times of the last run of the default engine, the SAT path alone and the
    /// plain encoding.
    times: (Vec<Duration>, Vec<Duration>, Vec<Duration>),
}

impl LayoutsCase {
    /// Runs `check` on every layout; the layouts that got the expected verdict count as
    /// solutions, and `times` gets each one's time.
    fn run(
        models: &[Model],
        expected: Verdict,
        times: &mut Vec<Duration>,
        mut check: impl FnMut(&Model, &[u16]) -> Option<Verdict>,
    ) -> Run {
        times.clear();
        let start = ThreadTime::now();
        let mut right = 0;
        for model in models {
            let empty = vec![0; model.shape().cell_count()];
            let begun = ThreadTime::now();
            right += u64::from(check(model, &empty) == Some(expected));
            times.push(begun.elapsed());
        }
        Run {
            elapsed: start.elapsed(),
            solutions: right,
            nodes: None,
            updates: None,
        }
    }
}

impl Case for LayoutsCase {
    fn name(&self) -> &str {
        &self.name
    }

    fn run_ours(&mut self) -> Run {
        // A solver per layout, as `dlx solve` makes one for each new shape.
        LayoutsCase::run(&self.models, self.expected, &mut self.times.0, |m, g| {
            auto_check(&mut Solver::new(m.shape().clone()), g).0
        })
    }

    fn run_alt(&mut self) -> Option<Run> {
        Some(LayoutsCase::run(
            &self.models,
            self.expected,
            &mut self.times.1,
            |m, g| {
                sudoku::sat::check(m.shape(), g, Stop::new())
                    .expect("the SAT path answers")
                    .verdict
            },
        ))
    }

    fn run_peer(&mut self) -> Run {
        LayoutsCase::run(&self.models, self.expected, &mut self.times.2, |m, g| {
            plain_check(m, g).0
        })
    }

    fn expected(&self) -> Option<Expected> {
        Some(Expected {
            solutions: self.models.len() as u64,
            nodes: None,
            updates: None,
        })
    }

    fn notes(&self) -> Vec<String> {
        let describe = |times: &[Duration]| {
            let mut sorted = times.to_vec();
            sorted.sort_unstable();
            let ms = |d: Option<&Duration>| d.map_or(0.0, |d| d.as_secs_f64() * 1e3);
            format!(
                "median {:.1} ms, slowest {:.1} ms",
                ms(sorted.get(sorted.len() / 2)),
                ms(sorted.last())
            )
        };
        vec![format!(
            "{}: per layout, auto {}; SAT alone {}; plain {}",
            self.name,
            describe(&self.times.0),
            describe(&self.times.1),
            describe(&self.times.2)
        )]
    }

    fn items(&self) -> Option<u64> {
        Some(self.models.len() as u64)
    }
}

/// Cells from text: `.` empty, `A`.. for 1.. (the 25x25 file's alphabet).
fn letters(text: &str) -> Option<Vec<u16>> {
    text.bytes()
        .map(|b| match b {
            b'.' => Some(0),
            b'A'..=b'Y' => Some(u16::from(b - b'A') + 1),
            _ => None,
        })
        .collect()
}

/// The 25x25 puzzles of `path`, one case each.
fn puzzles25(path: &Path) -> Result<Vec<GridCase>> {
    let text = fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let model = Arc::new(Model::new(Shape::standard(25)?));
    let mut cases = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let givens = fields.first().and_then(|f| letters(f));
        let Some(givens) = givens.filter(|g| g.len() == 625) else {
            bail!("{}:{}: not a 25x25 puzzle line", path.display(), index + 1);
        };
        let label = fields.last().copied().unwrap_or("?");
        cases.push(GridCase::new(
            format!("25x25 {label}"),
            model.clone(),
            givens,
            Verdict::Unique,
        ));
    }
    Ok(cases)
}

/// The layouts of `path` (one 81-character line each), as models.
fn layouts(path: &Path) -> Result<Vec<Model>> {
    let text = fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            let layout: Vec<u16> = line.trim().bytes().map(u16::from).collect();
            let shape = Shape::jigsaw(9, &layout)
                .with_context(|| format!("{}:{}", path.display(), index + 1))?;
            Ok(Model::new(shape))
        })
        .collect()
}

/// The Sudoku SAT group: the 25x25 puzzles of the puzzle folder, the jigsaw layouts of the judge
/// folder, an empty 16x16 Windoku. `only` keeps the cases whose names contain one of its words.
pub fn group(puzzles: &Path, judge: &Path, only: &[String]) -> Result<Group> {
    let keep = |name: &str| only.is_empty() || only.iter().any(|w| name.contains(w.as_str()));
    let mut cases: Vec<Box<dyn Case>> = Vec::new();
    for case in puzzles25(&puzzles.join("nxn/sudoku25_gecode.txt"))? {
        if keep(&case.name) {
            cases.push(Box::new(case));
        }
    }
    let files = [
        ("layouts_invalid_easy.txt", Verdict::None),
        ("layouts_invalid_hard.txt", Verdict::None),
        ("layouts_valid.txt", Verdict::Multiple),
    ];
    for (file, expected) in files {
        let name = format!("jigsaw {file}, empty grid");
        if keep(&name) {
            let models = layouts(&judge.join("jigsaw").join(file))?;
            cases.push(Box::new(LayoutsCase {
                name: format!("{name} ({} layouts)", models.len()),
                models,
                expected,
                times: (Vec::new(), Vec::new(), Vec::new()),
            }));
        }
    }
    let name = "16x16 Windoku, empty grid".to_string();
    if keep(&name) {
        cases.push(Box::new(GridCase::new(
            name,
            Arc::new(Model::new(Shape::standard(16)?.with_windows()?)),
            vec![0; 256],
            Verdict::Multiple,
        )));
    }
    Ok(Group {
        title: format!(
            "Sudoku by SAT: the default engine (\"ours\": `EngineChoice::Auto`, the fast path for \
             {} guesses, then the SAT path) and the SAT path alone (\"SAT alone\": `sudoku::sat`, \
             the candidates left by singles and locked candidates as clauses) against the plain \
             standard encoding (\"peer\": n³ variables, pairwise exactly-one per cell, row, \
             column and region, givens as units, CaDiCaL's default settings), all solved by the same CaDiCaL, one thread",
            sudoku::AUTO_GUESSES
        ),
        timing: "Processor time of the thread (the machine is shared) from the givens to the verdict (unique / multiple / none: two solves at \
                 most, the second after a clause excluding the first solution), propagation \
                 and encoding included; the plain problem's items and options are built once \
                 per shape, untimed. \"nodes\" are the SAT engine's conflicts (0 when the fast \
                 path answered)."
            .to_string(),
        alt: Some("SAT alone".to_string()),
        cases,
    })
}

/// One exact-cover instance, solved up to a limit with two encodings.
struct EncodingCase {
    name: String,
    problem: Problem,
    limit: u64,
    ours: Encoding,
    peer: Encoding,
    /// The size of each side's formula, as last built.
    sizes: (sat::Size, sat::Size),
}

impl EncodingCase {
    fn run(problem: &Problem, encoding: Encoding, limit: u64, size: &mut sat::Size) -> Run {
        let start = ThreadTime::now();
        let mut search = sat::Search::with_encoding(problem, encoding).expect("the formula fits");
        search.set_limit(Some(limit));
        let status = search.count();
        let elapsed = start.elapsed();
        let stats = search.sat_stats();
        *size = sat::Size {
            variables: stats.variables,
            clauses: stats.clauses - stats.solutions,
        };
        Run {
            elapsed,
            solutions: if status == Status::Exhausted || status == Status::LimitReached {
                stats.solutions
            } else {
                u64::MAX
            },
            nodes: Some(stats.conflicts),
            updates: None,
        }
    }
}

impl Case for EncodingCase {
    fn name(&self) -> &str {
        &self.name
    }

    fn run_ours(&mut self) -> Run {
        EncodingCase::run(&self.problem, self.ours, self.limit, &mut self.sizes.0)
    }

    fn run_peer(&mut self) -> Run {
        EncodingCase::run(&self.problem, self.peer, self.limit, &mut self.sizes.1)
    }

    fn notes(&self) -> Vec<String> {
        let (a, b) = self.sizes;
        vec![format!(
            "{}: {} variables and {} clauses, against {} and {} pairwise",
            self.name, a.variables, a.clauses, b.variables, b.clauses
        )]
    }
}

/// The instances of the encodings group: a file of the data folder and how many solutions to
/// find (the first few of the pentomino boards, whose piece items have hundreds of options; all
/// of the Langford and Sudoku ones, whose items have a few dozen at most).
const ENCODING_INSTANCES: &[(&str, u64)] = &[
    ("pento6x10", 5),
    ("scott", 5),
    ("langford11", 200),
    ("sudoku-inkala", 2),
];

/// The encodings group: each instance with the ladder, commander and bimander above 8 and above
/// 32 literals, against pairwise everywhere.
pub fn encodings_group(dir: &Path, only: &[String]) -> Result<Group> {
    let mut cases: Vec<Box<dyn Case>> = Vec::new();
    for &(name, limit) in ENCODING_INSTANCES {
        if !only.is_empty() && !only.iter().any(|w| w == name) {
            continue;
        }
        let problem = crate::instances::load_exact_cover(dir, name)?;
        for long in [AtMostOne::Ladder, AtMostOne::Commander, AtMostOne::Bimander] {
            for pairwise_up_to in [8, 32] {
                cases.push(Box::new(EncodingCase {
                    name: format!("{name} {long:?} above {pairwise_up_to}"),
                    problem: problem.clone(),
                    limit,
                    ours: Encoding {
                        long,
                        pairwise_up_to,
                    },
                    peer: PAIRWISE,
                    sizes: Default::default(),
                }));
            }
        }
    }
    Ok(Group {
        title: "SAT engine, at-most-one encodings: an auxiliary-variable encoding for long items \
                (\"ours\") against pairwise clauses for every item (\"peer\"), CaDiCaL, one thread"
            .to_string(),
        timing: "Processor time of the thread to encode the problem and find the first N solutions (each excluded by a \
                 clause before the next solve); \"nodes\" are conflicts."
            .to_string(),
        alt: None,
        cases,
    })
}
