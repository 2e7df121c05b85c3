//! The dialogs over the board, one component each: its state (a variant of [`Overlay`]), how it reads
//! a key, and how it is drawn.

use std::time::Duration;

use crate::engine::logic::Level;

pub mod continue_game;
pub mod new_game;

use continue_game::SavedSummary;

/// What covers the board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Overlay {
    /// Nothing: the game is played.
    None,
    /// The help screen.
    Help,
    /// Paused: board hidden, clock stopped.
    Paused,
    /// The puzzle is solved.
    Won,
    /// New game: pick a classic level (0-4), a killer level (5-9) or paste a puzzle (10).
    NewGame {
        /// The highlighted item.
        selected: usize,
    },
    /// New game from a pasted puzzle.
    Paste {
        /// The text typed or pasted so far.
        input: String,
        /// Why the last attempt was refused.
        error: Option<String>,
    },
    /// A puzzle is being generated.
    Generating {
        /// The request id.
        id: u64,
        /// The level asked for.
        level: Level,
        /// Time waited so far.
        waited: Duration,
    },
    /// Asks before filling the whole solution.
    ConfirmSolve,
    /// A text to read (statistics, the puzzle line, a problem); any key closes it.
    Info {
        /// The title.
        title: String,
        /// The lines.
        lines: Vec<String>,
    },
    /// The saved games, to pick one to continue.
    Continue {
        /// The games, most recent first.
        games: Vec<SavedSummary>,
        /// The highlighted one.
        selected: usize,
    },
    /// Asks before deleting the highlighted saved game of the continue screen.
    ConfirmDelete {
        /// The games, as the continue screen listed them.
        games: Vec<SavedSummary>,
        /// The one to delete.
        selected: usize,
    },
}
