//! Domino tilings counted by the memoised search against two independent answers: Kasteleyn's
//! and Temperley and Fisher's product formula, and a transfer matrix over row profiles.

use dlx_core::memo::Memo;
use dlx_core::Search;
use dlx_puzzles::domino::Domino;

/// The tilings of the `m`×`n` board by the product formula, in floating point:
/// the product over `j ≤ ⌈m/2⌉`, `k ≤ ⌈n/2⌉` of `4cos²(πj/(m+1)) + 4cos²(πk/(n+1))`.
fn kasteleyn(m: usize, n: usize) -> f64 {
    let pi = std::f64::consts::PI;
    let mut product = 1.0;
    for j in 1..=m.div_ceil(2) {
        for k in 1..=n.div_ceil(2) {
            let a = (pi * j as f64 / (m + 1) as f64).cos();
            let b = (pi * k as f64 / (n + 1) as f64).cos();
            product *= 4.0 * a * a + 4.0 * b * b;
        }
    }
    product
}

/// The tilings of the `m`×`n` board by a transfer matrix: cells filled in row-major order, the
/// state being which of the next `n` cells a vertical domino from above already fills.
fn transfer(m: usize, n: usize) -> u128 {
    let mut ways = vec![0u128; 1 << n];
    ways[0] = 1;
    for cell in 0..m * n {
        let c = cell % n;
        let mut next = vec![0u128; 1 << n];
        for (state, &w) in ways.iter().enumerate() {
            if w == 0 {
                continue;
            }
            // Bit c of the state: this cell is filled from above; afterwards, bit c says
            // whether the cell below is.
            if state >> c & 1 == 1 {
                next[state & !(1 << c)] += w;
                continue;
            }
            // A vertical domino down, unless on the last row.
            if cell + n < m * n {
                next[state | 1 << c] += w;
            }
            // A horizontal domino right, when the next cell is on this row and free.
            if c + 1 < n && state >> (c + 1) & 1 == 0 {
                // The next cell is filled from the left: mark it, and skip it as filled.
                next[state | 1 << (c + 1)] += w;
            }
        }
        ways = next;
    }
    ways[0]
}

fn memo_count(n: usize) -> String {
    let domino = Domino::new(n, n).unwrap();
    Memo::new(domino.problem())
        .count()
        .unwrap()
        .count
        .to_string()
}

#[test]
fn the_two_references_agree() {
    for m in 1..=8 {
        for n in 1..=8 {
            let exact = transfer(m, n);
            let float = kasteleyn(m, n);
            assert!(
                (float - exact as f64).abs() <= 1e-6 * exact.max(1) as f64 + 0.5,
                "{m}x{n}: {exact} against {float}"
            );
        }
    }
    assert_eq!(transfer(8, 8), 12_988_816);
}

#[test]
fn memo_counts_domino_tilings_up_to_12x12() {
    for n in 2..=12 {
        let expected = transfer(n, n);
        let float = kasteleyn(n, n);
        assert!((float - expected as f64).abs() <= 1e-9 * expected as f64 + 0.5);
        assert_eq!(memo_count(n), expected.to_string(), "{n}x{n}");
    }
    assert_eq!(memo_count(12), "53060477521960000");
}

#[test]
fn memo_counts_rectangles_as_the_search_does() {
    for (m, n) in [(1, 1), (1, 2), (3, 3), (2, 7), (3, 8), (5, 4)] {
        let domino = Domino::new(m, n).unwrap();
        let mut search = Search::new(domino.problem());
        search.count();
        let counted = Memo::new(domino.problem()).count().unwrap();
        assert_eq!(counted.count.to_u64(), Some(search.stats().solutions));
        assert_eq!(u128::from(search.stats().solutions), transfer(m, n));
    }
}

#[test]
fn memo_counts_beyond_64_bits_exactly() {
    assert_eq!(transfer(14, 14), 112_202_208_776_036_178_000_000);
    assert_eq!(transfer(16, 16), 2_444_888_770_250_892_795_802_079_170_816);
    assert_eq!(memo_count(14), transfer(14, 14).to_string());
}

#[test]
#[ignore = "some seconds in a debug build; run with --release -- --ignored"]
fn memo_counts_the_16x16_board() {
    assert_eq!(memo_count(16), transfer(16, 16).to_string());
}
