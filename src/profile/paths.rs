//! Where termdoku keeps its files: the configuration file and the profile directory, from the
//! platform directories (`directories::ProjectDirs`) unless overridden.
//!
//! Precedence, strongest first: the command line (`--config FILE`, `--profile-dir DIR`), the
//! environment (`TERMDOKU_CONFIG`, `TERMDOKU_DATA_DIR`), the configuration key `profile_dir` (profile
//! directory only), the platform directories. Every function takes its environment as an argument
//! ([`Environment`]) so tests never look at the real home. A file the user names, with `--config`
//! or `TERMDOKU_CONFIG`, must exist; [`check_folder`] tells whether a folder can hold our files.

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

/// Environment variable naming the configuration file.
pub const CONFIG_ENV: &str = "TERMDOKU_CONFIG";
/// Environment variable naming the profile directory.
pub const DATA_DIR_ENV: &str = "TERMDOKU_DATA_DIR";
/// The file name of the configuration in the platform configuration directory.
pub const CONFIG_FILE_NAME: &str = "config.toml";
/// The profile used when `--profile` is not given.
pub const DEFAULT_PROFILE: &str = "default";

/// The environment variables that move termdoku's files, read once so tests can supply their own.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Environment {
    /// `TERMDOKU_CONFIG`: the configuration file.
    pub config: Option<OsString>,
    /// `TERMDOKU_DATA_DIR`: the profile directory.
    pub data_dir: Option<OsString>,
}

impl Environment {
    /// The variables of this process (empty values count as unset).
    pub fn from_process() -> Environment {
        let read = |name| std::env::var_os(name).filter(|value| !value.is_empty());
        Environment { config: read(CONFIG_ENV), data_dir: read(DATA_DIR_ENV) }
    }

    /// Refuses a `TERMDOKU_CONFIG` that names no file when it is the configuration to read (no
    /// `--config` in `overrides`): the user chose that file, so it must exist, as with `--config`.
    pub fn check_config(&self, overrides: &Overrides) -> anyhow::Result<()> {
        let Some(config) = self.config.as_ref().filter(|_| overrides.config.is_none()) else { return Ok(()) };
        let path = Path::new(config);
        match std::fs::metadata(path) {
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                bail!(
                    "{CONFIG_ENV} names the configuration {}, which does not exist: {error}",
                    path.display()
                )
            }
            _ => Ok(()),
        }
    }
}

/// The command-line overrides: `--config`, `--profile-dir`, `--profile`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overrides {
    /// `--config FILE`.
    pub config: Option<PathBuf>,
    /// `--profile-dir DIR`.
    pub profile_dir: Option<PathBuf>,
    /// `--profile NAME` (the default profile when `None`).
    pub profile: Option<String>,
}

/// Where the configuration file is, and whether the user chose it (a chosen file must exist).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigLocation {
    /// The path of the file.
    pub path: PathBuf,
    /// Whether it was named on the command line (then a missing file is an error, not "use the
    /// defaults"; the command line refuses a missing `TERMDOKU_CONFIG` file with
    /// [`Environment::check_config`]).
    pub explicit: bool,
}

/// The configuration file: `--config`, else `TERMDOKU_CONFIG`, else `config.toml` in the platform
/// configuration directory.
pub fn config_location(overrides: &Overrides, env: &Environment) -> anyhow::Result<ConfigLocation> {
    if let Some(path) = &overrides.config {
        return Ok(ConfigLocation { path: path.clone(), explicit: true });
    }
    if let Some(path) = &env.config {
        return Ok(ConfigLocation { path: PathBuf::from(path), explicit: false });
    }
    let dirs = project_dirs()?;
    Ok(ConfigLocation { path: dirs.config_dir().join(CONFIG_FILE_NAME), explicit: false })
}

