//! The daily puzzles a player finished, day by day and per variant, and the daily streaks, computed
//! from the saved games (as the other statistics are: nothing is stored apart from the games).
//!
//! The rules, documented for players in the README:
//! - a day is **solved** when a game of its daily puzzle was solved (without the solution revealed
//!   and without auto-solve, which the game records as revealed) by the end of the next day (UTC):
//!   the day after is a grace day, so that an evening's puzzle finished after midnight still counts,
//!   wherever the player lives;
//! - a daily solved later (a past day played with `termdoku daily --date`) is **solved late**: it
//!   shows in the calendar but does not count for a streak;
//! - a daily whose solution was revealed, in any game of it before a solve, is **revealed**: it does
//!   not count either, even if solved again afterwards;
//! - the current streak is the run of solved days ending today, or ending yesterday while today's
//!   daily is not solved yet (it can still be); the best streak is the longest run ever. Classic
//!   and killer dailies keep a streak each: they are two puzzles a day, and a player of one should
//!   not lose a streak for not playing the other.

use std::collections::BTreeMap;

use serde::Serialize;

use super::saves::{Outcome, SavedGame, finished_in_order};
use crate::engine::Variant;
use crate::engine::daily::{DAILY_VARIANTS, DailyDate};

/// How the daily puzzle of one day went.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DayMark {
    /// Solved in time: counts for the streak.
    Solved,
    /// Solved after the grace day: shown, not counted.
    SolvedLate,
    /// Its solution was revealed (or auto-solve played it): not counted.
    Revealed,
}

impl DayMark {
    /// The mark drawn after the day's number in a calendar (the same without colour).
    pub const fn symbol(self) -> char {
        match self {
            DayMark::Solved => '*',
            DayMark::SolvedLate => '+',
            DayMark::Revealed => '-',
        }
    }
}

/// A daily streak: days in a row solved.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize)]
pub struct Streak {
    /// The run ending today (or yesterday, while today is not solved yet).
    pub current: u32,
    /// The longest run.
    pub best: u32,
}

/// The daily puzzles finished, per variant and day.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct DailyRecord {
    /// The days of each variant, indexed by [`Variant::index`].
    days: [BTreeMap<DailyDate, DayMark>; Variant::ALL.len()],
}

impl DailyRecord {
    /// The record of the finished games in `history` (other games are passed over).
    pub fn from_games(history: &[SavedGame]) -> DailyRecord {
        let mut record = DailyRecord::default();
        for game in finished_in_order(history) {
            if let (Some(date), Some(finish)) = (game.daily, game.finished) {
                let revealed = finish.outcome == Outcome::Revealed || game.revealed;
                record.finish(game.puzzle.variant(), date, finish.at.date(), revealed);
            }
        }
        record
    }

    /// Notes that a game of the daily of `variant` on `date` ended on `finished_on`, solved or
    /// `revealed`.
    pub fn finish(&mut self, variant: Variant, date: DailyDate, finished_on: DailyDate, revealed: bool) {
        let days = self.days_mut(variant);
        let in_time = finished_on.days_since_epoch() <= date.days_since_epoch() + 1;
        let now = match (days.get(&date), revealed) {
            (Some(kept @ (DayMark::Solved | DayMark::SolvedLate)), _) => *kept,
            (Some(DayMark::Revealed), _) | (None, true) => DayMark::Revealed,
            (None, false) if in_time => DayMark::Solved,
            (None, false) => DayMark::SolvedLate,
        };
        days.insert(date, now);
    }

    /// How the daily of `variant` on `date` went, if it was finished.
    pub fn mark(&self, variant: Variant, date: DailyDate) -> Option<DayMark> {
        self.days(variant).get(&date).copied()
    }

    /// The days of `variant`'s dailies finished, with how each went, earliest first.
    pub fn days(&self, variant: Variant) -> &BTreeMap<DailyDate, DayMark> {
        &self.days[variant.index()]
    }

