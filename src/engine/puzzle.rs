//! [`Puzzle`]: givens that are free of conflict and have exactly one solution.

use thiserror::Error;

use super::{Conflict, Grid, ParseError, Uniqueness, check_unique, parse_grid};

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
}

/// A validated puzzle: its givens have no conflict and exactly one solution, which it keeps.
///
/// ```
/// use termdoku::engine::{Puzzle, PuzzleError};
/// let p: Puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
/// assert!(p.solution().is_solved());
/// assert_eq!(".".repeat(81).parse::<Puzzle>(), Err(PuzzleError::MultipleSolutions));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Puzzle {
    givens: Grid,
    solution: Grid,
}

impl Puzzle {
    /// Validates `givens`: no conflict, exactly one solution.
    pub fn new(givens: Grid) -> Result<Puzzle, PuzzleError> {
        if let Some(conflict) = givens.first_conflict() {
            return Err(PuzzleError::Conflict(conflict));
        }
        match check_unique(&givens) {
            Uniqueness::Unique(solution) => Ok(Puzzle { givens, solution }),
            Uniqueness::NoSolution => Err(PuzzleError::NoSolution),
            Uniqueness::Multiple => Err(PuzzleError::MultipleSolutions),
        }
    }

    /// The givens.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// The one solution.
    pub fn solution(&self) -> &Grid {
        &self.solution
    }
}

impl std::str::FromStr for Puzzle {
    type Err = PuzzleError;

    fn from_str(s: &str) -> Result<Puzzle, PuzzleError> {
        Puzzle::new(parse_grid(s)?)
    }
}
