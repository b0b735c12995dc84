//! The bindings as JavaScript calls them, in WebAssembly under Node.js
//! (`cargo test -p dlx-wasm --target wasm32-unknown-unknown`, with wasm-bindgen-test-runner as
//! the runner): no path may read the clock or start a thread, which panic there.
#![cfg(target_arch = "wasm32")]

use dlx_wasm::{
    read_regions, read_sudoku, write_sudoku, CoverTask, GenerateTask, LogicTask, SudokuTask,
};
use serde_json::{json, Value};
use wasm_bindgen_test::wasm_bindgen_test;

const PUZZLE17: &str =
    ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....";

fn parse(text: String) -> Value {
    serde_json::from_str(&text).unwrap()
}

/// Runs a task to its end in slices; the last answer and the number of slices.
fn finish(mut run: impl FnMut() -> String) -> (Value, usize) {
    for slices in 1.. {
        let answer = parse(run());
        if answer["state"] != "running" {
            return (answer, slices);
        }
    }
    unreachable!()
}

#[wasm_bindgen_test]
fn a_17_clue_puzzle_is_solved_and_unique() {
    for mode in ["solve", "check"] {
        let mut task = SudokuTask::new(&json!({"text": PUZZLE17, "mode": mode}).to_string());
        let (answer, _) = finish(|| task.run(1000.0));
        assert_eq!(answer["verdict"], "unique");
        let solution = answer["solution"].as_array().unwrap();
        assert_eq!(solution.len(), 81);
        for (k, given) in PUZZLE17.bytes().enumerate() {
            if given != b'.' {
                assert_eq!(solution[k], u64::from(given - b'0'));
            }
        }
    }
}

#[wasm_bindgen_test]
fn every_shape_the_page_offers() {
    // 16x16 and 25x25 empty grids, a jigsaw 4x4, X and Windoku 9x9: each solved.
    let cases = [
        json!({"text": ".".repeat(256), "mode": "solve"}),
        json!({"text": ".".repeat(625), "mode": "solve"}),
        json!({"text": ".".repeat(81), "mode": "solve", "options": {"extra": ["x", "windoku"]}}),
        json!({"text": ".".repeat(36), "mode": "solve", "options": {"boxes": [3, 2]}}),
        json!({"text": ".".repeat(25), "mode": "solve",
               "options": {"regions": [0,0,0,1,1, 0,0,2,1,1, 3,2,2,2,1, 3,3,2,4,4, 3,3,4,4,4]}}),
    ];
    for request in cases {
        let mut task = SudokuTask::new(&request.to_string());
        let (answer, _) = finish(|| task.run(50.0));
        assert_eq!(answer["verdict"], "unique", "{request}: {answer}");
    }
}

#[wasm_bindgen_test]
fn counts_run_in_slices_and_stop_at_the_limit() {
    let request = json!({"text": ".".repeat(16), "mode": "count"}).to_string();
    let mut task = SudokuTask::new(&request);
    let (answer, slices) = finish(|| task.run(10.0));
    assert_eq!(answer["count"], 288);
    assert!(slices > 10, "{slices}");
    let request = json!({"text": ".".repeat(81), "mode": "count", "limit": 5000}).to_string();
    let mut task = SudokuTask::new(&request);
    let (answer, _) = finish(|| task.run(2000.0));
    assert_eq!(
        (answer["count"].clone(), answer["capped"].clone()),
        (json!(5000), json!(true))
    );
}

#[wasm_bindgen_test]
fn reading_and_writing_with_errors_in_place() {
    let read = parse(read_sudoku("1...\n....\n....\n...2\n", "{}"));
    assert_eq!(read["candidates"][3], json!([3, 4]));
    let mut puzzle = read["puzzle"].clone();
    puzzle["cells"][5] = json!(4);
    assert_eq!(
        parse(write_sudoku(&puzzle.to_string()))["text"],
        "1...\n.4..\n....\n...2\n"
    );
    let error = parse(read_sudoku("12.4\n..x.\n....\n....\n", "{}"));
    assert_eq!(
        (
            error["error"]["line"].clone(),
            error["error"]["column"].clone()
        ),
        (json!(2), json!(3))
    );
    assert_eq!(
        parse(read_regions("1122\n1122\n3344\n3344\n"))["regions"][15],
        3
    );
}

