//! Paused: the board hidden behind a notice and the clock stopped. The quit key quits; any other key
//! resumes.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use crate::tui::action::{Action, KeyPress};
use crate::tui::keymap::Keymap;
use crate::tui::theme::Theme;
use crate::tui::widgets::popup::centred;

use super::{Command, Overlay, Reply};

/// The pause reads `key`: quit, or resume.
pub fn update(key: KeyPress) -> Reply {
    if key.is(Action::Quit) {
        return Reply::with(Overlay::Paused, Command::Quit);
    }
    Reply::show(Overlay::None)
}

/// The notice drawn in the board's place while paused.
pub struct PausedNotice<'a> {
    /// The keys, for the notice.
    pub keymap: &'a Keymap,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for PausedNotice<'_> {
    fn render(self, board: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let block = Block::new().borders(Borders::ALL).border_style(theme.border);
        let inner = block.inner(board);
        block.render(board, buf);
        let pause = self.keymap.key_label(Action::Pause);
        let quit = self.keymap.key_label(Action::Quit);
        let lines = vec![
            Line::styled("Paused", theme.title),
            Line::raw(""),
            Line::styled(format!("{pause} or any other key resumes"), theme.dim),
            Line::styled(format!("{quit} saves and quits"), theme.dim),
        ];
        let height = lines.len() as u16;
        Paragraph::new(lines).alignment(Alignment::Center).render(centred(inner, inner.width, height), buf);
    }
}
