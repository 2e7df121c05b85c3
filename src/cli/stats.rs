//! `termdoku stats`: the player's statistics per level, as a table or as one JSON document.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use super::OutputFormat;
use crate::engine::Variant;
use crate::engine::daily::DailyDate;
use crate::profile::Overrides;
use crate::profile::daily::{DailyRecord, DayMark, daily_streak_table};
use crate::profile::saves::SavedGame;
use crate::profile::stats::Stats;
use crate::profile::time::Timestamp;

/// Arguments of `termdoku stats` (the player is chosen with `--profile`).
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Output format: `text` (a table) or `json`: one JSON document for scripts,
    /// `{"levels": [...]}`, one object per variant and level with the keys `variant` (classic,
    /// killer), `level` (easy ... extreme, null when unrated), `played`, `solved`, `revealed`,
    /// `best_time`, `median_time` (seconds, null without a solve), `recent_times` (the last 20
    /// solve times in seconds, oldest first), `hints_used`, `current_streak` and `best_streak`;
    /// and `"daily"`: for `classic` and `killer`, the daily puzzles' `current_streak` and
    /// `best_streak` (as of today, UTC) and `days`, each day finished (`YYYY-MM-DD`) with how it
    /// went (`solved`, `solved_late`, `revealed`).
    /// Times count solved games only (hints allowed; a revealed solution is no solve).
    #[arg(long, value_enum, default_value_t, verbatim_doc_comment, hide_possible_values = true)]
    pub format: OutputFormat,
}

/// Prints the statistics table, or the statistics as JSON.
pub fn run(args: &StatsArgs, overrides: &Overrides) -> anyhow::Result<ExitCode> {
    let session = super::open_session(overrides)?;
    let store = session.saves();
    let history = store.history();
    let unfinished = store.unfinished();
    let dirs = &session.dirs;
    for (listing, folder) in [(&history, dirs.history_dir()), (&unfinished, dirs.saves_dir())] {
        for problem in super::listing::problems(listing, &folder).unwrap_or_else(|folder| vec![folder]) {
            eprintln!("warning: {problem}");
        }
    }
    let stats = Stats::compute(&history.games, &unfinished.games);
    let text = match args.format {
        OutputFormat::Text => stats.table() + &daily_streak_table(&history.games),
        OutputFormat::Json => {
            let daily = DailyJson::of(&history.games, Timestamp::now().date());
            serde_json::to_string_pretty(&StatsJson { stats: &stats, daily })? + "\n"
        }
    };
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// `stats --format json`: the figures per level, and the daily puzzles' beside them.
#[derive(Serialize)]
struct StatsJson<'a> {
    /// The figures per variant and level (`"levels"`).
    #[serde(flatten)]
    stats: &'a Stats,
    /// The daily puzzles per variant.
    daily: DailyJson,
}

/// The daily puzzles of both variants.
#[derive(Serialize)]
struct DailyJson {
    /// Classic dailies.
    classic: DailyVariant,
    /// Killer dailies.
    killer: DailyVariant,
}

/// One variant's dailies: its streak and every day finished.
#[derive(Serialize)]
struct DailyVariant {
    /// Days solved in a row, up to today (or yesterday while today is not solved yet).
    current_streak: u32,
    /// The longest run of days solved.
    best_streak: u32,
    /// Each day whose daily was finished, with how it went.
    days: BTreeMap<String, DayMark>,
}

impl DailyJson {
    /// The dailies in `history` as of `today`.
    fn of(history: &[SavedGame], today: DailyDate) -> DailyJson {
        let record = DailyRecord::from_games(history);
        let variant = |variant: Variant| {
            let streak = record.streak(variant, today);
            let days = record.days(variant).iter().map(|(date, mark)| (date.to_string(), *mark)).collect();
            DailyVariant { current_streak: streak.current, best_streak: streak.best, days }
        };
        DailyJson { classic: variant(Variant::Classic), killer: variant(Variant::Killer) }
    }
}
