//! The pseudo-terminal harness the end-to-end tests share: start the real binary in a pty with a
//! temporary profile, read its output on a thread into a vt100 emulator, send keys, wait (with a
//! deadline) for the screen to show something, and wait for the game to exit.
//!
//! Each test binary uses only part of it, hence the `dead_code` allowance.
#![cfg(unix)]
#![allow(dead_code)]

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::path::Path;
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};
use ratatui::layout::Rect;
use termdoku::engine::Digit;
use termdoku::tui::layout::Screen;
use termdoku::tui::widgets::board::glyph;

/// The screen height the game starts with.
pub const ROWS: u16 = 40;
/// The screen width the game starts with.
pub const COLS: u16 = 100;
/// How long a test waits for the game to draw something or to exit.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// The game running in a pty, with the emulator that reads its output.
pub struct Pty {
    master: Box<dyn MasterPty + Send>,
    child: Box<dyn Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    output: Receiver<Vec<u8>>,
    /// The terminal emulator fed with everything the game wrote.
    pub parser: vt100::Parser,
    /// The temporary profile of a run started with [`Pty::start_fresh`], removed when the run ends.
    _home: Option<tempfile::TempDir>,
}

impl Pty {
    /// Starts `termdoku args` with its profile directory and configuration file in `home`.
    pub fn start(home: &Path, args: &[&str]) -> Pty {
        let mut all = vec![env!("CARGO_BIN_EXE_termdoku")];
        all.extend(args);
        Pty::start_program(home, &all)
    }

    /// Starts `program args` (a wrapper that ends by running the game) with the game's profile
    /// directory and configuration file in `home`, and its temporary directory there too.
    pub fn start_program(home: &Path, program_and_args: &[&str]) -> Pty {
        let pair = native_pty_system()
            .openpty(PtySize { rows: ROWS, cols: COLS, pixel_width: 0, pixel_height: 0 })
            .expect("a pty");
        let (program, args) = program_and_args.split_first().expect("a program");
        let mut command = CommandBuilder::new(program);
        command.args(args);
        command.env("TMPDIR", home);
        command.env("TERM", "xterm-256color");
        command.env_remove("NO_COLOR");
        command.env("TERMDOKU_DATA_DIR", home.join("data"));
        // A configuration named by TERMDOKU_CONFIG must exist: an empty one is the defaults.
        let config = home.join("config.toml");
        if !config.exists() {
            std::fs::write(&config, "").expect("an empty configuration");
        }
        command.env("TERMDOKU_CONFIG", config);
        let child = pair.slave.spawn_command(command).expect("the game starts");
        drop(pair.slave);
        let reader = pair.master.try_clone_reader().expect("a reader");
        let writer = pair.master.take_writer().expect("a writer");
        Pty {
            master: pair.master,
            child,
            writer,
            output: read_on_a_thread(reader),
            parser: vt100::Parser::new(nonzero(ROWS), nonzero(COLS), 0),
            _home: None,
        }
    }

    /// Starts `termdoku args` with a fresh temporary profile (no configuration file), so the test
    /// never touches the real home.
    pub fn start_fresh(args: &[&str]) -> Pty {
        let home = tempfile::tempdir().expect("a temporary profile");
        let mut pty = Pty::start(home.path(), args);
        pty._home = Some(home);
        pty
    }

    /// The screen as the emulator shows it now.
    pub fn screen(&self) -> &vt100::Screen {
        self.parser.screen()
    }

    /// Reads output until `done` holds for the screen; fails after [`PATIENCE`], showing the screen.
    pub fn wait_for(&mut self, what: &str, done: impl Fn(&vt100::Screen) -> bool) {
        let deadline = Instant::now() + PATIENCE;
        while !done(self.parser.screen()) {
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(!left.is_zero(), "timed out waiting for {what}; screen:\n{}", self.screen().contents());
            if let Ok(bytes) = self.output.recv_timeout(left.min(Duration::from_millis(100))) {
                self.parser.process(&bytes);
            }
        }
    }

    /// Reads output until the screen contains `text`.
    pub fn wait_for_text(&mut self, text: &str) {
        self.wait_for(text, |screen| screen.contents().contains(text));
    }

