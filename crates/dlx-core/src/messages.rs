//! Every error of the crate, triggered from real input where input can cause it, with its whole
//! message: parse errors name the line and column and say what was expected there.
//!
//! Each error type has a `variant!` list of patterns that must cover the type (the compiler
//! checks it), and the test fails unless some case reaches every pattern: a new variant cannot
//! go without a case here.

use std::num::NonZeroUsize;

use dlx_test_support::{check_messages, variant};

use crate::cells;
use crate::cost::{Cheapest, CostError};
use crate::knuth::{self, ParseError, ParseErrorKind};
use crate::parallel::{ParallelError, Pool};
use crate::{BuildError, Entry, ForceError, Problem, ProblemBuilder, Search, SplitError};

fn parse_error(text: &str) -> ParseError {
    knuth::parse(text).unwrap_err()
}

#[test]
fn parse_errors() {
    // Text cannot declare no primary item nor exceed the engine's indices.
    let unreachable = |kind| ParseError {
        line: 1,
        column: 1,
        kind,
    };
    check_messages(
        vec![
            (parse_error("| comment\n\n"), "line 3, column 1: no item line (expected a line naming the items, but found only comments and blank lines)"),
            (parse_error("A | B | C\n"), "line 1, column 7: `|` appears twice in the item line (expected at most one `|`, between the primary and the secondary items)"),
            (parse_error("A B A\n"), "line 1, column 5: item `A` is declared twice (expected every item to be named once in the item line)"),
            (parse_error("A B:c\n"), "line 1, column 3: `B:c` is not a valid item name (expected non-blank characters other than `:` and `|`)"),
            (parse_error("A 3:2|B\n"), "line 1, column 3: `3:2|B` is not a valid multiplicity (expected `u:v|name` or `v|name` with 0 <= u <= v, 0 < v, on a primary item)"),
            (parse_error("A B\nA Q\n"), "line 2, column 3: unknown item `Q` (expected an item declared on the first line)"),
            (parse_error("A B\nA B A\n"), "line 2, column 5: item `A` appears twice in this option (expected every item at most once per option)"),
            (parse_error("A B\nA:red\n"), "line 2, column 1: primary item `A` cannot have a color (expected colors only on secondary items)"),
            (parse_error("A | X\nA X:\n"), "line 2, column 3: empty color in `X:` (expected a color name after the `:`)"),
            (parse_error("A | X\nA X:r:g\n"), "line 2, column 3: `r:g` is not a valid color name (expected non-blank characters other than `:` and `|`)"),
            (parse_error("A B\nA B |3x\n"), "line 2, column 5: `|3x` is not a cost (expected `|` and a decimal number, as in `|12`)"),
            (parse_error("A B\nA |18446744073709551615\nB |1\n"), "line 3, column 3: the options' costs add up to more than 18446744073709551615 (expected smaller costs)"),
            (unreachable(ParseErrorKind::NoPrimaryItems), "line 1, column 1: no primary items (expected at least one item before the `|` of the item line)"),
            (unreachable(ParseErrorKind::TooLarge), "line 1, column 1: the problem is too large (expected at most 2147483647 items, options and entries)"),
        ],
        |e| {
            variant!(
                &e.kind,
                ParseErrorKind::NoItemLine,
                ParseErrorKind::BarTwice,
                ParseErrorKind::DuplicateItem(_),
                ParseErrorKind::InvalidItemName(_),
                ParseErrorKind::Multiplicity(_),
                ParseErrorKind::UnknownItem(_),
                ParseErrorKind::RepeatedItem(_),
                ParseErrorKind::ColorOnPrimary(_),
                ParseErrorKind::EmptyColor(_),
                ParseErrorKind::InvalidColor(_),
                ParseErrorKind::NoPrimaryItems,
                ParseErrorKind::TooLarge,
                ParseErrorKind::Cost(_),
                ParseErrorKind::CostTooLarge,
            )
        },
    );
}

/// A builder with primary items `A`, `B` and secondary item `X`.
fn builder() -> ProblemBuilder {
    let mut b = ProblemBuilder::new();
    b.primary("A").unwrap();
    b.primary("B").unwrap();
    b.secondary("X").unwrap();
    b
}

/// A builder with primary item `A`.
fn primaries() -> ProblemBuilder {
    let mut b = ProblemBuilder::new();
    b.primary("A").unwrap();
    b
}

