//! The statistics screen: for each variant played, a bar chart of the median and best solve time
//! of each level ([`TimeChart`]) above the counts table whose rows end with the sparkline of the
//! level's last 20 solve times ([`LevelTable`]). It covers the whole screen.
//!
//! Each variant is a page. When every page fits the screen they are stacked and the charts share
//! the height left; otherwise one page shows at a time and the arrows turn them (the footer names
//! left and right; up and down turn them too, as they scroll the text dialogs). Any other key
//! closes the screen. Pages after the variants' go at the
//! end of [`pages`] (a page there only needs its height and its drawing).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Widget};

use crate::engine::Variant;
use crate::profile::stats::{LevelKey, LevelStats, Stats};
use crate::tui::action::{Action, KeyPress};
use crate::tui::keymap::Keymap;
use crate::tui::stats_lines::LevelTable;
use crate::tui::theme::Theme;
use crate::tui::widgets::time_chart::{BEST_LABEL, MEDIAN_LABEL, TimeChart, bar_styles};

use super::{Overlay, Reply};

/// The fewest lines a chart gets: bars at least five lines tall, their labels and level names.
const CHART_MIN_HEIGHT: u16 = 7;

/// The statistics screen reads `key`: the arrows turn the pages (right and down forward, as the
/// text dialogs scroll down with the arrows), any other key closes it.
pub fn update(stats: Box<Stats>, problems: Vec<String>, page: usize, key: KeyPress) -> Reply {
    let count = pages(&stats).len();
    let page = match key.action {
        Some(Action::MoveRight | Action::MoveDown) => (page + 1) % count,
        Some(Action::MoveLeft | Action::MoveUp) => (page + count - 1) % count,
        _ => return Reply::show(Overlay::None),
    };
    Reply::show(Overlay::Stats { stats, problems, page })
}

/// A page of the screen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Page {
    /// One variant's chart and table.
    Variant(Variant),
    /// No game yet.
    Empty,
}

/// The pages of `stats`, in order.
pub fn pages(stats: &Stats) -> Vec<Page> {
    let mut pages: Vec<Page> = stats.variants().into_iter().map(Page::Variant).collect();
    if pages.is_empty() {
        pages.push(Page::Empty);
    }
    pages
}

impl Page {
    /// The page's name in the footer.
    fn name(self) -> &'static str {
        match self {
            Page::Variant(Variant::Classic) => "Classic",
            Page::Variant(Variant::Killer) => "Killer",
            Page::Empty => "Statistics",
        }
    }

    /// The fewest lines the page needs.
    fn min_height(self, stats: &Stats) -> u16 {
        match self {
            Page::Variant(variant) => 1 + CHART_MIN_HEIGHT + 1 + stats.levels_of(variant).count() as u16 + 1,
            Page::Empty => 1,
        }
    }

    /// Whether the page grows with the room it is given (a chart does).
    fn grows(self) -> bool {
        matches!(self, Page::Variant(_))
    }

    fn render(self, stats: &Stats, theme: &Theme, area: Rect, buf: &mut Buffer) {
        if area.is_empty() {
            return;
        }
        match self {
            Page::Variant(variant) => VariantPage { stats, variant, theme }.render(area, buf),
            Page::Empty => {
                let text = Line::raw("No games yet: finish one to see it here.");
                buf.set_line(area.x, area.y, &text, area.width);
            }
        }
    }
}

/// One variant's page: its heading with the chart's legend, the chart, the table.
struct VariantPage<'a> {
    stats: &'a Stats,
    variant: Variant,
    theme: &'a Theme,
}

