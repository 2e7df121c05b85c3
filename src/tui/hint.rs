//! The hint ladder as data: [`Hint`] (what the panel's hint holds: a request in flight, a step shown
//! up to a rung, a mistake, nothing to say), and its text in the player's own keys ([`hint_text`]).
//! The app climbs the ladder; the panel draws its text. Nothing here draws or knows the app.

use crate::engine::Cell;
use crate::engine::logic::Step;

use super::action::Action;
use super::keymap::Keymap;

/// Why the first hint points at a cell instead of naming a technique.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mistake {
    /// The player's digit there is not the solution's.
    WrongDigit(Cell),
    /// The cell's marks leave out the digit it needs.
    MissingMark(Cell),
}

/// The hint ladder.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Hint {
    /// No hint shown.
    None,
    /// Waiting for the worker's step (request `id`).
    Waiting {
        /// The request id.
        id: u64,
        /// Apply the step as soon as it arrives (the player pressed apply without a hint).
        apply: bool,
        /// The rung to show on arrival (hint pressed again while waiting climbs it).
        rung: u8,
    },
    /// A step, shown up to `rung` (1: technique and place, 2: pattern on the board, 3: result).
    Step {
        /// The step.
        step: Box<Step>,
        /// How much is shown.
        rung: u8,
    },
    /// The board holds a mistake, shown instead of a technique.
    Mistake(Mistake),
    /// The engine found nothing (the board is solved or broken).
    Nothing,
}

/// The text of the hint panel for `hint`, by rung, naming the keys of `keymap` (`Press n for more.`).
pub fn hint_text(hint: &Hint, keymap: &Keymap) -> Option<String> {
    let more = || keymap.key_label(Action::Hint);
    let apply = || keymap.key_label(Action::ApplyHint);
    match hint {
        Hint::None => None,
        Hint::Waiting { .. } => Some("Thinking…".into()),
        Hint::Nothing => Some("No hint: the board is complete".into()),
        Hint::Mistake(Mistake::WrongDigit(cell)) => {
            Some(format!("A digit is wrong: look at {cell}. Press {} to remove it.", apply()))
        }
        Hint::Mistake(Mistake::MissingMark(cell)) => Some(format!(
            "The marks of {cell} leave out the digit it needs. Press {} to restore it.",
            apply()
        )),
        Hint::Step { step, rung: 1 } => Some(format!("{}. Press {} for more.", step.summary(), more())),
        Hint::Step { step, rung: 2 } => {
            Some(format!("{}: look at the highlighted cells. Press {} for more.", step.summary(), more()))
        }
        Hint::Step { step, .. } => Some(format!("{}. Press {} to apply.", step.explanation, apply())),
    }
}
