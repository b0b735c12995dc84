//! Checking a set of options against a problem, from the problem's definition alone: the SAT
//! engine reports no model that this check refuses, so a wrong clause in the encoding shows as an
//! error instead of a wrong answer.

use thiserror::Error;

use crate::problem::Problem;

/// Why a set of options is not a solution of a problem. Items and options are numbered as in
/// the problem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Invalid {
    /// An option number that the problem does not have.
    #[error("there is no option #{option}")]
    NoSuchOption {
        /// The number given.
        option: usize,
    },
    /// An option listed twice.
    #[error("option #{option} is chosen twice")]
    Repeated {
        /// The option.
        option: usize,
    },
    /// A primary item covered fewer or more times than its bounds allow.
    #[error("item #{item} is covered {times} times, but it needs {min} to {max}")]
    Coverage {
        /// The item.
        item: usize,
        /// How many chosen options cover it.
        times: u32,
        /// Its bounds.
        min: u32,
        /// Its bounds.
        max: u32,
    },
    /// A secondary item covered by two options that do not agree on one color.
    #[error(
        "item #{item} is covered by options #{first} and #{second}, which do not agree on a color"
    )]
    Disagree {
        /// The item.
        item: usize,
        /// The first option that covers it.
        first: usize,
        /// A later one that does not agree with it.
        second: usize,
    },
}

/// Checks that `options` cover every primary item within its bounds (exactly once unless it has
/// a multiplicity) and every secondary item at most once, or any number of times by options that
/// give it one and the same color.
pub fn check(problem: &Problem, options: &[usize]) -> Result<(), Invalid> {
    let mut chosen = vec![false; problem.option_count()];
    // Per item: how many options cover it, the first of them and the color it gave.
    let mut times = vec![0u32; problem.item_count()];
    let mut first = vec![(usize::MAX, 0u32); problem.item_count()];
    for &option in options {
        let Some(seen) = chosen.get_mut(option) else {
            return Err(Invalid::NoSuchOption { option });
        };
        if std::mem::replace(seen, true) {
            return Err(Invalid::Repeated { option });
        }
        for entry in problem.option(option) {
            let item = entry.item;
            times[item] += 1;
            if times[item] == 1 {
                first[item] = (option, entry.color);
                continue;
            }
            let (earlier, color) = first[item];
            let agree = entry.color != 0 && entry.color == color;
            if item >= problem.primary_count() && !agree {
                return Err(Invalid::Disagree {
                    item,
                    first: earlier,
                    second: option,
                });
            }
        }
    }
    for (item, &times) in times.iter().enumerate().take(problem.primary_count()) {
        let (min, max) = problem.bounds(item);
        if !(min..=max).contains(&times) {
            return Err(Invalid::Coverage {
                item,
                times,
                min,
                max,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knuth;

    #[test]
    fn names_what_is_wrong() {
        let problem = knuth::parse("A B | X\nA X:red\nB X:red\nB X:blue\nA\nB X\n")
            .unwrap()
            .problem;
        assert_eq!(check(&problem, &[0, 1]), Ok(()));
        assert_eq!(check(&problem, &[3, 2]), Ok(()));
        assert_eq!(
            check(&problem, &[0, 2]),
            Err(Invalid::Disagree {
                item: 2,
                first: 0,
                second: 2
            })
        );
        assert_eq!(
            check(&problem, &[0, 4]),
            Err(Invalid::Disagree {
                item: 2,
                first: 0,
                second: 4
            })
        );
        assert_eq!(
            check(&problem, &[0]),
            Err(Invalid::Coverage {
                item: 1,
                times: 0,
                min: 1,
                max: 1
            })
        );
        assert_eq!(
            check(&problem, &[0, 3, 1]).unwrap_err().to_string(),
            "item #0 is covered 2 times, but it needs 1 to 1"
        );
        assert_eq!(
            check(&problem, &[9]),
            Err(Invalid::NoSuchOption { option: 9 })
        );
        assert_eq!(
            check(&problem, &[0, 0]),
            Err(Invalid::Repeated { option: 0 })
        );
    }
}