impl Widget for VariantPage<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let levels: Vec<(LevelKey, &LevelStats)> = self.stats.levels_of(self.variant).collect();
        let theme = self.theme;
        let (median_style, best_style) = bar_styles(theme);
        let name = match self.variant {
            Variant::Classic => "Classic Sudoku",
            Variant::Killer => "Killer Sudoku",
        };
        let heading = Line::from(vec![
            Span::styled(name, theme.title),
            Span::raw(" · times by level (m:ss)  "),
            Span::styled("█", median_style),
            Span::raw(format!(" {MEDIAN_LABEL} = median  ")),
            Span::styled("█", best_style),
            Span::raw(format!(" {BEST_LABEL} = fastest")),
        ]);
        buf.set_line(area.x, area.y, &heading, area.width);
        let table = LevelTable { levels: &levels, theme };
        let table_height = table.height().min(area.height.saturating_sub(1));
        let chart_height = area.height.saturating_sub(1 + table_height + 1);
        TimeChart { levels: &levels, theme }
            .render(Rect::new(area.x, area.y + 1, area.width, chart_height), buf);
        let table_area = Rect::new(area.x, area.bottom() - table_height, area.width, table_height);
        table.render(table_area, buf);
    }
}

/// The statistics screen.
pub struct StatsScreen<'a> {
    /// The figures.
    pub stats: &'a Stats,
    /// Problems met reading the saves (each shown on a line of its own at the bottom).
    pub problems: &'a [String],
    /// The page shown when they do not all fit.
    pub page: usize,
    /// The keys, for the footer.
    pub keymap: &'a Keymap,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for StatsScreen<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        Clear.render(area, buf);
        let pages = pages(self.stats);
        let theme = self.theme;
        let block = Block::new()
            .borders(Borders::ALL)
            .border_style(theme.title)
            .title(Span::styled(" Statistics ", theme.title));
        let inner = block.inner(area);
        let problem_lines = (self.problems.len() as u16).min(inner.height / 4);
        let room = Rect { height: inner.height - problem_lines, ..inner };
        let needed: u16 = pages.iter().map(|p| p.min_height(self.stats) + 1).sum::<u16>().saturating_sub(1);
        let shown: Vec<Page> =
            if needed <= room.height { pages.clone() } else { vec![pages[self.page % pages.len()]] };
        let footer = if shown.len() < pages.len() {
            let names: Vec<&str> = pages.iter().map(|p| p.name()).collect();
            let (left, right) =
                (self.keymap.key_label(Action::MoveLeft), self.keymap.key_label(Action::MoveRight));
            let (page, count) = (self.page % pages.len() + 1, pages.len());
            let long =
                format!(" {left}{right} {} (page {page} of {count}) · other keys close ", names.join("/"));
            // Narrow screens get the short form, so the keys stay in sight.
            if long.chars().count() + 2 <= usize::from(area.width) {
                long
            } else {
                format!(" {left}{right} page {page}/{count} ")
            }
        } else {
            " any key closes ".to_string()
        };
        block.title_bottom(Span::styled(footer, theme.dim)).render(area, buf);
        // Lines beyond the pages' least heights go to the pages that grow, shared evenly.
        let least: u16 = shown.iter().map(|p| p.min_height(self.stats) + 1).sum::<u16>().saturating_sub(1);
        let growing = shown.iter().filter(|p| p.grows()).count() as u16;
        let spare = room.height.saturating_sub(least);
        let mut y = room.y;
        for (i, page) in shown.iter().enumerate() {
            let mut height = page.min_height(self.stats);
            if page.grows() && growing > 0 {
                height += spare / growing;
            }
            let height = height.min(room.bottom().saturating_sub(y));
            if i + 1 == shown.len() && page.grows() {
                // The last growing page takes what is left of an uneven share.
                let rest = room.bottom().saturating_sub(y);
                page.render(self.stats, theme, Rect::new(room.x, y, room.width, rest), buf);
            } else {
                page.render(self.stats, theme, Rect::new(room.x, y, room.width, height), buf);
            }
            y = (y + height + 1).min(room.bottom());
        }
        for (i, problem) in self.problems.iter().take(usize::from(problem_lines)).enumerate() {
            let line = Line::styled(format!("! {problem}"), theme.alert);
            buf.set_line(inner.x, room.bottom() + i as u16, &line, inner.width);
        }
    }
}
