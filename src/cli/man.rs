//! `termdoku man [SUBCOMMAND]`: a manual page, in roff, written to standard output from the same
//! clap definitions the command line parses with: termdoku's page (NAME, SYNOPSIS, DESCRIPTION,
//! OPTIONS, SUBCOMMANDS, ENVIRONMENT, VERSION), or the page of one subcommand (`termdoku-solve(1)`,
//! as the SUBCOMMANDS section names them).

use std::io::Write;
use std::process::ExitCode;

use anyhow::bail;
use clap::{Args, CommandFactory};

use super::Cli;

/// Arguments of `termdoku man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write this subcommand's page (`termdoku man solve` is termdoku-solve(1)) instead of
    /// termdoku's.
    #[arg(value_name = "SUBCOMMAND")]
    pub subcommand: Option<String>,
}

/// The ENVIRONMENT section: the variables termdoku reads.
const ENVIRONMENT: &str = r#".SH ENVIRONMENT
.TP
\fBTERMDOKU_CONFIG\fR
The configuration file to read instead of config.toml in the platform configuration directory (as \fB\-\-config\fR).
.TP
\fBTERMDOKU_DATA_DIR\fR
The directory of saves, statistics and ready puzzles (as \fB\-\-profile\-dir\fR).
.TP
\fBNO_COLOR\fR
When set and not empty, the game draws without colour; every cue keeps a shape or a mark of its own.
"#;

/// termdoku's manual page, or `subcommand`'s; an unknown subcommand is an error naming the known
/// ones.
pub fn page(subcommand: Option<&str>) -> anyhow::Result<String> {
    let mut cli = Cli::command();
    cli.build();
    let command = match subcommand {
        None => cli,
        Some(name) => match cli.find_subcommand(name) {
            Some(command) => command.clone(),
            None => {
                let known: Vec<&str> = cli.get_subcommands().map(|c| c.get_name()).collect();
                bail!("no subcommand {name:?}: the subcommands are {}", known.join(", "));
            }
        },
    };
    let mut out = Vec::new();
    let source = format!("termdoku {}", env!("CARGO_PKG_VERSION"));
    clap_mangen::Man::new(command).source(source).render(&mut out)?;
    let mut text = String::from_utf8(out)?;
    if subcommand.is_none() {
        // Before VERSION, where a manual page keeps its ENVIRONMENT.
        let at = text.find(".SH VERSION").unwrap_or(text.len());
        text.insert_str(at, ENVIRONMENT);
    }
    Ok(text)
}

/// Writes the manual page.
pub fn run(args: &ManArgs) -> anyhow::Result<ExitCode> {
    std::io::stdout().lock().write_all(page(args.subcommand.as_deref())?.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
