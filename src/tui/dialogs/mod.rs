//! The dialogs over the board, one component each (one file each): its state (its variant of
//! [`Overlay`]), how it reads a key (an `update` that returns a [`Reply`]) and how it is drawn (a widget
//! struct holding what it draws). This file only routes a key or a frame to the dialog showing; the app
//! carries out the [`Command`] a dialog returns.
//!
//! Dialogs see a key as the keymap read it ([`KeyPress`]) and pick the meaning they need: their own
//! fixed keys (Enter, Esc, `y`, `d`), the player's bound actions (arrows, quit), or the typed
//! character. They never see the app, and their footers name keys through the keymap.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::engine::Variant;
use crate::engine::logic::Level;
use crate::game::Game;

use super::action::KeyPress;
use super::daily::DailyBook;
use super::keymap::Keymap;
use super::theme::Theme;

pub mod confirm;
pub mod continue_game;
pub mod elsewhere;
pub mod generating;
pub mod help;
pub mod info;
pub mod new_game;
pub mod paste;
pub mod paused;
pub mod stats;
pub mod won;

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
    /// New game: pick a classic level (0-4), a killer level (5-9), paste a puzzle (10), or today's
    /// classic (11) or killer (12) daily puzzle.
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
    /// Lines printed on the terminal's own screen (the puzzle line, to copy whole); any key returns.
    Printed,
    /// The game is open in another window: read-only, another game, or take it over.
    OpenElsewhere,
    /// A text to read (the puzzle line, a problem); any key closes it.
    Info {
        /// The title.
        title: String,
        /// The lines.
        lines: Vec<String>,
    },
    /// The statistics screen: charts and tables, a page per variant when they do not all fit.
    Stats {
        /// The figures.
        stats: Box<crate::profile::stats::Stats>,
        /// Problems met reading the saves.
        problems: Vec<String>,
        /// The page shown when the pages do not all fit.
        page: usize,
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

/// What a dialog asks of the app after a key, besides what covers the board next.
#[derive(Clone, Debug)]
pub enum Command {
    /// Leave the game.
    Quit,
    /// Open the new-game dialog at the level being played.
    ChooseNewGame,
    /// Make a new puzzle of this variant and level.
    Generate(Variant, Level),
    /// Play today's daily puzzle of this variant.
    PlayDaily(Variant),
    /// Play this game instead (a pasted puzzle).
    Play(Box<Game>),
    /// Stop making a puzzle.
    CancelGeneration,
    /// Continue saved game `id`.
    Resume(String),
    /// Delete a saved game for good.
    Delete(SavedSummary),
    /// Fill in the whole solution.
    FillSolution,
    /// Back to the game's screen from the printed lines.
    ReturnToScreen,
    /// Take the game over from the window playing it.
    TakeOver,
}

/// A dialog's answer to a key: what covers the board next, and what the app must do.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The overlay from now on (the same dialog, changed, another, or none).
    pub next: Overlay,
    /// What the app must do, if anything.
    pub command: Option<Command>,
}

impl Reply {
    /// Shows `next`, nothing more.
    pub fn show(next: Overlay) -> Reply {
        Reply { next, command: None }
    }

    /// Shows `next` and asks the app for `command`.
    pub fn with(next: Overlay, command: Command) -> Reply {
        Reply { next, command: Some(command) }
    }
}

/// What the dialogs read around them: the game under them, the keys, the styles, the spinner's frame
/// and how far a long text is scrolled.
#[derive(Clone, Copy)]
pub struct Surroundings<'a> {
    /// The game being played.
    pub game: &'a Game,
    /// The keys, for footers and the help.
    pub keymap: &'a Keymap,
    /// The styles.
    pub theme: &'a Theme,
    /// The spinner's frame counter.
    pub frame: u64,
    /// How many lines the help or a text is scrolled down.
    pub scroll: usize,
    /// Today and the dailies finished (the new-game picker and the statistics screen show them).
    pub daily: &'a DailyBook,
}

