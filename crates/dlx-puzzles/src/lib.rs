//! Puzzles as exact-cover problems.
