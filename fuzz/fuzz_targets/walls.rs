//! Wall-encoded cells (HDU 4069): decoding never panics, and a decoded grid encodes and decodes
//! back to itself.
#![no_main]

use dlx_puzzles::sudoku::format::{regions_from_walls, walls_from_regions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // One byte a value; 0xff escapes: `ff 00` is 0xff, `ff x` is 0x100 + x (invalid bits).
    let mut values = Vec::with_capacity(data.len());
    let mut bytes = data.iter();
    while let Some(&byte) = bytes.next() {
        values.push(match byte {
            0xff => match bytes.next() {
                None | Some(0) => 0xff,
                Some(&x) => 0x100 + u32::from(x),
            },
            _ => u32::from(byte),
        });
    }
    let Ok((cells, regions)) = regions_from_walls(&values) else {
        return;
    };
    let walls = walls_from_regions(&cells, &regions).expect("a decoded grid encodes");
    let back = regions_from_walls(&walls).expect("an encoded grid decodes");
    assert_eq!((cells, regions), back);
});
