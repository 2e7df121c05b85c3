//! Statistics per level, computed from the saved games: played, solved, best and median time, the
//! last [`RECENT_SOLVES`] solve times, hints used, the current and best streak of games solved
//! without asking for the solution.
//!
//! The times (best, median, recent) are those of solved games only: a game whose solution was
//! revealed, and a game still going, count as played but have no solve time. Hints do not stop a
//! game from counting as solved. Recent times are ordered by finish time, oldest first.
//!
//! Nothing is stored apart from the games themselves, so the numbers can never drift from them.
//! The types serialise (`termdoku stats --format json`) with every duration in seconds.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Duration;

use serde::ser::{SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};

use super::saves::{Outcome, SavedGame, finished_in_order};
use crate::engine::Variant;
use crate::engine::logic::Level;

/// How many of the latest solve times [`LevelStats::recent_times`] keeps.
pub const RECENT_SOLVES: usize = 20;

/// The numbers of one level.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize)]
pub struct LevelStats {
    /// Games started (finished or not).
    pub played: u32,
    /// Games the player solved.
    pub solved: u32,
    /// Games whose solution the player asked for.
    pub revealed: u32,
    /// The fastest solve (in JSON: seconds, `null` without a solve).
    #[serde(serialize_with = "seconds_or_null")]
    pub best_time: Option<Duration>,
    /// The median solve time (in JSON: seconds, `null` without a solve).
    #[serde(serialize_with = "seconds_or_null")]
    pub median_time: Option<Duration>,
    /// The last [`RECENT_SOLVES`] solve times, oldest first by finish time (in JSON: seconds).
    #[serde(serialize_with = "seconds_list")]
    pub recent_times: Vec<Duration>,
    /// Hints asked for, over every game.
    pub hints_used: u32,
    /// Solved games in a row up to the latest finished one.
    pub current_streak: u32,
    /// The longest run of solved games.
    pub best_streak: u32,
}

/// Statistics by level; `None` is puzzles of unknown level (imported, pasted).
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize)]
pub struct Stats {
    /// The levels that have games, easiest first, unknown last (in JSON: a list of objects, each
    /// with its `variant` and `level` beside the figures).
    #[serde(serialize_with = "level_rows")]
    pub levels: BTreeMap<LevelKey, LevelStats>,
}

/// A row of the statistics: a variant and a level (`None`: unrated). Rows order by variant (in
/// [`Variant::ALL`]'s order), then easiest first with the unrated level last.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct LevelKey {
    variant: Variant,
    level: Option<Level>,
}

impl Ord for LevelKey {
    fn cmp(&self, other: &LevelKey) -> std::cmp::Ordering {
        let rank = |key: &LevelKey| (key.variant, key.level.is_none(), key.level);
        rank(self).cmp(&rank(other))
    }
}

impl PartialOrd for LevelKey {
    fn partial_cmp(&self, other: &LevelKey) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl LevelKey {
    /// The key of a classic game of `level`.
    pub fn of(level: Option<Level>) -> LevelKey {
        LevelKey::of_variant(level, Variant::Classic)
    }

    /// The key of a game of `level` and `variant`.
    pub fn of_variant(level: Option<Level>, variant: Variant) -> LevelKey {
        LevelKey { variant, level }
    }

    /// The key of `game`: its level and variant.
    pub fn of_game(game: &SavedGame) -> LevelKey {
        LevelKey::of_variant(game.level, game.puzzle.variant())
    }

    /// The name shown in tables: the level, after the variant's tag for all but classic (`K hard`,
    /// `X easy`; see [`variant_notes`]).
    pub fn name(self) -> String {
        match self.variant.tag() {
            "" => self.level_name().to_string(),
            tag => format!("{tag} {}", self.level_name()),
        }
    }

    /// Whether this is a killer's key.
    pub fn is_killer(self) -> bool {
        self.variant.has_cages()
    }

    /// The variant of the games under this key.
    pub fn variant(self) -> Variant {
        self.variant
    }

    /// The level of the games under this key (`None`: unrated).
    pub fn level(self) -> Option<Level> {
        self.level
    }

    /// The level's own name, without the variant: `easy` ... `extreme`, `unrated`.
    pub fn level_name(self) -> &'static str {
        self.level().map_or("unrated", Level::name)
    }
}

/// In JSON a key is two fields: `variant` (`classic`, `killer`) and `level` (`easy` ... `extreme`,
/// or `null` for an unrated puzzle).
impl Serialize for LevelKey {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut fields = serializer.serialize_struct("LevelKey", 2)?;
        fields.serialize_field("variant", &self.variant())?;
        fields.serialize_field("level", &self.level().map(Level::name))?;
        fields.end()
    }
}

