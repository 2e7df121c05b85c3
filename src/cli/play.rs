//! `termdoku play`: starts the game (also what `termdoku` alone does). Reads the options, picks the
//! first puzzle, and hands over to the TUI, which owns the terminal from then on.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use crate::cli::generate::parse_variant;
use crate::cli::input::{file_entries, looks_like_a_file, pick_entry};
use crate::engine::Variant;
use crate::engine::logic::Level;
use crate::engine::text::parse_puzzle;
use crate::engine::{Puzzle, rate};
use crate::game::Game;
use crate::profile::saves::SavedGame;
use crate::profile::{Environment, Overrides, Session};
use crate::tui::app::{App, Effect, Overlay};
use crate::tui::host::Host;
use crate::tui::profile_host::{ProfileHost, summary};
use crate::tui::puzzles::offline_puzzle;
use crate::tui::settings;
use crate::tui::signals::Interrupted;

/// Options of `termdoku play`.
#[derive(Debug, Default, Args)]
pub struct PlayArgs {
    /// Difficulty of the new puzzle: easy, medium, hard, expert or extreme.
    #[arg(long, short, value_name = "LEVEL")]
    pub difficulty: Option<Level>,
    /// Variant of the new puzzle: classic (the default) or killer.
    #[arg(long, value_name = "VARIANT", value_parser = parse_variant, conflicts_with = "puzzle")]
    pub variant: Option<Variant>,
    /// Play this puzzle: 81 characters (digits, `.` or `0` for blanks), a 9-line grid, a killer
    /// line (`<givens81> <cages81> <sums>`), or a file (`.sdk`, `.ss`, `.sdm` or any of those layouts).
    #[arg(long, short, value_name = "PUZZLE|FILE", conflicts_with = "difficulty")]
    pub puzzle: Option<String>,
    /// Which puzzle of a file holding many (1 is the first).
    #[arg(long, value_name = "N", requires = "puzzle")]
    pub index: Option<usize>,
    /// Seed for the puzzle generator (the same seed gives the same puzzles).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// List the saved unfinished games and exit.
    #[arg(long, conflicts_with_all = ["puzzle", "difficulty", "variant", "resume"])]
    pub list: bool,
    /// Continue saved game ID (or the start of its id, as `--list` shows it).
    #[arg(long, value_name = "ID", conflicts_with_all = ["puzzle", "difficulty", "variant"])]
    pub resume: Option<String>,
}

/// The exit status when the game's last moves could not be saved in the profile.
pub const UNSAVED_EXIT: u8 = 3;

/// The level of a game started without options.
const DEFAULT_LEVEL: Level = Level::Medium;

/// Runs the game: resumes the last unfinished game unless told otherwise.
pub fn run(args: &PlayArgs, overrides: &Overrides) -> anyhow::Result<ExitCode> {
    let session = Session::open(overrides, &Environment::from_process())?;
    let store = session.saves();
    let listing = store.unfinished();
    let damaged: Vec<String> = listing.problems();
    for problem in &damaged {
        eprintln!("warning: {problem}");
    }
    if args.list {
        print_list(&listing.games)?;
        return Ok(ExitCode::SUCCESS);
    }
    if !std::io::stdout().is_terminal() {
        anyhow::bail!(
            "the game needs a terminal, but standard output is not one (redirected to a file or a pipe?)"
        );
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    let resumed = match &args.resume {
        Some(wanted) => Some(find_saved(&listing.games, wanted)?),
        None if args.puzzle.is_none()
            && args.difficulty.is_none()
            && args.variant.is_none()
            && args.seed.is_none() =>
        {
            listing.games.first().cloned()
        }
        None => None,
    };
    let mut host = ProfileHost::new(&session, resumed.as_ref(), seed);
    let (mut app, effects) = match (&resumed, &args.puzzle) {
        (Some(saved), _) => {
            let mut app = App::new(saved.to_game(), seed);
            app.cursor = saved.cursor;
            (app, Vec::new())
        }
        (None, Some(text)) => {
            let puzzle = read_puzzle(text, args.index)?;
            // Rating takes milliseconds even for the hardest puzzles.
            let level = rate(&puzzle).level;
            (App::new(Game::new(puzzle, Some(level)), seed), Vec::new())
        }
        (None, None) => {
            let variant = args.variant.unwrap_or_default();
            new_game(variant, args.difficulty.unwrap_or(DEFAULT_LEVEL), seed, &mut host)?
        }
    };
    settings::apply(&mut app, &session.config, std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()));
    if !damaged.is_empty() {
        let mut lines = damaged.clone();
        lines.push("The game goes on; the damaged file is kept for inspection.".into());
        app.overlay = Overlay::Info { title: "Damaged save".into(), lines };
    }
    host.refill_library();
    let played = crate::tui::run_hosted(app, effects, &mut host);
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
    if let Some(crate::tui::event::Event::Generated { puzzle: Some(ready), .. }) =
        host.ready_puzzle(0, variant, level)
    {
        return Ok((App::new(Game::new(ready.puzzle, Some(ready.level)), seed), Vec::new()));
    }
    let first = offline_puzzle(variant, level, seed).context("the built-in puzzle set is empty")?;
    let mut app = App::new(Game::new(first.puzzle, Some(first.level)), seed);
    let effects = app.request_game(variant, level);
    Ok((app, effects))
}

