//! Pencil marks: the values each empty cell can still take once the givens' houses are crossed
//! off (simple elimination, no deduction beyond it).

use dlx_puzzles::sudoku::Shape;

/// For each cell, row by row, the values `1..=n` no given of its houses holds (in increasing
/// order); nothing for a given cell. `givens` has `n²` values, `0` for empty.
pub fn candidates(shape: &Shape, givens: &[u16]) -> Vec<Vec<u16>> {
    let n = shape.size();
    // `taken[cell * n + v - 1]`: some house of `cell` holds `v`.
    let mut taken = vec![false; givens.len() * n];
    let mut present = vec![false; n];
    for house in shape.houses() {
        let cells = shape.cells(house);
        present.fill(false);
        for &cell in &cells {
            if let Some(v) = givens.get(cell).copied().filter(|&v| v != 0) {
                present[usize::from(v) - 1] = true;
            }
        }
        for &cell in &cells {
            for (v, _) in present.iter().enumerate().filter(|(_, &p)| p) {
                taken[cell * n + v] = true;
            }
        }
    }
    givens
        .iter()
        .enumerate()
        .map(|(cell, &given)| {
            if given != 0 {
                return Vec::new();
            }
            (1..=n)
                .filter(|&v| !taken[cell * n + v - 1])
                .map(|v| v as u16)
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn houses_cross_values_off() {
        let shape = Shape::standard(4).unwrap();
        let mut givens = [0; 16];
        givens[0] = 1; // row 1, box 1
        givens[7] = 2; // row 2, column 4
        let marks = candidates(&shape, &givens);
        assert!(marks[0].is_empty());
        // Row 1 has 1; column 4 has 2.
        assert_eq!(marks[3], [3, 4]);
        // Box 1 has 1, row 2 has 2.
        assert_eq!(marks[5], [3, 4]);
        // Far from both.
        assert_eq!(marks[10], [1, 2, 3, 4]);
        assert_eq!(marks[15], [1, 3, 4]);
    }

    #[test]
    fn extra_regions_count() {
        let shape = Shape::standard(4).unwrap().with_diagonals();
        let mut givens = [0; 16];
        givens[0] = 1;
        let marks = candidates(&shape, &givens);
        // On the main diagonal, in no house of the given but that diagonal.
        assert_eq!(marks[10], [2, 3, 4]);
        assert_eq!(marks[11], [1, 2, 3, 4]);
    }
}
