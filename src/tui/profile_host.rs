//! [`ProfileHost`]: the profile keeping the game. It saves the game after every change and on quit,
//! on a saver thread so the screen never waits for the disk (debounced: of the saves waiting for the
//! disk only the newest is written, so a burst of keys costs one write and a kill loses at most the
//! move in flight), tells the player at once when a save fails, moves a finished game to the history,
//! answers the statistics and continue screens, hands out ready puzzles from the library and refills
//! it in the background.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::engine::Variant;
use crate::engine::logic::Level;
use crate::engine::{ByCell, Cell, DigitSet, Puzzle, Symmetry};
use crate::game::{BoardState, Game};
use crate::play::saved_game_line;
use crate::profile::Session;
use crate::profile::saves::{Outcome, SaveStore, SavedGame};
use crate::profile::stats::Stats;
use crate::profile::time::Timestamp;

use super::app::App;
use super::dialogs::continue_game::SavedSummary;
use super::effect::Effect;
use super::event::Event;
use super::host::Host;
use super::keeper::Keeper;
use super::refill::ReadyPuzzles;
use super::saver::{SaveJob, Saver};

/// A game whose only change is the clock is saved this often.
const CLOCK_SAVE_INTERVAL: Duration = Duration::from_secs(15);
/// While saves fail, the game tries again this often.
const RETRY_INTERVAL: Duration = Duration::from_secs(2);

/// The game being kept: which save file it goes to.
#[derive(Clone, Debug)]
struct Kept {
    id: String,
    started_at: Timestamp,
    puzzle: Puzzle,
    finished: bool,
}

/// What changes a save: the board, its history, the counters, which entries were counted as
/// mistakes and the cursor (not the clock).
#[derive(Clone, PartialEq, Eq, Debug)]
struct Fingerprint {
    state: BoardState,
    undo: usize,
    redo: usize,
    hints_used: u32,
    mistakes: u32,
    counted: Option<ByCell<DigitSet>>,
    cursor: Cell,
}

/// The profile as the game's [`Host`].
pub struct ProfileHost {
    store: SaveStore,
    kept: Option<Kept>,
    saved: Option<(Fingerprint, Duration)>,
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
    ready: ReadyPuzzles,
    symmetry: Symmetry,
    /// How many distinct save problems the player has been shown.
    alerted: usize,
}

impl ProfileHost {
    /// A host keeping games in `session`'s profile; `resumed` is the saved game the app starts with.
    pub fn new(session: &Session, resumed: Option<&SavedGame>, seed: u64) -> ProfileHost {
        let store = session.saves();
        let kept = resumed.map(|game| Kept {
            id: game.id.clone(),
            started_at: game.started_at,
            puzzle: game.puzzle.clone(),
            finished: false,
        });
        let saver = Saver::spawn(store.clone());
        let mut host = ProfileHost {
            saver,
            keeper: Keeper::default(),
            unsaved: None,
            exit_report: None,
            store,
            kept,
            saved: None,
            clock_ran_on: None,
            ready: ReadyPuzzles::new(
                session.library(),
                session.config.generator.ready_puzzles as usize,
                session.config.generator.symmetry,
                seed,
            ),
            symmetry: session.config.generator.symmetry,
            alerted: 0,
        };
        if let Some(game) = resumed {
            host.adopt(game);
        }
        host
    }

