//! `termdoku techniques`: the technique catalogue, in the order the hint engine tries them.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use super::format::OutputFormat;
use crate::engine::logic::{Level, Technique};

/// Arguments of `termdoku techniques`.
#[derive(Debug, Args)]
pub struct TechniquesArgs {
    /// Text (a table) or JSON lines.
    #[arg(long, value_enum, default_value_t)]
    pub format: OutputFormat,
}

/// One catalogue line as JSON.
#[derive(Serialize)]
struct Entry {
    id: &'static str,
    name: &'static str,
    code: &'static str,
    level: Level,
    score: u32,
    /// Whether hints and grading use it (see [`Technique::in_hint_path`]).
    in_hint_path: bool,
}

/// Prints the catalogue: id, display name, HoDoKu code, level, score, and `on request` for the
/// techniques hints and grading leave out (found only by `regression` and the library API). Text
/// starts with a header line naming the columns (ID, NAME, CODE, LEVEL, SCORE, NOTE).
pub fn run(args: &TechniquesArgs) -> anyhow::Result<ExitCode> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    // Columns as wide as the longest id and name, so every row lines up.
    let id_width = Technique::ALL.iter().map(|t| t.id().len()).max().unwrap_or_default();
    let name_width = Technique::ALL.iter().map(|t| t.name().len()).max().unwrap_or_default();
    if args.format == OutputFormat::Text {
        writeln!(
            out,
            "{:<id_width$} {:<name_width$} {:<5} {:<7} {:>5}  NOTE",
            "ID", "NAME", "CODE", "LEVEL", "SCORE"
        )?;
    }
    for &t in Technique::ALL {
        let info = t.info();
        match args.format {
            OutputFormat::Text => writeln!(
                out,
                "{:<id_width$} {:<name_width$} {:<5} {:<7} {:>5}{}",
                info.id,
                info.name,
                if info.code.is_empty() { "-" } else { info.code },
                info.level,
                info.score,
                if t.in_hint_path() { "" } else { "  on request" }
            )?,
            OutputFormat::Json => {
                let entry = Entry {
                    id: info.id,
                    name: info.name,
                    code: info.code,
                    level: info.level,
                    score: info.score,
                    in_hint_path: t.in_hint_path(),
                };
                writeln!(out, "{}", serde_json::to_string(&entry)?)?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
