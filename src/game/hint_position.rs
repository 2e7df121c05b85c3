//! [`HintPosition`]: where a hint starts from. On a board with pencil marks that is the player's
//! marks, not a fresh candidate grid: the engine reasons on what the player sees, and a step that
//! neither places a digit nor removes a mark the player still has is never shown (the search takes
//! it silently and goes on). On a board without marks it is the engine's own candidates, and every
//! step is shown.
//!
//! Pure data over the engine; the worker runs [`HintPosition::next_step`] off the UI thread.

use crate::engine::logic::{Step, next_step};
use crate::engine::{ByCell, Candidates, DigitSet};

/// The position a hint starts from, and what of it is the player's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintPosition {
    /// The candidates the engine reasons on.
    pub candidates: Candidates,
    /// The player's pencil marks, when the board has any: a step is shown only when it places a
    /// digit or removes one of them. `None`: the board has no marks, and every step is shown.
    pub marks: Option<ByCell<DigitSet>>,
}

impl HintPosition {
    /// A position on the engine's candidates alone: every step is shown.
    pub fn engine(candidates: Candidates) -> HintPosition {
        HintPosition { candidates, marks: None }
    }

    /// Whether `step` changes the player's board: it places a digit, or it removes a mark the
    /// player has (on a board without marks, any step does).
    pub fn changes_board(&self, step: &Step) -> bool {
        let Some(marks) = &self.marks else { return true };
        !step.placements.is_empty() || step.eliminations.iter().any(|e| marks[e.cell].contains(e.digit))
    }

    /// The next step to show: the engine's next step that changes the player's board. Steps that
    /// remove only candidates of cells the player has not marked are taken on the way without being
    /// shown (they change nothing the player sees, and the shown step may build on them). `None`
    /// when the board is solved or no step is found.
    pub fn next_step(&self) -> Option<Step> {
        let mut candidates = self.candidates.clone();
        loop {
            let step = next_step(&candidates)?;
            if self.changes_board(&step) {
                return Some(step);
            }
            let mut removed = false;
            for e in &step.eliminations {
                removed |= candidates.eliminate(e.cell, e.digit);
            }
            if !removed {
                // A step that removes nothing would be found again: show it rather than loop.
                return Some(step);
            }
        }
    }
}
