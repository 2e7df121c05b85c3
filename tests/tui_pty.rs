//! End to end: the real binary in a pseudo-terminal (no tty is needed, so it runs in CI). It plays a
//! few keys, reads the screen through a terminal emulator (vt100), quits, and checks the terminal
//! was given back as it was found: alternate screen left, cursor shown, mouse and bracketed paste
//! off, raw mode off.
#![cfg(unix)]

mod pty_support;

use std::time::{Duration, Instant};

use pty_support::{COLS, Pty, ROWS};
use ratatui::layout::Rect;
use termdoku::engine::Digit;
use termdoku::tui::layout::Screen;
use termdoku::tui::widgets::board::glyph;

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// An empty cell's inside, rows joined by `/`.
const EMPTY: &str = "     /     /     ";

/// Where the inside of cell r`row`c`col` (one-based) starts on the 100x40 screen: (column, row).
fn cell_origin(row: usize, col: usize) -> (u16, u16) {
    let Screen::Game { size, board, .. } = Screen::plan(Rect::new(0, 0, COLS, ROWS)) else {
        panic!("the full board fits {COLS}x{ROWS}");
    };
    (board.x + 2 + size.cell_x(col - 1), board.y + 1 + size.cell_y(row - 1))
}

/// The inside of cell r`row`c`col` (one-based) as the screen shows it, rows joined by `/`.
fn cell(screen: &vt100::Screen, row: usize, col: usize) -> String {
    let (x, y) = cell_origin(row, col);
    (0..3)
        .map(|dy| {
            (0..5)
                .map(|dx| screen.cell(y + dy, x + dx).map_or(String::new(), |c| c.contents().to_string()))
                .map(|c| if c.is_empty() { " ".to_string() } else { c })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The large digit `n` as a cell shows it.
fn big(n: u8, given: bool) -> String {
    let digit = Digit::new(n).expect("1-9");
    glyph(digit, given).iter().map(|row| format!(" {row} ")).collect::<Vec<_>>().join("/")
}

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
    let screen = game.screen();
    assert!(!screen.alternate_screen(), "alternate screen left");
    assert!(!screen.hide_cursor(), "cursor shown again");
    assert_eq!(screen.mouse_protocol_mode(), vt100::MouseProtocolMode::None, "mouse capture off");
    assert!(!screen.bracketed_paste(), "bracketed paste off");
    assert!(game.canonical(), "raw mode off");
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
