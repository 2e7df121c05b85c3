//! The command line: one file per subcommand. Nothing here enters raw mode or touches the terminal
//! beyond printing; the game owns the terminal.

mod format;
mod hint;
mod play;
mod regression;
mod techniques;

pub use format::OutputFormat;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// termdoku: Sudoku in the terminal, with hints that teach.
#[derive(Debug, Parser)]
#[command(name = "termdoku", version, about, long_about = None)]
pub struct Cli {
    /// What to do; without a subcommand the game starts.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play: open the game (the default when no subcommand is given).
    Play(play::PlayArgs),
    /// Show the next logical step for a puzzle: the technique, where, and why.
    Hint(hint::HintArgs),
    /// List the solving techniques in the order the hint engine tries them.
    Techniques(techniques::TechniquesArgs),
    /// Run a HoDoKu regression library file against the hint engine.
    Regression(regression::RegressionArgs),
}

/// Runs the parsed command line and returns the process exit code.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Some(Command::Hint(args)) => hint::run(&args),
        Some(Command::Techniques(args)) => techniques::run(&args),
        Some(Command::Regression(args)) => regression::run(&args),
        Some(Command::Play(args)) => play::run(&args),
        None => play::run(&play::PlayArgs::default()),
    }
}
