//! Terminal ownership: raw mode, the alternate screen, mouse capture and bracketed paste are entered
//! together and always left together: on a normal exit, on error (the guard's `Drop`) and on panic
//! (a hook that restores the terminal and then chains to the previous hook).

use std::io::{Stdout, Write, stdout};
use std::sync::Once;

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::crossterm::{cursor, execute};

use super::app::App;
use super::view;

/// The terminal while the game owns it.
pub struct Session {
    terminal: Terminal<CrosstermBackend<Stdout>>,
    restored: bool,
}

impl Session {
    /// Enters raw mode and the alternate screen (installing the panic hook first).
    pub fn start() -> anyhow::Result<Session> {
        install_panic_hook();
        enable_raw_mode()?;
        let entered =
            execute!(stdout(), EnterAlternateScreen, EnableMouseCapture, EnableBracketedPaste, cursor::Hide);
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
        Ok(Session { terminal, restored: false })
    }

    /// The terminal size (columns, rows).
    pub fn size(&self) -> anyhow::Result<(u16, u16)> {
        let size = self.terminal.size()?;
        Ok((size.width, size.height))
    }

    /// Draws one frame of `app`.
    pub fn draw(&mut self, app: &App) -> anyhow::Result<()> {
        self.terminal.draw(|frame| view::draw(app, frame))?;
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

fn try_restore() -> std::io::Result<()> {
    let mut out = stdout();
    let left = execute!(out, DisableBracketedPaste, DisableMouseCapture, LeaveAlternateScreen, cursor::Show);
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
            let _ = try_restore();
            previous(info);
        }));
    });
}
