//! Symmetries of the givens: which cells must be given or empty together.

use std::fmt;
use std::str::FromStr;

/// A symmetry of the pattern of givens (the cells given, not their values), on the square grid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// None: any cells.
    #[default]
    None,
    /// The pattern is the same turned half a turn about the centre.
    Rot180,
    /// The pattern is the same turned a quarter turn (so also half a turn).
    Rot90,
    /// The pattern is the same mirrored left to right.
    Mirror,
    /// The pattern is the same mirrored in the main diagonal (top left to bottom right).
    Diagonal,
}

/// The names of the symmetries, as [`Symmetry::from_str`] reads them.
pub const SYMMETRY_NAMES: &str = "none, rot180, rot90, mirror, diagonal";

impl Symmetry {
    /// The images of cell `(row, column)` of an `n` by `n` grid under the symmetry's turns or
    /// mirrors, the cell itself first (possibly repeated).
    fn images(self, n: usize, row: usize, column: usize) -> Vec<(usize, usize)> {
        let last = n - 1;
        match self {
            Symmetry::None => vec![(row, column)],
            Symmetry::Rot180 => vec![(row, column), (last - row, last - column)],
            Symmetry::Rot90 => vec![
                (row, column),
                (column, last - row),
                (last - row, last - column),
                (last - column, row),
            ],
            Symmetry::Mirror => vec![(row, column), (row, last - column)],
            Symmetry::Diagonal => vec![(row, column), (column, row)],
        }
    }

    /// The orbits of the cells of an `n` by `n` grid (cell numbers row by row): sets of cells
    /// that the symmetry maps onto each other, each in increasing order, ordered by their first
    /// cell. Every cell is in exactly one.
    pub fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        let mut done = vec![false; n * n];
        let mut orbits = Vec::new();
        for cell in 0..n * n {
            if done[cell] {
                continue;
            }
            let mut orbit: Vec<usize> = self
                .images(n, cell / n, cell % n)
                .into_iter()
                .map(|(r, c)| r * n + c)
                .collect();
            orbit.sort_unstable();
            orbit.dedup();
            for &member in &orbit {
                done[member] = true;
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the givens of an `n` by `n` grid (0 for empty) have this symmetry: in every
    /// orbit, all cells given or all empty.
    pub fn holds(self, n: usize, givens: &[u16]) -> bool {
        self.orbits(n).iter().all(|orbit| {
            let given = |cell: &usize| givens.get(*cell).is_some_and(|&v| v != 0);
            orbit.iter().all(given) || !orbit.iter().any(given)
        })
    }

    /// The name of the symmetry, as it is read.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;

    fn from_str(text: &str) -> Result<Symmetry, String> {
        let all = [
            Symmetry::None,
            Symmetry::Rot180,
            Symmetry::Rot90,
            Symmetry::Mirror,
            Symmetry::Diagonal,
        ];
        all.into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| format!("`{text}` is not a symmetry (one of {SYMMETRY_NAMES})"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_grid() {
        for n in [1, 4, 9, 16] {
            for symmetry in [
                Symmetry::None,
                Symmetry::Rot180,
                Symmetry::Rot90,
                Symmetry::Mirror,
                Symmetry::Diagonal,
            ] {
                let mut cells: Vec<usize> = symmetry.orbits(n).concat();
                cells.sort_unstable();
                assert_eq!(cells, (0..n * n).collect::<Vec<_>>(), "{symmetry} {n}");
            }
        }
        assert_eq!(Symmetry::None.orbits(9).len(), 81);
        assert_eq!(Symmetry::Rot180.orbits(9).len(), 41);
        assert_eq!(Symmetry::Rot90.orbits(9).len(), 21);
        assert_eq!(Symmetry::Mirror.orbits(9).len(), 45);
        assert_eq!(Symmetry::Diagonal.orbits(9).len(), 45);
        assert_eq!(Symmetry::Rot90.orbits(4)[0], [0, 3, 12, 15]);
    }

    #[test]
    fn symmetric_patterns_are_told_apart() {
        let mut givens = [0u16; 16];
        givens[1] = 3;
        assert!(Symmetry::None.holds(4, &givens));
        assert!(!Symmetry::Rot180.holds(4, &givens));
        givens[14] = 2;
        assert!(Symmetry::Rot180.holds(4, &givens));
        assert!(!Symmetry::Rot90.holds(4, &givens));
        assert!(!Symmetry::Diagonal.holds(4, &givens));
        assert_eq!("ROT90".parse::<Symmetry>(), Ok(Symmetry::Rot90));
        assert!("spiral".parse::<Symmetry>().unwrap_err().contains("rot180"));
    }
}
