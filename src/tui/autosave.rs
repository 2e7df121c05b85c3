//! Autosave: the game on screen saved after every change and at exit, on a saver thread so the screen
//! never waits for the disk (debounced: of the saves waiting for the disk only the newest is written,
//! so a burst of keys costs one write and a kill loses at most the move in flight), each change first
//! written to the game's move journal. Which save the game on screen goes to (a new puzzle is a new
//! game), what changes a save (a fingerprint, not the clock: the clock alone is written to the journal
//! once a second, a line of its own, and to the save every so often), retries while saves fail and
//! the player told once per problem, a won game moved to the history, and at exit the game written
//! elsewhere when its moves could not be saved. A game another window plays is kept read-only here
//! (nothing saved) until this window takes it over; a game another window took over stops being
//! saved here (see [`crate::profile::saves::takeover`]).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::engine::{ByCell, Cell, DigitSet, Puzzle};
use crate::game::{BoardState, Game};
use crate::profile::saves::journal::{JournalWriter, OpenError};
use crate::profile::saves::takeover;
use crate::profile::saves::{Outcome, SaveStore, SavedGame};
use crate::profile::time::Timestamp;

use super::app::App;
use super::event::Event;
use super::keeper::Keeper;
use super::saver::{SaveJob, Saver, could_not_save};

/// A game whose only change is the clock is saved this often.
const CLOCK_SAVE_INTERVAL: Duration = Duration::from_secs(15);
/// While saves fail, the game tries again this often.
pub(super) const RETRY_INTERVAL: Duration = Duration::from_secs(2);
/// How long a window taking a game over waits for the other window to let it go.
const TAKEOVER_PATIENCE: Duration = Duration::from_secs(5);

/// The game being kept: which save file it goes to.
#[derive(Clone, Debug)]
struct Kept {
    id: String,
    started_at: Timestamp,
    puzzle: Puzzle,
    finished: bool,
}

/// What changes a save: the board, its history, the counters, which entries were counted as
/// mistakes, the cursor and the pencil mode (not the clock).
#[derive(Clone, PartialEq, Eq, Debug)]
struct Fingerprint {
    state: BoardState,
    undo: usize,
    redo: usize,
    hints_used: u32,
    mistakes: u32,
    counted: Option<ByCell<DigitSet>>,
    cursor: Cell,
    pencil: bool,
}

/// The saving of the game on screen.
pub struct Autosave {
    store: SaveStore,
    kept: Option<Kept>,
    saved: Option<(Fingerprint, Duration)>,
    /// The clock as the journal last has it: the clock alone running on is written to the journal
    /// each time the second on screen changes, so that a kill loses less than a second of it.
    journaled: Duration,
    /// The kept game as last observed, when only its clock has run on since its last save (the clock
    /// alone is saved every [`CLOCK_SAVE_INTERVAL`]): saved when the player leaves it for another
    /// game, so switching games loses no time.
    clock_ran_on: Option<Box<SavedGame>>,
    saver: Saver,
    keeper: Keeper,
    /// The problem of the last save attempt, and when it was, while the game's moves are not on disk.
    unsaved: Option<(String, Instant)>,
    /// Where the game went when its moves could not be saved at exit, or that they were lost.
    exit_report: Option<ExitReport>,
    /// How many distinct save problems the player has been shown.
    alerted: usize,
    /// Whether the game kept is another window's: nothing of it is saved here.
    elsewhere: bool,
    /// Whether another window just took the game over (the player is told once).
    lost: bool,
}

impl Autosave {
    /// Saves games in `store`; `resumed` is the saved game the screen starts with.
    pub fn new(store: SaveStore, resumed: Option<&SavedGame>) -> Autosave {
        let saver = Saver::spawn(store.clone());
        let mut autosave = Autosave {
            store,
            kept: None,
            saved: None,
            journaled: Duration::ZERO,
            clock_ran_on: None,
            saver,
            keeper: Keeper::default(),
            unsaved: None,
            exit_report: None,
            alerted: 0,
            elsewhere: false,
            lost: false,
        };
        if let Some(game) = resumed {
            autosave.adopt(game);
        }
        autosave
    }

    /// Keeps the saved game `game` from now on; if another termdoku is playing it, it is kept
    /// read-only here (nothing saved, no copy made) until [`Autosave::take_over`].
    pub fn adopt(&mut self, game: &SavedGame) {
        let kept = Kept {
            id: game.id.clone(),
            started_at: game.started_at,
            puzzle: game.puzzle.clone(),
            finished: false,
        };
        self.elsewhere = self.keeper.adopt(&self.store, game).is_err();
        self.lost = false;
        self.kept = Some(kept);
        self.saved = None;
    }

