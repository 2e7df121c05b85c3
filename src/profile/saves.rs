//! Saved games: the format (TOML with a format version and an end line carrying a checksum), atomic
//! writes, recovery from damaged files, and the move of finished games to the history.
//!
//! A save holds the givens, the player's digits, marks and the eliminations applied hints made, the
//! whole undo and redo history, the clock, the level, hints and mistakes (and which entries were
//! counted as mistakes), and timestamps. A file that does not load (cut short, garbage, edited
//! wrongly) is reported with its name and, where possible, the line; it is moved aside as
//! `<name>.corrupt-<time>` and never overwritten; the game goes on.

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use toml::de::DeTable;

use super::atomic::{TEMP_MARKER, remove_stale_temp_files, write_atomically};
use super::files::{read_regular_file, read_text_file};
use super::journal::{self, JournalWriter};
use super::paths::ProfileDirs;
use super::plain::{plain, shortened};
use super::time::Timestamp;
use super::toml_span::{key_path_at, line_and_column, span_of};
use crate::engine::killer::{killer_line, parse_killer_line};
use crate::engine::logic::Level;
use crate::engine::{ByCell, Cell, Digit, DigitSet, Grid, Puzzle};
use crate::game::{BoardState, Game, Progress};

/// The save format this termdoku writes and reads.
pub const SAVE_FORMAT: u32 = 1;

/// The prefix of the last line of a save; the checksum of everything before it follows.
const END_LINE: &str = "# end of save ";

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
            elapsed: Duration::ZERO,
            hints_used: 0,
            mistakes: 0,
            revealed: false,
            counted: Some(ByCell::default()),
            started_at: now,
            saved_at: now,
            finished: None,
            journal_seq: 0,
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

    /// The save of `game` as played now, its cursor at `cursor`: the unfinished game `id`, started at
    /// `started_at` and saved now, before any journal line.
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
            elapsed: progress.elapsed,
            hints_used: progress.hints_used,
            mistakes: progress.mistakes,
            revealed: progress.revealed,
            counted: progress.counted,
            started_at,
            saved_at: Timestamp::now(),
            finished: None,
            journal_seq: 0,
        }
    }

    /// The game this save holds, to play on (the cursor, id and timestamps stay with the save).
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
        Game::restore(self.puzzle.clone(), self.level, progress)
    }

    /// The save text: TOML, ending with the checksum line.
    pub fn to_toml(&self) -> String {
        let file = SaveFile::of(self);
        let body = toml::to_string(&file).expect("a save always serialises");
        format!("{body}{END_LINE}{:016x}\n", checksum(&body))
    }

    /// Reads a save text; `file` names it in errors.
    pub fn from_toml(text: &str, file: &Path) -> Result<SavedGame, SaveError> {
        let error =
            |line: Option<usize>, message: String| SaveError { file: file.to_path_buf(), line, message };
        let body = checked_body(text).map_err(|message| error(None, message))?;
        let document = DeTable::parse(body).map_err(|e| {
            error(e.span().map(|s| line_and_column(body, s.start).0), e.message().trim().to_string())
        })?;
        let document = document.into_inner();
        let parsed: SaveFile = toml::from_str(body).map_err(|e| {
            let path = e.span().and_then(|s| key_path_at(&document, s.start));
            let line = e.span().map(|s| line_and_column(body, s.start).0);
            let message = plain(e.message(), None);
            error(line, path.map_or_else(|| message.clone(), |p| format!("`{}`: {message}", shortened(&p))))
        })?;
        parsed.into_saved_game().map_err(|(path, message)| {
            let keys: Vec<&str> = path.split('.').collect();
            let line = span_of(&document, &keys).map(|s| line_and_column(body, s.start).0);
            error(line, format!("`{path}`: {message}"))
        })
    }
}

/// A fresh id from the time and a little entropy from the clock and the process.
fn new_game_id(now: Timestamp) -> String {
    let nanos =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    let salt = (nanos ^ std::process::id().rotate_left(16)) & 0xffff;
    format!("{}-{salt:04x}", now.file_stamp())
}

