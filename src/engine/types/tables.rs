//! Tables computed at compile time: the cells of each house and the peers of each cell.

use super::{Cell, CellSet};

/// The number of fixed houses: rows, columns, boxes and the two diagonals.
const FIXED: usize = 29;

/// The nine cells of each fixed house (rows, columns, boxes, then the main and the anti-diagonal),
/// in reading order.
pub(super) const HOUSE_CELLS: [[Cell; 9]; FIXED] = {
    let mut table = [[Cell::from_index(0); 9]; FIXED];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            table[i][j] = Cell::at(i, j);
            table[9 + i][j] = Cell::at(j, i);
            table[18 + i][j] = Cell::at((i / 3) * 3 + j / 3, (i % 3) * 3 + j % 3);
            j += 1;
        }
        table[27][i] = Cell::at(i, i);
        table[28][i] = Cell::at(i, 8 - i);
        i += 1;
    }
    table
};

/// The cells of each house as a set.
pub(super) const HOUSE_SETS: [CellSet; FIXED] = {
    let mut table = [CellSet::EMPTY; FIXED];
    let mut h = 0;
    while h < FIXED {
        let mut bits = 0u128;
        let mut j = 0;
        while j < 9 {
            bits |= 1u128 << HOUSE_CELLS[h][j].index();
            j += 1;
        }
        table[h] = CellSet::from_bits(bits);
        h += 1;
    }
    table
};

/// The 20 classic peers of each cell (row, column and box).
pub(super) const PEERS: [CellSet; 81] = {
    let mut table = [CellSet::EMPTY; 81];
    let mut i = 0;
    while i < 81 {
        let cell = Cell::from_index(i);
        let bits = HOUSE_SETS[cell.row()].bits()
            | HOUSE_SETS[9 + cell.col()].bits()
            | HOUSE_SETS[18 + cell.box_index()].bits();
        table[i] = CellSet::from_bits(bits & !(1u128 << i));
        i += 1;
    }
    table
};
