//! f-puzzles' and SudokuPad's puzzles (JSON, links, compressed texts) against ISS's strings:
//! each f-puzzles key reads as the same puzzle written in ISS's form, what reads is written
//! back and read the same, links decode, and bad input gives a placed error, never a panic.

use dlx_puzzles::sudoku::variant::{self, iss, iss::Problem, Constraint, Variant};
use proptest::prelude::*;

/// The f-puzzles object of a 9x9 grid with no givens and the members `members` (JSON text
/// without braces, empty for none).
fn fpuzzle(members: &str) -> String {
    let row = format!("[{}]", ["{\"value\":0}"; 9].join(","));
    let grid = vec![row; 9].join(",");
    let comma = if members.is_empty() { "" } else { "," };
    format!("{{\"size\":9,\"grid\":[{grid}]{comma}{members}}}")
}

/// The constraints in a fixed order, to compare puzzles whose readers list them differently.
fn sorted(v: &Variant) -> Vec<String> {
    let mut out: Vec<String> = v.constraints().iter().map(|c| format!("{c:?}")).collect();
    out.sort();
    out
}

/// Whether two puzzles are the same but for the order of their constraints.
fn same(a: &Variant, b: &Variant) -> bool {
    a.shape() == b.shape() && a.givens() == b.givens() && sorted(a) == sorted(b)
}

