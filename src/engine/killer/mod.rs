//! Killer Sudoku: the cage model beside the 27 houses and its combination tables.
//!
//! A killer puzzle is a classic puzzle plus [`Cages`]: groups of orthogonally connected cells whose
//! digits add up to the cage's sum and never repeat. Cages are data the rest of the engine reads
//! (the exact solver in `solver/killer.rs`, the generator in `generator/killer.rs`, the human
//! techniques in `logic/killer/`; rating takes a [`crate::engine::Puzzle`] of either
//! [`crate::engine::Variant`]); classic code paths never look at them. The killer line and Solo's
//! game id are in [`crate::engine::text`]. Nothing here does I/O, and nothing here imports the
//! solver, the generator or the text forms: they build on this.

mod cage;
mod combinations;
mod lookup;

pub(crate) use cage::orthogonal_neighbours;
pub use cage::{Cage, CageError, CageId, Cages};
pub use combinations::{combinations, digit_sum, sum_range};
pub use lookup::{ComboLookup, LookupError};
