//! End to end: the real binary in a pseudo-terminal (no tty is needed, so it runs in CI). It plays a
//! few keys, reads the screen through a terminal emulator (vt100), quits, and checks the terminal
//! was given back as it was found: alternate screen left, cursor shown, mouse and bracketed paste
//! off, raw mode off.
#![cfg(unix)]

mod pty_support;

use std::time::{Duration, Instant};

use pty_support::{EMPTY, Pty, big, cell, cell_origin};

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn plays_keys_quits_and_restores_the_terminal() {
    let started = Instant::now();
    let mut game = Pty::start_fresh(&["play", "--puzzle", PUZZLE]);
    game.wait_for_text("Mistakes");
    // The budget is 100 ms on a developer machine; a loaded CI machine gets slack.
    let first_frame = started.elapsed();
    eprintln!("first frame after {first_frame:?}");
    assert!(first_frame < Duration::from_secs(5), "first frame after {first_frame:?}");
    assert!(game.screen().alternate_screen(), "the game draws on the alternate screen");
    assert!(game.screen().hide_cursor());
    assert!(!game.canonical(), "raw mode while playing");
    // The first frame may arrive in several reads: wait for the rows under the panel's first lines.
    game.wait_for("r1c1 showing the given 5, large, and r1c3 empty", |s| {
        cell(s, 1, 1) == big(5, true) && cell(s, 1, 3) == EMPTY
    });

    // Right, right, 4: r1c3 gets a 4 (light lines: an entry).
    game.send("\x1b[C\x1b[C4");
    game.wait_for("4 in r1c3", |s| cell(s, 1, 3) == big(4, false));

    // Pencil marks 3 and 5 in r1c4: 3 top-right, 5 in the centre of the mark grid.
    game.send("\x1b[Cp35p");
    game.wait_for("marks in r1c4", |s| cell(s, 1, 4) == "    3/  5  /     ");

    // Undo twice removes the marks, then the help overlay opens and closes.
    game.send("uu");
    game.wait_for("marks undone", |s| cell(s, 1, 4) == EMPTY);
    game.send("?");
    game.wait_for_text("any key closes");
    game.send("x");
    game.wait_for("help closed", |s| !s.contents().contains("any key closes"));

    // A left click (SGR mouse report, 1-based column;row) on r5c5, then 5: the digit lands there.
    assert_eq!(cell(game.screen(), 5, 5), EMPTY);
    let (x, y) = cell_origin(5, 5);
    game.send(&format!("\x1b[<0;{};{}M\x1b[<0;{};{}m5", x + 3, y + 2, x + 3, y + 2));
    game.wait_for("5 in r5c5 after a click", |s| cell(s, 5, 5) == big(5, false));

    game.send("q");
    assert!(game.wait_exit(), "the game exits with success");
    game.assert_terminal_restored();
}

#[test]
fn a_resize_redraws_the_smaller_boards() {
    let mut game = Pty::start_fresh(&["play", "--puzzle", PUZZLE]);
    game.wait_for_text("Mistakes");
    game.resize(24, 80);
    game.wait_for("the two-row board", |s| s.contents().contains("1 ┃  5  │  3  │     ┃     │  7  │"));
    game.resize(22, 70);
    game.wait_for("the compact board", |s| s.contents().contains("1 ┃ 5  3  · ┃"));
    game.send("q");
    assert!(game.wait_exit());
    assert!(!game.screen().alternate_screen());
}

#[test]
fn a_bad_puzzle_is_an_error_before_the_terminal_is_touched() {
    let mut game = Pty::start_fresh(&["play", "--puzzle", "123"]);
    assert!(!game.wait_exit(), "a bad puzzle fails");
    assert!(game.screen().contents().contains("error"), "screen: {}", game.screen().contents());
    assert!(!game.screen().alternate_screen());
    assert!(game.canonical());
}

#[test]
fn the_puzzle_line_is_printed_whole_at_80_columns_and_any_key_returns() {
    let mut game = Pty::start_fresh(&["play", "--puzzle", PUZZLE]);
    game.resize(24, 80);
    game.wait_for_text("Mistakes");
    game.send("e");
    game.wait_for("the lines on the terminal's own screen", |s| {
        !s.alternate_screen() && s.contents().contains("return to the game")
    });
    let screen = game.screen();
    assert_eq!(screen.mouse_protocol_mode(), vt100::MouseProtocolMode::None, "the mouse selects text");
    let text = screen.contents();
    let lines: Vec<&str> = text.lines().collect();
    let after = |title: &str| lines.iter().position(|l| *l == title).map(|i| lines[i + 1]);
    // Wider than the window, each line is one line of the terminal's own (soft-wrapped), so it copies whole.
    assert_eq!(after("Puzzle (givens):"), Some(PUZZLE), "{text}");
    assert_eq!(after("Board now:").map(str::len), Some(81), "{text}");
    game.send("x");
    game.wait_for("the game again", |s| s.alternate_screen() && s.contents().contains("Mistakes"));
    assert_ne!(game.screen().mouse_protocol_mode(), vt100::MouseProtocolMode::None, "mouse capture back");
    game.send("q");
    assert!(game.wait_exit());
    game.assert_terminal_restored();
}
