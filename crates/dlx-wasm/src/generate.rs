//! New puzzles for the page: the library's generator with the page's shape, symmetry,
//! minimality, number of givens and rating range; the same seed gives the same puzzle as
//! `dlx generate --seed` (its first puzzle).

use std::str::FromStr;

use dlx_puzzles::sudoku::format::write_puzzle;
use dlx_puzzles::sudoku::generate::{GenerateError, Generator, Symmetry, Workspace};
use dlx_puzzles::sudoku::rate::rate_givens;
use dlx_puzzles::sudoku::{Alphabet, Layout, Puzzle};
use serde::Deserialize;
use serde_json::json;

use crate::adapter;
use crate::wire::{request, InputError, ShapeChoice};

/// What the page asks for.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GenerateRequest {
    /// The side (the side of the boxes or the layout when they are given).
    #[serde(default = "nine")]
    size: usize,
    /// Boxes, a fixed jigsaw layout and extra regions.
    #[serde(default)]
    options: ShapeChoice,
    /// A random jigsaw layout (instead of boxes or a fixed layout).
    #[serde(default)]
    jigsaw: bool,
    /// `none`, `rot180`, `rot90`, `mirror` or `diagonal`.
    #[serde(default)]
    symmetry: Option<String>,
    /// Every given needed.
    #[serde(default)]
    minimal: bool,
    /// Exactly this many givens.
    #[serde(default)]
    givens: Option<usize>,
    /// Only puzzles whose ER is in `[low, high]`.
    #[serde(default)]
    rating: Option<(f64, f64)>,
    /// The seed of the random numbers.
    seed: u64,
}

fn nine() -> usize {
    9
}

/// A generation: all in the first slice (the generator cannot pause; the page ends the worker
/// to stop it).
#[derive(Debug)]
pub struct GenerateRun {
    work: Result<Work, String>,
}

/// A generation prepared: the generator, the seed, and whether the answer carries a rating
/// (only when one was asked for: rating a large grid can take far longer than making it).
#[derive(Debug)]
struct Work {
    generator: Generator,
    seed: u64,
    rated: bool,
}

impl GenerateRun {
    /// Prepares what `request` asks for (JSON: `{"size","options","jigsaw","symmetry",
    /// "minimal","givens","rating":[low,high],"seed"}`); errors are reported by the first
    /// [`GenerateRun::run`].
    pub fn new(request_json: &str) -> GenerateRun {
        GenerateRun {
            work: start(request_json).map_err(|e| e.to_json()),
        }
    }

    /// Makes the puzzle: `{"state":"done","text","seed","givens","attempts","checks",
    /// "rating"}` (the text in the line format, a jigsaw layout after it), or an error.
    pub fn run(&mut self) -> String {
        let answer = match &self.work {
            Ok(work) => make(work),
            Err(answer) => return answer.clone(),
        };
        self.work = Err(answer.clone());
        answer
    }
}

fn start(request_json: &str) -> Result<Work, InputError> {
    let request = request::<GenerateRequest>(request_json)?;
    let options_error = |e: GenerateError| InputError::new("options", e.to_string());
    let generator = if request.jigsaw {
        let extra = adapter::extras(&request.options.extra)?;
        Generator::jigsaw(request.size, extra).map_err(options_error)?
    } else {
        let size = match (&request.options.regions, request.options.boxes) {
            (Some(layout), _) => (1..=layout.len())
                .find(|n| n * n >= layout.len())
                .unwrap_or(0),
            (None, Some((r, c))) => r * c,
            (None, None) => request.size,
        };
        let empty = Puzzle::empty(size);
        Generator::new(adapter::shape_of(&empty, &request.options)?)
    };
    let symmetry = match request.symmetry.as_deref() {
        None => Symmetry::None,
        Some(name) => Symmetry::from_str(name).map_err(|e| InputError::new("options", e))?,
    };
    let generator = generator
        .symmetry(symmetry)
        .minimal(request.minimal)
        .givens(request.givens);
    let generator = match request.rating {
        Some((low, high)) if low.is_finite() && high.is_finite() && low <= high => {
            generator.rating(low, high)
        }
        Some((low, high)) => {
            return Err(InputError::new(
                "options",
                format!("{low}-{high} is not a range of ratings (the first at most the second)"),
            ))
        }
        None => generator,
    };
    generator.prepare().map_err(options_error)?;
    Ok(Work {
        generator,
        seed: request.seed,
        rated: request.rating.is_some(),
    })
}

