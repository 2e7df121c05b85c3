//! termdoku: a terminal Sudoku game with an explainable engine.
//!
//! Three layers (the game in [`tui`] sits beside [`cli`]), arrows pointing down only: [`cli`] (one file per subcommand) and the game use
//! [`engine`], the pure Sudoku engine (types, parsing, exact solver, human-style hints, grading,
//! generation), which imports nothing from the layers above it.

pub mod cli;
pub mod engine;
pub mod play;
pub mod profile;
pub mod tui;
