//! Where new puzzles come from: [`new_puzzle`] is the one function the worker (and the profile's
//! library refill) calls to make a game, of either variant. It runs the engine's generator; the
//! offline sets shipped in `assets/puzzles.txt` and `assets/killers.txt` (real puzzles, a few per
//! level, chosen by the seed) show a puzzle at once while the first one is generated, and are the
//! fallback should the generator give up.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::engine::logic::Level;
use crate::engine::text::parse_puzzle;
use crate::engine::{GenerateOptions, Puzzle, PuzzleSetup, Variant, generate};

/// The offline sets: `<level> <puzzle>` per line, `#` comments; classic puzzles as 81 characters,
/// killers as killer lines. A puzzle's variant is the one its text has.
const OFFLINE_SETS: [&str; 3] = [
    include_str!("../../assets/puzzles.txt"),
    include_str!("../../assets/killers.txt"),
    include_str!("../../assets/variants.txt"),
];

/// A puzzle ready to play, with its level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewPuzzle {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its difficulty level.
    pub level: Level,
}

/// Makes a puzzle as `options` ask (variant, level, symmetry of a classic puzzle's givens, seed);
/// `None` when cancelled. Should the generator give nothing, the offline puzzle of the variant and
/// level picked by the seed stands in (it has no particular symmetry).
pub fn new_puzzle(options: &GenerateOptions, cancel: &AtomicBool) -> Option<NewPuzzle> {
    match generate(options, cancel) {
        Some(generated) => Some(NewPuzzle { puzzle: generated.puzzle, level: generated.rating.level }),
        None if cancel.load(Ordering::Relaxed) => None,
        None => offline_puzzle(options.variant, options.level, options.seed),
    }
}

/// A puzzle of `variant` and `level` from the offline sets, picked by `seed`.
pub fn offline_puzzle(variant: Variant, level: Level, seed: u64) -> Option<NewPuzzle> {
    let of_variant: Vec<(Level, PuzzleSetup)> = OFFLINE_SETS
        .iter()
        .flat_map(|set| set.lines())
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_once(' '))
        .filter_map(|(name, text)| Some((Level::from_name(name)?, parse_puzzle(text).ok()?)))
        .filter(|(_, setup)| setup.variant() == variant)
        .collect();
    // The level asked for, else (a set that lacks it) the nearest level the set has.
    let distance = |l: Level| (l as i32 - level as i32).abs();
    let nearest = of_variant.iter().map(|(l, _)| distance(*l)).min()?;
    let mut candidates: Vec<(Level, PuzzleSetup)> =
        of_variant.into_iter().filter(|(l, _)| distance(*l) == nearest).collect();
    let index = usize::try_from(seed % candidates.len() as u64).unwrap_or(0);
    let (level, setup) = candidates.swap_remove(index);
    let puzzle = setup.into_puzzle().ok()?;
    Some(NewPuzzle { puzzle, level })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Symmetry;

    /// The offline killer set.
    const OFFLINE_KILLERS: &str = OFFLINE_SETS[1];

    /// A classic puzzle of `level` with `symmetry` from `seed`.
    fn new_classic(level: Level, symmetry: Symmetry, seed: u64, cancel: &AtomicBool) -> Option<NewPuzzle> {
        new_puzzle(&GenerateOptions { variant: Variant::Classic, level, symmetry, seed }, cancel)
    }

    #[test]
    fn every_level_has_valid_offline_killers() {
        for level in Level::ALL {
            for seed in 0..6 {
                let found =
                    offline_puzzle(Variant::Killer, level, seed).expect("a valid killer of every level");
                assert_eq!((found.level, found.puzzle.variant()), (level, Variant::Killer));
            }
        }
    }

    #[test]
    fn every_variant_has_an_offline_puzzle_of_every_level_or_the_nearest() {
        for variant in [Variant::X, Variant::Jigsaw, Variant::KillerX, Variant::KillerJigsaw] {
            for level in Level::ALL {
                let found = offline_puzzle(variant, level, 1).expect("a valid puzzle of every level");
                assert_eq!((found.level, found.puzzle.variant()), (level, variant));
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
                let found =
                    offline_puzzle(Variant::Classic, level, seed).expect("a valid puzzle of every level");
                assert_eq!(found.level, level);
            }
        }
    }

    #[test]
    fn generated_puzzles_have_the_asked_level_and_follow_the_seed() {
        let never = AtomicBool::new(false);
        let made = new_classic(Level::Hard, Symmetry::Rotational, 9, &never).expect("a puzzle");
        assert_eq!(made.level, Level::Hard);
        assert_eq!(new_classic(Level::Hard, Symmetry::Rotational, 9, &never), Some(made));
    }

    #[test]
    fn cancelled_generation_gives_nothing() {
        assert!(new_classic(Level::Easy, Symmetry::None, 1, &AtomicBool::new(true)).is_none());
        assert!(new_classic(Level::Easy, Symmetry::None, 1, &AtomicBool::new(false)).is_some());
    }
}
