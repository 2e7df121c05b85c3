//! [`Grid`]: an unvalidated board, such as the player's, that may hold conflicts.

use std::fmt;
use std::ops::ControlFlow;

use super::{ByCell, Cell, CellSet, Digit, House};

/// A board of 81 cells, each empty or holding a digit. A `Grid` promises nothing: it may hold
/// conflicting digits or have no solution. [`crate::engine::Puzzle`] is the validated form.
///
/// ```
/// use termdoku::engine::{Cell, Digit, Grid};
/// let mut g = Grid::empty();
/// g.set(Cell::at(0, 0), Digit::new(5));
/// g.set(Cell::at(0, 8), Digit::new(5));
/// assert_eq!(g.filled_count(), 2);
/// assert_eq!(g.conflicts().len(), 1);
/// assert_eq!(g.conflicting_cells().len(), 2);
/// assert!(g.to_line().starts_with("5.......5"));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Grid {
    cells: ByCell<Option<Digit>>,
}

/// Two cells of one house holding the same digit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Conflict {
    /// The repeated digit.
    pub digit: Digit,
    /// The house in which it repeats.
    pub house: House,
    /// The first cell holding it, in reading order.
    pub first: Cell,
    /// The second cell holding it.
    pub second: Cell,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "digit {} appears twice in {}: {} and {}", self.digit, self.house, self.first, self.second)
    }
}

impl Grid {
    /// The grid with every cell empty.
    pub fn empty() -> Grid {
        Grid::default()
    }

    /// A grid from 81 optional digits.
    pub fn from_cells(cells: ByCell<Option<Digit>>) -> Grid {
        Grid { cells }
    }

    /// The digit in `cell`, if any.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        self.cells[cell]
    }

    /// Puts `digit` in `cell` (`None` empties it).
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.cells[cell] = digit;
    }

    /// The 81 optional digits.
    pub fn cells(&self) -> &ByCell<Option<Digit>> {
        &self.cells
    }

    /// The cells that hold a digit.
    pub fn filled(&self) -> CellSet {
        self.cells.iter().filter(|(_, d)| d.is_some()).map(|(c, _)| c).collect()
    }

    /// How many cells hold a digit.
    pub fn filled_count(&self) -> usize {
        self.cells.values().iter().filter(|d| d.is_some()).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.cells.values().iter().all(Option::is_some)
    }

    /// Whether the grid is full and free of conflicts: a valid Sudoku solution.
    pub fn is_solved(&self) -> bool {
        self.is_full() && self.first_conflict().is_none()
    }

    /// Every pair of cells that share a house and a digit, house by house.
    pub fn conflicts(&self) -> Vec<Conflict> {
        let mut found = Vec::new();
        let _: ControlFlow<()> = self.scan_conflicts(|conflict| {
            found.push(conflict);
            ControlFlow::Continue(())
        });
        found
    }

    /// The cells whose digit another cell of one of their houses holds too.
    pub fn conflicting_cells(&self) -> CellSet {
        let mut cells = CellSet::EMPTY;
        let _: ControlFlow<()> = self.scan_conflicts(|conflict| {
            cells.insert(conflict.first);
            cells.insert(conflict.second);
            ControlFlow::Continue(())
        });
        cells
    }

    /// The first conflict in house order, if any (cheaper than [`Grid::conflicts`]).
    pub fn first_conflict(&self) -> Option<Conflict> {
        match self.scan_conflicts(ControlFlow::Break) {
            ControlFlow::Break(conflict) => Some(conflict),
            ControlFlow::Continue(()) => None,
        }
    }

    /// Hands each conflict to `visit`, house by house, until it breaks.
    fn scan_conflicts<B>(&self, mut visit: impl FnMut(Conflict) -> ControlFlow<B>) -> ControlFlow<B> {
        for house in House::ALL {
            let mut seen: [Option<Cell>; 9] = [None; 9];
            for &cell in house.cells() {
                if let Some(digit) = self.cells[cell] {
                    match seen[digit.index()] {
                        Some(first) => visit(Conflict { digit, house, first, second: cell })?,
                        None => seen[digit.index()] = Some(cell),
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether every digit of `self` stands in the same cell of `other`.
    pub fn is_consistent_with(&self, other: &Grid) -> bool {
        Cell::ALL.iter().all(|&c| self.get(c).is_none() || self.get(c) == other.get(c))
    }

    /// The grid as one 81-character line, `.` for empty cells.
    pub fn to_line(&self) -> String {
        self.cells.values().iter().map(|d| d.map_or('.', Digit::to_char)).collect()
    }

    /// The grid as one 81-character line of digits, `0` for empty cells.
    pub fn to_digits(&self) -> String {
        self.cells.values().iter().map(|d| d.map_or('0', Digit::to_char)).collect()
    }

    /// The grid drawn in 11 lines with `|` and `-` between boxes, `.` for empty cells.
    ///
    /// ```
    /// use termdoku::engine::Grid;
    /// let g: Grid = "1".repeat(1).chars().chain(std::iter::repeat('.').take(80)).collect::<String>().parse().unwrap();
    /// assert_eq!(g.to_framed().lines().next(), Some("1 . . | . . . | . . ."));
    /// assert_eq!(g.to_framed().lines().nth(3), Some("------+-------+------"));
    /// ```
    pub fn to_framed(&self) -> String {
        let mut out = String::with_capacity(11 * 22);
        for row in 0..9 {
            if row == 3 || row == 6 {
                out.push_str("------+-------+------\n");
            }
            for col in 0..9 {
                if col == 3 || col == 6 {
                    out.push_str(" |");
                }
                if col > 0 {
                    out.push(' ');
                }
                out.push(self.get(Cell::at(row, col)).map_or('.', Digit::to_char));
            }
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for Grid {
    /// Writes the 81-character line form; `{:#}` writes the framed form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() { f.write_str(&self.to_framed()) } else { f.write_str(&self.to_line()) }
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}
