//! `termdoku rate [PUZZLE ... | FILE | -]`: the difficulty of each puzzle, one line each, in input
//! order: the puzzle, level, score, hardest technique id and number of steps, tab-separated (or
//! JSON lines with `--format json`). Bad puzzles print `error: line N: reason` on standard error and
//! `-` in their place, and make the exit status 1. Input streams in chunks rated in parallel.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use rayon::prelude::*;
use serde::Serialize;

use super::OutputFormat as Format;
use crate::engine::{Puzzle, Rating, rate};

/// Arguments of `termdoku rate`.
#[derive(Debug, Args)]
pub struct RateArgs {
    /// Puzzles (81 characters, `.` or `0` for blanks), or one file of puzzles, one a line; none or
    /// `-` reads standard input.
    pub puzzles: Vec<String>,
    /// Output format: `text` (tab-separated: puzzle, level, score, hardest technique id, steps) or
    /// `json` (JSON lines with the same fields).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

/// One rated puzzle as printed.
#[derive(Serialize)]
struct RatedLine<'a> {
    puzzle: &'a str,
    level: &'static str,
    score: u32,
    hardest: &'static str,
    steps: usize,
}

/// The output line for `puzzle` with `rating` in `format`.
pub fn format_rated(puzzle: &Puzzle, rating: &Rating, format: Format) -> String {
    let line = puzzle.givens().to_line();
    let rated = RatedLine {
        puzzle: &line,
        level: rating.level.name(),
        score: rating.score,
        hardest: rating.hardest.id(),
        steps: rating.steps,
    };
    match format {
        Format::Text => {
            format!("{}\t{}\t{}\t{}\t{}", rated.puzzle, rated.level, rated.score, rated.hardest, rated.steps)
        }
        Format::Json => serde_json::to_string(&rated).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}")),
    }
}

/// Runs `termdoku rate`.
pub fn run(args: &RateArgs) -> anyhow::Result<ExitCode> {
    let pool = thread_pool(args.threads)?;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut failed = false;
    let format = args.format;
    for_each_chunk(&args.puzzles, |chunk| {
        let results: Vec<Result<String, String>> =
            pool.install(|| chunk.par_iter().map(|(_, text)| rate_line(text, format)).collect());
        for ((line_no, _), result) in chunk.iter().zip(results) {
            match result {
                Ok(line) => writeln!(out, "{line}")?,
                Err(reason) => {
                    failed = true;
                    eprintln!("error: line {line_no}: {reason}");
                    writeln!(out, "-")?;
                }
            }
        }
        out.flush()?;
        Ok(())
    })?;
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// Rates one input line: the output line, or why the puzzle is not a proper puzzle.
fn rate_line(text: &str, format: Format) -> Result<String, String> {
    let puzzle: Puzzle = text.parse().map_err(|e| format!("{e}"))?;
    Ok(format_rated(&puzzle, &rate(&puzzle), format))
}

/// A thread pool with `threads` workers (all cores when `None`).
pub(super) fn thread_pool(threads: Option<usize>) -> anyhow::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .context("cannot start the worker threads")
}

/// How many puzzles are read before they are handed to the workers.
const CHUNK: usize = 256;

/// Calls `work` on consecutive chunks of the puzzles named by `inputs` (the arguments themselves, one
/// file, or standard input for none or `-`), each puzzle with its 1-based line number (its argument
/// number for arguments). Blank lines and lines starting with `#` are skipped.
fn for_each_chunk(
    inputs: &[String],
    mut work: impl FnMut(&[(usize, String)]) -> io::Result<()>,
) -> anyhow::Result<()> {
    match inputs {
        [] => read_chunks(io::stdin().lock(), work),
        [only] if only == "-" => read_chunks(io::stdin().lock(), work),
        [only] if Path::new(only).is_file() => {
            let file = File::open(only).with_context(|| format!("cannot open {only}"))?;
            read_chunks(BufReader::new(file), work)
        }
        puzzles => {
            let numbered: Vec<(usize, String)> =
                puzzles.iter().enumerate().map(|(i, p)| (i + 1, p.trim().to_string())).collect();
            for chunk in numbered.chunks(CHUNK) {
                work(chunk)?;
            }
            Ok(())
        }
    }
}

fn read_chunks(
    reader: impl BufRead,
    mut work: impl FnMut(&[(usize, String)]) -> io::Result<()>,
) -> anyhow::Result<()> {
    let mut chunk = Vec::with_capacity(CHUNK);
    for (index, line) in reader.lines().enumerate() {
        let line = line.with_context(|| format!("line {}: cannot read", index + 1))?;
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        chunk.push((index + 1, text.to_string()));
        if chunk.len() == CHUNK {
            work(&chunk)?;
            chunk.clear();
        }
    }
    if !chunk.is_empty() {
        work(&chunk)?;
    }
    Ok(())
}
