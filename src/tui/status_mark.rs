//! The status mark: a short word the host wants always visible (`NOT SAVED` while saves fail), drawn
//! in reverse video over the top right corner of whatever the frame shows, so it is seen with or
//! without colours and over any dialog.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;

use super::theme::Theme;

/// Draws ` mark ` over the top right corner of `area` (nothing when it does not fit).
pub fn render_status_mark(mark: &str, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let text = format!(" {mark} ");
    let width = u16::try_from(text.chars().count()).unwrap_or(u16::MAX);
    if area.width < width || area.height == 0 {
        return;
    }
    let style = theme.alert.add_modifier(Modifier::REVERSED | Modifier::BOLD);
    buf.set_string(area.x + area.width - width, area.y, text, style);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mark_sits_in_the_top_right_corner() {
        let area = Rect::new(0, 0, 20, 2);
        let mut buf = Buffer::empty(area);
        render_status_mark("NOT SAVED", &Theme::default(), area, &mut buf);
        let top: String = (0..20).map(|x| buf[(x, 0)].symbol().to_string()).collect();
        assert_eq!(top, "          NOT SAVED ");
        let mut tiny = Buffer::empty(Rect::new(0, 0, 5, 1));
        render_status_mark("NOT SAVED", &Theme::default(), Rect::new(0, 0, 5, 1), &mut tiny);
    }
}
