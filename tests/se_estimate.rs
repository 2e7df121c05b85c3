//! The Sudoku Explainer estimate on bank puzzles: every step along its paths agrees with the
//! solution (the chaining producers' steps too, on paths of puzzles rated 7.x to 9.x), puzzles whose
//! listed rating needs no chain (2.5 to 6.3) get exactly that rating, and on positions a player has
//! damaged no producer panics and SE's whole loop neither panics nor stalls.

use std::collections::BTreeMap;

use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use termdoku::engine::explainer::{SeStep, chaining_producers, next_se_step};
use termdoku::engine::{Candidates, Cell, Digit, Grid, House, Puzzle, explainer_rating};

const BANK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/se_bank");

/// The first `count` puzzles of the bank file for `rating`, every `stride`-th.
fn bucket(rating: &str, stride: usize, count: usize) -> Vec<Puzzle> {
    let text = std::fs::read_to_string(format!("{BANK}/se_{rating}.txt")).expect("bank file readable");
    text.lines()
        .filter_map(|line| line.split_whitespace().nth(1))
        .step_by(stride)
        .take(count)
        .map(|digits| digits.parse().expect("bank puzzles are proper"))
        .collect()
}

/// Panics when `step` removes a digit of `solution` or places a digit that is not in it.
fn assert_agrees(step: &SeStep, solution: &Grid) {
    for e in &step.eliminations {
        assert_ne!(solution.get(e.cell), Some(e.digit), "{} removes a solution digit: {e}", step.rule);
    }
    for p in &step.placements {
        assert_eq!(solution.get(p.cell), Some(p.digit), "{} places a wrong digit: {p}", step.rule);
    }
}

/// Follows SE's path on `puzzle`, checking each step against the solution; the count of steps by rule.
fn checked_path(puzzle: &Puzzle) -> BTreeMap<&'static str, usize> {
    let mut grid = Candidates::from_grid(puzzle.givens());
    let mut rules = BTreeMap::new();
    while !grid.is_solved() {
        let Some(step) = next_se_step(&grid) else { break };
        assert_agrees(&step, puzzle.solution());
        step.apply_to(&mut grid);
        *rules.entry(step.rule).or_insert(0) += 1;
    }
    rules
}

#[test]
fn se_paths_never_contradict_the_solution() {
    let ratings =
        ["2.5", "3.4", "4.0", "4.3", "4.6", "5.0", "5.4", "5.5", "5.6", "5.7", "6.2", "6.3", "6.6", "7.1"];
    let puzzles: Vec<Puzzle> = ratings.iter().flat_map(|r| bucket(r, 7, 25)).collect();
    let per_puzzle: Vec<BTreeMap<&str, usize>> = puzzles.par_iter().map(checked_path).collect();
    let mut rules: BTreeMap<&str, usize> = BTreeMap::new();
    for counts in per_puzzle {
        for (rule, n) in counts {
            *rules.entry(rule).or_default() += n;
        }
    }
    println!("{} puzzles; steps by rule: {rules:?}", puzzles.len());
    assert!(puzzles.len() >= 250);
    // The paths exercise the non-chaining families, not only singles.
    for rule in [
        "Pointing",
        "Naked Pair",
        "X-Wing",
        "Hidden Pair",
        "XY-Wing",
        "Skyscraper",
        "Unique Rectangle type 1",
    ] {
        assert!(rules.get(rule).copied().unwrap_or(0) > 0, "no {rule} step on the sampled paths");
    }
}

#[test]
fn low_rated_bank_puzzles_get_their_listed_rating() {
    let ratings = [
        "2.5", "2.6", "2.8", "3.0", "3.2", "3.4", "3.6", "3.8", "4.0", "4.1", "4.2", "4.4", "4.5", "5.0",
        "5.2",
    ];
    for rating in ratings {
        for puzzle in bucket(rating, 60, 3) {
            let estimate = explainer_rating(&puzzle);
            assert_eq!(
                estimate.difficulty.to_string(),
                rating,
                "{} ({})",
                puzzle.givens().to_line(),
                estimate.hardest
            );
            assert!(estimate.solved);
        }
    }
}

