//! `termdoku stats`: the player's statistics per level.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;

use crate::profile::Overrides;
use crate::profile::daily::daily_streak_table;
use crate::profile::stats::Stats;

/// Arguments of `termdoku stats` (the player is chosen with `--profile`).
#[derive(Debug, Args)]
pub struct StatsArgs {}

/// Prints the statistics table.
pub fn run(_args: &StatsArgs, overrides: &Overrides) -> anyhow::Result<ExitCode> {
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
    std::io::stdout().lock().write_all(stats.table().as_bytes())?;
    std::io::stdout().lock().write_all(daily_streak_table(&history.games).as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
