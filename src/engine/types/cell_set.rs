//! [`CellSet`]: a set of cells in 81 bits, the workhorse of the logic techniques.

use std::fmt;

use super::{Cell, House};

/// A set of cells as a bitset (bit `i` for the cell with index `i`). Copy, allocation-free, with the
/// usual set operators: `|` union, `&` intersection, `-` difference, `^` symmetric difference,
/// `!` complement within the 81 cells.
///
/// ```
/// use termdoku::engine::{Cell, CellSet, House};
/// let row = House::row(0).cell_set();
/// let col = House::column(0).cell_set();
/// assert_eq!((row & col).single(), Some(Cell::at(0, 0)));
/// assert_eq!((row | col).len(), 17);
/// assert_eq!((!row).len(), 72);
/// // The cells that see both r1c1 and r5c5:
/// let both = Cell::at(0, 0).peers() & Cell::at(4, 4).peers();
/// assert_eq!(both.iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["r1c5", "r5c1"]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct CellSet(u128);

impl CellSet {
    /// No cell.
    pub const EMPTY: CellSet = CellSet(0);
    /// All 81 cells.
    pub const ALL: CellSet = CellSet((1u128 << 81) - 1);

    /// The set with the given raw bits; bits above 80 are dropped.
    pub const fn from_bits(bits: u128) -> CellSet {
        CellSet(bits & CellSet::ALL.0)
    }

    /// The raw bits.
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// Whether `cell` is in the set.
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 & (1u128 << cell.index()) != 0
    }

    /// Adds `cell`.
    pub fn insert(&mut self, cell: Cell) {
        self.0 |= 1u128 << cell.index();
    }

    /// Removes `cell`.
    pub fn remove(&mut self, cell: Cell) {
        self.0 &= !(1u128 << cell.index());
    }

    /// The number of cells.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no cell.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The first cell in reading order, if any.
    pub const fn first(self) -> Option<Cell> {
        if self.0 == 0 { None } else { Cell::new(self.0.trailing_zeros() as usize) }
    }

    /// The one cell of a one-cell set, else `None`.
    pub const fn single(self) -> Option<Cell> {
        if self.0.count_ones() == 1 { self.first() } else { None }
    }

    /// Whether every cell of `self` is in `other`.
    pub const fn is_subset(self, other: CellSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the sets share a cell.
    pub const fn intersects(self, other: CellSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The cells that see every cell of this set (the common peers); the set's own cells are left out.
    /// The common peers of the empty set are all cells.
    pub fn common_peers(self) -> CellSet {
        self.iter().fold(CellSet::ALL, |acc, cell| acc & cell.peers())
    }

    /// The houses that hold every cell of this set (empty for the empty set).
    pub fn common_houses(self) -> impl Iterator<Item = House> {
        let set = self;
        House::ALL.into_iter().filter(move |h| !set.is_empty() && set.is_subset(h.cell_set()))
    }

    /// The rows touched by the set, as a nine-bit mask (bit `r` for row `r`).
    pub fn rows_mask(self) -> u16 {
        self.iter().fold(0, |m, c| m | 1 << c.row())
    }

    /// The columns touched by the set, as a nine-bit mask (bit `c` for column `c`).
    pub fn cols_mask(self) -> u16 {
        self.iter().fold(0, |m, c| m | 1 << c.col())
    }

    /// The boxes touched by the set, as a nine-bit mask (bit `b` for box `b`).
    pub fn boxes_mask(self) -> u16 {
        self.iter().fold(0, |m, c| m | 1 << c.box_index())
    }

    /// The cells in reading order.
    pub fn iter(self) -> CellSetIter {
        CellSetIter(self.0)
    }
}

/// Iterator over a [`CellSet`] in reading order.
#[derive(Clone, Debug)]
pub struct CellSetIter(u128);

impl Iterator for CellSetIter {
    type Item = Cell;

    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Cell::from_index(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CellSetIter {}

impl IntoIterator for CellSet {
    type Item = Cell;
    type IntoIter = CellSetIter;

    fn into_iter(self) -> CellSetIter {
        self.iter()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> CellSet {
        let mut set = CellSet::EMPTY;
        for cell in iter {
            set.insert(cell);
        }
        set
    }
}

impl From<Cell> for CellSet {
    fn from(cell: Cell) -> CellSet {
        cell.set()
    }
}

super::impl_set_operators!(CellSet, CellSet::ALL.0);

impl fmt::Display for CellSet {
    /// The cells separated by commas, e.g. `r1c1,r2c5`; the empty set is `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (i, cell) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{cell}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}