/// One level's row in JSON: its key's fields, then its figures.
#[derive(Serialize)]
struct LevelRow<'a> {
    #[serde(flatten)]
    key: LevelKey,
    #[serde(flatten)]
    figures: &'a LevelStats,
}

/// The levels as a JSON list of rows, in the table's order.
fn level_rows<S: Serializer>(
    levels: &BTreeMap<LevelKey, LevelStats>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut rows = serializer.serialize_seq(Some(levels.len()))?;
    for (&key, figures) in levels {
        rows.serialize_element(&LevelRow { key, figures })?;
    }
    rows.end()
}

/// A duration as seconds (fractions kept), `null` when there is none.
fn seconds_or_null<S: Serializer>(time: &Option<Duration>, serializer: S) -> Result<S::Ok, S::Error> {
    time.map(|t| t.as_secs_f64()).serialize(serializer)
}

/// Durations as a list of seconds.
fn seconds_list<S: Serializer>(times: &[Duration], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(times.iter().map(Duration::as_secs_f64))
}

/// The line under a table that has killer rows (and no rows of the other non-classic variants).
pub const KILLER_NOTE: &str = "K: Killer Sudoku";

/// The line under a table that says what the tags of its rows' variants mean (`K: Killer Sudoku`,
/// `X: Sudoku X`, ...); empty when every row is classic.
pub fn variant_notes(variants: &[Variant]) -> String {
    let notes: Vec<String> = variants
        .iter()
        .filter(|v| !v.tag().is_empty())
        .map(|v| match v {
            Variant::Killer => KILLER_NOTE.to_string(),
            v => format!("{}: {}", v.tag(), v.title()),
        })
        .collect();
    notes.join("  ")
}

impl Stats {
    /// Whether any row is a killer's.
    pub fn has_killers(&self) -> bool {
        self.levels.keys().any(|k| k.is_killer())
    }

    /// The variants that have games, classic first.
    pub fn variants(&self) -> Vec<Variant> {
        Variant::ALL.into_iter().filter(|&v| self.levels.keys().any(|k| k.variant() == v)).collect()
    }

    /// The levels of `variant` that have games, easiest first, unrated last.
    pub fn levels_of(&self, variant: Variant) -> impl Iterator<Item = (LevelKey, &LevelStats)> {
        self.levels.iter().filter(move |(k, _)| k.variant() == variant).map(|(&k, s)| (k, s))
    }
}

impl Stats {
    /// The statistics of finished games (`history`) and games still going (`unfinished`).
    pub fn compute(history: &[SavedGame], unfinished: &[SavedGame]) -> Stats {
        let finished = finished_in_order(history);
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
        for (key, solve_times) in times {
            let entry = levels.entry(key).or_default();
            solve_time_figures(entry, solve_times);
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
        let notes = variant_notes(&self.variants());
        if !notes.is_empty() {
            let _ = writeln!(out, "{notes}");
        }
        out
    }
}

/// Fills `entry`'s time figures from `solve_times`, its solved games' times in finish order: the
/// best, the median and the last [`RECENT_SOLVES`].
fn solve_time_figures(entry: &mut LevelStats, mut solve_times: Vec<Duration>) {
    entry.recent_times = solve_times[solve_times.len().saturating_sub(RECENT_SOLVES)..].to_vec();
    solve_times.sort();
    entry.best_time = solve_times.first().copied();
    entry.median_time = median(&solve_times);
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
        let e = &stats.levels[&LevelKey::of(Some(Level::Easy))];
        assert_eq!((e.played, e.solved, e.revealed, e.hints_used), (5, 4, 1, 7));
        assert_eq!(e.best_time, Some(Duration::from_secs(100)));
        assert_eq!(e.median_time, Some(Duration::from_secs(250)));
        assert_eq!((e.current_streak, e.best_streak), (2, 2));
        let hard = &stats.levels[&LevelKey::of(Some(Level::Hard))];
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
        let killer = crate::profile::saves::fixtures::killer_puzzle();
        let mut hard_killer = finished(Some(Level::Hard), 2, Outcome::Solved, 600, 0);
        hard_killer.puzzle = killer;
        let history = [finished(Some(Level::Hard), 1, Outcome::Solved, 300, 0), hard_killer];
        let stats = Stats::compute(&history, &[]);
        assert_eq!(stats.levels[&LevelKey::of(Some(Level::Hard))].played, 1);
        assert_eq!(
            stats.levels[&LevelKey::of_variant(Some(Level::Hard), Variant::Killer)].best_time,
            Some(Duration::from_secs(600))
        );
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
        assert_eq!(stats.levels[&LevelKey::of(None)].hints_used, u32::MAX);
    }

