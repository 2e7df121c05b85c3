//! `termdoku solve`: solve puzzles from the command line or standard input, one result per line.

use std::io::{self, Write};
use std::process::ExitCode;

use crate::engine::{Puzzle, count_solutions, parse_grid};

use super::input::{Entry, entries, for_each_ordered};

/// Arguments of `termdoku solve`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Input: each PUZZLE argument is one puzzle (81 characters: 1-9 for givens, '.' or '0' for blanks).
With no argument, or for an argument '-', every line of standard input is one puzzle.

Output: one line per input line, in input order: the 81-digit solution, or with --count the
number of solutions (0, 1 or 2+). A puzzle that cannot be read, has no solution or has several
prints '-' in its place and 'error: line N: <reason>' (or 'argument N') on standard error; the
others are still solved and the exit status is 1. With --count, 0 and 2+ are answers, not
errors: only unreadable puzzles are. Blank lines and lines starting with '#' in standard input
are not puzzles: they are echoed unchanged, so output lines stay aligned with input lines.")]
pub struct SolveArgs {
    /// Puzzles to solve; none, or '-', reads one puzzle per line from standard input.
    #[arg(value_name = "PUZZLE")]
    puzzles: Vec<String>,
    /// Print the number of solutions (0, 1 or 2+) instead of the solution.
    #[arg(long)]
    count: bool,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
}

/// What one input entry produces: a line for standard output and maybe one for standard error.
struct Answer {
    out: String,
    error: Option<String>,
}

impl Answer {
    fn ok(out: String) -> Answer {
        Answer { out, error: None }
    }

    fn failed(place: impl std::fmt::Display, reason: impl std::fmt::Display) -> Answer {
        Answer { out: "-".into(), error: Some(format!("error: {place}: {reason}")) }
    }
}

/// The solution line of one puzzle, or why there is none.
fn solve_entry(entry: Entry, count: bool) -> Answer {
    let (place, text) = match entry {
        Entry::Puzzle { place, text } => (place, text),
        Entry::Passthrough(line) => return Answer::ok(line),
    };
    let grid = match parse_grid(&text) {
        Ok(grid) => grid,
        Err(error) => return Answer::failed(place, error),
    };
    if count {
        let solutions = count_solutions(&grid, 2);
        return Answer::ok(if solutions >= 2 { "2+".into() } else { solutions.to_string() });
    }
    match Puzzle::new(grid) {
        Ok(puzzle) => Answer::ok(puzzle.solution().to_digits()),
        Err(error) => Answer::failed(place, error),
    }
}

/// Runs `termdoku solve`: exit status 0 when every puzzle was answered, 1 otherwise.
pub fn run(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    let threads = args.threads.map_or_else(rayon::current_num_threads, usize::from);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut failed = false;
    let result = for_each_ordered(
        entries(&args.puzzles),
        threads,
        |entry| solve_entry(entry, args.count),
        |answer| {
            if let Some(error) = &answer.error {
                failed = true;
                // Keep the two streams in step when both go to one terminal.
                out.flush()?;
                eprintln!("{error}");
            }
            writeln!(out, "{}", answer.out)
        },
    )
    .and_then(|()| out.flush());
    match result {
        // The reader went away (e.g. `| head`): stop quietly.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {}
        other => other?,
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}
