//! The saved-game model: [`SavedGame`] is a [`Game`] as a save keeps it, with what only a save has
//! (its id, its timestamps, the cursor, how it ended, the journal line it includes). It says what a
//! save holds; how it is written ([`super::codec`]) and where it lives ([`super::store`]) are not
//! its business: no files and no text here.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::engine::daily::DailyDate;
use crate::engine::logic::Level;
use crate::engine::{ByCell, Cell, DigitSet, Grid, Puzzle};
use crate::game::{BoardState, Game, Progress};
use crate::profile::time::Timestamp;

/// How a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The player solved it (hints allowed).
    Solved,
    /// The solver filled it (the player asked for the solution).
    Revealed,
}

/// The end of a finished game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Finish {
    /// When it ended.
    pub at: Timestamp,
    /// How.
    pub outcome: Outcome,
}

/// One game, as saved.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SavedGame {
    /// The game's id, also its file name (`20261121T062033Z-3f2a`).
    pub id: String,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its level, when known.
    pub level: Option<Level>,
    /// The board now.
    pub board: BoardState,
    /// Earlier boards, oldest first.
    pub undo: Vec<BoardState>,
    /// Undone boards, the next redo last.
    pub redo: Vec<BoardState>,
    /// The cursor.
    pub cursor: Cell,
    /// Whether digits went in as pencil marks (the game comes back in the same mode).
    pub pencil: bool,
    /// Time played.
    pub elapsed: Duration,
    /// Hints asked for.
    pub hints_used: u32,
    /// Mistakes counted.
    pub mistakes: u32,
    /// Whether the engine played some of it (auto-solve, the whole solution): finishing it then counts
    /// as revealed, not solved.
    pub revealed: bool,
    /// For each cell, the digits whose entry there has been counted as a mistake (so that a check
    /// after a resume does not count them again); `None` in a save made before termdoku kept it.
    pub counted: Option<ByCell<DigitSet>>,
    /// When the game started.
    pub started_at: Timestamp,
    /// When it was last saved.
    pub saved_at: Timestamp,
    /// How it ended, when it has.
    pub finished: Option<Finish>,
    /// The number of the last move journal line this save includes (see [`super::journal`]).
    pub journal_seq: u64,
    /// The date whose daily puzzle this is, when it is one; `None` in saves made before termdoku
    /// had daily puzzles.
    pub daily: Option<DailyDate>,
}

/// The finished games of `games`, in the order they finished (ties by id, so the order is the same
/// on every run).
pub fn finished_in_order(games: &[SavedGame]) -> Vec<&SavedGame> {
    let mut finished: Vec<&SavedGame> = games.iter().filter(|g| g.finished.is_some()).collect();
    finished.sort_by_key(|g| (g.finished.map(|f| f.at), g.id.clone()));
    finished
}

impl SavedGame {
    /// A new game of `puzzle` starting now, with a fresh id.
    pub fn new(puzzle: Puzzle, level: Option<Level>) -> SavedGame {
        let now = Timestamp::now();
        SavedGame {
            id: new_game_id(now),
            puzzle,
            level,
            board: BoardState::default(),
            undo: Vec::new(),
            redo: Vec::new(),
            cursor: Cell::at(0, 0),
            pencil: false,
            elapsed: Duration::ZERO,
            hints_used: 0,
            mistakes: 0,
            revealed: false,
            counted: Some(ByCell::default()),
            started_at: now,
            saved_at: now,
            finished: None,
            journal_seq: 0,
            daily: None,
        }
    }

    /// The board as a grid: givens and entries.
    pub fn grid(&self) -> Grid {
        self.board.grid(self.puzzle.givens())
    }

    /// How many cells are still empty.
    pub fn empty_cells(&self) -> usize {
        81 - self.grid().filled_count()
    }

    /// The save of `game` as played now, its cursor at `cursor` (not in pencil mode): the unfinished
    /// game `id`, started at `started_at` and saved now, before any journal line.
    pub fn from_game(game: &Game, id: String, started_at: Timestamp, cursor: Cell) -> SavedGame {
        let progress = game.progress();
        SavedGame {
            id,
            puzzle: game.puzzle().clone(),
            level: game.level(),
            board: progress.state,
            undo: progress.undo,
            redo: progress.redo,
            cursor,
            pencil: false,
            elapsed: progress.elapsed,
            hints_used: progress.hints_used,
            mistakes: progress.mistakes,
            revealed: progress.revealed,
            counted: progress.counted,
            started_at,
            saved_at: Timestamp::now(),
            finished: None,
            journal_seq: 0,
            daily: game.daily,
        }
    }

    /// The game this save holds, to play on (the cursor, pencil mode, id and timestamps stay with the save).
    pub fn to_game(&self) -> Game {
        let progress = Progress {
            state: self.board,
            undo: self.undo.clone(),
            redo: self.redo.clone(),
            elapsed: self.elapsed,
            hints_used: self.hints_used,
            mistakes: self.mistakes,
            revealed: self.revealed,
            counted: self.counted,
        };
        let mut game = Game::restore(self.puzzle.clone(), self.level, progress);
        game.daily = self.daily;
        game
    }
}

/// A fresh id from the time and a little entropy from the clock and the process.
fn new_game_id(now: Timestamp) -> String {
    let nanos =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    let salt = (nanos ^ std::process::id().rotate_left(16)) & 0xffff;
    format!("{}-{salt:04x}", now.file_stamp())
}
