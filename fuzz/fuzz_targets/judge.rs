//! Every judge problem's input reader: the first byte chooses the problem.
#![no_main]

use dlx_puzzles::sudoku::judge::Problem;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, input)) = data.split_first() else {
        return;
    };
    let problem = Problem::ALL[usize::from(first) % Problem::ALL.len()];
    for (k, case) in problem.cases(input).enumerate() {
        if k > 10_000 {
            break;
        }
        if let Ok(case) = case {
            assert_eq!(case.cells.len(), case.shape.size() * case.shape.size());
        }
    }
});
