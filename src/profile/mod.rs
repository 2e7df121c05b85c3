//! The profile: the layer between the engine and the game or command line that keeps what outlives a
//! run: where files live ([`paths`]), the configuration ([`config`], [`keys`], [`colour`]), saved games
//! ([`saves`]), statistics ([`stats`]), ready puzzles ([`library`]) and puzzle files ([`import`]).
//!
//! It uses the engine and the file system; it never imports the game (`tui`) or the command line.

pub mod atomic;
pub mod colour;
pub mod config;
pub mod keys;
pub mod paths;
pub mod saves;
pub mod time;
mod toml_span;
