//! Starting the game from a [`PlayRequest`]: the profile as the [`Host`], the first game (continued,
//! given, or new: a ready puzzle from the library, else the built-in one at once while a new one is
//! made), the configuration applied, the game played; then, once the terminal is given back, what the
//! player must know (save problems, where unsaved moves went) and the exit status.

use std::process::ExitCode;

use anyhow::Context;

use crate::engine::Variant;
use crate::engine::daily::daily_level;
use crate::engine::logic::Level;
use crate::play::{FirstGame, PlayRequest};

use super::app::App;
use super::daily::DailyBook;
use super::dialogs::Overlay;
use super::effect::Effect;
use super::event::Event;
use super::host::Host;
use super::profile_host::ProfileHost;
use super::puzzles::offline_puzzle;
use super::settings;
use super::signals::Interrupted;
use crate::game::Game;

/// The exit status when the game's last moves could not be saved in the profile.
pub const UNSAVED_EXIT: u8 = 3;

/// Plays the game `request` asks for until the player quits; the exit status.
pub fn play(request: PlayRequest) -> anyhow::Result<ExitCode> {
    super::terminal::check_terminal()?;
    let PlayRequest { session, first, seed, damaged } = request;
    let resumed = match &first {
        FirstGame::Resume(saved) => Some(saved.as_ref()),
        _ => None,
    };
    let mut host = ProfileHost::new(&session, resumed, seed);
    let (mut app, effects) = match first {
        FirstGame::Resume(saved) => {
            let mut app = App::new(saved.to_game(), seed);
            app.cursor = saved.cursor;
            app.pencil = saved.pencil;
            (app, Vec::new())
        }
        FirstGame::Puzzle { puzzle, level } => (App::new(Game::new(puzzle, Some(level)), seed), Vec::new()),
        FirstGame::New { variant, level } => new_game(variant, level, seed, &mut host)?,
        FirstGame::Daily { variant, date } => {
            let level = daily_level(variant, date);
            let first = offline_puzzle(variant, level, seed).context("the built-in puzzle set is empty")?;
            let mut app = App::new(Game::new(first.puzzle, Some(first.level)), seed);
            let effects = app.request_daily(variant, date);
            (app, effects)
        }
    };
    app.daily = DailyBook::from_history(&session.saves().history().games);
    settings::apply(&mut app, &session.config, std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()));
    if !damaged.is_empty() {
        let mut lines = damaged;
        lines.push(
            "The game goes on; each file is kept as it was found, a damaged one under the name shown.".into(),
        );
        app.overlay = Overlay::Info { title: "Save not loaded".into(), lines };
    }
    if host.open_elsewhere() {
        app.read_only = true;
        app.overlay = Overlay::OpenElsewhere;
    }
    host.refill_library();
    let played = super::run_hosted(app, effects, &mut host);
    let report = host.exit_report();
    for error in host.errors() {
        // The exit report below says it again, with what became of the game.
        if !report.is_some_and(|r| error.ends_with(&r.reason)) {
            eprintln!("warning: {error}");
        }
    }
    if let Some(report) = report {
        eprintln!("error: {report}");
        return Ok(ExitCode::from(UNSAVED_EXIT));
    }
    match played {
        Err(error) => match error.downcast_ref::<Interrupted>() {
            Some(interrupted) => {
                eprintln!("termdoku: {interrupted}");
                Ok(ExitCode::from(interrupted.exit_status()))
            }
            None => Err(error),
        },
        Ok(()) => Ok(ExitCode::SUCCESS),
    }
}

/// A new game of `variant` at `level`: a ready puzzle from the library when there is one, else the
/// offline puzzle at once while the worker makes a new one (Esc keeps the offline one).
fn new_game(
    variant: Variant,
    level: Level,
    seed: u64,
    host: &mut ProfileHost,
) -> anyhow::Result<(App, Vec<Effect>)> {
    if let Some(Event::Generated { puzzle: Some(ready), .. }) = host.ready_puzzle(0, variant, level) {
        return Ok((App::new(Game::new(ready.puzzle, Some(ready.level)), seed), Vec::new()));
    }
    let first = offline_puzzle(variant, level, seed).context("the built-in puzzle set is empty")?;
    let mut app = App::new(Game::new(first.puzzle, Some(first.level)), seed);
    let effects = app.request_game(variant, level);
    Ok((app, effects))
}
