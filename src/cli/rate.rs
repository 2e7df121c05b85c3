//! `termdoku rate [PUZZLE ... | FILE | -]`: the difficulty of each puzzle, one line each, in input
//! order: the puzzle, level, score, hardest technique id and number of steps, tab-separated (or
//! JSON lines with `--format json`); `--se` adds the Sudoku Explainer estimate as a sixth column.
//! Bad puzzles print `error: line N: reason` (`argument N` for arguments) on standard error and `-`
//! in their place (`{"line":N,"error":"reason"}` in JSON), and make the exit status 1. Blank and
//! comment lines pass through as text and are left out of JSON lines. Input streams
//! through [`super::input`] in chunks rated in parallel; a single argument naming a file is read
//! like standard input.

use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use serde::Serialize;

use super::OutputFormat as Format;
use super::input::{Answer, Place, puzzle_entries, run_batch};
use crate::engine::text::parse_puzzle;
use crate::engine::{ExplainerRating, Puzzle, Rating, Variant, explainer_rating, rate};

/// Arguments of `termdoku rate`.
#[derive(Debug, Args)]
pub struct RateArgs {
    /// Puzzles (81 characters, `.` or `0` for blanks; killer lines; Solo game ids), or one file of
    /// puzzles, one a line; none or `-` reads standard input. A killer's puzzle column is its
    /// killer line; a full grid is reported as solved.
    pub puzzles: Vec<String>,
    /// Output format: `text` (tab-separated: puzzle, level, score, hardest technique id, steps) or
    /// `json` (JSON lines with the same fields).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Worker threads (default: all cores; more than the cores are clamped, with a note).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Also estimate the Sudoku Explainer rating (a sixth column such as `7.3`; `"se"` in JSON).
    /// A puzzle that needs SE's nested forcing chains shows the lower bound `9.5+` (in JSON
    /// `"se": 9.5, "se_lower_bound": true`). Sudoku X and jigsaw puzzles show a note instead
    /// (`se: not available ...`; `"se_note"` in JSON); killers are refused.
    #[arg(long)]
    pub se: bool,
}

/// One rated puzzle as printed.
#[derive(Serialize)]
struct RatedLine<'a> {
    puzzle: &'a str,
    level: &'static str,
    score: u32,
    hardest: &'static str,
    steps: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    se: Option<f64>,
    /// Set when `se` is only a lower bound (the puzzle needs nested forcing chains).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    se_lower_bound: bool,
}

/// The output line for `puzzle` with `rating` and, when given, the Sudoku Explainer estimate `se`
/// (a sixth column, or an `"se"` field in JSON; a lower bound is written `9.5+`, or flagged with
/// `"se_lower_bound": true`).
pub fn format_rated(
    puzzle: &Puzzle,
    rating: &Rating,
    se: Option<&ExplainerRating>,
    format: Format,
) -> String {
    let line = puzzle.to_line();
    let rated = RatedLine {
        puzzle: &line,
        level: rating.level.name(),
        score: rating.score,
        hardest: rating.hardest.id(),
        steps: rating.steps,
        se: se.map(|se| se.difficulty.value()),
        se_lower_bound: se.is_some_and(|se| !se.solved),
    };
    match format {
        Format::Text => {
            let mut text = format!(
                "{}\t{}\t{}\t{}\t{}",
                rated.puzzle, rated.level, rated.score, rated.hardest, rated.steps
            );
            if let Some(se) = se {
                let bound = if se.solved { "" } else { "+" };
                text.push_str(&format!("\t{}{bound}", se.difficulty));
            }
            text
        }
        Format::Json => serde_json::to_string(&rated).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}")),
    }
}

/// One already solved puzzle as printed.
#[derive(Serialize)]
struct SolvedLine<'a> {
    puzzle: &'a str,
    solved: bool,
}

/// The output line for a puzzle whose grid is already full: nothing to rate, and it says so
/// (`<puzzle>\tsolved: every cell is filled`, or `{"puzzle": ..., "solved": true}`).
pub(super) fn format_solved(puzzle: &Puzzle, format: Format) -> String {
    let line = puzzle.to_line();
    match format {
        Format::Text => format!("{line}\tsolved: every cell is filled, nothing to rate"),
        Format::Json => serde_json::to_string(&SolvedLine { puzzle: &line, solved: true })
            .unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}")),
    }
}

/// Rates the puzzle `text`, read at `place`.
fn rate_entry(place: Place, text: String, format: Format, with_se: bool) -> Answer {
    let puzzle = match parse_puzzle(&text)
        .map_err(|e| e.to_string())
        .and_then(|read| read.into_puzzle().map_err(|e| e.to_string()))
    {
        Ok(puzzle) => puzzle,
        Err(reason) => return Answer::failed(place, reason),
    };
    if puzzle.givens().is_full() {
        return Answer::ok(format_solved(&puzzle, format));
    }
    if with_se && puzzle.variant().has_cages() {
        return Answer::failed(place, "--se: the Sudoku Explainer estimate is for classic puzzles only");
    }
    if with_se && !puzzle.layout().is_classic() {
        let rated = format_rated(&puzzle, &rate(&puzzle), None, format);
        return Answer::ok(with_se_note(rated, puzzle.variant(), format));
    }
    let se = with_se.then(|| explainer_rating(&puzzle));
    Answer::ok(format_rated(&puzzle, &rate(&puzzle), se.as_ref(), format))
}

/// `rated` with the note that the Sudoku Explainer estimate is not available for a puzzle of
/// `variant` (X or jigsaw: SE's techniques assume the classic houses): a sixth column
/// `se: not available ...`, or an `"se_note"` field in JSON.
fn with_se_note(rated: String, variant: Variant, format: Format) -> String {
    let note = format!("not available for {} puzzles (SE rates classic Sudoku only)", variant.name());
    match format {
        Format::Text => format!("{rated}\tse: {note}"),
        Format::Json => match serde_json::from_str::<serde_json::Value>(&rated) {
            Ok(serde_json::Value::Object(mut object)) => {
                object.insert("se_note".into(), serde_json::Value::String(note));
                serde_json::Value::Object(object).to_string()
            }
            _ => rated,
        },
    }
}

/// Runs `termdoku rate`: exit status 0 when every puzzle was rated, 1 otherwise.
pub fn run(args: &RateArgs) -> anyhow::Result<ExitCode> {
    let threads = super::threads::workers_noted(args.threads);
    run_batch(puzzle_entries(&args.puzzles)?, threads, args.format, |place, text| {
        rate_entry(place, text, args.format, args.se)
    })
}

/// A thread pool with `threads` workers (all cores when `None`).
pub(super) fn thread_pool(threads: Option<usize>) -> anyhow::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(super::threads::workers_noted(threads))
        .build()
        .context("cannot start the worker threads")
}
