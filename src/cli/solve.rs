//! `termdoku solve`: solve puzzles from the command line or standard input, one result per line.

use std::process::ExitCode;

use serde::Serialize;

use crate::engine::logic::{Step, logical_path};
use crate::engine::text::parse_puzzle;
use crate::engine::{
    Candidates, Grid, Puzzle, PuzzleError, Uniqueness, Variant, check_unique, count_solutions, solve,
};

use super::format::OutputFormat;
use super::input::{
    Answer, FastEntry, Place, Reply, entry_reply, puzzle_entries, puzzle_reader, run_batch, run_replies,
};

/// Arguments of `termdoku solve`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Input: each PUZZLE argument is one puzzle: 81 characters (1-9 for givens, '.' or '0' for blanks),
a killer line '<givens81> <cages81> <sums>', Solo's game id ('3x3k:<givens>,<walls>,<sums>' or
'3x3:<givens>'), or a JSON line any termdoku command prints; what follows a TAB on a line is ignored. Killers are solved by the killer solver
and their steps use the cages. With no argument, or for an argument '-', every line of standard input is one puzzle; a single
argument naming a file is read the same way.

Output: one line per input line, in input order: the 81-digit solution, or with --count the
number of solutions (0, 1 or 2+). With --first, the first solution the solver finds, without the
proof that it is the only one (a puzzle with several solutions gets one of them). A puzzle that
cannot be read, has no solution or (without --first) has several prints '-' in its place and
'error: line N: <reason>' (or 'argument N') on standard error; the
others are still solved and the exit status is 1. With --count, 0 and 2+ are answers, not
errors: only unreadable puzzles are. Blank lines and comment lines ('#', '//') in standard input
are not puzzles: they are echoed unchanged, so output lines stay aligned with input lines.

With --steps, each puzzle prints its whole logical path instead, one step a line; a blank line
follows each puzzle's path.

With --format json every output line is one JSON object, one per puzzle: puzzle, variant, and
solution, solutions (with --count) or steps (with --steps: technique, houses, cells, drivers,
placements, eliminations, explanation); a bad puzzle is {\"line\":N,\"error\":\"<reason>\"} (or
\"argument\":N); blank and comment lines are left out.")]
pub struct SolveArgs {
    /// Puzzles to solve; none, or '-', reads one puzzle per line from standard input.
    #[arg(value_name = "PUZZLE")]
    puzzles: Vec<String>,
    /// Print the number of solutions (0, 1 or 2+) instead of the solution.
    #[arg(long, conflicts_with = "steps")]
    count: bool,
    /// Print the first solution found without looking for a second one: faster, and a puzzle with
    /// several solutions gets one of them instead of an error.
    #[arg(long, conflicts_with_all = ["count", "steps"])]
    first: bool,
    /// Print the logical path, one step a line, as the hint engine would solve it.
    #[arg(long)]
    steps: bool,
    /// Text for people, or JSON lines for scripts (`{"puzzle", "variant", "solution"}`, with
    /// --count `"solutions"`, with --steps `"steps"`, a list of step objects).
    #[arg(long, value_enum, default_value_t)]
    format: OutputFormat,
    /// Worker threads (default: all cores; more than the cores are clamped, with a note).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    threads: Option<u64>,
}

/// What `solve` prints for each puzzle.
#[derive(Clone, Copy)]
pub(super) enum Mode {
    /// The 81-digit solution, proven the only one.
    Solution,
    /// The 81 digits of the first solution found, unique or not.
    First,
    /// The number of solutions: 0, 1 or 2+.
    Count,
    /// The logical path, one step a line.
    Steps,
}

/// One answer of `solve` or `solve --count` as a JSON line.
#[derive(Serialize)]
struct Solved<'a> {
    /// The puzzle as read back (our killer line for a killer).
    puzzle: &'a str,
    /// `classic` or `killer`.
    variant: Variant,
    /// The solution's 81 digits (without --count).
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    /// The number of solutions, `0`, `1` or `2+` (with --count).
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<&'static str>,
}

/// One answer of `solve --steps` as a JSON line: the puzzle and its whole logical path.
#[derive(Serialize)]
struct Path<'a> {
    /// The puzzle as read back (our killer line for a killer).
    puzzle: &'a str,
    /// `classic` or `killer`.
    variant: Variant,
    /// The steps, in order.
    steps: &'a [Step],
}

