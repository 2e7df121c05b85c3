//! `termdoku hint PUZZLE`: the step a strong human would take next, named and explained.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;

use super::format::OutputFormat;
use crate::engine::logic::{Step, next_step};
use std::path::Path;

use super::input::{Entry, file_entries, looks_like_a_file, stdin_entries};
use crate::engine::text::parse_puzzle;
use crate::engine::{Candidate, Candidates};

/// Arguments of `termdoku hint`.
#[derive(Debug, Args)]
pub struct HintArgs {
    /// The puzzle: 81 characters (1-9 givens, `.` or `0` blanks; what follows the first field of the
    /// line is ignored), a killer line (`<givens81> <cages81> <sums>`), Solo's game id (`3x3k:...`),
    /// a file holding puzzles (the first is used), or `-` for standard input; digits already placed
    /// count as givens.
    pub puzzle: String,
    /// Text for people or a JSON object for scripts.
    #[arg(long, value_enum, default_value_t)]
    pub format: OutputFormat,
}

/// Prints the next step for the puzzle as given, with every candidate computed.
pub fn run(args: &HintArgs) -> anyhow::Result<ExitCode> {
    let (place, text) = match args.puzzle.as_str() {
        "-" => first_puzzle(stdin_entries(std::io::stdin().lock()), "standard input")?,
        path if looks_like_a_file(path) => first_puzzle(file_entries(Path::new(path))?, path)?,
        text => (String::new(), text.to_string()),
    };
    let puzzle =
        match parse_puzzle(&text).map_err(anyhow::Error::from).and_then(|read| Ok(read.into_puzzle()?)) {
            Ok(puzzle) => puzzle,
            Err(e) => {
                eprintln!("error: {place}{e}");
                return Ok(ExitCode::FAILURE);
            }
        };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match next_step(&Candidates::from_puzzle(&puzzle)) {
        None => writeln!(out, "The puzzle is already solved.")?,
        Some(step) => match args.format {
            OutputFormat::Text => write_text(&mut out, &step)?,
            OutputFormat::Json => writeln!(out, "{}", serde_json::to_string(&step)?)?,
        },
    }
    Ok(ExitCode::SUCCESS)
}

/// The first entry of `entries` that holds a puzzle (lines that are not puzzles, such as the steps
/// `solve --steps` prints, are passed over), with its place for messages; `source` names the input.
fn first_puzzle(
    entries: impl Iterator<Item = std::io::Result<Entry>>,
    source: &str,
) -> anyhow::Result<(String, String)> {
    let mut first_problem = None;
    for entry in entries {
        if let Entry::Puzzle { place, text } = entry? {
            match parse_puzzle(&text) {
                Ok(_) => return Ok((format!("{source}, {place}: "), text)),
                Err(error) => {
                    first_problem.get_or_insert(format!("{place}: {error}"));
                }
            }
        }
    }
    match first_problem {
        Some(problem) => {
            anyhow::bail!("{source} holds no puzzle (the first line that is not one: {problem})")
        }
        None => anyhow::bail!("{source} holds no puzzle"),
    }
}

/// Writes a step for people: the summary, the explanation, and what it changes.
pub fn write_text(out: &mut impl Write, step: &Step) -> std::io::Result<()> {
    writeln!(out, "{}", step.summary())?;
    writeln!(out, "  {}", step.explanation)?;
    if !step.placements.is_empty() {
        writeln!(out, "  place: {}", list(&step.placements))?;
    }
    if !step.eliminations.is_empty() {
        writeln!(out, "  remove: {}", list(&step.eliminations))?;
    }
    Ok(())
}

fn list(cands: &[Candidate]) -> String {
    cands.iter().map(Candidate::to_string).collect::<Vec<_>>().join(" ")
}
