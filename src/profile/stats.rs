//! Statistics per level, computed from the saved games: played, solved, best and median time, hints
//! used, the current and best streak of games solved without asking for the solution.
//!
//! Nothing is stored apart from the games themselves, so the numbers can never drift from them.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Duration;

use super::saves::{Outcome, SavedGame};
use crate::engine::Variant;
use crate::engine::logic::Level;

/// The numbers of one level.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct LevelStats {
    /// Games started (finished or not).
    pub played: u32,
    /// Games the player solved.
    pub solved: u32,
    /// Games whose solution the player asked for.
    pub revealed: u32,
    /// The fastest solve.
    pub best_time: Option<Duration>,
    /// The median solve time.
    pub median_time: Option<Duration>,
    /// Hints asked for, over every game.
    pub hints_used: u32,
    /// Solved games in a row up to the latest finished one.
    pub current_streak: u32,
    /// The longest run of solved games.
    pub best_streak: u32,
}

/// Statistics by level; `None` is puzzles of unknown level (imported, pasted).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Stats {
    /// The levels that have games, easiest first, unknown last.
    pub levels: BTreeMap<LevelKey, LevelStats>,
}

/// Orders levels easiest first with the unknown level last, classic games before killers.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum LevelKey {
    /// A known level.
    Known(Level),
    /// Unknown level.
    Unrated,
    /// A killer of a known level.
    Killer(Level),
    /// A killer of unknown level.
    KillerUnrated,
}

impl LevelKey {
    /// The key of `level`.
    pub fn of(level: Option<Level>) -> LevelKey {
        level.map_or(LevelKey::Unrated, LevelKey::Known)
    }

    /// The key of a game of `level` and `variant`.
    pub fn of_variant(level: Option<Level>, variant: Variant) -> LevelKey {
        match (variant, level) {
            (Variant::Classic, _) => LevelKey::of(level),
            (Variant::Killer, Some(level)) => LevelKey::Killer(level),
            (Variant::Killer, None) => LevelKey::KillerUnrated,
        }
    }

    /// The key of `game`: its level and variant.
    pub fn of_game(game: &SavedGame) -> LevelKey {
        LevelKey::of_variant(game.level, game.puzzle.variant())
    }

    /// The name shown in tables (killers as `K hard`, see [`KILLER_NOTE`]).
    pub fn name(self) -> String {
        match self {
            LevelKey::Known(level) => level.name().to_string(),
            LevelKey::Unrated => "unrated".to_string(),
            LevelKey::Killer(level) => format!("K {}", level.name()),
            LevelKey::KillerUnrated => "K unrated".to_string(),
        }
    }

    /// Whether this is a killer's key.
    pub fn is_killer(self) -> bool {
        matches!(self, LevelKey::Killer(_) | LevelKey::KillerUnrated)
    }
}

/// The line under a table that has killer rows.
pub const KILLER_NOTE: &str = "K: Killer Sudoku";

impl Stats {
    /// Whether any row is a killer's.
    pub fn has_killers(&self) -> bool {
        self.levels.keys().any(|k| k.is_killer())
    }
}

impl Stats {
    /// The statistics of finished games (`history`) and games still going (`unfinished`).
    pub fn compute(history: &[SavedGame], unfinished: &[SavedGame]) -> Stats {
        let mut finished: Vec<&SavedGame> = history.iter().filter(|g| g.finished.is_some()).collect();
        finished.sort_by_key(|g| (g.finished.map(|f| f.at), g.id.clone()));
        let mut levels: BTreeMap<LevelKey, LevelStats> = BTreeMap::new();
        let mut times: BTreeMap<LevelKey, Vec<Duration>> = BTreeMap::new();
        for game in &finished {
            let key = LevelKey::of_game(game);
            let entry = levels.entry(key).or_default();
            entry.played += 1;
            entry.hints_used = entry.hints_used.saturating_add(game.hints_used);
            match game.finished.map(|f| f.outcome) {
                Some(Outcome::Solved) => {
                    entry.solved += 1;
                    entry.current_streak += 1;
                    entry.best_streak = entry.best_streak.max(entry.current_streak);
                    times.entry(key).or_default().push(game.elapsed);
                }
                _ => {
                    entry.revealed += 1;
                    entry.current_streak = 0;
                }
            }
        }
        for game in unfinished {
            let entry = levels.entry(LevelKey::of_game(game)).or_default();
            entry.played += 1;
            entry.hints_used = entry.hints_used.saturating_add(game.hints_used);
        }
        for (key, mut solve_times) in times {
            solve_times.sort();
            let entry = levels.entry(key).or_default();
            entry.best_time = solve_times.first().copied();
            entry.median_time = median(&solve_times);
        }
        Stats { levels }
    }

    /// A table for the terminal, one row per level.
    pub fn table(&self) -> String {
        if self.levels.is_empty() {
            return "No games yet: start one with `termdoku`.\n".to_string();
        }
        let mut out = String::from(
            "level     played  solved  revealed     best   median  hints  streak  best streak\n",
        );
        for (key, s) in &self.levels {
            let _ = writeln!(
                out,
                "{:<9} {:>6}  {:>6}  {:>8} {:>8} {:>8}  {:>5}  {:>6}  {:>11}",
                key.name(),
                s.played,
                s.solved,
                s.revealed,
                s.best_time.map_or_else(|| "-".into(), format_duration),
                s.median_time.map_or_else(|| "-".into(), format_duration),
                s.hints_used,
                s.current_streak,
                s.best_streak,
            );
        }
        if self.has_killers() {
            let _ = writeln!(out, "{KILLER_NOTE}");
        }
        out
    }
}