    /// Reads whatever the game still draws until it is quiet for a moment.
    pub fn settle(&mut self) {
        while let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(300)) {
            self.parser.process(&bytes);
        }
    }

    /// Types `keys` (raw bytes: escape sequences for arrows, mouse reports, ...).
    pub fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).expect("keys are sent");
        self.writer.flush().expect("keys are flushed");
    }

    /// Resizes the pty and the emulator.
    pub fn resize(&mut self, rows: u16, cols: u16) {
        self.master.resize(PtySize { rows, cols, pixel_width: 0, pixel_height: 0 }).expect("resize");
        self.parser.set_size(nonzero(rows), nonzero(cols));
    }

    /// Whether the pty is in canonical (cooked) mode, i.e. not raw.
    pub fn canonical(&self) -> bool {
        let termios = self.master.get_termios().expect("termios of the pty");
        format!("{:?}", termios.local_flags).contains("ICANON")
    }

    /// Waits for the game to exit, reads its last output, and returns whether it exited cleanly.
    pub fn wait_exit(&mut self) -> bool {
        self.wait_exit_status().success()
    }

    /// Reads what the game wrote so far, waiting at most `wait` for the first bytes.
    pub fn pump(&mut self, wait: Duration) {
        let deadline = Instant::now() + wait;
        while let Ok(bytes) = self.output.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            self.parser.process(&bytes);
        }
    }

    /// Waits for the game to exit, reads its last output, and returns its exit status.
    pub fn wait_exit_status(&mut self) -> portable_pty::ExitStatus {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("child status") {
                while let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(200)) {
                    self.parser.process(&bytes);
                }
                return status;
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

    /// Checks the terminal was given back as it was found: alternate screen left, cursor shown, mouse
    /// capture and bracketed paste off, raw mode off.
    pub fn assert_terminal_restored(&self) {
        let screen = self.screen();
        assert!(!screen.alternate_screen(), "alternate screen left");
        assert!(!screen.hide_cursor(), "cursor shown again");
        assert_eq!(screen.mouse_protocol_mode(), vt100::MouseProtocolMode::None, "mouse capture off");
        assert!(!screen.bracketed_paste(), "bracketed paste off");
        assert!(self.canonical(), "raw mode off");
    }

    /// Sends `signal` (`TERM`, `HUP`, `INT`, `KILL`) to the game.
    pub fn signal(&mut self, signal: &str) {
        let pid = self.child.process_id().expect("a pid");
        let status =
            std::process::Command::new("kill").args([&format!("-{signal}"), &pid.to_string()]).status();
        assert!(status.expect("kill runs").success());
    }

    /// Kills the game with SIGKILL (no chance to save or restore anything) at once, and reaps it.
    pub fn sigkill(&mut self) {
        let pid = self.child.process_id().and_then(|p| rustix::process::Pid::from_raw(p as i32));
        rustix::process::kill_process(pid.expect("a pid"), rustix::process::Signal::KILL).expect("SIGKILL");
        let _ = self.child.wait();
    }

    /// Reads `chunks` pieces of output as they come (at most [`PATIENCE`] in all); false if fewer came.
    pub fn pump_chunks(&mut self, chunks: usize) -> bool {
        let deadline = Instant::now() + PATIENCE;
        for _ in 0..chunks {
            match self.output.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(bytes) => self.parser.process(&bytes),
                Err(_) => return false,
            }
        }
        true
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// An empty cell's inside, rows joined by `/`.
pub const EMPTY: &str = "     /     /     ";

/// Where the inside of cell r`row`c`col` (one-based) starts on the 100x40 screen: (column, row).
pub fn cell_origin(row: usize, col: usize) -> (u16, u16) {
    let Screen::Game { size, board, .. } = Screen::plan(Rect::new(0, 0, COLS, ROWS)) else {
        panic!("the full board fits {COLS}x{ROWS}");
    };
    (board.x + 2 + size.cell_x(col - 1), board.y + 1 + size.cell_y(row - 1))
}

/// The inside of cell r`row`c`col` (one-based) as the screen shows it, rows joined by `/`.
pub fn cell(screen: &vt100::Screen, row: usize, col: usize) -> String {
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
pub fn big(n: u8, given: bool) -> String {
    let digit = Digit::new(n).expect("1-9");
    glyph(digit, given).iter().map(|row| format!(" {row} ")).collect::<Vec<_>>().join("/")
}

/// Sends everything `reader` yields, chunk by chunk, until the pty closes.
fn read_on_a_thread(mut reader: Box<dyn Read + Send>) -> Receiver<Vec<u8>> {
    let (sender, output) = mpsc::channel();
    thread::spawn(move || {
        let mut chunk = [0u8; 8192];
        while let Ok(n @ 1..) = reader.read(&mut chunk) {
            if sender.send(chunk[..n].to_vec()).is_err() {
                return;
            }
        }
    });
    output
}

/// `n` as a terminal dimension.
pub fn nonzero(n: u16) -> NonZeroU16 {
    NonZeroU16::new(n).expect("not zero")
}
