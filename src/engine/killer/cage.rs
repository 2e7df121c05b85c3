//! [`Cage`] and [`Cages`]: the killer constraint, validated once so that every reader can trust it,
//! and its rules on a grid, written once: which cells break a cage (for validating givens and for a
//! player's board) and which digits a cage still allows.

use std::fmt;

use thiserror::Error;

use super::{combinations, sum_range};
use crate::engine::{ByCell, Cell, CellSet, Digit, DigitSet, Grid};

/// The index of a cage in its [`Cages`]: cages are numbered 0, 1, 2, ... in the reading order of
/// their first cell, as the killer line writes them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct CageId(u8);

impl CageId {
    /// The index, for tables indexed by cage.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A group of orthogonally connected cells whose digits add up to `sum` and never repeat.
///
/// ```
/// use termdoku::engine::{Cell, CellSet, killer::Cage};
/// let cage = Cage::new([Cell::at(0, 0), Cell::at(0, 1)].into_iter().collect(), 17);
/// assert_eq!(cage.to_string(), "cage 17 at r1c1-r1c2");
/// assert_eq!(cage.combinations().len(), 1); // {8, 9}
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Cage {
    cells: CellSet,
    sum: u32,
}

impl Cage {
    /// A cage of `cells` with `sum` (unvalidated: [`Cages::new`] checks it).
    pub const fn new(cells: CellSet, sum: u32) -> Cage {
        Cage { cells, sum }
    }

    /// The cells.
    pub const fn cells(&self) -> CellSet {
        self.cells
    }

    /// The sum.
    pub const fn sum(&self) -> u32 {
        self.sum
    }

    /// How many cells it has.
    pub const fn size(&self) -> usize {
        self.cells.len()
    }

    /// Its first cell in reading order, where its sum is written (`None` only for an empty cage,
    /// which validation refuses).
    pub const fn anchor(&self) -> Option<Cell> {
        self.cells.first()
    }

    /// Every digit set of the cage's size and sum.
    pub fn combinations(&self) -> &'static [DigitSet] {
        combinations(self.size(), self.sum)
    }

    /// Whether the cells form one orthogonally connected group.
    pub fn is_connected(&self) -> bool {
        let Some(start) = self.cells.first() else { return false };
        let mut reached = start.set();
        let mut frontier = start.set();
        while !frontier.is_empty() {
            let mut next = CellSet::EMPTY;
            for cell in frontier {
                next |= orthogonal_neighbours(cell);
            }
            frontier = next & (self.cells - reached);
            reached |= frontier;
        }
        reached == self.cells
    }

    /// The digits placed in the cage on `grid`.
    pub fn placed_digits(&self, grid: &Grid) -> DigitSet {
        self.cells.iter().filter_map(|c| grid.get(c)).collect()
    }

    /// The digits the empty cells of the cage may still hold on `grid`: those of the combinations
    /// that hold every placed digit, less the placed digits.
    pub fn allowed_digits(&self, grid: &Grid) -> DigitSet {
        let placed = self.placed_digits(grid);
        let union = (self.combinations().iter())
            .filter(|combo| placed.is_subset(**combo))
            .fold(DigitSet::EMPTY, |union, &combo| union | combo);
        union - placed
    }

    /// The cells of the cage that break its rules on `grid`, which may be partly filled: the cells
    /// whose digit repeats, and every cell holding a digit when the digits exceed the sum or the
    /// full cage misses it. (Digits that no combination holds but that break none of these rules
    /// yet are not marked: only [`Cages::check_grid`] refuses them.)
    pub fn conflicting_cells(&self, grid: &Grid) -> CellSet {
        let mut reading = CageReading::default();
        let mut placed = CellSet::EMPTY;
        for cell in self.cells {
            if let Some(digit) = grid.get(cell) {
                reading.read(digit);
                placed.insert(cell);
            }
        }
        if reading.exceeds(self) || reading.misses(self) {
            return placed;
        }
        placed.iter().filter(|&c| grid.get(c).is_some_and(|d| reading.repeated.contains(d))).collect()
    }
}

impl fmt::Display for Cage {
    /// `cage 17 at r1c1-r1c2`: the sum, then the cells in reading order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cage {} at ", self.sum)?;
        for (i, cell) in self.cells.iter().enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            write!(f, "{cell}")?;
        }
        Ok(())
    }
}

impl serde::Serialize for Cage {
    /// Serialised as `{"sum": 17, "cells": ["r1c1", "r1c2"]}`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut cage = serializer.serialize_struct("Cage", 2)?;
        cage.serialize_field("sum", &self.sum)?;
        cage.serialize_field("cells", &self.cells.iter().collect::<Vec<Cell>>())?;
        cage.end()
    }
}

