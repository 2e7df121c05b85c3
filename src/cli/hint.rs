//! `termdoku hint PUZZLE`: the step a strong human would take next, named and explained. With
//! `--format json` the step's object also holds the puzzle (`puzzle`, `variant`), so that every
//! reader takes the line back; a solved puzzle is `{"puzzle", "variant", "solved": true}`.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use super::format::OutputFormat;
use super::input::{Entry, Place, file_entries, looks_like_a_file, stdin_entries};
use crate::engine::logic::{Step, next_step};
use crate::engine::text::parse_puzzle;
use crate::engine::{Candidate, Candidates, Puzzle, Variant};

/// Arguments of `termdoku hint`.
#[derive(Debug, Args)]
pub struct HintArgs {
    /// The puzzle: 81 characters (1-9 givens, `.` or `0` blanks; what follows the first field of the
    /// line is ignored), a killer line (`<givens81> <cages81> <sums>`), Solo's game id (`3x3k:...`),
    /// a JSON line any command prints, a file holding puzzles (the first, or --index N; a bad one is
    /// an error naming its line), or `-` for standard input; digits already placed count as givens.
    pub puzzle: String,
    /// Text for people or a JSON object for scripts.
    #[arg(long, value_enum, default_value_t)]
    pub format: OutputFormat,
    /// Which puzzle of a file or of standard input (1 is the first).
    #[arg(long, value_name = "N")]
    pub index: Option<usize>,
}

/// The JSON line of a hint: the puzzle, and the step or that it is solved.
#[derive(Serialize)]
struct HintLine<'a> {
    /// The puzzle as read back (our killer line for a killer).
    puzzle: &'a str,
    /// `classic` or `killer`.
    variant: Variant,
    /// The next step, its fields beside the puzzle's.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    step: Option<&'a Step>,
    /// Set when every cell is filled: there is no step.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    solved: bool,
}

/// The JSON line of the hint `step` for `puzzle` (`None`: the puzzle is solved).
pub(super) fn hint_json(puzzle: &Puzzle, step: Option<&Step>) -> serde_json::Result<String> {
    let line = puzzle.to_line();
    serde_json::to_string(&HintLine {
        puzzle: &line,
        variant: puzzle.variant(),
        step,
        solved: step.is_none(),
    })
}

/// Prints the next step for the puzzle as given, with every candidate computed.
pub fn run(args: &HintArgs) -> anyhow::Result<ExitCode> {
    let (place, text) = match args.puzzle.as_str() {
        "-" => pick_puzzle(stdin_entries(std::io::stdin().lock()), "standard input", args.index)?,
        path if looks_like_a_file(path) => pick_puzzle(file_entries(Path::new(path))?, path, args.index)?,
        _ if args.index.is_some() => anyhow::bail!("--index picks a puzzle of a file or of standard input"),
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
    let step = next_step(&Candidates::from_puzzle(&puzzle));
    match (args.format, &step) {
        (OutputFormat::Json, step) => writeln!(out, "{}", hint_json(&puzzle, step.as_ref())?)?,
        (OutputFormat::Text, None) => writeln!(out, "The puzzle is already solved.")?,
        (OutputFormat::Text, Some(step)) => write_text(&mut out, step)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Puzzle `index` (the first when `None`) of `entries`, with its place for messages; `source` names
/// the input. Blank and comment lines are not puzzles; any other line is one, good or bad: a bad one
/// is reported with its place (`FILE, line 3: ...`), not passed over for the next. When no line
/// at all holds a puzzle (prose, such as the steps `solve --steps` prints), it says so.
pub(super) fn pick_puzzle(
    entries: impl Iterator<Item = std::io::Result<Entry>>,
    source: &str,
    index: Option<usize>,
) -> anyhow::Result<(String, String)> {
    let wanted = index.unwrap_or(1);
    anyhow::ensure!(wanted > 0, "there is no puzzle 0: puzzles are counted from 1");
    let mut count = 0;
    let mut bad: Option<(Place, String)> = None;
    for entry in entries {
        let (place, read) = match entry? {
            Entry::Passthrough(_) => continue,
            Entry::Puzzle { place, text } => {
                (place, parse_puzzle(&text).map(|_| text).map_err(|e| e.to_string()))
            }
            Entry::Unreadable { place, reason } => (place, Err(reason)),
        };
        count += 1;
        match (&bad, read) {
            (None, Ok(text)) if count == wanted => return Ok((format!("{source}, {place}: "), text)),
            (None, Err(problem)) if count == wanted => bad = Some((place, problem)),
            (Some((bad_place, problem)), Ok(_)) => anyhow::bail!(
                "{source}, {bad_place}: {problem} (that is puzzle {wanted}; {place} holds puzzle {count}: --index {count} picks it)"
            ),
            _ => {}
        }
    }
    match bad {
        Some((place, problem)) => anyhow::bail!("{source} holds no puzzle ({place}: {problem})"),
        None if count == 0 => anyhow::bail!("{source} holds no puzzle"),
        None => {
            anyhow::bail!("there is no puzzle {wanted}: {source} holds {count} (use --index 1 to {count})")
        }
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