/// The profile directory: `--profile-dir`, else `TERMDOKU_DATA_DIR`, else the configuration's
/// `profile_dir` (relative paths are relative to the configuration file, `~/` is the home), else the
/// platform data directory.
pub fn profile_root(
    overrides: &Overrides,
    env: &Environment,
    configured: Option<&Path>,
    config_file: &Path,
) -> anyhow::Result<PathBuf> {
    if let Some(dir) = &overrides.profile_dir {
        return Ok(dir.clone());
    }
    if let Some(dir) = &env.data_dir {
        return Ok(PathBuf::from(dir));
    }
    if let Some(dir) = configured {
        return resolve_configured(dir, config_file);
    }
    Ok(project_dirs()?.data_dir().to_path_buf())
}

/// Whether `dir` can hold termdoku's files: it is a folder a file can be written in, or it can be
/// created (the nearest part of it that exists is such a folder). Nothing is created or left
/// behind: a file is written in that folder and removed. The error names the folder, the part of
/// it in the way, and the system's reason.
pub fn check_folder(dir: &Path) -> anyhow::Result<()> {
    let mut existing = dir;
    let found = loop {
        match std::fs::metadata(existing) {
            Ok(meta) if meta.is_dir() => break existing,
            Ok(_) if existing == dir => bail!("{} is a file, not a folder", dir.display()),
            Ok(_) => {
                bail!("{} cannot be created: {} is a file, not a folder", dir.display(), existing.display())
            }
            Err(error)
                if matches!(
                    error.kind(),
                    std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
                ) =>
            {
                match existing.parent().filter(|parent| !parent.as_os_str().is_empty()) {
                    Some(parent) => existing = parent,
                    None => break Path::new("."),
                }
            }
            Err(error) if existing == dir => bail!("{} cannot be reached: {error}", dir.display()),
            Err(error) => bail!("{} cannot be reached: {}: {error}", dir.display(), existing.display()),
        }
    };
    let probe = found.join(format!(".termdoku-check-{}", std::process::id()));
    match std::fs::OpenOptions::new().write(true).create_new(true).open(&probe) {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            Ok(())
        }
        Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(error) if found == dir => bail!("{} cannot be written: {error}", dir.display()),
        Err(error) => {
            bail!("{} cannot be created: {} cannot be written: {error}", dir.display(), found.display())
        }
    }
}

fn resolve_configured(dir: &Path, config_file: &Path) -> anyhow::Result<PathBuf> {
    if let Ok(rest) = dir.strip_prefix("~") {
        let base = directories::BaseDirs::new().context("cannot find the home directory for `~`")?;
        return Ok(base.home_dir().join(rest));
    }
    if dir.is_absolute() {
        return Ok(dir.to_path_buf());
    }
    let base = config_file.parent().unwrap_or(Path::new("."));
    Ok(base.join(dir))
}

fn project_dirs() -> anyhow::Result<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "", "termdoku").context(
        "cannot find a home directory: set TERMDOKU_CONFIG and TERMDOKU_DATA_DIR, or pass --config and \
         --profile-dir",
    )
}

/// A player's name: letters, digits, `-` and `_`, up to 40 characters (it names a directory).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ProfileName(String);

