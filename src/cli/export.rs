//! `termdoku export [GAME] --format line|grid|pencil`: print a saved game (the latest unfinished one
//! by default; GAME is a game id or the start of one, as `termdoku play --list` shows them).

use std::io::Write;
use std::process::ExitCode;

use anyhow::bail;
use clap::{Args, ValueEnum};

use crate::profile::export::{ExportFormat, export};
use crate::profile::saves::SavedGame;
use crate::profile::{Environment, Overrides, Session};

/// How to print the game.
#[derive(Clone, Copy, Debug, Default, ValueEnum)]
pub enum FormatArg {
    /// The 81-character line: givens and entered digits.
    #[default]
    Line,
    /// Nine rows with box separators.
    Grid,
    /// Nine rows, empty cells showing their pencil marks.
    Pencil,
}

/// Arguments of `termdoku export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The game: its id or the start of it (default: the latest unfinished game).
    pub game: Option<String>,
    /// The output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: FormatArg,
}

/// Prints the game.
pub fn run(args: &ExportArgs, overrides: &Overrides) -> anyhow::Result<ExitCode> {
    let session = Session::open(overrides, &Environment::from_process())?;
    let store = session.saves();
    let unfinished = store.unfinished();
    let history = store.history();
    for damaged in unfinished.damaged.iter().chain(&history.damaged) {
        eprintln!("warning: {damaged}");
    }
    let game = pick(args.game.as_deref(), unfinished.games, history.games)?;
    let format = match args.format {
        FormatArg::Line => ExportFormat::Line,
        FormatArg::Grid => ExportFormat::Grid,
        FormatArg::Pencil => ExportFormat::Pencil,
    };
    std::io::stdout().lock().write_all(export(&game, format).as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// The game named by `wanted` (an id or the start of one), or the latest unfinished one.
fn pick(
    wanted: Option<&str>,
    unfinished: Vec<SavedGame>,
    history: Vec<SavedGame>,
) -> anyhow::Result<SavedGame> {
    let Some(wanted) = wanted else {
        return match unfinished.into_iter().next() {
            Some(game) => Ok(game),
            None => bail!("no unfinished game: name one (see `termdoku play --list`)"),
        };
    };
    let mut matches: Vec<SavedGame> =
        unfinished.into_iter().chain(history).filter(|g| g.id.starts_with(wanted)).collect();
    match matches.len() {
        0 => bail!("no saved game `{wanted}` (see `termdoku play --list`)"),
        1 => Ok(matches.remove(0)),
        n => bail!("`{wanted}` matches {n} games: give more of the id"),
    }
}
