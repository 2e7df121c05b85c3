//! Killer Sudoku: the cage model beside the 27 houses, its combination tables and its generator.
//!
//! A killer puzzle is a classic puzzle plus [`Cages`]: groups of orthogonally connected cells whose
//! digits add up to the cage's sum and never repeat. Cages are data the rest of the engine reads
//! (the exact solver in `solver/killer.rs`, the human techniques in `logic/killer/`, rating and
//! generation take a [`crate::engine::Puzzle`] of either [`crate::engine::Variant`]); classic code
//! paths never look at them; the killer line and Solo's game id are in [`crate::engine::text`].
//! Nothing here does I/O.

mod cage;
mod combinations;
mod generator;

pub use cage::{Cage, CageError, CageId, Cages};
pub use combinations::{combinations, digit_sum, sum_range};
pub use generator::{MAX_LARGE_CAGES, generate_killer};
