//! [`House`]: the 27 rows, columns and boxes in which every digit appears once.

use std::fmt;

use super::{Cell, CellSet, tables};

/// Which kind of house a [`House`] is.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum HouseKind {
    /// A horizontal line of nine cells.
    Row,
    /// A vertical line of nine cells.
    Column,
    /// A 3x3 box.
    Box,
}

impl HouseKind {
    /// The lower-case name used in explanations: `row`, `column`, `box`.
    pub const fn name(self) -> &'static str {
        match self {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
        }
    }
}

/// One of the 27 houses: rows 0-8 are houses 0-8, columns houses 9-17, boxes houses 18-26.
///
/// ```
/// use termdoku::engine::{Cell, House, HouseKind};
/// let b = House::block(4);
/// assert_eq!(b.kind(), HouseKind::Box);
/// assert_eq!(b.to_string(), "box 5");
/// assert!(b.cells().contains(&Cell::at(4, 4)));
/// assert_eq!(House::ALL.len(), 27);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct House(u8);

impl House {
    /// All 27 houses: rows, then columns, then boxes.
    pub const ALL: [House; 27] = {
        let mut all = [House(0); 27];
        let mut i = 0;
        while i < 27 {
            all[i] = House(i as u8);
            i += 1;
        }
        all
    };

    /// The nine rows.
    pub const ROWS: [House; 9] = House::of_kind(HouseKind::Row);
    /// The nine columns.
    pub const COLUMNS: [House; 9] = House::of_kind(HouseKind::Column);
    /// The nine boxes.
    pub const BOXES: [House; 9] = House::of_kind(HouseKind::Box);

    /// The nine houses of one kind.
    pub const fn of_kind(kind: HouseKind) -> [House; 9] {
        let mut all = [House(0); 9];
        let mut i = 0;
        while i < 9 {
            all[i] = House::new(kind, i);
            i += 1;
        }
        all
    }

    /// The house of `kind` with zero-based `index`. Panics if `index >= 9`.
    pub const fn new(kind: HouseKind, index: usize) -> House {
        assert!(index < 9, "house index out of range");
        let base = match kind {
            HouseKind::Row => 0,
            HouseKind::Column => 9,
            HouseKind::Box => 18,
        };
        House((base + index) as u8)
    }

    /// Zero-based row `index`.
    pub const fn row(index: usize) -> House {
        House::new(HouseKind::Row, index)
    }

    /// Zero-based column `index`.
    pub const fn column(index: usize) -> House {
        House::new(HouseKind::Column, index)
    }

    /// Zero-based box `index` (boxes are numbered left to right, top to bottom).
    pub const fn block(index: usize) -> House {
        House::new(HouseKind::Box, index)
    }

    /// The house number 0 to 26 (rows, columns, boxes), for arrays of 27.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The house numbered `index` (0 to 26), or `None`.
    pub const fn from_index(index: usize) -> Option<House> {
        if index < 27 { Some(House(index as u8)) } else { None }
    }

    /// Row, column or box.
    pub const fn kind(self) -> HouseKind {
        match self.0 / 9 {
            0 => HouseKind::Row,
            1 => HouseKind::Column,
            _ => HouseKind::Box,
        }
    }

    /// Whether this house is a row or a column.
    pub const fn is_line(self) -> bool {
        self.0 < 18
    }

    /// The zero-based index within its kind.
    pub const fn index_in_kind(self) -> usize {
        self.0 as usize % 9
    }

    /// The nine cells, in reading order.
    pub fn cells(self) -> &'static [Cell; 9] {
        &tables::HOUSE_CELLS[self.index()]
    }

    /// The nine cells as a set.
    pub fn cell_set(self) -> CellSet {
        tables::HOUSE_SETS[self.index()]
    }

    /// The cell at `position` (0 to 8) within the house, in reading order.
    pub fn cell(self, position: usize) -> Cell {
        self.cells()[position]
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind().name(), self.index_in_kind() + 1)
    }
}

impl fmt::Debug for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl serde::Serialize for House {
    /// Serialised as `row 4`, `column 7`, `box 5`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}
