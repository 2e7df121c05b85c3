//! [`TimeChart`]: the median and best solve times of one variant's levels as a grouped bar chart,
//! one group per level, two bars each, labelled `med` and `best` under the bars (so that the chart
//! reads without colour), each bar with its time as `m:ss` inside it when it fits.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Bar, BarChart, BarGroup, Widget};

use crate::profile::stats::{LevelKey, LevelStats, format_duration};
use crate::tui::theme::Theme;

/// The label under a median bar.
pub const MEDIAN_LABEL: &str = "med";
/// The label under a best-time bar.
pub const BEST_LABEL: &str = "best";

/// The bar chart of one variant's levels.
pub struct TimeChart<'a> {
    /// The levels, in the order drawn (easiest first, unrated last).
    pub levels: &'a [(LevelKey, &'a LevelStats)],
    /// The styles.
    pub theme: &'a Theme,
}

/// The colour of the median bars, and of the best bars (none without colour: the labels tell them
/// apart).
pub fn bar_styles(theme: &Theme) -> (Style, Style) {
    (Style { fg: theme.entry.fg, ..Style::new() }, Style { fg: theme.hint_placement.fg, ..Style::new() })
}

/// The widest bars (and the gap between groups) with which `groups` groups of two bars fit `width`.
fn bar_geometry(groups: u16, width: u16) -> (u16, u16) {
    for (bar, gap) in [(9, 3), (7, 3), (7, 1), (5, 3), (5, 1), (4, 1), (3, 1), (2, 1)] {
        // Each bar is followed by a one-column gap, each group by `gap` more; the last by neither.
        if groups * (2 * bar + 2 + gap) - 1 - gap <= width {
            return (bar, gap);
        }
    }
    (1, 1)
}

/// Seconds, for a bar's height (a time under a second still shows as the smallest bar).
fn seconds(time: Option<Duration>) -> u64 {
    time.map_or(0, |t| t.as_secs().max(1))
}

impl Widget for TimeChart<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if self.levels.is_empty() || area.is_empty() {
            return;
        }
        let groups = self.levels.len() as u16;
        let (bar_width, group_gap) = bar_geometry(groups, area.width);
        let (median_style, best_style) = bar_styles(self.theme);
        // Bars too narrow for the labels are labelled by their first letter.
        let short = |label: &'static str| if bar_width < 4 { &label[..1] } else { label };
        let bar = |label: &'static str, time: Option<Duration>, style: Style| {
            Bar::default()
                .value(seconds(time))
                .text_value(time.map_or_else(String::new, format_duration))
                .label(label)
                .style(style)
        };
        let data: Vec<BarGroup> = self
            .levels
            .iter()
            .map(|(key, figures)| {
                BarGroup::default().label(Line::from(key.level_name()).centered()).bars(&[
                    bar(short(MEDIAN_LABEL), figures.median_time, median_style),
                    bar(short(BEST_LABEL), figures.best_time, best_style),
                ])
            })
            .collect();
        // Centred: the chart only as wide as its bars.
        let used = (groups * (2 * bar_width + 2 + group_gap) - 1 - group_gap).min(area.width);
        let chart_area = Rect { x: area.x + (area.width - used) / 2, width: used, ..area };
        let mut chart = BarChart::default()
            .bar_width(bar_width)
            .bar_gap(1)
            .group_gap(group_gap)
            .value_style(Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD))
            .label_style(self.theme.label);
        for group in data {
            chart = chart.data(group);
        }
        chart.render(chart_area, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_levels_fit_eighty_columns_with_room_for_m_ss() {
        assert_eq!(bar_geometry(6, 76), (5, 1));
        assert_eq!(bar_geometry(5, 116), (9, 3));
        assert_eq!(bar_geometry(6, 30), (1, 1));
    }
}
