//! [`Calendar`]: one month of daily puzzles, Monday first, each day's number followed by its mark
//! (`*` solved, `+` solved late, `-` revealed; see [`DayMark`]), today drawn in the cursor's style.
//! The marks are characters, so the calendar reads the same without colour (`NO_COLOR`) and as
//! plain text. Always ten lines of [`CALENDAR_WIDTH`] columns: the title, the weekdays, six weeks
//! (blank ones at the end) and a two-line legend.

use std::collections::BTreeMap;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::engine::daily::{DailyDate, Weekday};
use crate::profile::daily::DayMark;
use crate::tui::theme::Theme;

/// The calendar's width: seven days of three columns.
pub const CALENDAR_WIDTH: u16 = 21;

/// The calendar's height: title, weekdays, six weeks, two lines of legend.
pub const CALENDAR_HEIGHT: u16 = 10;

/// The months' short names.
const MONTHS: [&str; 12] =
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/// One month of daily puzzles.
pub struct Calendar<'a> {
    /// Whose days these are (`Classic`, `Killer`): the start of the title.
    pub label: &'a str,
    /// A day of the month shown.
    pub month: DailyDate,
    /// Today, drawn in the cursor's style when it is in the month.
    pub today: Option<DailyDate>,
    /// How each finished day went.
    pub marks: &'a BTreeMap<DailyDate, DayMark>,
    /// The styles.
    pub theme: &'a Theme,
}

impl Calendar<'_> {
    /// The calendar's lines, styled.
    pub fn lines(&self) -> Vec<Line<'static>> {
        let theme = self.theme;
        let (year, month, _) = self.month.ymd();
        let name = MONTHS.get(month as usize - 1).copied().unwrap_or("");
        let mut lines = vec![Line::styled(format!("{} {name} {year}", self.label), theme.title)];
        let weekdays: String = Weekday::ALL.iter().map(|d| format!("{:<3}", &d.name()[..2])).collect();
        lines.push(Line::styled(weekdays, theme.dim));
        let first = self.month.first_of_month();
        let mut week: Vec<Span<'static>> = vec![Span::raw("   ".repeat(first.weekday().index()))];
        for offset in 0..i64::from(self.month.month_length()) {
            let Some(date) = DailyDate::from_days(first.days_since_epoch() + offset) else { break };
            let mark = self.marks.get(&date).copied();
            let number = format!("{:>2}", date.ymd().2);
            let style = match mark {
                _ if Some(date) == self.today => theme.cursor,
                Some(DayMark::Solved) => theme.given,
                Some(_) => theme.dim,
                None => ratatui::style::Style::new(),
            };
            week.push(Span::styled(number, style));
            let symbol = mark.map_or(' ', DayMark::symbol);
            week.push(Span::styled(symbol.to_string(), if mark.is_some() { theme.title } else { style }));
            if date.weekday() == Weekday::Sunday {
                lines.push(Line::from(std::mem::take(&mut week)));
            }
        }
        if week.iter().any(|span| !span.content.trim().is_empty()) {
            lines.push(Line::from(week));
        }
        while lines.len() < usize::from(CALENDAR_HEIGHT) - 2 {
            lines.push(Line::raw(""));
        }
        lines.push(Line::styled("* solved  + late", theme.dim));
        lines.push(Line::styled("- solution revealed", theme.dim));
        lines
    }
}

impl Widget for Calendar<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        Paragraph::new(self.lines()).render(area, buf);
    }
}

#[cfg(test)]
mod tests {
    use ratatui::style::Modifier;

    use super::*;

    fn day(text: &str) -> DailyDate {
        text.parse().expect("a date")
    }

    fn november() -> BTreeMap<DailyDate, DayMark> {
        BTreeMap::from([
            (day("2026-11-02"), DayMark::Solved),
            (day("2026-11-03"), DayMark::Solved),
            (day("2026-11-10"), DayMark::SolvedLate),
            (day("2026-11-17"), DayMark::Revealed),
            (day("2026-11-28"), DayMark::Solved),
        ])
    }

    fn render(theme: &Theme) -> Buffer {
        let marks = november();
        let calendar = Calendar {
            label: "Classic",
            month: day("2026-11-29"),
            today: Some(day("2026-11-29")),
            marks: &marks,
            theme,
        };
        let area = Rect::new(0, 0, CALENDAR_WIDTH, CALENDAR_HEIGHT);
        let mut buf = Buffer::empty(area);
        calendar.render(area, &mut buf);
        buf
    }

    fn text(buf: &Buffer) -> String {
        let area = buf.area;
        (0..area.height)
            .map(|y| (0..area.width).map(|x| buf[(x, y)].symbol()).collect::<String>().trim_end().to_string())
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn a_known_month_with_its_marks() {
        // November 2026 starts on a Sunday and has 30 days: six weeks.
        let buf = render(&Theme::default());
        insta::assert_snapshot!("calendar_november_2026", text(&buf));
    }

    #[test]
    fn without_colour_the_marks_and_today_still_show() {
        let theme = Theme::monochrome();
        let buf = render(&theme);
        insta::assert_snapshot!("calendar_november_2026_no_color", text(&buf));
        // Nothing is coloured; today (the 29th, last week's Sunday) is reversed, as the cursor is.
        let area = buf.area;
        assert!(
            (0..area.height).all(|y| (0..area.width).all(|x| buf[(x, y)].fg == ratatui::style::Color::Reset))
        );
        let today_row = 6;
        let today = &buf[(18, today_row)];
        assert_eq!(today.symbol(), "2");
        assert!(today.modifier.contains(Modifier::REVERSED), "{today:?}");
        assert_eq!(buf[(5, 3)].symbol(), "*", "the 3rd is solved: {}", text(&buf));
    }

    #[test]
    fn every_line_fits_the_width_and_the_height_is_fixed() {
        for month in ["2026-02-10", "2027-02-10", "2026-03-01", "2028-02-29", "2026-08-31"] {
            let marks = BTreeMap::new();
            let theme = Theme::default();
            let calendar =
                Calendar { label: "Classic", month: day(month), today: None, marks: &marks, theme: &theme };
            let lines = calendar.lines();
            assert_eq!(lines.len(), usize::from(CALENDAR_HEIGHT), "{month}: {lines:#?}");
            assert!(lines.iter().all(|l| l.width() <= usize::from(CALENDAR_WIDTH)), "{lines:#?}");
        }
    }
}