/// The cells left, right, above and below `cell`.
pub(crate) fn orthogonal_neighbours(cell: Cell) -> CellSet {
    let (row, col) = (cell.row(), cell.col());
    [
        row.checked_sub(1).and_then(|r| Cell::try_at(r, col)),
        Cell::try_at(row + 1, col),
        col.checked_sub(1).and_then(|c| Cell::try_at(row, c)),
        Cell::try_at(row, col + 1),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// Why a set of cages is not a killer layout, naming the cage (by its sum and cells) or the cell.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum CageError {
    /// A cage without cells.
    #[error("a cage with sum {sum} has no cells")]
    Empty {
        /// Its sum.
        sum: u32,
    },
    /// A cage of more than nine cells cannot hold distinct digits.
    #[error("{cage} has {size} cells; a cage has at most 9")]
    TooLarge {
        /// The cage.
        cage: Cage,
        /// How many cells it has.
        size: usize,
    },
    /// A cage whose cells are not orthogonally connected.
    #[error("{cage} is not connected: every cell must touch another of the cage by a side")]
    NotConnected {
        /// The cage.
        cage: Cage,
    },
    /// Two cages share a cell.
    #[error("{cell} is in two cages: {first} and {second}")]
    Overlap {
        /// The shared cell.
        cell: Cell,
        /// The first cage holding it.
        first: Cage,
        /// The second.
        second: Cage,
    },
    /// A sum that distinct digits in that many cells cannot make.
    #[error("{cage}: {size} cells add up to {min}-{max}, not {}", cage.sum())]
    SumOutOfRange {
        /// The cage.
        cage: Cage,
        /// How many cells it has.
        size: usize,
        /// The smallest reachable sum.
        min: u32,
        /// The largest reachable sum.
        max: u32,
    },
    /// Cages covering every cell whose sums do not total 405 (nine times 45).
    #[error("the cages cover the grid but their sums total {total}, not 405")]
    WrongTotal {
        /// The total of the sums.
        total: u32,
    },
    /// A given that breaks its cage: a digit repeated in it, or givens that exceed or miss its sum.
    #[error("the given {digit} at {cell} breaks {cage}: {reason}")]
    GivenBreaksCage {
        /// The cage.
        cage: Cage,
        /// The given that breaks it.
        cell: Cell,
        /// Its digit.
        digit: u8,
        /// What is wrong.
        reason: &'static str,
    },
}

/// A validated killer layout: non-empty, connected, non-overlapping cages of at most nine cells
/// with reachable sums, totalling 405 when they cover the grid. Cages need not cover every cell.
///
/// ```
/// use termdoku::engine::{Cell, killer::{Cage, Cages}};
/// let pair = |a: Cell, b: Cell, sum| Cage::new([a, b].into_iter().collect(), sum);
/// let cages = Cages::new(vec![pair(Cell::at(0, 1), Cell::at(0, 2), 3), pair(Cell::at(0, 0), Cell::at(1, 0), 17)]).unwrap();
/// assert_eq!(cages.len(), 2);
/// let first = cages.cage_of(Cell::at(0, 0)).unwrap();
/// assert_eq!(cages[first].sum(), 17); // numbered in reading order of their first cell
/// assert!(Cages::new(vec![pair(Cell::at(0, 0), Cell::at(0, 1), 18)]).is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Cages {
    cages: Vec<Cage>,
    cage_of: ByCell<Option<CageId>>,
}

impl Cages {
    /// Validates `cages` and numbers them in the reading order of their first cell.
    pub fn new(mut cages: Vec<Cage>) -> Result<Cages, CageError> {
        let mut owner: ByCell<Option<Cage>> = ByCell::from_fn(|_| None);
        for &cage in &cages {
            if cage.cells.is_empty() {
                return Err(CageError::Empty { sum: cage.sum });
            }
            if cage.size() > 9 {
                return Err(CageError::TooLarge { cage, size: cage.size() });
            }
            if !cage.is_connected() {
                return Err(CageError::NotConnected { cage });
            }
            let (min, max) = sum_range(cage.size()).unwrap_or((0, 0));
            if !(min..=max).contains(&cage.sum) {
                return Err(CageError::SumOutOfRange { cage, size: cage.size(), min, max });
            }
            for cell in cage.cells {
                if let Some(first) = owner[cell] {
                    return Err(CageError::Overlap { cell, first, second: cage });
                }
                owner[cell] = Some(cage);
            }
        }
        let covered: usize = cages.iter().map(Cage::size).sum();
        let total: u32 = cages.iter().map(|c| c.sum).sum();
        if covered == 81 && total != 405 {
            return Err(CageError::WrongTotal { total });
        }
        cages.sort_by_key(|c| c.anchor());
        let mut cage_of = ByCell::from_fn(|_| None);
        for (index, cage) in cages.iter().enumerate() {
            // At most 81 non-empty, non-overlapping cages: the index fits in a u8.
            let id = CageId(index as u8);
            for cell in cage.cells {
                cage_of[cell] = Some(id);
            }
        }
        Ok(Cages { cages, cage_of })
    }

