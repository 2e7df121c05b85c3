//! A hand-made history of finished games for the statistics tests: several classic levels and two
//! killer levels, solved and revealed games, finished in a known order, with known times.
#![allow(dead_code)]

use std::path::Path;
use std::time::Duration;

use termdoku::engine::logic::Level;
use termdoku::engine::{Puzzle, text};
use termdoku::profile::paths::{ProfileDirs, ProfileName};
use termdoku::profile::saves::{Finish, Outcome, SavedGame};
use termdoku::profile::time::Timestamp;

/// The classic puzzle of every classic game.
pub const CLASSIC: &str = "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

/// A killer with no givens (36 cages), one solution.
pub const KILLER: &str = "................................................................................. aabcdeefghhbcdijfgkllmdijjnkommpqqrnsottpuvrwssxxyuvzwAAAByCCzDEEFBGHIDDJJFGGHIII 9,10,10,12,8,17,7,13,12,9,5,12,13,12,10,17,9,7,15,9,8,11,12,16,8,9,15,7,14,15,8,15,14,13,17,7";

/// Which games the history holds, in finish order: (killer, level, solve time in seconds; `None`
/// for a revealed solution).
pub fn plan() -> Vec<(bool, Option<Level>, Option<u64>)> {
    let mut plan = Vec::new();
    for seconds in [192, 168, 245, 151, 220, 140] {
        plan.push((false, Some(Level::Easy), Some(seconds)));
    }
    plan.push((false, Some(Level::Easy), None));
    for seconds in [370, 330, 465, 302] {
        plan.push((false, Some(Level::Medium), Some(seconds)));
    }
    for seconds in [750, 615, 842] {
        plan.push((false, Some(Level::Hard), Some(seconds)));
    }
    plan.push((false, Some(Level::Hard), None));
    plan.push((false, Some(Level::Expert), None));
    plan.push((false, None, Some(90)));
    plan.push((false, None, Some(240)));
    for seconds in [500, 425, 400] {
        plan.push((true, Some(Level::Easy), Some(seconds)));
    }
    // 22 hard killers, slower at first: the last 20 show a falling line.
    for n in 0..22u64 {
        plan.push((true, Some(Level::Hard), Some(1800 - n * 30 + (n % 3) * 60)));
    }
    plan
}

/// The history of [`plan`], finished at seconds 1, 2, 3, ... (ids `g01`, `g02`, ...).
pub fn history() -> Vec<SavedGame> {
    let classic: Puzzle = CLASSIC.parse().expect("valid puzzle");
    let killer = text::parse_puzzle(KILLER).expect("a killer line");
    let killer = Puzzle::new_killer(killer.givens, killer.cages.expect("cages")).expect("unique");
    plan()
        .into_iter()
        .enumerate()
        .map(|(i, (is_killer, level, seconds))| {
            let puzzle = if is_killer { killer.clone() } else { classic.clone() };
            let mut game = SavedGame::new(puzzle, level);
            game.id = format!("g{:02}", i + 1);
            let outcome = if seconds.is_some() { Outcome::Solved } else { Outcome::Revealed };
            game.finished = Some(Finish { at: Timestamp(1_700_000_000 + i as u64), outcome });
            game.elapsed = Duration::from_secs(seconds.unwrap_or(60));
            game.hints_used = (i % 3) as u32;
            game
        })
        .collect()
}

/// Writes [`history`] as the default player's finished games under the profile directory `root`.
pub fn write_history(root: &Path) {
    let dirs = ProfileDirs::new(root, ProfileName::default());
    let folder = dirs.history_dir();
    std::fs::create_dir_all(&folder).expect("history folder");
    for game in history() {
        std::fs::write(folder.join(format!("{}.toml", game.id)), game.to_toml())
            .expect("write a finished game");
    }
}
