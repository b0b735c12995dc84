//! Ratings on Sudoku Explainer's scale stay what they are: every puzzle of `se_rated.txt` (rated
//! by Sudoku Explainer itself) gets the rating recorded in `se_rated_ours.txt`, and the recorded
//! ratings keep their agreement with Sudoku Explainer's; a stop (flag, deadline) ends a rating.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use dlx_core::{Cancel, Stop, StopReason};
use dlx_puzzles::sudoku::{logic, rate, Shape};

/// Puzzle, Sudoku Explainer's ER/EP/ED, and our rating as `rate` prints it.
fn cases() -> Vec<(String, String, String)> {
    let se = common::lines("se_rated.txt");
    let ours = common::lines("se_rated_ours.txt");
    assert_eq!(se.len(), ours.len(), "one recorded rating per puzzle");
    se.iter()
        .zip(ours)
        .map(|(line, ours)| {
            let mut fields = line.split('\t');
            let puzzle = fields.next().unwrap().to_string();
            let se = fields.next().expect("SE's rating").to_string();
            (puzzle, se, ours)
        })
        .collect()
}

fn er(rating: &str) -> f64 {
    rating.split('/').next().unwrap().parse().unwrap()
}

#[test]
fn every_rating_is_the_recorded_one() {
    let shape = Shape::standard(9).unwrap();
    let mut changed = Vec::new();
    for (k, (puzzle, _, ours)) in cases().iter().enumerate() {
        let rating = rate::rate_givens(&shape, &common::cells(puzzle, 9)).unwrap();
        if rating.to_string() != *ours {
            changed.push(format!("puzzle {}: {rating} (recorded {ours})", k + 1));
        }
    }
    assert!(
        changed.is_empty(),
        "ratings changed:\n{}",
        changed.join("\n")
    );
}

#[test]
fn recorded_ratings_agree_with_sudoku_explainer() {
    let cases = cases();
    let close = cases
        .iter()
        .filter(|(_, se, ours)| (er(se) - er(ours)).abs() <= 0.5 + 1e-9)
        .count();
    let share = close as f64 / cases.len() as f64;
    assert!(share >= 0.95, "ER within 0.5 of SE's on {share:.3}");
}

/// The hardest puzzle of `se_rated.txt` by its recorded rating, as a grid.
fn hardest() -> (logic::Grid, String) {
    let (puzzle, _, ours) = cases()
        .into_iter()
        .max_by(|a, b| er(&a.2).total_cmp(&er(&b.2)))
        .unwrap();
    let board = Arc::new(logic::Board::new(&Shape::standard(9).unwrap()));
    (logic::Grid::new(board, &common::cells(&puzzle, 9)), ours)
}

#[test]
fn a_raised_flag_or_a_passed_deadline_stops_rating_and_explaining() {
    let (grid, _) = hardest();
    let cancel = Cancel::new();
    cancel.cancel();
    let cancelled = Stop::new().with_cancel(cancel);
    assert_eq!(
        rate::rate_until(&grid, &cancelled),
        Err(StopReason::Cancelled)
    );
    let (steps, _, why) = logic::solve_until(&grid, logic::EXPLAIN, &cancelled);
    assert!(steps.is_empty());
    assert_eq!(why, Some(StopReason::Cancelled));
    let passed = Stop::new().with_deadline(Instant::now() - Duration::from_secs(1));
    assert_eq!(rate::rate_until(&grid, &passed), Err(StopReason::Deadline));
}

#[test]
fn a_flag_raised_during_a_chain_search_stops_it() {
    let (grid, _) = hardest();
    let cancel = Cancel::new();
    let stop = Stop::new().with_cancel(cancel.clone());
    // The hardest puzzle spends far longer than this in dynamic chains, where the flag is seen.
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(5));
        cancel.cancel();
    });
    let result = rate::rate_until(&grid, &stop);
    raiser.join().unwrap();
    assert_eq!(result, Err(StopReason::Cancelled));
}

#[test]
fn a_distant_deadline_changes_no_rating() {
    let (grid, ours) = hardest();
    let stop = Stop::new().with_timeout(Duration::from_secs(3600));
    let rating = rate::rate_until(&grid, &stop).unwrap();
    assert_eq!(rating.to_string(), ours);
}
