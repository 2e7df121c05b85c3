//! A killer game end to end, with the real binary in a pseudo-terminal and a temporary profile:
//! pick "Killer, easy" in the new-game dialog, place digits, take a hint and apply it, quit (the game
//! is saved), start again and find the killer as it was, cages, sums and digits.
#![cfg(unix)]

mod pty_support;

use pty_support::{COLS, Pty};

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn row(screen: &vt100::Screen, label: char) -> String {
    screen.rows(0, COLS).find(|r| r.starts_with(&format!("{label} "))).unwrap_or_default()
}

#[test]
fn a_killer_from_the_picker_is_played_hinted_saved_and_resumed() {
    let home = tempfile::tempdir().expect("temp home");
    std::fs::write(home.path().join("config.toml"), "[gameplay]\nlarge_digits = false\n").expect("config");
    let mut game = Pty::start(home.path(), &["play", "--puzzle", PUZZLE, "--seed", "3"]);
    game.wait_for("the board", |s| s.contents().contains("Mistakes"));
    // New game: the dialog opens on the level played (easy); → takes its killer twin.
    game.send("N");
    game.wait_for_text("killer easy");
    game.send("\x1b[C\r");
    game.wait_for("the killer board and its cage panel", |s| {
        let text = s.contents();
        text.contains("Cage") && text.contains("Ways") && text.contains("Level  easy")
    });
    // A digit in r1c2 and r2c1 (whatever the cage, the board shows it).
    game.send("\x1b[C7\x1b[B\x1b[D3");
    game.wait_for("the digits", |s| row(s, '1').contains("  7  ") && row(s, '2').contains("  3  "));
    // A hint, up its ladder, applied.
    game.send("n");
    game.wait_for("the hint", |s| s.contents().contains("Hint"));
    game.send("nna");
    game.wait_for("the hint counted", |s| s.contents().contains("Hints 1"));
    game.settle();
    let board = |screen: &vt100::Screen| -> Vec<String> { screen.rows(0, 57).take(38).collect() };
    let before = board(game.screen());
    assert!(before.iter().any(|r| r.contains('┆') || r.contains('┄')), "cage walls drawn");
    game.send("q");
    assert!(game.wait_exit());

    let mut again = Pty::start(home.path(), &[]);
    again.wait_for("the resumed killer", |s| {
        s.contents().contains("Cage") && s.contents().contains("Hints 1")
    });
    again.settle();
    assert_eq!(board(again.screen()), before, "cages, sums, digits and cursor as they were");
    again.send("q");
    assert!(again.wait_exit());
}
