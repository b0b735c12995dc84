//! Cells, the eight symmetries of the square grid, and what they do to sets of cells.

/// A cell of the grid: `(row, column)`, both counted from 0 at the top left.
pub type Cell = (usize, usize);

/// A cell's image under one of the eight symmetries of the grid (number 0 is the identity):
/// bit 2 swaps rows and columns, then bit 0 reflects rows and bit 1 reflects columns.
fn transform(symmetry: u8, (row, column): Cell) -> (isize, isize) {
    // Cells index sets held in memory, so their coordinates fit in `isize`.
    let (mut r, mut c) = (row as isize, column as isize);
    if symmetry & 4 != 0 {
        std::mem::swap(&mut r, &mut c);
    }
    if symmetry & 1 != 0 {
        r = -r;
    }
    if symmetry & 2 != 0 {
        c = -c;
    }
    (r, c)
}

/// The images of `cells` under a symmetry.
fn images(symmetry: u8, cells: &[Cell]) -> Vec<(isize, isize)> {
    cells.iter().map(|&x| transform(symmetry, x)).collect()
}

/// The topmost row and the leftmost column of a set of points.
fn corner<T: Copy + Ord + Default>(points: &[(T, T)]) -> (T, T) {
    let top = points.iter().map(|p| p.0).min().unwrap_or_default();
    let left = points.iter().map(|p| p.1).min().unwrap_or_default();
    (top, left)
}

/// Moves `points` so that the topmost row and the leftmost column are 0, and sorts them in
/// row-major order.
fn normalize(points: &[(isize, isize)]) -> Vec<Cell> {
    let (top, left) = corner(points);
    let mut cells: Vec<Cell> = points
        .iter()
        .map(|&(r, c)| ((r - top) as usize, (c - left) as usize))
        .collect();
    cells.sort_unstable();
    cells
}

/// `cells` moved to the top left corner and sorted in row-major order.
pub(crate) fn normalized(cells: &[Cell]) -> Vec<Cell> {
    normalize(&images(0, cells))
}

/// The distinct rotations and reflections of a shape, each normalized, in increasing
/// lexicographic order of their sorted cells.
pub(crate) fn orientations(cells: &[Cell]) -> Vec<Vec<Cell>> {
    let mut all: Vec<Vec<Cell>> = (0..8).map(|s| normalize(&images(s, cells))).collect();
    all.sort_unstable();
    all.dedup();
    all
}

/// The symmetries of a set of cells other than the identity, each as a permutation of the
/// positions in `cells` (which must be sorted): cell `i` goes to cell `permutation[i]`.
pub(crate) fn symmetries(cells: &[Cell]) -> Vec<Vec<usize>> {
    let (top, left) = corner(cells);
    let mut found: Vec<Vec<usize>> = Vec::new();
    for s in 1..8 {
        let points = images(s, cells);
        let (min_r, min_c) = corner(&points);
        let permutation: Option<Vec<usize>> = points
            .iter()
            .map(|&(r, c)| {
                let target = ((r - min_r) as usize + top, (c - min_c) as usize + left);
                cells.binary_search(&target).ok()
            })
            .collect();
        // On a single row or column, some reflections move no cell: they are the identity.
        if let Some(permutation) = permutation {
            let identity = permutation.iter().enumerate().all(|(i, &j)| i == j);
            if !identity && !found.contains(&permutation) {
                found.push(permutation);
            }
        }
    }
    found
}

/// Whether the cells are connected through shared edges.
pub(crate) fn is_connected(cells: &[Cell]) -> bool {
    let Some(&first) = cells.first() else {
        return true;
    };
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    let mut seen = vec![false; sorted.len()];
    let mut stack = vec![first];
    let mut reached = 0;
    while let Some((r, c)) = stack.pop() {
        let Ok(i) = sorted.binary_search(&(r, c)) else {
            continue;
        };
        if std::mem::replace(&mut seen[i], true) {
            continue;
        }
        reached += 1;
        stack.push((r + 1, c));
        stack.push((r, c + 1));
        if let Some(up) = r.checked_sub(1) {
            stack.push((up, c));
        }
        if let Some(left) = c.checked_sub(1) {
            stack.push((r, left));
        }
    }
    reached == sorted.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    const F: [Cell; 5] = [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)];
    const X: [Cell; 5] = [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)];

    #[test]
    fn counts_distinct_orientations() {
        assert_eq!(orientations(&F).len(), 8);
        assert_eq!(orientations(&X).len(), 1);
        assert_eq!(orientations(&[(0, 0), (0, 1), (0, 2)]).len(), 2);
        assert_eq!(orientations(&[(0, 0), (0, 1), (1, 0), (1, 1)]).len(), 1);
        let o = orientations(&F);
        assert!(o.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(o[0], [(0, 0), (0, 1), (1, 1), (1, 2), (2, 1)]);
    }

    #[test]
    fn normalizes_to_the_top_left() {
        assert_eq!(normalized(&[(5, 3), (4, 4)]), [(0, 1), (1, 0)]);
    }

    #[test]
    fn finds_the_symmetries_of_boards() {
        let rectangle: Vec<Cell> = (0..2).flat_map(|r| (0..3).map(move |c| (r, c))).collect();
        assert_eq!(symmetries(&rectangle).len(), 3);
        let square: Vec<Cell> = (0..3).flat_map(|r| (0..3).map(move |c| (r, c))).collect();
        assert_eq!(symmetries(&square).len(), 7);
        assert_eq!(symmetries(&[(0, 0), (0, 1), (0, 2)]).len(), 1);
        assert_eq!(symmetries(&[(0, 0)]).len(), 0);
        assert_eq!(symmetries(&F).len(), 0);
        // A board away from the origin keeps its own coordinates.
        let moved: Vec<Cell> = X.iter().map(|&(r, c)| (r + 2, c + 7)).collect();
        assert_eq!(symmetries(&moved).len(), 7);
        let flip = [1, 0];
        assert!(symmetries(&[(4, 4), (4, 5)]).contains(&flip.to_vec()));
    }

    #[test]
    fn tells_connected_shapes() {
        assert!(is_connected(&F));
        assert!(is_connected(&[]));
        assert!(!is_connected(&[(0, 0), (1, 1)]));
        assert!(!is_connected(&[(0, 0), (0, 2)]));
    }
}