/// FNV-1a, 64 bits: enough to notice a file cut short or changed by accident.
pub(crate) fn checksum(text: &str) -> u64 {
    text.bytes()
        .fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

/// The text before the end line, once the end line is found and its checksum matches.
fn checked_body(text: &str) -> Result<&str, String> {
    let trimmed = text.strip_suffix('\n').unwrap_or(text);
    let Some(position) = trimmed.rfind(END_LINE) else {
        return Err("the file is cut short or is not a termdoku save (its end line is missing)".into());
    };
    let (body, end) = trimmed.split_at(position);
    let written = u64::from_str_radix(&end[END_LINE.len()..], 16)
        .map_err(|_| "the end line is damaged (the file may be cut short)".to_string())?;
    if written != checksum(body) || !(body.is_empty() || body.ends_with('\n')) {
        return Err("the checksum does not match: the file was cut short or changed".into());
    }
    Ok(body)
}

/// Why a save did not load: the file, the line when known, and what is wrong.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SaveError {
    /// The file.
    pub file: PathBuf,
    /// The 1-based line, when known.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for SaveError {}

/// A damaged save that was found and moved out of the way.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Damaged {
    /// What was wrong with it.
    pub error: SaveError,
    /// Where it is now (`None` if even the move failed; then it was left in place, untouched).
    pub moved_to: Option<PathBuf>,
}

impl fmt::Display for Damaged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "damaged save {}", self.error)?;
        match &self.moved_to {
            Some(path) => write!(f, " (kept as {})", path.display()),
            None => write!(f, " (left in place: it could not be renamed)"),
        }
    }
}

/// The saves and history of one player.
#[derive(Clone, Debug)]
pub struct SaveStore {
    saves: PathBuf,
    history: PathBuf,
}

/// Saved games and the damaged files met while reading them.
#[derive(Clone, Debug, Default)]
pub struct Listing {
    /// The games that loaded, most recently saved first.
    pub games: Vec<SavedGame>,
    /// The files that did not, already moved aside.
    pub damaged: Vec<Damaged>,
    /// The files (or the folder) that could not be read at all, left as they are.
    pub unreadable: Vec<SaveError>,
}

impl Listing {
    /// Every problem met, one line each, naming the file.
    pub fn problems(&self) -> Vec<String> {
        let damaged = self.damaged.iter().map(ToString::to_string);
        damaged.chain(self.unreadable.iter().map(|e| format!("unreadable save {e}"))).collect()
    }
}

impl SaveStore {
    /// The store of the player of `dirs`.
    pub fn new(dirs: &ProfileDirs) -> SaveStore {
        SaveStore { saves: dirs.saves_dir(), history: dirs.history_dir() }
    }

    /// The folder of the unfinished games.
    pub fn saves_dir(&self) -> &Path {
        &self.saves
    }

    /// The file of an unfinished game.
    pub fn save_path(&self, id: &str) -> PathBuf {
        self.saves.join(format!("{id}.toml"))
    }

    /// The move journal of an unfinished game (see [`super::journal`]).
    pub fn journal_path(&self, id: &str) -> PathBuf {
        self.saves.join(format!("{id}.{JOURNAL_EXTENSION}"))
    }

    /// Writes `game` (atomically) as an unfinished game, stamping `saved_at`.
    pub fn save(&self, game: &mut SavedGame) -> io::Result<()> {
        game.saved_at = Timestamp::now();
        write_atomically(&self.save_path(&game.id), game.to_toml().as_bytes())
    }

    /// The unfinished games, most recently saved first; damaged files are moved aside and reported.
    pub fn unfinished(&self) -> Listing {
        read_dir_games(&self.saves, Some(self))
    }

    /// The most recently saved unfinished game, if any, and the damaged files met on the way.
    pub fn latest_unfinished(&self) -> (Option<SavedGame>, Vec<Damaged>) {
        let listing = self.unfinished();
        (listing.games.into_iter().next(), listing.damaged)
    }

    /// Loads the unfinished game `id` (a damaged file is moved aside and reported).
    pub fn load(&self, id: &str) -> Result<SavedGame, Damaged> {
        let path = self.save_path(id);
        match load_or_move_aside(&path) {
            Ok(game) => self.with_journal(id, Some(game)).ok_or_else(|| Damaged {
                error: SaveError { file: path.clone(), line: None, message: "no such save".into() },
                moved_to: None,
            }),
            // No snapshot: the journal may hold the whole game.
            Err(LoadFailure::Unreadable(error)) if !path.exists() => {
                self.with_journal(id, None).ok_or(Damaged { error, moved_to: None })
            }
            Err(LoadFailure::Damaged(damaged)) => Err(damaged),
            Err(LoadFailure::Unreadable(error)) => Err(Damaged { error, moved_to: None }),
        }
    }

