//! Batch input for the puzzle subcommands (`solve`, `rate`, ...): the `[PUZZLE ... | -]` argument
//! convention, read as a stream, and an order-keeping parallel map over it in bounded chunks.
//!
//! Convention: each command-line argument is one puzzle; with no argument, or for an argument `-`,
//! every line of standard input is one puzzle. Each entry carries its [`Place`] (`argument N` or
//! `line N`, 1-based) for error messages. Blank lines and lines starting with `#` are
//! [`Entry::Passthrough`]: not puzzles, but kept in the stream so that a command can echo them
//! and keep its output lines aligned with its input lines.
//!
//! Memory stays constant however long the input: [`for_each_ordered`] reads at most one chunk of
//! entries, maps it on a rayon pool, writes the results in input order, then reads the next chunk.
//!
//! ```no_run
//! # fn main() -> std::io::Result<()> {
//! use termdoku::cli::input::{Entry, for_each_ordered, entries};
//! let args: Vec<String> = vec![];
//! for_each_ordered(entries(&args), 4, |entry| match entry {
//!     Entry::Puzzle { text, .. } => text.len(),
//!     Entry::Passthrough(text) => text.len(),
//! }, |length| { println!("{length}"); Ok(()) })?;
//! # Ok(())
//! # }
//! ```

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use rayon::prelude::*;

/// Where a puzzle came from, for messages: `argument 2`, `line 17`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Place {
    /// The N-th puzzle argument (1-based).
    Argument(usize),
    /// The N-th line of standard input (1-based).
    Line(usize),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Argument(n) => write!(f, "argument {n}"),
            Place::Line(n) => write!(f, "line {n}"),
        }
    }
}

/// One item of the input stream.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Entry {
    /// A puzzle to process: its text (not yet parsed) and where it came from.
    Puzzle {
        /// Where it came from.
        place: Place,
        /// The text, as read (line ending removed).
        text: String,
    },
    /// A blank line or a `#` comment line of standard input, as read (line ending removed).
    Passthrough(String),
}

/// How many entries one parallel chunk holds: bounds memory, keeps all threads busy.
pub const CHUNK: usize = 4096;

/// The entries named by `args` under the `[PUZZLE ... | -]` convention, lazily: standard input is
/// read line by line as the stream is consumed. Input lines that are not UTF-8 are read lossily (a
/// bad byte becomes U+FFFD, which the grid parser then reports as a bad character).
pub fn entries(args: &[String]) -> impl Iterator<Item = io::Result<Entry>> + '_ {
    let sources: Vec<Option<(usize, &String)>> = if args.is_empty() {
        vec![None]
    } else {
        args.iter().enumerate().map(|(i, a)| (a != "-").then_some((i + 1, a))).collect()
    };
    sources.into_iter().flat_map(|source| -> Box<dyn Iterator<Item = io::Result<Entry>>> {
        match source {
            Some((n, text)) => {
                Box::new(std::iter::once(Ok(Entry::Puzzle { place: Place::Argument(n), text: text.clone() })))
            }
            None => Box::new(stdin_entries(io::stdin().lock())),
        }
    })
}

/// The entries of a batch command's arguments: a single argument naming an existing file is read
/// like standard input (one puzzle a line); otherwise the `[PUZZLE ... | -]` convention of [`entries`].
pub fn puzzle_entries(args: &[String]) -> anyhow::Result<Box<dyn Iterator<Item = io::Result<Entry>> + '_>> {
    match args {
        [only] if only != "-" && Path::new(only).is_file() => {
            let file = File::open(only).with_context(|| format!("cannot open {only}"))?;
            Ok(Box::new(stdin_entries(BufReader::new(file))))
        }
        _ => Ok(Box::new(entries(args))),
    }
}

/// Every line of `reader` as an entry (`line N`), read lazily.
pub fn stdin_entries(mut reader: impl BufRead) -> impl Iterator<Item = io::Result<Entry>> {
    let mut number = 0;
    let mut buffer = Vec::new();
    std::iter::from_fn(move || {
        buffer.clear();
        match reader.read_until(b'\n', &mut buffer) {
            Ok(0) => None,
            Ok(_) => {
                number += 1;
                let line = String::from_utf8_lossy(&buffer);
                let line = line.trim_end_matches(['\n', '\r']);
                Some(Ok(classify(line, Place::Line(number))))
            }
            Err(error) => Some(Err(error)),
        }
    })
}