    fn days_mut(&mut self, variant: Variant) -> &mut BTreeMap<DailyDate, DayMark> {
        &mut self.days[variant.index()]
    }

    /// The streak of `variant`'s dailies as of `today`.
    pub fn streak(&self, variant: Variant, today: DailyDate) -> Streak {
        let solved = |date: DailyDate| self.mark(variant, date) == Some(DayMark::Solved);
        let mut current = 0;
        // Today's daily may still be solved, and so may yesterday's (a day counts until the end of
        // the next): while they are not finished, the run before them is alive. A day finished
        // otherwise than solved in time (revealed) ends it.
        let mut day = Some(today);
        for _ in 0..2 {
            match day {
                Some(date) if self.mark(variant, date).is_none() => day = date.previous(),
                _ => break,
            }
        }
        while let Some(date) = day.filter(|&d| solved(d)) {
            current += 1;
            day = date.previous();
        }
        let (mut best, mut run, mut last) = (0, 0, None::<DailyDate>);
        for (&date, _) in self.days(variant).iter().filter(|(_, mark)| **mark == DayMark::Solved) {
            run = if last.and_then(DailyDate::next) == Some(date) { run + 1 } else { 1 };
            best = best.max(run);
            last = Some(date);
        }
        Streak { current, best: best.max(current) }
    }
}

