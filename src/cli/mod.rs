//! The command line: one file per subcommand. Nothing here enters raw mode or touches the terminal
//! beyond printing; the game owns the terminal.

pub mod input;
mod regression;
mod solve;

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
    /// Run a HoDoKu regression library file against the hint engine.
    Regression(regression::RegressionArgs),
    /// Solve puzzles given as arguments or one per line on standard input.
    Solve(solve::SolveArgs),
}

/// Runs the parsed command line and returns the process exit code.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Some(Command::Regression(args)) => regression::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        None => {
            use clap::CommandFactory;
            Cli::command().print_help()?;
            Ok(ExitCode::SUCCESS)
        }
    }
}
