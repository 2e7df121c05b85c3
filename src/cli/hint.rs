//! `termdoku hint PUZZLE`: the step a strong human would take next, named and explained.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;

use super::format::OutputFormat;
use crate::engine::logic::{Step, next_step};
use crate::engine::{Candidate, Candidates, Puzzle, parse_grid};

/// Arguments of `termdoku hint`.
#[derive(Debug, Args)]
pub struct HintArgs {
    /// The puzzle: 81 characters (1-9 givens, `.` or `0` blanks); digits already placed count as givens.
    pub puzzle: String,
    /// Text for people or a JSON object for scripts.
    #[arg(long, value_enum, default_value_t)]
    pub format: OutputFormat,
}

/// Prints the next step for the puzzle as given, with every candidate computed.
pub fn run(args: &HintArgs) -> anyhow::Result<ExitCode> {
    let grid = match parse_grid(&args.puzzle).map_err(anyhow::Error::from).and_then(|g| {
        Puzzle::new(g)?;
        Ok(g)
    }) {
        Ok(grid) => grid,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match next_step(&Candidates::from_grid(&grid)) {
        None => writeln!(out, "The puzzle is already solved.")?,
        Some(step) => match args.format {
            OutputFormat::Text => write_text(&mut out, &step)?,
            OutputFormat::Json => writeln!(out, "{}", serde_json::to_string(&step)?)?,
        },
    }
    Ok(ExitCode::SUCCESS)
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