/// Prints the saved games, most recent first.
fn print_list(games: &[SavedGame]) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    if games.is_empty() {
        writeln!(out, "No saved game.")?;
    }
    for game in games {
        writeln!(out, "{:<22} {}", game.id, summary(game).label)?;
    }
    Ok(())
}

/// The saved game whose id is or starts with `wanted`.
fn find_saved(games: &[SavedGame], wanted: &str) -> anyhow::Result<SavedGame> {
    let found: Vec<&SavedGame> = games.iter().filter(|g| g.id.starts_with(wanted)).collect();
    match found.as_slice() {
        [one] => Ok((*one).clone()),
        [] => anyhow::bail!("no saved game `{wanted}` (see `termdoku play --list`)"),
        _ => anyhow::bail!("`{wanted}` matches {} saved games: give more of the id", found.len()),
    }
}

/// The puzzle given on the command line: a file's puzzles when `text` names a file (`index` picks
/// one of many), else the text itself.
fn read_puzzle(text: &str, index: Option<usize>) -> anyhow::Result<Puzzle> {
    let (place, text) = if looks_like_a_file(text) {
        let (place, line) = pick_entry(file_entries(Path::new(text))?, index)
            .with_context(|| format!("no puzzle to play in {}", text))?;
        (format!("{text}, {place}"), line)
    } else {
        (shorten(text), text.to_string())
    };
    let read = parse_puzzle(&text).with_context(|| format!("not a puzzle: {place}"))?;
    read.into_puzzle().with_context(|| format!("not a proper puzzle: {place}"))
}

fn shorten(text: &str) -> String {
    if text.chars().count() > 40 {
        format!("{}…", text.chars().take(40).collect::<String>())
    } else {
        text.into()
    }
}

/// A seed from the clock, for games started without `--seed`.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() ^ u64::from(d.subsec_nanos()))
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn reads_a_line_and_a_file() {
        assert!(read_puzzle(LINE, None).is_ok());
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("p.txt");
        std::fs::write(&file, format!("# a comment\n{LINE}\n")).expect("write");
        assert_eq!(read_puzzle(file.to_str().expect("utf-8"), None).ok(), read_puzzle(LINE, None).ok());
        let many = dir.path().join("p.sdm");
        let second = LINE.replacen("53", "5.", 1);
        std::fs::write(&many, format!("{LINE}\n{second}\n")).expect("write");
        let picked = read_puzzle(many.to_str().expect("utf-8"), Some(2)).expect("second puzzle");
        assert_eq!(picked.givens().to_line(), second);
        assert!(read_puzzle(many.to_str().expect("utf-8"), Some(3)).is_err());
    }

    #[test]
    fn an_index_counts_a_bad_line_before_it_and_a_missing_file_is_named() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("p.sdm");
        let second = LINE.replacen("53", "5.", 1);
        std::fs::write(&file, format!("{}\n{second}\n", &LINE[..80])).expect("write");
        let path = file.to_str().expect("utf-8");
        let picked = read_puzzle(path, Some(2)).expect("the second puzzle");
        assert_eq!(picked.givens().to_line(), second);
        let error = format!("{:#}", read_puzzle(path, Some(1)).expect_err("the first is bad"));
        assert!(error.contains("line 1") && error.contains("expected 81 cells"), "{error}");
        let missing = dir.path().join("none.sdm");
        let error =
            format!("{:#}", read_puzzle(missing.to_str().expect("utf-8"), None).expect_err("missing"));
        assert!(error.contains("none.sdm") && error.contains("no such file"), "{error}");
    }

    #[test]
    fn reads_a_killer_line() {
        let killer = crate::profile::saves::fixtures::KILLER;
        assert_eq!(read_puzzle(killer, None).expect("a killer").cages().map(|c| c.len()), Some(36));
        let broken = killer.replacen("aab", "aaa", 1);
        let error = format!("{:#}", read_puzzle(&broken, None).expect_err("bad cages"));
        assert!(error.contains("killer"), "{error}");
    }

    #[test]
    fn bad_puzzles_are_errors() {
        assert!(read_puzzle("123", None).is_err());
        assert!(read_puzzle(&".".repeat(81), None).is_err());
    }
}
