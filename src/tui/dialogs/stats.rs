//! The statistics screen: for each variant played, a bar chart of the median and best solve time
//! of each level ([`TimeChart`]) above the counts table whose rows end with the sparkline of the
//! level's last 20 solve times ([`LevelTable`]). It covers the whole screen.
//!
//! Each variant is a page. When every page fits the screen they are stacked and the charts share
//! the height left; otherwise one page shows at a time and the arrows turn them (the footer names
//! left and right; up and down turn them too, as they scroll the text dialogs). Any other key
//! closes the screen. The last page is the daily puzzles': each variant's month calendar with the
//! days solved marked, and its streak.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Widget};

use crate::engine::Variant;
use crate::engine::daily::DAILY_VARIANTS;
use crate::profile::stats::{LevelKey, LevelStats, Stats};
use crate::tui::action::{Action, KeyPress};
use crate::tui::daily::DailyBook;
use crate::tui::keymap::Keymap;
use crate::tui::stats_lines::LevelTable;
use crate::tui::theme::Theme;
use crate::tui::widgets::calendar::{CALENDAR_HEIGHT, CALENDAR_WIDTH, Calendar};
use crate::tui::widgets::time_chart::{BEST_LABEL, MEDIAN_LABEL, TimeChart, bar_styles};

use super::{Overlay, Reply};

/// The fewest lines a chart gets: bars at least five lines tall, their labels and level names.
const CHART_MIN_HEIGHT: u16 = 7;

/// The statistics screen on a screen `area` reads `key`: the arrows turn the pages (right and down
/// forward, as the text dialogs scroll down with the arrows), any other key closes it.
pub fn update(stats: Box<Stats>, problems: Vec<String>, page: usize, key: KeyPress, area: Rect) -> Reply {
    let room = room(area, problems.len());
    let count = screens(&pages(&stats), &stats, room.height).len().max(1);
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
    /// The daily puzzles: each variant's month calendar and streak, side by side.
    Daily,
}

/// The pages of `stats`, in order: the variants played (or a line saying there is no game yet),
/// then the daily puzzles.
pub fn pages(stats: &Stats) -> Vec<Page> {
    let mut pages: Vec<Page> = stats.variants().into_iter().map(Page::Variant).collect();
    if pages.is_empty() {
        pages.push(Page::Empty);
    }
    pages.push(Page::Daily);
    pages
}

/// The pages as shown on a screen whose room for them is `height` lines: as many pages as fit
/// together, stacked (a blank line between two), in order; a page taller than the room alone.
fn screens(pages: &[Page], stats: &Stats, height: u16) -> Vec<Vec<Page>> {
    let mut screens: Vec<Vec<Page>> = Vec::new();
    let mut used = 0;
    for &page in pages {
        let needed = page.min_height(stats);
        match screens.last_mut() {
            Some(screen) if used + 1 + needed <= height => {
                screen.push(page);
                used += 1 + needed;
            }
            _ => {
                screens.push(vec![page]);
                used = needed;
            }
        }
    }
    screens
}

/// The room for the pages inside the screen `area`'s frame, above the lines of `problems`
/// problems (at most a quarter of it).
fn room(area: Rect, problems: usize) -> Rect {
    let inner = Block::new().borders(Borders::ALL).inner(area);
    let problem_lines = (problems.min(usize::from(u16::MAX)) as u16).min(inner.height / 4);
    Rect { height: inner.height - problem_lines, ..inner }
}

/// The gap between the two calendars of the daily page.
const CALENDAR_GAP: u16 = 4;

