//! The request to play: what `termdoku play` asks the game to open, as plain data. The command line
//! reads the options into a [`PlayRequest`] and the binary hands it to the game, so the command line
//! and the game never import each other. Also how a saved game is listed in one line, which
//! `termdoku play --list` prints and the game's continue screen shows.
//!
//! Only data and formatting: nothing here reads a file, draws, or starts anything.

use crate::engine::daily::DailyDate;
use crate::engine::logic::Level;
use crate::engine::{Puzzle, Variant};
use crate::profile::Session;
use crate::profile::saves::SavedGame;
use crate::profile::stats::format_duration;

/// A game to play, as the command line asked for it.
#[derive(Debug)]
pub struct PlayRequest {
    /// The profile and configuration in force.
    pub session: Session,
    /// The game the screen opens on.
    pub first: FirstGame,
    /// The seed of the puzzles generated from now on.
    pub seed: u64,
    /// Saved games that could not be read (the game shows them before play).
    pub damaged: Vec<String>,
}

/// The game the screen opens on.
#[derive(Debug)]
pub enum FirstGame {
    /// A saved game, continued.
    Resume(Box<SavedGame>),
    /// A puzzle given on the command line, rated at `level`.
    Puzzle {
        /// The puzzle.
        puzzle: Puzzle,
        /// Its level.
        level: Level,
    },
    /// The daily puzzle of `variant` on `date` (made anew: a saved game of it is a `Resume`).
    Daily {
        /// Classic or killer.
        variant: Variant,
        /// The puzzle's date.
        date: DailyDate,
    },
    /// A new puzzle of `variant` at `level`.
    New {
        /// Classic or killer.
        variant: Variant,
        /// The level.
        level: Level,
    },
}

/// One line about a saved game: level (`K hard` for a killer, as in the statistics), time played,
/// empty cells, when it was saved.
pub fn saved_game_line(game: &SavedGame) -> String {
    let level = game.level.map_or("custom", |l| l.name());
    let level = match game.puzzle.variant().tag() {
        "" => level.to_string(),
        tag => format!("{tag} {level}"),
    };
    format!(
        "{level:<8} {:>7}  {:>2} empty  saved {}",
        format_duration(game.elapsed),
        game.empty_cells(),
        game.saved_at
    )
}
