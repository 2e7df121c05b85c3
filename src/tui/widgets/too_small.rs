//! The message shown instead of the game when the terminal is below the minimum size.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::tui::layout::MIN_SIZE;
use crate::tui::theme::Theme;

use super::popup::centred;

/// "Terminal too small", the size it is and the size it needs, and how to quit.
pub struct TooSmall<'a> {
    /// The label of the quit key.
    pub quit_key: &'a str,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for TooSmall<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lines = vec![
            Line::styled("Terminal too small", self.theme.alert),
            Line::raw(format!("{}x{}, need {}x{}", area.width, area.height, MIN_SIZE.0, MIN_SIZE.1)),
            Line::styled(format!("Enlarge the window, or {} to quit", self.quit_key), self.theme.dim),
        ];
        // Narrow windows wrap the last line: leave it room.
        let rect = centred(area, area.width, area.height.min(5));
        Paragraph::new(lines).alignment(Alignment::Center).wrap(Wrap { trim: true }).render(rect, buf);
    }
}
