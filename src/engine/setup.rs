//! [`PuzzleSetup`]: a puzzle of either variant before it is validated, as text gives it (the idea of
//! shakmaty's `Setup` beside its `Position`). Its givens may conflict, have no solution or several:
//! `solve --count` counts them, and [`PuzzleSetup::into_puzzle`] makes the validated [`Puzzle`].
//!
//! Reading text into a setup is [`crate::engine::text`]'s work, not this file's; what the variant
//! changes (which solver counts, which line is written) is decided here, so callers never branch.

use std::sync::Arc;

use super::killer::Cages;
use super::text::killer_line::puzzle_line;
use super::{Grid, Layout, Puzzle, PuzzleError, Variant, count_solutions_of, solve_of};

/// Givens, the layout of houses and, for a killer, cages, not yet checked (the layout itself is
/// checked when it is made).
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
    /// The houses: classic, X or jigsaw.
    pub layout: Arc<Layout>,
    /// The cages of a killer; `None` for a puzzle without cages.
    pub cages: Option<Cages>,
}

impl PuzzleSetup {
    /// A classic puzzle of `givens`.
    pub fn classic(givens: Grid) -> PuzzleSetup {
        PuzzleSetup { givens, layout: Layout::shared_classic(), cages: None }
    }

    /// A killer puzzle of `givens` and `cages` on the classic layout.
    pub fn killer(givens: Grid, cages: Cages) -> PuzzleSetup {
        PuzzleSetup { givens, layout: Layout::shared_classic(), cages: Some(cages) }
    }

    /// A puzzle of any variant.
    pub fn new(givens: Grid, layout: Layout, cages: Option<Cages>) -> PuzzleSetup {
        let layout = if layout.is_classic() { Layout::shared_classic() } else { Arc::new(layout) };
        PuzzleSetup { givens, layout, cages }
    }

    /// The same puzzle's setup, unchecked again (to count or rewrite it).
    pub fn of_puzzle(puzzle: &Puzzle) -> PuzzleSetup {
        PuzzleSetup {
            givens: *puzzle.givens(),
            layout: puzzle.shared_layout(),
            cages: puzzle.cages().cloned(),
        }
    }

    /// Which rules it follows.
    pub fn variant(&self) -> Variant {
        Variant::of(&self.layout, self.cages.as_ref())
    }

    /// The puzzle on one line, as the readers take it back: our killer line for a killer, the 81
    /// characters of its givens for a classic puzzle.
    pub fn to_line(&self) -> String {
        puzzle_line(&self.givens, &self.layout, self.cages.as_ref())
    }

    /// The number of solutions under its rules, counted up to `limit`.
    pub fn count_solutions(&self, limit: usize) -> usize {
        count_solutions_of(&self.givens, &self.layout, self.cages.as_ref(), limit)
    }

    /// A solution under its rules, the first the solver finds, without looking for a second one;
    /// `None` when there is none (conflicting givens included).
    pub fn first_solution(&self) -> Option<Grid> {
        solve_of(&self.givens, &self.layout, self.cages.as_ref())
    }

    /// The validated puzzle: no conflict, no broken cage, exactly one solution.
    pub fn into_puzzle(self) -> Result<Puzzle, PuzzleError> {
        Puzzle::with_rules(self.givens, self.layout, self.cages)
    }
}
