//! Saved games on disk: a round trip over random move sequences, and damaged files (cut at every byte,
//! filled with garbage) reported, moved aside and never overwritten, with the next game starting.

use std::fs;
use std::path::Path;
use std::time::Duration;

use proptest::prelude::*;
use termdoku::engine::logic::Level;
use termdoku::engine::{Cell, Digit, DigitSet, Puzzle};
use termdoku::profile::paths::{ProfileDirs, ProfileName};
use termdoku::profile::saves::{Outcome, SaveStore, SavedGame};

const PUZZLE: &str = "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

fn new_game() -> SavedGame {
    let puzzle: Puzzle = PUZZLE.parse().expect("valid puzzle");
    SavedGame::new(puzzle, Some(Level::Medium))
}

fn store_in(dir: &Path) -> SaveStore {
    SaveStore::new(&ProfileDirs::new(dir, ProfileName::default()))
}

/// What a player can do to a game, as the save sees it.
#[derive(Clone, Debug)]
enum Move {
    Place(usize, u8),
    Mark(usize, u8),
    Erase(usize),
    Eliminate(usize, u8),
    Undo,
    Redo,
    Wait(u64),
    Hint,
    /// A mistake counted for the digit in the cell (as a conflict on entry or a check does).
    Mistake(usize, u8),
    Cursor(usize),
}

fn moves() -> impl Strategy<Value = Move> {
    prop_oneof![
        (0..81usize, 1..=9u8).prop_map(|(c, d)| Move::Place(c, d)),
        (0..81usize, 1..=9u8).prop_map(|(c, d)| Move::Mark(c, d)),
        (0..81usize).prop_map(Move::Erase),
        (0..81usize, 1..=9u8).prop_map(|(c, d)| Move::Eliminate(c, d)),
        Just(Move::Undo),
        Just(Move::Redo),
        (0..100_000u64).prop_map(Move::Wait),
        Just(Move::Hint),
        (0..81usize, 1..=9u8).prop_map(|(c, d)| Move::Mistake(c, d)),
        (0..81usize).prop_map(Move::Cursor),
    ]
}

fn digit(d: u8) -> Digit {
    Digit::new(d).expect("1-9")
}

/// Plays `step` the way the game does: an edit records an undo step and clears the redo stack.
fn play(game: &mut SavedGame, step: &Move) {
    let cell_of = |c: usize| Cell::ALL[c];
    let edit = |game: &mut SavedGame, change: &dyn Fn(&mut SavedGame)| {
        let before = game.board;
        change(game);
        if game.board != before {
            game.undo.push(before);
            game.redo.clear();
        }
    };
    match *step {
        Move::Place(c, d) if game.puzzle.givens().get(cell_of(c)).is_none() => {
            edit(game, &|g| g.board.entries.set(cell_of(c), Some(digit(d))));
            // A fresh entry is not counted yet.
            game.counted.get_or_insert_default()[cell_of(c)].remove(digit(d));
        }
        Move::Mark(c, d) => edit(game, &|g| {
            let marks = &mut g.board.marks[cell_of(c)];
            *marks = *marks ^ DigitSet::from(digit(d));
        }),
        Move::Erase(c) => edit(game, &|g| {
            g.board.entries.set(cell_of(c), None);
            g.board.marks[cell_of(c)] = Default::default();
        }),
        Move::Eliminate(c, d) => edit(game, &|g| g.board.eliminations[cell_of(c)].insert(digit(d))),
        Move::Undo => {
            if let Some(previous) = game.undo.pop() {
                game.redo.push(std::mem::replace(&mut game.board, previous));
            }
        }
        Move::Redo => {
            if let Some(next) = game.redo.pop() {
                game.undo.push(std::mem::replace(&mut game.board, next));
            }
        }
        Move::Wait(ms) => game.elapsed += Duration::from_millis(ms),
        Move::Hint => game.hints_used += 1,
        Move::Mistake(c, d) => {
            game.mistakes += 1;
            game.counted.get_or_insert_default()[cell_of(c)].insert(digit(d));
        }
        Move::Cursor(c) => game.cursor = cell_of(c),
        Move::Place(..) => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn any_game_saved_loads_back_equal(steps in prop::collection::vec(moves(), 0..120)) {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = store_in(dir.path());
        let mut game = new_game();
        for step in &steps {
            play(&mut game, step);
        }
        store.save(&mut game).expect("save");
        prop_assert_eq!(store.load(&game.id).expect("loads"), game.clone());
        let (latest, damaged) = store.latest_unfinished();
        prop_assert!(damaged.is_empty());
        prop_assert_eq!(latest, Some(game));
    }
}

/// A save with some history, to damage.
fn played_game() -> SavedGame {
    let mut game = new_game();
    for step in [Move::Place(2, 4), Move::Mark(3, 2), Move::Mark(3, 6), Move::Eliminate(80, 1), Move::Undo] {
        play(&mut game, &step);
    }
    game
}

/// Checks the store reports `file` damaged, moved it to `<name>.corrupt-<time>` with its bytes intact,
/// and (when `then_play`) that a new game can be saved and resumed.
fn assert_reported_and_moved_aside(store: &SaveStore, dir: &Path, id: &str, bytes: &[u8], then_play: bool) {
    let (latest, damaged) = store.latest_unfinished();
    assert_eq!(latest, None);
    assert_eq!(damaged.len(), 1, "one damaged file reported");
    let report = damaged[0].to_string();
    assert!(report.contains(&format!("{id}.toml")), "names the file: {report}");
    let moved = damaged[0].moved_to.clone().expect("moved aside");
    let name = moved.file_name().expect("name").to_string_lossy().into_owned();
    assert!(name.starts_with(&format!("{id}.toml.corrupt-")), "{name}");
    assert_eq!(fs::read(&moved).expect("kept"), bytes, "the damaged bytes are kept as they were");
    assert!(!store.save_path(id).exists());
    fs::remove_file(&moved).expect("clean up");
    if !then_play {
        return;
    }
    let mut next = new_game();
    next.id = format!("{id}-next");
    store.save(&mut next).expect("a new game saves");
    assert_eq!(store.latest_unfinished().0, Some(next.clone()));
    store.discard(&next.id).expect("clean up");
    assert!(fs::read_dir(dir.join("players/default/saves")).expect("dir").next().is_none());
}

#[test]
fn a_save_cut_at_any_byte_is_reported_moved_aside_and_the_game_goes_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store_in(dir.path());
    let mut game = played_game();
    store.save(&mut game).expect("save");
    let full = fs::read(store.save_path(&game.id)).expect("read");
    for cut in 0..full.len() {
        fs::write(store.save_path(&game.id), &full[..cut]).expect("write cut file");
        if cut + 1 == full.len() {
            // Only the final newline is missing: nothing is lost, the game loads.
            assert_eq!(store.load(&game.id), Ok(game.clone()));
            continue;
        }
        assert_reported_and_moved_aside(&store, dir.path(), &game.id, &full[..cut], cut % 64 == 0);
    }
}

