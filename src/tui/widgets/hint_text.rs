//! [`HintTextWidget`]: one page of the hint's text in its box of the panel (the paging itself is
//! [`crate::tui::hint::page_of`]), the last row saying which lines are shown and which keys page
//! through the rest.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use crate::tui::hint::HintPage;

use super::wrap::wrap_text;

/// The hint text, one page of it, drawn into its box.
pub struct HintTextWidget<'a> {
    /// The page to draw.
    pub page: &'a HintPage,
    /// The text's style.
    pub style: Style,
    /// The footer's style.
    pub footer_style: Style,
}

impl Widget for HintTextWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let width = usize::from(area.width);
        for (row, line) in (area.y..area.bottom()).zip(&self.page.lines) {
            buf.set_stringn(area.x, row, line, width, self.style);
        }
        if let Some(footer) = &self.page.footer
            && area.height > 0
        {
            let text: String = wrap_text(footer, width).into_iter().next().unwrap_or_default();
            buf.set_stringn(area.x, area.bottom() - 1, text, width, self.footer_style);
        }
    }
}
