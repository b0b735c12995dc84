//! Solutions, nodes and updates of every instance against Knuth's figures (GOLDEN.md).

use dlx_core::{knuth, Search, Stats, Status};

fn run(file: &str) -> Stats {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let problem = knuth::parse(&text).unwrap().problem;
    let mut search = Search::new(&problem);
    assert_eq!(search.count(), Status::Exhausted);
    search.stats()
}

fn check(file: &str, solutions: u64, nodes: u64, updates: u64) {
    let stats = run(file);
    assert_eq!(
        stats,
        Stats {
            solutions,
            nodes,
            updates
        },
        "{file}: got {stats:?}"
    );
}

#[test]
fn toys() {
    check("toy1.dlx", 1, 6, 30);
    check("toy2.dlx", 1, 4, 14);
    check("toy3.dlx", 1, 6, 14);
}

#[test]
fn queens() {
    check("queens8.dlx", 92, 1_049, 16_680);
    check("queens9.dlx", 352, 3_440, 54_818);
    check("queens10.dlx", 724, 11_578, 198_264);
    check("queens11.dlx", 2_680, 45_393, 783_140);
    check("queensplain8.dlx", 92, 1_199, 21_375);
    check("queensplain10.dlx", 724, 16_448, 312_964);
}

#[test]
fn langford() {
    check("langford3.dlx", 2, 7, 49);
    check("langford4.dlx", 2, 18, 184);
    check("langford7.dlx", 52, 607, 8_339);
    check("langford8.dlx", 300, 2_789, 37_241);
}

#[test]
fn sudoku() {
    check("sudoku4-empty.dlx", 288, 2_369, 24_677);
    check("sudoku-inkala.dlx", 1, 4_361, 81_178);
}

#[test]
fn pentominoes_3x20() {
    check("pento3x20.dlx", 8, 32_978, 10_986_975);
}

fn check_solutions(file: &str, solutions: u64) {
    let stats = run(file);
    assert_eq!(stats.solutions, solutions, "{file}: got {stats:?}");
}

// The long instances: seconds to minutes each in a release build
// (`cargo test --release -p dlx-core --test golden -- --ignored`).

#[test]
#[ignore = "long: run with --release -- --ignored"]
fn long_queens() {
    check("queens12.dlx", 14_200, 211_716, 3_594_752);
    check("queens13.dlx", 73_712, 1_046_319, 17_463_157);
    check("queens14.dlx", 365_596, 5_474_542, 91_497_926);
    check("queensplain12.dlx", 14_200, 327_813, 6_285_452);
}

#[test]
#[ignore = "long: run with --release -- --ignored"]
fn long_langford() {
    check("langford11.dlx", 35_584, 439_747, 5_974_979);
    check("langford12.dlx", 216_288, 2_831_065, 38_673_459);
}

#[test]
#[ignore = "long: run with --release -- --ignored"]
fn long_pentominoes() {
    check("pento4x15.dlx", 1_472, 852_893, 279_621_691);
    check("pento5x12.dlx", 4_040, 2_295_156, 770_490_101);
    check("pento6x10.dlx", 9_356, 3_637_261, 1_242_377_480);
    check("pento6x10-sym.dlx", 2_339, 909_153, 310_816_489);
}

#[test]
#[ignore = "long: run with --release -- --ignored"]
fn long_scott() {
    check("scott.dlx", 520, 293_045, 102_179_915);
    check_solutions("scott-any.dlx", 129_168);
}

#[test]
#[ignore = "long: run with --release -- --ignored"]
fn long_sudoku_6x6() {
    check_solutions("sudoku6-empty.dlx", 28_200_960);
}

#[test]
fn empty_sudoku_with_a_limit() {
    let text = std::fs::read_to_string(format!(
        "{}/tests/data/sudoku-empty.dlx",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let problem = knuth::parse(&text).unwrap().problem;
    let mut search = Search::new(&problem);
    search.set_limit(Some(1000));
    assert_eq!(search.count(), Status::LimitReached);
    assert_eq!(search.stats().solutions, 1000);
}
