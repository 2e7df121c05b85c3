//! Saved games, in three parts and the journal beside them, arrows pointing down only:
//!
//! - `store`: where one player's games live; atomic writes, listing and loading (with the move
//!   journal replayed), damaged files moved aside, finished games moved to the history;
//! - [`journal`]: the append-only move journal beside each unfinished save;
//! - [`takeover`]: a second window asking the window playing a game to let it go;
//! - `codec`: the file format (TOML with a format version and an end line carrying a checksum);
//! - `model`: [`SavedGame`], a [`crate::game::Game`] as a save keeps it;
//! - `notes_text`: the text of the player's notes (corner marks, colours, struck combinations),
//!   which the file and the journal share;
//! - `cell_text`: the text of cells and of a digit set per cell, which all three share.
//!
//! A save holds the givens, the player's digits, marks (centre and corner), the cells they coloured
//! and the cage combinations they struck out, the eliminations applied hints made, the
//! whole undo and redo history, the clock, the level, hints and mistakes (and which entries were
//! counted as mistakes), and timestamps. A file that does not load (cut short, garbage, edited
//! wrongly) is reported with its name and, where possible, the line; it is moved aside as
//! `<name>.corrupt-<time>` and never overwritten; the game goes on.
//!
//! The types callers use are named here, at the face of the module; the parts import each other
//! directly, never through this file.

mod cell_text;
mod codec;
#[cfg(test)]
pub(crate) mod fixtures;
pub mod journal;
mod model;
mod notes_text;
mod store;
pub mod takeover;

pub use codec::{SAVE_FORMAT, SaveError};
pub use model::{Finish, Outcome, SavedGame, finished_in_order};
pub use store::{Damaged, Listing, SaveStore};
