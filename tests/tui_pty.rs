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

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const ROWS: u16 = 40;
const COLS: u16 = 100;
const PATIENCE: Duration = Duration::from_secs(20);

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
    let first_row =
        |screen: &vt100::Screen| screen.rows(0, COLS).find(|row| row.starts_with("1 ┃")).unwrap_or_default();
    assert!(first_row(game.screen()).contains("5  │  3  │     ┃"), "fresh r1: {}", first_row(game.screen()));

    // Right, right, 4: r1c3 gets a 4.
    game.send("\x1b[C\x1b[C4");
    game.wait_for("4 in r1c3", |s| first_row(s).contains("5  │  3  │  4  ┃"));

    // Pencil marks 3 and 5 in r1c4: 3 top-right, 5 in the centre of the mark grid.
    game.send("\x1b[Cp35p");
    game.wait_for("marks in r1c4", |s| first_row(s).contains("│  4  ┃  5  │"));

    // Undo twice removes the marks, then the help overlay opens and closes.
    game.send("uu");
    game.wait_for("marks undone", |s| first_row(s).contains("│  4  ┃     │"));
    game.send("?");
    game.wait_for_text("any key closes");
    game.send("x");
    game.wait_for("help closed", |s| !s.contents().contains("any key closes"));

    // A left click (SGR mouse report, 1-based column;row) on r5c5, then 2: the digit lands there.
    let fifth_row =
        |screen: &vt100::Screen| screen.rows(0, COLS).find(|row| row.starts_with("5 ┃")).unwrap_or_default();
    assert!(fifth_row(game.screen()).contains("8  │     │  3"));
    // r5c5's centre: board at column 0, labels 2 wide, cells 6 apart, centre 3 in: x = 2 + 24 + 3.
    let (x, y) = (2 + 6 * 4 + 3, 1 + 4 * 4 + 2);
    game.send(&format!("\x1b[<0;{};{}M\x1b[<0;{};{}m2", x + 1, y + 1, x + 1, y + 1));
    game.wait_for("2 in r5c5 after a click", |s| fifth_row(s).contains("8  │  2  │  3"));

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
