//! `dlx gen … --prices` and `dlx cover --best K`: the K cheapest solutions against a brute force
//! over every assignment, the output's form, the stops and what is refused.

mod common;

use common::{ends, succeeds};

/// The price of worker `i` taking job `j`, read from the lines `wi jj |c` of a generated problem.
fn prices(text: &str, n: usize) -> Vec<Vec<u64>> {
    let mut prices = vec![vec![0; n]; n];
    for line in text
        .lines()
        .filter(|l| l.starts_with('w') && l.contains(" j"))
    {
        let words: Vec<&str> = line.split(' ').collect();
        let i: usize = words[0][1..].parse().unwrap();
        let j: usize = words[1][1..].parse().unwrap();
        prices[i][j] = words.get(2).map_or(0, |c| c[1..].parse().unwrap());
    }
    prices
}

/// The costs of all assignments (permutations), least first.
fn every_cost(prices: &[Vec<u64>]) -> Vec<u64> {
    fn walk(prices: &[Vec<u64>], row: usize, used: &mut Vec<bool>, cost: u64, out: &mut Vec<u64>) {
        if row == prices.len() {
            out.push(cost);
            return;
        }
        for job in 0..prices.len() {
            if !used[job] {
                used[job] = true;
                walk(prices, row + 1, used, cost + prices[row][job], out);
                used[job] = false;
            }
        }
    }
    let mut costs = Vec::new();
    walk(prices, 0, &mut vec![false; prices.len()], 0, &mut costs);
    costs.sort_unstable();
    costs
}

/// The solutions printed by `--best`: each one's cost and option lines.
fn solutions(out: &str) -> Vec<(u64, Vec<String>)> {
    out.split("\n\n")
        .filter(|block| !block.is_empty())
        .map(|block| {
            let mut lines = block.lines();
            let cost = lines.next().unwrap().strip_prefix("| cost ").unwrap();
            (cost.parse().unwrap(), lines.map(str::to_string).collect())
        })
        .collect()
}

#[test]
fn the_k_cheapest_assignments_are_the_k_least_of_all() {
    for seed in ["1", "2", "3"] {
        let args = ["gen", "assignment", "6", "--prices", "40", "--seed", seed];
        let (problem, _) = succeeds(&args, "");
        assert!(problem.starts_with(&format!(
            "| dlx gen assignment 6 --prices 40 --seed {seed}\n"
        )));
        let prices = prices(&problem, 6);
        let all = every_cost(&prices);
        let (out, stats) = succeeds(&["cover", "--best", "5", "--stats", "-"], problem);
        let found = solutions(&out);
        let costs: Vec<u64> = found.iter().map(|(c, _)| *c).collect();
        assert_eq!(costs, all[..5], "seed {seed}");
        for (cost, options) in &found {
            // Each is a permutation whose prices add up to its cost.
            let mut jobs: Vec<usize> = Vec::new();
            let mut sum = 0;
            for option in options {
                let words: Vec<&str> = option.split(' ').collect();
                let (i, j): (usize, usize) = (
                    words[0][1..].parse().unwrap(),
                    words[1][1..].parse().unwrap(),
                );
                sum += prices[i][j];
                jobs.push(j);
            }
            jobs.sort_unstable();
            assert_eq!(jobs, [0, 1, 2, 3, 4, 5]);
            assert_eq!(sum, *cost);
        }
        assert!(stats.starts_with("found="), "{stats}");
        assert!(stats.trim_end().ends_with("engine=cost"), "{stats}");
    }
}

#[test]
fn costs_written_by_hand_are_read() {
    let text = "| two ways\nA B C\nA B |5\nC |1\nA |1 |0\nB C |2\n";
    let (out, _) = succeeds(&["cover", "--best", "3", "-"], text);
    assert_eq!(out, "| cost 3\nA\nB C\n\n| cost 6\nA B\nC\n");
    // A count counts every solution, whatever it costs.
    let (count, _) = succeeds(&["cover", "--count", "-"], text);
    assert_eq!(count, "2\n");
    let (_, why) = ends(&["cover", "--best", "1", "-"], "A B\nA |x\n", 2);
    assert!(why.contains(":2:3:") && why.contains("not a cost"), "{why}");
}

#[test]
fn no_solution_exits_1_and_a_budget_3() {
    let (out, why) = ends(&["cover", "--best", "2", "-"], "A B\nA |1\n", 1);
    assert_eq!(out, "");
    assert!(why.contains("no solution"), "{why}");
    let (problem, _) = succeeds(&["gen", "transversal", "9", "--prices", "99"], "");
    let (out, why) = ends(&["cover", "--best", "2", "--budget", "40", "-"], problem, 3);
    assert!(why.contains("the budget of 40 nodes ran out"), "{why}");
    // What was found so far is printed, cheapest first.
    let costs: Vec<u64> = solutions(&out).iter().map(|(c, _)| *c).collect();
    assert!(costs.windows(2).all(|w| w[0] <= w[1]), "{out}");
}

#[test]
fn refuses_what_it_does_not_search() {
    let text = "A B\nA |1\nB |2\n";
    for (args, words) in [
        (
            &["cover", "--best", "1", "--count", "-"][..],
            "cannot be used with",
        ),
        (&["cover", "--best", "0", "-"], "0 is not in 1..=1000000"),
        (
            &["cover", "--best", "1", "--engine", "cells", "-"],
            "leave out --engine",
        ),
        (
            &["cover", "--best", "1", "--threads", "2", "-"],
            "leave out --threads",
        ),
    ] {
        let (_, why) = ends(args, text, 2);
        assert!(why.contains(words), "{args:?}: {why}");
    }
}

#[test]
fn multiplicities_are_priced_too() {
    // A twice, B once: one `A |4` with `A B |3` (7, two ways), both `A |4` with `B |1` (9).
    let text = "2|A B\nA |4\nA |4\nA B |3\nB |1\nA |9\n";
    let (out, _) = succeeds(&["cover", "--best", "3", "-"], text);
    let costs: Vec<u64> = solutions(&out).iter().map(|(c, _)| *c).collect();
    assert_eq!(costs, [7, 7, 9], "{out}");
}
