//! An exact-cover problem as clauses: one variable per option, the items as constraints on them.
//!
//! Variable `o` (from 0) is option `o`. After the options come one variable per color that some
//! option gives a secondary item (`color(x, c)`: "item `x` has color `c`"), then the auxiliary
//! variables of the encodings. The clauses:
//! - a primary item with bounds `(1, 1)`: at least one of its options (one clause), and at most
//!   one;
//! - a primary item with other bounds `u:v` (Algorithm M): a totalizer over its options, with
//!   `sum >= u` and `sum <= v` as unit clauses;
//! - a secondary item `x`: an option giving `x` color `c` implies `color(x, c)`; then at most
//!   one of `x`'s uncolored options and its color variables. Two uncolored options, an uncolored
//!   one and a colored one, or two options of different colors would each make two of those
//!   true; options of one color make only its variable true, so any number of them agree.

use rustsat::encodings::am1::{self, Encode as _};
use rustsat::encodings::card::{self, Totalizer};
use rustsat::encodings::CollectClauses;
use rustsat::instances::{BasicVarManager, ManageVars};
use rustsat::types::constraints::CardConstraint;
use rustsat::types::{Clause, Lit, Var};

use crate::problem::Problem;

/// How an at-most-one constraint over many literals is written as clauses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AtMostOne {
    /// A clause for every pair: `k(k-1)/2` clauses, no new variables.
    Pairwise,
    /// Gent and Nightingale's ladder: `k - 1` new variables and about `3k` clauses.
    Ladder,
    /// Klieber and Kwon's commander encoding (groups of 4, pairwise inside each).
    Commander,
    /// Nguyen and Mai's bimander encoding (groups of 4, pairwise inside each).
    Bimander,
}

/// The choice of encodings: pairwise at-most-one for short items, another one for long items.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Encoding {
    /// The encoding of at-most-one constraints over more than
    /// [`pairwise_up_to`](Self::pairwise_up_to) literals.
    pub long: AtMostOne,
    /// At-most-one constraints over this many literals or fewer are written pairwise.
    pub pairwise_up_to: usize,
}

impl Default for Encoding {
    /// Pairwise up to 32 literals, the ladder above.
    ///
    /// Measured (`dlx-bench --group sat-encodings`, one thread): on items of up to a few dozen
    /// options (Langford pairs, Sudoku) the auxiliary variables cost more than they save, as
    /// CaDiCaL learns directly on the option variables: each of the three encodings above 8
    /// literals took 1.4 to 1.9 times as long as pairwise clauses, and above 32 (all pairwise
    /// there) the same. On long items (pentomino pieces, up to 305 options) pairwise clauses
    /// make the formula large (1.3 million clauses for the 6x10 board against 37 thousand with
    /// the ladder) while the times of the four stayed within the solver's run-to-run spread;
    /// the ladder is the smallest of the three, hence the choice above 32. On the residual
    /// formulas of minimal 25x25 Sudoku (items of at most 25 options), the three encodings
    /// above 8 literals changed the conflicts by -1.7 % to +0.4 % (inside the 4.5 % spread of
    /// the solver's seed) and cost 10 to 20 % more propagations.
    fn default() -> Self {
        Encoding {
            long: AtMostOne::Ladder,
            pairwise_up_to: 32,
        }
    }
}

/// The size of an encoded problem.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Size {
    /// Variables: options, colors and auxiliary ones.
    pub variables: u64,
    /// Clauses.
    pub clauses: u64,
}

/// The literal that says option `option` is chosen.
pub(super) fn option_lit(option: usize) -> Lit {
    let index = u32::try_from(option).expect("option numbers fit in u32 (MAX_SIZE)");
    Var::new(index).pos_lit()
}

/// The variables of a formula for `problem`: the options' first, then fresh ones.
pub(super) fn variables(problem: &Problem) -> BasicVarManager {
    let mut vars = BasicVarManager::default();
    let options = problem.option_count();
    if options > 0 {
        vars.increase_next_free(Var::new(
            u32::try_from(options).expect("option numbers fit in u32 (MAX_SIZE)"),
        ));
    }
    vars
}

