//! The text dialog: a text to read (the puzzle line, a problem), as many lines as fit,
//! scrolled by the arrows when there are more. Any other key closes it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::tui::action::{Action, KeyPress};
use crate::tui::keymap::Keymap;
use crate::tui::theme::Theme;
use crate::tui::widgets::popup::popup;
use crate::tui::widgets::wrap::wrap_text;

use super::help::scroll_footer;
use super::{Overlay, Reply};

/// The text `title` with `lines` reads `key`: the arrows scroll it (the drawing stops at its end),
/// any other key closes it.
pub fn update(title: String, lines: Vec<String>, key: KeyPress, scroll: &mut usize) -> Reply {
    match key.action {
        Some(Action::MoveDown) => *scroll += 1,
        Some(Action::MoveUp) => *scroll = scroll.saturating_sub(1),
        _ => return Reply::show(Overlay::None),
    }
    Reply::show(Overlay::Info { title, lines })
}

/// A text to read.
pub struct InfoDialog<'a> {
    /// The title.
    pub title: &'a str,
    /// The lines, wrapped to the dialog's width.
    pub lines: &'a [String],
    /// How many lines it is scrolled down.
    pub scroll: usize,
    /// The keys, for the footer.
    pub keymap: &'a Keymap,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for InfoDialog<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lines = self.lines;
        let longest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u16;
        let width = (longest + 4).max(24).min(area.width);
        let text: Vec<String> =
            lines.iter().flat_map(|l| wrap_text(l, usize::from(width.saturating_sub(2)))).collect();
        // As many lines as fit above the footer, scrolled by the arrows when there are more.
        let room = usize::from(area.height.saturating_sub(3)).max(1);
        let shown = room.min(text.len());
        let first = self.scroll.min(text.len() - shown);
        let mut visible: Vec<Line> = text[first..first + shown].iter().cloned().map(Line::raw).collect();
        visible.push(Line::styled(scroll_footer(self.keymap, shown < text.len()), self.theme.dim));
        popup(self.theme, area, buf, self.title, visible, width);
    }
}
