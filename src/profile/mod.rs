//! The profile: the layer between the game and engine below and the TUI or command line above that
//! keeps what outlives a run: where files live ([`paths`]), the configuration ([`config`], [`keys`],
//! [`colour`]), saved games and their move journals ([`saves`], which serialise [`crate::game`]'s
//! types), statistics ([`stats`]), ready puzzles ([`library`]) and the safe reading of files
//! ([`files`]).
//!
//! It uses the game, the engine and the file system; it never imports the TUI or the command line.

pub mod atomic;
pub mod colour;
pub mod config;
pub mod daily;
pub mod export;
pub mod files;
pub mod keys;
pub mod library;
pub mod paths;
pub mod plain;
pub mod saves;
pub mod stats;
pub mod time;
mod toml_span;

use std::path::PathBuf;

pub use config::Config;
pub use paths::{Environment, Overrides, ProfileDirs, ProfileName};

/// What a run works with: the configuration in force and the player's directories.
#[derive(Clone, Debug)]
pub struct Session {
    /// The configuration (defaults where the file says nothing).
    pub config: Config,
    /// The configuration file read (it may not exist).
    pub config_path: PathBuf,
    /// The player's directories.
    pub dirs: ProfileDirs,
}

impl Session {
    /// Finds and reads the configuration and the profile directory for these overrides and this
    /// environment. A broken configuration is an error naming file, line and key.
    pub fn open(overrides: &Overrides, env: &Environment) -> anyhow::Result<Session> {
        let location = paths::config_location(overrides, env)?;
        let config = Config::load(&location.path, location.explicit)?;
        let root = paths::profile_root(overrides, env, config.profile_dir.as_deref(), &location.path)?;
        let name = match &overrides.profile {
            Some(name) => ProfileName::new(name)?,
            None => ProfileName::default(),
        };
        Ok(Session { config, config_path: location.path, dirs: ProfileDirs::new(root, name) })
    }

    /// The player's saves.
    pub fn saves(&self) -> saves::SaveStore {
        saves::SaveStore::new(&self.dirs)
    }

    /// The ready puzzles.
    pub fn library(&self) -> library::Library {
        library::Library::new(&self.dirs)
    }
}
