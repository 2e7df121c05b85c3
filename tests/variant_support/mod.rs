//! Valid puzzles of the new variants for the format and command-line tests, made here (not by the
//! generator): a random solution under the layout from a fixed seed, then givens removed from up
//! to 45 cells in a random order while the puzzle stays unique; a killer's cages are row dominoes summing to the
//! solution's digits (the ninth column uncaged).

#![allow(dead_code)]

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use termdoku::engine::killer::{Cage, Cages};
use termdoku::engine::{Cell, Grid, Layout, Puzzle, PuzzleSetup};
use termdoku::engine::{count_solutions_under, random_solution_under};

/// The boxes, but r1c4 in the first region and r3c3 in the second.
pub const TRADED: &str = "111122333111222333112222333444555666444555666444555666777888999777888999777888999";

/// A jigsaw of winding regions (each connected; rows 1-9 in reading order).
pub const WINDING: &str = "111112233112222333112223343555666344575686649575684449575688449777688999777888999";

/// The jigsaw layout of region field `regions`.
pub fn jigsaw(regions: &str) -> Layout {
    let numbers: [u8; 81] = std::array::from_fn(|i| regions.as_bytes()[i] - b'1');
    Layout::jigsaw(&numbers).expect("a valid jigsaw layout")
}

/// Row dominoes (columns 1-2, 3-4, 5-6, 7-8 of every row) summing to `solution`'s digits.
pub fn dominoes(solution: &Grid) -> Cages {
    let digit = |cell: Cell| u32::from(solution.get(cell).expect("a full grid").get());
    let cages = (0..9)
        .flat_map(|row| (0..4).map(move |pair| (row, pair * 2)))
        .map(|(row, col)| {
            let (a, b) = (Cell::at(row, col), Cell::at(row, col + 1));
            Cage::new([a, b].into_iter().collect(), digit(a) + digit(b))
        })
        .collect();
    Cages::new(cages).expect("dominoes are a killer layout")
}

/// A unique puzzle under `layout` (with dominoes when `killer`) from `seed`.
pub fn puzzle(layout: &Layout, killer: bool, seed: u64) -> Puzzle {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let solution = random_solution_under(&Grid::empty(), layout, None, &mut rng).expect("a solution");
    let cages = killer.then(|| dominoes(&solution));
    let mut givens = solution;
    let mut order: Vec<Cell> = Cell::ALL.to_vec();
    order.shuffle(&mut rng);
    // Half the cells tried: enough givens left that counting stays fast in a debug build.
    for cell in order.into_iter().take(45) {
        let digit = givens.get(cell);
        givens.set(cell, None);
        if count_solutions_under(&givens, layout, cages.as_ref(), 2) != 1 {
            givens.set(cell, digit);
        }
    }
    PuzzleSetup::new(givens, layout.clone(), cages).into_puzzle().expect("unique by construction")
}