impl Overlay {
    /// The dialog showing reads `key`; `scroll` is how far a long text is scrolled (the help and text
    /// dialogs move it); `area` is the screen (the statistics screen's pages depend on its size).
    pub fn update(
        self,
        key: KeyPress,
        keymap: &Keymap,
        variant: Variant,
        scroll: &mut usize,
        area: Rect,
    ) -> Reply {
        match self {
            Overlay::None => Reply::show(Overlay::None),
            Overlay::Help => help::update(key, scroll, help::rows(keymap, variant).len()),
            Overlay::Info { title, lines } => info::update(title, lines, key, scroll),
            Overlay::Stats { stats, problems, page } => stats::update(stats, problems, page, key, area),
            Overlay::Paused => paused::update(key),
            Overlay::OpenElsewhere => elsewhere::update(key),
            // Any key returns to the game (the quit key too: the lines stay on the terminal).
            Overlay::Printed => Reply::with(Overlay::None, Command::ReturnToScreen),
            Overlay::Won => won::update(key),
            Overlay::NewGame { selected } => new_game::update(selected, key),
            Overlay::Paste { input, .. } => paste::update(input, key),
            Overlay::Generating { id, level, waited } => generating::update(id, level, waited, key),
            Overlay::Continue { games, selected } => continue_game::update(games, selected, key),
            Overlay::ConfirmDelete { games, selected } => confirm::update_delete(games, selected, key),
            Overlay::ConfirmSolve => confirm::update_solve(key),
        }
    }

    /// Draws the dialog showing over `area` (the whole screen); the pause notice is drawn over the
    /// board instead ([`paused::PausedNotice`]).
    pub fn render(&self, around: Surroundings<'_>, area: Rect, buf: &mut Buffer) {
        let (keymap, theme) = (around.keymap, around.theme);
        match self {
            Overlay::None | Overlay::Paused | Overlay::Printed => {}
            Overlay::Help => {
                let rows = help::rows(keymap, around.game.puzzle().variant());
                help::HelpDialog { rows: &rows, scroll: around.scroll, keymap, theme }.render(area, buf);
            }
            Overlay::Info { title, lines } => {
                info::InfoDialog { title, lines, scroll: around.scroll, keymap, theme }.render(area, buf)
            }
            Overlay::Stats { stats, problems, page } => {
                let (page, daily) = (*page, around.daily);
                stats::StatsScreen { stats, problems, page, daily, keymap, theme }.render(area, buf)
            }
            Overlay::OpenElsewhere => elsewhere::ElsewhereDialog { keymap, theme }.render(area, buf),
            Overlay::Won => {
                won::WonDialog { game: around.game, keymap, theme, daily: around.daily }.render(area, buf)
            }
            Overlay::NewGame { selected } => {
                let daily = around.daily;
                new_game::NewGameDialog { selected: *selected, keymap, theme, daily }.render(area, buf)
            }
            Overlay::Paste { input, error } => {
                paste::PasteDialog { input, error: error.as_deref(), keymap, theme }.render(area, buf)
            }
            Overlay::Generating { level, waited, .. } => {
                let frame = around.frame;
                generating::GeneratingDialog { level: *level, waited: *waited, frame, keymap, theme }
                    .render(area, buf)
            }
            Overlay::Continue { games, selected } => {
                continue_game::ContinueDialog { games, selected: *selected, keymap, theme }.render(area, buf)
            }
            Overlay::ConfirmDelete { games, selected } => {
                let label = games.get(*selected).map_or("", |g| g.label.as_str());
                confirm::ConfirmDeleteDialog { label, keymap, theme }.render(area, buf)
            }
            Overlay::ConfirmSolve => confirm::ConfirmSolveDialog { keymap, theme }.render(area, buf),
        }
    }

    /// Pasted `text` goes into the paste box, when it is showing.
    pub fn paste(&mut self, text: &str) {
        if let Overlay::Paste { input, error } = self {
            paste::receive(input, text);
            *error = None;
        }
    }
}
