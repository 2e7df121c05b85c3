//! Soundness of the Sudoku Explainer chaining producers: along the solving paths of bank puzzles
//! rated 7.x to 9.x, no chaining step removes a digit of the solution or places a wrong one; and on
//! positions a player has damaged, none panics, and SE's whole loop neither panics nor stalls.

use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use termdoku::engine::explainer::{chaining_producers, next_se_step};
use termdoku::engine::{Candidates, Cell, Digit, Grid, House, parse_grid, solve};

const BANK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/se_bank");

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
/// `solution`; returns how many chaining steps were checked.
fn walk(puzzle: &Grid, solution: &Grid) -> usize {
    let producers = chaining_producers();
    let mut position = Candidates::from_grid(puzzle);
    let mut checked = 0;
    while !position.is_solved() {
        if let Some((cell, digit)) = single(&position) {
            position.place(cell, digit);
            continue;
        }
        let Some(step) = producers.iter().find_map(|p| p.find(&position)) else {
            break;
        };
        for e in &step.eliminations {
            assert_ne!(solution.get(e.cell), Some(e.digit), "{} removes a solution digit: {e}", step.rule);
        }
        for p in &step.placements {
            assert_eq!(solution.get(p.cell), Some(p.digit), "{} places a wrong digit: {p}", step.rule);
        }
        step.apply_to(&mut position);
        checked += 1;
    }
    checked
}

#[test]
fn chaining_steps_never_contradict_the_solution() {
    let mut steps = 0;
    for rating in ["7.0", "7.5", "8.0", "8.5", "9.0", "9.1"] {
        let text = std::fs::read_to_string(format!("{BANK}/se_{rating}.txt")).expect("bank file readable");
        for line in text.lines().take(20) {
            let Some(digits) = line.split_whitespace().nth(1) else {
                continue;
            };
            let puzzle = parse_grid(digits).expect("bank puzzle parses");
            let solution = solve(&puzzle).expect("bank puzzle has a solution");
            steps += walk(&puzzle, &solution);
        }
    }
    assert!(steps > 300, "only {steps} chaining steps checked");
}

/// `puzzle`'s start with a few wrong digits placed and a few candidates (true ones included) struck
/// out at random: positions a player can make, which may have no solution at all.
fn damaged(puzzle: &Grid, solution: &Grid, rng: &mut ChaCha8Rng) -> Candidates {
    let mut position = Candidates::from_grid(puzzle);
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
    let text = std::fs::read_to_string(format!("{BANK}/se_8.5.txt")).expect("bank file readable");
    for line in text.lines().take(12) {
        let Some(digits) = line.split_whitespace().nth(1) else {
            continue;
        };
        let puzzle = parse_grid(digits).expect("bank puzzle parses");
        let solution = solve(&puzzle).expect("bank puzzle has a solution");
        let mut position = damaged(&puzzle, &solution, &mut rng);
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
        let text = std::fs::read_to_string(format!("{BANK}/se_{rating}.txt")).expect("bank file readable");
        for (i, line) in text.lines().take(6).enumerate() {
            let Some(digits) = line.split_whitespace().nth(1) else {
                continue;
            };
            let puzzle = parse_grid(digits).expect("bank puzzle parses");
            let solution = solve(&puzzle).expect("bank puzzle has a solution");
            let mut position = damaged(&puzzle, &solution, &mut rng);
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