    /// Whether the game kept is open in another window (so it is not saved here).
    pub fn open_elsewhere(&self) -> bool {
        self.elsewhere
    }

    /// Takes the game kept over from the window playing it: asks it to let go, waits for its journal
    /// (at most [`TAKEOVER_PATIENCE`]), and loads the game as that window left it.
    pub fn take_over(&mut self) -> Result<SavedGame, String> {
        let Some(id) = self.kept.as_ref().map(|k| k.id.clone()) else {
            return Err("there is no saved game to take over".into());
        };
        let request = self.store.takeover_path(&id);
        takeover::request(&request).map_err(|e| format!("could not write {}: {e}", request.display()))?;
        let journal = self.store.journal_path(&id);
        let deadline = Instant::now() + TAKEOVER_PATIENCE;
        let writer = loop {
            match JournalWriter::open(&journal) {
                Ok(writer) => break writer,
                Err(OpenError::InUse) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(50));
                }
                Err(OpenError::InUse) => {
                    takeover::withdraw(&request);
                    return Err(format!(
                        "the other window did not let the game go within {} s (is it stopped?)",
                        TAKEOVER_PATIENCE.as_secs()
                    ));
                }
                Err(OpenError::Io(error)) => {
                    takeover::withdraw(&request);
                    return Err(format!("could not open {}: {error}", journal.display()));
                }
            }
        };
        takeover::withdraw(&request);
        let game = self.store.load(&id).map_err(|damaged| damaged.to_string())?;
        self.keeper.adopt_locked(writer, &game);
        self.elsewhere = false;
        self.saved = None;
        self.unsaved = None;
        Ok(game)
    }

    /// Whether another window asked for the game kept; if so this window stops saving it now (its
    /// last saves written, its journal let go) and the player will be told.
    fn lost_to_another(&mut self) -> bool {
        let Some(kept) = &self.kept else { return false };
        if self.elsewhere
            || kept.finished
            || !takeover::requested_by_another(&self.store.takeover_path(&kept.id))
        {
            return false;
        }
        self.saver.flush();
        self.keeper.close(false);
        self.elsewhere = true;
        self.lost = true;
        self.unsaved = None;
        self.clock_ran_on = None;
        true
    }

    /// Whether the game's latest moves are not on disk (saves are failing); the reason.
    pub fn not_saved(&self) -> Option<&str> {
        self.unsaved.as_ref().map(|(reason, _)| reason.as_str())
    }

    /// What became of the game's moves at exit when they could not be saved (`None`: all saved).
    pub fn exit_report(&self) -> Option<&ExitReport> {
        self.exit_report.as_ref()
    }

    /// Problems met while saving, each once (shown after the terminal is restored).
    pub fn errors(&self) -> Vec<String> {
        self.saver.errors()
    }

    /// The id of the game the host keeps now (for tests and the continue list).
    pub fn kept_id(&self) -> Option<&str> {
        self.kept.as_ref().map(|k| k.id.as_str())
    }

    /// Makes sure the game on screen is the one kept: a new puzzle is a new game, and so is the same
    /// puzzle started afresh (its clock went back).
    fn follow(&mut self, app: &App) -> &mut Kept {
        let puzzle = app.game.puzzle();
        let restarted = self.saved.as_ref().is_some_and(|(_, elapsed)| app.game.elapsed < *elapsed);
        if restarted || self.kept.as_ref().is_none_or(|k| &k.puzzle != puzzle) {
            self.save_clock_that_ran_on();
            let puzzle = puzzle.clone();
            self.keeper.start_new();
            self.unsaved = None;
            self.elsewhere = false;
            let fresh = SavedGame::new(puzzle.clone(), app.game.level());
            self.kept = Some(Kept { id: fresh.id, started_at: fresh.started_at, puzzle, finished: false });
            self.saved = None;
        }
        self.kept.as_mut().expect("just set")
    }

    fn save_now(&mut self, app: &App) {
        let Some(kept) = self.kept.clone() else { return };
        let mut game = saved_game(app, &kept);
        self.journal(&mut game);
        self.saver.send(SaveJob::Save(Box::new(game)));
        self.saved = Some((fingerprint(app), app.game.elapsed));
        self.journaled = app.game.elapsed;
        self.clock_ran_on = None;
    }

    /// Writes the clock, which alone ran on, to the journal when the second on screen changed (one
    /// short line; the save itself is rewritten only every [`CLOCK_SAVE_INTERVAL`]).
    fn journal_clock(&mut self, app: &App) {
        if app.game.elapsed.as_secs() <= self.journaled.as_secs() {
            return;
        }
        let Some(kept) = self.kept.clone() else { return };
        let mut game = saved_game(app, &kept);
        self.journal(&mut game);
        self.journaled = app.game.elapsed;
    }

    /// Writes `game`'s change to its journal, noting a failure (the game is then marked not saved and
    /// tried again).
    fn journal(&mut self, game: &mut SavedGame) {
        match self.keeper.record(&self.store, game, &self.saver) {
            Ok(()) => self.unsaved = None,
            Err(error) => {
                self.saver.note(could_not_save(self.store.saves_dir(), &error));
                self.unsaved = Some((error.to_string(), Instant::now()));
            }
        }
    }

    /// Saves the kept game's last observed clock, if it ran on since the last save.
    pub fn save_clock_that_ran_on(&mut self) {
        if self.lost_to_another() || self.elsewhere {
            return;
        }
        if let Some(mut game) = self.clock_ran_on.take() {
            game.journal_seq = self.keeper.seq();
            self.saver.send(SaveJob::Save(game));
        }
    }

    /// At exit, when the moves could not be saved: writes the game elsewhere and says where.
    fn rescue(&mut self, app: &App, reason: String) {
        let Some(kept) = self.kept.clone() else { return };
        let mut game = saved_game(app, &kept);
        let name = format!("termdoku-unsaved-{}.toml", game.id);
        let mut places: Vec<PathBuf> = vec![std::env::temp_dir().join(&name)];
        places.extend(std::env::current_dir().ok().map(|d| d.join(&name)));
        game.journal_seq = 0;
        let text = game.to_toml();
        let written =
            places.into_iter().find(|p| crate::profile::atomic::write_atomically(p, text.as_bytes()).is_ok());
        self.exit_report =
            Some(ExitReport { reason, saves_dir: self.store.saves_dir().to_path_buf(), written });
    }

    /// Saves what changed in the game on screen since the last save (a new puzzle on screen is a
    /// new game; a won game goes to the history, unless it was full before any move; a clock that alone ran on is saved every
    /// [`CLOCK_SAVE_INTERVAL`]; while saves fail they are tried again every [`RETRY_INTERVAL`]).
    pub fn observe(&mut self, app: &App) {
        if self.follow(app).finished || self.lost_to_another() || self.elsewhere {
            return;
        }
        let kept = self.kept.as_mut().expect("followed above");
        if app.game.is_won() {
            kept.finished = true;
            let kept = kept.clone();
            if self.saved.is_none() && !worth_keeping(&app.game) {
                // Full before any move (`play --puzzle` of a solved grid): nothing was played, so
                // nothing is won: no save, no history, no best time.
                return;
            }
            let mut game = saved_game(app, &kept);
            self.journal(&mut game);
            let outcome = if app.game.revealed { Outcome::Revealed } else { Outcome::Solved };
            self.saver.send(SaveJob::Finish(Box::new(game), outcome));
            self.clock_ran_on = None;
            return;
        }
        let print = fingerprint(app);
        if self.unsaved.as_ref().is_some_and(|(_, at)| at.elapsed() >= RETRY_INTERVAL) {
            self.save_now(app);
            return;
        }
        match &self.saved {
            Some((saved, _)) if *saved != print => self.save_now(app),
            Some((_, elapsed)) if app.game.elapsed.saturating_sub(*elapsed) >= CLOCK_SAVE_INTERVAL => {
                self.save_now(app);
            }
            Some((_, elapsed)) if app.game.elapsed > *elapsed => {
                let kept = self.kept.as_ref().expect("followed above");
                self.clock_ran_on = Some(Box::new(saved_game(app, kept)));
                self.journal_clock(app);
            }
            Some(_) => {}
            None if worth_keeping(&app.game) => self.save_now(app),
            None => {}
        }
    }

    /// The save problems not shown to the player yet, as a text for the screen; or that another
    /// window took the game over (checked here too, so that an idle window lets go at once).
    pub fn alert(&mut self) -> Option<Event> {
        self.lost_to_another();
        if std::mem::take(&mut self.lost) {
            return Some(Event::LostGame);
        }
        let errors = self.saver.errors();
        if errors.len() <= self.alerted {
            return None;
        }
        self.alerted = errors.len();
        let mut lines = errors;
        lines.push("The game goes on, marked \"not saved\" while saves fail, and tries again.".into());
        Some(Event::Info { title: "Game not saved".into(), lines })
    }

    /// At exit, saves the game on screen if it changed since its last save.
    pub fn last_save(&mut self, app: &App) {
        if self.follow(app).finished || self.lost_to_another() || self.elsewhere {
            return;
        }
        if self.saved.is_some() || worth_keeping(&app.game) {
            self.save_now(app);
        }
    }

    /// At exit, after [`Autosave::last_save`]: waits for the saves, closes the journal, and when the
    /// moves could not be saved writes the game elsewhere and says where ([`Autosave::exit_report`]).
    pub fn close(&mut self, app: &App) {
        self.saver.flush();
        let kept_id = self.kept.as_ref().map(|k| k.id.clone()).unwrap_or_default();
        match self.unsaved.take() {
            Some((reason, _)) if !self.kept.as_ref().is_some_and(|k| k.finished) => {
                self.keeper.close(false);
                self.rescue(app, reason);
            }
            _ => {
                let done = self.saver.snapshot_includes(&kept_id, self.keeper.seq());
                self.keeper.close(done);
            }
        }
    }

    /// `NOT SAVED` while the game's moves are not on disk, `READ-ONLY` while another window has it.
    pub fn status_mark(&self) -> Option<String> {
        if self.elsewhere {
            return Some("READ-ONLY".to_string());
        }
        self.unsaved.as_ref().map(|_| "NOT SAVED".to_string())
    }

    /// Waits until every save sent is written.
    pub fn flush(&self) {
        self.saver.flush();
    }
}

