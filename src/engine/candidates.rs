//! [`Candidates`]: the pencil-mark grid that human techniques read and steps change.

use std::fmt;
use std::sync::Arc;

use super::killer::Cages;
use super::{ByCell, Cell, CellSet, Digit, DigitSet, Grid, House, Layout, Puzzle};

/// One candidate: a digit in a cell (`5r3c7` in HoDoKu's notation, written `r3c7=5` here).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, serde::Serialize)]
pub struct Candidate {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
}

impl Candidate {
    /// The number of candidates: 81 cells times 9 digits.
    pub const COUNT: usize = Cell::COUNT * 9;

    /// The candidate `digit` in `cell`.
    pub const fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate { cell, digit }
    }

    /// A dense index below [`Candidate::COUNT`]: `cell * 9 + digit`, in the order of candidates
    /// (by cell, then digit).
    pub const fn index(self) -> usize {
        self.cell.index() * 9 + self.digit.index()
    }

    /// The candidate with index `index` (below [`Candidate::COUNT`]).
    pub const fn from_index(index: usize) -> Candidate {
        Candidate { cell: Cell::from_index(index / 9), digit: Digit::from_index(index % 9) }
    }
}

impl fmt::Display for Candidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.cell, self.digit)
    }
}

/// The state human techniques work on: the placed digits, and for every empty cell the digits still
/// possible there. Kept in mirrored forms: candidates per cell, cells per digit, and the solved cells.
///
/// Built from a grid it holds the *true* candidates implied by the placed digits; eliminations made by
/// steps are then applied with [`Candidates::eliminate`]. It never holds the player's raw marks.
///
/// A position keeps its puzzle's layout of houses (classic, X or jigsaw): techniques ask it which
/// houses there are ([`Candidates::houses`]), their cells ([`Candidates::house_set`]) and each
/// cell's peers ([`Candidates::peers`]). A killer position also keeps its cages: a placed digit then
/// leaves its cage mates as it leaves its house peers (digits never repeat in a cage), and the killer
/// techniques read the cages from here. Classic positions carry none and pay nothing for them.
///
/// ```
/// use termdoku::engine::{Candidates, Cell, Digit, Grid};
/// let grid: Grid = format!("12345678.{}", ".".repeat(72)).parse().unwrap();
/// let c = Candidates::from_grid(&grid);
/// let nine = Digit::new(9).unwrap();
/// assert_eq!(c.candidates(Cell::at(0, 8)).single(), Some(nine));
/// // The 1 in r1c1 is no candidate of its box peer r2c2, nor of any placed cell.
/// assert!(!c.has(Cell::at(1, 1), Digit::new(1).unwrap()));
/// assert!(c.candidates(Cell::at(0, 0)).is_empty());
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Candidates {
    values: ByCell<Option<Digit>>,
    cands: ByCell<DigitSet>,
    digit_cells: [CellSet; 9],
    /// The cells that hold a digit (those where `values` is set), kept with `values`.
    solved: CellSet,
    givens: CellSet,
    layout: Arc<Layout>,
    cages: Option<Arc<Cages>>,
}

impl Candidates {
    /// The candidates implied by the digits of `grid`, all of which count as givens.
    pub fn from_grid(grid: &Grid) -> Candidates {
        Candidates::from_givens_and_placed(grid, &Grid::empty())
    }

    /// The candidates implied by `givens` plus digits `placed` later (by the player or by steps),
    /// under the classic rules. A cell filled in both keeps the given.
    pub fn from_givens_and_placed(givens: &Grid, placed: &Grid) -> Candidates {
        Candidates::under_layout(Layout::shared_classic(), givens, placed)
    }

    /// The candidates implied by `givens` plus digits `placed` later, under the houses of `layout`
    /// (no cages: see [`Candidates::with_cages`]).
    pub fn under_layout(layout: Arc<Layout>, givens: &Grid, placed: &Grid) -> Candidates {
        let mut c = Candidates {
            values: ByCell::default(),
            cands: ByCell::from_array([DigitSet::ALL; 81]),
            digit_cells: [CellSet::ALL; 9],
            solved: CellSet::EMPTY,
            givens: givens.filled(),
            layout,
            cages: None,
        };
        for cell in Cell::ALL {
            if let Some(digit) = givens.get(cell).or(placed.get(cell)) {
                c.place(cell, digit);
            }
        }
        c
    }

    /// The candidates of `puzzle`'s givens under its rules (its cages, for a killer).
    pub fn from_puzzle(puzzle: &Puzzle) -> Candidates {
        Candidates::from_puzzle_and_placed(puzzle, &Grid::empty())
    }

    /// The candidates of `puzzle`'s givens plus digits `placed` later, under its rules.
    pub fn from_puzzle_and_placed(puzzle: &Puzzle, placed: &Grid) -> Candidates {
        Candidates::under_layout(puzzle.shared_layout(), puzzle.givens(), placed)
            .with_cages(puzzle.shared_cages())
    }

