//! [`House`]: a group of nine cells in which every digit appears once: the rows, columns and boxes of
//! classic Sudoku, the two long diagonals of Sudoku X and the nine regions of a jigsaw.
//!
//! Rows, columns, boxes and diagonals have fixed cells, known here. A jigsaw region's cells depend on
//! the puzzle: ask its [`crate::engine::Layout`], which also says which houses a puzzle has.

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
    /// One of the two long diagonals (Sudoku X).
    Diagonal,
    /// An irregular region of nine connected cells (jigsaw), in place of the boxes.
    Region,
}

impl HouseKind {
    /// The lower-case name used in explanations: `row`, `column`, `box`, `diagonal`, `region`.
    pub const fn name(self) -> &'static str {
        match self {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
            HouseKind::Diagonal => "diagonal",
            HouseKind::Region => "region",
        }
    }

    /// How many houses of this kind there are: nine, or two diagonals.
    pub const fn count(self) -> usize {
        match self {
            HouseKind::Diagonal => 2,
            _ => 9,
        }
    }

    /// The house number of this kind's first house (see [`House::index`]).
    const fn base(self) -> usize {
        match self {
            HouseKind::Row => 0,
            HouseKind::Column => 9,
            HouseKind::Box => 18,
            HouseKind::Diagonal => 27,
            HouseKind::Region => 29,
        }
    }
}

/// One house: rows 0-8 are houses 0-8, columns 9-17, boxes 18-26, the main diagonal (r1c1 to r9c9)
/// 27, the anti-diagonal (r1c9 to r9c1) 28, and jigsaw regions 29-37. Which of them a puzzle has is
/// its [`crate::engine::Layout`]'s business.
///
/// ```
/// use termdoku::engine::{Cell, House, HouseKind};
/// let b = House::block(4);
/// assert_eq!(b.kind(), HouseKind::Box);
/// assert_eq!(b.to_string(), "box 5");
/// assert!(b.cells().contains(&Cell::at(4, 4)));
/// assert_eq!(House::ALL.len(), 27);
/// assert_eq!(House::diagonal(0).to_string(), "the main diagonal");
/// assert_eq!(House::region(3).to_string(), "region 4");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct House(u8);

impl House {
    /// The number of house numbers (see [`House::index`]), for arrays indexed by house.
    pub const COUNT: usize = 38;

    /// The 27 houses of classic Sudoku: rows, then columns, then boxes. A puzzle of another layout
    /// has other houses: iterate [`crate::engine::Layout::houses`] where the layout may vary.
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
    /// The two long diagonals: main (r1c1 to r9c9), then anti (r1c9 to r9c1).
    pub const DIAGONALS: [House; 2] = [House::diagonal(0), House::diagonal(1)];
    /// The nine jigsaw regions.
    pub const REGIONS: [House; 9] = House::of_kind(HouseKind::Region);

    /// The nine houses of one kind (not for diagonals, of which there are two).
    pub const fn of_kind(kind: HouseKind) -> [House; 9] {
        let mut all = [House(0); 9];
        let mut i = 0;
        while i < 9 {
            all[i] = House::new(kind, i);
            i += 1;
        }
        all
    }

    /// The house of `kind` with zero-based `index`. Panics if `index` is not below `kind.count()`.
    pub const fn new(kind: HouseKind, index: usize) -> House {
        assert!(index < kind.count(), "house index out of range");
        House((kind.base() + index) as u8)
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

    /// Zero-based diagonal `index`: 0 the main diagonal (r1c1 to r9c9), 1 the anti-diagonal.
    pub const fn diagonal(index: usize) -> House {
        House::new(HouseKind::Diagonal, index)
    }

    /// Zero-based jigsaw region `index`.
    pub const fn region(index: usize) -> House {
        House::new(HouseKind::Region, index)
    }

    /// The house number below [`House::COUNT`] (rows 0-8, columns 9-17, boxes 18-26, diagonals
    /// 27-28, regions 29-37), for arrays indexed by house.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The house numbered `index` (below [`House::COUNT`]), or `None`.
    pub const fn from_index(index: usize) -> Option<House> {
        if index < House::COUNT { Some(House(index as u8)) } else { None }
    }

    /// Row, column, box, diagonal or region.
    pub const fn kind(self) -> HouseKind {
        match self.0 {
            0..9 => HouseKind::Row,
            9..18 => HouseKind::Column,
            18..27 => HouseKind::Box,
            27..29 => HouseKind::Diagonal,
            _ => HouseKind::Region,
        }
    }

    /// Whether the house's cells are the same in every puzzle (all but jigsaw regions).
    pub const fn is_fixed(self) -> bool {
        (self.0 as usize) < HouseKind::Region.base()
    }

    /// Whether this house is a row or a column.
    pub const fn is_line(self) -> bool {
        self.0 < 18
    }

    /// The zero-based index within its kind.
    pub const fn index_in_kind(self) -> usize {
        self.0 as usize - self.kind().base()
    }

    /// The nine cells of a fixed house (row, column, box or diagonal), in reading order.
    ///
    /// # Panics
    /// For a jigsaw region, whose cells only its puzzle's [`crate::engine::Layout`] knows: code that
    /// may meet one asks the layout ([`crate::engine::Layout::cells`]).
    pub fn cells(self) -> &'static [Cell; 9] {
        assert!(self.is_fixed(), "a jigsaw region's cells come from its layout");
        &tables::HOUSE_CELLS[self.index()]
    }

    /// The nine cells of a fixed house as a set.
    ///
    /// # Panics
    /// For a jigsaw region, as [`House::cells`].
    pub fn cell_set(self) -> CellSet {
        assert!(self.is_fixed(), "a jigsaw region's cells come from its layout");
        tables::HOUSE_SETS[self.index()]
    }

    /// The cell at `position` (0 to 8) within the house, in reading order.
    pub fn cell(self, position: usize) -> Cell {
        self.cells()[position]
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.kind(), self.index_in_kind()) {
            (HouseKind::Diagonal, 0) => f.write_str("the main diagonal"),
            (HouseKind::Diagonal, _) => f.write_str("the anti-diagonal"),
            (kind, index) => write!(f, "{} {}", kind.name(), index + 1),
        }
    }
}

impl fmt::Debug for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl serde::Serialize for House {
    /// Serialised as `row 4`, `column 7`, `box 5`, `the main diagonal`, `the anti-diagonal`, `region 2`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}
