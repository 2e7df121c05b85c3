//! The command line: one file per subcommand. Nothing here enters raw mode or touches the terminal
//! beyond printing; the game owns the terminal.

mod format;
mod generate;
mod hint;
mod rate;
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
    /// Show the next logical step for a puzzle: the technique, where, and why.
    Hint(hint::HintArgs),
    /// List the solving techniques in the order the hint engine tries them.
    Techniques(techniques::TechniquesArgs),
    /// Run a HoDoKu regression library file against the hint engine.
    Regression(regression::RegressionArgs),
    /// Rate puzzles: level, score, hardest technique and steps, one line each.
    Rate(rate::RateArgs),
    /// Generate unique puzzles at a difficulty level.
    Generate(generate::GenerateArgs),
}

/// Runs the parsed command line and returns the process exit code.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Some(Command::Hint(args)) => hint::run(&args),
        Some(Command::Techniques(args)) => techniques::run(&args),
        Some(Command::Regression(args)) => regression::run(&args),
        Some(Command::Rate(args)) => rate::run(&args),
        Some(Command::Generate(args)) => generate::run(&args),
        None => {
            use clap::CommandFactory;
            Cli::command().print_help()?;
            Ok(ExitCode::SUCCESS)
        }
    }
}