/// Each f-puzzles member, with the same puzzle as an ISS string.
const KEYS: &[(&str, &str)] = &[
    (
        r#""killercage":[{"cells":["R1C1","R1C2"],"value":"10"},{"cells":["R2C1","R2C2"]}]"#,
        ".Cage~10~R1C1~R1C2.Cage~0~R2C1~R2C2",
    ),
    (
        r#""extraregion":[{"cells":["R1C1","R5C5","R9C9"]}]"#,
        ".Cage~0~R1C1~R5C5~R9C9",
    ),
    (
        r#""arrow":[{"lines":[["R1C1","R1C2","R1C3"],["R1C1","R2C1"]],"cells":["R1C1"]},{"lines":[["R2C3","R3C3","R4C3"]],"cells":["R2C2","R2C3"]}]"#,
        ".Arrow~R1C1~R1C2~R1C3.Arrow~R1C1~R2C1.PillArrow~2~R2C2~R2C3~R3C3~R4C3",
    ),
    (
        r#""littlekillersum":[{"cell":"R0C3","direction":"DL","value":"5"},{"cell":"R4C0","direction":"DR","value":"30"},{"cell":"R0C1","direction":"DR","value":"40"},{"cell":"R0C2","direction":"DL","value":"4"},{"cell":"R0C5","direction":"DL","value":""}]"#,
        ".LittleKiller~5~R1C2.LittleKiller~30~R5C1.LittleKiller~40~R8C9.Sum~4~R1C1",
    ),
    (
        r#""thermometer":[{"lines":[["R1C1","R1C2"],["R2C1","R2C2","R2C3"]]}],"palindrome":[{"lines":[["R3C1","R3C2","R3C3"]]}],"renban":[{"lines":[["R4C1","R4C2"]]}]"#,
        ".Thermo~R1C1~R1C2.Thermo~R2C1~R2C2~R2C3.Palindrome~R3C1~R3C2~R3C3.Renban~R4C1~R4C2",
    ),
    (
        r#""betweenline":[{"lines":[["R1C1","R1C2","R1C3"]]}],"regionsumline":[{"lines":[["R2C3","R2C4"]]}],"zipperline":[{"lines":[["R3C1","R3C2","R3C3"]]}],"doublearrow":[{"lines":[["R4C1","R4C2","R4C3"]]}]"#,
        ".Between~R1C1~R1C2~R1C3.RegionSumLine~R2C3~R2C4.Zipper~R3C1~R3C2~R3C3.DoubleArrow~R4C1~R4C2~R4C3",
    ),
    (
        r#""whispers":[{"lines":[["R1C1","R1C2"]]},{"lines":[["R2C1","R2C2"]],"value":"3"}],"entropicline":[{"lines":[["R3C1","R3C2","R3C3"]]}],"modularline":[{"lines":[["R4C1","R4C2","R4C3"]]}]"#,
        ".Whisper~5~R1C1~R1C2.Whisper~3~R2C1~R2C2.Entropic~R3C1~R3C2~R3C3.Modular~3~R4C1~R4C2~R4C3",
    ),
    (
        r#""difference":[{"cells":["R1C1","R1C2"]},{"cells":["R2C1","R2C2"],"value":"1"}],"ratio":[{"cells":["R3C1","R3C2"],"value":"2"}],"xv":[{"cells":["R4C1","R4C2"],"value":"X"},{"cells":["R5C1","R5C2"],"value":"v"}]"#,
        ".WhiteDot~R1C1~R1C2.WhiteDot~R2C1~R2C2.BlackDot~R3C1~R3C2.X~R4C1~R4C2.V~R5C1~R5C2",
    ),
    (r#""nonconsecutive":true"#, ".AntiConsecutive"),
    (
        r#""nonconsecutive":true,"negative":["ratio","xv"],"difference":[{"cells":["R1C1","R1C2"]}]"#,
        ".WhiteDot~R1C1~R1C2.StrictKropki.StrictXV",
    ),
    (
        r#""sandwichsum":[{"cell":"R0C3","value":"15"},{"cell":"R4C10","value":"7"},{"cell":"R0C4","value":""}],"xsum":[{"cell":"R10C2","value":"20"}],"skyscraper":[{"cell":"R1C0","value":"3"}]"#,
        ".Sandwich~15~C3.Sandwich~7~R4.XSum~C2~~20.Skyscraper~R1~3~",
    ),
    (
        r#""minimum":[{"cell":"R5C5"}],"maximum":[{"cell":"R1C1"}]"#,
        ".GreaterThan~R4C5~R5C4~R5C6~R6C5~R5C5.GreaterThan~R1C1~R1C2~R2C1",
    ),
    (
        r#""odd":[{"cell":"R1C1"}],"even":[{"cell":"R1C2"}]"#,
        ".~R1C1_1_3_5_7_9.~R1C2_2_4_6_8",
    ),
    (
        r#""rowindexer":[{"cells":["R1C1","R2C1"]}],"columnindexer":[{"cells":["R1C5"]}]"#,
        ".Indexing~R~R1C1~R2C1.Indexing~C~R1C5",
    ),
    (
        r#""clone":[{"cells":["R1C1","R1C2"],"cloneCells":["R9C8","R9C9"]}],"quadruple":[{"cells":["R5C5","R5C6","R6C5","R6C6"],"values":[1,2]}]"#,
        ".SameValues~2~R1C1~R9C8.SameValues~2~R1C2~R9C9.Quad~R5C5~1~2",
    ),
    (
        r#""antiknight":true,"antiking":true,"disjointgroups":true,"diagonal+":true,"diagonal-":true,"nonconsecutive":false"#,
        ".AntiKnight.AntiKing.DisjointSets.Diagonal~1.Diagonal~-1",
    ),
    (
        r#""title":"t","author":"a","ruleset":"r","cage":[{"value":"title: t"}],"line":[]"#,
        "",
    ),
];

#[test]
fn variant_formats_each_fpuzzles_key_reads_as_its_iss_string() {
    for (members, iss_text) in KEYS {
        let text = fpuzzle(members);
        let read = variant::read(&text).unwrap_or_else(|e| panic!("{members}: {e}"));
        let expected = iss::read(if iss_text.is_empty() {
            ".~R1C1_1_2_3_4_5_6_7_8_9"
        } else {
            iss_text
        })
        .unwrap_or_else(|e| panic!("{iss_text}: {e}"));
        assert!(same(&read, &expected), "{members}:\n{read:?}\n{expected:?}");
        // Written in ISS's form and read back: the same puzzle, constraints in the same order.
        let written = iss::write(&read);
        assert_eq!(iss::read(&written).as_ref(), Ok(&read), "{written}");
    }
}

#[test]
fn variant_formats_nonconsecutive_with_dots_spares_the_dotted_pairs() {
    let text = fpuzzle(r#""nonconsecutive":true,"ratio":[{"cells":["R1C1","R1C2"]}]"#);
    let v = variant::read(&text).unwrap();
    let whispers: Vec<&Constraint> = v
        .constraints()
        .iter()
        .filter(|c| matches!(c, Constraint::Whisper { difference: 2, .. }))
        .collect();
    // 144 neighbour pairs on a 9x9 grid, less the one with a dot.
    assert_eq!(whispers.len(), 143);
    assert!(!whispers.contains(&&Constraint::Whisper {
        difference: 2,
        cells: vec![0, 1]
    }));
}

#[test]
fn variant_formats_jigsaw_regions_givens_and_marks() {
    // A 4x4 grid whose regions are the four columns turned into rows: 0 0 1 1 / 0 0 1 1 / ...
    // but given per cell, and a given and pencil marks.
    let layout = [0, 1, 1, 1, 0, 0, 1, 2, 0, 3, 2, 2, 3, 3, 3, 2];
    let cells: Vec<String> = (0..16)
        .map(|k| match k {
            0 => format!(r#"{{"value":2,"given":true,"region":{}}}"#, layout[k]),
            5 => format!(
                r#"{{"value":3,"region":{},"givenPencilMarks":[1,3]}}"#,
                layout[k]
            ),
            // A solver's entry, not a given: not read.
            6 => format!(r#"{{"value":4,"region":{}}}"#, layout[k]),
            _ => format!(r#"{{"region":{}}}"#, layout[k]),
        })
        .collect();
    let rows: Vec<String> = cells
        .chunks(4)
        .map(|r| format!("[{}]", r.join(",")))
        .collect();
    let text = format!(r#"{{"size":4,"grid":[{}]}}"#, rows.join(","));
    let v = variant::read(&text).unwrap();
    let expected =
        iss::read(".Shape~4x4.NoBoxes.Jigsaw~0111001203223332.~R1C1_2.~R2C2_1_3").unwrap();
    assert_eq!(v, expected);
}

/// A 4x4 killer, unique, as an f-puzzles link made by compressing its JSON (lz-string, base64)
/// once, kept as text.
const KILLER_LINK: &str = "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcAWANCA5gJwgEwQbT2AF9ljSTiBdZQiu86285qms9ikANwEMAbAK5x4ARlRoIXGADsEAFwxCilaiADWEPnxgYAxjzTDCIXTC1h8IAEoiAwiJCobtgEwhVvQcJABmEJ1NzSysXe0drHzCPfiEEEABWf1ITMz4LeDxrULcnUL9orzjEgNT0zKtIvydIxHdUT1j4EAB2JNBAtODEWyrrbtqCxt82lKCM6zta3NsB+pjvADYRjrK+sKdut0HvVuUiIA";

#[test]
fn variant_formats_a_fixed_link_decodes_and_solves() {
    let v = variant::read(KILLER_LINK).unwrap();
    assert_eq!(v.shape().size(), 4);
    assert_eq!(v.constraints().len(), 7);
    let (count, solution) = v.count(2);
    assert_eq!(count, 1);
    assert_eq!(
        solution.unwrap(),
        [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    );
    // The same payload in SudokuPad's links and alone.
    let payload = KILLER_LINK.split("load=").nth(1).unwrap();
    for text in [
        format!("https://sudokupad.app/fpuzzles{payload}"),
        format!("https://sudokupad.app/?puzzle=fpuz{payload}"),
        format!("fpuzzles{payload}"),
        payload.to_string(),
        format!("# a comment\n\n   {payload}\n"),
        KILLER_LINK.replace('+', "%2B"),
    ] {
        assert!(variant::looks_like(text.lines().last().unwrap()), "{text}");
        assert_eq!(variant::read(&text).as_ref(), Ok(&v), "{text}");
    }
}

const CLASSIC: &str = include_str!("data/variants/fpuzzles-classic.json");

#[test]
fn variant_formats_an_fpuzzles_puzzle_solves_uniquely() {
    let v = variant::read(CLASSIC).unwrap();
    let (count, solution) = v.count(2);
    assert_eq!(count, 1);
    let solution = solution.unwrap();
    assert_eq!(
        variant::write_values(9, &solution),
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
    );
    assert_eq!(v.check_solution(&solution), Ok(()));
    // Read back from ISS's form, and from a link of the JSON compressed here.
    assert_eq!(iss::read(&iss::write(&v)).as_ref(), Ok(&v));
    let link = format!(
        "https://www.f-puzzles.com/?load={}",
        lz_str::compress_to_base64(CLASSIC)
    );
    assert_eq!(variant::read(&link).as_ref(), Ok(&v));
    assert!(variant::looks_like(CLASSIC.lines().next().unwrap()));
    // The one-call API (which Python's dlx.sudoku calls) takes both.
    for text in [CLASSIC, &link] {
        let solved = dlx_puzzles::sudoku::solve(text).unwrap().unwrap();
        assert_eq!(solved.trim_end(), variant::write_values(9, &solution));
    }
}

#[test]
fn variant_formats_sudokupad_givens_regions_and_cages() {
    // SudokuPad's shortened JSON: a 4x4 grid, a given, its regions the usual boxes listed,
    // two cages with sums, one without, one that is a note, a sum whose values may repeat.
    let json = "{id:'x',ce:[[{v:1},,,],[,,,],[,,,],[,,,{v:'1'}]],re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],ca:[{ce:[[0,1],[0,2]],v:5,c:FF0000},{ce:[[1,0],[2,0]],v:'5'},{ce:[[3,0],[3,1]]},{v:'title: A test'},{ce:[[2,2],[2,3]],v:7,unique:f}],global:['antiking']}";
    let expected = iss::read(
        ".Shape~4x4.~R1C1_1~R4C4_1.Cage~5~R1C2~R1C3.Cage~5~R2C1~R3C1.Cage~0~R4C1~R4C2.AntiKing.Sum~7~R3C3~R3C4",
    )
    .unwrap();
    let packed = lz_str::compress_to_base64(json);
    for text in [
        format!("https://sudokupad.app/scl{packed}"),
        format!("https://app.crackingthecryptic.com/sudoku/ctc{packed}"),
        format!("scl{packed}"),
    ] {
        let v = variant::read(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(same(&v, &expected), "{v:?}");
        assert_eq!(iss::read(&iss::write(&v)).as_ref(), Ok(&v));
    }
    // Plain JSON pasted as it is reads the same.
    let plain = r#"{"cells":[[{"value":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"value":1}]],"cages":[{"cells":[[0,1],[0,2]],"value":"5"}]}"#;
    let v = variant::read(plain).unwrap();
    assert!(same(
        &v,
        &iss::read(".Shape~4x4.~R1C1_1~R4C4_1.Cage~5~R1C2~R1C3").unwrap()
    ));
}

#[test]
fn variant_formats_sudokupad_jigsaw_regions() {
    // The regions of the f-puzzles jigsaw test above, listed by [row, column].
    let json = r#"{"cells":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"regions":[[[0,0],[1,0],[1,1],[2,0]],[[0,1],[0,2],[0,3],[1,2]],[[1,3],[2,2],[2,3],[3,3]],[[2,1],[3,0],[3,1],[3,2]]]}"#;
    let expected = iss::read(".Shape~4x4.NoBoxes.Jigsaw~0111001203223332").unwrap();
    assert_eq!(variant::read(json).as_ref(), Ok(&expected));
    // A cell left out of every region is refused.
    let short = json.replace(",[3,2]]]", "]]");
    assert!(matches!(
        variant::read(&short).unwrap_err().problem,
        Problem::Unsupported(_)
    ));
}

/// The error reading `text`: line, column, item, problem.
fn error(text: &str) -> (usize, usize, String, Problem) {
    let e = variant::read(text).expect_err(text);
    (e.line, e.column, e.item, e.problem)
}

#[test]
fn variant_formats_errors_are_placed_and_named() {
    // JSON that does not parse: serde_json's place.
    let (line, column, _, problem) = error("{\"size\": 9,\n \"grid\": [}");
    assert_eq!((line, column), (2, 11));
    assert!(matches!(problem, Problem::Json(_)));
    // A bad cell id, found by its path in the text.
    let text = fpuzzle(r#""killercage":[{"cells":["R1C1","R1X2"]}]"#);
    let (line, column, item, problem) = error(&text);
    assert_eq!(
        (item.as_str(), problem),
        ("killercage[0].cells[1]", Problem::Cell)
    );
    assert_eq!(line, 1);
    assert_eq!(&text[column - 1..column + 5], "\"R1X2\"");
    // A cell off the grid.
    let (.., problem) = error(&fpuzzle(r#""thermometer":[{"lines":[["R1C1","R10C1"]]}]"#));
    assert_eq!(problem, Problem::Outside { size: 9 });
    // Keys no kind holds are named, never dropped.
    for key in [
        r#""slowthermometer":[{"lines":[["R1C1","R1C2"]]}]"#,
        r#""text":[{"cells":["R1C1"],"value":"hi"}]"#,
        r#""negative":["ratio"]"#,
        r#""ratio":[{"cells":["R1C1","R1C2"],"value":"3"}]"#,
        r#""somethingnew":[1]"#,
    ] {
        assert!(
            matches!(error(&fpuzzle(key)).3, Problem::Unsupported(_)),
            "{key}"
        );
    }
    let (_, _, item, _) = error(&fpuzzle(r#""slowthermometer":[{"lines":[["R1C1"]]}]"#));
    assert_eq!(item, "slowthermometer");
    // A short id: the puzzle is on a server.
    assert_eq!(
        error("https://sudokupad.app/RPBnQFRLR8").3,
        Problem::NeedsNetwork
    );
    // A compressed text that is not one: placed at its start.
    let (line, column, _, problem) = error("https://www.f-puzzles.com/?load=N4Ig!!!!notbase64!!!");
    assert_eq!((line, column), (1, 33));
    assert!(matches!(problem, Problem::Invalid(_)));
    // An error inside a compressed puzzle: at the compressed text, named by its path.
    let packed = lz_str::compress_to_base64(&fpuzzle(r#""arrow":[{"cells":["R1C1"]}]"#));
    let (line, column, item, _) = error(&format!("\n# note\nfpuzzles{packed}"));
    assert_eq!((line, column, item.as_str()), (3, 9, "arrow[0].lines"));
    // SudokuPad's drawings are refused by name.
    let lines = lz_str::compress_to_base64("{ce:[[,],[,]],l:[{wp:[[0.5,0.5],[1.5,1.5]]}]}");
    let (_, _, item, problem) = error(&format!("scl{lines}"));
    assert_eq!(item, "lines");
    assert!(matches!(problem, Problem::Unsupported(_)));
}

/// Inputs to mutate: each reader's forms.
fn samples() -> Vec<String> {
    let mut out: Vec<String> = KEYS.iter().map(|(m, _)| fpuzzle(m)).collect();
    out.push(CLASSIC.to_string());
    out.push(KILLER_LINK.to_string());
    out.push("scl{ce:[[{v:1},,],[,,],[,,]],ca:[{ce:[[0,1],[0,2]],v:5}]}".to_string());
    out.push(format!(
        "scl{}",
        lz_str::compress_to_base64("{ce:[[{v:1},,,],[,,,],[,,,],[,,,]],ca:[{ce:[[0,1]],v:5}]}")
    ));
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn variant_formats_random_text_never_panics(
        head in prop::sample::select(vec!["{", "{\"grid\":", "scl", "fpuzzles", "N4Ig", "https://sudokupad.app/", "https://f-puzzles.com/?load="]),
        bytes in proptest::collection::vec(any::<u8>(), 0..200),
    ) {
        let text = format!("{head}{}", String::from_utf8_lossy(&bytes));
        let _ = variant::looks_like(&text);
        if let Ok(v) = variant::read(&text) {
            prop_assert_eq!(iss::read(&iss::write(&v)).ok(), Some(v));
        }
    }

    #[test]
    fn variant_formats_mutated_samples_never_panic(
        sample in 0..20usize,
        edits in proptest::collection::vec((any::<usize>(), 0u8..3, prop::sample::select(
            b"{}[],:\"'RC0123456789 -vtf".to_vec())), 1..6),
    ) {
        let samples = samples();
        let mut text: Vec<u8> = samples[sample % samples.len()].as_bytes().to_vec();
        for (at, op, byte) in edits {
            let at = at % (text.len() + 1);
            match op {
                0 => text.insert(at, byte),
                1 if at < text.len() => { text.remove(at); }
                _ if at < text.len() => text[at] = byte,
                _ => {}
            }
        }
        if let Ok(v) = variant::read(&String::from_utf8_lossy(&text)) {
            prop_assert_eq!(iss::read(&iss::write(&v)).ok(), Some(v));
        }
    }
}
