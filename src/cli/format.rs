//! Output formats shared by the subcommands: human text or JSON lines.

use clap::ValueEnum;

/// How a subcommand prints its results.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Plain text for people.
    #[default]
    Text,
    /// One JSON object per line, for scripts.
    Json,
}
