//! The Sudoku Explainer estimate on bank puzzles: every step along its paths agrees with the
//! solution, and puzzles whose listed rating needs no chain (2.5 to 6.3) get exactly that rating.

use std::collections::BTreeMap;

use rayon::prelude::*;
use termdoku::engine::explainer::next_se_step;
use termdoku::engine::{Candidates, Puzzle, explainer_rating};

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

/// Follows SE's path on `puzzle`, checking each step against the solution; the count of steps by rule.
fn checked_path(puzzle: &Puzzle) -> BTreeMap<&'static str, usize> {
    let solution = puzzle.solution();
    let mut grid = Candidates::from_grid(puzzle.givens());
    let mut rules = BTreeMap::new();
    while !grid.is_solved() {
        let Some(step) = next_se_step(&grid) else { break };
        for e in &step.eliminations {
            assert_ne!(solution.get(e.cell), Some(e.digit), "{} removes a solution digit: {e}", step.rule);
        }
        for p in &step.placements {
            assert_eq!(solution.get(p.cell), Some(p.digit), "{} places a wrong digit: {p}", step.rule);
        }
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