/// The median of sorted `times` (the mean of the middle two for an even count).
fn median(times: &[Duration]) -> Option<Duration> {
    let middle = times.len() / 2;
    match times.len() {
        0 => None,
        n if n % 2 == 1 => Some(times[middle]),
        _ => Some((times[middle - 1] + times[middle]) / 2),
    }
}

/// `m:ss`, or `h:mm:ss` from an hour on.
pub fn format_duration(duration: Duration) -> String {
    let seconds = duration.as_secs();
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 { format!("{hours}:{minutes:02}:{seconds:02}") } else { format!("{minutes}:{seconds:02}") }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::saves::Finish;
    use crate::profile::saves::fixtures::sample_game;
    use crate::profile::time::Timestamp;

    fn finished(level: Option<Level>, at: u64, outcome: Outcome, seconds: u64, hints: u32) -> SavedGame {
        let mut game = sample_game();
        game.level = level;
        game.id = format!("g{at}");
        game.finished = Some(Finish { at: Timestamp(at), outcome });
        game.elapsed = Duration::from_secs(seconds);
        game.hints_used = hints;
        game
    }

    #[test]
    fn counts_times_and_streaks_per_level() {
        let easy = Some(Level::Easy);
        let history = [
            finished(easy, 1, Outcome::Solved, 300, 1),
            finished(easy, 2, Outcome::Solved, 100, 0),
            finished(easy, 3, Outcome::Revealed, 50, 4),
            finished(easy, 4, Outcome::Solved, 200, 0),
            finished(easy, 5, Outcome::Solved, 400, 2),
            finished(None, 6, Outcome::Solved, 90, 0),
        ];
        let mut going = sample_game();
        going.level = Some(Level::Hard);
        let stats = Stats::compute(&history, &[going]);
        let e = &stats.levels[&LevelKey::Known(Level::Easy)];
        assert_eq!((e.played, e.solved, e.revealed, e.hints_used), (5, 4, 1, 7));
        assert_eq!(e.best_time, Some(Duration::from_secs(100)));
        assert_eq!(e.median_time, Some(Duration::from_secs(250)));
        assert_eq!((e.current_streak, e.best_streak), (2, 2));
        let hard = &stats.levels[&LevelKey::Known(Level::Hard)];
        assert_eq!((hard.played, hard.solved, hard.best_time), (1, 0, None));
        let keys: Vec<_> = stats.levels.keys().map(|k| k.name()).collect();
        assert_eq!(keys, ["easy", "hard", "unrated"]);
        assert!(
            stats
                .table()
                .contains("easy           5       4         1     1:40     4:10      7       2            2"),
            "{}",
            stats.table()
        );
    }

    #[test]
    fn killers_count_apart_from_classic_games() {
        let killer = {
            let (givens, cages) =
                crate::engine::text::parse_killer_line(crate::profile::saves::fixtures::KILLER)
                    .expect("valid");
            crate::engine::Puzzle::new_killer(givens, cages).expect("unique")
        };
        let mut hard_killer = finished(Some(Level::Hard), 2, Outcome::Solved, 600, 0);
        hard_killer.puzzle = killer;
        let history = [finished(Some(Level::Hard), 1, Outcome::Solved, 300, 0), hard_killer];
        let stats = Stats::compute(&history, &[]);
        assert_eq!(stats.levels[&LevelKey::Known(Level::Hard)].played, 1);
        assert_eq!(stats.levels[&LevelKey::Killer(Level::Hard)].best_time, Some(Duration::from_secs(600)));
        let table = stats.table();
        assert!(table.contains("\nK hard ") && table.ends_with("K: Killer Sudoku\n"), "{table}");
    }

    #[test]
    fn the_table_fits_in_80_columns() {
        let history = [finished(Some(Level::Extreme), 1, Outcome::Solved, 359_999, 99_999)];
        let table = Stats::compute(&history, &[]).table();
        assert!(table.lines().all(|line| line.chars().count() <= 80), "{table}");
    }

    #[test]
    fn hint_totals_saturate_instead_of_overflowing() {
        let history = [
            finished(None, 1, Outcome::Solved, 10, u32::MAX),
            finished(None, 2, Outcome::Solved, 20, u32::MAX),
        ];
        let mut going = sample_game();
        going.level = None;
        going.hints_used = u32::MAX;
        let stats = Stats::compute(&history, &[going]);
        assert_eq!(stats.levels[&LevelKey::Unrated].hints_used, u32::MAX);
    }

    #[test]
    fn durations_read_well() {
        assert_eq!(format_duration(Duration::from_secs(65)), "1:05");
        assert_eq!(format_duration(Duration::from_secs(3725)), "1:02:05");
        assert_eq!(Stats::default().table(), "No games yet: start one with `termdoku`.\n");
    }
}