    fn secs(seconds: &[u64]) -> Vec<Duration> {
        seconds.iter().map(|&s| Duration::from_secs(s)).collect()
    }

    #[test]
    fn recent_times_are_the_last_twenty_solves_in_finish_order() {
        let hard = Some(Level::Hard);
        // Finished in the order of `at`, listed here out of that order; games 3 and 7 were revealed.
        let mut history: Vec<SavedGame> = (1..=25u64)
            .rev()
            .map(|at| {
                let outcome = if at == 3 || at == 7 { Outcome::Revealed } else { Outcome::Solved };
                finished(hard, at, outcome, 100 + at, 0)
            })
            .collect();
        history.swap(0, 10);
        let stats = Stats::compute(&history, &[]);
        let h = &stats.levels[&LevelKey::of(Some(Level::Hard))];
        let expected: Vec<u64> = (1..=25).filter(|at| *at != 3 && *at != 7).map(|at| 100 + at).collect();
        assert_eq!(h.recent_times, secs(&expected[expected.len() - RECENT_SOLVES..]));
        assert_eq!(h.recent_times.len(), 20);
        assert_eq!(h.best_time, Some(Duration::from_secs(101)), "the oldest solve still counts for the best");
    }

    #[test]
    fn an_even_count_has_the_mean_of_the_middle_two_as_median() {
        let medium = Some(Level::Medium);
        let history = [
            finished(medium, 1, Outcome::Solved, 61, 0),
            finished(medium, 2, Outcome::Solved, 400, 0),
            finished(medium, 3, Outcome::Solved, 30, 0),
            finished(medium, 4, Outcome::Solved, 90, 0),
        ];
        let m = &Stats::compute(&history, &[]).levels[&LevelKey::of(Some(Level::Medium))];
        assert_eq!(m.median_time, Some(Duration::from_millis(75_500)));
        assert_eq!(m.best_time, Some(Duration::from_secs(30)));
        assert_eq!(m.recent_times, secs(&[61, 400, 30, 90]));
    }

    #[test]
    fn unsolved_games_have_no_times() {
        let expert = Some(Level::Expert);
        let history =
            [finished(expert, 1, Outcome::Revealed, 50, 0), finished(expert, 2, Outcome::Revealed, 70, 0)];
        let mut going = sample_game();
        going.level = Some(Level::Extreme);
        going.elapsed = Duration::from_secs(500);
        let stats = Stats::compute(&history, &[going]);
        for key in [LevelKey::of(Some(Level::Expert)), LevelKey::of(Some(Level::Extreme))] {
            let s = &stats.levels[&key];
            assert_eq!((s.best_time, s.median_time, s.recent_times.len()), (None, None, 0), "{key:?}");
        }
        assert!(
            !stats.levels.contains_key(&LevelKey::of(Some(Level::Easy))),
            "a level without games is absent"
        );
    }

    #[test]
    fn json_has_every_figure_in_seconds() {
        let history = [
            finished(Some(Level::Easy), 1, Outcome::Solved, 100, 2),
            finished(Some(Level::Easy), 2, Outcome::Solved, 201, 0),
            finished(None, 3, Outcome::Revealed, 9, 0),
        ];
        let json = serde_json::to_value(Stats::compute(&history, &[])).expect("serialises");
        let expected = serde_json::json!({"levels": [
            {"variant": "classic", "level": "easy", "played": 2, "solved": 2, "revealed": 0,
             "best_time": 100.0, "median_time": 150.5, "recent_times": [100.0, 201.0], "hints_used": 2,
             "current_streak": 2, "best_streak": 2},
            {"variant": "classic", "level": null, "played": 1, "solved": 0, "revealed": 1,
             "best_time": null, "median_time": null, "recent_times": [], "hints_used": 0,
             "current_streak": 0, "best_streak": 0},
        ]});
        assert_eq!(json, expected);
    }

    #[test]
    fn durations_read_well() {
        assert_eq!(format_duration(Duration::from_secs(65)), "1:05");
        assert_eq!(format_duration(Duration::from_secs(3725)), "1:02:05");
        assert_eq!(Stats::default().table(), "No games yet: start one with `termdoku`.\n");
    }
}
