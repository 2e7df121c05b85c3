//! SE's rating loop: apply the first step of the first producer that finds one, over and over,
//! and rate the puzzle by the hardest step applied.

use std::sync::atomic::{AtomicBool, Ordering};

use super::rules::aligned::AlignedExclusion;
use super::rules::bug::Bug;
use super::rules::fish::Fish;
use super::rules::locking::Locking;
use super::rules::sets::{HiddenSet, NakedSet};
use super::rules::singles::{HiddenSingle, NakedSingle};
use super::rules::three_links::ThreeStrongLinks;
use super::rules::turbot::TurbotFish;
use super::rules::unique_loops::UniqueLoops;
use super::rules::wings::XyWing;
use super::rules::wxyz::AlsWing;
use super::{
    Difficulty, DynamicChains, DynamicPlusChains, ForcingChainsAndCycles, MultipleChains, NishioChains,
    Producer, SeStep,
};
use crate::engine::{Candidates, Puzzle};

/// Where SE's nested forcing chains start (level 2: dynamic chains that run forcing chains inside
/// their propagation). They are not implemented: too slow for a rating loop, and the bank tops out at
/// 9.3. A puzzle the other rules cannot finish therefore rates at least this much; its estimate is
/// reported as this lower bound with [`ExplainerRating::solved`] false.
pub const NESTED_CHAINS: Difficulty = Difficulty(95);

/// The Sudoku Explainer estimate of a puzzle.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ExplainerRating {
    /// The hardest step's difficulty: SE's rating. When the rules run out it is a lower bound,
    /// [`NESTED_CHAINS`], and [`ExplainerRating::solved`] is false.
    pub difficulty: Difficulty,
    /// SE's name of the rule of the first step that reached that difficulty (`"Nested Forcing
    /// Chains"` when the rules ran out: the puzzle needs them, or harder).
    pub hardest: &'static str,
    /// The number of steps applied.
    pub steps: usize,
    /// Whether the rules solved the puzzle (false: the rating is only a lower bound).
    pub solved: bool,
}

/// The producers in the bank rater's order: SE's direct rules, then the basic ones (with the rater's
/// turbot fish after hidden triplets, its three strong links and WXYZ-Wing after hidden quads, its
/// VWXYZ-Wing after BUG), then the chaining rules with aligned triplets among them.
static PRODUCERS: [&dyn Producer; 30] = [
    &HiddenSingle,
    &Locking { direct: true },
    &HiddenSet { degree: 2, direct: true },
    &NakedSingle,
    &HiddenSet { degree: 3, direct: true },
    &Locking { direct: false },
    &NakedSet { degree: 2 },
    &Fish { degree: 2 },
    &HiddenSet { degree: 2, direct: false },
    &NakedSet { degree: 3 },
    &Fish { degree: 3 },
    &HiddenSet { degree: 3, direct: false },
    &TurbotFish,
    &XyWing { xyz: false },
    &XyWing { xyz: true },
    &UniqueLoops,
    &NakedSet { degree: 4 },
    &Fish { degree: 4 },
    &HiddenSet { degree: 4, direct: false },
    &ThreeStrongLinks,
    &AlsWing { cells: 3 },
    &Bug,
    &AlsWing { cells: 4 },
    &AlignedExclusion { degree: 2 },
    &ForcingChainsAndCycles,
    &AlignedExclusion { degree: 3 },
    &NishioChains,
    &MultipleChains,
    &DynamicChains,
    &DynamicPlusChains,
];

/// The step SE takes next in `grid`: the first step of the first producer that finds one.
pub fn next_se_step(grid: &Candidates) -> Option<SeStep> {
    PRODUCERS.iter().find_map(|p| p.find(grid))
}

/// The Sudoku Explainer estimate of `puzzle`: SE's rules applied in SE's order, each time the first
/// step of the first rule that finds one, until the grid is full; the rating is the hardest step's
/// difficulty. When no rule applies (where SE would go on to nested forcing chains) the rating is the
/// lower bound [`NESTED_CHAINS`] with `solved` false.
pub fn explainer_rating(puzzle: &Puzzle) -> ExplainerRating {
    explainer_rating_cancellable(puzzle, &AtomicBool::new(false)).expect("never cancelled")
}

/// What [`ExplainerRating::hardest`] says of a puzzle whose layout is not the classic one.
pub const NOT_FOR_VARIANT: &str = "not available for this variant";

/// Whether the estimate is given for `puzzle`: only on the classic layout. Sudoku Explainer's rules
/// and its difficulties were made for rows, columns and boxes; on a jigsaw its box-bound rules
/// (aligned exclusion, locking, the unique loops) do not hold, and on an X its numbers were never
/// calibrated, so no number is given rather than a wrong one.
pub fn explainer_available(puzzle: &Puzzle) -> bool {
    puzzle.layout().is_classic()
}

/// [`explainer_rating`], checking `cancel` before each step; `None` when it was set. A puzzle of
/// another layout than the classic one ([`explainer_available`]) gets no estimate: difficulty 0,
/// `hardest` [`NOT_FOR_VARIANT`], no steps, not solved.
pub fn explainer_rating_cancellable(puzzle: &Puzzle, cancel: &AtomicBool) -> Option<ExplainerRating> {
    if !explainer_available(puzzle) {
        return Some(ExplainerRating {
            difficulty: Difficulty(0),
            hardest: NOT_FOR_VARIANT,
            steps: 0,
            solved: false,
        });
    }
    let mut grid = Candidates::from_grid(puzzle.givens());
    let mut rating = ExplainerRating { difficulty: Difficulty(0), hardest: "", steps: 0, solved: false };
    while !grid.is_solved() {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let Some(step) = next_se_step(&grid) else {
            return Some(unsolved(rating));
        };
        if !step.apply_to(&mut grid) {
            // A step that changes nothing would repeat forever: treat it as the rules running out.
            return Some(unsolved(rating));
        }
        if step.difficulty > rating.difficulty {
            rating.difficulty = step.difficulty;
            rating.hardest = step.rule;
        }
        rating.steps += 1;
    }
    rating.solved = true;
    Some(rating)
}

fn unsolved(rating: ExplainerRating) -> ExplainerRating {
    ExplainerRating {
        difficulty: rating.difficulty.max(NESTED_CHAINS),
        hardest: "Nested Forcing Chains",
        solved: false,
        ..rating
    }
}
