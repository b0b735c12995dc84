//! What refused input looks like, in words that name the option reading it: the library's
//! [`Guess`] for a record the reader refused or givens that clash.

use dlx_puzzles::sudoku::format::{FormatError, Guess};

/// The advice for input that looks like `guess`: what it is, and the option that reads it.
pub fn advice(guess: &Guess) -> String {
    match guess {
        Guess::Grid {
            rows,
            columns,
            shapes,
            ..
        } => match shapes.as_slice() {
            [] => format!(
                "this looks like a puzzle in the grid layout (a line `{rows} {columns}`, then \
                 its rows) of a shape none of the built-in ones is: give its shape with \
                 --shape FILE"
            ),
            [name] => format!("this looks like a {} grid: add --shape {name}", title(name)),
            names => format!(
                "this looks like a {rows}x{columns} grid of overlapping 9x9 grids: add --shape \
                 {} (whichever it is)",
                names.join(", --shape ")
            ),
        },
        Guess::Regions { size } => format!(
            "this looks like a jigsaw region layout ({size} connected regions of {size} \
             cells), not a puzzle: write it on its puzzle's line after the cells, or in a file \
             for --regions FILE"
        ),
        _ => "this looks like a layout another option reads".to_string(),
    }
}

/// What is said at the position of the format error `e`: the advice when the guess is sure,
/// else the reader's own message.
pub fn message(e: &FormatError) -> String {
    match &e.guess {
        Some(guess) if guess.is_sure() => advice(guess),
        _ => e.message.clone(),
    }
}

/// The advice said after the reader's own message, when its guess is not sure enough to stand
/// in place of it.
pub fn hint(e: &FormatError) -> Option<String> {
    e.guess
        .as_ref()
        .filter(|guess| !guess.is_sure())
        .map(advice)
}

/// A layout's name as a title: `Samurai`.
fn title(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
