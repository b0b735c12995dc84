//! `dlx-bench`: side-by-side benchmarks of dlx-core against peer crates, in one process.
//!
//! ```text
//! cargo run --release -p dlx-bench -- [--runs N | --quick] [--only NAME]... [--data DIR]
//!     [--batch-ms MS] [--verbose] [--judge DIR]
//!     [--group exact-cover|sudoku|shapes|threads|sat|sat-encodings|generate|anchors|variants]
//!     [--dlx PATH] [--anchor NAME=PATH]... [--qqwing PATH]
//!     [--variants DIR] [--sets TAREK_ALL,HS_KILLERS,examples] [--timeout SECONDS]
//! ```
//!
//! Prints one markdown table per group on stdout; with `--verbose`, every run's times on stderr.
//! Exits with 1 if a check fails (the solvers disagree on a solution count or a verdict, or our
//! engine's figures differ from Knuth's), 2 on bad usage or unreadable data.
//!
//! `--anchor NAME=PATH` names a reference program built outside the repository (NAME one of
//! `ssxcc`, `dlx1`, `dlx2`, `tdoku`, `qqwing`, `dlx5`, `iss`); the anchors group races whole `dlx`
//! processes against them in processor time (see [`anchors`]), `qqwing` joins the generate group
//! (`--qqwing PATH` is the same as `--anchor qqwing=PATH`), and `iss` (a checkout of the Interactive
//! Sudoku Solver, run with Node.js) is what the variants group races (see [`variants`]).

mod anchors;
mod case;
mod exact_cover;
mod generate;
mod golden;
mod instances;
mod measure;
mod peer_dlx;
mod process;
mod sat;
mod shapes;
mod sudoku;
mod table;
mod threads;
mod variants;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;

use crate::anchors::{Anchor, AnchorName};
use crate::case::Group;
use crate::measure::{Measurement, Plan, Sample};
use crate::variants::SetName;

/// Side-by-side benchmarks of dlx-core against peer crates.
#[derive(Debug, Parser)]
#[command(name = "dlx-bench")]
struct Args {
    /// Folder holding the instance files (default: dlx-core's test data in this repository).
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,
    /// Run only this instance, `<DIR>/<NAME>.dlx` (may be repeated, or given as a comma-separated
    /// list); any instance in the folder may be named, in the anchors group too. In the sat group,
    /// the cases whose names contain one of these words (`gecode#19`, `invalid`, `Windoku`).
    #[arg(long, value_name = "NAME", value_delimiter = ',')]
    only: Vec<String>,
    /// Timed runs per solver and instance; the median is reported (default 5; in the variants
    /// group, 3 rounds).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    runs: Option<u32>,
    /// One run each (overrides --runs).
    #[arg(long)]
    quick: bool,
    /// A run repeats a solve until the solves have taken this many milliseconds (0: solve once);
    /// the time per solve is their mean.
    #[arg(long, value_name = "MS", default_value_t = 50)]
    batch_ms: u64,
    /// Print every run's times on stderr.
    #[arg(long, short)]
    verbose: bool,
    /// Which comparisons to run (default: all).
    #[arg(long, value_enum, value_delimiter = ',')]
    group: Vec<GroupName>,
    /// Folder holding the public Sudoku sets (default: the shared data beside the repository).
    #[arg(long, value_name = "DIR")]
    puzzles: Option<PathBuf>,
    /// Folder holding the judge data, where the sat group finds the jigsaw layouts (default: the
    /// shared data beside the repository).
    #[arg(long, value_name = "DIR")]
    judge: Option<PathBuf>,
    /// The `dlx` binary that the threads, generate and anchors groups run (default: the one built
    /// beside dlx-bench).
    #[arg(long, value_name = "PATH")]
    dlx: Option<PathBuf>,
    /// A QQwing binary, which the generate group then compares with whole `dlx generate`
    /// processes (the same as `--anchor qqwing=PATH`).
    #[arg(long, value_name = "PATH")]
    qqwing: Option<PathBuf>,
    /// A reference program, built outside the repository, that the anchors group races against
    /// whole `dlx` processes (may be repeated, one per NAME): NAME is `ssxcc`, `dlx1` or `dlx2`
    /// (Knuth's programs: a `.dlx` problem on stdin, `Altogether N solutions` on stderr; dlx1 runs
    /// the uncolored instances, dlx2 the colored ones), `tdoku` (81-character puzzle lines on
    /// stdin, `unique`, `multiple` or `none` for each on stdout) or `qqwing` (for the generate
    /// group).
    /// `iss`: a checkout of the Interactive Sudoku Solver (a folder), for the variants group.
    #[arg(long = "anchor", value_name = "NAME=PATH", value_parser = anchors::parse_anchor)]
    anchors: Vec<Anchor>,
    /// Folder holding the variant Sudoku sets, `killers.tsv` and `examples.tsv` (default: the
    /// shared data beside the repository).
    #[arg(long, value_name = "DIR")]
    variants: Option<PathBuf>,
    /// The variant sets the variants group runs (default: all three).
    #[arg(long, value_enum, value_delimiter = ',')]
    sets: Vec<SetName>,
    /// Seconds a `dlx` process of the variants group may take on one puzzle: a puzzle past it is
    /// listed, not timed again and not counted.
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0)]
    timeout: f64,
}

