//! [`Effect`]: what [`super::app::App::update`] asks the event loop to do (ask the worker, generate,
//! cancel, answer from the profile, quit). Effects are data: the loop and the host carry them out, so
//! the app never blocks, spawns or touches a file. Nothing here knows the app or the terminal.

use crate::engine::Variant;
use crate::engine::daily::DailyDate;
use crate::engine::logic::Level;
use crate::game::HintPosition;

/// What the event loop must do after an update.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Ask the worker for the next step of `position` worth showing; it answers with
    /// [`super::event::Event::StepReady`] carrying `id`.
    FindStep {
        /// The request id.
        id: u64,
        /// Where the hint starts: the player's board.
        position: Box<HintPosition>,
    },
    /// Ask the worker for a new puzzle; it answers with [`super::event::Event::Generated`] carrying `id`.
    Generate {
        /// The request id.
        id: u64,
        /// The level asked for.
        level: Level,
        /// The seed.
        seed: u64,
        /// Classic or killer.
        variant: Variant,
    },
    /// Open the daily puzzle of `variant` on `date`: the saved game of it when one is unfinished,
    /// else made by the worker, which answers with [`super::event::Event::Generated`] carrying `id`.
    Daily {
        /// The request id.
        id: u64,
        /// Classic or killer.
        variant: Variant,
        /// The puzzle's date.
        date: DailyDate,
    },
    /// Cancel whatever the worker is doing.
    CancelWork,
    /// Show the statistics (the loop answers with [`super::event::Event::Stats`]).
    ShowStats,
    /// List the saved games (the loop answers with [`super::event::Event::SavedGames`]).
    ListSavedGames,
    /// Load saved game `id` (the loop answers with [`super::event::Event::Resumed`] or [`super::event::Event::Info`]).
    Resume {
        /// The game's id.
        id: String,
    },
    /// Delete saved game `id` for good (the player confirmed it on the continue screen).
    DeleteSaved {
        /// The game's id.
        id: String,
    },
    /// Print `lines` on the terminal's own screen (the alternate screen left, mouse capture off), so
    /// that a line longer than the window wraps as the terminal's own text and copies whole.
    PrintLines(Vec<String>),
    /// Back to the game's screen after [`Effect::PrintLines`].
    ReturnToScreen,
    /// Take the game over from the window playing it (the host answers with
    /// [`super::event::Event::Resumed`] or [`super::event::Event::Info`]).
    TakeOver,
    /// Leave the game.
    Quit,
}
