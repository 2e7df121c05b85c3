//! `termdoku completions SHELL`: the shell's completion script for every subcommand and option,
//! written to standard output from the same clap definitions the command line parses with.

use std::io::Write;
use std::process::ExitCode;

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::Cli;

/// Arguments of `termdoku completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh or fish (elvish and powershell work too). For example
    /// `termdoku completions bash > ~/.local/share/bash-completion/completions/termdoku`.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Writes the completion script of `args.shell`.
pub fn run(args: &CompletionsArgs) -> anyhow::Result<ExitCode> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "termdoku", &mut script);
    std::io::stdout().lock().write_all(&script)?;
    Ok(ExitCode::SUCCESS)
}