#[wasm_bindgen_test]
fn the_playground_gives_knuths_figures() {
    let mut task = CoverTask::new(r#"{"source":{"queens":{"n":8}},"mode":"count","engine":"dlx"}"#);
    let (answer, _) = finish(|| task.run(100.0));
    assert_eq!(
        answer["stats"],
        json!({"solutions": 92, "nodes": 1049, "updates": 16680})
    );
    let mut task = CoverTask::new(r#"{"source":{"queens":{"n":8}},"mode":"count"}"#);
    let (answer, _) = finish(|| task.run(100.0));
    assert_eq!(
        (
            answer["engine"].clone(),
            answer["stats"]["solutions"].clone()
        ),
        (json!("cells"), json!(92))
    );
    let mut task = CoverTask::new(r#"{"source":{"langford":{"n":4}},"mode":"list"}"#);
    let (answer, _) = finish(|| task.run(100.0));
    // 4 1 3 1 2 4 3 2 and its mirror image.
    assert_eq!(answer["found"].as_array().unwrap().len(), 2);
    let mut task = CoverTask::new(r#"{"source":{"knuth":"A B\nA Q\n"},"mode":"count"}"#);
    assert_eq!(parse(task.run(1.0))["error"]["line"], 2);
}

#[wasm_bindgen_test]
fn hints_explanations_and_ratings_run_in_webassembly() {
    let mut task = LogicTask::new(&json!({"text": PUZZLE17, "mode": "hint"}).to_string());
    let (answer, _) = finish(|| task.run(1000.0));
    let step = &answer["step"];
    assert!(!step["text"].as_str().unwrap().is_empty(), "{answer}");
    let mut solve = SudokuTask::new(&json!({"text": PUZZLE17, "mode": "solve"}).to_string());
    let (solved, _) = finish(|| solve.run(1000.0));
    for pair in step["placements"].as_array().unwrap() {
        assert_eq!(
            solved["solution"][pair[0].as_u64().unwrap() as usize],
            pair[1]
        );
    }
    for pair in step["eliminations"].as_array().unwrap() {
        assert_ne!(
            solved["solution"][pair[0].as_u64().unwrap() as usize],
            pair[1]
        );
    }
    let mut task = LogicTask::new(&json!({"text": PUZZLE17, "mode": "explain"}).to_string());
    let mut steps = 0;
    let (answer, slices) = finish(|| {
        let answer = task.run(1000.0);
        steps += parse(answer.clone())["found"]
            .as_array()
            .map_or(0, Vec::len);
        answer
    });
    assert_eq!(
        (answer["solved"].clone(), answer["steps"].clone()),
        (json!(true), json!(steps))
    );
    assert!(slices > steps, "a step a slice");
    let mut task = LogicTask::new(&json!({"text": PUZZLE17, "mode": "rate"}).to_string());
    let (answer, _) = finish(|| task.run(1000.0));
    assert!(answer["rating"]["er"].as_f64().unwrap() >= 1.0, "{answer}");
}

#[wasm_bindgen_test]
fn generated_puzzles_check_unique() {
    for request in [
        json!({"seed": 5, "symmetry": "rot180"}),
        json!({"seed": 5, "size": 6, "jigsaw": true}),
    ] {
        let mut task = GenerateTask::new(&request.to_string());
        let made = parse(task.run(0.0));
        let text = made["text"].as_str().unwrap();
        let mut check = SudokuTask::new(&json!({"text": text, "mode": "check"}).to_string());
        let (answer, _) = finish(|| check.run(1000.0));
        assert_eq!(answer["verdict"], "unique", "{request}: {text}");
    }
}