/// The daily streaks as `termdoku stats` prints them under its table, as of today (UTC); nothing
/// when no daily was ever finished.
pub fn daily_streak_table(history: &[SavedGame]) -> String {
    let record = DailyRecord::from_games(history);
    if record.days.iter().all(BTreeMap::is_empty) {
        return String::new();
    }
    let today = super::time::Timestamp::now().date();
    let mut out = format!("\n{:<9} {:>6}  {:>11}   (as of {today}, UTC)\n", "daily", "streak", "best streak");
    for variant in DAILY_VARIANTS {
        let streak = record.streak(variant, today);
        out.push_str(&format!("{:<9} {:>6}  {:>11}\n", variant.name(), streak.current, streak.best));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::saves::Finish;
    use crate::profile::saves::fixtures::sample_game;
    use crate::profile::time::Timestamp;

    fn day(text: &str) -> DailyDate {
        text.parse().expect("a date")
    }

    /// A classic daily of `date` finished at noon UTC on `finished_on`.
    fn daily(date: &str, finished_on: &str, outcome: Outcome) -> SavedGame {
        let mut game = sample_game();
        game.daily = Some(day(date));
        let at = day(finished_on).days_since_epoch() as u64 * 86_400 + 43_200;
        game.id = format!("{date}-{finished_on}-{outcome:?}");
        game.finished = Some(Finish { at: Timestamp(at), outcome });
        game
    }

    fn streak(history: &[SavedGame], today: &str) -> (u32, u32) {
        let s = DailyRecord::from_games(history).streak(Variant::Classic, day(today));
        (s.current, s.best)
    }

    #[test]
    fn consecutive_days_count_and_a_gap_breaks_the_run() {
        let history = [
            daily("2026-11-20", "2026-11-20", Outcome::Solved),
            daily("2026-11-21", "2026-11-21", Outcome::Solved),
            daily("2026-11-22", "2026-11-22", Outcome::Solved),
            // 2026-11-23 not played.
            daily("2026-11-24", "2026-11-24", Outcome::Solved),
            daily("2026-11-25", "2026-11-25", Outcome::Solved),
        ];
        assert_eq!(streak(&history, "2026-11-25"), (2, 3));
        assert_eq!(streak(&history[..3], "2026-11-22"), (3, 3));
        // On the 27th the 26th's daily may still be solved (the grace day): the run is alive.
        assert_eq!(streak(&history, "2026-11-27"), (2, 3));
        // On the 28th the 26th is out of time: the streak is over; the best stays.
        assert_eq!(streak(&history, "2026-11-28"), (0, 3));
        // A revealed solution today ends the run at once.
        let mut revealed = history.to_vec();
        revealed.push(daily("2026-11-26", "2026-11-26", Outcome::Revealed));
        assert_eq!(streak(&revealed, "2026-11-26"), (0, 3));
    }

    #[test]
    fn today_not_yet_solved_keeps_yesterdays_streak_alive() {
        let history = [
            daily("2026-11-27", "2026-11-27", Outcome::Solved),
            daily("2026-11-28", "2026-11-28", Outcome::Solved),
        ];
        assert_eq!(streak(&history, "2026-11-29"), (2, 2));
        let mut today = history.to_vec();
        today.push(daily("2026-11-29", "2026-11-29", Outcome::Solved));
        assert_eq!(streak(&today, "2026-11-29"), (3, 3));
    }

    #[test]
    fn a_revealed_solution_breaks_the_streak_even_if_solved_again() {
        let history = [
            daily("2026-11-26", "2026-11-26", Outcome::Solved),
            daily("2026-11-27", "2026-11-27", Outcome::Revealed),
            daily("2026-11-27", "2026-11-27", Outcome::Solved),
            daily("2026-11-28", "2026-11-28", Outcome::Solved),
        ];
        assert_eq!(streak(&history, "2026-11-28"), (1, 1));
        let record = DailyRecord::from_games(&history);
        assert_eq!(record.mark(Variant::Classic, day("2026-11-27")), Some(DayMark::Revealed));
        // A game the engine played part of (auto-solve) counts as revealed.
        let mut auto = daily("2026-11-29", "2026-11-29", Outcome::Solved);
        auto.revealed = true;
        assert_eq!(streak(&[auto], "2026-11-29"), (0, 0));
    }

    #[test]
    fn two_games_the_same_day_count_once_and_a_reveal_after_a_solve_changes_nothing() {
        let history = [
            daily("2026-11-28", "2026-11-28", Outcome::Solved),
            daily("2026-11-28", "2026-11-28", Outcome::Solved),
            daily("2026-11-29", "2026-11-29", Outcome::Solved),
            daily("2026-11-29", "2026-11-29", Outcome::Revealed),
        ];
        let mut history = history.to_vec();
        // The revealed game (started again after the solve) ended an hour later.
        if let Some(finish) = &mut history[3].finished {
            finish.at.0 += 3600;
        }
        assert_eq!(streak(&history, "2026-11-29"), (2, 2));
    }

    #[test]
    fn a_day_solved_late_shows_but_does_not_count_and_the_next_day_is_grace() {
        let history = [
            daily("2026-11-25", "2026-11-25", Outcome::Solved),
            // Played from the archive three days later.
            daily("2026-11-26", "2026-11-29", Outcome::Solved),
            // Finished after midnight: still in time.
            daily("2026-11-27", "2026-11-28", Outcome::Solved),
        ];
        let record = DailyRecord::from_games(&history);
        assert_eq!(record.mark(Variant::Classic, day("2026-11-26")), Some(DayMark::SolvedLate));
        assert_eq!(record.mark(Variant::Classic, day("2026-11-27")), Some(DayMark::Solved));
        assert_eq!(streak(&history, "2026-11-28"), (1, 1));
    }

    #[test]
    fn variants_keep_a_streak_each_and_other_games_are_passed_over() {
        let killer = crate::profile::saves::fixtures::killer_puzzle();
        let mut killer_daily = daily("2026-11-29", "2026-11-29", Outcome::Solved);
        killer_daily.puzzle = killer;
        let mut not_daily = daily("2026-11-28", "2026-11-28", Outcome::Solved);
        not_daily.daily = None;
        let record = DailyRecord::from_games(&[killer_daily, not_daily]);
        assert_eq!(record.streak(Variant::Killer, day("2026-11-29")), Streak { current: 1, best: 1 });
        assert_eq!(record.streak(Variant::Classic, day("2026-11-29")), Streak::default());
    }
}