#[test]
fn build_errors() {
    let mut b = builder();
    let red = b.color("red").unwrap();
    check_messages(
        vec![
            (
                primaries().primary("A").unwrap_err(),
                "item `A` is declared twice",
            ),
            (
                primaries().primary("a b").unwrap_err(),
                "`a b` is not a valid item name (no blanks, `:` or `|`)",
            ),
            (
                builder().primary("C").unwrap_err(),
                "primary item `C` is declared after a secondary item",
            ),
            (
                builder().option_by_names(["A", "Q"]).unwrap_err(),
                "unknown item `Q`",
            ),
            (
                builder().option([Entry::plain(7)]).unwrap_err(),
                "unknown item #7",
            ),
            (
                builder().option_by_names(["A", "A"]).unwrap_err(),
                "item `A` appears twice in one option",
            ),
            (
                b.option([Entry {
                    item: 0,
                    color: red,
                }])
                .unwrap_err(),
                "primary item `A` cannot have a color",
            ),
            (
                builder()
                    .option([Entry::plain(0), Entry { item: 2, color: 9 }])
                    .unwrap_err(),
                "unknown color #9",
            ),
            (
                {
                    let mut b = ProblemBuilder::new();
                    b.secondary("X").unwrap();
                    b.build().unwrap_err()
                },
                "the problem has no primary items",
            ),
            (
                ProblemBuilder::new()
                    .primary_with_bounds("A", 3, 2)
                    .unwrap_err(),
                "item `A` cannot be covered between 3 and 2 times",
            ),
            (
                {
                    let mut b = ProblemBuilder::new();
                    b.primary("A").unwrap();
                    b.option_with_cost([Entry::plain(0)], u64::MAX).unwrap();
                    b.option_with_cost([Entry::plain(0)], 1).unwrap();
                    b.build().unwrap_err()
                },
                "the options' costs add up to more than 18446744073709551615",
            ),
            // Beyond the engine's indices: too large to build in a test.
            (
                BuildError::TooLarge,
                "the problem is too large (more than 2147483647 items, options or entries)",
            ),
        ],
        |e| {
            variant!(
                e,
                BuildError::DuplicateItem(_),
                BuildError::InvalidName(_),
                BuildError::PrimaryAfterSecondary(_),
                BuildError::UnknownName(_),
                BuildError::UnknownItem(_),
                BuildError::RepeatedItem(_),
                BuildError::ColorOnPrimary(_),
                BuildError::UnknownColor(_),
                BuildError::NoPrimaryItems,
                BuildError::InvalidBounds { .. },
                BuildError::TooLarge,
                BuildError::CostTooLarge,
            )
        },
    );
}

#[test]
fn cost_errors() {
    let problem = example();
    check_messages(
        vec![(
            Cheapest::new(&problem).keep(0).search().unwrap_err(),
            "the number of cheapest solutions to keep must be at least 1",
        )],
        |e| variant!(e, CostError::KeepNothing),
    );
}

/// Knuth's example: one solution, options `0`..`5`.
fn example() -> Problem {
    knuth::parse("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")
        .unwrap()
        .problem
}

/// A problem with a multiplicity.
fn bounded() -> Problem {
    knuth::parse("2|A B\nA\nA B\n").unwrap().problem
}

#[test]
fn search_errors() {
    let problem = example();
    let started = || {
        let mut search = Search::new(&problem);
        search.step();
        search
    };
    let conflict = {
        let mut search = Search::new(&problem);
        search.force(0).unwrap();
        search.force(2).unwrap_err()
    };
    // `A B` is forced (on `B`); then `A` needs one of the two options `A`: none is no choice.
    let not_a_branch = {
        let twice = knuth::parse("2:2|A B\nA\nA B\nA\n").unwrap().problem;
        let unit = crate::Unit::branch(vec![1, 3]);
        cells::Search::new(&twice).enter(&unit).unwrap_err()
    };
    check_messages(
        vec![
            (
                Search::new(&problem).force(6).unwrap_err(),
                "there is no option #6",
            ),
            (
                started().force(0).unwrap_err(),
                "options can only be forced before the search starts",
            ),
            (
                conflict,
                "option #2 conflicts with an option forced earlier on item #2",
            ),
            (
                not_a_branch,
                "option #3 is not a choice of the branch on item #0",
            ),
        ],
        |e| {
            variant!(
                e,
                ForceError::NoSuchOption(_),
                ForceError::AlreadyStarted,
                ForceError::Conflict { .. },
                ForceError::NotABranch { .. },
            )
        },
    );
    let bounded = bounded();
    check_messages(
        vec![
            (
                Search::new(&bounded).frontier().unwrap_err(),
                "a problem with multiplicities cannot be split into sub-problems",
            ),
            (
                started().root_branches().unwrap_err(),
                "the search has already started",
            ),
        ],
        |e| variant!(e, SplitError::Multiplicities, SplitError::AlreadyStarted),
    );
    let two = NonZeroUsize::new(2).unwrap();
    check_messages(
        vec![
            (
                Pool::new(&bounded, two).count(&[]).unwrap_err(),
                "a problem with multiplicities cannot be split into sub-problems",
            ),
            (
                Pool::new(&problem, two).count(&[0, 2]).unwrap_err(),
                "option #2 conflicts with an option forced earlier on item #2",
            ),
        ],
        |e| variant!(e, ParallelError::Split(_), ParallelError::Force(_)),
    );
}
