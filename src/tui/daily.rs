//! The game's side of the daily puzzle: [`DailyBook`], what the new-game picker shows of it (today,
//! the days finished, the streaks), kept up to date as daily games end (the statistics screen's
//! daily page shows it too). The day turns at 00:00 UTC, as every time termdoku shows is in UTC.

use crate::engine::daily::DailyDate;
use crate::game::Game;
use crate::profile::daily::DailyRecord;
use crate::profile::saves::SavedGame;
use crate::profile::time::Timestamp;

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
