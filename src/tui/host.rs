//! [`Host`]: what the event loop asks of whoever keeps the game between runs (the profile): it sees
//! the app after every update (to save), answers the effects that need files (statistics, saved
//! games), may hand out a ready puzzle instead of generating one, and is told when the game ends.
//!
//! The app itself stays free of files: it only returns effects and receives events.

use crate::engine::Symmetry;
use crate::engine::Variant;
use crate::engine::daily::DailyDate;
use crate::engine::logic::Level;

use super::app::App;
use super::effect::Effect;
use super::event::Event;

/// The keeper of the game between runs.
pub trait Host {
    /// Called after every update.
    fn observe(&mut self, app: &App);

    /// Carries out an effect the loop does not know (statistics, saved games); the answer, if any,
    /// goes back to the app.
    fn handle(&mut self, effect: &Effect) -> Option<Event>;

    /// A puzzle of `variant` at `level` that is ready at once, as the answer to generation request
    /// `id`.
    fn ready_puzzle(&mut self, id: u64, variant: Variant, level: Level) -> Option<Event>;

    /// The id of an unfinished saved game of the daily puzzle of `variant` on `date`, other than the
    /// game kept now, to continue instead of starting the daily again.
    fn saved_daily(&mut self, _variant: Variant, _date: DailyDate) -> Option<String> {
        None
    }

    /// The symmetry the player wants new puzzles' givens to have.
    fn symmetry(&self) -> Symmetry {
        Symmetry::default()
    }

    /// A problem the player must see now (a save that failed), once per new problem.
    fn alert(&mut self) -> Option<Event> {
        None
    }

    /// Called once when the loop ends.
    fn exit(&mut self, app: &App);

    /// A short mark the screen shows while something needs the player's eye (`NOT SAVED` while saves
    /// fail), drawn over the top right corner.
    fn status_mark(&self) -> Option<String> {
        None
    }
}

/// A host that keeps nothing (tests, and games started without a profile).
pub struct NoHost;

impl Host for NoHost {
    fn observe(&mut self, _app: &App) {}

    fn handle(&mut self, _effect: &Effect) -> Option<Event> {
        None
    }

    fn ready_puzzle(&mut self, _id: u64, _variant: Variant, _level: Level) -> Option<Event> {
        None
    }

    fn exit(&mut self, _app: &App) {}
}
