//! `termdoku stats`: the player's statistics per level, as a table or as one JSON document.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;

use super::OutputFormat;
use crate::profile::Overrides;
use crate::profile::stats::Stats;

/// Arguments of `termdoku stats` (the player is chosen with `--profile`).
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Output format: `text` (a table) or `json`: one JSON document for scripts,
    /// `{"levels": [...]}`, one object per variant and level with the keys `variant` (classic,
    /// killer), `level` (easy ... extreme, null when unrated), `played`, `solved`, `revealed`,
    /// `best_time`, `median_time` (seconds, null without a solve), `recent_times` (the last 20
    /// solve times in seconds, oldest first), `hints_used`, `current_streak` and `best_streak`.
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
        OutputFormat::Text => stats.table(),
        OutputFormat::Json => serde_json::to_string_pretty(&stats)? + "\n",
    };
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
