//! Where new puzzles come from: [`new_puzzle`] is the one function the worker (and the profile's
//! library refill) calls to make a game. It runs the engine's generator; the offline set shipped in
//! `assets/puzzles.txt` (real puzzles, a dozen per level, chosen by the seed) shows a puzzle at once
//! while the first one is generated, and is the fallback should the generator give up.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::engine::killer::generate_killer;
use crate::engine::logic::Level;
use crate::engine::text::parse_puzzle;
use crate::engine::{GenerateOptions, Puzzle, Symmetry, Variant, generate};

/// The offline puzzle set: `<level> <81 characters>` per line, `#` comments.
const OFFLINE_SET: &str = include_str!("../../assets/puzzles.txt");

/// The offline killer set: `<level> <killer line>` per line, `#` comments.
const OFFLINE_KILLERS: &str = include_str!("../../assets/killers.txt");

/// A puzzle ready to play, with its level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewPuzzle {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its difficulty level.
    pub level: Level,
}

/// Makes a puzzle of `level` whose givens have `symmetry`, from `seed`; `None` when cancelled (or
/// none is available; the offline fallback has no particular symmetry).
pub fn new_puzzle(level: Level, symmetry: Symmetry, seed: u64, cancel: &AtomicBool) -> Option<NewPuzzle> {
    let options = GenerateOptions { level, symmetry, seed };
    match generate(&options, cancel) {
        Some(generated) => Some(NewPuzzle { puzzle: generated.puzzle, level: generated.rating.level }),
        None if cancel.load(Ordering::Relaxed) => None,
        None => offline_puzzle(level, seed),
    }
}

/// Makes a puzzle of `variant` at `level` from `seed` (see [`new_puzzle`]): a killer comes from the
/// killer generator (its cages have no symmetry), with the offline killer set,
/// [`offline_killer`], as the fallback.
pub fn new_variant_puzzle(
    variant: Variant,
    level: Level,
    symmetry: Symmetry,
    seed: u64,
    cancel: &AtomicBool,
) -> Option<NewPuzzle> {
    match variant {
        Variant::Classic => new_puzzle(level, symmetry, seed, cancel),
        Variant::Killer => match generate_killer(level, seed, cancel) {
            Some(generated) => Some(NewPuzzle { puzzle: generated.puzzle, level: generated.rating.level }),
            None if cancel.load(Ordering::Relaxed) => None,
            None => offline_killer(level, seed),
        },
    }
}

/// A killer of `level` from the offline killer set, picked by `seed`.
pub fn offline_killer(level: Level, seed: u64) -> Option<NewPuzzle> {
    let puzzle = puzzle_from_text(pick_offline(OFFLINE_KILLERS, level, seed)?).ok()?;
    Some(NewPuzzle { puzzle, level })
}

/// The puzzle text of `level` picked by `seed` from an offline set of `<level> <puzzle>` lines.
fn pick_offline(set: &'static str, level: Level, seed: u64) -> Option<&'static str> {
    let candidates: Vec<&str> = set
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_once(' '))
        .filter(|(name, _)| Level::from_name(name) == Some(level))
        .map(|(_, puzzle)| puzzle)
        .collect();
    if candidates.is_empty() {
        return None;
    }
    let index = usize::try_from(seed % candidates.len() as u64).unwrap_or(0);
    Some(candidates[index])
}

/// The puzzle a pasted or typed text holds, in any form the command line reads (see
/// [`parse_puzzle`]): a classic line or grid, our killer line, Solo's game id or a JSON object; also 81
/// cells broken over lines anywhere, as a paste from a web page may be.
pub fn puzzle_from_text(text: &str) -> Result<Puzzle, String> {
    let read = parse_puzzle(text).or_else(|error| {
        let cells: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if cells.chars().count() == 81 { parse_puzzle(&cells) } else { Err(error) }
    });
    read.map_err(|e| e.to_string())?.into_puzzle().map_err(|e| e.to_string())
}

/// A puzzle of `level` from the offline set, picked by `seed`.
pub fn offline_puzzle(level: Level, seed: u64) -> Option<NewPuzzle> {
    let puzzle = pick_offline(OFFLINE_SET, level, seed)?.parse().ok()?;
    Some(NewPuzzle { puzzle, level })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_has_valid_offline_killers() {
        for level in Level::ALL {
            for seed in 0..6 {
                let found = offline_killer(level, seed).expect("a valid killer of every level");
                assert_eq!((found.level, found.puzzle.variant()), (level, Variant::Killer));
            }
        }
    }

    #[test]
    fn pasted_text_reads_as_a_classic_grid_a_killer_line_or_a_solo_id() {
        let rows =
            "53..7.... 6..195... .98....6.\n8...6...3 4..8.3..1 7...2...6\n.6....28. ...419..5 ....8..79";
        assert_eq!(puzzle_from_text(rows).map(|p| p.variant()), Ok(Variant::Classic));
        let killer = OFFLINE_KILLERS.lines().find(|l| l.starts_with("hard")).expect("a hard killer");
        let line = killer.split_once(' ').expect("level and line").1;
        assert_eq!(puzzle_from_text(line).map(|p| p.variant()), Ok(Variant::Killer));
        assert!(puzzle_from_text(&line.replacen(',', ";", 1)).is_err_and(|e| e.contains("killer line")));
        let solo = "3x3k:zzzc,__daaaa_a_aa____a_a___a_a___ba_____aa_____a___a_abaababaaaaaabbaba_aa__aa______a_____bb_a,30_17_23d22d21a18a10j4a14_29a16_8a19a16d13b14a9c5e16_15_6a9a6_17_4b12_9a8f15b";
        assert_eq!(puzzle_from_text(solo).map(|p| p.variant()), Ok(Variant::Killer));
    }

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
    fn generated_puzzles_have_the_asked_level_and_follow_the_seed() {
        let never = AtomicBool::new(false);
        let made = new_puzzle(Level::Hard, Symmetry::Rotational, 9, &never).expect("a puzzle");
        assert_eq!(made.level, Level::Hard);
        assert_eq!(new_puzzle(Level::Hard, Symmetry::Rotational, 9, &never), Some(made));
    }

    #[test]
    fn cancelled_generation_gives_nothing() {
        assert!(new_puzzle(Level::Easy, Symmetry::None, 1, &AtomicBool::new(true)).is_none());
        assert!(new_puzzle(Level::Easy, Symmetry::None, 1, &AtomicBool::new(false)).is_some());
    }
}