    /// The same position under `cages` (none: the classic rules): placed digits leave their cage
    /// mates' candidates.
    pub fn with_cages(mut self, cages: Option<Arc<Cages>>) -> Candidates {
        if let Some(layout) = &cages {
            for cell in Cell::ALL {
                if let Some(digit) = self.values[cell] {
                    for mate in layout.cage_mates(cell) {
                        self.eliminate(mate, digit);
                    }
                }
            }
        }
        self.cages = cages;
        self
    }

    /// The cages of a killer position (`None` without cages).
    pub fn cages(&self) -> Option<&Cages> {
        self.cages.as_deref()
    }

    /// The layout of houses: classic, X or jigsaw.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The layout as a shared handle, to build another position under the same rules.
    pub fn shared_layout(&self) -> Arc<Layout> {
        Arc::clone(&self.layout)
    }

    /// The houses of this position's layout: rows, columns, regions, and diagonals for an X.
    pub fn houses(&self) -> &[House] {
        self.layout.houses()
    }

    /// The cells of `house` under this position's layout.
    pub fn house_set(&self, house: House) -> CellSet {
        self.layout.set(house)
    }

    /// The cells that share a house with `cell` under this position's layout.
    pub fn peers(&self, cell: Cell) -> CellSet {
        self.layout.peers(cell)
    }

    /// The digit placed in `cell`, if any.
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.values[cell]
    }

    /// The candidates of `cell` (empty once a digit is placed there).
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        self.cands[cell]
    }

    /// Whether `digit` is a candidate of `cell`.
    pub fn has(&self, cell: Cell, digit: Digit) -> bool {
        self.cands[cell].contains(digit)
    }

    /// The empty cells where `digit` is still a candidate.
    pub fn cells_with(&self, digit: Digit) -> CellSet {
        self.digit_cells[digit.index()]
    }

    /// The cells of `house` where `digit` is still a candidate.
    pub fn house_cells_with(&self, house: House, digit: Digit) -> CellSet {
        self.digit_cells[digit.index()] & self.layout.set(house)
    }

    /// The cells that hold a given.
    pub fn givens(&self) -> CellSet {
        self.givens
    }

    /// The cells without a digit.
    pub fn unsolved(&self) -> CellSet {
        CellSet::ALL - self.solved
    }

    /// The empty cells with exactly two candidates.
    pub fn bivalue_cells(&self) -> CellSet {
        self.unsolved().iter().filter(|&c| self.cands[c].len() == 2).collect()
    }

    /// The digits placed in `house`.
    pub fn placed_in(&self, house: House) -> DigitSet {
        self.layout.cells(house).iter().filter_map(|&c| self.values[c]).collect()
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.solved == CellSet::ALL
    }

    /// Places `digit` in `cell`: the cell loses its candidates and its peers lose `digit`.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        self.values[cell] = Some(digit);
        self.solved.insert(cell);
        for d in self.cands[cell] {
            self.digit_cells[d.index()].remove(cell);
        }
        self.cands[cell] = DigitSet::EMPTY;
        let peers = self.layout.peers(cell);
        for peer in peers & self.digit_cells[digit.index()] {
            self.cands[peer].remove(digit);
        }
        self.digit_cells[digit.index()] -= peers;
        if let Some(cages) = &self.cages {
            for mate in cages.cage_mates(cell) & self.digit_cells[digit.index()] {
                self.cands[mate].remove(digit);
                self.digit_cells[digit.index()].remove(mate);
            }
        }
    }

    /// Removes candidate `digit` from `cell`; returns whether it was there.
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) -> bool {
        if !self.cands[cell].contains(digit) {
            return false;
        }
        self.cands[cell].remove(digit);
        self.digit_cells[digit.index()].remove(cell);
        true
    }

    /// The grid of placed digits.
    pub fn to_grid(&self) -> Grid {
        Grid::from_cells(self.values)
    }

    /// The grid of givens only.
    pub fn givens_grid(&self) -> Grid {
        Grid::from_cells(ByCell::from_fn(|c| if self.givens.contains(c) { self.values[c] } else { None }))
    }

    /// Whether some empty cell has no candidate, or some digit has no place left in a house where it
    /// is not yet placed: the position has no solution.
    pub fn is_broken(&self) -> bool {
        self.unsolved().iter().any(|c| self.cands[c].is_empty())
            || self.layout.houses().iter().any(|&h| {
                let placed = self.placed_in(h);
                Digit::ALL.into_iter().any(|d| !placed.contains(d) && self.house_cells_with(h, d).is_empty())
            })
    }
}

impl fmt::Debug for Candidates {
    /// A 9x9 table of candidates, placed digits shown alone in brackets.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..9 {
            for col in 0..9 {
                let cell = Cell::at(row, col);
                match self.values[cell] {
                    Some(d) => write!(f, "{:>10}", format!("[{d}]"))?,
                    None => write!(f, "{:>10}", self.cands[cell].to_string())?,
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
