//! The generator's promises: every puzzle has exactly one solution, respects the asked symmetry and
//! rates at the asked level, mostly at or above the level's floor score; the same seed gives the same puzzle; the cancel flag stops it at once.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use termdoku::engine::logic::Level;
use termdoku::engine::{GenerateOptions, Symmetry, Variant, count_solutions, generate, level_floor, rate};

fn options(level: Level, symmetry: Symmetry, seed: u64) -> GenerateOptions {
    GenerateOptions { variant: Variant::Classic, level, symmetry, seed }
}

fn check(options: &GenerateOptions) {
    let generated = generate(options, &AtomicBool::new(false)).expect("not cancelled");
    let givens = generated.puzzle.givens();
    assert_eq!(count_solutions(givens, 2), 1, "{options:?}: {givens}");
    assert!(options.symmetry.is_respected_by(givens), "{options:?}: {givens}");
    assert_eq!(generated.rating.level, options.level, "{options:?}: {givens}");
    assert_eq!(rate(&generated.puzzle), generated.rating, "{options:?}: the reported rating is the rating");
}

#[test]
fn every_level_and_symmetry_gives_unique_symmetric_puzzles_at_the_level() {
    for (i, level) in Level::ALL.into_iter().enumerate() {
        for (j, symmetry) in Symmetry::ALL.into_iter().enumerate() {
            check(&options(level, symmetry, (i * 10 + j) as u64));
        }
    }
}

#[test]
fn hard_and_expert_puzzles_mostly_reach_their_floor() {
    let never = AtomicBool::new(false);
    for (level, least) in [(Level::Hard, 6), (Level::Expert, 8)] {
        let reached = (0..10)
            .filter(|&seed| {
                let generated =
                    generate(&options(level, Symmetry::Rotational, seed), &never).expect("not cancelled");
                generated.rating.score >= level_floor(level)
            })
            .count();
        assert!(reached >= least, "{level}: {reached} of 10 puzzles reach the floor {}", level_floor(level));
    }
}

#[test]
fn many_seeds_at_the_middle_levels() {
    for seed in 100..106 {
        for level in [Level::Medium, Level::Hard, Level::Expert] {
            check(&options(level, Symmetry::Rotational, seed));
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzle() {
    for level in Level::ALL {
        let never = AtomicBool::new(false);
        let a = generate(&options(level, Symmetry::Rotational, 42), &never).expect("not cancelled");
        let b = generate(&options(level, Symmetry::Rotational, 42), &never).expect("not cancelled");
        assert_eq!(a, b, "{level}");
        let c = generate(&options(level, Symmetry::Rotational, 43), &never).expect("not cancelled");
        assert_ne!(a.puzzle, c.puzzle, "{level}: another seed, another puzzle");
    }
}

#[test]
fn the_cancel_flag_stops_generation_within_50_ms() {
    for (level, wait_ms) in
        [(Level::Extreme, 40), (Level::Expert, 25), (Level::Hard, 10), (Level::Extreme, 3)]
    {
        let cancel = Arc::new(AtomicBool::new(false));
        let worker = {
            let cancel = Arc::clone(&cancel);
            // Generate puzzle after puzzle until one generation is cancelled, so the flag always
            // lands in the middle of some generation.
            thread::spawn(move || {
                let mut seed = 0;
                while generate(&options(level, Symmetry::None, seed), &cancel).is_some() {
                    seed += 1;
                }
                Instant::now()
            })
        };
        thread::sleep(Duration::from_millis(wait_ms));
        let cancelled_at = Instant::now();
        cancel.store(true, Ordering::Relaxed);
        let finished_at = worker.join().expect("generator thread");
        let delay = finished_at.saturating_duration_since(cancelled_at);
        assert!(
            delay < Duration::from_millis(50),
            "{level} after {wait_ms} ms: stopped {delay:?} after the cancel"
        );
    }
}

#[test]
fn expert_and_extreme_puzzles_form_distinct_se_bands() {
    // An extreme puzzle needs a technique of its level (forcing chains or nets), not merely a long
    // path of expert steps: its Sudoku Explainer estimate lies above every expert puzzle's.
    let se = |level: Level, seed: u64| {
        let generated = generate(&options(level, Symmetry::Rotational, seed), &AtomicBool::new(false))
            .expect("not cancelled");
        assert_eq!(generated.rating.hardest.level(), level, "seed {seed}: needs a {level} technique");
        termdoku::engine::explainer_rating(&generated.puzzle).difficulty
    };
    let expert_top = (0..4).map(|seed| se(Level::Expert, seed)).max().expect("four puzzles");
    let extreme_bottom = (0..4).map(|seed| se(Level::Extreme, seed)).min().expect("four puzzles");
    assert!(expert_top < extreme_bottom, "expert up to {expert_top:?}, extreme from {extreme_bottom:?}");
}
