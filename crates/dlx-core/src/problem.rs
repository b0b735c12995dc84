//! Exact-cover problems: named items, options over them, colors; validation.
//!
//! A [`Problem`] is built once with a [`ProblemBuilder`] and never changes afterwards, so it can be
//! shared between any number of [`Search`](crate::Search)es (and threads).

use std::collections::HashMap;
use std::fmt;

use thiserror::Error;

use crate::links::Links;

/// The largest number of items, options or option entries a problem may have: indices are `u32`.
pub const MAX_SIZE: usize = (u32::MAX / 2) as usize;

/// Whether an item must be covered exactly once (primary) or at most once (secondary).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// Covered exactly once by every solution.
    Primary,
    /// Covered at most once, or by any number of options that agree on its color.
    Secondary,
}

/// One entry of an option: an item, and the color it asks of that item (`0` for none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The item, as returned by [`ProblemBuilder::primary`] or [`ProblemBuilder::secondary`].
    pub item: usize,
    /// The color, as returned by [`ProblemBuilder::color`]; `0` means "no color".
    pub color: u32,
}

impl Entry {
    /// An entry without a color.
    pub fn plain(item: usize) -> Self {
        Entry { item, color: 0 }
    }
}

/// Something the builder accepted but the caller should hear about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Warning {
    /// The `input`-th option given to the builder (counting from 0) names no primary item and was
    /// dropped, as Knuth's programs do.
    OptionWithoutPrimary {
        /// Position of the option among all options given to the builder.
        input: usize,
    },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::OptionWithoutPrimary { input } => {
                write!(f, "option {} has no primary item and is ignored", input + 1)
            }
        }
    }
}

/// Why a problem could not be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BuildError {
    /// Two items were given the same name.
    #[error("item `{0}` is declared twice")]
    DuplicateItem(String),
    /// An item name is empty or contains a blank, `:` or `|`.
    #[error("`{0}` is not a valid item name (no blanks, `:` or `|`)")]
    InvalidName(String),
    /// A primary item was declared after a secondary one.
    #[error("primary item `{0}` is declared after a secondary item")]
    PrimaryAfterSecondary(String),
    /// An option names an item, by name, that was never declared.
    #[error("unknown item `{0}`")]
    UnknownName(String),
    /// An option names an item index that was never declared.
    #[error("unknown item #{0}")]
    UnknownItem(usize),
    /// An option names the same item twice.
    #[error("item `{0}` appears twice in one option")]
    RepeatedItem(String),
    /// An option gives a color to a primary item.
    #[error("primary item `{0}` cannot have a color")]
    ColorOnPrimary(String),
    /// An option names a color that was never declared.
    #[error("unknown color #{0}")]
    UnknownColor(u32),
    /// The problem has no primary items at all.
    #[error("the problem has no primary items")]
    NoPrimaryItems,
    /// A primary item's multiplicity is empty (`min > max`) or zero (`max == 0`).
    #[error("item `{name}` cannot be covered between {min} and {max} times")]
    InvalidBounds {
        /// The item.
        name: String,
        /// The least number of times it must be covered.
        min: u32,
        /// The most number of times it may be covered.
        max: u32,
    },
    /// The problem is larger than `u32` indices allow.
    #[error("the problem is too large (more than {MAX_SIZE} items, options or entries)")]
    TooLarge,
    /// The costs of all options together exceed `u64::MAX`, so a solution's cost could not be
    /// added up.
    #[error("the options' costs add up to more than {}", u64::MAX)]
    CostTooLarge,
}

/// Collects items and options, checks them, and builds a [`Problem`].
///
/// Items are numbered from 0 in the order they are declared; all primary items come first.
/// Options are numbered from 0 in the order they are kept (options without a primary item are
/// dropped with a [`Warning`]).
#[derive(Clone, Debug, Default)]
pub struct ProblemBuilder {
    names: Vec<String>,
    index: HashMap<String, usize>,
    primary: usize,
    bounds: Vec<(u32, u32)>,
    colors: Vec<String>,
    color_index: HashMap<String, u32>,
    starts: Vec<usize>,
    entries: Vec<Entry>,
    /// Each kept option's cost; empty while every cost is zero.
    costs: Vec<u64>,
    options_given: usize,
    warnings: Vec<Warning>,
    seen: Vec<usize>,
}

