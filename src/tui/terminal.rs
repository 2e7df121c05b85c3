//! Terminal ownership: raw mode, the alternate screen, mouse capture, bracketed paste and focus
//! reports are entered together and always left together: on a normal exit, on error (the guard's
//! `Drop`) and on panic (a hook that restores the terminal and then chains to the previous hook).
//!
//! A panic on a background thread (the hint worker, the saver, the input reader) while the event loop
//! routes them ([`route_background_panics`]) does not restore the terminal under the running game:
//! the hook sends [`Event::Stopped`] with the panic's message, and the loop ends the game, saving it
//! and restoring the terminal on its usual path before the message is printed.

use std::any::Any;
use std::io::{Stdout, Write, stdout};
use std::panic::{Location, PanicHookInfo};
use std::sync::mpsc::Sender;
use std::sync::{Mutex, Once, PoisonError};
use std::thread::{self, ThreadId};

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{
    DisableBracketedPaste, DisableFocusChange, DisableMouseCapture, EnableBracketedPaste, EnableFocusChange,
    EnableMouseCapture,
};
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::crossterm::{cursor, execute};

use super::app::App;
use super::event::Event;
use super::status_mark::render_status_mark;
use super::view;

/// Where background panics go while a game runs: the event loop's thread and its channel.
static ROUTE: Mutex<Option<(ThreadId, Sender<Event>)>> = Mutex::new(None);

/// While the returned guard lives, a panic on any thread other than this one is sent to `sender` as
/// [`Event::Stopped`] instead of restoring the terminal under the running game.
pub fn route_background_panics(sender: Sender<Event>) -> PanicRoute {
    *ROUTE.lock().unwrap_or_else(PoisonError::into_inner) = Some((thread::current().id(), sender));
    PanicRoute(())
}

/// Routes background panics to the event loop until dropped (see [`route_background_panics`]).
pub struct PanicRoute(());

impl Drop for PanicRoute {
    fn drop(&mut self) {
        *ROUTE.lock().unwrap_or_else(PoisonError::into_inner) = None;
    }
}

/// Sends the panic described by `message` to the event loop when it happened on a background thread
/// while panics are routed; whether it was sent.
fn routed_to_the_loop(message: impl FnOnce() -> String) -> bool {
    // `try_lock`: a panic while the route is being set must not deadlock the hook.
    let Ok(route) = ROUTE.try_lock() else { return false };
    let Some((loop_thread, sender)) = route.as_ref() else { return false };
    let current = thread::current();
    if current.id() == *loop_thread {
        return false;
    }
    let thread =
        current.name().map_or_else(|| "a background thread".to_string(), |n| format!("the {n} thread"));
    sender.send(Event::Stopped(format!("{thread} panicked: {}", message()))).is_ok()
}

/// The terminal while the game owns it.
pub struct Session {
    terminal: Terminal<CrosstermBackend<Stdout>>,
    restored: bool,
    /// Whether lines are printed on the terminal's own screen ([`Session::print_lines`]): nothing
    /// is drawn until [`Session::return_to_screen`].
    printed: bool,
}

impl Session {
    /// Enters raw mode and the alternate screen (installing the panic hook first); refuses a
    /// terminal that cannot draw the game ([`check_terminal`]).
    pub fn start() -> anyhow::Result<Session> {
        check_terminal()?;
        install_panic_hook();
        enable_raw_mode()?;
        let entered = execute!(
            stdout(),
            EnterAlternateScreen,
            EnableMouseCapture,
            EnableBracketedPaste,
            EnableFocusChange,
            cursor::Hide
        );
        if let Err(error) = entered {
            restore();
            return Err(error.into());
        }
        let terminal = match Terminal::new(CrosstermBackend::new(stdout())) {
            Ok(terminal) => terminal,
            Err(error) => {
                restore();
                return Err(error.into());
            }
        };
        Ok(Session { terminal, restored: false, printed: false })
    }

    /// The terminal size (columns, rows).
    pub fn size(&self) -> anyhow::Result<(u16, u16)> {
        let size = self.terminal.size()?;
        Ok((size.width, size.height))
    }

    /// Draws one frame of `app`, with the host's status `mark` (`NOT SAVED`) over the top right corner.
    pub fn draw(&mut self, app: &App, mark: Option<&str>) -> anyhow::Result<()> {
        if self.printed {
            return Ok(());
        }
        self.terminal.draw(|frame| {
            view::draw(app, frame);
            if let Some(mark) = mark {
                let area = frame.area();
                render_status_mark(mark, &app.theme, area, frame.buffer_mut());
            }
        })?;
        Ok(())
    }

