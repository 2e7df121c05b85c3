//! [`ByCell`]: an array of 81 values that can only be indexed by a [`Cell`].

use std::ops::{Index, IndexMut};

use super::Cell;

/// 81 values, one per cell, indexed by [`Cell`] only (no bare `usize` juggling).
///
/// ```
/// use termdoku::engine::{ByCell, Cell};
/// let mut marks: ByCell<u8> = ByCell::default();
/// marks[Cell::at(2, 3)] = 5;
/// assert_eq!(marks[Cell::at(2, 3)], 5);
/// assert_eq!(marks.iter().filter(|(_, v)| **v != 0).count(), 1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ByCell<T>([T; 81]);

impl<T> ByCell<T> {
    /// Wraps an array of 81 values in reading order.
    pub const fn from_array(values: [T; 81]) -> ByCell<T> {
        ByCell(values)
    }

    /// Builds the array by calling `f` for each cell.
    pub fn from_fn(mut f: impl FnMut(Cell) -> T) -> ByCell<T> {
        ByCell(std::array::from_fn(|i| f(Cell::from_index(i))))
    }

    /// The values in reading order, each with its cell.
    pub fn iter(&self) -> impl Iterator<Item = (Cell, &T)> {
        Cell::ALL.into_iter().zip(self.0.iter())
    }

    /// The values in reading order.
    pub fn values(&self) -> &[T; 81] {
        &self.0
    }
}

impl<T: Copy + Default> Default for ByCell<T> {
    fn default() -> ByCell<T> {
        ByCell([T::default(); 81])
    }
}

impl<T> Index<Cell> for ByCell<T> {
    type Output = T;

    fn index(&self, cell: Cell) -> &T {
        &self.0[cell.index()]
    }
}

impl<T> IndexMut<Cell> for ByCell<T> {
    fn index_mut(&mut self, cell: Cell) -> &mut T {
        &mut self.0[cell.index()]
    }
}