impl ProblemBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        ProblemBuilder {
            starts: vec![0],
            colors: vec![String::new()],
            ..Default::default()
        }
    }

    /// Declares a primary item and returns its number.
    pub fn primary(&mut self, name: impl Into<String>) -> Result<usize, BuildError> {
        let name = name.into();
        if self.primary < self.names.len() {
            return Err(BuildError::PrimaryAfterSecondary(name));
        }
        let id = self.declare(name)?;
        self.primary += 1;
        self.bounds.push((1, 1));
        Ok(id)
    }

    /// Declares a primary item that every solution covers at least `min` and at most `max` times
    /// (Knuth's multiplicities, Algorithm M), and returns its number.
    pub fn primary_with_bounds(
        &mut self,
        name: impl Into<String>,
        min: u32,
        max: u32,
    ) -> Result<usize, BuildError> {
        let name = name.into();
        if max == 0 || min > max {
            return Err(BuildError::InvalidBounds { name, min, max });
        }
        let id = self.primary(name)?;
        self.bounds[id] = (min, max);
        Ok(id)
    }

    /// Declares a secondary item and returns its number.
    pub fn secondary(&mut self, name: impl Into<String>) -> Result<usize, BuildError> {
        self.declare(name.into())
    }

    fn declare(&mut self, name: String) -> Result<usize, BuildError> {
        if !is_valid_name(&name) {
            return Err(BuildError::InvalidName(name));
        }
        if self.index.contains_key(&name) {
            return Err(BuildError::DuplicateItem(name));
        }
        if self.names.len() >= MAX_SIZE {
            return Err(BuildError::TooLarge);
        }
        let id = self.names.len();
        self.index.insert(name.clone(), id);
        self.names.push(name);
        self.seen.push(usize::MAX);
        Ok(id)
    }

    /// The number of the item called `name`, if it was declared.
    pub fn item(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    /// The number of items declared so far.
    pub fn item_count(&self) -> usize {
        self.names.len()
    }

    /// The number of the color called `name`, declaring it on first use. Colors are numbered from 1.
    pub fn color(&mut self, name: &str) -> Result<u32, BuildError> {
        if let Some(&c) = self.color_index.get(name) {
            return Ok(c);
        }
        if !is_valid_name(name) {
            return Err(BuildError::InvalidName(name.to_string()));
        }
        let c = u32::try_from(self.colors.len()).map_err(|_| BuildError::TooLarge)?;
        self.colors.push(name.to_string());
        self.color_index.insert(name.to_string(), c);
        Ok(c)
    }

    /// Adds an option. Returns its number, or `None` if it names no primary item and was dropped
    /// (a [`Warning`] records that). On error nothing is added.
    pub fn option<I>(&mut self, entries: I) -> Result<Option<usize>, BuildError>
    where
        I: IntoIterator<Item = Entry>,
    {
        self.option_with_cost(entries, 0)
    }

    /// Adds an option that costs `cost` (Knuth's dlx5: a solution costs the sum of its options'
    /// costs, and [`crate::cost`] finds the cheapest). Otherwise as [`option`](Self::option).
    pub fn option_with_cost<I>(
        &mut self,
        entries: I,
        cost: u64,
    ) -> Result<Option<usize>, BuildError>
    where
        I: IntoIterator<Item = Entry>,
    {
        let start = self.entries.len();
        let stamp = self.options_given;
        let mut has_primary = false;
        for entry in entries {
            if let Err(e) = self.check_entry(entry, stamp) {
                self.entries.truncate(start);
                self.clear_stamps(stamp);
                return Err(e);
            }
            has_primary |= entry.item < self.primary;
            self.entries.push(entry);
        }
        self.options_given += 1;
        if !has_primary {
            self.entries.truncate(start);
            self.warnings
                .push(Warning::OptionWithoutPrimary { input: stamp });
            return Ok(None);
        }
        if self.entries.len() + self.starts.len() + self.names.len() >= MAX_SIZE {
            self.entries.truncate(start);
            return Err(BuildError::TooLarge);
        }
        self.starts.push(self.entries.len());
        let option = self.starts.len() - 2;
        if cost != 0 || !self.costs.is_empty() {
            self.costs.resize(option, 0);
            self.costs.push(cost);
        }
        Ok(Some(option))
    }

    /// Adds an option given by item names, each optionally followed by `:color`.
    pub fn option_by_names<'a, I>(&mut self, names: I) -> Result<Option<usize>, BuildError>
    where
        I: IntoIterator<Item = &'a str>,
    {
        self.option_by_names_with_cost(names, 0)
    }

    /// Adds an option given by item names that costs `cost` (see
    /// [`option_with_cost`](Self::option_with_cost)).
    pub fn option_by_names_with_cost<'a, I>(
        &mut self,
        names: I,
        cost: u64,
    ) -> Result<Option<usize>, BuildError>
    where
        I: IntoIterator<Item = &'a str>,
    {
        let mut entries = Vec::new();
        for token in names {
            let (name, color) = match token.split_once(':') {
                Some((name, color)) => (name, self.color(color)?),
                None => (token, 0),
            };
            let item = self
                .item(name)
                .ok_or_else(|| BuildError::UnknownName(name.to_string()))?;
            entries.push(Entry { item, color });
        }
        self.option_with_cost(entries, cost)
    }

    fn check_entry(&mut self, entry: Entry, stamp: usize) -> Result<(), BuildError> {
        let Some(name) = self.names.get(entry.item) else {
            return Err(BuildError::UnknownItem(entry.item));
        };
        if self.seen[entry.item] == stamp {
            return Err(BuildError::RepeatedItem(name.clone()));
        }
        if entry.color != 0 && entry.item < self.primary {
            return Err(BuildError::ColorOnPrimary(name.clone()));
        }
        if entry.color as usize >= self.colors.len() {
            return Err(BuildError::UnknownColor(entry.color));
        }
        self.seen[entry.item] = stamp;
        Ok(())
    }

    // After a rejected option, forget which items it marked, so a later option with the same
    // stamp (the rejected one's number is reused) starts clean.
    fn clear_stamps(&mut self, stamp: usize) {
        for seen in &mut self.seen {
            if *seen == stamp {
                *seen = usize::MAX;
            }
        }
    }

    /// Warnings so far.
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// Checks the whole problem and lays it out for searching.
    pub fn build(self) -> Result<Problem, BuildError> {
        if self.primary == 0 {
            return Err(BuildError::NoPrimaryItems);
        }
        if !costs_fit(&self.costs) {
            return Err(BuildError::CostTooLarge);
        }
        let mut problem = Problem {
            names: self.names,
            primary: self.primary,
            bounds: self.bounds,
            colors: self.colors,
            starts: self.starts,
            entries: self.entries,
            costs: self.costs,
            warnings: self.warnings,
            links: Links::default(),
        };
        problem.links = Links::new(&problem);
        Ok(problem)
    }
}

