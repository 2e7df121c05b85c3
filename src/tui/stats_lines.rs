//! The statistics screen's counts table: one row per level of a variant (played, solved, revealed,
//! hints, the current and longest streak; on a wide screen the best and median time too), each row
//! ending with the sparkline of its last solve times, drawn beside the text by [`LevelTable`].

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Sparkline, Widget};

use crate::profile::stats::{LevelKey, LevelStats, RECENT_SOLVES, format_duration};
use crate::tui::theme::Theme;

/// How wide the text part of a row is; the sparkline starts two columns after it.
pub const TEXT_WIDTH: u16 = 53;
/// How much wider the text is with the time columns.
const TIME_COLUMNS_WIDTH: u16 = 18;

/// The table's heading; `times` adds the best and median time columns.
pub fn header(times: bool) -> String {
    let mut text = format!(
        "{:<8} {:>6} {:>6} {:>8} {:>6} {:>6} {:>7}",
        "level", "played", "solved", "revealed", "hints", "streak", "longest"
    );
    if times {
        text.push_str(&format!(" {:>8} {:>8}", "best", "median"));
    }
    text + &format!("  last {RECENT_SOLVES} (old → new)")
}

/// The text of `key`'s row, [`TEXT_WIDTH`] wide, or [`TIME_COLUMNS_WIDTH`] more with `times`.
pub fn row(key: LevelKey, s: &LevelStats, times: bool) -> String {
    let mut text = format!(
        "{:<8} {:>6} {:>6} {:>8} {:>6} {:>6} {:>7}",
        key.level_name(),
        s.played,
        s.solved,
        s.revealed,
        s.hints_used,
        s.current_streak,
        s.best_streak
    );
    if times {
        let time = |t: Option<std::time::Duration>| t.map_or_else(|| "-".into(), format_duration);
        text.push_str(&format!(" {:>8} {:>8}", time(s.best_time), time(s.median_time)));
    }
    text
}

/// The counts table of one variant's levels.
pub struct LevelTable<'a> {
    /// The levels, easiest first, unrated last.
    pub levels: &'a [(LevelKey, &'a LevelStats)],
    /// The styles.
    pub theme: &'a Theme,
}

impl LevelTable<'_> {
    /// The lines it takes: the heading and one per level.
    pub fn height(&self) -> u16 {
        self.levels.len() as u16 + 1
    }
}

/// Whether a table `width` wide shows the time columns (with a sparkline of one column a solve).
fn shows_times(width: u16) -> bool {
    width >= TEXT_WIDTH + TIME_COLUMNS_WIDTH + 2 + RECENT_SOLVES as u16
}

impl Widget for LevelTable<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let mut y = area.y;
        if area.is_empty() {
            return;
        }
        let times = shows_times(area.width);
        buf.set_line(area.x, y, &Line::styled(header(times), self.theme.title), area.width);
        let text_width = TEXT_WIDTH + if times { TIME_COLUMNS_WIDTH } else { 0 };
        let spark_x = area.x + text_width + 2;
        let room = area.right().saturating_sub(spark_x);
        // Two columns a solve when there is room for them.
        let per_solve = if room >= 2 * RECENT_SOLVES as u16 { 2 } else { 1 };
        for (key, figures) in self.levels {
            y += 1;
            if y >= area.bottom() {
                break;
            }
            buf.set_line(area.x, y, &Line::raw(row(*key, figures, times)), area.width);
            if room == 0 {
                continue;
            }
            let spark = Rect::new(spark_x, y, room.min(per_solve * RECENT_SOLVES as u16), 1);
            if figures.recent_times.is_empty() {
                buf.set_line(spark.x, y, &Line::styled("no solve yet", self.theme.dim), spark.width);
                continue;
            }
            let times: Vec<u64> = figures
                .recent_times
                .iter()
                .flat_map(|t| std::iter::repeat_n(t.as_secs().max(1), usize::from(per_solve)))
                .collect();
            Sparkline::default().data(&times).style(self.theme.entry).render(spark, buf);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::engine::Variant;
    use crate::engine::logic::Level;

    #[test]
    fn every_figure_fits_beside_a_twenty_column_sparkline_in_80_columns() {
        let figures = LevelStats {
            played: 99_999,
            solved: 99_999,
            revealed: 9_999_999,
            hints_used: 999_999,
            current_streak: 99_999,
            best_streak: 999_999,
            best_time: Some(Duration::from_secs(359_999)),
            median_time: Some(Duration::from_secs(359_999)),
            recent_times: vec![Duration::from_secs(60); RECENT_SOLVES],
        };
        let text = row(LevelKey::of_variant(Some(Level::Extreme), Variant::Killer), &figures, false);
        assert_eq!(text.chars().count(), usize::from(TEXT_WIDTH), "{text}");
        assert!(usize::from(TEXT_WIDTH) + 2 + RECENT_SOLVES <= 76);
        assert!(!shows_times(76), "80 columns have no room for the time columns");
        assert_eq!(
            header(false).find("last 20"),
            Some(usize::from(TEXT_WIDTH) + 2),
            "the heading over the sparklines"
        );
        assert!(text.starts_with("extreme"), "the page names the variant: {text}");
        let wide = row(LevelKey::of_variant(Some(Level::Extreme), Variant::Killer), &figures, true);
        assert_eq!(wide.chars().count(), usize::from(TEXT_WIDTH + TIME_COLUMNS_WIDTH), "{wide}");
        assert!(wide.ends_with("99:59:59 99:59:59"), "{wide}");
        assert!(shows_times(116), "120 columns show the times");
    }
}
