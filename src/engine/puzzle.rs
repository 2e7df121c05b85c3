//! [`Puzzle`]: givens that are free of conflict and have exactly one solution, under the classic
//! rules or with killer cages, and [`Variant`], which of the two rules a puzzle follows.

use std::sync::Arc;

use thiserror::Error;

use super::killer::{CageError, Cages};
use super::text::killer_line::puzzle_line;
use super::{Conflict, Grid, Layout, LayoutError, ParseError, Uniqueness, check_unique_of, parse_grid};

/// Which rules a puzzle follows: its layout of houses (classic boxes, boxes plus the diagonals,
/// or jigsaw regions), with or without killer cages.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Variant {
    /// Classic Sudoku: rows, columns and boxes.
    #[default]
    Classic,
    /// Killer Sudoku: the classic rules plus cages with sums.
    Killer,
    /// Sudoku X: the classic rules, and each long diagonal holds 1-9 once.
    X,
    /// Jigsaw Sudoku: nine irregular regions in place of the boxes.
    Jigsaw,
    /// Killer X: the Sudoku X rules plus cages with sums.
    KillerX,
    /// Jigsaw Killer: the jigsaw rules plus cages with sums.
    KillerJigsaw,
}

impl Variant {
    /// Every variant: classic, killer, then the X and jigsaw layouts without and with cages.
    pub const ALL: [Variant; 6] = [
        Variant::Classic,
        Variant::Killer,
        Variant::X,
        Variant::Jigsaw,
        Variant::KillerX,
        Variant::KillerJigsaw,
    ];

