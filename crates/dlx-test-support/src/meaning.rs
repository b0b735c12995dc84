//! What a problem means, apart from how its colors happen to be numbered.

use dlx_core::Problem;

/// Items (name, primary?) with their bounds, options as (item name, color name) lists, and the
/// options' costs: two problems with equal meanings are the same problem, whatever numbers their
/// colors were given.
pub type Meaning = (
    Vec<(String, bool)>,
    Vec<(u32, u32)>,
    Vec<Vec<(String, String)>>,
    Vec<u64>,
);

/// The meaning of `problem`.
pub fn meaning(problem: &Problem) -> Meaning {
    let items = (0..problem.item_count())
        .map(|i| {
            (
                problem.item_name(i).to_string(),
                i < problem.primary_count(),
            )
        })
        .collect();
    let bounds = (0..problem.item_count())
        .map(|i| problem.bounds(i))
        .collect();
    let options = (0..problem.option_count())
        .map(|o| {
            problem
                .option(o)
                .iter()
                .map(|e| {
                    let item = problem.item_name(e.item).to_string();
                    (item, problem.color_name(e.color).to_string())
                })
                .collect()
        })
        .collect();
    let costs = (0..problem.option_count())
        .map(|o| problem.cost(o))
        .collect();
    (items, bounds, options, costs)
}
