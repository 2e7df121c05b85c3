//! `termdoku solve`: solve puzzles from the command line or standard input, one result per line.

use std::process::ExitCode;

use crate::engine::logic::{Step, logical_path};
use crate::engine::{Candidates, Puzzle, count_solutions};

use super::format::OutputFormat;
use super::input::{Answer, Entry, puzzle_entries, puzzle_of, run_batch};

/// Arguments of `termdoku solve`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Input: each PUZZLE argument is one puzzle (81 characters: 1-9 for givens, '.' or '0' for blanks).
With no argument, or for an argument '-', every line of standard input is one puzzle; a single
argument naming a file is read the same way.

Output: one line per input line, in input order: the 81-digit solution, or with --count the
number of solutions (0, 1 or 2+). A puzzle that cannot be read, has no solution or has several
prints '-' in its place and 'error: line N: <reason>' (or 'argument N') on standard error; the
others are still solved and the exit status is 1. With --count, 0 and 2+ are answers, not
errors: only unreadable puzzles are. Blank lines and lines starting with '#' in standard input
are not puzzles: they are echoed unchanged, so output lines stay aligned with input lines.

With --steps, each puzzle prints its whole logical path instead, one step a line (with
--format json, one JSON object a line: technique, houses, cells, drivers, placements,
eliminations, explanation); a blank line follows each puzzle's path.")]
pub struct SolveArgs {
    /// Puzzles to solve; none, or '-', reads one puzzle per line from standard input.
    #[arg(value_name = "PUZZLE")]
    puzzles: Vec<String>,
    /// Print the number of solutions (0, 1 or 2+) instead of the solution.
    #[arg(long, conflicts_with = "steps")]
    count: bool,
    /// Print the logical path, one step a line, as the hint engine would solve it.
    #[arg(long)]
    steps: bool,
    /// With --steps: text for people, or JSON lines for scripts.
    #[arg(long, value_enum, default_value_t, requires = "steps")]
    format: OutputFormat,
    /// Worker threads (default: all cores; more than the cores are clamped, with a note).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    threads: Option<u64>,
}

/// What `solve` prints for each puzzle.
#[derive(Clone, Copy)]
enum Mode {
    /// The 81-digit solution.
    Solution,
    /// The number of solutions: 0, 1 or 2+.
    Count,
    /// The logical path, one step a line, in the given format.
    Steps(OutputFormat),
}

/// The output of one puzzle, or why there is none.
fn solve_entry(entry: Entry, mode: Mode) -> Answer {
    let (place, text) = match entry {
        Entry::Puzzle { place, text } => (place, text),
        Entry::Passthrough(line) => return Answer::ok(line),
    };
    let grid = match puzzle_of(&text) {
        Ok(grid) => grid,
        Err(error) => return Answer::failed(place, error),
    };
    if let Mode::Count = mode {
        let solutions = count_solutions(&grid, 2);
        return Answer::ok(if solutions >= 2 { "2+".into() } else { solutions.to_string() });
    }
    match (Puzzle::new(grid), mode) {
        (Ok(puzzle), Mode::Steps(format)) => {
            let path = logical_path(&Candidates::from_grid(puzzle.givens()));
            match steps_text(&path, format) {
                Ok(text) => Answer::ok(text),
                Err(error) => Answer::failed(place, error),
            }
        }
        (Ok(puzzle), _) => Answer::ok(puzzle.solution().to_digits()),
        (Err(error), _) => Answer::failed(place, error),
    }
}

/// A logical path, one step a line, followed by a blank line.
fn steps_text(path: &[Step], format: OutputFormat) -> serde_json::Result<String> {
    let mut text = String::new();
    for step in path {
        match format {
            OutputFormat::Text => text.push_str(&step.explanation),
            OutputFormat::Json => text.push_str(&serde_json::to_string(step)?),
        }
        text.push('\n');
    }
    Ok(text)
}

/// Runs `termdoku solve`: exit status 0 when every puzzle was answered, 1 otherwise.
pub fn run(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    let threads =
        super::threads::workers_noted(args.threads.map(|n| usize::try_from(n).unwrap_or(usize::MAX)));
    let mode = match (args.count, args.steps) {
        (true, _) => Mode::Count,
        (false, true) => Mode::Steps(args.format),
        (false, false) => Mode::Solution,
    };
    run_batch(puzzle_entries(&args.puzzles)?, threads, |entry| solve_entry(entry, mode))
}