    /// `snapshot` with the moves of the journal of game `id` replayed onto it. When the journal added
    /// moves and no game is playing it now, the result is saved and the journal removed (compaction).
    fn with_journal(&self, id: &str, snapshot: Option<SavedGame>) -> Option<SavedGame> {
        let path = self.journal_path(id);
        let Ok(text) = read_limited(&path, MAX_JOURNAL_BYTES) else { return snapshot };
        let mut game = snapshot;
        let applied = journal::replay(&mut game, &text, &path);
        let mut game = game?;
        // A game being played holds the journal: leave its files alone.
        if let Ok(mut writer) = JournalWriter::open(&path) {
            let saved = applied == 0 || self.save(&mut game).is_ok();
            if saved {
                let _ = writer.clear();
                let _ = writer.remove();
            }
        }
        Some(game)
    }

    /// Moves a finished game to the history (without its undo history) and removes its save.
    pub fn finish(&self, game: &SavedGame, outcome: Outcome) -> io::Result<()> {
        let mut done = game.clone();
        done.finished = Some(Finish { at: Timestamp::now(), outcome });
        done.saved_at = Timestamp::now();
        done.undo.clear();
        done.redo.clear();
        done.journal_seq = 0;
        write_atomically(&self.history.join(format!("{}.toml", done.id)), done.to_toml().as_bytes())?;
        self.discard(&game.id)
    }

    /// Deletes the save and journal of unfinished game `id` (nothing happens if there is none).
    pub fn discard(&self, id: &str) -> io::Result<()> {
        for path in [self.save_path(id), self.journal_path(id)] {
            match fs::remove_file(path) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
                _ => {}
            }
        }
        Ok(())
    }

    /// The finished games, most recently saved first.
    pub fn history(&self) -> Listing {
        read_dir_games(&self.history, None)
    }
}

/// The extension of move journals.
const JOURNAL_EXTENSION: &str = "journal";
/// The largest save file read.
const MAX_SAVE_BYTES: u64 = 16 << 20;
/// The largest journal read.
const MAX_JOURNAL_BYTES: u64 = 64 << 20;

enum LoadFailure {
    Damaged(Damaged),
    Unreadable(SaveError),
}

/// Reads every `*.toml` of `dir` (and, for the unfinished games of `store`, replays their journals,
/// and reads the games that only have a journal); a missing directory is an empty listing.
fn read_dir_games(dir: &Path, store: Option<&SaveStore>) -> Listing {
    let mut listing = Listing::default();
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return listing,
        Err(e) => {
            let message = if dir.is_file() { "is a file, not a folder".to_string() } else { e.to_string() };
            listing.unreadable.push(SaveError { file: dir.to_path_buf(), line: None, message });
            return listing;
        }
    };
    remove_stale_temp_files(dir);
    let mut saves = Vec::new();
    let mut journals = Vec::new();
    for path in entries.flatten().map(|entry| entry.path()) {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        if name.contains(TEMP_MARKER) || name.starts_with('.') {
            continue;
        }
        if let Some(id) = name.strip_suffix(".toml") {
            saves.push((id.to_string(), path));
        } else if let Some(id) = name.strip_suffix(&format!(".{JOURNAL_EXTENSION}")) {
            journals.push(id.to_string());
        }
    }
    saves.sort();
    for (id, path) in &saves {
        match (load_or_move_aside(path), store) {
            (Ok(game), Some(store)) => listing.games.extend(store.with_journal(id, Some(game))),
            (Ok(game), None) => listing.games.push(game),
            (Err(LoadFailure::Damaged(damaged)), _) => listing.damaged.push(damaged),
            (Err(LoadFailure::Unreadable(error)), _) => listing.unreadable.push(error),
        }
    }
    if let Some(store) = store {
        journals.sort();
        for id in journals.iter().filter(|id| !saves.iter().any(|(s, _)| s == *id)) {
            listing.games.extend(store.with_journal(id, None));
        }
    }
    listing.games.sort_by(|a, b| (b.saved_at, &b.id).cmp(&(a.saved_at, &a.id)));
    listing
}

