//! `termdoku config`: print the documented defaults, check a configuration file, or show where the
//! configuration and the profile directory are.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use crate::profile::config::{Config, EXAMPLE_CONFIG};
use crate::profile::paths::{check_folder, profile_root};
use crate::profile::{Environment, Overrides};

/// Arguments of `termdoku config`.
#[derive(Debug, Args)]
pub struct ConfigArgs {
    /// Print the default configuration, every key documented.
    #[arg(long, conflicts_with = "check")]
    pub print_default: bool,
    /// Check FILE: exit status 0 when it is valid, 1 with the problem (file, line, key) otherwise;
    /// its `profile_dir`, when set, must be a folder that can be written or created.
    #[arg(long, value_name = "FILE")]
    pub check: Option<PathBuf>,
}

/// Checks that the `profile_dir` of `config`, read from `file`, can hold the saves: a folder that can
/// be written, or created. The error names the file, the key and the folder, with the system's
/// reason.
fn check_profile_dir(config: &Config, file: &Path) -> anyhow::Result<()> {
    let Some(configured) = &config.profile_dir else { return Ok(()) };
    let dir = profile_root(&Overrides::default(), &Environment::default(), Some(configured), file)?;
    check_folder(&dir).with_context(|| format!("{}: `profile_dir`", file.display()))
}

/// Runs `termdoku config`.
pub fn run(args: &ConfigArgs, overrides: &Overrides) -> anyhow::Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    if args.print_default {
        out.write_all(EXAMPLE_CONFIG.as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(file) = &args.check {
        return match Config::load(file, true).and_then(|config| check_profile_dir(&config, file)) {
            Ok(()) => {
                writeln!(out, "{}: ok", file.display())?;
                Ok(ExitCode::SUCCESS)
            }
            Err(error) => {
                eprintln!("error: {error:#}");
                Ok(ExitCode::from(1))
            }
        };
    }
    let session = super::open_session(overrides)?;
    let exists = if session.config_path.exists() { "" } else { " (not there: the defaults apply)" };
    writeln!(out, "configuration: {}{exists}", session.config_path.display())?;
    writeln!(out, "profile directory: {}", session.dirs.root().display())?;
    writeln!(out, "player: {} ({})", session.dirs.name(), session.dirs.player_dir().display())?;
    Ok(ExitCode::SUCCESS)
}