/// What became of a game whose moves could not be saved at exit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExitReport {
    /// Why the saves failed.
    pub reason: String,
    /// Where the game should have been saved.
    pub saves_dir: PathBuf,
    /// Where it was written instead (`None`: nowhere; its last moves are lost).
    pub written: Option<PathBuf>,
}

impl std::fmt::Display for ExitReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the game could not be saved in {} ({})", self.saves_dir.display(), self.reason)?;
        match &self.written {
            Some(path) => write!(
                f,
                "; it was written to {} instead: move that file into {} to continue it",
                path.display(),
                self.saves_dir.display()
            ),
            None => write!(f, "; it could not be written anywhere else either: its last moves are lost"),
        }
    }
}

/// Whether a game nobody touched yet is worth a save file.
fn worth_keeping(game: &Game) -> bool {
    let progress = game.progress();
    !progress.undo.is_empty() || !progress.redo.is_empty() || game.hints_used > 0
}

fn fingerprint(app: &App) -> Fingerprint {
    let progress = app.game.progress();
    Fingerprint {
        state: progress.state,
        undo: progress.undo.len(),
        redo: progress.redo.len(),
        hints_used: progress.hints_used,
        mistakes: progress.mistakes,
        counted: progress.counted,
        cursor: app.cursor,
        pencil: app.pencil,
    }
}

