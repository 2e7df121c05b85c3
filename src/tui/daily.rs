//! The game's side of the daily puzzle: [`DailyBook`], what the new-game picker shows of it (today,
//! the days finished, the streaks), kept up to date as daily games end; and the daily lines of the
//! statistics screen ([`daily_stats_lines`]). The day turns at 00:00 UTC, as every time termdoku
//! shows is in UTC.

use crate::engine::Variant;
use crate::engine::daily::DailyDate;
use crate::game::Game;
use crate::profile::daily::DailyRecord;
use crate::profile::saves::SavedGame;
use crate::profile::time::Timestamp;

use super::theme::Theme;
use super::widgets::calendar::{Calendar, calendar_text};

/// Today's date (UTC) by the system clock.
pub fn today_utc() -> DailyDate {
    Timestamp::now().date()
}

/// What the game knows of the daily puzzles.
#[derive(Clone, Debug)]
pub struct DailyBook {
    /// Today, as last read.
    pub today: DailyDate,
    /// The dailies finished, per variant and day.
    pub record: DailyRecord,
    /// Where today is read from when the picker opens (`None`: it stays as set, as in tests).
    pub clock: Option<fn() -> DailyDate>,
}

impl Default for DailyBook {
    fn default() -> DailyBook {
        DailyBook { today: DailyDate::EPOCH, record: DailyRecord::default(), clock: None }
    }
}

impl DailyBook {
    /// A book of `history`'s dailies, reading today from the system clock.
    pub fn from_history(history: &[SavedGame]) -> DailyBook {
        DailyBook { today: today_utc(), record: DailyRecord::from_games(history), clock: Some(today_utc) }
    }

    /// Reads today again (the game may have been open past midnight).
    pub fn refresh_today(&mut self) {
        if let Some(clock) = self.clock {
            self.today = clock();
        }
    }

    /// Notes that `game` was just won, if it is a daily (solved, or revealed when the engine
    /// played some of it).
    pub fn note_won(&mut self, game: &Game) {
        if let Some(date) = game.daily {
            self.refresh_today();
            self.record.finish(game.puzzle().variant(), date, self.today, game.revealed);
        }
    }
}

/// The daily lines of the statistics screen: each variant's streak and this month's calendars side
/// by side (45 columns).
pub fn daily_stats_lines(history: &[SavedGame], today: DailyDate) -> Vec<String> {
    let theme = &Theme::default();
    let record = DailyRecord::from_games(history);
    let mut lines = vec![String::new(), "Daily puzzles (the day turns at 00:00 UTC)".to_string()];
    for variant in Variant::ALL {
        let streak = record.streak(variant, today);
        lines.push(format!(
            "{:<8} streak {:>4}   best streak {:>4}",
            variant.name(),
            streak.current,
            streak.best
        ));
    }
    lines.push(String::new());
    let calendar = |label, variant| {
        calendar_text(&Calendar {
            label,
            month: today,
            today: Some(today),
            marks: record.days(variant),
            theme,
        })
    };
    let (classic, killer) = (calendar("Classic", Variant::Classic), calendar("Killer", Variant::Killer));
    lines.extend(classic.iter().zip(&killer).map(|(c, k)| format!("{c}   {k}").trim_end().to_string()));
    lines
}