impl ProfileName {
    /// Checks `name`.
    pub fn new(name: &str) -> anyhow::Result<ProfileName> {
        let fine = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
        if name.is_empty() || name.len() > 40 || !name.chars().all(fine) {
            bail!("bad profile name `{name}`: use 1 to 40 letters, digits, `-` or `_`");
        }
        Ok(ProfileName(name.to_string()))
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Default for ProfileName {
    fn default() -> ProfileName {
        ProfileName(DEFAULT_PROFILE.to_string())
    }
}

impl fmt::Display for ProfileName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The directories of one player under the profile directory:
///
/// ```text
/// <root>/library/<level>.txt         ready puzzles, shared by every player
/// <root>/players/<name>/saves/       unfinished games, one file each
/// <root>/players/<name>/history/     finished games
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProfileDirs {
    root: PathBuf,
    name: ProfileName,
}

impl ProfileDirs {
    /// The directories of player `name` under `root` (nothing is created yet).
    pub fn new(root: impl Into<PathBuf>, name: ProfileName) -> ProfileDirs {
        ProfileDirs { root: root.into(), name }
    }

    /// The profile directory.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The player's name.
    pub fn name(&self) -> &ProfileName {
        &self.name
    }

    /// The player's own directory.
    pub fn player_dir(&self) -> PathBuf {
        self.root.join("players").join(self.name.as_str())
    }

    /// Unfinished games.
    pub fn saves_dir(&self) -> PathBuf {
        self.player_dir().join("saves")
    }

    /// Finished games.
    pub fn history_dir(&self) -> PathBuf {
        self.player_dir().join("history")
    }

    /// Ready puzzles.
    pub fn library_dir(&self) -> PathBuf {
        self.root.join("library")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_line_beats_environment_beats_config_key() {
        let env = Environment { config: Some("/env/c.toml".into()), data_dir: Some("/env/data".into()) };
        let flags = Overrides {
            config: Some("/flag/c.toml".into()),
            profile_dir: Some("/flag/data".into()),
            profile: None,
        };
        let config_file = Path::new("/etc/c.toml");
        assert_eq!(config_location(&flags, &env).expect("flag").path, PathBuf::from("/flag/c.toml"));
        let none = Overrides::default();
        let location = config_location(&none, &env).expect("env");
        assert_eq!(location, ConfigLocation { path: "/env/c.toml".into(), explicit: false });
        let configured = Some(Path::new("/key/data"));
        let root = |o, e| profile_root(o, e, configured, config_file).expect("root");
        assert_eq!(root(&flags, &env), PathBuf::from("/flag/data"));
        assert_eq!(root(&none, &env), PathBuf::from("/env/data"));
        assert_eq!(root(&none, &Environment::default()), PathBuf::from("/key/data"));
    }

    #[test]
    fn relative_profile_dir_is_relative_to_the_config_file() {
        let root = profile_root(
            &Overrides::default(),
            &Environment::default(),
            Some(Path::new("games")),
            Path::new("/home/ann/.config/termdoku/config.toml"),
        )
        .expect("root");
        assert_eq!(root, PathBuf::from("/home/ann/.config/termdoku/games"));
    }

    #[test]
    fn a_folder_that_cannot_hold_files_is_named_with_the_reason() {
        let dir = tempfile::tempdir().expect("temp dir");
        let fresh = dir.path().join("a/b/c");
        check_folder(&fresh).expect("it can be created");
        check_folder(dir.path()).expect("it can be written");
        assert!(
            !fresh.exists() && std::fs::read_dir(dir.path()).expect("listed").next().is_none(),
            "nothing left"
        );
        let file = dir.path().join("file");
        std::fs::write(&file, "").expect("written");
        let error = check_folder(&file).expect_err("a file").to_string();
        assert_eq!(error, format!("{} is a file, not a folder", file.display()));
        let under = file.join("profile").join("games");
        let error = check_folder(&under).expect_err("under a file").to_string();
        assert_eq!(
            error,
            format!("{} cannot be created: {} is a file, not a folder", under.display(), file.display())
        );
    }

    #[test]
    fn profile_names_are_checked_and_kept_apart() {
        assert!(ProfileName::new("ann_2").is_ok());
        for bad in ["", "../x", "a b", "é"] {
            assert!(ProfileName::new(bad).is_err(), "{bad}");
        }
        let ann = ProfileDirs::new("/d", ProfileName::new("ann").expect("name"));
        let bob = ProfileDirs::new("/d", ProfileName::new("bob").expect("name"));
        assert_ne!(ann.saves_dir(), bob.saves_dir());
        assert_eq!(ann.library_dir(), bob.library_dir());
    }
}
