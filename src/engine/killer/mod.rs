//! Killer Sudoku: the cage model beside the 27 houses, its combination tables and the exact solver.
//!
//! A killer puzzle is a classic puzzle plus [`Cages`]: groups of orthogonally connected cells whose
//! digits add up to the cage's sum and never repeat. Cages are data the rest of the engine reads
//! (the human techniques in `logic/killer/`, rating and generation take a [`crate::engine::Puzzle`]
//! of either [`Variant`]); classic code paths never look at them. Nothing here does I/O.

mod cage;
mod combinations;
mod generator;
mod line;
mod solo;
mod solver;

pub use cage::{Cage, CageError, CageId, Cages};
pub use combinations::{combinations, digit_sum, sum_range};
pub use generator::{MAX_LARGE_CAGES, generate_killer};
pub use line::{KillerLineError, is_killer_line, killer_line, parse_killer_line};
pub use solo::{SoloIdError, SoloLevel, SoloPart, SoloPuzzle, is_solo_id, parse_solo_id, solo_id};
pub use solver::{check_unique_killer, count_killer_solutions, solve_killer};

/// Which rules a puzzle follows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// Classic Sudoku: rows, columns and boxes.
    #[default]
    Classic,
    /// Killer Sudoku: the classic rules plus cages with sums.
    Killer,
}

impl Variant {
    /// Both variants, classic first.
    pub const ALL: [Variant; 2] = [Variant::Classic, Variant::Killer];

    /// The lower-case name used on the command line and in files: `classic`, `killer`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::Killer => "killer",
        }
    }

    /// The variant named `name` (case-insensitive), if any.
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name().eq_ignore_ascii_case(name))
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