/// A naked or hidden single of `position`, if any: safe basic progress between chaining steps.
fn single(position: &Candidates) -> Option<(Cell, Digit)> {
    let naked = Cell::ALL.into_iter().find_map(|c| {
        let digits = position.candidates(c);
        digits.single().map(|d| (c, d))
    });
    naked.or_else(|| {
        House::ALL
            .into_iter()
            .flat_map(|h| Digit::ALL.into_iter().map(move |d| (h, d)))
            .find_map(|(h, d)| position.house_cells_with(h, d).single().map(|c| (c, d)))
    })
}

/// Walks `puzzle` with singles and the chaining producers, checking every chaining step against
/// its solution; returns how many chaining steps were checked.
fn walk(puzzle: &Puzzle) -> usize {
    let producers = chaining_producers();
    let mut position = Candidates::from_grid(puzzle.givens());
    let mut checked = 0;
    while !position.is_solved() {
        if let Some((cell, digit)) = single(&position) {
            position.place(cell, digit);
            continue;
        }
        let Some(step) = producers.iter().find_map(|p| p.find(&position)) else {
            break;
        };
        assert_agrees(&step, puzzle.solution());
        step.apply_to(&mut position);
        checked += 1;
    }
    checked
}

#[test]
fn chaining_steps_never_contradict_the_solution() {
    let mut steps = 0;
    for rating in ["7.0", "7.5", "8.0", "8.5", "9.0", "9.1"] {
        for puzzle in bucket(rating, 1, 20) {
            steps += walk(&puzzle);
        }
    }
    assert!(steps > 300, "only {steps} chaining steps checked");
}

/// `puzzle`'s start with a few wrong digits placed and a few candidates (true ones included) struck
/// out at random: positions a player can make, which may have no solution at all.
fn damaged(puzzle: &Puzzle, rng: &mut ChaCha8Rng) -> Candidates {
    let solution = puzzle.solution();
    let mut position = Candidates::from_grid(puzzle.givens());
    for _ in 0..2 {
        let cell = Cell::ALL[rng.random_range(0..81)];
        let wrong: Vec<Digit> =
            position.candidates(cell).iter().filter(|&d| solution.get(cell) != Some(d)).collect();
        if let Some(&digit) = wrong.choose(rng) {
            position.place(cell, digit);
        }
    }
    for _ in 0..6 {
        let cell = Cell::ALL[rng.random_range(0..81)];
        let digits: Vec<Digit> = position.candidates(cell).iter().collect();
        if let Some(&digit) = digits.choose(rng) {
            position.eliminate(cell, digit);
        }
    }
    position
}

#[test]
fn chaining_producers_do_not_panic_on_damaged_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let producers = chaining_producers();
    for puzzle in bucket("8.5", 1, 12) {
        let mut position = damaged(&puzzle, &mut rng);
        for producer in producers {
            if let Some(step) = producer.find(&position) {
                step.apply_to(&mut position);
            }
        }
    }
}

/// `position` with every candidate of one random empty cell struck out: a cell nothing can fill.
fn with_a_dead_cell(mut position: Candidates, rng: &mut ChaCha8Rng) -> Candidates {
    let empty: Vec<Cell> = position.unsolved().iter().collect();
    if let Some(&cell) = empty.choose(rng) {
        for digit in position.candidates(cell) {
            position.eliminate(cell, digit);
        }
    }
    position
}

#[test]
fn se_steps_neither_panic_nor_stall_on_damaged_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut steps = 0;
    for rating in ["3.0", "5.0", "6.6", "7.3", "8.3", "9.0"] {
        for (i, puzzle) in bucket(rating, 1, 6).iter().enumerate() {
            let mut position = damaged(puzzle, &mut rng);
            if i % 2 == 0 {
                position = with_a_dead_cell(position, &mut rng);
            }
            // Each step fills a cell or strikes a candidate, so 81 * 9 steps is a generous bound.
            for _ in 0..729 {
                let Some(step) = next_se_step(&position) else { break };
                assert!(step.apply_to(&mut position), "{} changes nothing", step.rule);
                steps += 1;
            }
        }
    }
    assert!(steps > 100, "only {steps} steps taken");
}