    /// Leaves the game's screen for the terminal's own and prints `lines` there (mouse capture off,
    /// so that the mouse selects them; a line wider than the window wraps as the terminal's own text
    /// and copies whole). They stay in the terminal's scrollback after the game.
    pub fn print_lines(&mut self, lines: &[String]) -> anyhow::Result<()> {
        self.printed = true;
        let mut out = stdout();
        execute!(out, DisableMouseCapture, LeaveAlternateScreen, cursor::Show)?;
        // Raw mode: a line end must return the carriage itself.
        let text: String = lines.iter().map(|line| format!("{line}\r\n")).collect();
        out.write_all(text.as_bytes())?;
        out.flush()?;
        Ok(())
    }

    /// Back to the game's screen after [`Session::print_lines`], redrawn whole.
    pub fn return_to_screen(&mut self) -> anyhow::Result<()> {
        if !self.printed {
            return Ok(());
        }
        self.printed = false;
        execute!(stdout(), EnterAlternateScreen, EnableMouseCapture, cursor::Hide)?;
        // Clears the screen and forgets the last frame (`clear` would ask the terminal where its
        // cursor is, and the input thread would read the answer).
        let size = self.terminal.size()?;
        self.terminal.resize(ratatui::layout::Rect::new(0, 0, size.width, size.height))?;
        Ok(())
    }

    /// Leaves the terminal as it was found.
    pub fn finish(mut self) -> anyhow::Result<()> {
        self.restored = true;
        try_restore()?;
        Ok(())
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if !self.restored {
            restore();
        }
    }
}

/// Refuses a terminal that says it cannot move the cursor (`TERM=dumb`, as in an editor's shell or
/// a pipe to a log): the game's screen would arrive there as escape sequences.
pub fn check_terminal() -> anyhow::Result<()> {
    let term = std::env::var_os("TERM");
    if term.as_deref().is_some_and(|t| t == "dumb") {
        anyhow::bail!(
            "the game needs a terminal that can draw a screen, and TERM is `dumb`: run it in a terminal \
             emulator (or set TERM to its type, such as xterm-256color); the subcommands (solve, rate, \
             hint, generate, ...) work anywhere"
        );
    }
    Ok(())
}

fn try_restore() -> std::io::Result<()> {
    let mut out = stdout();
    let left = execute!(
        out,
        DisableFocusChange,
        DisableBracketedPaste,
        DisableMouseCapture,
        LeaveAlternateScreen,
        cursor::Show
    );
    let raw = disable_raw_mode();
    out.flush()?;
    left.and(raw)
}

/// Restores the terminal, reporting (not failing) when it cannot.
fn restore() {
    if let Err(error) = try_restore() {
        eprintln!("failed to restore the terminal: {error}");
    }
}

/// Restores the terminal before any panic message is printed, then runs the previous hook.
fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if routed_to_the_loop(|| panic_message(info)) {
                return;
            }
            let _ = try_restore();
            previous(info);
        }));
    });
}

/// What a panic says and where, on one line: `boom (at src/engine/x.rs:1:2)`. (`info`'s own
/// display starts with `panicked at` and puts the message on a second line.)
fn panic_message(info: &PanicHookInfo<'_>) -> String {
    describe_panic(info.payload(), info.location())
}

/// A panic's `payload` (a string, as `panic!` makes it) and `location`, on one line.
fn describe_panic(payload: &(dyn Any + Send), location: Option<&Location<'_>>) -> String {
    let what = (payload.downcast_ref::<&str>().copied())
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("no message");
    match location {
        Some(at) => format!("{what} (at {at})"),
        None => what.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use super::*;

    fn from_a_thread_named(name: &str) -> bool {
        thread::Builder::new()
            .name(name.into())
            .spawn(|| routed_to_the_loop(|| "boom".into()))
            .expect("thread")
            .join()
            .expect("joined")
    }

    #[test]
    fn background_panics_go_to_the_loop_only_while_routed() {
        let (sender, receiver) = mpsc::channel();
        let route = route_background_panics(sender);
        assert!(!routed_to_the_loop(|| "on the loop".into()), "the loop's own panic restores the terminal");
        assert!(from_a_thread_named("termdoku-worker"));
        let Ok(Event::Stopped(reason)) = receiver.try_recv() else { panic!("a Stopped event") };
        assert_eq!(reason, "the termdoku-worker thread panicked: boom");
        drop(route);
        assert!(!from_a_thread_named("termdoku-worker"), "after the game, panics restore and print");
    }

    #[test]
    fn a_panic_reads_as_its_message_and_place_on_one_line() {
        let at = Location::caller();
        assert_eq!(describe_panic(&"boom", Some(at)), format!("boom (at {at})"));
        assert_eq!(describe_panic(&String::from("index out of range"), None), "index out of range");
        assert_eq!(describe_panic(&42, None), "no message");
    }
}
