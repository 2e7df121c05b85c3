//! The puzzle generator, for either variant: unique puzzles at a chosen level, reproducible from a
//! seed and stoppable at once through a cancel flag. [`generate`] takes [`GenerateOptions`] of
//! either variant and hands them to the classic generator (`classic.rs`: givens removed orbit by
//! orbit, with a symmetry) or the killer generator (`killer.rs`: a cage layout coarsened towards the
//! level), so callers never choose between them.
//!
//! Generation is pure and deterministic: no clock, no I/O, every random choice from the seed.

mod classic;
mod killer;
mod options;

use std::sync::atomic::AtomicBool;

pub use killer::{MAX_LARGE_CAGES, generate_killer};
pub use options::{GenerateOptions, Generated, Symmetry};

use crate::engine::Variant;

/// Generates a puzzle of `options.variant` at `options.level`, reproducibly from `options.seed`
/// (a classic one with `options.symmetry`). Returns `None` only when `cancel` is set, which both
/// generators check often enough to stop within milliseconds.
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
        Variant::Classic => classic::generate_classic(options, cancel),
        Variant::Killer => generate_killer(options.level, options.seed, cancel),
        // Sudoku X and jigsaw generators come with issue 40's generator work.
        Variant::X | Variant::Jigsaw | Variant::KillerX | Variant::KillerJigsaw => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::logic::Level;

    #[test]
    fn a_set_cancel_flag_returns_none() {
        let options = GenerateOptions { level: Level::Extreme, ..GenerateOptions::default() };
        assert_eq!(generate(&options, &AtomicBool::new(true)), None);
    }
}
