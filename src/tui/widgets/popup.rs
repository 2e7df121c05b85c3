//! The frame every dialog is drawn in: a titled box centred over the screen, cleared underneath, and
//! the highlighted line of a menu. Dialogs bring their lines; this draws them.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

use crate::tui::theme::Theme;

/// A rectangle of `width` x `height` centred in `area` (clipped to it).
pub fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect::new(area.x + (area.width - width) / 2, area.y + (area.height - height) / 2, width, height)
}

/// Draws a framed popup `width` wide with `title` and `lines`, centred in `area`.
pub fn popup(theme: &Theme, area: Rect, buf: &mut Buffer, title: &str, lines: Vec<Line<'_>>, width: u16) {
    let height = lines.len() as u16 + 2;
    let rect = centred(area, width, height);
    Clear.render(rect, buf);
    let block = Block::new()
        .borders(Borders::ALL)
        .border_style(theme.title)
        .title(Span::styled(format!(" {title} "), theme.title));
    Paragraph::new(lines).wrap(Wrap { trim: false }).block(block).render(rect, buf);
}

/// A menu item: marked and in the cursor's style when `selected`.
pub fn menu_line<'a>(theme: &Theme, selected: bool, text: &str) -> Line<'a> {
    if selected { Line::styled(format!("▶ {text}"), theme.cursor) } else { Line::raw(format!("  {text}")) }
}
