//! The puzzle generator, for every variant: unique puzzles at a chosen level, reproducible from a
//! seed and stoppable at once through a cancel flag. [`generate`] takes [`GenerateOptions`] of
//! any variant and hands them to the givens generator (`classic.rs`: givens removed orbit by
//! orbit, with a symmetry; classic, Sudoku X and jigsaw) or the killer generator (`killer.rs`: a
//! cage layout coarsened towards the level; killer, Killer X and Jigsaw Killer), so callers never
//! choose between them. Both read the puzzle's houses from a [`Layout`]: the classic one, X's, or a
//! random jigsaw layout from [`jigsaw_layout`] (`jigsaw.rs`), drawn first from the seed's stream.
//!
//! Generation is pure and deterministic: no clock, no I/O, every random choice from the seed.

mod classic;
mod jigsaw;
mod killer;
mod options;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

pub use jigsaw::jigsaw_layout;
pub use killer::{MAX_LARGE_CAGES, generate_killer};
pub use options::{GenerateOptions, Generated, Symmetry};

use crate::engine::solver::random_solution_under_within;
use crate::engine::{Grid, Layout, Variant, random_solution};

/// Generates a puzzle of `options.variant` at `options.level`, reproducibly from `options.seed`
/// (one with givens with `options.symmetry`: the pattern of its givens has it; a jigsaw layout
/// itself has no symmetry). Returns `None` only when `cancel` is set, which both generators check
/// often enough to stop within milliseconds.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use termdoku::engine::{GenerateOptions, Variant, generate, logic::Level};
/// let options = GenerateOptions { variant: Variant::Killer, level: Level::Easy, ..GenerateOptions::default() };
/// let generated = generate(&options, &AtomicBool::new(false)).expect("not cancelled");
/// assert_eq!(generated.puzzle.variant(), Variant::Killer);
/// ```
pub fn generate(options: &GenerateOptions, cancel: &AtomicBool) -> Option<Generated> {
    match options.variant {
        Variant::Classic | Variant::X | Variant::Jigsaw => classic::generate_givens(options, cancel),
        Variant::Killer => generate_killer(options.level, options.seed, cancel),
        Variant::KillerX | Variant::KillerJigsaw => {
            killer::generate_killer_of(options.variant, options.level, options.seed, cancel)
        }
    }
}

/// The houses of `variant`: the classic layout (shared, no random draw), X's, or a random jigsaw
/// layout drawn from `rng`.
fn houses_of(variant: Variant, rng: &mut impl rand::Rng) -> Arc<Layout> {
    if variant.is_jigsaw() {
        Arc::new(jigsaw_layout(rng))
    } else if variant.has_diagonals() {
        Arc::new(Layout::x())
    } else {
        Layout::shared_classic()
    }
}

/// The most search nodes one random fill of a non-classic layout may take before another is
/// drawn (nearly all take well under a hundred).
const FILL_NODES: usize = 20_000;

/// A random complete grid of `houses`: the band solver's for the classic layout (so classic and
/// killer puzzles stay what their seeds gave before the variants came), the general solver's for
/// the others, drawn again in the rare case a fill runs out of nodes.
fn random_grid(houses: &Layout, rng: &mut impl rand::Rng) -> Grid {
    if houses.is_classic() {
        return random_solution(&Grid::empty(), rng).expect("the empty grid has solutions");
    }
    loop {
        if let Some(Some(grid)) = random_solution_under_within(&Grid::empty(), houses, None, rng, FILL_NODES)
        {
            return grid;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::logic::Level;

    #[test]
    fn a_set_cancel_flag_returns_none() {
        for variant in Variant::ALL {
            let options = GenerateOptions { variant, level: Level::Extreme, ..GenerateOptions::default() };
            assert_eq!(generate(&options, &AtomicBool::new(true)), None, "{variant}");
        }
    }
}