#[test]
fn a_save_filled_with_garbage_is_reported_moved_aside_and_the_game_goes_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store_in(dir.path());
    let mut game = played_game();
    store.save(&mut game).expect("save");
    let full = fs::read(store.save_path(&game.id)).expect("read");
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut random = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for round in 0..300 {
        let mut bytes = full.clone();
        match round % 3 {
            // Random bytes over a stretch of the file.
            0 => {
                let start = (random() as usize) % bytes.len();
                let len = 1 + (random() as usize) % 40;
                for byte in bytes.iter_mut().skip(start).take(len) {
                    *byte = random() as u8;
                }
            }
            // One character changed.
            1 => {
                let at = (random() as usize) % bytes.len();
                bytes[at] = if bytes[at] == b'1' { b'2' } else { b'1' };
            }
            // Nothing but garbage.
            _ => bytes = (0..(random() % 3000)).map(|_| random() as u8).collect(),
        }
        if bytes == full {
            continue;
        }
        fs::write(store.save_path(&game.id), &bytes).expect("write garbage");
        assert_reported_and_moved_aside(&store, dir.path(), &game.id, &bytes, round % 16 == 0);
    }
}

#[test]
fn a_damaged_file_is_never_overwritten_by_moving_aside() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store_in(dir.path());
    let game = played_game();
    for round in 0..3 {
        fs::create_dir_all(dir.path().join("players/default/saves")).expect("dir");
        fs::write(store.save_path(&game.id), format!("garbage {round}")).expect("write");
        assert!(store.load(&game.id).is_err());
    }
    let mut kept: Vec<String> = fs::read_dir(dir.path().join("players/default/saves"))
        .expect("dir")
        .map(|e| fs::read_to_string(e.expect("entry").path()).expect("read"))
        .collect();
    kept.sort();
    assert_eq!(kept, ["garbage 0", "garbage 1", "garbage 2"]);
}

#[test]
fn finished_games_move_to_the_history() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store_in(dir.path());
    let mut game = played_game();
    store.save(&mut game).expect("save");
    store.finish(&game, Outcome::Solved).expect("finish");
    assert!(store.unfinished().games.is_empty());
    let history = store.history().games;
    assert_eq!(history.len(), 1);
    assert_eq!(history[0].finished.map(|f| f.outcome), Some(Outcome::Solved));
    assert_eq!((history[0].board, history[0].undo.len()), (game.board, 0));
}

#[test]
fn the_latest_unfinished_game_is_the_one_saved_last() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = store_in(dir.path());
    let mut older = new_game();
    older.id = "b-older".into();
    let mut newer = new_game();
    newer.id = "a-newer".into();
    store.save(&mut older).expect("save");
    store.save(&mut newer).expect("save");
    // Saves within one second tie on `saved_at`; make the order unambiguous.
    older.saved_at.0 -= 10;
    termdoku::profile::atomic::write_atomically(&store.save_path("b-older"), older.to_toml().as_bytes())
        .expect("write");
    assert_eq!(store.latest_unfinished().0.map(|g| g.id), Some("a-newer".to_string()));
    assert_eq!(store.unfinished().games.len(), 2);
}