    /// How many cages there are.
    pub fn len(&self) -> usize {
        self.cages.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.cages.is_empty()
    }

    /// The cages with their ids, in order.
    pub fn iter(&self) -> impl Iterator<Item = (CageId, &Cage)> {
        self.cages.iter().enumerate().map(|(i, c)| (CageId(i as u8), c))
    }

    /// The cages, in order.
    pub fn as_slice(&self) -> &[Cage] {
        &self.cages
    }

    /// The cage holding `cell`, if any.
    pub fn cage_of(&self, cell: Cell) -> Option<CageId> {
        self.cage_of[cell]
    }

    /// The cage holding `cell`, if any.
    pub fn cage_at(&self, cell: Cell) -> Option<&Cage> {
        self.cage_of[cell].map(|id| &self.cages[id.index()])
    }

    /// The other cells of `cell`'s cage (empty when it is in none).
    pub fn cage_mates(&self, cell: Cell) -> CellSet {
        self.cage_at(cell).map_or(CellSet::EMPTY, |c| c.cells - cell.set())
    }

    /// The cells in some cage.
    pub fn covered(&self) -> CellSet {
        self.cages.iter().fold(CellSet::EMPTY, |all, c| all | c.cells)
    }

    /// Whether every cell is in a cage.
    pub fn covers_grid(&self) -> bool {
        self.covered() == CellSet::ALL
    }

    /// Checks that the digits of `grid` break no cage: no digit repeats in a cage, a cage's digits
    /// never exceed its sum, some combination of the cage holds them, and a full cage adds up to
    /// its sum exactly. The error names the first cell, in reading order, at which a rule breaks.
    pub fn check_grid(&self, grid: &Grid) -> Result<(), CageError> {
        for cage in &self.cages {
            let mut reading = CageReading::default();
            for cell in cage.cells {
                let Some(digit) = grid.get(cell) else { continue };
                reading.read(digit);
                let reason = if !reading.repeated.is_empty() {
                    "the digit repeats in the cage"
                } else if reading.exceeds(cage) {
                    "the cage's digits exceed its sum"
                } else if !reading.fits_a_combination(cage) {
                    "no combination of the cage holds these digits"
                } else {
                    continue;
                };
                return Err(CageError::GivenBreaksCage { cage: *cage, cell, digit: digit.get(), reason });
            }
            if reading.misses(cage) {
                let last = cage.cells.iter().last().unwrap_or(Cell::from_index(0));
                let digit = grid.get(last).map_or(0, |d| d.get());
                return Err(CageError::GivenBreaksCage {
                    cage: *cage,
                    cell: last,
                    digit,
                    reason: "the full cage misses its sum",
                });
            }
        }
        Ok(())
    }

    /// The cells of every cage that break its rules on `grid` (see [`Cage::conflicting_cells`]).
    pub fn conflicting_cells(&self, grid: &Grid) -> CellSet {
        self.cages.iter().fold(CellSet::EMPTY, |bad, cage| bad | cage.conflicting_cells(grid))
    }
}

impl std::ops::Index<CageId> for Cages {
    type Output = Cage;

    fn index(&self, id: CageId) -> &Cage {
        &self.cages[id.index()]
    }
}

/// The digits of one cage on a grid, read cell by cell: what the cage's rules are checked on, both
/// for validating givens ([`Cages::check_grid`]) and on a player's board ([`Cage::conflicting_cells`]).
#[derive(Clone, Copy, Default)]
struct CageReading {
    /// The digits read.
    seen: DigitSet,
    /// The digits read more than once.
    repeated: DigitSet,
    /// The total of the digits read, repeats included.
    total: u32,
    /// How many digits were read.
    filled: usize,
}

impl CageReading {
    /// Reads one more digit of the cage.
    fn read(&mut self, digit: Digit) {
        if self.seen.contains(digit) {
            self.repeated.insert(digit);
        }
        self.seen.insert(digit);
        self.total += u32::from(digit.get());
        self.filled += 1;
    }

    /// Whether the digits read add up to more than the sum of `cage`.
    fn exceeds(&self, cage: &Cage) -> bool {
        self.total > cage.sum
    }

    /// Whether the digits read fill `cage` and do not add up to its sum.
    fn misses(&self, cage: &Cage) -> bool {
        self.filled == cage.size() && self.total != cage.sum
    }

