//! The hint engine on positions a player can make: wrong digits placed (some repeating a digit of
//! their row, column or box) and true candidates struck out, so the position may have no solution
//! at all. Every technique of the catalogue must come back,
//! without panicking, on every such position (those off the hint path, whose big fish take up to a
//! second on a damaged position, on every fourth puzzle only); and whatever the hint engine's next
//! step is, applying it must not panic either.

use std::fs;
use std::path::PathBuf;

use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use termdoku::engine::logic::{Technique, find_all, next_step};
use termdoku::engine::{Candidates, Cell, Digit, Puzzle};

fn top1465() -> Vec<Puzzle> {
    let path = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/tdoku/top1465.txt"));
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines().filter_map(|l| l.split_whitespace().next()?.parse().ok()).collect()
}

/// `puzzle`'s start with `clashing` digits entered that repeat a given of the same row, column or
/// box (the game lets a player type them), `wrong` wrong digits placed and `struck` candidates (true
/// ones included) removed, all chosen at random.
fn damaged(
    puzzle: &Puzzle,
    rng: &mut ChaCha8Rng,
    clashing: usize,
    wrong: usize,
    struck: usize,
) -> Candidates {
    let mut grid = Candidates::from_grid(puzzle.givens());
    let solution = puzzle.solution();
    for _ in 0..clashing {
        let open: Vec<Cell> = Cell::ALL.into_iter().filter(|&c| grid.value(c).is_none()).collect();
        let Some(&cell) = open.choose(rng) else { break };
        let seen: Vec<Digit> = cell.peers().iter().filter_map(|peer| grid.value(peer)).collect();
        if let Some(&digit) = seen.choose(rng) {
            grid.place(cell, digit);
        }
    }
    for _ in 0..wrong {
        let open: Vec<Cell> = Cell::ALL.into_iter().filter(|&c| grid.value(c).is_none()).collect();
        let Some(&cell) = open.choose(rng) else { break };
        let others: Vec<Digit> =
            grid.candidates(cell).iter().filter(|&d| Some(d) != solution.get(cell)).collect();
        if let Some(&digit) = others.choose(rng) {
            grid.place(cell, digit);
        }
    }
    for _ in 0..struck {
        let cell = Cell::ALL[rng.random_range(0..81)];
        let digits: Vec<Digit> = grid.candidates(cell).iter().collect();
        if let Some(&digit) = digits.choose(rng) {
            grid.eliminate(cell, digit);
        }
    }
    grid
}

#[test]
fn no_technique_panics_on_damaged_positions() {
    let puzzles = top1465();
    let checked: usize = puzzles
        .par_iter()
        .step_by(60)
        .enumerate()
        .map(|(i, puzzle)| {
            let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
            let mut steps = 0;
            for (clashing, wrong, struck) in [(0, 0, 12), (0, 1, 0), (0, 2, 6), (0, 3, 30), (2, 1, 6)] {
                let grid = damaged(puzzle, &mut rng, clashing, wrong, struck);
                for &technique in Technique::ALL.iter().filter(|t| t.in_hint_path() || i % 4 == 0) {
                    steps += find_all(technique, &grid).len();
                }
                if let Some(step) = next_step(&grid) {
                    let mut next = grid.clone();
                    step.apply_to(&mut next);
                }
            }
            steps
        })
        .sum();
    // Damaged positions are full of (unsound but well-formed) steps: the run really searched them.
    assert!(checked > 0);
}
