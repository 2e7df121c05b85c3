//! The dashed outline of a killer cage as printed killer puzzles draw it: a line running inside the
//! cage, one inset in from the cell borders, so that the outlines of two neighbouring cages never
//! touch. Geometry only: the outline's corners as grid lines plus an inset offset, which the page
//! writer turns into millimetres.

use std::collections::HashMap;

use crate::engine::{Cell, CellSet};

/// One coordinate of an outline corner: a grid line (0 to 9) and an offset of -1, 0 or +1 insets
/// from it (towards the right or the bottom for +1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Offset {
    /// The grid line, 0 (left or top edge of the grid) to 9.
    pub line: u8,
    /// How many insets from the line: -1, 0 or +1.
    pub inset: i8,
}

/// A corner of an outline: its x and y.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Corner {
    /// Across.
    pub x: Offset,
    /// Down.
    pub y: Offset,
}

/// The outline of the cage of `cells`: one closed loop of corners (two or more if the cage went
/// round another), clockwise on the page, the first loop starting at the top-left corner of the
/// cage's first cell (where its sum is written).
///
/// Each border of a cell that the cage does not share with a cell of its own gives a side of the
/// loop, one inset inside the border. Where the loop turns round an outer corner of the cage it
/// stops one inset short of the corner; round an inner corner it goes one inset past the cell's
/// edge, into the cage's cell beyond; along a straight border it meets the next cell's side.
///
/// ```
/// use termdoku::cli::svg::cages::outline;
/// use termdoku::engine::{Cell, CellSet};
/// let domino: CellSet = [Cell::at(0, 0), Cell::at(0, 1)].into_iter().collect();
/// assert_eq!(outline(domino)[0].len(), 4);
/// let ell: CellSet = [Cell::at(0, 0), Cell::at(1, 0), Cell::at(1, 1)].into_iter().collect();
/// assert_eq!(outline(ell)[0].len(), 6);
/// ```
pub fn outline(cells: CellSet) -> Vec<Vec<Corner>> {
    let sides = sides(cells);
    let next: HashMap<Corner, usize> = sides.iter().enumerate().map(|(i, side)| (side.0, i)).collect();
    let mut used = vec![false; sides.len()];
    let mut loops = Vec::new();
    for first in 0..sides.len() {
        if used[first] {
            continue;
        }
        let mut corners = Vec::new();
        let mut at = first;
        while !used[at] {
            used[at] = true;
            corners.push(sides[at].0);
            match next.get(&sides[at].1) {
                Some(&following) => at = following,
                None => break,
            }
        }
        loops.push(without_straight_corners(corners));
    }
    loops
}

/// The sides of the outline, each from its start to its end, clockwise, in cell order.
fn sides(cells: CellSet) -> Vec<(Corner, Corner)> {
    let inside = |row: i32, col: i32| {
        (0..9).contains(&row) && (0..9).contains(&col) && cells.contains(Cell::at(row as usize, col as usize))
    };
    // Where a side ends along its line: short of an outer corner, past an inner one, or on the
    // line between two cells when the border goes straight on. `along` is the cell next to this
    // one past that end, `beyond` the cell diagonal to this one there (outside the side); `sign`
    // points away from this cell along the side.
    let end = |line: i32, along: bool, beyond: bool, sign: i8| {
        let inset = if !along {
            -sign
        } else if beyond {
            sign
        } else {
            0
        };
        Offset { line: line as u8, inset }
    };
    let at = |line: i32, inset: i8| Offset { line: line as u8, inset };
    let mut sides = Vec::new();
    for cell in cells.iter() {
        let (r, c) = (cell.row() as i32, cell.col() as i32);
        if !inside(r - 1, c) {
            let y = at(r, 1);
            let start = end(c, inside(r, c - 1), inside(r - 1, c - 1), -1);
            let stop = end(c + 1, inside(r, c + 1), inside(r - 1, c + 1), 1);
            sides.push((Corner { x: start, y }, Corner { x: stop, y }));
        }
        if !inside(r, c + 1) {
            let x = at(c + 1, -1);
            let start = end(r, inside(r - 1, c), inside(r - 1, c + 1), -1);
            let stop = end(r + 1, inside(r + 1, c), inside(r + 1, c + 1), 1);
            sides.push((Corner { x, y: start }, Corner { x, y: stop }));
        }
        if !inside(r + 1, c) {
            let y = at(r + 1, -1);
            let start = end(c + 1, inside(r, c + 1), inside(r + 1, c + 1), 1);
            let stop = end(c, inside(r, c - 1), inside(r + 1, c - 1), -1);
            sides.push((Corner { x: start, y }, Corner { x: stop, y }));
        }
        if !inside(r, c - 1) {
            let x = at(c, 1);
            let start = end(r + 1, inside(r + 1, c), inside(r + 1, c - 1), 1);
            let stop = end(r, inside(r - 1, c), inside(r - 1, c - 1), -1);
            sides.push((Corner { x, y: start }, Corner { x, y: stop }));
        }
    }
    sides
}

