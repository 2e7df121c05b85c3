//! `termdoku stats`: the player's statistics per level.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;

use crate::profile::stats::Stats;
use crate::profile::{Environment, Overrides, Session};

/// Arguments of `termdoku stats` (the player is chosen with `--profile`).
#[derive(Debug, Args)]
pub struct StatsArgs {}

/// Prints the statistics table.
pub fn run(_args: &StatsArgs, overrides: &Overrides) -> anyhow::Result<ExitCode> {
    let session = Session::open(overrides, &Environment::from_process())?;
    let store = session.saves();
    let history = store.history();
    let unfinished = store.unfinished();
    for problem in history.problems().iter().chain(&unfinished.problems()) {
        eprintln!("warning: {problem}");
    }
    let stats = Stats::compute(&history.games, &unfinished.games);
    std::io::stdout().lock().write_all(stats.table().as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
