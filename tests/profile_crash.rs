//! A crash test: a child process saving its game as fast as it can (a move, a save, a move, ...) is
//! killed with SIGKILL at random moments; the saves on disk must always load, and resuming must lose at
//! most the move in flight.
//!
//! This file has its own `main` (`harness = false`): run with `--child-saving-into DIR` it is the child.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use termdoku::engine::logic::Level;
use termdoku::engine::{Cell, Digit, DigitSet, Puzzle};
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
        return;
    }
    sigkill_during_rapid_saves_never_breaks_a_save();
    println!("test sigkill_during_rapid_saves_never_breaks_a_save ... ok");
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
