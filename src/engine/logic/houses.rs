//! The houses of a position's layout in the orders the techniques search them, and the pairs of
//! houses that cross in two or more cells (a box and a line in classic Sudoku; a jigsaw region and
//! a line; a box and a diagonal in Sudoku X). Techniques ask here instead of the classic statics so
//! that one finder serves every layout; on the classic layout these orders are the classic ones.

use crate::engine::{House, Layout};

/// The regions (boxes or jigsaw regions), then rows, columns and any diagonals: HoDoKu's order for
/// singles and subsets (boxes, rows, columns) extended to every layout.
pub(crate) fn regions_then_lines(layout: &Layout) -> impl Iterator<Item = House> + '_ {
    layout.regions().into_iter().chain(lines(layout))
}

/// The rows, then the columns, then the diagonals if the layout has them: the houses that are not
/// regions.
pub(crate) fn lines(layout: &Layout) -> impl Iterator<Item = House> + '_ {
    let diagonals: &[House] = if layout.has_diagonals() { &House::DIAGONALS } else { &[] };
    House::ROWS.into_iter().chain(House::COLUMNS).chain(diagonals.iter().copied())
}

/// The lines (rows, columns, diagonals) that share two or more cells with `region`, in [`lines`]
/// order: for a box, its three rows, its three columns and the diagonals through it.
pub(crate) fn lines_crossing(layout: &Layout, region: House) -> impl Iterator<Item = House> + '_ {
    let cells = layout.set(region);
    lines(layout).filter(move |&line| (layout.set(line) & cells).len() >= 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Cell;

    #[test]
    fn a_box_crosses_its_lines_and_in_x_the_diagonals_through_it() {
        let classic = Layout::classic();
        let crossing: Vec<House> = lines_crossing(&classic, House::block(0)).collect();
        let expected = [0, 1, 2].map(House::row).into_iter().chain([0, 1, 2].map(House::column));
        assert_eq!(crossing, expected.collect::<Vec<_>>());
        let x = Layout::x();
        assert_eq!(lines_crossing(&x, House::block(4)).count(), 8);
        assert_eq!(lines_crossing(&x, House::block(1)).count(), 6);
    }

    #[test]
    fn a_jigsaw_region_crosses_the_lines_it_holds_two_cells_of() {
        // Region 1 takes r1c4 and gives r3c3 to region 2.
        let mut regions: [u8; 81] = std::array::from_fn(|i| Cell::from_index(i).box_index() as u8);
        regions[3] = 0;
        regions[20] = 1;
        let jigsaw = Layout::jigsaw(&regions).expect("a jigsaw");
        let crossing: Vec<House> = lines_crossing(&jigsaw, House::region(0)).collect();
        // Row 1 holds four of its cells, rows 2 and 3 three and two; columns 1 and 2 three each,
        // column 3 two (r1c3, r2c3); column 4 only r1c4.
        let expected: Vec<House> =
            [0, 1, 2].map(House::row).into_iter().chain([0, 1, 2].map(House::column)).collect();
        assert_eq!(crossing, expected);
        assert_eq!(regions_then_lines(&jigsaw).next(), Some(House::region(0)));
    }
}
