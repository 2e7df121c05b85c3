//! [`Event`]: the one enum that travels on the one channel into the event loop. The input thread sends
//! terminal events (a key already read by the keymap, a left click where it landed), the worker sends
//! its replies, and the loop itself makes `Tick`s while a clock or spinner is visible.

use std::sync::mpsc::Sender;
use std::thread;
use std::time::Duration;

use ratatui::crossterm::event::{self, KeyEventKind, MouseButton, MouseEventKind};
use ratatui::layout::Position;

use crate::engine::logic::Step;

use super::action::KeyPress;
use super::dialogs::continue_game::SavedSummary;
use super::keymap::Keymap;
use super::puzzles::NewPuzzle;
use crate::engine::Cell;
use crate::game::Game;

/// Everything the app reacts to.
#[derive(Clone, Debug)]
pub enum Event {
    /// A key was pressed, as the keymap reads it (releases and repeats of other kinds are filtered
    /// out).
    Key(KeyPress),
    /// The left mouse button went down at this column and row (other mouse events are dropped).
    Click(Position),
    /// The mouse moved to this column and row with the left button down (a drag selects cells).
    Drag(Position),
    /// Text pasted into the terminal.
    Paste(String),
    /// The terminal was resized to (columns, rows).
    Resize(u16, u16),
    /// Time passed: the clock advances by this much.
    Tick(Duration),
    /// The terminal gained (`true`) or lost (`false`) the focus.
    Focus(bool),
    /// The worker's answer to hint request `id`: the next logical step, if any.
    StepReady {
        /// The request this answers.
        id: u64,
        /// The step, or `None` when the position has no further step.
        step: Option<Box<Step>>,
    },
    /// The worker's answer to generation request `id`.
    Generated {
        /// The request this answers.
        id: u64,
        /// The new puzzle, or `None` when none could be made.
        puzzle: Option<Box<NewPuzzle>>,
    },
    /// A text to show over the board (a problem, a notice).
    Info {
        /// The title.
        title: String,
        /// The lines.
        lines: Vec<String>,
    },
    /// The statistics, for the statistics screen, with the problems met reading the saves.
    Stats {
        /// The figures.
        stats: Box<crate::profile::stats::Stats>,
        /// Problems met reading the saves.
        problems: Vec<String>,
    },
    /// The saved games, for the continue screen.
    SavedGames(Vec<SavedSummary>),
    /// A part of the game stopped for good (the terminal could not be read, a background thread
    /// panicked): the event loop ends the game, saving it, restoring the terminal and reporting this
    /// reason.
    Stopped(String),
    /// A saved game, loaded: play it from `cursor`, in pencil mode if it was.
    Resumed {
        /// The game.
        game: Box<Game>,
        /// Where the cursor was.
        cursor: Cell,
        /// Whether digits went in as pencil marks.
        pencil: bool,
        /// Whether another window plays it (it is then shown read-only, and the player asked).
        elsewhere: bool,
    },
    /// Another window took the game over: this one no longer saves it.
    LostGame,
}

/// Starts the input thread: it blocks on the terminal and forwards key presses (read by `keymap`), left
/// clicks, paste, focus and resize events until the receiver is gone. If the terminal cannot be read any more it sends
/// [`Event::Stopped`], so the game ends instead of waiting for keys that cannot come.
pub fn spawn_input_thread(sender: Sender<Event>, keymap: Keymap) -> std::io::Result<thread::JoinHandle<()>> {
    thread::Builder::new().name("termdoku-input".into()).spawn(move || {
        loop {
            let terminal_event = match event::read() {
                Ok(terminal_event) => terminal_event,
                Err(error) => {
                    let _ = sender.send(Event::Stopped(format!("reading the terminal failed: {error}")));
                    return;
                }
            };
            let forwarded = match terminal_event {
                event::Event::Key(key) if key.kind == KeyEventKind::Press => Event::Key(keymap.read(&key)),
                event::Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                    Event::Click(Position::new(mouse.column, mouse.row))
                }
                event::Event::Mouse(mouse) if mouse.kind == MouseEventKind::Drag(MouseButton::Left) => {
                    Event::Drag(Position::new(mouse.column, mouse.row))
                }
                event::Event::Paste(text) => Event::Paste(text),
                event::Event::Resize(columns, rows) => Event::Resize(columns, rows),
                event::Event::FocusGained => Event::Focus(true),
                event::Event::FocusLost => Event::Focus(false),
                _ => continue,
            };
            if sender.send(forwarded).is_err() {
                return;
            }
        }
    })
}