/// Loads the save at `path`; when it is damaged, renames it `<name>.corrupt-<time>` first.
fn load_or_move_aside(path: &Path) -> Result<SavedGame, LoadFailure> {
    let bytes = read_regular_file(path, MAX_SAVE_BYTES).map_err(|e| {
        LoadFailure::Unreadable(SaveError { file: path.to_path_buf(), line: None, message: e.to_string() })
    })?;
    let result = match String::from_utf8(bytes) {
        Ok(text) => SavedGame::from_toml(&text, path),
        Err(e) => Err(SaveError {
            file: path.to_path_buf(),
            line: None,
            message: format!("not text: invalid UTF-8 at byte {}", e.utf8_error().valid_up_to()),
        }),
    };
    result.map_err(|error| LoadFailure::Damaged(Damaged { moved_to: move_aside(path), error }))
}

/// The text of the regular file at `path`, at most `limit` bytes.
fn read_limited(path: &Path, limit: u64) -> io::Result<String> {
    read_text_file(path, limit)
}

/// Renames a damaged file out of the way, never over another file.
fn move_aside(path: &Path) -> Option<PathBuf> {
    let stamp = Timestamp::now().file_stamp();
    (0..100).find_map(|attempt| {
        let suffix = if attempt == 0 { String::new() } else { format!("-{attempt}") };
        let mut name = path.file_name()?.to_os_string();
        name.push(format!(".corrupt-{stamp}{suffix}"));
        let target = path.with_file_name(name);
        if target.exists() {
            return None;
        }
        fs::rename(path, &target).ok().map(|()| target)
    })
}

// ---- The file layout -------------------------------------------------------------------------------

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveFile {
    format: u32,
    id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    level: Option<Level>,
    givens: String,
    /// A killer's whole puzzle as a killer line (givens, cages, sums); absent for a classic game,
    /// so classic saves of earlier versions load unchanged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    killer: Option<String>,
    cursor: String,
    elapsed_ms: u64,
    hints_used: u32,
    mistakes: u32,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    revealed: bool,
    /// The digits counted as mistakes, per cell, as [`BoardFile::marks`]; absent in saves made
    /// before termdoku kept them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    counted: Option<String>,
    started_at: u64,
    saved_at: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    finished_at: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    outcome: Option<Outcome>,
    #[serde(default, skip_serializing_if = "is_zero")]
    journal_seq: u64,
    board: BoardFile,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    undo: Vec<BoardFile>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    redo: Vec<BoardFile>,
}

/// A board written as text: entries as an 81-character line, marks and eliminations as 81
/// space-separated digit groups (`-` for none).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardFile {
    entries: String,
    marks: String,
    eliminations: String,
}

impl SaveFile {
    fn of(game: &SavedGame) -> SaveFile {
        SaveFile {
            format: SAVE_FORMAT,
            id: game.id.clone(),
            level: game.level,
            givens: game.puzzle.givens().to_line(),
            killer: game.puzzle.cages().map(|cages| killer_line(game.puzzle.givens(), cages)),
            cursor: game.cursor.to_string(),
            elapsed_ms: u64::try_from(game.elapsed.as_millis()).unwrap_or(u64::MAX),
            hints_used: game.hints_used,
            mistakes: game.mistakes,
            revealed: game.revealed,
            counted: game.counted.as_ref().map(write_digit_sets),
            started_at: game.started_at.0,
            saved_at: game.saved_at.0,
            finished_at: game.finished.map(|f| f.at.0),
            outcome: game.finished.map(|f| f.outcome),
            journal_seq: game.journal_seq,
            board: BoardFile::from_board(&game.board),
            undo: game.undo.iter().map(BoardFile::from_board).collect(),
            redo: game.redo.iter().map(BoardFile::from_board).collect(),
        }
    }

