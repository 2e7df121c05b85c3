//! [`HintTextWidget`]: the hint's text in a box of the panel, wrapped with [`wrap_text`] (chains
//! break between links) and shown a page at a time: a long explanation (a chain, a forcing net)
//! is never cut, the last row says which lines are shown and which keys page through the rest.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::wrap::wrap_text;

/// One page of a wrapped hint text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintPage {
    /// The text's lines shown on this page.
    pub lines: Vec<String>,
    /// The footer (`5-8/14 PgDn more`) when the text does not fit, else `None`.
    pub footer: Option<String>,
    /// How many pages the whole text takes.
    pub pages: usize,
}

/// Page `page` (clamped to the last) of `text` in a box of `width` x `rows`; `keys` names the
/// paging key for the footer (`PgDn`).
pub fn page_of(text: &str, width: u16, rows: u16, page: usize, keys: &str) -> HintPage {
    let all = wrap_text(text, usize::from(width));
    let rows = usize::from(rows);
    if all.len() <= rows || rows == 0 {
        return HintPage { lines: all.into_iter().take(rows).collect(), footer: None, pages: 1 };
    }
    // A one-row box pages line by line with no room for a footer.
    let per_page = rows.saturating_sub(1).max(1);
    let pages = all.len().div_ceil(per_page);
    let page = page.min(pages - 1);
    let first = page * per_page;
    let last = (first + per_page).min(all.len());
    let more = if page + 1 < pages { "more" } else { "back" };
    let footer = (rows > 1).then(|| format!("{}-{}/{} {keys} {more}", first + 1, last, all.len()));
    HintPage { lines: all[first..last].to_vec(), footer, pages }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    const NET: &str = "Forcing Net: if r1c1 is 5, singles would give r1c2=3, r2c2=4, r3c3=9, r4c4=1, \
                       r5c5=2, r6c6=7, r7c7=8, r8c8=6, r9c9=5 and r9c1=4, and r9c2 has no candidate left";

    #[test]
    fn every_line_of_a_long_text_is_on_some_page() {
        let (width, rows) = (20, 5);
        let pages = page_of(NET, width, rows, 0, "PgDn").pages;
        assert!(pages > 1);
        let shown: Vec<String> =
            (0..pages).flat_map(|p| page_of(NET, width, rows, p, "PgDn").lines).collect();
        assert_eq!(shown, wrap_text(NET, 20));
        let text = shown.join(" ");
        assert!(text.contains("r9c1=4") && text.contains("no candidate left"));
        let last = page_of(NET, width, rows, 99, "PgDn");
        assert_eq!(last, page_of(NET, width, rows, pages - 1, "PgDn"), "pages past the end clamp");
    }

    #[test]
    fn a_text_that_fits_has_no_footer() {
        let page = page_of("Hidden Single in box 5", 30, 3, 0, "PgDn");
        assert_eq!(page.lines, ["Hidden Single in box 5"]);
        assert_eq!(page.footer, None);
        assert_eq!(page.pages, 1);
    }

    #[test]
    fn a_one_row_box_pages_line_by_line() {
        let lines = wrap_text(NET, 20);
        let first = page_of(NET, 20, 1, 0, "PgDn");
        assert_eq!((first.pages, first.footer), (lines.len(), None));
        let last = page_of(NET, 20, 1, lines.len() - 1, "PgDn");
        assert_eq!(last.lines, [lines[lines.len() - 1].clone()]);
    }

    #[test]
    fn the_footer_counts_lines() {
        let page = page_of(NET, 20, 5, 0, "PgDn");
        assert_eq!(page.lines.len(), 4);
        assert!(page.footer.as_deref().is_some_and(|f| f.starts_with("1-4/")), "{page:?}");
    }
}
