//! A crash test: a child process saving its game as fast as it can (a move, a save, a move, ...) is
//! killed with SIGKILL at random moments; the saves on disk must always load, and resuming must lose at
//! most the move in flight.
//!
//! A second test kills the real binary at random moments of fast play in a pseudo-terminal (at least
//! 200 kills): every move the screen showed before the kill must be in the game loaded afterwards.
//!
//! This file has its own `main` (`harness = false`): run with `--child-saving-into DIR` it is the child.

mod pty_support;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use termdoku::engine::logic::Level;
use termdoku::engine::{Cell, Digit, DigitSet, Puzzle};
use termdoku::game::BoardState;
use termdoku::profile::paths::{ProfileDirs, ProfileName};
use termdoku::profile::saves::{Outcome, SaveStore, SavedGame};

const PUZZLE: &str = "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
const CHILD_FLAG: &str = "--child-saving-into";
/// Games longer than this are finished (moved to the history) and a new one starts.
const MOVES_PER_GAME: usize = 25;

fn store_in(dir: &Path) -> SaveStore {
    SaveStore::new(&ProfileDirs::new(dir, ProfileName::default()))
}

/// The child: resume the latest game (or start one) and play and save forever.
fn child(dir: &Path) -> ! {
    let store = store_in(dir);
    let puzzle: Puzzle = PUZZLE.parse().expect("valid puzzle");
    let (latest, damaged) = store.latest_unfinished();
    assert!(damaged.is_empty(), "damaged saves: {damaged:?}");
    let mut game = latest.unwrap_or_else(|| SavedGame::new(puzzle.clone(), Some(Level::Easy)));
    loop {
        let step = game.undo.len();
        let cell = Cell::ALL[step % 81];
        let digit = Digit::new((step % 9) as u8 + 1).expect("1-9");
        game.undo.push(game.board);
        game.board.marks[cell] = game.board.marks[cell] ^ DigitSet::from(digit);
        game.elapsed += Duration::from_millis(250);
        store.save(&mut game).expect("save");
        if game.undo.len() >= MOVES_PER_GAME {
            store.finish(&game, Outcome::Solved).expect("finish");
            game = SavedGame::new(puzzle.clone(), Some(Level::Easy));
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|a| a == CHILD_FLAG) {
        child(Path::new(&args[at + 1]));
    }
    if args.iter().any(|a| a == "--list") {
        println!("sigkill_during_rapid_saves_never_breaks_a_save: test");
        println!("sigkill_during_fast_play_loses_no_move_the_screen_showed: test");
        return;
    }
    let wanted = |name: &str| args.iter().skip(1).filter(|a| !a.starts_with('-')).all(|f| name.contains(f));
    if wanted("sigkill_during_rapid_saves_never_breaks_a_save") {
        sigkill_during_rapid_saves_never_breaks_a_save();
        println!("test sigkill_during_rapid_saves_never_breaks_a_save ... ok");
    }
    if wanted("sigkill_during_fast_play_loses_no_move_the_screen_showed") {
        sigkill_during_fast_play_loses_no_move_the_screen_showed();
        println!("test sigkill_during_fast_play_loses_no_move_the_screen_showed ... ok");
    }
}

/// How many times the real game is killed.
const KILLS: usize = 200;

/// The digits the screen shows in the cells that are not givens of `puzzle`.
fn entries_on_screen(screen: &vt100::Screen, puzzle: &Puzzle) -> Vec<(Cell, u8)> {
    let mut shown = Vec::new();
    for cell in Cell::ALL {
        if puzzle.givens().get(cell).is_some() {
            continue;
        }
        // A digit in conflict carries a `!` in its corner.
        let inside = pty_support::cell(screen, cell.row() + 1, cell.col() + 1).replace('!', " ");
        if let Some(n) = (1..=9).find(|&n| inside == pty_support::big(n, false)) {
            shown.push((cell, n));
        }
    }
    shown
}

/// The real game in a pty, typing fast (Tab to the next empty cell, a digit, again and again), is
/// killed with SIGKILL at a random moment; the game it resumes must hold every entry the screen showed.
fn sigkill_during_fast_play_loses_no_move_the_screen_showed() {
    let home = tempfile::tempdir().expect("temp dir");
    let store = SaveStore::new(&ProfileDirs::new(home.path().join("data"), ProfileName::default()));
    let puzzle: Puzzle = PUZZLE.parse().expect("valid puzzle");
    let started = Instant::now();
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let (mut acknowledged, mut in_flight_kept) = (0, 0);
    for round in 0..KILLS {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let (latest, damaged) = store.latest_unfinished();
        assert!(damaged.is_empty(), "round {round}: damaged saves {damaged:?}");
        let before = latest.filter(|g| g.empty_cells() > 0);
        if let Some(full) = store.latest_unfinished().0.filter(|g| g.empty_cells() == 0) {
            store.discard(&full.id).expect("a full board is set aside");
        }
        let args: &[&str] = if before.is_some() { &["play"] } else { &["play", "--puzzle", PUZZLE] };
        let mut game = pty_support::Pty::start(home.path(), args);
        game.wait_for_text("Mistakes");
        // Digits 1 to 8 only: the board never holds the whole solution, so the game never ends.
        let keys: String = (0..30).map(|i| format!("\t{}", (seed >> (i % 40)) % 8 + 1)).collect();
        game.send(&keys);
        // Killed after a random pause, or (every other round) the instant a frame arrives.
        if round % 2 == 0 {
            game.pump(Duration::from_millis((seed >> 20) % 25));
        } else {
            game.pump_chunks(4 + (seed >> 20) as usize % 24);
        }
        game.sigkill();
        game.pump(Duration::from_millis(20));
        let shown = entries_on_screen(game.screen(), &puzzle);
        let screen_text = game.screen().contents();
        drop(game);

        let (after, damaged) = store.latest_unfinished();
        assert!(damaged.is_empty(), "round {round}: damaged saves {damaged:?}");
        let Some(after) = after else {
            assert!(shown.is_empty(), "round {round}: the screen showed {shown:?} but no game was saved");
            continue;
        };
        // Every move pushes the board it changed onto the undo history (the test never undoes), so the
        // boards the game went through are its undo history and its board. The screen shows one of
        // them (a frame cut short by the kill differs from the one before in one cell: it shows one of
        // the two); the moves after it were in flight.
        let boards: Vec<&BoardState> = after.undo.iter().chain([&after.board]).collect();
        let shows = |board: &BoardState| {
            shown.iter().all(|(cell, n)| board.entries.get(*cell).map(|d| d.get()) == Some(*n))
        };
        let Some(at) = boards.iter().rposition(|b| shows(b)) else {
            panic!(
                "round {round}: the screen showed {shown:?}, a board the saved game never had; saved {}; screen:\n{screen_text}",
                after.grid().to_line()
            );
        };
        let earlier = before.as_ref().map_or(0, |g| g.undo.len());
        acknowledged += at.saturating_sub(earlier);
        in_flight_kept += boards.len() - 1 - at;
    }
    eprintln!(
        "{KILLS} kills of the real game: {acknowledged} moves acknowledged on screen, none lost, \
         {in_flight_kept} moves in flight kept, {:?}",
        started.elapsed()
    );
    assert!(acknowledged >= KILLS, "too few moves were played to mean anything: {acknowledged}");
}

fn sigkill_during_rapid_saves_never_breaks_a_save() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store_in(dir.path());
    let exe = std::env::current_exe().expect("own path");
    let mut last: Option<SavedGame> = None;
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let started = Instant::now();
    for round in 0..30 {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let mut process = Command::new(&exe)
            .args([CHILD_FLAG, &dir.path().to_string_lossy()])
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the child starts");
        std::thread::sleep(Duration::from_millis(20 + (seed >> 33) % 80));
        process.kill().expect("SIGKILL");
        let status = process.wait().expect("reaped");
        assert!(!status.success(), "round {round}: the child was killed, it did not exit");

        let (latest, damaged) = store.latest_unfinished();
        assert!(damaged.is_empty(), "round {round}: damaged saves {damaged:?}");
        let history = store.history();
        assert!(history.damaged.is_empty(), "round {round}: damaged history {:?}", history.damaged);
        let Some(game) = latest else {
            // Killed right after finishing a game and before the next save: the history has it.
            assert!(!history.games.is_empty() || last.is_none(), "round {round}: the game vanished");
            continue;
        };
        if let Some(previous) = &last
            && previous.id == game.id
        {
            assert!(game.undo.len() >= previous.undo.len(), "round {round}: moves were lost");
            assert_eq!(game.undo[..previous.undo.len()], previous.undo[..], "round {round}: history changed");
        }
        last = Some(game);
    }
    let finished = store.history().games.len();
    let moves = last.map_or(0, |g| g.undo.len()) + finished * MOVES_PER_GAME;
    assert!(moves > 30, "the child saved only {moves} moves in 30 rounds");
    eprintln!("{moves} moves saved over 30 kills, {finished} games finished, {:?}", started.elapsed());
}
