//! End to end: the real binary in a pseudo-terminal (no tty is needed, so it runs in CI). It plays a
//! few keys, reads the screen through a terminal emulator (vt100), quits, and checks the terminal
//! was given back as it was found: alternate screen left, cursor shown, mouse and bracketed paste
//! off, raw mode off.
#![cfg(unix)]

use std::io::{Read, Write};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};
use ratatui::layout::Rect;
use termdoku::engine::Digit;
use termdoku::tui::layout::Screen;
use termdoku::tui::widgets::board::glyph;

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const ROWS: u16 = 40;
const COLS: u16 = 100;
const PATIENCE: Duration = Duration::from_secs(20);

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

fn nonzero(n: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(n).expect("not zero")
}

/// The game running in a pty, with the emulator that reads its output.
struct Session {
    master: Box<dyn MasterPty + Send>,
    child: Box<dyn Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    output: Receiver<Vec<u8>>,
    parser: vt100::Parser,
    /// The profile directory and configuration of this run, so the test never touches the real home.
    _home: tempfile::TempDir,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let pair = native_pty_system()
            .openpty(PtySize { rows: ROWS, cols: COLS, pixel_width: 0, pixel_height: 0 })
            .expect("a pty");
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_termdoku"));
        command.args(args);
        command.env("TERM", "xterm-256color");
        command.env_remove("NO_COLOR");
        let home = tempfile::tempdir().expect("a temporary profile");
        command.env("TERMDOKU_DATA_DIR", home.path().join("data"));
        command.env("TERMDOKU_CONFIG", home.path().join("config.toml"));
        let child = pair.slave.spawn_command(command).expect("the game starts");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().expect("a reader");
        let writer = pair.master.take_writer().expect("a writer");
        let (sender, output) = mpsc::channel();
        thread::spawn(move || {
            let mut chunk = [0u8; 8192];
            loop {
                match reader.read(&mut chunk) {
                    Ok(0) | Err(_) => return,
                    Ok(n) => {
                        if sender.send(chunk[..n].to_vec()).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Session {
            master: pair.master,
            child,
            writer,
            output,
            parser: vt100::Parser::new(nonzero(ROWS), nonzero(COLS), 0),
            _home: home,
        }
    }

    fn screen(&self) -> &vt100::Screen {
        self.parser.screen()
    }

    /// Reads output until `done` holds for the screen, or fails after [`PATIENCE`].
    fn wait_for(&mut self, what: &str, done: impl Fn(&vt100::Screen) -> bool) {
        let deadline = Instant::now() + PATIENCE;
        while !done(self.parser.screen()) {
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(!left.is_zero(), "timed out waiting for {what}; screen:\n{}", self.screen().contents());
            if let Ok(bytes) = self.output.recv_timeout(left.min(Duration::from_millis(100))) {
                self.parser.process(&bytes);
            }
        }
    }

    fn wait_for_text(&mut self, text: &str) {
        self.wait_for(text, |screen| screen.contents().contains(text));
    }

    fn send(&mut self, bytes: &str) {
        self.writer.write_all(bytes.as_bytes()).expect("keys are sent");
        self.writer.flush().expect("keys are flushed");
    }

    /// Whether the pty is in canonical (cooked) mode, i.e. not raw.
    fn canonical(&self) -> bool {
        let termios = self.master.get_termios().expect("termios of the pty");
        format!("{:?}", termios.local_flags).contains("ICANON")
    }

    /// Waits for the game to exit, drains its last output, and returns whether it exited cleanly.
    fn wait_exit(&mut self) -> bool {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("child status") {
                while let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(200)) {
                    self.parser.process(&bytes);
                }
                return status.success();
            }
            assert!(
                Instant::now() < deadline,
                "the game did not exit; screen:\n{}",
                self.screen().contents()
            );
            if let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(50)) {
                self.parser.process(&bytes);
            }
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[test]
fn plays_keys_quits_and_restores_the_terminal() {
    let started = Instant::now();
    let mut game = Session::start(&["play", "--puzzle", PUZZLE]);
    game.wait_for_text("Mistakes");
    // The budget is 100 ms on a developer machine; a loaded CI machine gets slack.
    let first_frame = started.elapsed();
    eprintln!("first frame after {first_frame:?}");
    assert!(first_frame < Duration::from_secs(5), "first frame after {first_frame:?}");
    assert!(game.screen().alternate_screen(), "the game draws on the alternate screen");
    assert!(game.screen().hide_cursor());
    assert!(!game.canonical(), "raw mode while playing");
    assert_eq!(cell(game.screen(), 1, 1), big(5, true), "r1c1 shows the given 5, large");
    assert_eq!(cell(game.screen(), 1, 3), EMPTY);

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
fn a_resize_redraws_the_compact_board() {
    let mut game = Session::start(&["play", "--puzzle", PUZZLE]);
    game.wait_for_text("Mistakes");
    game.master.resize(PtySize { rows: 24, cols: 80, pixel_width: 0, pixel_height: 0 }).expect("resize");
    game.parser.set_size(nonzero(24), nonzero(80));
    game.wait_for("the compact board", |s| s.contents().contains("1 ┃ 5  3  · ┃"));
    game.send("q");
    assert!(game.wait_exit());
    assert!(!game.screen().alternate_screen());
}

#[test]
fn a_bad_puzzle_is_an_error_before_the_terminal_is_touched() {
    let mut game = Session::start(&["play", "--puzzle", "123"]);
    assert!(!game.wait_exit(), "a bad puzzle fails");
    assert!(game.screen().contents().contains("error"), "screen: {}", game.screen().contents());
    assert!(!game.screen().alternate_screen());
    assert!(game.canonical());
}
