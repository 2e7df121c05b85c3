//! [`PuzzleSetup`]: a puzzle of either variant before it is validated, as text gives it (the idea of
//! shakmaty's `Setup` beside its `Position`). Its givens may conflict, have no solution or several:
//! `solve --count` counts them, and [`PuzzleSetup::into_puzzle`] makes the validated [`Puzzle`].
//!
//! Reading text into a setup is [`crate::engine::text`]'s work, not this file's; what the variant
//! changes (which solver counts, which line is written) is decided here, so callers never branch.

use super::killer::Cages;
use super::text::killer_line::puzzle_line;
use super::{
    Grid, Puzzle, PuzzleError, Variant, count_killer_solutions, count_solutions, solve, solve_killer,
};

/// Givens and, for a killer, cages, not yet checked.
///
/// ```
/// use termdoku::engine::{PuzzleSetup, Variant, text::parse_puzzle};
/// let setup = parse_puzzle(&".".repeat(81)).unwrap();
/// assert_eq!((setup.variant(), setup.count_solutions(2)), (Variant::Classic, 2));
/// assert!(setup.into_puzzle().is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PuzzleSetup {
    /// The givens.
    pub givens: Grid,
    /// The cages of a killer; `None` for a classic puzzle.
    pub cages: Option<Cages>,
}

impl PuzzleSetup {
    /// A classic puzzle of `givens`.
    pub fn classic(givens: Grid) -> PuzzleSetup {
        PuzzleSetup { givens, cages: None }
    }

    /// Which rules it follows.
    pub fn variant(&self) -> Variant {
        Variant::of_cages(self.cages.as_ref())
    }

    /// The puzzle on one line, as the readers take it back: our killer line for a killer, the 81
    /// characters of its givens for a classic puzzle.
    pub fn to_line(&self) -> String {
        puzzle_line(&self.givens, self.cages.as_ref())
    }

    /// The number of solutions under its rules, counted up to `limit`.
    pub fn count_solutions(&self, limit: usize) -> usize {
        match &self.cages {
            None => count_solutions(&self.givens, limit),
            Some(cages) => count_killer_solutions(&self.givens, cages, limit),
        }
    }

    /// A solution under its rules, the first the solver finds, without looking for a second one;
    /// `None` when there is none (conflicting givens included).
    pub fn first_solution(&self) -> Option<Grid> {
        match &self.cages {
            None => solve(&self.givens),
            Some(cages) => solve_killer(&self.givens, cages),
        }
    }

    /// The validated puzzle: no conflict, no broken cage, exactly one solution.
    pub fn into_puzzle(self) -> Result<Puzzle, PuzzleError> {
        match self.cages {
            None => Puzzle::new(self.givens),
            Some(cages) => Puzzle::new_killer(self.givens, cages),
        }
    }
}
