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
    /// Its level in a killer ([`Technique::killer_level`]).
    killer_level: Level,
    score: u32,
    /// The scores of a killer step by the size of the cage it reads, 2 to 9 cells
    /// ([`Technique::score_for_cage`]); absent where the cage does not matter.
    #[serde(skip_serializing_if = "Option::is_none")]
    score_by_cage_size: Option<Vec<u32>>,
    /// Whether hints and grading use it (see [`Technique::in_hint_path`]).
    in_hint_path: bool,
}

/// The scores of `t` for cages of 2 to 9 cells, when they differ from its score.
fn score_by_cage_size(t: Technique) -> Option<Vec<u32>> {
    let scores: Vec<u32> = (2..=9).map(|size| t.score_for_cage(size)).collect();
    scores.iter().any(|&s| s != t.score()).then_some(scores)
}

/// The NOTE column: `on request` for the techniques hints and grading leave out, the level in a
/// killer where it differs, and the scores by cage size where they vary.
fn note(t: Technique) -> String {
    let mut notes = Vec::new();
    if !t.in_hint_path() {
        notes.push("on request".to_string());
    }
    if t.killer_level() != t.level() {
        notes.push(format!("{} in a killer", t.killer_level()));
    }
    if let Some(scores) = score_by_cage_size(t) {
        let list: Vec<String> = scores.iter().map(u32::to_string).collect();
        notes.push(format!("score by cage size 2-9: {}", list.join(" ")));
    }
    notes.join("; ")
}

/// Prints the catalogue: id, display name, HoDoKu code, level, score, and a note: `on request` for
/// the techniques hints and grading leave out (found only by `regression` and the library API), the
/// level in a killer where it differs, the scores by cage size where they vary. Text starts with a
/// header line naming the columns (ID, NAME, CODE, LEVEL, SCORE, NOTE).
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
                "{:<id_width$} {:<name_width$} {:<5} {:<7} {:>5}  {}",
                info.id,
                info.name,
                if info.code.is_empty() { "-" } else { info.code },
                info.level,
                info.score,
                note(t)
            )?,
            OutputFormat::Json => {
                let entry = Entry {
                    id: info.id,
                    name: info.name,
                    code: info.code,
                    level: info.level,
                    killer_level: t.killer_level(),
                    score: info.score,
                    score_by_cage_size: score_by_cage_size(t),
                    in_hint_path: t.in_hint_path(),
                };
                writeln!(out, "{}", serde_json::to_string(&entry)?)?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
