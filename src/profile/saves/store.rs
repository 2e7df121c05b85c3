//! The save store: where one player's saved games live, and what happens to the files: atomic
//! writes, the listing of unfinished and finished games (loading each with its move journal replayed
//! and compacted), damaged files moved aside as `<name>.corrupt-<time>` (never overwritten, the game
//! goes on), and finished games moved to the history. The text of a save is the codec's.

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::codec::SaveError;
use super::journal::{self, JournalWriter};
use super::model::{Finish, Outcome, SavedGame};
use crate::profile::atomic::{TEMP_MARKER, remove_stale_temp_files, write_atomically};
use crate::profile::files::{read_regular_file, read_text_file};
use crate::profile::paths::ProfileDirs;
use crate::profile::time::Timestamp;

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

    /// Where a window asks for unfinished game `id` that another window plays (see
    /// [`super::takeover`]).
    pub fn takeover_path(&self, id: &str) -> PathBuf {
        self.saves_dir().join(format!("{id}.takeover"))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Cell, Digit};
    use crate::profile::saves::fixtures::sample_game;

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
}
