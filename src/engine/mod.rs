//! The pure Sudoku engine: types, parsing, the exact solver, the human-style logic, grading and
//! generation.
//!
//! It must not touch the terminal, the file system or configuration: no ratatui, crossterm,
//! directories or toml here. Everything is deterministic given its inputs (and an RNG where random).

mod candidates;
pub mod explainer;
pub mod generator;
mod grid;
pub mod killer;
mod literal;
pub mod logic;
mod parse;
mod puzzle;
pub mod rating;
pub mod reglib;
mod solver;
mod types;

pub use candidates::{Candidate, Candidates};
pub use explainer::{ExplainerRating, explainer_rating, explainer_rating_cancellable};
pub use generator::{GenerateOptions, Generated, Symmetry, generate};
pub use grid::{Conflict, Grid};
pub use parse::{ParseError, parse_grid};
pub use puzzle::{Puzzle, PuzzleError};
pub use rating::{Rating, level_ceiling, level_floor, rate, rate_cancellable};
pub use solver::{Uniqueness, check_unique, count_solutions, random_solution, solve};
pub use types::{ByCell, Cell, CellSet, CellSetIter, Digit, DigitSet, DigitSetIter, House, HouseKind};