/// The loop without the corners where it goes straight on (between two cells of one border).
fn without_straight_corners(corners: Vec<Corner>) -> Vec<Corner> {
    let n = corners.len();
    (0..n)
        .filter(|&i| {
            let (before, here, after) = (corners[(i + n - 1) % n], corners[i], corners[(i + 1) % n]);
            let straight_x = before.x == here.x && here.x == after.x;
            let straight_y = before.y == here.y && here.y == after.y;
            !(straight_x || straight_y)
        })
        .map(|i| corners[i])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(cells: &[(usize, usize)]) -> CellSet {
        cells.iter().map(|&(r, c)| Cell::at(r, c)).collect()
    }

    /// A corner in insets: grid lines count `k` insets each, so that corners compare as numbers.
    fn point(corner: Corner, k: i32) -> (i32, i32) {
        (
            i32::from(corner.x.line) * k + i32::from(corner.x.inset),
            i32::from(corner.y.line) * k + i32::from(corner.y.inset),
        )
    }

    #[test]
    fn a_single_cell_is_a_square_one_inset_inside() {
        let loops = outline(set(&[(4, 4)]));
        let points: Vec<_> = loops[0].iter().map(|&c| point(c, 10)).collect();
        assert_eq!(points, [(41, 41), (49, 41), (49, 49), (41, 49)]);
    }

    #[test]
    fn an_inner_corner_goes_past_the_cell_edge() {
        // r1c1, r2c1, r2c2: the inner corner at the top-left of r2c2 is one inset up and left of it.
        let points: Vec<_> =
            outline(set(&[(0, 0), (1, 0), (1, 1)]))[0].iter().map(|&c| point(c, 10)).collect();
        assert_eq!(points, [(1, 1), (9, 1), (9, 11), (19, 11), (19, 19), (1, 19)]);
    }

    #[test]
    fn neighbouring_cages_keep_two_insets_apart() {
        // Two cages side by side: their facing sides run one inset each side of the shared border.
        let left = outline(set(&[(0, 0), (1, 0)]));
        let right = outline(set(&[(0, 1), (1, 1)]));
        let xs = |loops: &Vec<Vec<Corner>>| loops[0].iter().map(|&c| point(c, 10).0).collect::<Vec<_>>();
        assert_eq!(xs(&left).into_iter().max(), Some(9));
        assert_eq!(xs(&right).into_iter().min(), Some(11));
    }

    #[test]
    fn a_ring_has_two_loops() {
        let ring: Vec<(usize, usize)> =
            (0..3).flat_map(|r| (0..3).map(move |c| (r, c))).filter(|&cell| cell != (1, 1)).collect();
        let loops = outline(set(&ring));
        assert_eq!(loops.len(), 2);
        assert_eq!(loops.iter().map(Vec::len).collect::<Vec<_>>(), [4, 4]);
    }

    #[test]
    fn cells_touching_at_a_corner_keep_their_corners_apart() {
        let loops = outline(set(&[(0, 0), (0, 1), (1, 1), (1, 2)]));
        assert_eq!(loops.len(), 1);
        let points: Vec<_> = loops[0].iter().map(|&c| point(c, 10)).collect();
        assert_eq!(points.len(), 8);
        let unique: std::collections::HashSet<_> = points.iter().collect();
        assert_eq!(unique.len(), 8);
    }
}