/// Writes `problem` into `out` (a solver or a formula), taking fresh variables from `vars`
/// (made by [`variables`]); returns the size of what was written.
pub(super) fn encode<Col: CollectClauses>(
    problem: &Problem,
    encoding: Encoding,
    out: &mut Col,
    vars: &mut BasicVarManager,
) -> Result<Size, rustsat::OutOfMemory> {
    let before = out.n_clauses();
    let options = problem.option_count();
    // The options of every item, each with its color.
    let mut uses: Vec<Vec<(usize, u32)>> = vec![Vec::new(); problem.item_count()];
    for option in 0..options {
        for entry in problem.option(option) {
            uses[entry.item].push((option, entry.color));
        }
    }
    let mut lits = Vec::new();
    for (item, uses) in uses.iter().enumerate() {
        lits.clear();
        if item < problem.primary_count() {
            lits.extend(uses.iter().map(|&(o, _)| option_lit(o)));
            match problem.bounds(item) {
                (1, 1) => {
                    exactly_one(&lits, encoding, out, vars)?;
                }
                (min, max) => bounds(&lits, min, max, out, vars)?,
            }
            continue;
        }
        // A secondary item: its uncolored options, and a variable for each of its colors.
        let mut colors: Vec<(u32, Lit)> = Vec::new();
        for &(option, color) in uses {
            if color == 0 {
                lits.push(option_lit(option));
                continue;
            }
            let lit = match colors.iter().find(|&&(c, _)| c == color) {
                Some(&(_, lit)) => lit,
                None => {
                    let lit = vars.new_lit();
                    colors.push((color, lit));
                    lit
                }
            };
            out.add_clause(Clause::from([!option_lit(option), lit]))?;
        }
        lits.extend(colors.iter().map(|&(_, lit)| lit));
        at_most_one(&lits, encoding, out, vars)?;
    }
    Ok(Size {
        variables: u64::from(vars.n_used()),
        clauses: (out.n_clauses() - before) as u64,
    })
}

/// Exactly one of `lits`: one clause, and at most one as `encoding` says.
fn exactly_one<Col: CollectClauses>(
    lits: &[Lit],
    encoding: Encoding,
    out: &mut Col,
    vars: &mut BasicVarManager,
) -> Result<(), rustsat::OutOfMemory> {
    out.add_clause(lits.iter().copied().collect())?;
    at_most_one(lits, encoding, out, vars)
}

/// At most one of `lits`, written as `encoding` says for their number.
fn at_most_one<Col: CollectClauses>(
    lits: &[Lit],
    encoding: Encoding,
    out: &mut Col,
    vars: &mut BasicVarManager,
) -> Result<(), rustsat::OutOfMemory> {
    let long = if lits.len() <= encoding.pairwise_up_to.max(1) {
        AtMostOne::Pairwise
    } else {
        encoding.long
    };
    let lits = lits.to_vec();
    match long {
        AtMostOne::Pairwise => am1::Pairwise::from(lits).encode(out, vars),
        AtMostOne::Ladder => am1::Ladder::from(lits).encode(out, vars),
        AtMostOne::Commander => am1::Commander::<4, am1::Pairwise>::from(lits).encode(out, vars),
        AtMostOne::Bimander => am1::Bimander::<4, am1::Pairwise>::from(lits).encode(out, vars),
    }
}

/// Between `min` and `max` of `lits` (a primary item's multiplicity).
fn bounds<Col: CollectClauses>(
    lits: &[Lit],
    min: u32,
    max: u32,
    out: &mut Col,
    vars: &mut BasicVarManager,
) -> Result<(), rustsat::OutOfMemory> {
    let (min, max) = (min as usize, max as usize);
    if min > 0 {
        let at_least = CardConstraint::new_lb(lits.iter().copied(), min);
        card::encode_cardinality_constraint::<Totalizer, _>(at_least, out, vars)?;
    }
    if max < lits.len() {
        let at_most = CardConstraint::new_ub(lits.iter().copied(), max);
        card::encode_cardinality_constraint::<Totalizer, _>(at_most, out, vars)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ProblemBuilder;
    use rustsat::instances::Cnf;

    fn encoded(text_options: &[&[&str]], primary: &[&str], secondary: &[&str]) -> (Size, Cnf) {
        let mut b = ProblemBuilder::new();
        for p in primary {
            b.primary(*p).unwrap();
        }
        for s in secondary {
            b.secondary(*s).unwrap();
        }
        for option in text_options {
            b.option_by_names(option.iter().copied()).unwrap();
        }
        let problem = b.build().unwrap();
        let mut cnf = Cnf::new();
        let mut vars = variables(&problem);
        let size = encode(&problem, Encoding::default(), &mut cnf, &mut vars).unwrap();
        (size, cnf)
    }

    #[test]
    fn a_primary_item_is_one_clause_and_its_pairs() {
        let (size, cnf) = encoded(&[&["A"], &["A"], &["A"]], &["A"], &[]);
        // At least one, and the three pairs.
        assert_eq!(
            size,
            Size {
                variables: 3,
                clauses: 4
            }
        );
        assert_eq!(cnf.len(), 4);
    }

    #[test]
    fn colors_get_a_variable_each() {
        let mut b = ProblemBuilder::new();
        for p in ["A", "B", "C"] {
            b.primary(p).unwrap();
        }
        b.secondary("X").unwrap();
        for option in [["A", "X:red"], ["B", "X:red"], ["C", "X:blue"], ["A", "X"]] {
            b.option_by_names(option).unwrap();
        }
        let problem = b.build().unwrap();
        let mut cnf = Cnf::new();
        let mut vars = variables(&problem);
        let size = encode(&problem, Encoding::default(), &mut cnf, &mut vars).unwrap();
        // Four options and two colors; A: 1 + 1 clauses, B and C: 1 each; three implications;
        // at most one of {A X, red, blue}: 3 pairs.
        assert_eq!(
            size,
            Size {
                variables: 6,
                clauses: 10
            }
        );
    }
}
