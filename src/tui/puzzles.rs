//! Where new puzzles come from: [`new_puzzle`] is the one function the worker calls to make a game.
//!
//! Today it draws from the offline set shipped in `assets/puzzles.txt` (real puzzles, a dozen per
//! level, chosen by the seed). When the engine's generator is available, only the body of
//! [`new_puzzle`] changes; the offline set stays as the fallback.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::engine::Puzzle;
use crate::engine::logic::Level;

/// The offline puzzle set: `<level> <81 characters>` per line, `#` comments.
const OFFLINE_SET: &str = include_str!("../../assets/puzzles.txt");

/// A puzzle ready to play, with its level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewPuzzle {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its difficulty level.
    pub level: Level,
}

/// Makes a puzzle of `level` from `seed`; `None` when cancelled (or none is available).
pub fn new_puzzle(level: Level, seed: u64, cancel: &AtomicBool) -> Option<NewPuzzle> {
    if cancel.load(Ordering::Relaxed) {
        return None;
    }
    offline_puzzle(level, seed)
}

/// A puzzle of `level` from the offline set, picked by `seed`.
pub fn offline_puzzle(level: Level, seed: u64) -> Option<NewPuzzle> {
    let candidates: Vec<&str> = OFFLINE_SET
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_once(' '))
        .filter(|(name, _)| Level::from_name(name) == Some(level))
        .map(|(_, grid)| grid)
        .collect();
    if candidates.is_empty() {
        return None;
    }
    let index = usize::try_from(seed % candidates.len() as u64).unwrap_or(0);
    let puzzle = candidates[index].parse().ok()?;
    Some(NewPuzzle { puzzle, level })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_has_valid_offline_puzzles() {
        for level in Level::ALL {
            for seed in 0..12 {
                let found = offline_puzzle(level, seed).expect("a valid puzzle of every level");
                assert_eq!(found.level, level);
            }
        }
    }

    #[test]
    fn cancelled_generation_gives_nothing() {
        assert!(new_puzzle(Level::Easy, 1, &AtomicBool::new(true)).is_none());
        assert!(new_puzzle(Level::Easy, 1, &AtomicBool::new(false)).is_some());
    }
}
