//! Helpers shared by the tests of the dlx crates: checking that every variant of an error type
//! has a test case with its whole message ([`check_messages`]), the checks of the fuzz targets,
//! which the regression tests run on the inputs the fuzzers found ([`fuzz`]), a problem's
//! meaning apart from its numbering ([`meaning`]), and the known figures of the engine's
//! instances ([`golden`]).
//!
//! ```
//! use dlx_test_support::{check_messages, variant};
//!
//! #[derive(Debug)]
//! enum Oops {
//!     Small,
//!     Big(u32),
//! }
//!
//! impl std::fmt::Display for Oops {
//!     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
//!         match self {
//!             Oops::Small => write!(f, "small"),
//!             Oops::Big(n) => write!(f, "big: {n}"),
//!         }
//!     }
//! }
//!
//! check_messages(
//!     vec![(Oops::Small, "small"), (Oops::Big(3), "big: 3")],
//!     |e| variant!(e, Oops::Small, Oops::Big(_)),
//! );
//! ```

#![warn(missing_docs)]
#![forbid(unsafe_code)]

use std::fmt::Display;

pub mod fuzz;
pub mod golden;
mod meaning;

pub use meaning::{meaning, Meaning};

/// The index of the first of the patterns that `value` matches, and the number of patterns.
/// The patterns must cover the type (the `match` inside checks it), so that a new variant is a
/// compile error where the macro is used.
#[macro_export]
macro_rules! variant {
    ($value:expr, $($pattern:pat),+ $(,)?) => {{
        let value = $value;
        match value {
            $($pattern)|+ => {}
        }
        let arms = [$(matches!(value, $pattern)),+];
        (arms.iter().position(|&hit| hit).unwrap(), arms.len())
    }};
}

/// Checks each error's whole message, and that the cases reach every variant (`variant` maps an
/// error to its index among the variants and their number, as [`variant!`] gives them).
///
/// # Panics
///
/// When a message differs from the one expected (all such are listed), or when no case reaches
/// some variant.
pub fn check_messages<E: Display>(cases: Vec<(E, &str)>, variant: impl Fn(&E) -> (usize, usize)) {
    let mut wrong = Vec::new();
    let mut reached = Vec::new();
    let mut variants = 0;
    for (error, message) in &cases {
        if error.to_string() != *message {
            wrong.push(format!(
                "expected {message:?}\n   found {:?}",
                error.to_string()
            ));
        }
        let (k, n) = variant(error);
        reached.push(k);
        variants = n;
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    reached.sort_unstable();
    reached.dedup();
    let missing: Vec<usize> = (0..variants).filter(|k| !reached.contains(k)).collect();
    assert!(
        missing.is_empty(),
        "no case reaches the variants {missing:?}"
    );
}