/// A line as a puzzle, or as a passthrough when blank or a `#` comment.
fn classify(line: &str, place: Place) -> Entry {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        Entry::Passthrough(line.to_owned())
    } else {
        Entry::Puzzle { place, text: line.to_owned() }
    }
}

/// Maps `work` over `entries` on `threads` threads, in chunks of [`CHUNK`], and hands the
/// results to `emit` in input order. Stops at the first read error or `emit` error.
pub fn for_each_ordered<R: Send>(
    entries: impl Iterator<Item = io::Result<Entry>>,
    threads: usize,
    work: impl Fn(Entry) -> R + Sync,
    mut emit: impl FnMut(R) -> io::Result<()>,
) -> io::Result<()> {
    let pool =
        rayon::ThreadPoolBuilder::new().num_threads(threads.max(1)).build().map_err(io::Error::other)?;
    let mut entries = entries.peekable();
    let mut chunk = Vec::with_capacity(CHUNK);
    while entries.peek().is_some() {
        chunk.clear();
        for entry in entries.by_ref().take(CHUNK) {
            chunk.push(entry?);
        }
        let results: Vec<R> = if threads <= 1 {
            chunk.drain(..).map(&work).collect()
        } else {
            pool.install(|| chunk.par_drain(..).map(&work).collect())
        };
        for result in results {
            emit(result)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stdin_lines_are_numbered_and_classified() {
        let input = "123\n\n# note\r\n  x  \n";
        let entries: Vec<Entry> = stdin_entries(input.as_bytes()).map(|e| e.expect("in memory")).collect();
        assert_eq!(
            entries,
            vec![
                Entry::Puzzle { place: Place::Line(1), text: "123".into() },
                Entry::Passthrough(String::new()),
                Entry::Passthrough("# note".into()),
                Entry::Puzzle { place: Place::Line(4), text: "  x  ".into() },
            ]
        );
    }

    #[test]
    fn arguments_are_numbered() {
        let args = vec!["a".to_string(), "b".to_string()];
        let entries: Vec<Entry> = entries(&args).map(|e| e.expect("no I/O")).collect();
        assert_eq!(entries[1], Entry::Puzzle { place: Place::Argument(2), text: "b".into() });
        assert_eq!(Place::Argument(2).to_string(), "argument 2");
        assert_eq!(Place::Line(7).to_string(), "line 7");
    }

    #[test]
    fn parallel_map_keeps_input_order_across_chunks() {
        let text: String = (0..(CHUNK * 2 + 17)).map(|i| format!("{i}\n")).collect();
        let mut out = Vec::new();
        for_each_ordered(
            stdin_entries(text.as_bytes()),
            3,
            |entry| match entry {
                Entry::Puzzle { text, .. } => text.parse::<usize>().expect("numbers"),
                Entry::Passthrough(_) => usize::MAX,
            },
            |n| {
                out.push(n);
                Ok(())
            },
        )
        .expect("in memory");
        assert_eq!(out, (0..(CHUNK * 2 + 17)).collect::<Vec<_>>());
    }
}

/// What one entry of a batch prints: its output line(s), and an error message when the entry was bad.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Answer {
    /// The text for standard output (`-` for a bad entry, so output stays aligned with input).
    pub out: String,
    /// `error: <place>: <reason>` for standard error, when the entry was bad.
    pub error: Option<String>,
}

impl Answer {
    /// A good answer.
    pub fn ok(out: String) -> Answer {
        Answer { out, error: None }
    }

    /// A bad entry: `-` in its place, and the reason with the place on standard error.
    pub fn failed(place: impl fmt::Display, reason: impl fmt::Display) -> Answer {
        Answer { out: "-".into(), error: Some(format!("error: {place}: {reason}")) }
    }
}

/// Runs a batch command: `work` on every entry on `threads` threads, answers printed in input order
/// (errors on standard error, kept in step with standard output). A reader that goes away (`| head`)
/// stops it quietly. The exit status is 1 when any entry failed, else 0.
pub fn run_batch(
    entries: impl Iterator<Item = io::Result<Entry>>,
    threads: usize,
    work: impl Fn(Entry) -> Answer + Sync,
) -> anyhow::Result<ExitCode> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut failed = false;
    let result = for_each_ordered(entries, threads, work, |answer| {
        if let Some(error) = &answer.error {
            failed = true;
            // Keep the two streams in step when both go to one terminal.
            out.flush()?;
            eprintln!("{error}");
        }
        writeln!(out, "{}", answer.out)
    })
    .and_then(|()| out.flush());
    match result {
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {}
        other => other?,
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}