/// The comparisons `dlx-bench` knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum GroupName {
    /// Knuth `.dlx` files against crates.io `dlx`.
    ExactCover,
    /// 9x9 uniqueness checks against crates.io `sudoku`.
    Sudoku,
    /// Other shapes (16x16, 25x25, jigsaw): the specialised path against the general one.
    Shapes,
    /// `dlx solve` on two threads against one, whole processes.
    Threads,
    /// Sudoku by SAT: the residual encoding against the plain one (25x25 minimal puzzles,
    /// jigsaw layouts, Windoku). Not in the default run: it takes minutes.
    Sat,
    /// The SAT engine's at-most-one encodings on exact-cover instances. Not in the default run.
    SatEncodings,
    /// Minimal 9x9 puzzles made on one thread, against crates.io `sudoku` (and QQwing with
    /// --qqwing).
    Generate,
    /// Whole `dlx` processes against the reference programs given by `--anchor`, in processor
    /// time. In the default run only when some `--anchor` is given.
    Anchors,
    /// Whole `dlx solve --check` processes, one per variant puzzle, against ISS (`--anchor
    /// iss=DIR`). In the default run only when `--anchor iss=DIR` is given.
    Variants,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("dlx-bench: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Runs every selected group; `Ok(false)` if some check failed.
fn run(args: &Args) -> anyhow::Result<bool> {
    let anchors = anchor_list(args)?;
    let plan = Plan {
        runs: if args.quick {
            1
        } else {
            args.runs.unwrap_or(5) as usize
        },
        min_batch: Duration::from_millis(args.batch_ms),
    };
    let dir = args
        .data
        .clone()
        .unwrap_or_else(instances::default_data_dir);
    let slow = [GroupName::Sat, GroupName::SatEncodings];
    let wanted =
        |g: GroupName| (args.group.is_empty() && !slow.contains(&g)) || args.group.contains(&g);
    let mut groups = Vec::new();
    if wanted(GroupName::ExactCover) {
        let names = instances::select(instances::EXACT_COVER, &args.only);
        groups.push(exact_cover::group(&dir, &names)?);
    }
    let puzzles = args
        .puzzles
        .clone()
        .unwrap_or_else(sudoku::default_puzzle_dir);
    // Both puzzle groups read the same folder, which need not exist on every machine.
    let has_puzzles = |group: &str| {
        let found = puzzles.is_dir();
        if !found {
            eprintln!(
                "dlx-bench: no Sudoku sets in {} (give --puzzles DIR); {group} group skipped",
                puzzles.display()
            );
        }
        found
    };
    if wanted(GroupName::Sudoku) && has_puzzles("Sudoku") {
        groups.push(sudoku::group(&puzzles, sudoku::SETS)?);
    }
    if wanted(GroupName::Shapes) && has_puzzles("shapes") {
        groups.push(shapes::group(&puzzles, shapes::SETS)?);
    }
    if wanted(GroupName::Threads) && has_puzzles("threads") {
        match args.dlx.clone().or_else(threads::default_dlx) {
            Some(dlx) => groups.push(threads::group(&dlx, &puzzles, &dir)?),
            None => eprintln!(
                "dlx-bench: no dlx binary beside dlx-bench (build it: cargo build --release, \
                 or give --dlx PATH); threads group skipped"
            ),
        }
    }
    if wanted(GroupName::Sat) && has_puzzles("sat") {
        let judge = args.judge.clone().unwrap_or_else(sat::default_judge_dir);
        groups.push(sat::group(&puzzles, &judge, &args.only)?);
    }
    if wanted(GroupName::SatEncodings) {
        groups.push(sat::encodings_group(&dir, &args.only)?);
    }
    let qqwing = anchors
        .iter()
        .find(|a| a.name == AnchorName::Qqwing)
        .map(|a| a.path.as_path());
    if wanted(GroupName::Generate) {
        let dlx = args.dlx.clone().or_else(threads::default_dlx);
        groups.push(generate::group(dlx.as_deref(), qqwing)?);
    }
    let racing: Vec<Anchor> = anchors
        .iter()
        .filter(|a| !matches!(a.name, AnchorName::Qqwing | AnchorName::Iss))
        .cloned()
        .collect();
    // Asked for by name, the group must have something to race; in the default run it is there
    // only when some anchor is given.
    let explicit = args.group.contains(&GroupName::Anchors);
    if explicit && racing.is_empty() {
        anyhow::bail!(
            "--group anchors needs a reference program: --anchor ssxcc|dlx1|dlx2|tdoku|dlx5=PATH"
        );
    }
    let anchors_setup = if !racing.is_empty() && (explicit || args.group.is_empty()) {
        let Some(dlx) = args.dlx.clone().or_else(threads::default_dlx) else {
            anyhow::bail!(
                "the anchors group runs the dlx binary: build it (cargo build --release -p \
                 dlx-cli) or give --dlx PATH"
            );
        };
        Some(dlx)
    } else {
        None
    };
    let variants_iss = variants_setup(args, &anchors)?;
    let mut ok = true;
    for group in groups {
        ok &= run_group(group, plan, args.verbose);
    }
    if let Some(dlx) = anchors_setup {
        let setup = anchors::Setup {
            dlx: &dlx,
            data: &dir,
            only: &args.only,
            puzzles: puzzles.is_dir().then_some(puzzles.as_path()),
            runs: plan.runs,
            verbose: args.verbose,
        };
        ok &= anchors::run(&setup, &racing)?;
    }
    if let Some(iss) = variants_iss {
        let Some(dlx) = args.dlx.clone().or_else(threads::default_dlx) else {
            anyhow::bail!(
                "the variants group runs the dlx binary: build it (cargo build --release -p \
                 dlx-cli) or give --dlx PATH"
            );
        };
        let data = args
            .variants
            .clone()
            .unwrap_or_else(variants::default_data_dir);
        let sets = if args.sets.is_empty() {
            SetName::ALL.to_vec()
        } else {
            args.sets.clone()
        };
        if !(args.timeout.is_finite() && args.timeout > 0.0) {
            anyhow::bail!("--timeout must be a positive number of seconds");
        }
        let setup = variants::Setup {
            dlx: &dlx,
            iss: &iss,
            data: &data,
            sets: &sets,
            runs: if args.quick {
                1
            } else {
                args.runs.unwrap_or(3) as usize
            },
            timeout: args.timeout,
            verbose: args.verbose,
        };
        ok &= variants::run(&setup)?;
    }
    Ok(ok)
}

/// ISS's checkout if the variants group runs: asked for by name (then `--anchor iss=DIR` is
/// needed), or in the default run with `--anchor iss=DIR` given.
fn variants_setup(args: &Args, anchors: &[Anchor]) -> anyhow::Result<Option<PathBuf>> {
    let iss = anchors
        .iter()
        .find(|a| a.name == AnchorName::Iss)
        .map(|a| a.path.clone());
    let explicit = args.group.contains(&GroupName::Variants);
    if explicit && iss.is_none() {
        anyhow::bail!(
            "--group variants races ISS: give its checkout, --anchor iss=DIR (a clone of \
             github.com/sigh/Interactive-Sudoku-Solver; Node.js 20 or later on PATH)"
        );
    }
    Ok(iss.filter(|_| explicit || args.group.is_empty()))
}

/// The `--anchor` values, with `--qqwing PATH` as `--anchor qqwing=PATH`; an error if a name is
/// given twice.
fn anchor_list(args: &Args) -> anyhow::Result<Vec<Anchor>> {
    let mut anchors = args.anchors.clone();
    if let Some(path) = &args.qqwing {
        let spec = format!("qqwing={}", path.display());
        anchors.push(anchors::parse_anchor(&spec).map_err(anyhow::Error::msg)?);
    }
    for (k, a) in anchors.iter().enumerate() {
        if anchors[..k].iter().any(|b| b.name == a.name) {
            anyhow::bail!(
                "--anchor {} given twice (--qqwing PATH counts as --anchor qqwing=PATH)",
                a.name.as_str()
            );
        }
    }
    Ok(anchors)
}

/// Measures and prints one group; `false` if some check failed.
fn run_group(mut group: Group, plan: Plan, verbose: bool) -> bool {
    let alt_name = group.alt.clone().unwrap_or_default();
    let report = |name: &str, k: usize, ours: &Sample, alt: Option<&Sample>, peer: &Sample| {
        if verbose {
            let alt = alt.map_or(String::new(), |a| {
                format!(
                    ", {alt_name} {} ms (x{})",
                    table::millis(a.run.elapsed),
                    a.solves
                )
            });
            eprintln!(
                "{name} run {k}: ours {} ms (x{}){alt}, peer {} ms (x{})",
                table::millis(ours.run.elapsed),
                ours.solves,
                table::millis(peer.run.elapsed),
                peer.solves
            );
        }
    };
    let rows: Vec<Measurement> = group
        .cases
        .iter_mut()
        .map(|case| measure::measure(case.as_mut(), plan, report))
        .collect();
    println!(
        "{}",
        table::markdown(
            &group.title,
            &group.timing,
            group.alt.as_deref(),
            plan,
            &rows
        )
    );
    let failures: Vec<&String> = rows.iter().flat_map(|m| &m.failures).collect();
    for failure in &failures {
        eprintln!("check failed: {failure}");
    }
    failures.is_empty()
}