    /// Checks the content; errors name the key path.
    fn into_saved_game(self) -> Result<SavedGame, (String, String)> {
        if self.format != SAVE_FORMAT {
            let message =
                format!("format {} is not one this termdoku reads (it reads {SAVE_FORMAT})", self.format);
            return Err(("format".into(), message));
        }
        if self.id.is_empty() || !self.id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            return Err(("id".into(), "bad game id".into()));
        }
        let givens: Grid = self.givens.parse().map_err(|e| ("givens".to_string(), format!("{e}")))?;
        let puzzle = match &self.killer {
            None => Puzzle::new(givens).map_err(|e| ("givens".to_string(), format!("{e}")))?,
            Some(line) => {
                let (killer_givens, cages) =
                    parse_killer_line(line).map_err(|e| ("killer".to_string(), format!("{e}")))?;
                if killer_givens != givens {
                    return Err(("killer".into(), "its givens differ from `givens`".into()));
                }
                Puzzle::new_killer(givens, cages).map_err(|e| ("killer".to_string(), format!("{e}")))?
            }
        };
        let cursor =
            parse_cell(&self.cursor).ok_or(("cursor".to_string(), "expected a cell like r1c1".into()))?;
        let finished = match (self.finished_at, self.outcome) {
            (Some(at), Some(outcome)) => Some(Finish { at: Timestamp(at), outcome }),
            (None, None) => None,
            _ => return Err(("outcome".into(), "`finished_at` and `outcome` go together".into())),
        };
        let board = self.board.to_board(&puzzle).map_err(|(key, m)| (format!("board.{key}"), m))?;
        let counted = self
            .counted
            .as_deref()
            .map(read_digit_sets)
            .transpose()
            .map_err(|m| ("counted".to_string(), m))?;
        let history = |boards: Vec<BoardFile>, name: &str| {
            boards
                .into_iter()
                .enumerate()
                .map(|(i, b)| {
                    b.to_board(&puzzle)
                        .map_err(|(key, m)| (name.to_string(), format!("entry {}: {key}: {m}", i + 1)))
                })
                .collect::<Result<Vec<_>, _>>()
        };
        Ok(SavedGame {
            id: self.id,
            level: self.level,
            board,
            undo: history(self.undo, "undo")?,
            redo: history(self.redo, "redo")?,
            puzzle,
            cursor,
            elapsed: Duration::from_millis(self.elapsed_ms),
            hints_used: self.hints_used,
            mistakes: self.mistakes,
            revealed: self.revealed,
            counted,
            started_at: Timestamp(self.started_at),
            saved_at: Timestamp(self.saved_at),
            finished,
            journal_seq: self.journal_seq,
        })
    }
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

pub(crate) fn parse_cell(text: &str) -> Option<Cell> {
    let rest = text.strip_prefix('r')?;
    let (row, col) = rest.split_once('c')?;
    let (row, col): (usize, usize) = (row.parse().ok()?, col.parse().ok()?);
    ((1..=9).contains(&row) && (1..=9).contains(&col)).then(|| Cell::at(row - 1, col - 1))
}

impl BoardFile {
    fn from_board(board: &BoardState) -> BoardFile {
        BoardFile {
            entries: board.entries.to_line(),
            marks: write_digit_sets(&board.marks),
            eliminations: write_digit_sets(&board.eliminations),
        }
    }

    fn to_board(&self, puzzle: &Puzzle) -> Result<BoardState, (&'static str, String)> {
        let entries: Grid = self.entries.parse().map_err(|e| ("entries", format!("{e}")))?;
        if let Some(cell) =
            Cell::ALL.into_iter().find(|&c| entries.get(c).is_some() && puzzle.givens().get(c).is_some())
        {
            return Err(("entries", format!("{cell} holds a given, not an entry")));
        }
        let marks = read_digit_sets(&self.marks).map_err(|m| ("marks", m))?;
        let eliminations = read_digit_sets(&self.eliminations).map_err(|m| ("eliminations", m))?;
        Ok(BoardState { entries, marks, eliminations })
    }
}

pub(crate) fn write_digit_sets(sets: &ByCell<DigitSet>) -> String {
    let groups: Vec<String> = Cell::ALL.into_iter().map(|c| sets[c].to_string()).collect();
    groups.join(" ")
}

