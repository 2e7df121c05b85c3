//! The player's notes end to end, with the real binary in a pseudo-terminal and a temporary profile:
//! corner marks, a colour and a struck cage combination, made with their keys, survive SIGKILL in the
//! middle of play and show again after the resume; and they read at 80x24 with and without colour.
#![cfg(unix)]

mod pty_support;

use pty_support::Pty;
use termdoku::engine::{Cell, Digit, DigitSet};
use termdoku::game::Colour;
use termdoku::profile::paths::{ProfileDirs, ProfileName};
use termdoku::profile::saves::SaveStore;

const KILLER: &str = "................................................................................. aabcdeefghhbcdijfgkllmdijjnkommpqqrnsottpuvrwssxxyuvzwAAAByCCzDEEFBGHIDDJJFGGHIII 9,10,10,12,8,17,7,13,12,9,5,12,13,12,10,17,9,7,15,9,8,11,12,16,8,9,15,7,14,15,8,15,14,13,17,7";

fn digits(text: &str) -> DigitSet {
    text.chars().filter_map(Digit::from_char).collect()
}

#[test]
fn corner_marks_colours_and_strikes_survive_sigkill_and_show_after_the_resume() {
    let home = tempfile::tempdir().expect("temp dir");
    let mut game = Pty::start(home.path(), &["play", "--puzzle", KILLER]);
    game.wait_for_text("Mistakes");
    // Corner marks 1 and 3 in r2c2, colour 2 (O) there, then 28 struck in cage 10 (r1c3-r2c3).
    game.send("jlm!#oolX2");
    game.wait_for_text("~28");
    game.sigkill();
    drop(game);

    let store = SaveStore::new(&ProfileDirs::new(home.path().join("data"), ProfileName::default()));
    let (saved, damaged) = store.latest_unfinished();
    assert!(damaged.is_empty(), "{damaged:?}");
    let saved = saved.expect("the game was saved");
    let cell = Cell::at(1, 1);
    assert_eq!(saved.board.corners[cell], digits("13"));
    assert!(saved.board.marks[cell].is_empty(), "the marks went into the corners, not the centre");
    assert_eq!(saved.board.colours[cell], Colour::new(2));
    let back = saved.to_game();
    assert_eq!(back.struck(Cell::at(1, 2)), vec![digits("28")]);

    // Resumed at 80x24: the panel shows the strike, the corner marks and the colour's letter.
    let mut game = Pty::start(home.path(), &["play"]);
    game.resize(24, 80);
    game.wait_for_text("~28");
    game.send("h");
    game.wait_for_text("Corner 1 3");
    let screen = game.screen().contents();
    let row2 = screen.lines().find(|l| l.starts_with("2 ")).expect("row 2");
    let board: String = row2.chars().take(57).collect();
    assert!(board.contains('O'), "the colour's letter in r2c2: {screen}");
}
