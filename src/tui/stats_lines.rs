//! The statistics screen's counts table: one row per level of a variant (played, solved, revealed,
//! hints, the current and longest streak), each row ending with the sparkline of its last solve
//! times, drawn beside the text by [`LevelTable`].

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Sparkline, Widget};

use crate::profile::stats::{LevelKey, LevelStats, RECENT_SOLVES};
use crate::tui::theme::Theme;

/// How wide the text part of a row is; the sparkline starts two columns after it.
pub const TEXT_WIDTH: u16 = 53;

/// The table's heading.
pub fn header() -> String {
    format!(
        "{:<8} {:>6} {:>6} {:>8} {:>6} {:>6} {:>7}  last {RECENT_SOLVES} (old → new)",
        "level", "played", "solved", "revealed", "hints", "streak", "longest"
    )
}

/// The text of `key`'s row, [`TEXT_WIDTH`] wide.
pub fn row(key: LevelKey, s: &LevelStats) -> String {
    format!(
        "{:<8} {:>6} {:>6} {:>8} {:>6} {:>6} {:>7}",
        key.level_name(),
        s.played,
        s.solved,
        s.revealed,
        s.hints_used,
        s.current_streak,
        s.best_streak
    )
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

impl Widget for LevelTable<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let mut y = area.y;
        if area.is_empty() {
            return;
        }
        buf.set_line(area.x, y, &Line::styled(header(), self.theme.title), area.width);
        let spark_x = area.x + TEXT_WIDTH + 2;
        let spark_width = area.right().saturating_sub(spark_x).min(RECENT_SOLVES as u16);
        for (key, figures) in self.levels {
            y += 1;
            if y >= area.bottom() {
                break;
            }
            buf.set_line(area.x, y, &Line::raw(row(*key, figures)), area.width);
            if spark_width == 0 {
                continue;
            }
            let spark = Rect::new(spark_x, y, spark_width, 1);
            if figures.recent_times.is_empty() {
                buf.set_line(spark.x, y, &Line::styled("no solve yet", self.theme.dim), spark.width);
                continue;
            }
            let times: Vec<u64> = figures.recent_times.iter().map(|t| t.as_secs().max(1)).collect();
            Sparkline::default().data(&times).style(self.theme.entry).render(spark, buf);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
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
            recent_times: vec![Duration::from_secs(60); RECENT_SOLVES],
            ..LevelStats::default()
        };
        let text = row(LevelKey::Killer(Level::Extreme), &figures);
        assert_eq!(text.chars().count(), usize::from(TEXT_WIDTH), "{text}");
        assert!(usize::from(TEXT_WIDTH) + 2 + RECENT_SOLVES <= 76);
        assert_eq!(
            header().find("last 20"),
            Some(usize::from(TEXT_WIDTH) + 2),
            "the heading over the sparklines"
        );
        assert!(text.starts_with("extreme"), "the page names the variant: {text}");
    }
}
