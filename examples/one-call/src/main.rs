//! A user's program: solves the 9x9 puzzle given as its argument (or a built-in one) in one
//! call, and prints the solution in the layout the puzzle came in.

use std::process::ExitCode;

fn main() -> ExitCode {
    let puzzle = std::env::args().nth(1).unwrap_or_else(|| {
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .to_string()
    });
    match dlx_puzzles::sudoku::solve(&puzzle) {
        Ok(Some(solution)) => {
            print!("{solution}");
            ExitCode::SUCCESS
        }
        Ok(None) => {
            eprintln!("no solution");
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}