pub(crate) fn read_digit_sets(text: &str) -> Result<ByCell<DigitSet>, String> {
    let groups: Vec<&str> = text.split_ascii_whitespace().collect();
    if groups.len() != 81 {
        return Err(format!("expected 81 groups of digits, found {}", groups.len()));
    }
    let mut sets = ByCell::default();
    for (cell, group) in Cell::ALL.into_iter().zip(groups) {
        if group == "-" {
            continue;
        }
        for ch in group.chars() {
            let digit = Digit::from_char(ch).ok_or_else(|| format!("bad digit `{ch}` in {cell}"))?;
            let set: &mut DigitSet = &mut sets[cell];
            set.insert(digit);
        }
    }
    Ok(sets)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::killer::Cages;

    /// A puzzle with a unique solution (the first of the HoDoKu examples).
    pub(crate) const PUZZLE: &str =
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

    pub(crate) fn sample_game() -> SavedGame {
        let puzzle: Puzzle = PUZZLE.parse().expect("valid puzzle");
        let mut game = SavedGame::new(puzzle, Some(Level::Easy));
        game.undo.push(game.board);
        game.board.entries.set(Cell::at(0, 2), Digit::new(4));
        game.undo.push(game.board);
        game.board.marks[Cell::at(0, 3)].insert(Digit::new(6).expect("6"));
        game.board.marks[Cell::at(0, 3)].insert(Digit::new(2).expect("2"));
        game.board.eliminations[Cell::at(8, 0)].insert(Digit::new(1).expect("1"));
        game.redo.push(BoardState::default());
        game.cursor = Cell::at(4, 7);
        game.elapsed = Duration::from_millis(123_456);
        game.hints_used = 2;
        game.mistakes = 1;
        game.counted.get_or_insert_default()[Cell::at(0, 5)].insert(Digit::new(3).expect("3"));
        game
    }

    #[test]
    fn a_save_reads_back_equal() {
        let game = sample_game();
        let text = game.to_toml();
        assert!(text.starts_with("format = 1\n"), "{text}");
        assert_eq!(SavedGame::from_toml(&text, Path::new("g.toml")), Ok(game));
    }

    /// The first shared Solo killer.
    pub(crate) const KILLER: &str = "................................................................................. aabcdeefghhbcdijfgkllmdijjnkommpqqrnsottpuvrwssxxyuvzwAAAByCCzDEEFBGHIDDJJFGGHIII 9,10,10,12,8,17,7,13,12,9,5,12,13,12,10,17,9,7,15,9,8,11,12,16,8,9,15,7,14,15,8,15,14,13,17,7";

    #[test]
    fn a_killer_save_keeps_its_cages() {
        let (givens, cages) = parse_killer_line(KILLER).expect("valid");
        let mut game = SavedGame::new(Puzzle::new_killer(givens, cages).expect("unique"), Some(Level::Hard));
        game.board.entries.set(Cell::at(0, 0), Digit::new(4));
        let text = game.to_toml();
        assert!(text.contains(&format!("killer = \"{KILLER}\"")), "{text}");
        let back = SavedGame::from_toml(&text, Path::new("k.toml")).expect("loads");
        assert_eq!(back.puzzle.cages().map(Cages::len), Some(36));
        assert_eq!(back, game);
        // A killer line whose givens differ from the save's is refused with its key.
        let body = checked_body(&text).expect("valid").replacen("killer = \"..", "killer = \"1.", 1);
        let tampered = format!("{body}{END_LINE}{:016x}\n", checksum(&body));
        let error = SavedGame::from_toml(&tampered, Path::new("k.toml")).expect_err("differs");
        assert!(error.to_string().contains("`killer`"), "{error}");
    }

    #[test]
    fn a_classic_save_of_the_previous_version_still_loads() {
        // Written by termdoku before killer games (no `killer` key).
        let none = vec!["-"; 81].join(" ");
        let marks = format!("- - - 26 {}", vec!["-"; 77].join(" "));
        let body = format!(
            "format = 1\nid = \"20261120T101010Z-00ab\"\nlevel = \"easy\"\n\
             givens = \"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\"\n\
             cursor = \"r1c3\"\nelapsed_ms = 61000\nhints_used = 1\nmistakes = 0\n\
             started_at = 1763633410\nsaved_at = 1763633471\n\n[board]\n\
             entries = \"..4{}\"\nmarks = \"{marks}\"\neliminations = \"{none}\"\n",
            ".".repeat(78)
        );
        let text = format!("{body}{END_LINE}{:016x}\n", checksum(&body));
        let game = SavedGame::from_toml(&text, Path::new("old.toml")).expect("an old classic save loads");
        assert_eq!(game.puzzle.cages(), None);
        assert_eq!(game.board.entries.get(Cell::at(0, 2)), Digit::new(4));
        assert_eq!(game.level, Some(Level::Easy));
        // Written again, it has no `killer` key either.
        assert!(!game.to_toml().contains("killer"));
        // Nor does it say which entries were counted as mistakes.
        assert_eq!(game.counted, None);
    }

    #[test]
    fn bad_content_names_the_key_and_line() {
        let text = sample_game().to_toml();
        let tamper = |from: &str, to: &str| {
            let body = checked_body(&text).expect("valid").replacen(from, to, 1);
            format!("{body}{END_LINE}{:016x}\n", checksum(&body))
        };
        let error =
            SavedGame::from_toml(&tamper("cursor = \"r5c8\"", "cursor = \"r0c8\""), Path::new("g.toml"))
                .expect_err("bad cursor");
        assert!(error.message.starts_with("`cursor`"), "{error}");
        assert_eq!(
            error.line,
            Some(text.lines().position(|l| l.starts_with("cursor")).map(|i| i + 1).expect("line"))
        );
        let error = SavedGame::from_toml(&tamper("format = 1", "format = 7"), Path::new("g.toml"))
            .expect_err("format");
        assert!(error.to_string().contains("format 7"), "{error}");
        let error =
            SavedGame::from_toml(&tamper("hints_used = 2", "hints_used = \"two\""), Path::new("g.toml"))
                .expect_err("type");
        assert!(error.to_string().contains("`hints_used`: the text `two` is not allowed here"), "{error}");
        assert!(!error.to_string().contains("u32"), "{error}");
        let error = SavedGame::from_toml(&tamper("entries = \"..4", "entries = \"..x"), Path::new("g.toml"))
            .expect_err("entries");
        assert!(error.to_string().contains("`board.entries`"), "{error}");
        let error = SavedGame::from_toml(&tamper("counted = \"", "counted = \"x"), Path::new("g.toml"))
            .expect_err("counted");
        assert!(error.to_string().contains("`counted`: bad digit `x` in r1c1"), "{error}");
    }

    #[test]
    fn a_saves_folder_that_is_a_file_and_unreadable_saves_are_reported_with_their_path() {
        let dir = tempfile::tempdir().expect("temp dir");
        let dirs = ProfileDirs::new(dir.path(), crate::profile::ProfileName::default());
        let store = SaveStore::new(&dirs);
        fs::create_dir_all(store.saves_dir().parent().expect("player dir")).expect("player dir");
        fs::write(store.saves_dir(), "a file").expect("a file in the way");
        let listing = store.unfinished();
        let problems = listing.problems();
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains(&*store.saves_dir().to_string_lossy()), "{problems:?}");
        assert!(problems[0].contains("is a file, not a folder"), "{problems:?}");

        fs::remove_file(store.saves_dir()).expect("removed");
        let mut game = sample_game();
        store.save(&mut game).expect("saved");
        let fifo = store.save_path("fifo");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo").success());
        let listing = store.unfinished();
        assert_eq!(listing.games.len(), 1, "the good save loads");
        let problems = listing.problems();
        assert!(
            problems.iter().any(|p| p.contains("fifo.toml") && p.contains("not a regular file")),
            "{problems:?}"
        );
        assert!(fifo.exists(), "left in place");
    }

    #[test]
    fn a_save_and_its_journal_load_as_the_latest_game_and_are_compacted() {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = SaveStore::new(&ProfileDirs::new(dir.path(), crate::profile::ProfileName::default()));
        let mut game = sample_game();
        store.save(&mut game).expect("saved");
        let mut moved = game.clone();
        moved.undo.push(moved.board);
        moved.redo.clear();
        moved.board.entries.set(Cell::at(8, 6), Digit::new(2));
        let line = journal::line_for(Some(&game), &moved, 1);
        fs::write(store.journal_path(&game.id), format!("{line}\n")).expect("journal");
        let loaded = store.load(&game.id).expect("loads");
        assert_eq!((loaded.board, loaded.journal_seq), (moved.board, 1));
        assert!(!store.journal_path(&game.id).exists(), "compacted");
        assert_eq!(store.load(&game.id).expect("loads again").board, moved.board);
        // A new game whose only record is its journal's first line.
        let mut fresh = sample_game();
        fresh.id = "fresh".into();
        fs::write(store.journal_path("fresh"), format!("{}\n", journal::line_for(None, &fresh, 1)))
            .expect("journal");
        let listing = store.unfinished();
        assert!(
            listing.games.iter().any(|g| g.id == "fresh" && g.board == fresh.board),
            "{:?}",
            listing.problems()
        );
        assert!(store.save_path("fresh").exists(), "compacted into a save");
    }

    #[test]
    fn a_changed_or_cut_file_is_refused() {
        let text = sample_game().to_toml();
        let edited = text.replacen("hints_used = 2", "hints_used = 0", 1);
        assert!(SavedGame::from_toml(&edited, Path::new("g")).is_err());
        assert!(SavedGame::from_toml(&text[..text.len() / 2], Path::new("g")).is_err());
        assert!(SavedGame::from_toml(text.trim_end(), Path::new("g")).is_ok());
    }
}
