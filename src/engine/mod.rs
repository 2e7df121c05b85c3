//! The pure Sudoku engine: types, the grid, the houses of a puzzle as data ([`Layout`]), every text
//! form of a puzzle (`text/`), the unvalidated puzzle ([`PuzzleSetup`]) and the validated one
//! ([`Puzzle`], of any [`Variant`]), the exact solvers, the human-style logic, grading and
//! generation. Callers pass a puzzle or options of any variant; the engine chooses what the variant
//! needs.
//!
//! It must not touch the terminal, the file system or configuration: no ratatui, crossterm,
//! directories or toml here. Everything is deterministic given its inputs (and an RNG where random).

mod candidates;
pub mod daily;
pub mod explainer;
#[cfg(test)]
pub(crate) mod fixtures;
pub mod generator;
mod grid;
pub mod killer;
mod layout;
mod literal;
pub mod logic;
mod puzzle;
pub mod rating;
pub mod reglib;
mod setup;
mod solver;
pub mod text;
mod types;

pub use candidates::{Candidate, Candidates};
pub use explainer::{ExplainerRating, explainer_rating, explainer_rating_cancellable};
pub use generator::{GenerateOptions, Generated, Symmetry, generate};
pub use grid::{Conflict, Grid};
pub use layout::{Layout, LayoutError, layout_from_labels, layout_from_region_lists};
pub use puzzle::{Puzzle, PuzzleError, Variant};
pub use rating::{Rating, level_ceiling, level_floor, rate, rate_cancellable};
pub use setup::PuzzleSetup;
pub use solver::{
    Uniqueness, check_unique, check_unique_killer, check_unique_of, check_unique_under,
    count_killer_solutions, count_killer_solutions_within, count_solutions, count_solutions_of,
    count_solutions_under, count_solutions_under_within, random_solution, random_solution_under,
    random_solution_under_within, solve, solve_killer, solve_of, solve_under,
};
pub use text::{ParseError, parse_grid};
pub use types::{ByCell, Cell, CellSet, CellSetIter, Digit, DigitSet, DigitSetIter, House, HouseKind};
