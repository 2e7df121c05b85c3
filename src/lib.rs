//! termdoku: a terminal Sudoku game with an explainable engine.
//!
//! Layers, arrows pointing down only: [`cli`] (one file per subcommand) and [`tui`] (the game's face)
//! use [`profile`] (what outlives a run: configuration, saves, statistics, ready puzzles), which
//! serialises [`game`] (the game itself, without UI), which uses [`engine`], the pure Sudoku engine
//! (types, parsing, exact solver, human-style hints, grading, generation); no layer imports from one
//! above it. [`cli`] and [`tui`] never import each other: `termdoku play` fills in a [`play`] request
//! that the binary hands to the game.

pub mod cli;
pub mod engine;
pub mod game;
pub mod play;
pub mod profile;
pub mod tui;