    /// Keeps the saved game `game` from now on; if another termdoku is playing it, this one's moves
    /// go to a new save, and the player is told.
    fn adopt(&mut self, game: &SavedGame) {
        let mut kept = Kept {
            id: game.id.clone(),
            started_at: game.started_at,
            puzzle: game.puzzle.clone(),
            finished: false,
        };
        if self.keeper.adopt(&self.store, game).is_err() {
            let fresh = SavedGame::new(game.puzzle.clone(), game.level).id;
            self.saver.note(format!(
                "game {} is open in another termdoku: this one's moves are saved apart as {fresh}",
                game.id
            ));
            kept.id = fresh;
            self.keeper.start_new();
        }
        self.kept = Some(kept);
        self.saved = None;
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

    /// Starts refilling the library in the background, if it is not already.
    pub fn refill_library(&mut self) {
        self.ready.refill();
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
        self.clock_ran_on = None;
    }

    /// Writes `game`'s change to its journal, noting a failure (the game is then marked not saved and
    /// tried again).
    fn journal(&mut self, game: &mut SavedGame) {
        match self.keeper.record(&self.store, game, &self.saver) {
            Ok(()) => self.unsaved = None,
            Err(error) => {
                self.saver.note(format!("could not save the game: {error}"));
                self.unsaved = Some((error.to_string(), Instant::now()));
            }
        }
    }

    /// Saves the kept game's last observed clock, if it ran on since the last save.
    fn save_clock_that_ran_on(&mut self) {
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
}

impl Host for ProfileHost {
    fn observe(&mut self, app: &App) {
        let kept = self.follow(app);
        if kept.finished {
            return;
        }
        if app.game.is_won() {
            kept.finished = true;
            let mut game = saved_game(app, kept);
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
            }
            Some(_) => {}
            None if worth_keeping(&app.game) => self.save_now(app),
            None => {}
        }
    }

    fn handle(&mut self, effect: &Effect) -> Option<Event> {
        match effect {
            Effect::ShowStats => {
                self.saver.flush();
                let (history, unfinished) = (self.store.history(), self.store.unfinished());
                let stats = Stats::compute(&history.games, &unfinished.games);
                let mut lines = super::stats_lines::stats_lines(&stats);
                lines.extend(
                    history.problems().into_iter().chain(unfinished.problems()).map(|p| format!("! {p}")),
                );
                Some(Event::Info { title: "Statistics".into(), lines })
            }
            Effect::ListSavedGames => {
                self.saver.flush();
                let current = self.kept_id().map(str::to_string);
                let games = self.store.unfinished().games;
                let summaries =
                    games.iter().filter(|g| Some(&g.id) != current.as_ref()).map(summary).collect();
                Some(Event::SavedGames(summaries))
            }
            Effect::Resume { id } => {
                self.save_clock_that_ran_on();
                self.saver.flush();
                match self.store.load(id) {
                    Ok(saved) => {
                        self.adopt(&saved);
                        Some(Event::Resumed { game: Box::new(saved.to_game()), cursor: saved.cursor })
                    }
                    Err(damaged) => {
                        Some(Event::Info { title: "Damaged save".into(), lines: vec![damaged.to_string()] })
                    }
                }
            }
            Effect::DeleteSaved { id } => {
                self.saver.flush();
                let deleted = self.store.discard(id);
                deleted.err().map(|error| Event::Info {
                    title: "Not deleted".into(),
                    lines: vec![format!("The saved game {id} could not be deleted: {error}")],
                })
            }
            _ => None,
        }
    }

    fn symmetry(&self) -> Symmetry {
        self.symmetry
    }

    fn alert(&mut self) -> Option<Event> {
        let errors = self.saver.errors();
        if errors.len() <= self.alerted {
            return None;
        }
        self.alerted = errors.len();
        let mut lines = errors;
        lines.push("The game goes on, marked \"not saved\" while saves fail, and tries again.".into());
        Some(Event::Info { title: "Game not saved".into(), lines })
    }

    fn ready_puzzle(&mut self, id: u64, variant: Variant, level: Level) -> Option<Event> {
        self.ready.take(id, variant, level)
    }

    fn exit(&mut self, app: &App) {
        let kept = self.follow(app);
        if !kept.finished && (self.saved.is_some() || worth_keeping(&app.game)) {
            self.save_now(app);
        }
        self.ready.stop();
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

    fn status_mark(&self) -> Option<String> {
        self.unsaved.as_ref().map(|_| "NOT SAVED".to_string())
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
    }
}

/// The save of the game on screen.
fn saved_game(app: &App, kept: &Kept) -> SavedGame {
    SavedGame::from_game(&app.game, kept.id.clone(), kept.started_at, app.cursor)
}

/// A saved game as the continue screen lists it.
fn summary(game: &SavedGame) -> SavedSummary {
    SavedSummary { id: game.id.clone(), label: saved_game_line(game) }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::engine::GenerateOptions;
    use crate::profile::{Environment, Overrides};
    use crate::tui::keymap::parse_key_string;
    use crate::tui::puzzles::new_puzzle;

    const PUZZLE: &str = "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

    fn session(dir: &std::path::Path) -> Session {
        let overrides = Overrides { config: None, profile_dir: Some(dir.to_path_buf()), profile: None };
        let env = Environment { config: Some(dir.join("absent.toml").into()), data_dir: None };
        Session::open(&overrides, &env).expect("session")
    }

    fn press(app: &mut App, host: &mut ProfileHost, keys: &str) {
        for key in parse_key_string(keys).expect("keys") {
            let effects = app.update(Event::Key(app.keymap.read(&key)));
            host.observe(app);
            for effect in effects {
                if let Some(reply) = host.handle(&effect) {
                    app.update(reply);
                    host.observe(app);
                }
            }
        }
    }

    #[test]
    fn new_puzzles_have_the_configured_symmetry() {
        let dir = tempfile::tempdir().expect("temp dir");
        let config = dir.path().join("config.toml");
        std::fs::write(&config, "[generator]\nsymmetry = \"mirror\"\n").expect("config written");
        let overrides =
            Overrides { config: Some(config), profile_dir: Some(dir.path().to_path_buf()), profile: None };
        let env = Environment { config: None, data_dir: None };
        let session = Session::open(&overrides, &env).expect("session");
        let host = ProfileHost::new(&session, None, 1);
        assert_eq!(host.symmetry(), Symmetry::Mirror);
        let options = GenerateOptions {
            variant: Variant::Classic,
            level: Level::Medium,
            symmetry: host.symmetry(),
            seed: 5,
        };
        let made = new_puzzle(&options, &AtomicBool::new(false)).expect("a puzzle");
        let givens = made.puzzle.givens();
        for cell in Cell::ALL {
            let mirror = Cell::at(cell.row(), 8 - cell.col());
            assert_eq!(givens.get(cell).is_some(), givens.get(mirror).is_some(), "{cell} and {mirror}");
        }
    }

    #[test]
    fn play_quit_and_resume_finds_the_game_as_it_was() {
        let dir = tempfile::tempdir().expect("temp dir");
        let (session, mut app, mut host) = new_game(dir.path());
        press(&mut app, &mut host, "<right><right>4<right>!<down>");
        // A wrong digit in no conflict, counted as a mistake by a check: the save keeps that it
        // was counted (the board alone does not tell). Not a 1 nor in r1c4, to keep that mark.
        let (cell, digit) = crate::game::wrong_digit_without_conflict(&app.game, |cell, digit| {
            digit.get() != 1 && cell != Cell::at(0, 3)
        });
        app.game.enter(cell, digit);
        app.game.check();
        host.observe(&app);
        host.exit(&app);
        drop(host);

        let (latest, damaged) = session.saves().latest_unfinished();
        assert!(damaged.is_empty());
        let saved = latest.expect("the game was saved");
        let resumed = saved.to_game();
        assert!(resumed.progress().counted.is_some_and(|counted| counted[cell].contains(digit)));
        assert_eq!(resumed.progress(), app.game.progress());
        assert_eq!(saved.cursor, app.cursor);
        assert_eq!(resumed.digit(Cell::at(0, 2)).map(|d| d.get()), Some(4));
        assert_eq!(resumed.marks(Cell::at(0, 3)).to_string(), "1");
    }

    #[test]
    fn a_game_the_auto_solver_played_in_stays_revealed_after_a_resume() {
        let dir = tempfile::tempdir().expect("temp dir");
        let (session, mut app, mut host) = new_game(dir.path());
        let puzzle = app.game.puzzle().clone();
        press(&mut app, &mut host, "<right><right>4");
        app.game.revealed = true; // as an auto-solve step sets it
        host.exit(&app);
        drop(host);

        let (latest, _) = session.saves().latest_unfinished();
        let saved = latest.expect("the game was saved");
        let mut app = App::new(saved.to_game(), 1);
        assert!(app.game.revealed, "the save remembers the engine played");
        let mut host = ProfileHost::new(&session, Some(&saved), 1);
        // The player fills the rest by hand.
        for cell in Cell::ALL {
            if let (None, Some(digit)) = (app.game.digit(cell), puzzle.solution().get(cell)) {
                app.game.enter(cell, digit);
            }
        }
        host.observe(&app);
        host.exit(&app);
        let history = session.saves().history().games;
        assert_eq!(history[0].finished.map(|f| f.outcome), Some(Outcome::Revealed));
    }

    #[test]
    fn a_failing_save_is_shown_in_the_game_once_and_listed_once_at_exit() {
        let dir = tempfile::tempdir().expect("temp dir");
        let blocker = dir.path().join("a-file");
        std::fs::write(&blocker, "not a directory").expect("write");
        let overrides = Overrides { config: None, profile_dir: Some(blocker.join("profile")), profile: None };
        let env = Environment { config: Some(dir.path().join("absent.toml").into()), data_dir: None };
        let session = Session::open(&overrides, &env).expect("session");
        let puzzle: Puzzle = PUZZLE.parse().expect("puzzle");
        let mut app = App::new(Game::new(puzzle, Some(Level::Easy)), 1);
        let mut host = ProfileHost::new(&session, None, 1);
        press(&mut app, &mut host, "<right><right>4");
        host.saver.flush();
        let Some(Event::Info { title, lines }) = host.alert() else { panic!("the player is told") };
        assert!(title.contains("not saved"), "{title}");
        assert!(lines.iter().any(|l| l.contains("could not save the game")), "{lines:?}");
        press(&mut app, &mut host, "<right>6<right>7");
        host.saver.flush();
        assert!(host.alert().is_none(), "the same problem is not shown after every move");
        host.exit(&app);
        assert_eq!(host.errors().len(), 1, "{:?}", host.errors());
        // The moves were rescued to the temporary folder: nothing of the test is left there.
        let report = host.exit_report().expect("the moves were not saved");
        let written = report.written.as_ref().expect("written elsewhere");
        std::fs::remove_file(written).expect("clean up the rescued game");
    }

    #[test]
    fn while_saves_fail_the_game_is_marked_and_retried_and_at_exit_it_goes_elsewhere() {
        let dir = tempfile::tempdir().expect("temp dir");
        // A file where the profile folder should be: every save fails, even for root.
        let blocker = dir.path().join("blocker");
        std::fs::write(&blocker, "in the way").expect("write");
        let overrides = Overrides { config: None, profile_dir: Some(blocker.clone()), profile: None };
        let env = Environment { config: Some(dir.path().join("absent.toml").into()), data_dir: None };
        let session = Session::open(&overrides, &env).expect("session");
        let mut app = App::new(Game::new(PUZZLE.parse().expect("puzzle"), Some(Level::Easy)), 1);
        let mut host = ProfileHost::new(&session, None, 1);
        press(&mut app, &mut host, "<right><right>4");
        assert!(host.not_saved().is_some(), "saves fail");
        assert_eq!(host.status_mark().as_deref(), Some("NOT SAVED"));
        // The disk comes back: without a key, the game tries again after a while, and the mark goes.
        std::fs::remove_file(&blocker).expect("unblocked");
        std::thread::sleep(RETRY_INTERVAL);
        host.observe(&app);
        assert_eq!(host.status_mark(), None, "retried");
        let saved = session.saves().load(host.kept_id().expect("kept")).expect("saved");
        assert_eq!(saved.board, app.game.progress().state);
        host.exit(&app);
        assert_eq!(host.exit_report(), None);
        // Blocked from the start to the exit: the game is written elsewhere, and the report says where.
        std::fs::remove_dir_all(&blocker).expect("removed");
        std::fs::write(&blocker, "in the way").expect("write");
        let mut app = App::new(Game::new(PUZZLE.parse().expect("puzzle"), Some(Level::Easy)), 1);
        let mut host = ProfileHost::new(&session, None, 1);
        press(&mut app, &mut host, "<right><right>4<right>6");
        let rescue_dir = std::env::temp_dir();
        host.exit(&app);
        let report = host.exit_report().expect("the moves were not saved").clone();
        let written = report.written.clone().expect("written elsewhere");
        assert!(written.starts_with(&rescue_dir), "{report}");
        assert!(report.to_string().contains(&written.to_string_lossy().to_string()), "{report}");
        let text = std::fs::read_to_string(&written).expect("the rescued game");
        let rescued = SavedGame::from_toml(&text, &written).expect("it loads");
        std::fs::remove_file(&written).expect("clean up");
        assert_eq!(rescued.to_game().progress().state, app.game.progress().state, "every move is in it");
    }

    #[test]
    fn a_second_termdoku_on_the_same_game_never_overwrites_the_first_one_s_moves() {
        let dir = tempfile::tempdir().expect("temp dir");
        let session = session(dir.path());
        let puzzle: Puzzle = PUZZLE.parse().expect("puzzle");
        let mut saved = SavedGame::new(puzzle, Some(Level::Easy));
        saved.undo.push(saved.board);
        saved.board.entries.set(Cell::at(0, 2), crate::engine::Digit::new(4));
        session.saves().save(&mut saved).expect("save");
        // Two games open the same save; the first plays on, the second sits idle and quits last.
        let (mut first, mut first_host) =
            (App::new(saved.to_game(), 1), ProfileHost::new(&session, Some(&saved), 1));
        let (second, mut second_host) =
            (App::new(saved.to_game(), 2), ProfileHost::new(&session, Some(&saved), 2));
        press(&mut first, &mut first_host, "<right><right><right>6");
        first_host.exit(&first);
        second_host.exit(&second);

        let games = session.saves().unfinished().games;
        let first_game = games.iter().find(|g| g.id == saved.id).expect("the first game's save");
        assert_eq!(first_game.to_game().digit(Cell::at(0, 3)).map(|d| d.get()), Some(6), "its move is kept");
        assert_eq!(games.len(), 2, "the second game was saved apart");
        assert!(
            second_host.errors().iter().any(|e| e.contains("another termdoku")),
            "{:?}",
            second_host.errors()
        );
    }

    #[test]
    fn what_the_screen_shows_is_on_disk_after_every_key() {
        let dir = tempfile::tempdir().expect("temp dir");
        let (session, mut app, mut host) = new_game(dir.path());
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

    /// A new easy game of `PUZZLE`, kept by a host in a session in `dir`.
    fn new_game(dir: &std::path::Path) -> (Session, App, ProfileHost) {
        let session = session(dir);
        let app = App::new(Game::new(PUZZLE.parse().expect("puzzle"), Some(Level::Easy)), 1);
        let host = ProfileHost::new(&session, None, 1);
        (session, app, host)
    }

    /// A game of `PUZZLE` in a session in `dir`, 30 s played and one digit entered (so it is saved).
    fn one_move_in(dir: &std::path::Path) -> (Session, App, ProfileHost) {
        let (session, mut app, mut host) = new_game(dir);
        app.game.elapsed = Duration::from_secs(30);
        press(&mut app, &mut host, "<right><right>4");
        (session, app, host)
    }

    #[test]
    fn the_same_puzzle_started_again_is_a_new_game() {
        let dir = tempfile::tempdir().expect("temp dir");
        let (session, mut app, mut host) = one_move_in(dir.path());
        let puzzle = app.game.puzzle().clone();
        let first = host.kept_id().map(str::to_string);
        app.start(Game::new(puzzle, Some(Level::Easy)));
        press(&mut app, &mut host, "<right><right><right>6");
        assert_ne!(host.kept_id().map(str::to_string), first);
        host.exit(&app);
        assert_eq!(session.saves().unfinished().games.len(), 2, "both games are kept");
    }

    #[test]
    fn leaving_a_game_for_another_saves_its_clock() {
        let dir = tempfile::tempdir().expect("temp dir");
        let (session, mut app, mut host) = one_move_in(dir.path());
        let first = host.kept_id().map(str::to_string).expect("kept");
        app.game.elapsed = Duration::from_secs(40);
        host.observe(&app);
        app.start(Game::new(PUZZLE.replacen("53", "50", 1).parse().expect("puzzle"), Some(Level::Easy)));
        press(&mut app, &mut host, "<right>");
        host.exit(&app);
        let saved = session.saves().load(&first).expect("the first game is saved");
        assert_eq!(saved.elapsed, Duration::from_secs(40), "the 10 s since its last save are kept");
    }

    #[test]
    fn a_won_game_moves_to_the_history_and_counts_in_the_stats() {
        let dir = tempfile::tempdir().expect("temp dir");
        let (session, mut app, mut host) = new_game(dir.path());
        press(&mut app, &mut host, "4");
        assert!(app.game.fill_solution());
        host.observe(&app);
        let stats = host.handle(&Effect::ShowStats);
        host.exit(&app);
        assert!(session.saves().unfinished().games.is_empty());
        let history = session.saves().history().games;
        assert_eq!(history.len(), 1);
        let Some(Event::Info { lines, .. }) = stats else { panic!("stats shown") };
        assert!(lines.iter().any(|l| l.starts_with("easy")), "{lines:?}");
    }

    #[test]
    fn the_continue_screen_lists_other_games_and_resumes_one() {
        let dir = tempfile::tempdir().expect("temp dir");
        let session = session(dir.path());
        let puzzle: Puzzle = PUZZLE.parse().expect("puzzle");
        let mut other = SavedGame::new(puzzle.clone(), Some(Level::Hard));
        other.id = "other".into();
        other.board.entries.set(Cell::at(0, 2), crate::engine::Digit::new(4));
        session.saves().save(&mut other).expect("save");
        let second: Puzzle = PUZZLE.replacen("53", "50", 1).parse().expect("puzzle");
        let mut app = App::new(Game::new(second, Some(Level::Easy)), 1);
        let mut host = ProfileHost::new(&session, None, 1);
        press(&mut app, &mut host, "C");
        let crate::tui::dialogs::Overlay::Continue { games, .. } = &app.overlay else {
            panic!("continue screen")
        };
        assert_eq!(games.len(), 1);
        assert!(games[0].label.starts_with("hard"), "{}", games[0].label);
        press(&mut app, &mut host, "<enter>");
        assert_eq!(app.game.puzzle(), &puzzle);
        assert_eq!(host.kept_id(), Some("other"));
        assert_eq!(app.game.digit(Cell::at(0, 2)).map(|d| d.get()), Some(4));
    }
}