/// The save of the game on screen.
fn saved_game(app: &App, kept: &Kept) -> SavedGame {
    SavedGame {
        pencil: app.pencil,
        ..SavedGame::from_game(&app.game, kept.id.clone(), kept.started_at, app.cursor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::logic::Level;
    use crate::profile::{Environment, Overrides, Session};
    use crate::tui::keymap::parse_key_string;

    const PUZZLE: &str = "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

    #[test]
    fn what_the_screen_shows_is_on_disk_after_every_key() {
        let dir = tempfile::tempdir().expect("temp dir");
        let overrides =
            Overrides { config: None, profile_dir: Some(dir.path().to_path_buf()), profile: None };
        let env = Environment { config: Some(dir.path().join("absent.toml").into()), data_dir: None };
        let session = Session::open(&overrides, &env).expect("session");
        let mut app = App::new(Game::new(PUZZLE.parse().expect("puzzle"), Some(Level::Easy)), 1);
        let mut host = Autosave::new(session.saves(), None);
        // The snapshots go nowhere (their writer is blocked by a file where its folder should be): what
        // is on disk after each key is there because the game wrote it before drawing.
        let blocker = dir.path().join("blocker");
        std::fs::write(&blocker, "in the way").expect("write");
        host.saver = Saver::spawn(SaveStore::new(&crate::profile::ProfileDirs::new(
            &blocker,
            crate::profile::ProfileName::default(),
        )));
        // Fill every cell (wrongly), then overwrite, undo and redo: every state must load back.
        let mut keys = String::new();
        for i in 0..120 {
            keys.push_str(&format!("<tab>{}", i % 8 + 1));
            if i % 17 == 0 {
                keys.push_str("uu<ctrl-r>");
            }
        }
        for key in parse_key_string(&keys).expect("keys") {
            let effects = app.update(Event::Key(app.keymap.read(&key)));
            host.observe(&app);
            drop(effects);
            if !worth_keeping(&app.game) {
                continue;
            }
            let id = host.kept_id().expect("kept").to_string();
            let on_disk = session.saves().load(&id).expect("on disk");
            assert_eq!(on_disk.board, app.game.progress().state, "after {key:?}");
            assert_eq!(on_disk.undo.len(), app.game.progress().undo.len(), "after {key:?}");
            assert_eq!(on_disk.cursor, app.cursor, "after {key:?}");
        }
        let id = host.kept_id().expect("kept");
        assert!(
            !session.saves().save_path(id).exists(),
            "the journal alone held the game (and it is in use)"
        );
    }
}