/// Whether `costs` add up within a `u64`, so that no solution's cost can overflow.
fn costs_fit(costs: &[u64]) -> bool {
    costs
        .iter()
        .try_fold(0u64, |sum, &cost| sum.checked_add(cost))
        .is_some()
}

pub(crate) fn is_valid_name(name: &str) -> bool {
    !name.is_empty()
        && !name
            .chars()
            .any(|c| c.is_whitespace() || c == ':' || c == '|')
}

/// An exact-cover problem, immutable once built.
#[derive(Clone, Debug)]
pub struct Problem {
    names: Vec<String>,
    primary: usize,
    bounds: Vec<(u32, u32)>,
    colors: Vec<String>,
    starts: Vec<usize>,
    entries: Vec<Entry>,
    /// Each option's cost; empty when every cost is zero. Their sum fits a `u64`.
    costs: Vec<u64>,
    warnings: Vec<Warning>,
    pub(crate) links: Links,
}

impl Problem {
    /// The number of items, primary and secondary.
    pub fn item_count(&self) -> usize {
        self.names.len()
    }

    /// The number of primary items; they are items `0..primary_count()`.
    pub fn primary_count(&self) -> usize {
        self.primary
    }

    /// Whether `item` is primary or secondary.
    pub fn item_kind(&self, item: usize) -> ItemKind {
        if item < self.primary {
            ItemKind::Primary
        } else {
            ItemKind::Secondary
        }
    }

    /// How many times a primary item must be covered, at least and at most: `(1, 1)` unless it
    /// was declared with [`ProblemBuilder::primary_with_bounds`].
    /// For a secondary item, `(0, 1)`.
    pub fn bounds(&self, item: usize) -> (u32, u32) {
        self.bounds.get(item).copied().unwrap_or((0, 1))
    }

    /// Whether some primary item has bounds other than `(1, 1)`; such problems are solved by
    /// Knuth's Algorithm M.
    pub fn has_multiplicities(&self) -> bool {
        self.bounds.iter().any(|&b| b != (1, 1))
    }

    /// The name of an item.
    pub fn item_name(&self, item: usize) -> &str {
        &self.names[item]
    }

    /// The number of colors, not counting the "no color" `0`.
    pub fn color_count(&self) -> usize {
        self.colors.len() - 1
    }

    /// The name of a color (`1..=color_count()`); `""` for `0`.
    pub fn color_name(&self, color: u32) -> &str {
        &self.colors[color as usize]
    }

    /// The number of options.
    pub fn option_count(&self) -> usize {
        self.starts.len() - 1
    }

    /// The entries of an option, in the order they were given.
    pub fn option(&self, option: usize) -> &[Entry] {
        &self.entries[self.starts[option]..self.starts[option + 1]]
    }

