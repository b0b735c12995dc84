//! Knuth's Algorithm M: items that must be covered between `min` and `max` times.
//!
//! The same explicit-stack machine as Algorithm X, with Knuth's steps M2–M9. An item `i` whose
//! bound is not yet used up stays active after an option covers it; the options already tried at
//! a level are "tweaked" out of `i`'s column so that deeper levels never pick the same set of
//! options in another order, and the last branch at a level ("no more options for `i`") is taken
//! only when `i` has been covered often enough.

use super::{Search, State, Status};

/// The steps of Algorithm M that the loop jumps between (here and in the cost search's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// M2–M4: enter a level, choose an item, prepare to branch on it.
    Enter,
    /// M5: check the next choice and tweak it out of the column.
    Tweak,
    /// M6: try the choice.
    Try,
    /// M7: undo the choice and move to the next.
    TryAgain,
    /// M8: restore the item.
    Restore,
    /// M9: leave the level.
    Leave,
}

impl Search {
    /// [`Search::step`] for problems with multiplicities.
    pub(super) fn step_with_bounds(&mut self) -> Status {
        let mut step = match self.begin() {
            Ok(true) => Step::TryAgain,
            Ok(false) => Step::Enter,
            Err(status) => return status,
        };
        let mut level = self.level;
        loop {
            match step {
                Step::Enter => {
                    if let Some(reason) = self.watch.check_with(
                        self.stats.nodes,
                        self.stats.updates,
                        self.stats.solutions,
                    ) {
                        self.pause(level);
                        return Status::Stopped(reason);
                    }
                    self.stats.nodes += 1;
                    let (i, degree) = self
                        .links
                        .choose_item_with_bounds()
                        .expect("the search enters a level only while a primary item is active");
                    if degree == 0 {
                        step = Step::Leave;
                        continue;
                    }
                    let x = self.links.down(i);
                    if self.links.take_bound(i) == 0 {
                        self.links.cover(i, &mut self.stats.updates);
                    }
                    if level == self.choice.len() {
                        self.choice.push(x);
                        self.branch.push(i);
                        self.first_tweak.push(x);
                    } else {
                        self.choice[level] = x;
                        self.branch[level] = i;
                        self.first_tweak[level] = x;
                    }
                    step = Step::Tweak;
                }
                Step::Tweak => {
                    let (i, x) = (self.branch[level], self.choice[level]);
                    let (bound, slack) = (self.links.bound(i), self.links.slack(i));
                    step = if bound == 0 && slack == 0 {
                        if x == i {
                            Step::Restore
                        } else {
                            Step::Try
                        }
                    } else if i64::from(self.links.len(i)) <= i64::from(bound) - i64::from(slack) {
                        // Too few options are left to cover `i` often enough.
                        Step::Restore
                    } else {
                        if x != i {
                            self.links.tweak(x, i, bound != 0, &mut self.stats.updates);
                        } else if bound != 0 {
                            self.links.unlink_item(i);
                        }
                        Step::Try
                    };
                }
                Step::Try => {
                    let (i, x) = (self.branch[level], self.choice[level]);
                    if x != i {
                        self.links
                            .commit_others_with_bounds(x, &mut self.stats.updates);
                    }
                    if self.links.all_covered() {
                        self.stats.nodes += 1;
                        self.stats.solutions += 1;
                        self.level = level;
                        self.state = State::Recover;
                        return Status::Solution;
                    }
                    level += 1;
                    step = Step::Enter;
                }
                Step::TryAgain => {
                    let (i, x) = (self.branch[level], self.choice[level]);
                    if x == i {
                        if self.links.bound(i) != 0 {
                            self.links.relink_item(i);
                        }
                        step = Step::Restore;
                    } else {
                        self.links.uncommit_others_with_bounds(x);
                        self.choice[level] = self.links.down(x);
                        step = Step::Tweak;
                    }
                }
                Step::Restore => {
                    let i = self.branch[level];
                    let (bound, slack) = (self.links.bound(i), self.links.slack(i));
                    if bound == 0 && slack == 0 {
                        self.links.uncover(i);
                    } else {
                        self.links.untweak(self.first_tweak[level], i, bound != 0);
                        if bound == 0 {
                            self.links.uncover(i);
                        }
                    }
                    self.links.give_bound(i);
                    step = Step::Leave;
                }
                Step::Leave => {
                    if level == 0 {
                        self.level = 0;
                        self.state = State::Done;
                        self.watch.settle(self.stats.nodes, self.stats.solutions);
                        return Status::Exhausted;
                    }
                    level -= 1;
                    step = Step::TryAgain;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{ProblemBuilder, Search, Stats};

    /// Knuth's `toy3.dlx`: `A B 2:3|C | X Y`.
    #[test]
    fn knuths_toy_with_multiplicities() {
        let mut b = ProblemBuilder::new();
        b.primary("A").unwrap();
        b.primary("B").unwrap();
        b.primary_with_bounds("C", 2, 3).unwrap();
        b.secondary("X").unwrap();
        b.secondary("Y").unwrap();
        for option in [
            &["A", "B", "X:0", "Y:0"][..],
            &["A", "C", "X:1", "Y:1"],
            &["C", "X:0"],
            &["B", "X:1"],
            &["C", "Y:1"],
        ] {
            b.option_by_names(option.iter().copied()).unwrap();
        }
        let problem = b.build().unwrap();
        let mut search = Search::new(&problem);
        let solutions: Vec<Vec<usize>> = search.solutions().collect();
        assert_eq!(solutions, [vec![1, 3, 4]]);
        assert_eq!(
            search.stats(),
            Stats {
                solutions: 1,
                nodes: 6,
                updates: 14
            }
        );
    }
}
