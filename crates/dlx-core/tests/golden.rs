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