    /// What `option` costs (`0` unless it was given a cost, as Knuth's dlx5 reads `|n`).
    pub fn cost(&self, option: usize) -> u64 {
        self.costs.get(option).copied().unwrap_or(0)
    }

    /// The same problem with option `o` costing `costs[o]` (every option's cost replaced).
    /// Fails with [`BuildError::CostTooLarge`] when the costs add up to more than a `u64`.
    ///
    /// # Panics
    /// If `costs` does not hold one cost per option.
    pub fn with_costs(&self, costs: Vec<u64>) -> Result<Problem, BuildError> {
        assert_eq!(costs.len(), self.option_count(), "one cost per option");
        if !costs_fit(&costs) {
            return Err(BuildError::CostTooLarge);
        }
        let costs = if costs.iter().all(|&c| c == 0) {
            Vec::new()
        } else {
            costs
        };
        Ok(Problem {
            costs,
            ..self.clone()
        })
    }

    /// Whether some option costs more than nothing.
    pub fn has_costs(&self) -> bool {
        !self.costs.is_empty()
    }

    /// Writes an option as Knuth's format does: item names separated by single spaces,
    /// colored items as `name:color`.
    pub fn format_option(&self, option: usize) -> String {
        let mut text = String::new();
        for (k, entry) in self.option(option).iter().enumerate() {
            if k > 0 {
                text.push(' ');
            }
            text.push_str(self.item_name(entry.item));
            if entry.color != 0 {
                text.push(':');
                text.push_str(self.color_name(entry.color));
            }
        }
        text
    }

    /// What the builder warned about.
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A builder holding a primary item `A` and a secondary item `X`, with the color `red`
    /// declared: the builder, `A`, `X` and `red`.
    fn a_and_x() -> (ProblemBuilder, usize, usize, u32) {
        let mut b = ProblemBuilder::new();
        let a = b.primary("A").unwrap();
        let x = b.secondary("X").unwrap();
        let red = b.color("red").unwrap();
        (b, a, x, red)
    }

    #[test]
    fn builds_items_and_options_in_order() {
        let (mut b, a, x, red) = a_and_x();
        assert_eq!(b.option([Entry::plain(a)]), Ok(Some(0)));
        assert_eq!(
            b.option([
                Entry::plain(a),
                Entry {
                    item: x,
                    color: red
                }
            ]),
            Ok(Some(1))
        );
        let p = b.build().unwrap();
        assert_eq!(p.item_count(), 2);
        assert_eq!(p.primary_count(), 1);
        assert_eq!(p.item_kind(x), ItemKind::Secondary);
        assert_eq!(p.option_count(), 2);
        assert_eq!(p.format_option(1), "A X:red");
    }

    #[test]
    fn rejects_bad_declarations() {
        let mut b = ProblemBuilder::new();
        b.primary("A").unwrap();
        assert_eq!(b.primary("A"), Err(BuildError::DuplicateItem("A".into())));
        assert_eq!(b.primary("a:b"), Err(BuildError::InvalidName("a:b".into())));
        b.secondary("X").unwrap();
        assert_eq!(
            b.primary("B"),
            Err(BuildError::PrimaryAfterSecondary("B".into()))
        );
        assert_eq!(
            ProblemBuilder::new().build().unwrap_err(),
            BuildError::NoPrimaryItems
        );
    }

    #[test]
    fn rejects_bad_options_without_side_effects() {
        let (mut b, a, x, red) = a_and_x();
        assert_eq!(
            b.option([Entry::plain(a), Entry::plain(a)]),
            Err(BuildError::RepeatedItem("A".into()))
        );
        assert_eq!(
            b.option([Entry {
                item: a,
                color: red
            }]),
            Err(BuildError::ColorOnPrimary("A".into()))
        );
        assert_eq!(b.option([Entry::plain(7)]), Err(BuildError::UnknownItem(7)));
        assert_eq!(
            b.option([Entry { item: x, color: 9 }]),
            Err(BuildError::UnknownColor(9))
        );
        assert_eq!(b.option([Entry::plain(a), Entry::plain(x)]), Ok(Some(0)));
        assert_eq!(b.build().unwrap().option_count(), 1);
    }

    #[test]
    fn drops_options_without_primary_items_with_a_warning() {
        let (mut b, ..) = a_and_x();
        assert_eq!(b.option_by_names(["X"]), Ok(None));
        assert_eq!(b.option_by_names(["A", "X"]), Ok(Some(0)));
        let p = b.build().unwrap();
        assert_eq!(p.warnings(), &[Warning::OptionWithoutPrimary { input: 0 }]);
        assert_eq!(p.option_count(), 1);
    }
}