    /// Whether some combination of `cage` holds the digits read.
    fn fits_a_combination(&self, cage: &Cage) -> bool {
        cage.combinations().iter().any(|combo| self.seen.is_subset(*combo))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Digit;

    fn cage(cells: &[(usize, usize)], sum: u32) -> Cage {
        Cage::new(cells.iter().map(|&(r, c)| Cell::at(r, c)).collect(), sum)
    }

    #[test]
    fn validation_names_the_problem_and_the_cage() {
        let err = |cages: Vec<Cage>| Cages::new(cages).expect_err("invalid").to_string();
        assert_eq!(
            err(vec![cage(&[(0, 0), (0, 2)], 5)]),
            "cage 5 at r1c1-r1c3 is not connected: every cell must touch another of the cage by a side"
        );
        assert_eq!(
            err(vec![cage(&[(0, 0), (0, 1)], 2)]),
            "cage 2 at r1c1-r1c2: 2 cells add up to 3-17, not 2"
        );
        assert_eq!(
            err(vec![cage(&[(0, 0), (0, 1)], 3), cage(&[(0, 1), (0, 2)], 4)]),
            "r1c2 is in two cages: cage 3 at r1c1-r1c2 and cage 4 at r1c2-r1c3"
        );
        let row: Vec<(usize, usize)> = (0..9).map(|c| (0, c)).chain([(1, 0)]).collect();
        assert!(err(vec![cage(&row, 45)]).contains("has 10 cells"));
        let rows: Vec<Cage> = (0..9).map(|r| cage(&(0..9).map(|c| (r, c)).collect::<Vec<_>>(), 45)).collect();
        assert!(Cages::new(rows.clone()).is_ok());
        let mut wrong = rows;
        wrong[0] = cage(&(0..4).map(|c| (0, c)).collect::<Vec<_>>(), 11);
        wrong.push(cage(&(4..9).map(|c| (0, c)).collect::<Vec<_>>(), 35));
        assert_eq!(err(wrong), "the cages cover the grid but their sums total 406, not 405");
    }

    #[test]
    fn givens_must_fit_their_cage() {
        let cages = Cages::new(vec![cage(&[(0, 0), (0, 1)], 4)]).expect("valid");
        let mut grid = Grid::empty();
        grid.set(Cell::at(0, 0), Digit::new(3));
        assert!(cages.check_grid(&grid).is_ok());
        grid.set(Cell::at(0, 0), Digit::new(2));
        assert!(cages.check_grid(&grid).is_err(), "{{1, 3}} is the only way to make 4");
        grid.set(Cell::at(0, 0), Digit::new(1));
        grid.set(Cell::at(0, 1), Digit::new(3));
        assert!(cages.check_grid(&grid).is_ok());
    }

    #[test]
    fn repeats_excess_and_wrong_totals_are_conflicts() {
        let cages = Cages::new(vec![cage(&[(0, 0), (0, 1)], 9)]).expect("valid");
        let d = |n| Digit::new(n).expect("digit");
        let mut grid = Grid::default();
        grid.set(Cell::at(0, 0), Some(d(4)));
        assert!(cages.conflicting_cells(&grid).is_empty());
        grid.set(Cell::at(0, 1), Some(d(4)));
        assert_eq!(cages.conflicting_cells(&grid).len(), 2, "repeated 4");
        grid.set(Cell::at(0, 1), Some(d(6)));
        assert_eq!(cages.conflicting_cells(&grid).len(), 2, "10 is not 9");
        grid.set(Cell::at(0, 1), Some(d(5)));
        assert!(cages.conflicting_cells(&grid).is_empty());
        grid.set(Cell::at(0, 1), None);
        grid.set(Cell::at(0, 0), Some(d(9)));
        assert!(cages.conflicting_cells(&grid).is_empty(), "9 is not above 9 yet");
    }

    #[test]
    fn allowed_digits_follow_the_combinations() {
        let nine = cage(&[(0, 0), (0, 1)], 9);
        let d = |n| Digit::new(n).expect("digit");
        let mut grid = Grid::default();
        assert_eq!(nine.allowed_digits(&grid), DigitSet::from_iter([1, 2, 3, 4, 5, 6, 7, 8].map(d)));
        grid.set(Cell::at(0, 0), Some(d(2)));
        assert_eq!(nine.allowed_digits(&grid), DigitSet::from_digit(d(7)));
    }

    #[test]
    fn cage_mates_and_coverage() {
        let cages = Cages::new(vec![cage(&[(0, 0), (0, 1), (1, 1)], 6)]).expect("valid");
        assert_eq!(cages.cage_mates(Cell::at(0, 0)).len(), 2);
        assert!(cages.cage_mates(Cell::at(5, 5)).is_empty());
        assert!(!cages.covers_grid());
    }
}