impl Page {
    /// The page's name in the footer.
    fn name(self) -> &'static str {
        match self {
            Page::Variant(variant) => variant.title(),
            Page::Empty => "Statistics",
            Page::Daily => "Daily",
        }
    }

    /// The fewest lines the page needs.
    fn min_height(self, stats: &Stats) -> u16 {
        match self {
            Page::Variant(variant) => 1 + CHART_MIN_HEIGHT + 1 + stats.levels_of(variant).count() as u16 + 1,
            Page::Empty => 1,
            // The heading, the calendars and the streak under each.
            Page::Daily => 1 + CALENDAR_HEIGHT + 1,
        }
    }

    /// Whether the page grows with the room it is given (a chart does).
    fn grows(self) -> bool {
        matches!(self, Page::Variant(_))
    }

    fn render(self, stats: &Stats, daily: &DailyBook, theme: &Theme, area: Rect, buf: &mut Buffer) {
        if area.is_empty() {
            return;
        }
        match self {
            Page::Variant(variant) => VariantPage { stats, variant, theme }.render(area, buf),
            Page::Daily => DailyPage { daily, theme }.render(area, buf),
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
            variant => variant.title(),
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

/// The daily puzzles' page: a heading, then for each variant this month's calendar (the days
/// solved marked) with its streak below, side by side.
struct DailyPage<'a> {
    daily: &'a DailyBook,
    theme: &'a Theme,
}

impl Widget for DailyPage<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (theme, today) = (self.theme, self.daily.today);
        let heading = Line::from(vec![
            Span::styled("Daily puzzles", theme.title),
            Span::raw(" · the day turns at 00:00 UTC"),
        ]);
        buf.set_line(area.x, area.y, &heading, area.width);
        for (i, variant) in DAILY_VARIANTS.into_iter().enumerate() {
            let x = area.x + i as u16 * (CALENDAR_WIDTH + CALENDAR_GAP);
            if x + CALENDAR_WIDTH > area.right() {
                break;
            }
            let label = variant.title();
            let marks = self.daily.record.days(variant);
            let height = CALENDAR_HEIGHT.min(area.height.saturating_sub(1));
            let calendar = Calendar { label, month: today, today: Some(today), marks, theme };
            calendar.render(Rect::new(x, area.y + 1, CALENDAR_WIDTH, height), buf);
            let streak = self.daily.record.streak(variant, today);
            let line = Line::from(vec![
                Span::styled("streak ", theme.dim),
                Span::raw(streak.current.to_string()),
                Span::styled(" · best ", theme.dim),
                Span::raw(streak.best.to_string()),
            ]);
            if height == CALENDAR_HEIGHT && area.height > CALENDAR_HEIGHT + 1 {
                buf.set_line(x, area.y + 1 + CALENDAR_HEIGHT, &line, CALENDAR_WIDTH);
            }
        }
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
    /// Today and the dailies finished, for the daily page.
    pub daily: &'a DailyBook,
    /// The keys, for the footer.
    pub keymap: &'a Keymap,
    /// The styles.
    pub theme: &'a Theme,
}

impl Widget for StatsScreen<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        Clear.render(area, buf);
        let theme = self.theme;
        let block = Block::new()
            .borders(Borders::ALL)
            .border_style(theme.title)
            .title(Span::styled(" Statistics ", theme.title));
        let room = room(area, self.problems.len());
        let screens = screens(&pages(self.stats), self.stats, room.height);
        let index = self.page % screens.len().max(1);
        let shown: Vec<Page> = screens.get(index).cloned().unwrap_or_default();
        let footer = if screens.len() > 1 {
            let names: Vec<String> =
                screens.iter().map(|s| s.iter().map(|p| p.name()).collect::<Vec<_>>().join("+")).collect();
            let (left, right) =
                (self.keymap.key_label(Action::MoveLeft), self.keymap.key_label(Action::MoveRight));
            let (page, count) = (index + 1, screens.len());
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
                page.render(self.stats, self.daily, theme, Rect::new(room.x, y, room.width, rest), buf);
            } else {
                page.render(self.stats, self.daily, theme, Rect::new(room.x, y, room.width, height), buf);
            }
            y = (y + height + 1).min(room.bottom());
        }
        let problem_lines = area.bottom().saturating_sub(1).saturating_sub(room.bottom());
        for (i, problem) in self.problems.iter().take(usize::from(problem_lines)).enumerate() {
            let line = Line::styled(format!("! {problem}"), theme.alert);
            buf.set_line(room.x, room.bottom() + i as u16, &line, room.width);
        }
    }
}