fn make(work: &Work) -> String {
    let seed = work.seed;
    let generator = &work.generator;
    match generator.generate(seed, 0, &mut Workspace::new(generator)) {
        Ok(made) => {
            let rating = work
                .rated
                .then(|| rate_givens(&made.shape, &made.givens).ok())
                .flatten()
                .map(|r| json!({"er": r.er, "ep": r.ep, "ed": r.ed, "hardest": r.hardest}));
            let line = Layout::Line {
                alphabet: Alphabet::OneBased,
            };
            json!({
                "state": "done",
                "text": write_puzzle(&made.puzzle(line)),
                "seed": seed,
                "givens": made.given_count(),
                "attempts": made.attempts,
                "checks": made.checks,
                "rating": rating,
            })
            .to_string()
        }
        Err(e) => InputError::new("options", e.to_string()).to_json(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::SudokuRun;
    use serde_json::Value;

    fn generate(request: Value) -> Value {
        serde_json::from_str(&GenerateRun::new(&request.to_string()).run()).unwrap()
    }

    fn verdict(text: &str, options: Value) -> Value {
        let request = json!({"text": text, "options": options, "mode": "check"});
        let answer: Value =
            serde_json::from_str(&SudokuRun::new(&request.to_string()).run(1e9)).unwrap();
        answer["verdict"].clone()
    }

    #[test]
    fn the_same_seed_gives_the_cli_s_puzzle() {
        let made = generate(json!({"seed": 7, "symmetry": "rot180"}));
        assert_eq!(made["state"], "done", "{made}");
        let text = made["text"].as_str().unwrap();
        let shape = dlx_puzzles::sudoku::Shape::standard(9).unwrap();
        let generator = Generator::new(shape).symmetry(Symmetry::Rot180);
        let direct = generator
            .generate(7, 0, &mut Workspace::new(&generator))
            .unwrap();
        let givens: Vec<u16> = text
            .trim()
            .bytes()
            .map(|b| if b == b'.' { 0 } else { u16::from(b - b'0') })
            .collect();
        assert_eq!(givens, direct.givens);
        assert!(Symmetry::Rot180.holds(9, &givens));
        assert_eq!(verdict(text, json!({})), "unique");
        assert_eq!(
            generate(json!({"seed": 7, "symmetry": "rot180"}))["text"],
            made["text"]
        );
    }

    #[test]
    fn every_shape_the_page_offers() {
        let cases = [
            json!({"seed": 1, "size": 4}),
            json!({"seed": 1, "options": {"boxes": [2, 3]}}),
            json!({"seed": 1, "jigsaw": true, "size": 6}),
            json!({"seed": 1, "size": 4, "options": {"extra": ["x"]}, "minimal": true}),
            json!({"seed": 1, "options": {"extra": ["windoku"]}}),
        ];
        for request in cases {
            let made = generate(request.clone());
            assert_eq!(made["state"], "done", "{request}: {made}");
            let options = request.get("options").cloned().unwrap_or(json!({}));
            assert_eq!(
                verdict(made["text"].as_str().unwrap(), options),
                "unique",
                "{request}"
            );
        }
    }

    #[test]
    fn a_rating_range_is_kept() {
        let made = generate(json!({"seed": 3, "rating": [1.0, 2.0]}));
        let er = made["rating"]["er"].as_f64().unwrap();
        assert!((1.0..=2.0).contains(&er), "{made}");
    }

    #[test]
    fn bad_requests_are_errors() {
        let bad = generate(json!({"seed": 1, "symmetry": "spiral"}));
        assert_eq!(bad["error"]["field"], "options");
        assert!(bad["error"]["message"].as_str().unwrap().contains("rot180"));
        assert_eq!(
            generate(json!({"seed": 1, "rating": [3.0, 2.0]}))["state"],
            "error"
        );
        assert_eq!(
            generate(json!({"seed": 1, "size": 200, "jigsaw": true}))["state"],
            "error"
        );
        assert_eq!(
            generate(
                json!({"seed": 1, "size": 9, "options": {"extra": ["windoku"]}, "jigsaw": true})
            )["state"],
            "done"
        );
    }
}
