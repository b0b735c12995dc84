//! `dlx cover`: solve an exact-cover problem given in Knuth's format.

use dlx_core::quote::quote;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, Result};
use clap::Args;
use dlx_core::{knuth, Problem};

use crate::input;
use crate::memo;
use crate::outcome::Outcome;
use crate::run::{self, SearchArgs};

// Arguments of `dlx cover`.
#[derive(Args, Debug)]
#[command(after_help = crate::run::EXIT_CODES)]
pub struct CoverArgs {
    /// The problem in Knuth's format; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// The largest input read, in bytes, with an optional K, M or G suffix (powers of 1024).
    /// A problem takes up to about 30 times its size in memory, so larger inputs are refused
    /// before they are read.
    #[arg(long, value_name = "SIZE", default_value = "128M", value_parser = parse_size)]
    max_input: u64,
    #[command(flatten)]
    memo: memo::MemoArgs,
    /// Print the K cheapest solutions found, cheapest first, each after a line `| cost N`
    /// (options carry costs as in Knuth's dlx5: `|n` after an item, several adding up; an option
    /// without one costs nothing). The search keeps the K best so far and leaves out every
    /// choice that cannot beat the Kth, so it ends far sooner than a listing of all solutions.
    /// One thread; colors and multiplicities are taken.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..=1_000_000),
          conflicts_with_all = ["count", "memo", "zdd", "zdd_out", "sample", "ordered", "limit"])]
    best: Option<u64>,
    #[command(flatten)]
    search: SearchArgs,
}

/// Parses a size in bytes: digits with an optional `K`, `M` or `G` suffix (powers of 1024).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (digits, shift) = match t.char_indices().last() {
        Some((at, 'k' | 'K')) => (&t[..at], 10),
        Some((at, 'm' | 'M')) => (&t[..at], 20),
        Some((at, 'g' | 'G')) => (&t[..at], 30),
        _ => (t, 0),
    };
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(1 << shift))
        .ok_or_else(|| {
            format!(
                "{} is not a size (e.g. 4096, 512K, 256M or 2G)",
                quote(text)
            )
        })
}

/// Runs `dlx cover`.
pub fn run(args: &CoverArgs) -> Result<Outcome> {
    let hint = " (raise it with --max-input)";
    let problem = read_problem_at_most(args.file.as_deref(), args.max_input, hint)?;
    let name = args
        .file
        .as_deref()
        .map_or_else(|| "<stdin>".to_string(), |p| p.display().to_string());
    if args.memo.asked() {
        return memo::run(&problem, &name, &args.search, &args.memo);
    }
    if let Some(k) = args.best {
        // The range of --best fits any usize.
        return crate::cheapest::run(&problem, &name, &args.search, k as usize);
    }
    if memo::tried_by_count(&args.search) {
        return memo::count_auto(&problem, &name, &args.search, args.memo.max_memory());
    }
    // Each solution as its options, one per line.
    let render = |out: &mut dyn std::io::Write, options: &[usize]| {
        for &option in options {
            writeln!(out, "{}", problem.format_option(option))?;
        }
        Ok(())
    };
    run::search(&problem, &name, &args.search, render)
}

/// Reads a problem in Knuth's format from `file` (standard input for `None` or `-`), printing
/// its warnings on stderr; errors name the file, line and column.
pub fn read_problem(file: Option<&Path>) -> Result<Problem> {
    read_problem_at_most(file, input::DEFAULT_MAX_BYTES, "")
}

/// Like [`read_problem`], refusing an input of more than `max` bytes (`hint` ends the message).
fn read_problem_at_most(file: Option<&Path>, max: u64, hint: &str) -> Result<Problem> {
    let input = input::read_at_most(file, max, hint)?;
    let parsed = knuth::parse(&input.text)
        .map_err(|e| anyhow!("{}:{}:{}: {}", input.name, e.line, e.column, e.kind))?;
    for warning in &parsed.warnings {
        eprintln!(
            "dlx: {}:{}: warning: {}",
            input.name, warning.line, warning.kind
        );
    }
    Ok(parsed.problem)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_take_binary_suffixes() {
        assert_eq!(parse_size("4096"), Ok(4096));
        assert_eq!(parse_size("2k"), Ok(2048));
        assert_eq!(parse_size("128M"), Ok(128 << 20));
        assert_eq!(parse_size("1G"), Ok(1 << 30));
        assert!(parse_size("").is_err());
        assert!(parse_size("M").is_err());
        assert!(parse_size("1.5G").is_err());
        assert!(parse_size("99999999999G").is_err());
    }
}
