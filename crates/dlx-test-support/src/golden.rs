//! The known figures of the engine's collection of instances, read from the collection's
//! `GOLDEN.md`: solutions, nodes and updates as Knuth's programs report them on those files.

use dlx_core::{Problem, Search, Status};

/// What `GOLDEN.md` knows of one instance; an empty cell of its table is `None`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Golden {
    /// The file, as `queens8.dlx`.
    pub file: &'static str,
    /// The number of solutions.
    pub solutions: Option<u64>,
    /// Search-tree nodes.
    pub nodes: Option<u64>,
    /// Updates.
    pub updates: Option<u64>,
}

/// The collection's `GOLDEN.md`.
const TEXT: &str = include_str!("../../dlx-core/tests/data/GOLDEN.md");

/// Every instance of the table, in its order.
pub fn all() -> impl Iterator<Item = Golden> {
    TEXT.lines().filter_map(row)
}

/// The figures of `file` (as `queens8.dlx`).
///
/// # Panics
///
/// When the table has no such file.
pub fn of(file: &str) -> Golden {
    all()
        .find(|golden| golden.file == file)
        .unwrap_or_else(|| panic!("GOLDEN.md has no {file}"))
}

/// Counts every solution of `problem` and checks the figures `golden` knows.
///
/// # Panics
///
/// When a figure differs, or the search does not run to its end.
pub fn check(problem: &Problem, golden: Golden) {
    let mut search = Search::new(problem);
    assert_eq!(search.count(), Status::Exhausted, "{}", golden.file);
    let stats = search.stats();
    let found = Golden {
        file: golden.file,
        solutions: Some(stats.solutions),
        nodes: golden.nodes.and(Some(stats.nodes)),
        updates: golden.updates.and(Some(stats.updates)),
    };
    assert_eq!(found, golden, "got {stats:?}");
}

/// Reads a row `| file | solutions | nodes | updates | ...` of the table; `None` for any other
/// line.
fn row(line: &'static str) -> Option<Golden> {
    let mut cells = line.strip_prefix('|')?.split('|').map(str::trim);
    let file = cells.next().filter(|file| file.ends_with(".dlx"))?;
    let mut figure = || -> Option<u64> { cells.next()?.replace(',', "").parse().ok() };
    Some(Golden {
        file,
        solutions: figure(),
        nodes: figure(),
        updates: figure(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_row_and_leaves_unknown_figures_out() {
        assert_eq!(all().count(), 31);
        assert_eq!(
            of("queens12.dlx"),
            Golden {
                file: "queens12.dlx",
                solutions: Some(14_200),
                nodes: Some(211_716),
                updates: Some(3_594_752)
            }
        );
        let any = of("scott-any.dlx");
        assert_eq!(
            (any.solutions, any.nodes, any.updates),
            (Some(129_168), None, None)
        );
        assert_eq!(of("sudoku-empty.dlx").solutions, None);
    }
}
