//! [`Cell`]: one of the 81 squares of the grid, with its row, column and box.

use std::fmt;

use super::{CellSet, House, tables};

/// One of the 81 cells, numbered 0 to 80 in row-major order. Rows, columns and boxes are numbered 0 to
/// 8 in code and shown 1 to 9 (`r1c1` is the top-left cell; box 0 is top-left, box 8 bottom-right).
///
/// ```
/// use termdoku::engine::Cell;
/// let c = Cell::at(3, 7);
/// assert_eq!((c.row(), c.col(), c.box_index()), (3, 7, 5));
/// assert_eq!(c.to_string(), "r4c8");
/// assert_eq!(c.peers().len(), 20);
/// assert!(c.sees(Cell::at(3, 0)) && !c.sees(c));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// The number of cells.
    pub const COUNT: usize = 81;

    /// The 81 cells in row-major order.
    pub const ALL: [Cell; 81] = {
        let mut all = [Cell(0); 81];
        let mut i = 0;
        while i < 81 {
            all[i] = Cell(i as u8);
            i += 1;
        }
        all
    };

    /// The cell with row-major index `index`, or `None` unless `index < 81`.
    pub const fn new(index: usize) -> Option<Cell> {
        if index < 81 { Some(Cell(index as u8)) } else { None }
    }

    /// The cell with row-major index `index`. Panics if `index >= 81`: only for indices the program
    /// computed itself, never for user input.
    pub const fn from_index(index: usize) -> Cell {
        assert!(index < 81, "cell index out of range");
        Cell(index as u8)
    }

    /// The cell at zero-based `row` and `col`. Panics if either is 9 or more (see [`Cell::try_at`]).
    pub const fn at(row: usize, col: usize) -> Cell {
        assert!(row < 9 && col < 9, "row or column out of range");
        Cell((row * 9 + col) as u8)
    }

    /// The cell at zero-based `row` and `col`, or `None` if either is out of range.
    pub const fn try_at(row: usize, col: usize) -> Option<Cell> {
        if row < 9 && col < 9 { Some(Cell((row * 9 + col) as u8)) } else { None }
    }

    /// The row-major index, 0 to 80.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The zero-based row.
    pub const fn row(self) -> usize {
        self.0 as usize / 9
    }

    /// The zero-based column.
    pub const fn col(self) -> usize {
        self.0 as usize % 9
    }

    /// The zero-based box, numbered left to right, top to bottom.
    pub const fn box_index(self) -> usize {
        (self.row() / 3) * 3 + self.col() / 3
    }

    /// The row house holding this cell.
    pub const fn row_house(self) -> House {
        House::row(self.row())
    }

    /// The column house holding this cell.
    pub const fn col_house(self) -> House {
        House::column(self.col())
    }

    /// The box house holding this cell.
    pub const fn box_house(self) -> House {
        House::block(self.box_index())
    }

    /// The three houses of this cell: row, column, box.
    pub const fn houses(self) -> [House; 3] {
        [self.row_house(), self.col_house(), self.box_house()]
    }

    /// The first house (row, then column, then box) that holds both cells, if they share one.
    ///
    /// ```
    /// use termdoku::engine::{Cell, House};
    /// assert_eq!(Cell::at(0, 0).shared_house(Cell::at(0, 1)), Some(House::row(0)));
    /// assert_eq!(Cell::at(0, 0).shared_house(Cell::at(1, 1)), Some(House::block(0)));
    /// assert_eq!(Cell::at(0, 0).shared_house(Cell::at(4, 4)), None);
    /// ```
    pub fn shared_house(self, other: Cell) -> Option<House> {
        self.houses().into_iter().find(|h| h.cell_set().contains(other))
    }

    /// The 20 other cells that share a house with this one.
    pub fn peers(self) -> CellSet {
        tables::PEERS[self.index()]
    }

    /// Whether `other` is a peer of this cell (a cell does not see itself).
    pub fn sees(self, other: Cell) -> bool {
        self.peers().contains(other)
    }

    /// This cell as a one-element [`CellSet`].
    pub const fn set(self) -> CellSet {
        CellSet::from_bits(1u128 << self.0)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::str::FromStr for Cell {
    type Err = String;

    /// Reads `r<row>c<col>` with 1-based row and column, as the engine writes cells.
    fn from_str(s: &str) -> Result<Cell, String> {
        let bytes = s.trim().as_bytes();
        match bytes {
            [b'r' | b'R', r @ b'1'..=b'9', b'c' | b'C', c @ b'1'..=b'9'] => {
                Ok(Cell::at((r - b'1') as usize, (c - b'1') as usize))
            }
            _ => Err(format!("`{s}` is not a cell: expected r<row>c<column>, e.g. r3c7")),
        }
    }
}

impl serde::Serialize for Cell {
    /// Serialised as `r<row>c<col>`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}
