//! [`Puzzle`]: givens that are free of conflict and have exactly one solution, under the classic
//! rules or with killer cages, and [`Variant`], which of the two rules a puzzle follows.

use std::sync::Arc;

use thiserror::Error;

use super::killer::{CageError, Cages};
use super::text::killer_line::puzzle_line;
use super::{Conflict, Grid, ParseError, Uniqueness, check_unique, check_unique_killer, parse_grid};

/// Which rules a puzzle follows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// Classic Sudoku: rows, columns and boxes.
    #[default]
    Classic,
    /// Killer Sudoku: the classic rules plus cages with sums.
    Killer,
}

impl Variant {
    /// Both variants, classic first.
    pub const ALL: [Variant; 2] = [Variant::Classic, Variant::Killer];

    /// The lower-case name used on the command line and in files: `classic`, `killer`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::Killer => "killer",
        }
    }

    /// The name as a title for people: `Classic`, `Killer`.
    pub const fn title(self) -> &'static str {
        match self {
            Variant::Classic => "Classic",
            Variant::Killer => "Killer",
        }
    }

    /// The variant of a puzzle with `cages`: killer when it has them, else classic.
    pub fn of_cages(cages: Option<&Cages>) -> Variant {
        if cages.is_some() { Variant::Killer } else { Variant::Classic }
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
}

/// A validated puzzle: its givens have no conflict and exactly one solution, which it keeps. A killer
/// puzzle also keeps its cages (shared, so cloning a puzzle stays cheap).
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
    cages: Option<Arc<Cages>>,
}

impl Puzzle {
    /// Validates classic `givens`: no conflict, exactly one solution.
    pub fn new(givens: Grid) -> Result<Puzzle, PuzzleError> {
        if let Some(conflict) = givens.first_conflict() {
            return Err(PuzzleError::Conflict(conflict));
        }
        let solution = unique_solution(check_unique(&givens))?;
        Ok(Puzzle { givens, solution, cages: None })
    }

    /// Validates a killer puzzle: `givens` without conflict that break no cage, and exactly one
    /// solution under the classic rules plus `cages`.
    pub fn new_killer(givens: Grid, cages: Cages) -> Result<Puzzle, PuzzleError> {
        if let Some(conflict) = givens.first_conflict() {
            return Err(PuzzleError::Conflict(conflict));
        }
        cages.check_grid(&givens)?;
        let solution = unique_solution(check_unique_killer(&givens, &cages))?;
        Ok(Puzzle { givens, solution, cages: Some(Arc::new(cages)) })
    }

    /// Which rules the puzzle follows.
    pub fn variant(&self) -> Variant {
        Variant::of_cages(self.cages())
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
        puzzle_line(board, self.cages())
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
