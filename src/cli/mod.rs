//! The command line: one file per subcommand. Nothing here enters raw mode or touches the terminal
//! beyond printing; the game owns the terminal.

mod combos;
mod completions;
mod config;
mod daily;
mod export;
mod format;
mod generate;
mod hint;
pub mod input;
mod lines;
mod listing;
mod man;
mod play;
mod rate;
mod regression;
#[cfg(test)]
mod round_trip;
mod solve;
mod stats;
pub mod svg;
mod techniques;
mod threads;

pub use format::OutputFormat;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::play::PlayRequest;
use crate::profile::{Environment, Overrides, Session};

/// termdoku: Sudoku in the terminal, with hints that teach.
#[derive(Debug, Parser)]
#[command(name = "termdoku", version, about, long_about = None)]
pub struct Cli {
    /// What to do; without a subcommand the game starts.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Read the configuration from FILE (default: config.toml in the platform configuration
    /// directory, or $TERMDOKU_CONFIG).
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Keep saves, statistics and ready puzzles in DIR (default: the platform data directory, or
    /// $TERMDOKU_DATA_DIR, or the configuration's `profile_dir`).
    #[arg(long, global = true, value_name = "DIR")]
    pub profile_dir: Option<PathBuf>,
    /// The player whose saves and statistics to use.
    #[arg(long, global = true, value_name = "NAME", default_value = crate::profile::paths::DEFAULT_PROFILE)]
    pub profile: String,
}

impl Cli {
    /// The file and directory overrides given on the command line.
    pub fn overrides(&self) -> Overrides {
        Overrides {
            config: self.config.clone(),
            profile_dir: self.profile_dir.clone(),
            profile: Some(self.profile.clone()),
        }
    }
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play: open the game (the default when no subcommand is given).
    Play(play::PlayArgs),
    /// Solve puzzles given as arguments or one per line on standard input.
    Solve(solve::SolveArgs),
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
    /// Print the default configuration, check a configuration file, or show where files are.
    Config(config::ConfigArgs),
    /// Show the player's statistics per level.
    Stats(stats::StatsArgs),
    /// Print a saved game (line, grid, pencil marks, Solo game id, JSON or a link), convert puzzles
    /// with --puzzle, or lay them out on printable SVG or HTML sheets.
    Export(export::ExportArgs),
    /// List the combinations of SIZE distinct digits adding up to SUM (a killer cage's), with what
    /// they all hold and what none holds.
    Combos(combos::CombosArgs),
    /// Play the daily puzzle (the same for everyone on a date; the level follows the weekday), or
    /// print it with --print.
    Daily(daily::DailyArgs),
    /// Print the completion script of a shell (bash, zsh, fish) for termdoku's subcommands and
    /// options.
    Completions(completions::CompletionsArgs),
    /// Print termdoku's manual page (roff): `termdoku man | man -l -`.
    Man(man::ManArgs),
}

/// What is left to do once the command line has run.
#[derive(Debug)]
pub enum Run {
    /// Nothing: exit with this code.
    Done(ExitCode),
    /// Play the game this asks for (the binary hands it to the game).
    Play(Box<PlayRequest>),
}

/// The configuration and profile of this process for `overrides`: the environment's, a
/// `TERMDOKU_CONFIG` naming no file refused as `--config` naming none is.
fn open_session(overrides: &Overrides) -> anyhow::Result<Session> {
    let env = Environment::from_process();
    env.check_config(overrides)?;
    Session::open(overrides, &env)
}

/// Runs the parsed command line: a subcommand's exit code, or the game to play.
pub fn run(cli: Cli) -> anyhow::Result<Run> {
    let overrides = cli.overrides();
    let done = match cli.command {
        Some(Command::Hint(args)) => hint::run(&args),
        Some(Command::Techniques(args)) => techniques::run(&args),
        Some(Command::Regression(args)) => regression::run(&args),
        Some(Command::Rate(args)) => rate::run(&args),
        Some(Command::Generate(args)) => generate::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Config(args)) => config::run(&args, &overrides),
        Some(Command::Stats(args)) => stats::run(&args, &overrides),
        Some(Command::Export(args)) => export::run(&args, &overrides),
        Some(Command::Combos(args)) => combos::run(&args),
        Some(Command::Completions(args)) => completions::run(&args),
        Some(Command::Man(args)) => man::run(&args),
        Some(Command::Play(args)) => return play::run(&args, &overrides),
        Some(Command::Daily(args)) => return daily::run(&args, &overrides),
        None => return play::run(&play::PlayArgs::default(), &overrides),
    };
    done.map(Run::Done)
}
