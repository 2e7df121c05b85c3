//! `termdoku play`: starts the game (also what `termdoku` alone does). Reads the options, picks the
//! first puzzle, and hands over to the TUI, which owns the terminal from then on.

use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use crate::engine::logic::Level;
use crate::engine::{Puzzle, parse_grid};
use crate::tui::app::App;
use crate::tui::game::Game;
use crate::tui::puzzles::offline_puzzle;
use crate::tui::theme::Theme;

/// Options of `termdoku play`.
#[derive(Debug, Default, Args)]
pub struct PlayArgs {
    /// Difficulty of the new puzzle: easy, medium, hard, expert or extreme.
    #[arg(long, short, value_name = "LEVEL")]
    pub difficulty: Option<Level>,
    /// Play this puzzle: 81 characters (digits, `.` or `0` for blanks), or a file holding one.
    #[arg(long, short, value_name = "PUZZLE|FILE", conflicts_with = "difficulty")]
    pub puzzle: Option<String>,
    /// Seed for the puzzle generator (the same seed gives the same puzzles).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
}

/// The level of a game started without options.
const DEFAULT_LEVEL: Level = Level::Medium;

/// Runs the game.
pub fn run(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let seed = args.seed.unwrap_or_else(clock_seed);
    let (mut app, effects) = match &args.puzzle {
        Some(text) => (App::new(Game::new(read_puzzle(text)?, None), seed), Vec::new()),
        None => {
            let level = args.difficulty.unwrap_or(DEFAULT_LEVEL);
            // The offline puzzle is shown at once; the worker's puzzle replaces it when ready (Esc
            // keeps the offline one).
            let first = offline_puzzle(level, seed).context("the built-in puzzle set is empty")?;
            let mut app = App::new(Game::new(first.puzzle, Some(level)), seed);
            let effects = app.request_new_game(level);
            (app, effects)
        }
    };
    app.theme = Theme::for_environment(std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()));
    crate::tui::run(app, effects)?;
    Ok(ExitCode::SUCCESS)
}

/// The puzzle given on the command line: a file's contents when `text` names a file, else the text.
fn read_puzzle(text: &str) -> anyhow::Result<Puzzle> {
    let path = Path::new(text);
    let contents = if text.len() != 81 && path.is_file() {
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?
    } else {
        text.to_string()
    };
    let grid = parse_grid(&contents).or_else(|whole_error| {
        // A file of one-line puzzles: take the first puzzle line.
        contents
            .lines()
            .map(str::trim)
            .find(|line| !line.is_empty() && !line.starts_with('#'))
            .map_or(Err(whole_error.clone()), |line| parse_grid(line).map_err(|_| whole_error))
    });
    let grid = grid.with_context(|| format!("not a puzzle: {}", shorten(text)))?;
    Puzzle::new(grid).with_context(|| format!("not a proper puzzle: {}", shorten(text)))
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
        assert!(read_puzzle(LINE).is_ok());
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("p.txt");
        std::fs::write(&file, format!("# a comment\n{LINE}\n")).expect("write");
        assert_eq!(read_puzzle(file.to_str().expect("utf-8")).ok(), read_puzzle(LINE).ok());
    }

    #[test]
    fn bad_puzzles_are_errors() {
        assert!(read_puzzle("123").is_err());
        assert!(read_puzzle(&".".repeat(81)).is_err());
    }
}