/// The output of one puzzle, or why there is none.
pub(super) fn solve_entry(place: Place, text: &str, mode: Mode, format: OutputFormat) -> Answer {
    let read = match parse_puzzle(text) {
        Ok(read) => read,
        Err(error) => return Answer::failed(place, error),
    };
    let answer = match mode {
        Mode::Count => {
            let solutions = match read.count_solutions(2) {
                0 => "0",
                1 => "1",
                _ => "2+",
            };
            let line = read.to_line();
            let solved =
                Solved { puzzle: &line, variant: read.variant(), solution: None, solutions: Some(solutions) };
            one_line(&solved, solutions.to_string(), format)
        }
        Mode::First => match read.first_solution() {
            Some(solution) => solution_line(&read.to_line(), read.variant(), &solution, format),
            // No solution: the validation names why (a conflict, a broken cage, or none at all).
            None => {
                let error = read.into_puzzle().err().unwrap_or(PuzzleError::NoSolution);
                return Answer::failed(place, error);
            }
        },
        Mode::Steps | Mode::Solution => match read.into_puzzle() {
            Ok(puzzle) if matches!(mode, Mode::Steps) => {
                let path = logical_path(&Candidates::from_puzzle(&puzzle));
                match format {
                    OutputFormat::Text => Ok(steps_text(&path)),
                    OutputFormat::Json => {
                        let line = puzzle.to_line();
                        serde_json::to_string(&Path {
                            puzzle: &line,
                            variant: puzzle.variant(),
                            steps: &path,
                        })
                    }
                }
            }
            Ok(puzzle) => solution_line(&puzzle.to_line(), puzzle.variant(), puzzle.solution(), format),
            Err(error) => return Answer::failed(place, error),
        },
    };
    match answer {
        Ok(text) => Answer::ok(text),
        Err(error) => Answer::failed(place, error),
    }
}

/// The `solution` of the puzzle read back as `line`: its 81 digits, or a JSON line.
fn solution_line(
    line: &str,
    variant: Variant,
    solution: &Grid,
    format: OutputFormat,
) -> serde_json::Result<String> {
    let digits = solution.to_digits();
    let solved = Solved { puzzle: line, variant, solution: Some(digits.clone()), solutions: None };
    one_line(&solved, digits, format)
}

/// `text` for people, or `solved` as a JSON line.
fn one_line(solved: &Solved<'_>, text: String, format: OutputFormat) -> serde_json::Result<String> {
    match format {
        OutputFormat::Text => Ok(text),
        OutputFormat::Json => serde_json::to_string(solved),
    }
}

/// A logical path for people, one step a line, followed by a blank line.
fn steps_text(path: &[Step]) -> String {
    path.iter().map(|step| format!("{}\n", step.explanation)).collect()
}

/// The reply to a classic puzzle line read as `givens` (text output, solution or count): what
/// [`solve_entry`] answers, from one run of the solver. Conflicting givens leave the solver
/// without a solution at its start; only then are they looked for, to name them.
fn solve_classic(place: Place, givens: &Grid, mode: Mode) -> Reply {
    if let Mode::Count = mode {
        return Reply::Word(match count_solutions(givens, 2) {
            0 => "0",
            1 => "1",
            _ => "2+",
        });
    }
    if let Mode::First = mode
        && let Some(solution) = solve(givens)
    {
        return Reply::Digits(digits(&solution));
    }
    match check_unique(givens) {
        Uniqueness::Unique(solution) => Reply::Digits(digits(&solution)),
        Uniqueness::Multiple => Reply::Answer(Answer::failed(place, PuzzleError::MultipleSolutions)),
        Uniqueness::NoSolution => Reply::Answer(match Puzzle::new(*givens) {
            Ok(puzzle) => Answer::ok(puzzle.solution().to_digits()),
            Err(error) => Answer::failed(place, error),
        }),
    }
}

/// The 81 digits of a grid, `0` for an empty cell (as [`Grid::to_digits`]).
fn digits(grid: &Grid) -> [u8; 81] {
    grid.cells().values().map(|digit| digit.map_or(b'0', |digit| b'0' + digit.get()))
}

/// Runs `termdoku solve`: exit status 0 when every puzzle was answered, 1 otherwise.
pub fn run(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    let threads =
        super::threads::workers_noted(args.threads.map(|n| usize::try_from(n).unwrap_or(usize::MAX)));
    let mode = match (args.count, args.steps, args.first) {
        (true, _, _) => Mode::Count,
        (false, true, _) => Mode::Steps,
        (false, false, true) => Mode::First,
        (false, false, false) => Mode::Solution,
    };
    let format = args.format;
    let work = |place, text: String| solve_entry(place, &text, mode, format);
    // Solutions and counts as text from standard input or a file: a classic puzzle line is read
    // and answered without the general reader and parser; every other line goes the general way.
    if format == OutputFormat::Text
        && !matches!(mode, Mode::Steps)
        && let Some(mut reader) = puzzle_reader(&args.puzzles)?
    {
        let items = std::iter::from_fn(move || reader.next_fast());
        return run_replies(items, threads, format, |item| match item {
            FastEntry::Classic { place, givens } => solve_classic(place, &givens, mode),
            FastEntry::Other(entry) => entry_reply(entry, format, work),
        });
    }
    run_batch(puzzle_entries(&args.puzzles)?, threads, format, work)
}
