//! Ratings on Sudoku Explainer's scale stay what they are: every puzzle of `se_rated.txt` (rated
//! by Sudoku Explainer itself) gets the rating recorded in `se_rated_ours.txt`, and the recorded
//! ratings keep their agreement with Sudoku Explainer's.

mod common;

use dlx_puzzles::sudoku::{rate, Shape};

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