    /// The lower-case name used on the command line and in files: `classic`, `killer`, `x`,
    /// `jigsaw`, `killer-x`, `killer-jigsaw`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::Killer => "killer",
            Variant::X => "x",
            Variant::Jigsaw => "jigsaw",
            Variant::KillerX => "killer-x",
            Variant::KillerJigsaw => "killer-jigsaw",
        }
    }

    /// The name as a title for people: `Classic`, `Killer`, `Sudoku X`, `Jigsaw`, `Killer X`,
    /// `Jigsaw Killer`.
    pub const fn title(self) -> &'static str {
        match self {
            Variant::Classic => "Classic",
            Variant::Killer => "Killer",
            Variant::X => "Sudoku X",
            Variant::Jigsaw => "Jigsaw",
            Variant::KillerX => "Killer X",
            Variant::KillerJigsaw => "Jigsaw Killer",
        }
    }

    /// The variant's place in [`Variant::ALL`], for arrays of one entry per variant.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The short mark tables put before a level (`K hard` for a killer): empty for classic, `K`,
    /// `X`, `J`, `KX`, `KJ`.
    pub const fn tag(self) -> &'static str {
        match self {
            Variant::Classic => "",
            Variant::Killer => "K",
            Variant::X => "X",
            Variant::Jigsaw => "J",
            Variant::KillerX => "KX",
            Variant::KillerJigsaw => "KJ",
        }
    }

    /// Whether puzzles of this variant have killer cages.
    pub const fn has_cages(self) -> bool {
        matches!(self, Variant::Killer | Variant::KillerX | Variant::KillerJigsaw)
    }

    /// Whether puzzles of this variant have the two diagonals as houses.
    pub const fn has_diagonals(self) -> bool {
        matches!(self, Variant::X | Variant::KillerX)
    }

    /// Whether puzzles of this variant have jigsaw regions in place of the boxes.
    pub const fn is_jigsaw(self) -> bool {
        matches!(self, Variant::Jigsaw | Variant::KillerJigsaw)
    }

    /// The same layout with cages (`true`) or without.
    pub const fn with_cages(self, cages: bool) -> Variant {
        match (self.has_diagonals(), self.is_jigsaw(), cages) {
            (true, _, false) => Variant::X,
            (true, _, true) => Variant::KillerX,
            (_, true, false) => Variant::Jigsaw,
            (_, true, true) => Variant::KillerJigsaw,
            (_, _, false) => Variant::Classic,
            (_, _, true) => Variant::Killer,
        }
    }

    /// The variant of a puzzle with `cages` under the classic layout: killer when it has them,
    /// else classic.
    pub fn of_cages(cages: Option<&Cages>) -> Variant {
        Variant::Classic.with_cages(cages.is_some())
    }

    /// The variant of a puzzle of `layout` with `cages`.
    pub fn of(layout: &Layout, cages: Option<&Cages>) -> Variant {
        let base = if layout.is_jigsaw() {
            Variant::Jigsaw
        } else if layout.has_diagonals() {
            Variant::X
        } else {
            Variant::Classic
        };
        base.with_cages(cages.is_some())
    }

    /// The variant named `name` (case-insensitive), if any.
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name().eq_ignore_ascii_case(name))
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a grid is not a proper puzzle.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum PuzzleError {
    /// The text could not be read as a grid.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// Two givens of one house hold the same digit.
    #[error("conflicting givens: {0}")]
    Conflict(Conflict),
    /// The givens admit no solution.
    #[error("no solution")]
    NoSolution,
    /// The givens admit two or more solutions.
    #[error("more than one solution")]
    MultipleSolutions,
    /// The cages are not a killer layout, or a given breaks its cage.
    #[error(transparent)]
    Cage(#[from] CageError),
    /// The regions are not a jigsaw layout.
    #[error(transparent)]
    Layout(#[from] LayoutError),
}

/// A validated puzzle: its givens have no conflict and exactly one solution, which it keeps, under its
/// layout of houses and, for a killer, its cages (both shared, so cloning a puzzle stays cheap).
///
/// ```
/// use termdoku::engine::{Puzzle, PuzzleError};
/// let p: Puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
/// assert!(p.solution().is_solved());
/// assert_eq!(".".repeat(81).parse::<Puzzle>(), Err(PuzzleError::MultipleSolutions));
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    givens: Grid,
    solution: Grid,
    layout: Arc<Layout>,
    cages: Option<Arc<Cages>>,
}

impl Puzzle {
    /// Validates classic `givens`: no conflict, exactly one solution.
    pub fn new(givens: Grid) -> Result<Puzzle, PuzzleError> {
        Puzzle::with_rules(givens, Layout::shared_classic(), None)
    }

    /// Validates a killer puzzle: `givens` without conflict that break no cage, and exactly one
    /// solution under the classic rules plus `cages`.
    pub fn new_killer(givens: Grid, cages: Cages) -> Result<Puzzle, PuzzleError> {
        Puzzle::with_rules(givens, Layout::shared_classic(), Some(cages))
    }

    /// Validates a puzzle of any variant: `givens` without conflict in any house of `layout`, that
    /// break no cage of `cages` (if any), with exactly one solution under those rules.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use termdoku::engine::{Cell, Digit, Grid, Layout, Puzzle, PuzzleError, Variant};
    /// let mut givens = Grid::empty();
    /// givens.set(Cell::at(0, 0), Digit::new(4));
    /// givens.set(Cell::at(8, 8), Digit::new(4));
    /// let err = Puzzle::with_rules(givens, Arc::new(Layout::x()), None).unwrap_err();
    /// assert_eq!(err.to_string(), "conflicting givens: digit 4 appears twice in the main diagonal: r1c1 and r9c9");
    /// ```
    pub fn with_rules(
        givens: Grid,
        layout: Arc<Layout>,
        cages: Option<Cages>,
    ) -> Result<Puzzle, PuzzleError> {
        if let Some(conflict) = layout.first_conflict(&givens) {
            return Err(PuzzleError::Conflict(conflict));
        }
        if let Some(cages) = &cages {
            cages.check_grid(&givens)?;
        }
        let solution = unique_solution(check_unique_of(&givens, &layout, cages.as_ref()))?;
        Ok(Puzzle { givens, solution, layout, cages: cages.map(Arc::new) })
    }

    /// Which rules the puzzle follows.
    pub fn variant(&self) -> Variant {
        Variant::of(&self.layout, self.cages())
    }

    /// The puzzle's houses: rows, columns, boxes or jigsaw regions, and the diagonals of an X.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The layout as the shared handle [`crate::engine::Candidates`] keeps.
    pub fn shared_layout(&self) -> Arc<Layout> {
        Arc::clone(&self.layout)
    }

    /// The cages of a killer puzzle (`None` for a classic one).
    pub fn cages(&self) -> Option<&Cages> {
        self.cages.as_deref()
    }

    /// The cages of a killer puzzle as the shared handle [`crate::engine::Candidates`] keeps.
    pub fn shared_cages(&self) -> Option<Arc<Cages>> {
        self.cages.clone()
    }

    /// The givens.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// The one solution.
    pub fn solution(&self) -> &Grid {
        &self.solution
    }

    /// The puzzle on one line, as the readers take it back: our killer line for a killer, the 81
    /// characters of its givens for a classic puzzle.
    ///
    /// ```
    /// use termdoku::engine::Puzzle;
    /// let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    /// assert_eq!(line.parse::<Puzzle>().unwrap().to_line(), line);
    /// ```
    pub fn to_line(&self) -> String {
        self.board_line(&self.givens)
    }

    /// `board` (a game's digits now, say) on one line as this puzzle's line writes its givens: with
    /// this puzzle's cages for a killer.
    pub fn board_line(&self, board: &Grid) -> String {
        puzzle_line(board, &self.layout, self.cages())
    }
}

/// The solution of a uniqueness check, or the error that says why there is none.
fn unique_solution(uniqueness: Uniqueness) -> Result<Grid, PuzzleError> {
    match uniqueness {
        Uniqueness::Unique(solution) => Ok(solution),
        Uniqueness::NoSolution => Err(PuzzleError::NoSolution),
        Uniqueness::Multiple => Err(PuzzleError::MultipleSolutions),
    }
}

impl std::str::FromStr for Puzzle {
    type Err = PuzzleError;

    fn from_str(s: &str) -> Result<Puzzle, PuzzleError> {
        Puzzle::new(parse_grid(s)?)
    }
}
