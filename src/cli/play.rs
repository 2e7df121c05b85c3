//! `termdoku play`: starts the game (also what `termdoku` alone does). Reads the options, lists the
//! saved games (`--list`) or picks the first game (the last unfinished one, a saved game asked for, a
//! puzzle given, or a new one) into a [`PlayRequest`], which the binary hands to the game; the game
//! owns the terminal from then on. Nothing here imports the game.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use crate::cli::Run;
use crate::cli::generate::parse_variant;
use crate::cli::input::{file_entries, looks_like_a_file, pick_entry};
use crate::engine::Variant;
use crate::engine::logic::Level;
use crate::engine::text::parse_puzzle;
use crate::engine::{Puzzle, rate};
use crate::play::{FirstGame, PlayRequest, saved_game_line};
use crate::profile::Overrides;
use crate::profile::saves::SavedGame;

/// Options of `termdoku play`.
#[derive(Debug, Default, Args)]
pub struct PlayArgs {
    /// Difficulty of the new puzzle: easy, medium, hard, expert or extreme.
    #[arg(long, short, value_name = "LEVEL")]
    pub difficulty: Option<Level>,
    /// Variant of the new puzzle: classic (the default), killer, x (Sudoku X: both long diagonals
    /// hold 1-9), jigsaw (nine irregular regions), killer-x or killer-jigsaw.
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

/// The level of a game started without options.
const DEFAULT_LEVEL: Level = Level::Medium;

/// Reads the options: prints the saved games for `--list`, else the game to play (the last
/// unfinished game unless told otherwise). A saves folder that cannot be read is an error naming
/// it, with the system's reason: its games cannot be listed or resumed. (One that cannot be written
/// is the game's to report: it plays on, marked not saved, and keeps the game elsewhere on quitting.)
pub fn run(args: &PlayArgs, overrides: &Overrides) -> anyhow::Result<Run> {
    let session = super::open_session(overrides)?;
    let store = session.saves();
    let listing = store.unfinished();
    let damaged = super::listing::problems(&listing, store.saves_dir()).map_err(anyhow::Error::msg)?;
    for problem in &damaged {
        eprintln!("warning: {problem}");
    }
    if args.list {
        print_list(&listing.games)?;
        return Ok(Run::Done(ExitCode::SUCCESS));
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
    let first = match (resumed, &args.puzzle) {
        (Some(saved), _) => FirstGame::Resume(Box::new(saved)),
        (None, Some(text)) => {
            let puzzle = read_puzzle(text, args.index)?;
            // Rating takes milliseconds even for the hardest puzzles.
            let level = rate(&puzzle).level;
            FirstGame::Puzzle { puzzle, level }
        }
        (None, None) => FirstGame::New {
            variant: args.variant.unwrap_or_default(),
            level: args.difficulty.unwrap_or(DEFAULT_LEVEL),
        },
    };
    Ok(Run::Play(Box::new(PlayRequest { session, first, seed, damaged })))
}

/// Prints the saved games, most recent first.
fn print_list(games: &[SavedGame]) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    if games.is_empty() {
        writeln!(out, "No saved game.")?;
    }
    for game in games {
        writeln!(out, "{:<22} {}", game.id, saved_game_line(game))?;
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
pub(super) fn read_puzzle(text: &str, index: Option<usize>) -> anyhow::Result<Puzzle> {
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
pub(super) fn clock_seed() -> u64 {
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
