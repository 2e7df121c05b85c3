//! The profile keeping the game, driven through the app with key strings: saves after every key,
//! resumes, failing saves, the history and statistics, the continue screen, new puzzles' symmetry.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::*;
use crate::engine::{Cell, GenerateOptions, Puzzle};
use crate::game::Game;
use crate::profile::saves::Outcome;
use crate::profile::{Environment, Overrides};
use crate::tui::autosave::RETRY_INTERVAL;
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
    host.autosave.flush();
    let Some(Event::Info { title, lines }) = host.alert() else { panic!("the player is told") };
    assert!(title.contains("not saved"), "{title}");
    let saves_dir = session.saves().saves_dir().display().to_string();
    assert!(
        lines.iter().any(|l| l.starts_with(&format!("could not save the game in {saves_dir}: "))),
        "{lines:?}"
    );
    press(&mut app, &mut host, "<right>6<right>7");
    host.autosave.flush();
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
    assert!(second_host.open_elsewhere() && !first_host.open_elsewhere());
    press(&mut first, &mut first_host, "<right><right><right>6");
    second_host.observe(&second);
    // The second cannot delete the game the first plays.
    let refused = second_host.handle(&Effect::DeleteSaved { id: saved.id.clone() });
    assert!(matches!(refused, Some(Event::Info { ref title, .. }) if title == "Not deleted"), "{refused:?}");
    first_host.exit(&first);
    second_host.exit(&second);

    let games = session.saves().unfinished().games;
    assert_eq!(
        games.len(),
        1,
        "no copy of the game was made: {:?}",
        games.iter().map(|g| &g.id).collect::<Vec<_>>()
    );
    let first_game = &games[0];
    assert_eq!(first_game.to_game().digit(Cell::at(0, 3)).map(|d| d.get()), Some(6), "its move is kept");
    assert!(second_host.errors().is_empty(), "{:?}", second_host.errors());
}

#[test]
fn a_read_only_game_asks_before_a_key_would_change_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (session, mut app, mut host) = one_move_in(dir.path());
    let saved = session.saves().load(host.kept_id().expect("kept")).expect("saved");
    let mut second = App::new(saved.to_game(), 2);
    let mut second_host = ProfileHost::new(&session, Some(&saved), 2);
    second.read_only = second_host.open_elsewhere();
    second.cursor = saved.cursor;
    press(&mut second, &mut second_host, "<down>5");
    let empty = Cell::at(1, 2);
    assert_eq!(second.overlay, crate::tui::dialogs::Overlay::OpenElsewhere, "the digit asks instead");
    assert_eq!(second.game.digit(empty), None);
    assert_eq!(second_host.status_mark().as_deref(), Some("READ-ONLY"));
    press(&mut second, &mut second_host, "r");
    assert_eq!((second.overlay.clone(), second.cursor), (crate::tui::dialogs::Overlay::None, empty));
    press(&mut app, &mut host, "q");
    host.exit(&app);
    second_host.exit(&second);
    assert_eq!(session.saves().unfinished().games.len(), 1);
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
    let Some(Event::Stats { stats, .. }) = stats else { panic!("stats shown") };
    let easy = &stats.levels[&crate::profile::stats::LevelKey::of(Some(Level::Easy))];
    assert_eq!((easy.played, easy.revealed), (1, 1), "the solution was filled in: {stats:?}");
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

#[test]
fn a_puzzle_full_from_the_start_is_no_win_and_no_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let session = session(dir.path());
    let solved: Puzzle = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
        .parse()
        .expect("a full grid is a puzzle");
    let mut app = App::new(Game::new(solved, None), 1);
    assert!(app.message.as_deref().is_some_and(|m| m.contains("already full")), "{:?}", app.message);
    let mut host = ProfileHost::new(&session, None, 1);
    host.observe(&app);
    press(&mut app, &mut host, "<right>");
    let stats = host.handle(&Effect::ShowStats);
    host.exit(&app);
    assert!(session.saves().history().games.is_empty(), "no win in the history");
    assert!(session.saves().unfinished().games.is_empty(), "no save either");
    let Some(Event::Stats { stats, .. }) = stats else { panic!("stats shown") };
    assert!(stats.levels.is_empty(), "no best time, nothing played: {stats:?}");
}
